// dm_control's quadruped domain (suite/quadruped.py): a four-legged ant-like
// robot, 12 actuators (yaw, lift and extend per leg) with first-order
// filtered activations.
//
// The model is built by dm_control per task (quadruped.make_model; see
// registration.py): walk and run on a floor of 10 and 100 m, escape on a
// 40 m floor with the terrain heightfield and 20 rangefinders, fetch with
// the walls, the ball and the target.
//
// Tasks:
//   "walk", "run": reward = upright * move, upright = tolerance(torso zz,
//     bounds=(1, inf), margin=2, value_at_margin=0, sigmoid='linear'),
//     move = tolerance(torso velocimeter x, bounds=(speed, inf),
//     margin=speed, value_at_margin=0.5, sigmoid='linear'), speed 0.5 / 5.
//   "escape": reward = upright(20 degrees) * tolerance(|workspace site|,
//     bounds=(30, inf), margin=30, value_at_margin=0, sigmoid='linear')
//     (30: the heightfield's half size), upright(20 degrees) with bounds
//     (cos 20 degrees, inf) and margin 1 + cos 20 degrees.
//   "fetch": reward = upright * reach * (0.5 + 0.5 * fetch), reach =
//     tolerance(horizontal workspace-to-ball distance, bounds=(0, 0.3 +
//     0.15)), fetch = tolerance(horizontal ball-to-target distance,
//     bounds=(0, 0.4)), both linear with margin 15 * sqrt(2) and
//     value_at_margin 0.
// Observation (all tasks): egocentric_state = hinge qpos (16), hinge qvel
//   (16), act (12); torso_velocity = velocimeter (3); torso_upright = torso
//   zz; imu = accelerometer and gyro (6); force_torque = arcsinh of the toes'
//   force and torque sensors (24). Escape adds origin = the world origin in
//   the torso frame (3) and rangefinder = tanh of each reading, 1 where it
//   sees nothing (20); fetch adds ball_state = the ball's position and linear
//   velocity relative to the torso and its angular velocity, in the torso
//   frame (9), and target_position in the torso frame (3).
// Episode start (every draw from the task's RandomState, in this order):
//   walk, run: orientation = randn(4), normalised; then the lowest height,
//     from 0 in 1 cm steps, at which the torso (at the origin) touches
//     nothing (_find_non_contacting_height: a reset_context per try).
//   escape: the heightfield, a bowl times smooth random bumps
//     (uniform(0.15, 1, (30, 30)) upsampled to 201 x 201 by
//     scipy.ndimage.zoom, scipy_zoom.h), into the env's own copy of the
//     heightfield (which render() uploads, as dm_control does to its
//     rendering context); then as walk.
//   fetch: azimuth = uniform(0, 2 pi), orientation a rotation about z by it;
//     x, y = uniform(-13.5, 13.5, 2); the non-contacting height there; the
//     ball at uniform(-13.5, 13.5, 2), height 2, horizontal velocity
//     5 * randn(2).
// Control timestep 0.02 s (n_sub_steps 4); time limit 20 s = 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_QUADRUPED_H_
#define PARALLEL_POOL_DM_CONTROL_QUADRUPED_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/built_model.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_control/hinges.h"
#include "parallel_pool/dm_rewards/tolerance.h"
#include "parallel_pool/numpy_exact/numpy_blas.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"
#include "parallel_pool/numpy_exact/scipy_zoom.h"

namespace parallel_pool::dm_control {

enum class QuadrupedTask { kWalk, kRun, kEscape, kFetch };

inline QuadrupedTask QuadrupedTaskOf(const std::string& task) {
  if (task == "walk") return QuadrupedTask::kWalk;
  if (task == "run") return QuadrupedTask::kRun;
  if (task == "escape") return QuadrupedTask::kEscape;
  if (task == "fetch") return QuadrupedTask::kFetch;
  throw std::invalid_argument(
      "task_name: quadruped has the tasks 'walk', 'run', 'escape' and 'fetch', not '" + task + "'");
}

// Horizontal speeds above which the move reward is 1.
inline constexpr double kQuadrupedWalkSpeed = 0.5;
inline constexpr double kQuadrupedRunSpeed = 5;
// How far the torso must tilt (degrees) before escape's upright reward drops.
inline constexpr double kQuadrupedEscapeDeviationDegrees = 20;
// _find_non_contacting_height: 1 cm steps, at most 10000 tries.
inline constexpr double kQuadrupedHeightStep = 0.01;
inline constexpr int kQuadrupedMaxHeightTries = 10000;
// fetch: the ball starts 2 m up, its horizontal velocity 5 * randn(2).
inline constexpr double kQuadrupedBallStartHeight = 2;
inline constexpr double kQuadrupedBallSpeedScale = 5;
inline constexpr double kQuadrupedSpawnFraction = 0.9;
// A rangefinder that sees nothing reads -1; its observation is then 1.
inline constexpr double kQuadrupedNoIntersection = -1.0;
// escape's terrain: 0 maximally bumpy, 1 smooth; bumps 2 m apart; the bowl
// flat within 4% of its radius.
inline constexpr double kQuadrupedTerrainSmoothness = 0.15;
inline constexpr double kQuadrupedTerrainBumpScale = 2;
inline constexpr double kQuadrupedBowlFlatRadius = 0.04;

// The sensors of the given types, in sensor order, as dm_control's
// Physics._get_sensor_names selects them: (start in sensordata, dim) each.
struct SensorSpan {
  int adr;
  int dim;
};

inline std::vector<SensorSpan> SensorsOfTypes(const mjModel& m, std::initializer_list<int> types) {
  std::vector<SensorSpan> out;
  for (int s = 0; s < m.nsensor; ++s) {
    for (int type : types) {
      if (m.sensor_type[s] == type) out.push_back({m.sensor_adr[s], m.sensor_dim[s]});
    }
  }
  return out;
}

inline int TotalDim(const std::vector<SensorSpan>& spans) {
  int n = 0;
  for (const SensorSpan& span : spans) n += span.dim;
  return n;
}

// escape's model: the task's shared compiled model with this env's own
// heightfield samples, which every episode redraws (dm_control writes
// physics.model.hfield_data, each env having its own model). The mjModel
// struct is copied, so every other array stays the shared model's.
struct ModelWithOwnHeightfield {
  mjModel model;
  std::vector<float> hfield_data;
  ModelPtr shared;
};

inline std::shared_ptr<ModelWithOwnHeightfield> WithOwnHeightfield(ModelPtr shared) {
  auto owned = std::make_shared<ModelWithOwnHeightfield>();
  owned->model = *shared;
  owned->hfield_data.assign(shared->hfield_data, shared->hfield_data + shared->nhfielddata);
  owned->model.hfield_data = owned->hfield_data.data();
  owned->shared = std::move(shared);
  return owned;
}

class QuadrupedEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("walk", "quadruped.xml", 4); }

  template <typename Config>
  static void Validate(const Config& conf) {
    QuadrupedTaskOf(conf["task_name"_]);
    ValidateBuiltModelConfig(conf, "quadruped", "quadruped.make_model");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    ModelPtr model = SuiteModelOf(conf);
    const QuadrupedTask task = QuadrupedTaskOf(conf["task_name"_]);
    const bool escape = task == QuadrupedTask::kEscape;
    const bool fetch = task == QuadrupedTask::kFetch;
    const int imu = TotalDim(SensorsOfTypes(*model, {mjSENS_GYRO, mjSENS_ACCELEROMETER}));
    const int force_torque = TotalDim(SensorsOfTypes(*model, {mjSENS_FORCE, mjSENS_TORQUE}));
    const int rangefinders = TotalDim(SensorsOfTypes(*model, {mjSENS_RANGEFINDER}));
    return MakeDict("obs:egocentric_state"_.Bind(ObsSpec(2 * CountHinges(*model) + model->na)),
                    "obs:torso_velocity"_.Bind(ObsSpec(3)),
                    "obs:torso_upright"_.Bind(ScalarObsSpec()), "obs:imu"_.Bind(ObsSpec(imu)),
                    "obs:force_torque"_.Bind(ObsSpec(force_torque)),
                    "obs:origin"_.Bind(ObsSpec(3).OnlyIf(escape)),
                    "obs:rangefinder"_.Bind(ObsSpec(rangefinders).OnlyIf(escape)),
                    "obs:ball_state"_.Bind(ObsSpec(9).OnlyIf(fetch)),
                    "obs:target_position"_.Bind(ObsSpec(3).OnlyIf(fetch)));
  }
};

using QuadrupedEnvSpec = SuiteEnvSpec<QuadrupedEnvFns>;

class QuadrupedEnv : public DmcEnv<QuadrupedEnvSpec> {
 public:
  QuadrupedEnv(const Spec& spec, int env_id)
      : QuadrupedEnv(spec, env_id,
                     QuadrupedTaskOf(spec.config["task_name"_]) == QuadrupedTask::kEscape
                         ? WithOwnHeightfield(SuiteModelOf(spec.config))
                         : nullptr) {}

 private:
  // `terrain` (escape only): the env's model with its own heightfield.
  QuadrupedEnv(const Spec& spec, int env_id, std::shared_ptr<ModelWithOwnHeightfield> terrain)
      : DmcEnv(spec, env_id,
               [&spec, &terrain](numpy_exact::NumpyRandomState&) {
                 return terrain ? ModelPtr(terrain, &terrain->model) : SuiteModelOf(spec.config);
               }),
        terrain_(std::move(terrain)),
        task_(QuadrupedTaskOf(task_name())),
        torso_(names_.Body("torso")),
        root_qpos_(names_.QposAddr("root")),
        velocimeter_(names_.SensorAddr("velocimeter")),
        imu_(SensorsOfTypes(m_, {mjSENS_GYRO, mjSENS_ACCELEROMETER})),
        force_torque_(SensorsOfTypes(m_, {mjSENS_FORCE, mjSENS_TORQUE})),
        rangefinders_(SensorsOfTypes(m_, {mjSENS_RANGEFINDER})),
        workspace_(names_.Site("workspace")),
        upright_deviation_(UprightDeviation(task_)),
        hinges_(HingeAddressesOf(m_)) {
    if (task_ == QuadrupedTask::kFetch) {
      ball_ = names_.Body("ball");
      ball_qpos_ = names_.QposAddr("ball_root");
      ball_dof_ = names_.DofAddr("ball_root");
      root_dof_ = names_.DofAddr("root");
      target_ = names_.Site("target");
      const double floor_size = m_.geom_size[3 * names_.Geom("floor")];
      spawn_radius_ = kQuadrupedSpawnFraction * floor_size;
      // np.sqrt(2) is the correctly rounded square root, as std::sqrt's.
      arena_radius_ = floor_size * std::sqrt(2.0);
      reach_radius_ = m_.site_size[3 * workspace_] + m_.geom_size[3 * names_.Geom("ball")];
      target_radius_ = m_.site_size[3 * target_];
    }
    if (task_ == QuadrupedTask::kEscape) {
      // Escape's heightfield is the model's first (_HEIGHTFIELD_ID = 0).
      if (m_.nhfield < 1 || m_.hfield_nrow[0] != m_.hfield_ncol[0]) {
        throw std::invalid_argument("model: quadruped escape needs a square heightfield");
      }
      terrain_half_size_ = m_.hfield_size[0];
      // Rendered with the shared model's render context, this env's own
      // heightfield uploaded before each draw (BeforeDraw).
      SetRenderAssets(terrain_->shared);
    }
    force_torque_values_.resize(TotalDim(force_torque_));
    rangefinder_values_.resize(TotalDim(rangefinders_));
  }

 protected:
  std::function<void(mjrContext*)> BeforeDraw() override {
    if (!terrain_) return {};
    return [this](mjrContext* context) { mjr_uploadHField(&m_, context, 0); };
  }

  void InitializeEpisode() override {
    switch (task_) {
      case QuadrupedTask::kWalk:
      case QuadrupedTask::kRun:
        FindNonContactingHeight(RandomOrientation(), 0.0, 0.0);
        break;
      case QuadrupedTask::kEscape:
        DrawTerrain();
        FindNonContactingHeight(RandomOrientation(), 0.0, 0.0);
        break;
      case QuadrupedTask::kFetch:
        InitializeFetch();
        break;
    }
  }

  void WriteObservation(const State& state) override {
    double* egocentric = state["obs:egocentric_state"_].Data<double>();
    for (int adr : hinges_.qpos) *egocentric++ = d_->qpos[adr];
    for (int adr : hinges_.dof) *egocentric++ = d_->qvel[adr];
    for (int i = 0; i < m_.na; ++i) *egocentric++ = d_->act[i];
    state["obs:torso_velocity"_].Assign(d_->sensordata + velocimeter_, 3);
    state["obs:torso_upright"_] = TorsoUpright();
    GatherSensors(imu_, state["obs:imu"_].Data<double>());
    // np.arcsinh of the gathered readings, with NumPy's own loop.
    GatherSensors(force_torque_, force_torque_values_.data());
    numpy_exact::NumpyArcsinh(force_torque_values_.data(),
                              state["obs:force_torque"_].Data<double>(),
                              force_torque_values_.size());
    if (task_ == QuadrupedTask::kEscape) {
      // -torso_pos.dot(torso_frame).
      double* origin = state["obs:origin"_].Data<double>();
      NumpyVectorTimesMatrix3(d_->xpos + 3 * torso_, d_->xmat + 9 * torso_, origin);
      for (int i = 0; i < 3; ++i) origin[i] = -origin[i];
      // np.where(reading == -1, 1.0, np.tanh(reading)).
      GatherSensors(rangefinders_, rangefinder_values_.data());
      double* rangefinder = state["obs:rangefinder"_].Data<double>();
      numpy_exact::NumpyTanh(rangefinder_values_.data(), rangefinder, rangefinder_values_.size());
      for (std::size_t i = 0; i < rangefinder_values_.size(); ++i) {
        if (rangefinder_values_[i] == kQuadrupedNoIntersection) rangefinder[i] = 1.0;
      }
    }
    if (task_ == QuadrupedTask::kFetch) {
      WriteBallState(state["obs:ball_state"_].Data<double>());
      WriteInTorsoFrame(d_->site_xpos + 3 * target_, state["obs:target_position"_].Data<double>());
    }
  }

  double Reward() override {
    const double upright = dm_rewards::Tolerance(
        TorsoUpright(), upright_deviation_, std::numeric_limits<double>::infinity(),
        1 + upright_deviation_, dm_rewards::Sigmoid::kLinear, 0);
    switch (task_) {
      case QuadrupedTask::kWalk:
      case QuadrupedTask::kRun: {
        const double speed =
            task_ == QuadrupedTask::kWalk ? kQuadrupedWalkSpeed : kQuadrupedRunSpeed;
        const double move = dm_rewards::Tolerance(d_->sensordata[velocimeter_], speed,
                                                  std::numeric_limits<double>::infinity(), speed,
                                                  dm_rewards::Sigmoid::kLinear, 0.5);
        return upright * move;
      }
      case QuadrupedTask::kEscape: {
        const double origin_distance = numpy_exact::NumpyNorm(d_->site_xpos + 3 * workspace_, 3);
        return upright * dm_rewards::Tolerance(origin_distance, terrain_half_size_,
                                               std::numeric_limits<double>::infinity(),
                                               terrain_half_size_, dm_rewards::Sigmoid::kLinear, 0);
      }
      case QuadrupedTask::kFetch:
        return upright * FetchReward();
    }
    return 0;
  }

 private:
  // np.cos(np.deg2rad(deviation_angle)): NumPy's deg2rad multiplies by the
  // double nearest pi / 180.
  static double UprightDeviation(QuadrupedTask task) {
    const double degrees = task == QuadrupedTask::kEscape ? kQuadrupedEscapeDeviationDegrees : 0;
    return numpy_exact::NumpyCos(degrees * (std::numbers::pi / 180.0));
  }

  double TorsoUpright() const { return d_->xmat[9 * torso_ + 8]; }

  // orientation = randn(4); orientation /= np.linalg.norm(orientation).
  std::array<double, 4> RandomOrientation() {
    std::array<double, 4> quat{};
    for (double& q : quat) q = random_.StandardNormal();
    const double norm = numpy_exact::NumpyNorm(quat.data(), quat.size());
    for (double& q : quat) q /= norm;
    return quat;
  }

  // _find_non_contacting_height: from z = 0 up in 1 cm steps, the first
  // height at which the model has no contacts, each try in a reset_context
  // (reset, set the root, forward without actuation; physics errors of a try,
  // e.g. a full contact buffer, are ignored there).
  void FindNonContactingHeight(const std::array<double, 4>& orientation, double x, double y) {
    double z = 0.0;
    int contacts = 1;
    int tries = 0;
    while (contacts > 0) {
      mj_resetData(&m_, d_);
      ForwardWithoutActuation();
      double* root = d_->qpos + root_qpos_;
      root[0] = x;
      root[1] = y;
      root[2] = z;
      for (int i = 0; i < 4; ++i) root[3 + i] = orientation[i];
      ForwardWithoutActuation();
      contacts = d_->ncon;
      z += kQuadrupedHeightStep;
      if (++tries > kQuadrupedMaxHeightTries) {
        throw std::runtime_error("quadruped: failed to find a non-contacting configuration");
      }
    }
  }

  // Escape.initialize_episode's terrain: a sinusoidal bowl (radius clipped
  // to [0.04, 1] on a [-1, 1]^2 grid) times smooth random bumps, written
  // into this env's heightfield as float32.
  void DrawTerrain() {
    const int res = m_.hfield_nrow[0];
    // np.ogrid[-1:1:res*1j]: arange(res) * (2 / (res - 1)) + -1.
    const double step = (1.0 - (-1.0)) / static_cast<double>(res - 1);
    std::vector<double> grid(res);
    for (int i = 0; i < res; ++i) grid[i] = static_cast<double>(i) * step + -1.0;
    // cos(2 pi radius), radius = clip(sqrt(col**2 + row**2), .04, 1).
    std::vector<double> angle(static_cast<std::size_t>(res) * res);
    for (int r = 0; r < res; ++r) {
      for (int c = 0; c < res; ++c) {
        const double radius = std::clamp(std::sqrt(grid[c] * grid[c] + grid[r] * grid[r]),
                                         kQuadrupedBowlFlatRadius, 1.0);
        angle[r * res + c] = 2 * std::numbers::pi * radius;
      }
    }
    std::vector<double> cosine(angle.size());
    numpy_exact::NumpyCos(angle.data(), cosine.data(), angle.size());
    // bumps = uniform(smoothness, 1, (n, n)), n = int(terrain size / bump
    // scale), zoomed to res x res.
    const double terrain_size = 2 * terrain_half_size_;
    const int bump_res = static_cast<int>(terrain_size / kQuadrupedTerrainBumpScale);
    std::vector<double> bumps(static_cast<std::size_t>(bump_res) * bump_res);
    for (double& bump : bumps) bump = random_.Uniform(kQuadrupedTerrainSmoothness, 1);
    // zoom's output size: round(n * (res / n)), Python's round (half to even).
    const int zoomed = static_cast<int>(
        std::nearbyint(bump_res * (static_cast<double>(res) / static_cast<double>(bump_res))));
    if (zoomed != res) throw std::logic_error("quadruped escape: bumps do not fit the terrain");
    const std::vector<double> smooth_bumps =
        numpy_exact::ScipyZoomCubic(bumps, bump_res, bump_res, res, res);
    float* hfield = terrain_->hfield_data.data() + m_.hfield_adr[0];
    for (std::size_t k = 0; k < cosine.size(); ++k) {
      const double bowl = .5 - cosine[k] / 2;
      hfield[k] = static_cast<float>(bowl * smooth_bumps[k]);
    }
  }

  void InitializeFetch() {
    const double azimuth = random_.Uniform(0, 2 * std::numbers::pi);
    const std::array<double, 4> orientation = {numpy_exact::NumpyCos(azimuth / 2), 0, 0,
                                               numpy_exact::NumpySin(azimuth / 2)};
    const double x = random_.Uniform(-spawn_radius_, spawn_radius_);
    const double y = random_.Uniform(-spawn_radius_, spawn_radius_);
    FindNonContactingHeight(orientation, x, y);
    double* ball = d_->qpos + ball_qpos_;
    ball[0] = random_.Uniform(-spawn_radius_, spawn_radius_);
    ball[1] = random_.Uniform(-spawn_radius_, spawn_radius_);
    ball[2] = kQuadrupedBallStartHeight;
    d_->qvel[ball_dof_] = kQuadrupedBallSpeedScale * random_.StandardNormal();
    d_->qvel[ball_dof_ + 1] = kQuadrupedBallSpeedScale * random_.StandardNormal();
  }

  void GatherSensors(const std::vector<SensorSpan>& spans, double* out) const {
    for (const SensorSpan& span : spans) {
      for (int i = 0; i < span.dim; ++i) *out++ = d_->sensordata[span.adr + i];
    }
  }

  // (point - torso position).dot(torso frame): a world point in the torso's
  // frame, as NumPy's BLAS multiplies a vector by a 3x3 matrix.
  void WriteInTorsoFrame(const double* point, double* out) const {
    std::array<double, 3> relative{};
    for (int i = 0; i < 3; ++i) relative[i] = point[i] - d_->xpos[3 * torso_ + i];
    NumpyVectorTimesMatrix3(relative.data(), d_->xmat + 9 * torso_, out);
  }

  // np.vstack((ball - torso position, ball linear velocity - torso linear
  // velocity, ball angular velocity)).dot(torso frame).ravel().
  void WriteBallState(double* out) const {
    std::array<double, 9> rows{};
    for (int i = 0; i < 3; ++i) {
      rows[i] = d_->xpos[3 * ball_ + i] - d_->xpos[3 * torso_ + i];
      rows[3 + i] = d_->qvel[ball_dof_ + i] - d_->qvel[root_dof_ + i];
      rows[6 + i] = d_->qvel[ball_dof_ + 3 + i];
    }
    numpy_exact::NumpyMatrixTimesMatrix3(rows.data(), d_->xmat + 9 * torso_, out);
  }

  double FetchReward() const {
    std::array<double, 2> self_to_ball{};
    std::array<double, 2> ball_to_target{};
    for (int i = 0; i < 2; ++i) {
      self_to_ball[i] = d_->site_xpos[3 * workspace_ + i] - d_->xpos[3 * ball_ + i];
      ball_to_target[i] = d_->site_xpos[3 * target_ + i] - d_->xpos[3 * ball_ + i];
    }
    const double reach =
        dm_rewards::Tolerance(numpy_exact::NumpyNorm(self_to_ball.data(), 2), 0, reach_radius_,
                              arena_radius_, dm_rewards::Sigmoid::kLinear, 0);
    const double fetch =
        dm_rewards::Tolerance(numpy_exact::NumpyNorm(ball_to_target.data(), 2), 0, target_radius_,
                              arena_radius_, dm_rewards::Sigmoid::kLinear, 0);
    return reach * (0.5 + 0.5 * fetch);
  }

  // escape only: the model's own heightfield (m_ is its model) and the
  // heightfield's half size (the escape distance).
  const std::shared_ptr<ModelWithOwnHeightfield> terrain_;
  double terrain_half_size_ = 0;
  const QuadrupedTask task_;
  const int torso_;
  const int root_qpos_;
  const int velocimeter_;
  const std::vector<SensorSpan> imu_;
  const std::vector<SensorSpan> force_torque_;
  const std::vector<SensorSpan> rangefinders_;
  const int workspace_;
  const double upright_deviation_;
  const HingeAddresses hinges_;
  // fetch only.
  int ball_ = -1;
  int ball_qpos_ = -1;
  int ball_dof_ = -1;
  int root_dof_ = -1;
  int target_ = -1;
  double spawn_radius_ = 0;  // 0.9 * floor size
  double arena_radius_ = 0;  // floor size * sqrt(2): the rewards' margin
  double reach_radius_ = 0;  // workspace radius + ball radius
  double target_radius_ = 0;
  std::vector<double> force_torque_values_;
  std::vector<double> rangefinder_values_;
};

using QuadrupedEnvPool = AsyncEnvPool<QuadrupedEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_QUADRUPED_H_
