// The Python module of the MuJoCo family: one BindEnv per task class (each
// class serves both gymnasium versions of its task, chosen by `version`).
#include <string>

#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/mujoco/ant.h"
#include "parallel_pool/mujoco/half_cheetah.h"
#include "parallel_pool/mujoco/hopper.h"
#include "parallel_pool/mujoco/humanoid.h"
#include "parallel_pool/mujoco/humanoid_standup.h"
#include "parallel_pool/mujoco/inverted_double_pendulum.h"
#include "parallel_pool/mujoco/inverted_pendulum.h"
#include "parallel_pool/mujoco/limit_probe.h"
#include "parallel_pool/mujoco/pusher.h"
#include "parallel_pool/mujoco/reacher.h"
#include "parallel_pool/mujoco/swimmer.h"
#include "parallel_pool/mujoco/walker2d.h"
#include "parallel_pool/numpy_exact/numpy_rounding_binding.h"

PYBIND11_MODULE(mujoco_ext, m) {
  namespace mj = parallel_pool::mujoco;
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<mj::AntEnvPool>(m, "Ant");
  parallel_pool::BindEnv<mj::HalfCheetahEnvPool>(m, "HalfCheetah");
  parallel_pool::BindEnv<mj::HopperEnvPool>(m, "Hopper");
  parallel_pool::BindEnv<mj::HumanoidEnvPool>(m, "Humanoid");
  parallel_pool::BindEnv<mj::HumanoidStandupEnvPool>(m, "HumanoidStandup");
  parallel_pool::BindEnv<mj::InvertedDoublePendulumEnvPool>(m, "InvertedDoublePendulum");
  parallel_pool::BindEnv<mj::InvertedPendulumEnvPool>(m, "InvertedPendulum");
  parallel_pool::BindEnv<mj::PusherEnvPool>(m, "Pusher");
  parallel_pool::BindEnv<mj::ReacherEnvPool>(m, "Reacher");
  parallel_pool::BindEnv<mj::SwimmerEnvPool>(m, "Swimmer");
  parallel_pool::BindEnv<mj::Walker2dEnvPool>(m, "Walker2d");

  // The model's timestep, for the task's render_fps (registration.py), from
  // the very model the envs load (compiled once per process, so the envs'
  // own load then costs nothing).
  m.def(
      "model_timestep",
      [](const std::string& base_path, const std::string& xml_file) {
        return parallel_pool::mujoco_engine::LoadModel(
                   parallel_pool::mujoco_engine::ModelPath(base_path, xml_file))
            ->opt.timestep;
      },
      pybind11::arg("base_path"), pybind11::arg("xml_file"));

  // The NumPy rounding probe (parallel_pool/numpy_exact/numpy_probe.py).
  parallel_pool::numpy_exact::BindNumpyRounding(m);
  // _limit_probe: the benchmark's MuJoCo limit, stepped by this module's
  // libmujoco (limit_probe.h says why it ships).
  mj::BindLimitProbe(m);
}
