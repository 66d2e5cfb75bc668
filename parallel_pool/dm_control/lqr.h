// dm_control's lqr domain (suite/lqr.py): a linear system, a chain of n
// unit spheres on slide joints with springs, the first m of them driven by
// unbounded motors; the classic Linear Quadratic Regulator problem.
//
// Tasks "lqr_2_1" (2 bodies, 1 actuator) and "lqr_6_2" (6 bodies, 2):
//   reward = 1 - (0.5 * qpos . qpos + 0.1 * 0.5 * ctrl . ctrl).
// Observation: position = qpos (n), velocity = qvel (n).
// The episode ends (discount 0) when the norm of the physics state (qpos,
//   qvel) falls below 1e-6. dm_control sets no time limit (inf); EnvPool's
//   1000 steps are registration.py's max_episode_steps.
// The model (lqr._make_model) is drawn from the task's own RandomState, so
//   each seed has its own: for each body in order, the joint's stiffness
//   uniform(15, 25) and damping uniform(0, 0). The episodes' draws continue
//   from the same RandomState: qpos = sqrt(2) * unit / |unit|, unit =
//   randn(n).
// The physics timestep is 0.03 s and the control timestep the same
//   (n_sub_steps 1).
//
// One compiled model per task, not per seed: the models of two seeds differ
// in jnt_stiffness only (checked field by field against MuJoCo's own
// compile of dm_control's XML), and MuJoCo parses the XML's Python repr of
// a drawn double back to that double, so an env's model is the task's
// shared model with its own stiffness and damping arrays (a shallow copy of
// the mjModel struct, LqrModelForSeed). A per-seed compile would also copy
// the 12 MB of skybox and floor textures lqr.xml includes into every env.
#ifndef PARALLEL_POOL_DM_CONTROL_LQR_H_
#define PARALLEL_POOL_DM_CONTROL_LQR_H_

#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_control/position_velocity.h"
#include "parallel_pool/numpy_exact/numpy_math.h"

namespace parallel_pool::dm_control {

struct LqrSize {
  int bodies;
  int actuators;
};

inline LqrSize LqrSizeOf(const std::string& task) {
  if (task == "lqr_2_1") return {2, 1};
  if (task == "lqr_6_2") return {6, 2};
  throw std::invalid_argument("task_name: lqr has the tasks 'lqr_2_1' and 'lqr_6_2', not '" + task +
                              "'");
}

// _make_model's default ranges for each joint's stiffness and damping.
inline constexpr double kLqrStiffnessLow = 15;
inline constexpr double kLqrStiffnessHigh = 25;
inline constexpr double kLqrDampingLow = 0;
inline constexpr double kLqrDampingHigh = 0;
inline constexpr double kLqrControlCostCoef = 0.1;
inline constexpr double kLqrTerminalTolerance = 1e-6;

// _make_model's XML for `size`, every joint's stiffness and damping 0 (each
// env sets its own, LqrModelForSeed): lqr.xml's worldbody gains the chain
// body_0 ... body_{n-1}, each nested in the previous, with joint_i, geom_i
// and site_i; the root gains motor_i on joint_i for the first m bodies and
// the spatial tendon_i from site_i to site_{i+1} (drawn only).
inline std::string LqrModelXml(const std::string& lqr_xml, LqrSize size) {
  std::ostringstream bodies;
  std::ostringstream actuators;
  std::ostringstream tendons;
  for (int i = 0; i < size.bodies; ++i) {
    const std::string id = std::to_string(i);
    bodies << "<body name=\"body_" << id << "\" pos=\"" << (i == 0 ? ".25 0 .1" : ".25 0 0")
           << "\"><joint name=\"joint_" << id
           << "\" stiffness=\"0\" damping=\"0\"/><geom name=\"geom_" << id
           << "\"/><site name=\"site_" << id << "\"/>";
    if (i < size.actuators) {
      actuators << "<motor name=\"motor_" << id << "\" joint=\"joint_" << id << "\"/>";
    }
    if (i < size.bodies - 1) {
      tendons << "<spatial name=\"tendon_" << id << "\"><site site=\"site_" << id
              << "\"/><site site=\"site_" << i + 1 << "\"/></spatial>";
    }
  }
  for (int i = 0; i < size.bodies; ++i) bodies << "</body>";
  std::string xml = lqr_xml;
  const std::size_t worldbody_end = xml.rfind("</worldbody>");
  if (worldbody_end == std::string::npos) {
    throw std::invalid_argument("xml_file: not dm_control's lqr.xml (no </worldbody>)");
  }
  xml.insert(worldbody_end, bodies.str());
  const std::size_t mujoco_end = xml.rfind("</mujoco>");
  if (mujoco_end == std::string::npos) {
    throw std::invalid_argument("xml_file: not dm_control's lqr.xml (no </mujoco>)");
  }
  xml.insert(mujoco_end,
             "<actuator>" + actuators.str() + "</actuator><tendon>" + tendons.str() + "</tendon>");
  return xml;
}

// The task's model, compiled once (LoadSuiteModel caches it by its XML).
template <typename Config>
ModelPtr LqrSharedModel(const Config& conf) {
  const std::filesystem::path path =
      std::filesystem::path(std::string(conf["base_path"_])) / std::string(conf["xml_file"_]);
  std::error_code error;
  std::ifstream file(path);
  if (!std::filesystem::is_regular_file(path, error) || !file) {
    throw std::invalid_argument("xml_file: cannot read " + path.string() +
                                " (xml_file is read under base_path)");
  }
  std::ostringstream text;
  text << file.rdbuf();
  return LoadSuiteModel(conf["base_path"_], conf["xml_file"_],
                        LqrModelXml(text.str(), LqrSizeOf(conf["task_name"_])));
}

// The joint stiffness and damping of `model` (arrays the env owns) drawn
// from `random` as _make_model draws them (body by body, stiffness then
// damping).
inline void DrawLqrGains(const mjModel& model, numpy_exact::NumpyRandomState& random) {
  for (int j = 0; j < model.njnt; ++j) {
    model.jnt_stiffness[j] = random.Uniform(kLqrStiffnessLow, kLqrStiffnessHigh);
    model.dof_damping[model.jnt_dofadr[j]] = random.Uniform(kLqrDampingLow, kLqrDampingHigh);
  }
}

// One seed's model: `shared` with its own joint stiffness and damping, drawn
// from `random`. The mjModel struct is copied, so its arrays stay the shared
// model's but for these two, which the env owns.
inline ModelPtr LqrModelForSeed(const ModelPtr& shared, numpy_exact::NumpyRandomState& random) {
  struct SeedModel {
    mjModel model;
    std::vector<mjtNum> stiffness;
    std::vector<mjtNum> damping;
    ModelPtr shared;
  };
  auto seed_model = std::make_shared<SeedModel>();
  seed_model->model = *shared;
  seed_model->shared = shared;
  seed_model->stiffness.assign(shared->jnt_stiffness, shared->jnt_stiffness + shared->njnt);
  seed_model->damping.assign(shared->dof_damping, shared->dof_damping + shared->nv);
  seed_model->model.jnt_stiffness = seed_model->stiffness.data();
  seed_model->model.dof_damping = seed_model->damping.data();
  DrawLqrGains(seed_model->model, random);
  return ModelPtr(seed_model, &seed_model->model);
}

class LqrEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("lqr_2_1", "lqr.xml", 1); }

  template <typename Config>
  static void Validate(const Config& conf) {
    LqrSizeOf(conf["task_name"_]);
    RequireConfig(conf["frame_skip"_] >= 1, "frame_skip: must be >= 1");
    RequireConfig(conf["model_xml"_].empty(),
                  "model_xml: lqr builds its model from each env's seed; leave it empty");
    LqrSharedModel(conf);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return PositionVelocitySpec(*LqrSharedModel(conf));
  }

  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    return SuiteActionSpec(*LqrSharedModel(conf));
  }
};

using LqrEnvSpec = SuiteEnvSpec<LqrEnvFns>;

class LqrEnv : public DmcEnv<LqrEnvSpec> {
 public:
  LqrEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id,
               [&spec](numpy_exact::NumpyRandomState& random) {
                 return LqrModelForSeed(LqrSharedModel(spec.config), random);
               }),
        state_(m_.nq + m_.nv + m_.na) {}

 protected:
  // The new seed's model: its gains drawn first, as at construction.
  void Reseed() override {
    DmcEnv::Reseed();
    DrawLqrGains(m_, random_);
  }

  // qpos = np.sqrt(2) * unit / np.linalg.norm(unit), unit = randn(nq).
  void InitializeEpisode() override {
    std::vector<double> unit = random_.StandardNormal(m_.nq);
    const double norm = numpy_exact::NumpyNorm(unit.data(), unit.size());
    for (int i = 0; i < m_.nq; ++i) d_->qpos[i] = std::sqrt(2.0) * unit[i] / norm;
  }

  void WriteObservation(const State& state) override { WritePositionVelocity(m_, *d_, state); }

  // np.dot of a float64 vector with itself is the ddot np.linalg.norm uses.
  double Reward() override {
    const double state_cost =
        0.5 * numpy_exact::DotSelf(d_->qpos, m_.nq, numpy_exact::NumpyDotRounding());
    const double control_cost =
        0.5 * numpy_exact::DotSelf(d_->ctrl, m_.nu, numpy_exact::NumpyDotRounding());
    return 1 - (state_cost + control_cost * kLqrControlCostCoef);
  }

  // np.linalg.norm(physics.state()), the state being qpos, qvel and act.
  std::optional<double> Termination() override {
    double* out = state_.data();
    for (int i = 0; i < m_.nq; ++i) *out++ = d_->qpos[i];
    for (int i = 0; i < m_.nv; ++i) *out++ = d_->qvel[i];
    for (int i = 0; i < m_.na; ++i) *out++ = d_->act[i];
    if (numpy_exact::NumpyNorm(state_.data(), state_.size()) < kLqrTerminalTolerance) return 0.0;
    return std::nullopt;
  }

 private:
  std::vector<double> state_;
};

using LqrEnvPool = AsyncEnvPool<LqrEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_LQR_H_
