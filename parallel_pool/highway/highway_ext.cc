// The Python module of the highway family: one env class for every id. At
// import it learns NumPy's ddot kernel (the 2-vector dot products and norms
// of lane coordinates and collisions) and its dgemv and dgemm roundings (the
// 2x2 rotations of road geometry and of the intersection's conflict checks),
// and takes NumPy's own float64 loops (np.sin, np.tan, np.arcsin, np.power,
// ...), so the vehicle models round as highway-env's do on this machine.
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/highway/highway_env.h"
#include "parallel_pool/numpy_exact/numpy_blas_binding.h"
#include "parallel_pool/numpy_exact/numpy_ddot_binding.h"
#include "parallel_pool/numpy_exact/numpy_gemv_binding.h"
#include "parallel_pool/numpy_exact/numpy_ufunc_binding.h"

PYBIND11_MODULE(highway_ext, m) {
  namespace hw = parallel_pool::highway;
  namespace nx = parallel_pool::numpy_exact;
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<hw::HighwayEnvPool>(m, "Highway");
  parallel_pool::BindEnv<hw::HighwayContinuousEnvPool>(m, "HighwayContinuous");
  parallel_pool::BindEnv<hw::HighwayMultiAgentEnvPool>(m, "HighwayMultiAgent");
  nx::BindNumpyDdot(m);
  nx::BindNumpyGemv(m);
  nx::BindNumpyBlas(m);
  nx::UseNumpyUfuncLoops();
}
