// The Python module of the metaworld family: one env class for every task
// (the task is config, so that MT10 and MT50 run as one pool). At import it
// learns from NumPy how it rounds short norms (numpy_probe.py, driven from
// __init__.py) and takes NumPy's own float64 loops (the gaussian reward
// shape's np.exp and np.log), so distances and rewards round as
// metaworld's.
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/metaworld/metaworld_env.h"
#include "parallel_pool/numpy_exact/numpy_rounding_binding.h"
#include "parallel_pool/numpy_exact/numpy_ufunc_binding.h"

PYBIND11_MODULE(metaworld_ext, m) {
  namespace mw = parallel_pool::metaworld;
  namespace nx = parallel_pool::numpy_exact;
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<mw::MetaWorldEnvPool>(m, "MetaWorld");
  nx::BindNumpyRounding(m);
  nx::UseNumpyUfuncLoops();
}
