// The Python module of the dm_control family: _<Domain>EnvSpec and
// _<Domain>EnvPool for every domain (a domain's class serves all its tasks,
// chosen by task_name), plus the NumPy rounding probe of its norms and
// NumPy's own loops of the functions numpy_ufunc.h names and how its BLAS
// rounds a 3x3 matrix product (numpy_blas.h).
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/numpy_blas_binding.h"
#include "parallel_pool/dm_control/numpy_ufunc_binding.h"
#include "parallel_pool/mujoco/numpy_rounding_binding.h"

PYBIND11_MODULE(dm_control_ext, m) {
  namespace dmc = parallel_pool::dm_control;
  parallel_pool::InitNumpy();
  dmc::BindCheetah(m);
  dmc::BindWalker(m);
  dmc::BindHumanoid(m);
  dmc::BindFish(m);
  dmc::BindSwimmer(m);
  dmc::BindHumanoidCMU(m);
  dmc::BindManipulator(m);
  dmc::BindStacker(m);
  dmc::BindPendulum(m);
  dmc::BindAcrobot(m);
  dmc::BindPointMass(m);
  dmc::BindReacher(m);
  dmc::BindBallInCup(m);
  dmc::BindFinger(m);
  dmc::BindHopper(m);
  dmc::BindCartpole(m);
  dmc::BindQuadruped(m);
  dmc::BindDog(m);
  dmc::BindLqr(m);
  parallel_pool::mujoco::BindNumpyRounding(m);
  dmc::BindNumpyUfuncs(m);
  dmc::BindNumpyBlas(m);
}
