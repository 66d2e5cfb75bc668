// What every env that reproduces a gymnasium MujocoEnv shares (the MuJoCo
// family's tasks, gymnasium-robotics' envs in the robotics family): one
// mjData per env, gymnasium's MujocoEnv mechanics (reset, set_state,
// do_simulation) and the reset noise, on the model loading and renderer of
// this package. Its namespace is parallel_pool::mujoco, gymnasium's MuJoCo.
//
// gymnasium's MujocoEnv, which MujocoGymEnv reproduces call for call:
//   reset():  mj_resetData; reset_model() draws qpos/qvel and calls
//             set_state(qpos, qvel): copy both into mjData, mj_forward.
//   step():   do_simulation(action, frame_skip): ctrl = action (the
//             float32 action widened exactly to MuJoCo's float64), unclipped
//             (MuJoCo clamps each ctrl to its ctrlrange inside the
//             actuator model, infinities included; the control costs see
//             the raw action), mj_step frame_skip times, then
//             mj_rnePostConstraint once (it fills cacc, cfrc_int, cfrc_ext;
//             skipped by the tasks that never read them).
//   dt = opt.timestep * frame_skip.
//   render() ("rgb_array"): MujocoRenderer's offscreen viewer, 480 x 480,
//             the free camera set up when the viewer is made (the env's
//             first render): lookat = the median of geom_xpos, distance =
//             the model's extent, then the task's DEFAULT_CAMERA_CONFIG; a
//             camera id >= 0 is the model's fixed camera.
#ifndef PARALLEL_POOL_MUJOCO_ENGINE_GYM_ENV_H_
#define PARALLEL_POOL_MUJOCO_ENGINE_GYM_ENV_H_

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "parallel_pool/core/env.h"
#include "parallel_pool/core/render.h"
#include "parallel_pool/mujoco_engine/mujoco_model.h"
#include "parallel_pool/mujoco_engine/mujoco_render.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"
#include "parallel_pool/numpy_exact/numpy_math.h"

namespace parallel_pool::mujoco {

// The model a task's config names (for the specs: sizes, actuator ranges).
template <typename Config>
mujoco_engine::ModelPtr ModelOf(const Config& conf) {
  return mujoco_engine::LoadModel(mujoco_engine::ModelPath(conf["base_path"_], conf["xml_file"_]));
}

// Element-wise bounds of the action: the actuators' ctrlrange rounded to
// float32, as gymnasium's action space holds them
// (actuator_ctrlrange.astype(np.float32)).
inline std::pair<std::vector<float>, std::vector<float>> CtrlRange(const mjModel& m) {
  std::vector<float> low(m.nu);
  std::vector<float> high(m.nu);
  for (int i = 0; i < m.nu; ++i) {
    low[i] = static_cast<float>(m.actuator_ctrlrange[2 * i]);
    high[i] = static_cast<float>(m.actuator_ctrlrange[2 * i + 1]);
  }
  return {low, high};
}

// The action type of every MuJoCo gym task: float32, the dtype of
// gymnasium's action space, which its action_space.sample() and every
// policy give. gymnasium computes the control cost in the action's own dtype
// (NEP 50), so only a float32 action lets the C++ round it as gymnasium does
// with such an action; a float64 array sent to the pool is cast to float32
// first (as gymnasium fed a.astype(np.float32)). EnvPool declares float64.
using ActionT = float;

// The action spec every MuJoCo gym task declares: float32 [nu] in ctrlrange.
inline auto MujocoActionSpec(const mjModel& model) {
  auto [low, high] = CtrlRange(model);
  return MakeDict("action"_.Bind(Spec<ActionT>({-1, static_cast<int>(model.nu)}, low, high)));
}
template <typename Config>
auto MujocoActionSpec(const Config& conf) {
  return MujocoActionSpec(*ModelOf(conf));
}

// An unbounded float64 field of `n` values (gymnasium: Box(-inf, inf)).
inline Spec<double> Unbounded(int n) {
  double inf = std::numeric_limits<double>::infinity();
  return Spec<double>({n}, {-inf, inf});
}

// A float64 info field of `n` values (MuJoCo sizes are mjtSize).
inline Spec<double> Values(mjtSize n) { return Spec<double>({static_cast<int>(n)}); }

// An info field gymnasium's task returns only in `version` (4 or 5): the
// other version's pool neither has nor returns it.
template <typename Config>
Spec<double> OnlyInVersion(int version, const Config& conf, const Spec<double>& spec) {
  return spec.OnlyIf(conf["version"_] == version);
}

inline int BodyId(const mjModel& m, const char* name) {
  int id = mj_name2id(&m, mjOBJ_BODY, name);
  if (id < 0) {
    throw std::invalid_argument(std::string("xml_file: the model has no body '") + name + "'");
  }
  return id;
}

// A two-element range keyword (gymnasium's tuples, e.g. healthy_z_range).
inline std::pair<double, double> Range(const std::vector<double>& range, const char* key) {
  if (range.size() != 2) {
    throw std::invalid_argument(std::string(key) + ": expected (low, high), got " +
                                std::to_string(range.size()) + " values");
  }
  return {range[0], range[1]};
}

// The checks every MuJoCo gym task's config shares; each task's Validate
// calls it first. The model must load, and every range keyword the task
// declares must be a (low, high) pair.
template <typename Config>
void ValidateGymConfig(const Config& conf) {
  RequireConfig(conf["version"_] == 4 || conf["version"_] == 5, "version: must be 4 or 5");
  RequireConfig(conf["frame_skip"_] >= 1, "frame_skip: must be >= 1");
  ModelOf(conf);
  auto range = [&](auto key, const char* name) {
    if constexpr (Config::Contains(key)) Range(conf[key], name);
  };
  range("healthy_z_range"_, "healthy_z_range");
  range("healthy_angle_range"_, "healthy_angle_range");
  range("healthy_state_range"_, "healthy_state_range");
  range("contact_force_range"_, "contact_force_range");
  range("contact_cost_range"_, "contact_cost_range");
  range("impact_cost_range"_, "impact_cost_range");
  if constexpr (Config::Contains("reset_noise_scale"_)) {
    // np_random.uniform(-s, s) raises at every reset unless high - low = 2s
    // is >= 0 (ValueError) and finite (OverflowError): refuse such a scale
    // at make time instead.
    const double s = conf["reset_noise_scale"_];
    if (!(s >= 0.0 && std::isfinite(s - (-s)))) {
      char got[32];
      std::snprintf(got, sizeof(got), "%.17g", s);
      RequireConfig(false,
                    std::string("reset_noise_scale: expected a number >= 0 whose noise range 2*s "
                                "is finite, got ") +
                        got);
    }
  }
}

// What the tasks' EnvFns share: the common config checks and the actuators'
// action spec. A task with checks of its own declares its own Validate,
// which calls ValidateGymConfig first.
struct GymTaskFns {
  template <typename Config>
  static void Validate(const Config& conf) {
    ValidateGymConfig(conf);
  }

  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    return MujocoActionSpec(conf);
  }
};

// A task's state spec: "obs" of obs_size unbounded values, the episode's
// initial qpos/qvel (only with lockstep_info), then the task's info fields.
template <typename Config, typename... Infos>
auto GymStateSpec(const Config& conf, const mjModel& m, int obs_size, Infos... infos) {
  return MakeDict("obs"_.Bind(Unbounded(obs_size)),
                  "info:qpos0"_.Bind(Values(m.nq).OnlyIf(conf["lockstep_info"_])),
                  "info:qvel0"_.Bind(Values(m.nv).OnlyIf(conf["lockstep_info"_])), infos...);
}

// conf[key] where the task's config declares key, else fallback.
template <typename Config, typename Key, typename T>
T ConfigOr(const Config& conf, Key key, T fallback) {
  if constexpr (Config::Contains(key)) {
    return conf[key];
  } else {
    return fallback;
  }
}

// The observation size of a task that observes qpos then qvel: nq + nv,
// less the `excluded` leading positions with
// exclude_current_positions_from_observation.
template <typename Config>
int QposQvelSize(const Config& conf, const mjModel& m, int excluded) {
  return m.nq + m.nv - (conf["exclude_current_positions_from_observation"_] ? excluded : 0);
}

// The reward keywords the tasks share (gymnasium's self._ctrl_cost_weight
// and the like): what a task's config declares, the rest 0 (unused).
struct RewardWeights {
  double forward_reward_weight = 0.0;
  double ctrl_cost_weight = 0.0;
  double contact_cost_weight = 0.0;
  double healthy_reward = 0.0;
  bool terminate_when_unhealthy = false;

  template <typename Config>
  static RewardWeights Of(const Config& conf) {
    return RewardWeights{
        ConfigOr(conf, "forward_reward_weight"_, 0.0), ConfigOr(conf, "ctrl_cost_weight"_, 0.0),
        ConfigOr(conf, "contact_cost_weight"_, 0.0), ConfigOr(conf, "healthy_reward"_, 0.0),
        ConfigOr(conf, "terminate_when_unhealthy"_, false)};
  }
};

// np.clip(x, low, high) on a float64 scalar (NaN passes through).
inline double Clip(double x, double low, double high) { return std::min(std::max(x, low), high); }

inline bool AllFinite(const double* x, int n) {
  for (int i = 0; i < n; ++i) {
    if (!std::isfinite(x[i])) return false;
  }
  return true;
}

// Appends values to an observation row of known length.
class ObsWriter {
 public:
  ObsWriter(double* begin, std::size_t size) : out_(begin), end_(begin + size) {}
  ~ObsWriter() = default;
  ObsWriter(const ObsWriter&) = delete;
  ObsWriter& operator=(const ObsWriter&) = delete;

  void Put(double x) {
    Reserve(1);
    *out_++ = x;
  }
  void Copy(const double* x, int n) {
    Reserve(n);
    out_ = std::copy(x, x + n, out_);
  }
  // np.clip(x, low, high) element-wise.
  void CopyClipped(const double* x, int n, double low, double high) {
    Reserve(n);
    for (int i = 0; i < n; ++i) *out_++ = Clip(x[i], low, high);
  }
  // Every element written: call once at the end.
  void Done() const {
    if (out_ != end_) throw std::logic_error("observation: fewer values written than declared");
  }

 private:
  void Reserve(int n) const {
    if (n < 0 || end_ - out_ < n) throw std::logic_error("observation: more values than declared");
  }
  double* out_;
  double* const end_;
};

// A task's DEFAULT_CAMERA_CONFIG in gymnasium: the free camera's settings it
// overrides (trackbodyid is left out: a free camera does not track).
struct GymCamera {
  std::optional<double> distance = std::nullopt;
  std::optional<std::array<double, 3>> lookat = std::nullopt;
  std::optional<double> elevation = std::nullopt;
  std::optional<double> azimuth = std::nullopt;
};

// The info keys of where a body is in the plane and how fast it moves:
// x_position, y_position, distance_from_origin (np.linalg.norm of xy),
// x_velocity, y_velocity.
template <typename State>
void WritePlanarMotion(const State& state, const double* xy, double x_velocity, double y_velocity) {
  state["info:x_position"_] = xy[0];
  state["info:y_position"_] = xy[1];
  state["info:distance_from_origin"_] = numpy_exact::NumpyNorm(xy, 2);
  state["info:x_velocity"_] = x_velocity;
  state["info:y_velocity"_] = y_velocity;
}

// The info Ant and Humanoid share: where the body is, how fast it moves and
// the reward's terms (all 0 after a reset).
struct LocomotionInfo {
  std::array<double, 2> xy = {0.0, 0.0};  // x_position, y_position
  double x_velocity = 0.0;
  double y_velocity = 0.0;
  double reward_forward = 0.0;
  double reward_ctrl = 0.0;
  double reward_contact = 0.0;
  double reward_survive = 0.0;

  // A reset's: at the root joint's qpos x, y, not moving.
  static LocomotionInfo AtReset(const mjData& d) {
    LocomotionInfo info;
    info.xy = {d.qpos[0], d.qpos[1]};
    return info;
  }

  // A step's, from the x, y of the point the task tracks (Ant's main body,
  // Humanoid's mass centre) before and after it, dt apart: its velocities,
  // and the position the version reports (v4: that point, v5: the root
  // joint's qpos x, y). The task adds the reward's terms.
  static LocomotionInfo Moved(const std::array<double, 2>& before,
                              const std::array<double, 2>& after, double dt, bool v4,
                              const mjData& d) {
    LocomotionInfo info;
    info.x_velocity = (after[0] - before[0]) / dt;
    info.y_velocity = (after[1] - before[1]) / dt;
    info.xy = v4 ? after : std::array<double, 2>{d.qpos[0], d.qpos[1]};
    return info;
  }

  template <typename State>
  void Write(const State& state) const {
    WritePlanarMotion(state, xy.data(), x_velocity, y_velocity);
    state["info:reward_forward"_] = reward_forward;
    state["info:reward_ctrl"_] = reward_ctrl;
    state["info:reward_contact"_] = reward_contact;
    state["info:reward_survive"_] = reward_survive;
  }
};

// gymnasium's MuJoCo frame size (DEFAULT_SIZE) and scene size (max_geom).
inline constexpr int kGymRenderSize = 480;
inline constexpr int kGymMaxGeom = 1000;

// numpy.median of a column of a row-major n x 3 array.
inline double MedianOfColumn(const double* rows, int n, int column) {
  std::vector<double> values(n);
  for (int i = 0; i < n; ++i) values[i] = rows[3 * i + column];
  std::sort(values.begin(), values.end());
  if (n % 2 == 1) return values[n / 2];
  return (values[n / 2 - 1] + values[n / 2]) / 2;
}

// gymnasium's MujocoEnv on the MuJoCo C API. The task's config must have
// frame_skip, and base_path and xml_file unless its EnvFns build the model
// (a static Model(config), e.g. a maze generated around the agent's file).
// gymnasium's MuJoCo tasks also have version (4 or 5: which gymnasium
// version of the task to reproduce; 5 where absent) and lockstep_info
// (whether info carries the episode's initial qpos0/qvel0, which a lockstep
// test needs to put gymnasium's env in the same state; off by default, so
// users don't pay).
template <typename EnvSpecT>
class MujocoGymEnv : public Env<EnvSpecT> {
 public:
  using Base = Env<EnvSpecT>;
  using typename Base::Action;
  using typename Base::Spec;
  using typename Base::State;

  // uses_cfrc: the task reads cacc / cfrc_int / cfrc_ext, which only
  // mj_rnePostConstraint computes. Tasks that do not skip that call; nothing
  // they return changes (mj_step never reads those fields).
  static RenderRequest CheckRender(const Spec& spec, RenderRequest request) {
    return mujoco_engine::CheckMujocoRender(request, kGymRenderSize, kGymRenderSize,
                                            *TaskModel(spec.config));
  }

  // The task's model: its EnvFns' Model(config) where it has one, else the
  // file its config names.
  template <typename Config>
  static mujoco_engine::ModelPtr TaskModel(const Config& conf) {
    if constexpr (requires { EnvSpecT::Fns::Model(conf); }) {
      return EnvSpecT::Fns::Model(conf);
    } else {
      return ModelOf(conf);
    }
  }

  void Render(const RenderRequest& request, std::uint8_t* rgb) {
    mjvCamera fixed;
    mjvCamera* camera = &free_camera_;
    if (request.camera_id >= 0) {
      mjv_defaultCamera(&fixed);
      fixed.type = mjCAMERA_FIXED;
      fixed.fixedcamid = request.camera_id;
      camera = &fixed;
    } else if (!free_camera_ready_) {
      SetUpFreeCamera();
    }
    mujoco_engine::ThreadRenderer::ForThisThread().Render(
        mujoco_engine::RenderScene{render_assets_, &m_, d_, camera, kGymMaxGeom, nullptr, {}},
        request.height, request.width, rgb);
  }

  MujocoGymEnv(const Spec& spec, int env_id, bool uses_cfrc)
      : MujocoGymEnv(spec, env_id, uses_cfrc, TaskModel(spec.config)) {}

  // A task that writes its model during episodes runs on a model of its own
  // (`model`, made from the task's model), which renders with the context of
  // the model it was made from (`render_assets`; null: `model` itself), so
  // that all of them share one.
  MujocoGymEnv(const Spec& spec, int env_id, bool uses_cfrc, mujoco_engine::ModelPtr model,
               mujoco_engine::ModelPtr render_assets = nullptr)
      : Base(spec, env_id),
        uses_cfrc_(uses_cfrc),
        lockstep_info_(ConfigOr(spec.config, "lockstep_info"_, false)),
        version_(ConfigOr(spec.config, "version"_, 5)),
        frame_skip_(spec.config["frame_skip"_]),
        weights_(RewardWeights::Of(spec.config)),
        reset_noise_scale_(ConfigOr(spec.config, "reset_noise_scale"_, 0.0)),
        exclude_current_positions_(
            ConfigOr(spec.config, "exclude_current_positions_from_observation"_, false)),
        model_(std::move(model)),
        m_(*model_),
        data_(mj_makeData(model_.get())),
        d_(data_.get()),
        render_assets_(render_assets ? std::move(render_assets) : model_) {
    if (d_ == nullptr) throw std::runtime_error("MuJoCo could not allocate mjData");
    init_qpos_.assign(d_->qpos, d_->qpos + m_.nq);
    init_qvel_.assign(d_->qvel, d_->qvel + m_.nv);
    qpos0_ = init_qpos_;
    qvel0_ = init_qvel_;
    dt_ = m_.opt.timestep * frame_skip_;
    if constexpr (requires { EnvSpecT::Fns::DefaultCamera(version_); }) {
      camera_config_ = EnvSpecT::Fns::DefaultCamera(version_);
    }
  }

 protected:
  // Reset: mj_resetData, then the task's ResetModel (which ends in
  // SetState), then the first observation.
  void ResetData() { mj_resetData(&m_, d_); }

  // gymnasium's set_state: qpos and qvel into mjData, then mj_forward. The
  // state set is remembered as info:qpos0 / info:qvel0 of the episode.
  void SetState(const std::vector<double>& qpos, const std::vector<double>& qvel) {
    std::copy(qpos.begin(), qpos.end(), d_->qpos);
    std::copy(qvel.begin(), qvel.end(), d_->qvel);
    qpos0_ = qpos;
    qvel0_ = qvel;
    mj_forward(&m_, d_);
  }

  // The step's action (float32 [nu]).
  static const ActionT* ActionOf(const Action& action) {
    return action["action"_].template Data<ActionT>();
  }

  // gymnasium's do_simulation(action, frame_skip): data.ctrl[:] = action
  // widens each float32 exactly to float64.
  void DoSimulation(const ActionT* action) {
    std::copy(action, action + m_.nu, d_->ctrl);
    for (int i = 0; i < frame_skip_; ++i) mj_step(&m_, d_);
    if (uses_cfrc_) mj_rnePostConstraint(&m_, d_);
  }

  // The reset noise, drawn from gymnasium's np_random (NumPy's PCG64
  // Generator, seeded like the reference env's reset(seed=s+i)), in
  // gymnasium's order: draw into locals, one after the other (the order in
  // which C++ evaluates function arguments is unspecified; SetNoisyState).
  //
  // init + np_random.uniform(low, high, size=len(init)).
  std::vector<double> UniformAround(const std::vector<double>& init, double low, double high) {
    std::vector<double> out = np_random_.Uniform(low, high, init.size());
    for (std::size_t i = 0; i < init.size(); ++i) out[i] = init[i] + out[i];
    return out;
  }

  // init + scale * np_random.standard_normal(len(init)).
  std::vector<double> NormalAround(const std::vector<double>& init, double scale) {
    std::vector<double> out = np_random_.StandardNormal(init.size());
    for (std::size_t i = 0; i < init.size(); ++i) out[i] = init[i] + scale * out[i];
    return out;
  }

  // Which distribution a task's reset draws qvel's noise from.
  enum class VelocityNoise { kUniform, kNormal };

  // Most tasks' reset_model: qpos = init + U(-s, s), then qvel = init +
  // U(-s, s) or init + s * N(0, 1), s = reset_noise_scale; then set_state.
  // qpos's draws come first, as in gymnasium.
  void SetNoisyState(VelocityNoise velocity) {
    const double s = reset_noise_scale_;
    const std::vector<double> qpos = UniformAround(init_qpos_, -s, s);
    const std::vector<double> qvel = velocity == VelocityNoise::kNormal
                                         ? NormalAround(init_qvel_, s)
                                         : UniformAround(init_qvel_, -s, s);
    SetState(qpos, qvel);
  }

  // np_random.uniform(low, high), one draw.
  double Uniform(double low, double high) { return np_random_.Uniform(low, high); }

  // The env's np_random, for a task's own draws.
  numpy_exact::NumpyGenerator& np_random() { return np_random_; }

  // reset(seed=...): a new generator, as gymnasium's reset makes one.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(this->seed()); }

  // The episode's initial state, for putting a reference env in the same
  // state; only with the lockstep_info config key (off by default).
  void WriteInitialState(const State& state) const {
    if (!lockstep_info_) return;
    state["info:qpos0"_].Assign(qpos0_.data(), qpos0_.size());
    state["info:qvel0"_].Assign(qvel0_.data(), qvel0_.size());
  }

  // A Reset's or Step's state: allocated, with its reward and (with
  // lockstep_info) the episode's initial state; the task writes the
  // observation (ObsOf) and its info.
  State AllocateWithReward(double reward) {
    State& state = this->Allocate();
    state["reward"_] = reward;
    WriteInitialState(state);
    return state;
  }

  // The writer of the state's observation, as many values as its spec declares.
  static ObsWriter ObsOf(const State& state) {
    const auto& obs = state["obs"_];
    return ObsWriter(obs.template Data<double>(), obs.size());
  }

  // qpos, then qvel; without the `excluded` leading positions with
  // exclude_current_positions_from_observation.
  void CopyQposQvel(ObsWriter* obs, int excluded) const {
    const int skip = exclude_current_positions_ ? excluded : 0;
    obs->Copy(d_->qpos + skip, m_.nq - skip);
    obs->Copy(d_->qvel, m_.nv);
  }

  // gymnasium's healthy reward: given when healthy (v5), or when healthy or
  // terminate_when_unhealthy (v4's legacy rule).
  double HealthyReward(bool healthy) const {
    const bool survives = v4() ? healthy || weights_.terminate_when_unhealthy : healthy;
    return static_cast<double>(survives) * weights_.healthy_reward;
  }

  // ctrl_cost_weight * sum(ctrl^2) over mjData.ctrl after the step
  // (Humanoid's and HumanoidStandup's gymnasium code): float64 throughout.
  double CtrlCost(const double* ctrl) const {
    return weights_.ctrl_cost_weight * numpy_exact::NumpySumOfSquares(ctrl, m_.nu);
  }

  // ctrl_cost_weight * np.sum(np.square(action)) on the float32 action as
  // given (the other tasks' gymnasium code). NumPy computes it in float32:
  // the sum is float32's, and the Python-float weight, a weak scalar under
  // NEP 50, is rounded to float32 before the float32 product. The caller's
  // float64 arithmetic with it then widens it exactly, as NumPy's mixing of
  // float32 with float64 does.
  double ActionCtrlCost(const ActionT* action) const {
    return F32Weight(weights_.ctrl_cost_weight) * SumOfSquares(action);
  }

  // np.sum(np.square(action)) of the float32 action, in float32.
  float SumOfSquares(const ActionT* action) const {
    return numpy_exact::NumpySumOfSquares(action, m_.nu);
  }

  // A Python-float weight as NumPy applies it to a float32 value: rounded
  // to float32 (our config holds it as a double).
  static float F32Weight(double weight) { return static_cast<float>(weight); }

  bool v4() const { return version_ == 4; }

  const bool uses_cfrc_;
  const bool lockstep_info_;
  const int version_;
  const int frame_skip_;
  const RewardWeights weights_;
  const double reset_noise_scale_;  // 0 where the task has no such keyword
  // exclude_current_positions_from_observation (false where the task has
  // no such keyword).
  const bool exclude_current_positions_;
  const mujoco_engine::ModelPtr model_;
  const mjModel& m_;
  std::unique_ptr<mjData, mujoco_engine::DataDeleter> data_;
  mjData* const d_;
  std::vector<double> init_qpos_;
  std::vector<double> init_qvel_;
  double dt_;
  // The task's DEFAULT_CAMERA_CONFIG, from its EnvFns' DefaultCamera(version)
  // (none: the median and the extent alone); a task whose camera depends on
  // its config sets it in its constructor.
  GymCamera camera_config_;

 private:
  // gymnasium's OffScreenViewer._init_camera, then MujocoRenderer._set_cam_config.
  void SetUpFreeCamera() {
    mjv_defaultCamera(&free_camera_);
    free_camera_.type = mjCAMERA_FREE;
    free_camera_.fixedcamid = -1;
    for (int i = 0; i < 3; ++i) free_camera_.lookat[i] = MedianOfColumn(d_->geom_xpos, m_.ngeom, i);
    free_camera_.distance = m_.stat.extent;
    const GymCamera& config = camera_config_;
    if (config.distance) free_camera_.distance = *config.distance;
    if (config.lookat) std::copy(config.lookat->begin(), config.lookat->end(), free_camera_.lookat);
    if (config.elevation) free_camera_.elevation = *config.elevation;
    if (config.azimuth) free_camera_.azimuth = *config.azimuth;
    free_camera_ready_ = true;
  }

  const mujoco_engine::ModelPtr render_assets_;
  numpy_exact::NumpyGenerator np_random_{this->seed()};
  std::vector<double> qpos0_;
  std::vector<double> qvel0_;
  mjvCamera free_camera_{};
  bool free_camera_ready_ = false;
};

// Checks a keyword that only one gymnasium version of a task has: in the
// other version it must keep its default.
template <typename T>
void RequireDefault(bool applies, const T& value, const T& fallback, const std::string& message) {
  if (!applies && value != fallback) throw std::invalid_argument(message);
}

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_ENGINE_GYM_ENV_H_
