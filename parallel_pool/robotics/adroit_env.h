// What gymnasium-robotics' Adroit hand tasks share (envs/adroit_hand/: door,
// hammer, pen, relocate; ids AdroitHand{Door,Hammer,Pen,Relocate}{,Sparse}-v1):
// gymnasium's MujocoEnv (mujoco_engine/gym_env.h) on the task's model, with
//   - the actuators' gains and biases the reference's constructor writes
//     into its model, the same for every env: written once, into a copy of
//     the file's model that every env of the task shares (AdroitModel);
//   - the bodies and sites each reset moves (the door's frame, the nail
//     board, the pen's target, the object and its target): written into the
//     env's own copies of model.body_pos, body_quat and site_pos, the rest
//     of its model being the shared one's (mujoco_engine's ModelWithOwnPlacements);
//   - the action: float32 [nu] in [-1, 1], clipped to it (in float32), then
//     ctrl = act_mean + a * act_rng in float64, act_mean and act_rng the
//     middle and half width of each actuator's ctrlrange; frame_skip (5)
//     mj_steps. The reference's mj_rnePostConstraint after them is left out:
//     nothing the tasks return reads what it computes (cacc, cfrc_*);
//   - reward_type "dense" (the ids without a suffix; the reward of 1.4.2,
//     see docs/robotics.md) or "sparse"; never terminated (truncated at
//     200 steps); info "success" (false after a reset, whose info is empty
//     in the reference);
//   - render: the free camera, its lookat the median of geom_xpos at the
//     first render, with the task's distance and azimuth.
#ifndef PARALLEL_POOL_ROBOTICS_ADROIT_ENV_H_
#define PARALLEL_POOL_ROBOTICS_ADROIT_ENV_H_

#include <mujoco/mujoco.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/env_spec.h"
#include "parallel_pool/mujoco_engine/gym_env.h"
#include "parallel_pool/mujoco_engine/model_view.h"
#include "parallel_pool/mujoco_engine/mujoco_model.h"
#include "parallel_pool/numpy_exact/numpy_math.h"

namespace parallel_pool::robotics {

using mujoco_engine::ModelPtr;

// The config keys every Adroit task has: reward_type as the reference's
// keyword (default "dense"), and the model file and frame_skip the
// reference fixes.
inline auto AdroitConfig(const std::string& xml_file) {
  return MakeDict("reward_type"_.Bind(std::string("dense")), "xml_file"_.Bind(xml_file),
                  "frame_skip"_.Bind(5));
}

// reward_type as the reference reads it (reward_type.lower()): true for
// dense.
inline bool AdroitIsDense(const std::string& reward_type) {
  std::string lower = reward_type;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower != "dense" && lower != "sparse") {
    throw std::invalid_argument("reward_type: expected 'dense' or 'sparse', got '" + reward_type +
                                "'");
  }
  return lower == "dense";
}

inline int AdroitId(const mjModel& m, mjtObj type, const char* kind, const char* name) {
  const int id = mj_name2id(&m, type, name);
  if (id < 0) {
    throw std::invalid_argument(std::string("xml_file: the model has no ") + kind + " '" + name +
                                "'");
  }
  return id;
}
inline int AdroitBody(const mjModel& m, const char* name) {
  return AdroitId(m, mjOBJ_BODY, "body", name);
}
inline int AdroitSite(const mjModel& m, const char* name) {
  return AdroitId(m, mjOBJ_SITE, "site", name);
}

// The reference's constructor: the wrist's actuators (A_WRJ1 to A_WRJ0, by
// id) get gain 10 and bias (0, -10, 0), the fingers' (A_FFJ3 to A_THJ0)
// gain 1 and bias (0, -1, 0): gainprm[:3] and biasprm[:3], so position
// servos of those stiffnesses.
inline void WriteActuatorSensitivity(mjModel* m) {
  auto actuator = [m](const char* name) { return AdroitId(*m, mjOBJ_ACTUATOR, "actuator", name); };
  auto write = [m](int first, int last, double gain) {
    for (int i = first; i <= last; ++i) {
      double* gainprm = m->actuator_gainprm + i * mjNGAIN;
      double* biasprm = m->actuator_biasprm + i * mjNBIAS;
      gainprm[0] = gain;
      gainprm[1] = 0.0;
      gainprm[2] = 0.0;
      biasprm[0] = 0.0;
      biasprm[1] = -gain;
      biasprm[2] = 0.0;
    }
  };
  write(actuator("A_WRJ1"), actuator("A_WRJ0"), 10.0);
  write(actuator("A_FFJ3"), actuator("A_THJ0"), 1.0);
}

// The model of the file at `path` with the reference constructor's writes:
// made once per file version and shared by every env of every pool.
inline ModelPtr AdroitModel(const std::string& path) {
  static std::mutex mu;
  // Keyed by the file's compiled model (LoadModel's cache, which keeps it).
  static std::map<const mjModel*, ModelPtr> cache;
  const ModelPtr file = mujoco_engine::LoadModel(path);
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(file.get());
  if (it != cache.end()) return it->second;
  mjModel* copy = mj_copyModel(nullptr, file.get());
  if (copy == nullptr) throw std::runtime_error("MuJoCo could not copy the model");
  ModelPtr adroit(copy, [](const mjModel* m) { mj_deleteModel(const_cast<mjModel*>(m)); });
  WriteActuatorSensitivity(copy);
  cache.emplace(file.get(), adroit);
  return adroit;
}

template <typename Config>
ModelPtr AdroitModelOf(const Config& conf) {
  return AdroitModel(mujoco_engine::ModelPath(conf["base_path"_], conf["xml_file"_]));
}

// The checks every Adroit task's config shares; returns the model.
template <typename Config>
ModelPtr ValidateAdroitConfig(const Config& conf) {
  RequireConfig(conf["frame_skip"_] >= 1, "frame_skip: must be >= 1");
  AdroitIsDense(conf["reward_type"_]);
  return AdroitModelOf(conf);
}

// The state: "obs" of obs_size values, info "success".
inline auto AdroitStateSpec(int obs_size) {
  return MakeDict("obs"_.Bind(mujoco::Unbounded(obs_size)), "info:success"_.Bind(Spec<bool>({})));
}

// The action space the reference puts in place of MujocoEnv's: float32
// [nu] in [-1, 1].
template <typename Config>
auto AdroitActionSpec(const Config& conf) {
  const int nu = AdroitModelOf(conf)->nu;
  return MakeDict("action"_.Bind(Spec<mujoco::ActionT>({-1, nu}, std::vector<float>(nu, -1.0F),
                                                       std::vector<float>(nu, 1.0F))));
}

// A step's reward (dense or sparse, as configured) and info["success"].
struct AdroitOutcome {
  double reward;
  bool success;
};

// A task implements
//   void ResetModel();          // reset_model's draws and model writes
//   void AfterSetState() {}     // what reset_model does after set_state
//   void Observe(ObsWriter*);   // _get_obs
//   AdroitOutcome Outcome();    // step's reward and success
template <typename EnvSpecT>
class AdroitEnv : public mujoco::MujocoGymEnv<EnvSpecT> {
 public:
  using Base = mujoco::MujocoGymEnv<EnvSpecT>;
  using typename Base::Action;
  using typename Base::Spec;
  using typename Base::State;

  AdroitEnv(const Spec& spec, int env_id, mujoco::GymCamera camera)
      : AdroitEnv(spec, env_id, camera, AdroitModelOf(spec.config)) {}

 protected:
  void Reset() final {
    this->ResetData();
    ResetModel();
    this->SetState(this->init_qpos_, this->init_qvel_);
    AfterSetState();
    Write(0.0, false);
  }

  void Step(const Action& action) final {
    const mujoco::ActionT* a = this->ActionOf(action);
    for (int i = 0; i < this->m_.nu; ++i) {
      // np.clip of the float32 action with Python floats stays float32;
      // act_mean + a * act_rng is float64 (a widened exactly). NaN passes.
      const float clipped = std::min(std::max(a[i], -1.0F), 1.0F);
      this->d_->ctrl[i] = act_mean_[i] + static_cast<double>(clipped) * act_rng_[i];
    }
    for (int i = 0; i < this->frame_skip_; ++i) mj_step(&this->m_, this->d_);
    const AdroitOutcome outcome = Outcome();
    Write(outcome.reward, outcome.success);
  }

  bool IsTerminated() final { return false; }

  virtual void ResetModel() = 0;
  virtual void AfterSetState() {}
  virtual void Observe(mujoco::ObsWriter* obs) = 0;
  virtual AdroitOutcome Outcome() = 0;

  // This env's model, whose body_pos, body_quat and site_pos are its own.
  mjModel& model() { return mujoco_engine::OwnedView(this->m_); }

  const double* site_xpos(int site) const { return this->d_->site_xpos + 3 * site; }
  const double* xpos(int body) const { return this->d_->xpos + 3 * body; }

  // np.linalg.norm(a - b) of two 3-vectors.
  static double Distance(const double* a, const double* b) {
    const double d[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    return numpy_exact::NumpyNorm(d, 3);
  }

  const bool dense_;

 private:
  AdroitEnv(const Spec& spec, int env_id, mujoco::GymCamera camera, const ModelPtr& shared)
      : Base(spec, env_id, /*uses_cfrc=*/false, mujoco_engine::ModelWithOwnPlacements(shared),
             shared),
        dense_(AdroitIsDense(spec.config["reward_type"_])) {
    this->camera_config_ = camera;
    const mjModel& m = this->m_;
    act_mean_.resize(m.nu);
    act_rng_.resize(m.nu);
    for (int i = 0; i < m.nu; ++i) {
      const double low = m.actuator_ctrlrange[2 * i];
      const double high = m.actuator_ctrlrange[2 * i + 1];
      act_mean_[i] = (low + high) / 2.0;  // np.mean over the pair
      act_rng_[i] = 0.5 * (high - low);
    }
  }

  void Write(double reward, bool success) {
    State& state = this->Allocate();
    state["reward"_] = reward;
    mujoco::ObsWriter obs = Base::ObsOf(state);
    Observe(&obs);
    obs.Done();
    state["info:success"_] = success;
  }

  std::vector<double> act_mean_;
  std::vector<double> act_rng_;
};

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_ADROIT_ENV_H_
