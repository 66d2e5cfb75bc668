// The Python module of the robotics family: one BindEnv per env class. At
// import it also learns from NumPy how it rounds norms (numpy_probe.py,
// driven from __init__.py), 3 x n matrix-vector products (Fetch's site
// velocities: numpy_gemv_binding.h) and its ddot kernel (Adroit's longer
// norms and dot products: numpy_ddot_binding.h), and takes NumPy's own
// float64 loops (np.exp of the dense maze reward; np.arctan2 of Fetch's
// object rotation; the Shadow Hand's np.sin, np.cos, np.arctan2, np.arccos
// and np.log; Adroit's arctan2, sin and cos), so observations, distances and
// rewards round as the reference's.
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/numpy_exact/numpy_ddot_binding.h"
#include "parallel_pool/numpy_exact/numpy_gemv_binding.h"
#include "parallel_pool/numpy_exact/numpy_rounding_binding.h"
#include "parallel_pool/numpy_exact/numpy_ufunc_binding.h"
#include "parallel_pool/robotics/adroit_door.h"
#include "parallel_pool/robotics/adroit_hammer.h"
#include "parallel_pool/robotics/adroit_pen.h"
#include "parallel_pool/robotics/adroit_relocate.h"
#include "parallel_pool/robotics/ant_maze.h"
#include "parallel_pool/robotics/fetch.h"
#include "parallel_pool/robotics/franka_kitchen.h"
#include "parallel_pool/robotics/hand_manipulate.h"
#include "parallel_pool/robotics/hand_reach.h"
#include "parallel_pool/robotics/point_maze.h"

PYBIND11_MODULE(robotics_ext, m) {
  namespace rb = parallel_pool::robotics;
  namespace nx = parallel_pool::numpy_exact;
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<rb::PointMazeEnvPool>(m, "PointMaze");
  parallel_pool::BindEnv<rb::AntMazeEnvPool>(m, "AntMaze");
  parallel_pool::BindEnv<rb::FrankaKitchenEnvPool>(m, "FrankaKitchen");
  parallel_pool::BindEnv<rb::FetchEnvPool>(m, "Fetch");
  parallel_pool::BindEnv<rb::HandReachEnvPool>(m, "HandReach");
  parallel_pool::BindEnv<rb::HandManipulateEnvPool>(m, "HandManipulate");
  parallel_pool::BindEnv<rb::AdroitDoorEnvPool>(m, "AdroitDoor");
  parallel_pool::BindEnv<rb::AdroitHammerEnvPool>(m, "AdroitHammer");
  parallel_pool::BindEnv<rb::AdroitPenEnvPool>(m, "AdroitPen");
  parallel_pool::BindEnv<rb::AdroitRelocateEnvPool>(m, "AdroitRelocate");
  nx::BindNumpyRounding(m);
  nx::BindNumpyGemv(m);
  nx::BindNumpyDdot(m);
  nx::UseNumpyUfuncLoops();
}
