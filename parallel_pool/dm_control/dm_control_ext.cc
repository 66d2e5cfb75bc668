// The Python module of the dm_control family: _<Domain>EnvSpec and
// _<Domain>EnvPool for every domain of BUILD's DOMAINS (a domain's class
// serves all its tasks, chosen by task_name). At import it also learns from
// NumPy how it rounds norms (numpy_exact/numpy_probe.py drives that from
// __init__.py) and 3x3 matrix products (numpy_blas.h), and takes NumPy's own
// loops of the functions numpy_ufunc.h names.
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/numpy_exact/numpy_blas_binding.h"
#include "parallel_pool/numpy_exact/numpy_rounding_binding.h"
#include "parallel_pool/numpy_exact/numpy_ufunc_binding.h"

PYBIND11_MODULE(dm_control_ext, m) {
  namespace dmc = parallel_pool::dm_control;
  namespace nx = parallel_pool::numpy_exact;
  parallel_pool::InitNumpy();
#define PARALLEL_POOL_DM_CONTROL_DOMAIN(Domain) dmc::Bind##Domain(m);
#include "parallel_pool/dm_control/domain_list.inc"
#undef PARALLEL_POOL_DM_CONTROL_DOMAIN
  nx::BindNumpyRounding(m);
  nx::UseNumpyUfuncLoops();
  nx::BindNumpyBlas(m);
}
