// HandManipulateEnv: gymnasium-robotics' HandManipulate*-v1
// (envs/shadow_dexterous_hand/manipulate.py MujocoManipulateEnv, and
// manipulate_touch_sensors.py MujocoManipulateTouchSensorsEnv): the Shadow
// Hand turns an object on its palm (a block, an egg or a pen) to a target
// orientation, and moves it to a target position unless target_position is
// "ignore". Block, Egg, Pen and their touch-sensor, Rotate and Full ids are
// this one class with their config (registration.py).
//
// Observation (a Dict, float64): "observation" = the 24 robot joints' qpos,
//   their qvel, the object's qvel (6), "achieved_goal", then with
//   touch_get_obs the 92 touch sensors ("sensordata": their readings;
//   "boolean": 1.0 where a reading is > 0; "log": log(reading + 1)): 61, or
//   153 with touch; "achieved_goal" [7] = the object joint's qpos (position,
//   quaternion); "desired_goal" [7].
// Action, step, render camera: hand_env.h.
// Reset (no mj_resetData: the reference keeps the last episode's warm
//   start, controls and the rest): the initial state (the model's qpos0
//   after construction's mj_forward) and mj_forward; the object's
//   quaternion times a drawn rotation (randomize_initial_rotation: about z,
//   about z then a parallel rotation, or about a drawn axis, by
//   target_rotation) and its position plus normal(0.005) noise
//   (randomize_initial_position, unless target_position is "fixed"); 10
//   settling steps at the actuators' mid controls; then mj_forward, and all
//   again, drawing anew, while the object's centre is not above z = 0.04.
// Goal: the object's position (plus a uniform draw in target_position_range
//   with "random"), and an orientation drawn as target_rotation says.
// Distance: position np.linalg.norm(axis=-1) (0 with target_position
//   "ignore"); rotation 2 arccos(clip(w of q_achieved * conj(q_goal))), the
//   achieved quaternion first given the goal's z Euler angle with
//   ignore_z_target_rotation (the pen).
// Reward: sparse 0.0 when is_success, else -1.0; dense -(10 d_pos + d_rot).
// Info is_success: float32, 1.0 when d_pos < distance_threshold and d_rot <
//   rotation_threshold.
// Render: each frame first puts the target body (target:joint) at the goal
//   (0.15 further along x with target_position "ignore") at rest, makes
//   geom object_hidden opaque, runs mj_forward, and (touch_visualisation
//   "on_touch") colours each touch sensor's site red where its reading is
//   not 0, else green, as the reference's _render_callback does.
#ifndef PARALLEL_POOL_ROBOTICS_HAND_MANIPULATE_H_
#define PARALLEL_POOL_ROBOTICS_HAND_MANIPULATE_H_

#include <mujoco/mujoco.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/numpy_exact/numpy_math.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"
#include "parallel_pool/robotics/hand_env.h"
#include "parallel_pool/robotics/rotations.h"

namespace parallel_pool::robotics {

inline constexpr int kManipulateGoalSize = 7;
// The settling after the object is placed: this many steps of n_substeps.
inline constexpr int kSettleSteps = 10;
// The object must rest above this height after settling.
inline constexpr double kOnPalmHeight = 0.04;
// The object's position noise at reset.
inline constexpr double kObjectPositionNoise = 0.005;
// How far along x a frame shows the target when its position is ignored.
inline constexpr double kHiddenTargetShift = 0.15;
// The reference retries a reset until the object stays on the palm, with no
// limit; after this many draws a reset gives up with an error instead.
inline constexpr int kMaxResetDraws = 1000;
// The touch sensors are those with this in their name; each one's site has
// kTouchSite in its place (manipulate_touch_sensors.py).
inline constexpr const char* kTouchSensor = "robot0:TS_";
inline constexpr const char* kTouchSite = "robot0:T_";
inline constexpr std::array<float, 4> kTouchColour = {1.0F, 0.0F, 0.0F, 0.5F};
inline constexpr std::array<float, 4> kNoTouchColour = {0.0F, 0.5F, 0.0F, 0.2F};

enum class TargetPosition { kIgnore, kFixed, kRandom };
enum class TargetRotation { kXyz, kZ, kParallel };
enum class TouchObs { kOff, kSensordata, kBoolean, kLog };
enum class TouchVisual { kOnTouch, kAlways, kOff };

inline TargetPosition TargetPositionOf(const std::string& value) {
  if (value == "ignore") return TargetPosition::kIgnore;
  if (value == "fixed") return TargetPosition::kFixed;
  RequireConfig(value == "random",
                "target_position: expected 'ignore', 'fixed' or 'random', got '" + value + "'");
  return TargetPosition::kRandom;
}

inline TargetRotation TargetRotationOf(const std::string& value) {
  if (value == "z") return TargetRotation::kZ;
  if (value == "parallel") return TargetRotation::kParallel;
  RequireConfig(value != "ignore" && value != "fixed",
                "target_rotation: '" + value +
                    "' is not supported: gymnasium-robotics 1.4.2 raises AttributeError drawing "
                    "its goal (data.get_joint_qpos, which the mujoco bindings do not have)");
  RequireConfig(value == "xyz",
                "target_rotation: expected 'xyz', 'z' or 'parallel', got '" + value + "'");
  return TargetRotation::kXyz;
}

inline TouchObs TouchObsOf(const std::string& value) {
  if (value == "sensordata") return TouchObs::kSensordata;
  if (value == "boolean") return TouchObs::kBoolean;
  if (value == "log") return TouchObs::kLog;
  RequireConfig(
      value == "off",
      "touch_get_obs: expected 'off', 'sensordata', 'boolean' or 'log', got '" + value + "'");
  return TouchObs::kOff;
}

inline TouchVisual TouchVisualOf(const std::string& value) {
  if (value == "always") return TouchVisual::kAlways;
  if (value == "off") return TouchVisual::kOff;
  RequireConfig(value == "on_touch",
                "touch_visualisation: expected 'on_touch', 'always' or 'off', got '" + value + "'");
  return TouchVisual::kOnTouch;
}

// The model's ids HandManipulate reads, checked.
struct ManipulateLayout {
  int object_qpos;
  int object_dof;
  int target_qpos;
  int target_dof;
  int object_center;
  int object_hidden;  // -1: no such geom
  // The touch sensors in id order: each one's sensordata address and site.
  std::vector<std::pair<int, int>> touch;

  static ManipulateLayout Of(const mjModel& m) {
    ManipulateLayout layout{};
    auto free_joint = [&](const char* name, int* qpos, int* dof) {
      const int joint = HandJoint(m, name);
      RequireConfig(joint >= 0 && m.jnt_type[joint] == mjJNT_FREE,
                    std::string("xml_file: the hand's model has no free joint '") + name + "'");
      *qpos = m.jnt_qposadr[joint];
      *dof = m.jnt_dofadr[joint];
    };
    free_joint("object:joint", &layout.object_qpos, &layout.object_dof);
    free_joint("target:joint", &layout.target_qpos, &layout.target_dof);
    layout.object_center = HandSite(m, "object:center");
    RequireConfig(layout.object_center >= 0,
                  "xml_file: the hand's model has no site 'object:center'");
    layout.object_hidden = mj_name2id(&m, mjOBJ_GEOM, "object_hidden");
    for (int s = 0; s < m.nsensor; ++s) {
      const char* raw = mj_id2name(&m, mjOBJ_SENSOR, s);
      const std::string name = raw == nullptr ? "" : raw;
      const std::size_t at = name.find(kTouchSensor);
      if (at == std::string::npos) continue;
      std::string site_name = name;
      site_name.replace(at, std::string(kTouchSensor).size(), kTouchSite);
      const int site = HandSite(m, site_name.c_str());
      RequireConfig(site >= 0,
                    "xml_file: the touch sensor '" + name + "' has no site '" + site_name + "'");
      RequireConfig(m.sensor_dim[s] == 1,
                    "xml_file: the touch sensor '" + name + "' must have one value");
      layout.touch.emplace_back(m.sensor_adr[s], site);
    }
    return layout;
  }
};

class HandManipulateEnvFns {
 public:
  // HandManipulateBlock-v1's values; registration.py sets each id's.
  static auto DefaultConfig() {
    return ConcatDict(
        MakeDict(
            "xml_file"_.Bind(std::string("hand/manipulate_block.xml")),
            "target_position"_.Bind(std::string("random")),
            "target_rotation"_.Bind(std::string("xyz")),
            "target_position_range"_.Bind(std::vector<double>{-0.04, 0.04, -0.06, 0.02, 0.0, 0.06}),
            "randomize_initial_position"_.Bind(true), "randomize_initial_rotation"_.Bind(true),
            "rotation_threshold"_.Bind(0.1), "ignore_z_target_rotation"_.Bind(false),
            "touch_get_obs"_.Bind(std::string("off")),
            "touch_visualisation"_.Bind(std::string("always"))),
        HandConfig());
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    const mujoco_engine::ModelPtr model = mujoco::ModelOf(conf);
    ValidateHandConfig(conf, *model);
    TargetPositionOf(conf["target_position"_]);
    TargetRotationOf(conf["target_rotation"_]);
    TouchObsOf(conf["touch_get_obs"_]);
    TouchVisualOf(conf["touch_visualisation"_]);
    const std::vector<double>& range = conf["target_position_range"_];
    RequireConfig(range.size() == 6,
                  "target_position_range: expected 3 (low, high) pairs (x, y, z), got " +
                      std::to_string(range.size()) + " values");
    for (int i = 0; i < 3; ++i) {
      // uniform(low, high) needs a finite range high - low >= 0.
      const double width = range[2 * i + 1] - range[2 * i];
      RequireConfig(std::isfinite(width) && !std::signbit(width),
                    "target_position_range: each (low, high) must have low <= high, both finite");
    }
    ManipulateLayout::Of(*model);
  }

  template <typename Config>
  static int ObsSize(const Config& conf, const mjModel& m) {
    const int robot = static_cast<int>(RobotJoints(m).size());
    const int touch = TouchObsOf(conf["touch_get_obs"_]) == TouchObs::kOff
                          ? 0
                          : static_cast<int>(ManipulateLayout::Of(m).touch.size());
    return 2 * robot + 6 + kManipulateGoalSize + touch;
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return HandStateSpec(ObsSize(conf, *mujoco::ModelOf(conf)), kManipulateGoalSize);
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return HandActionSpec();
  }
};

using HandManipulateEnvSpec = EnvSpec<HandManipulateEnvFns>;

class HandManipulateEnv : public HandEnv<HandManipulateEnvSpec> {
 public:
  HandManipulateEnv(const Spec& spec, int env_id)
      : HandEnv(spec, env_id),
        layout_(ManipulateLayout::Of(m_)),
        target_position_(TargetPositionOf(spec.config["target_position"_])),
        target_rotation_(TargetRotationOf(spec.config["target_rotation"_])),
        touch_obs_(TouchObsOf(spec.config["touch_get_obs"_])),
        touch_visual_(TouchVisualOf(spec.config["touch_visualisation"_])),
        randomize_position_(spec.config["randomize_initial_position"_]),
        randomize_rotation_(spec.config["randomize_initial_rotation"_]),
        ignore_z_(spec.config["ignore_z_target_rotation"_]),
        rotation_threshold_(spec.config["rotation_threshold"_]),
        parallel_quats_(ParallelQuats()) {
    const std::vector<double>& range = spec.config["target_position_range"_];
    for (int i = 0; i < 3; ++i) {
      range_low_[i] = range[2 * i];
      range_high_[i] = range[2 * i + 1];
    }
    if (touch_visual_ == TouchVisual::kOff) {
      for (const auto& [adr, site] : layout_.touch) model()->site_rgba[4 * site + 3] = 0.0F;
    }
    // _env_setup (with no initial_qpos): mj_forward; its state starts
    // every episode.
    mj_forward(model(), d_);
    initial_time_ = d_->time;
    init_qpos_.assign(d_->qpos, d_->qpos + m_.nq);
    init_qvel_.assign(d_->qvel, d_->qvel + m_.nv);
  }

  // render(): _render_callback, then the frame.
  void Render(const RenderRequest& request, std::uint8_t* rgb) {
    ShowTarget();
    HandEnv::Render(request, rgb);
  }

 protected:
  // The reference's reset loop (_reset_sim until the object rests on the
  // palm), then _sample_goal, then the observation.
  void Reset() override {
    int draws = 0;
    while (!ResetSim()) {
      if (++draws >= kMaxResetDraws) {
        throw std::runtime_error("HandManipulate: the object fell off the palm after " +
                                 std::to_string(kMaxResetDraws) + " reset draws");
      }
    }
    DrawGoal();
    Write(/*after_step=*/false);
  }

  void Step(const Action& action) override {
    SetAction(ActionOf(action));
    Simulate();
    Write(/*after_step=*/true);
  }

  bool IsTerminated() override { return false; }

 private:
  using Goal = std::array<double, kManipulateGoalSize>;

  // quat_from_angle_and_axis of a uniform(-pi, pi) angle about z.
  Quat DrawZRotation() {
    return QuatFromAngleAndAxis(np_random().Uniform(-std::numbers::pi, std::numbers::pi),
                                {0.0, 0.0, 1.0});
  }

  // One of parallel_quats, drawn.
  const Quat& DrawParallel() {
    return parallel_quats_[np_random().Integers(0, kNumParallelRotations)];
  }

  // quat_from_angle_and_axis of a uniform(-pi, pi) angle about an axis
  // drawn from uniform(-1, 1, size=3), angle first.
  Quat DrawAnyRotation() {
    const double angle = np_random().Uniform(-std::numbers::pi, std::numbers::pi);
    const std::vector<double> axis = np_random().Uniform(-1.0, 1.0, 3);
    return QuatFromAngleAndAxis(angle, {axis[0], axis[1], axis[2]});
  }

  // _reset_sim: whether the object stayed on the palm.
  bool ResetSim() {
    d_->time = initial_time_;
    std::copy(init_qpos_.begin(), init_qpos_.end(), d_->qpos);
    std::copy(init_qvel_.begin(), init_qvel_.end(), d_->qvel);
    ClearActivations();
    mj_forward(model(), d_);
    double* object = d_->qpos + layout_.object_qpos;
    Vec3 pos = {object[0], object[1], object[2]};
    Quat quat = {object[3], object[4], object[5], object[6]};
    if (randomize_rotation_) {
      switch (target_rotation_) {
        case TargetRotation::kZ:
          quat = QuatMul(quat, DrawZRotation());
          break;
        case TargetRotation::kParallel: {
          const Quat z = DrawZRotation();
          quat = QuatMul(quat, QuatMul(z, DrawParallel()));
          break;
        }
        case TargetRotation::kXyz:
          quat = QuatMul(quat, DrawAnyRotation());
          break;
      }
    }
    if (randomize_position_ && target_position_ != TargetPosition::kFixed) {
      const std::vector<double> noise = np_random().Normal(0.0, kObjectPositionNoise, 3);
      for (int i = 0; i < 3; ++i) pos[i] = pos[i] + noise[i];
    }
    DivideByNorm(&quat);
    std::copy(pos.begin(), pos.end(), object);
    std::copy(quat.begin(), quat.end(), object + 3);
    for (int i = 0; i < kSettleSteps; ++i) {
      SetZeroAction();
      Simulate();
    }
    mj_forward(model(), d_);
    return d_->site_xpos[3 * layout_.object_center + 2] > kOnPalmHeight;
  }

  // _sample_goal.
  void DrawGoal() {
    const double* object = d_->qpos + layout_.object_qpos;
    if (target_position_ == TargetPosition::kRandom) {
      const std::vector<double> offset =
          np_random().Uniform(std::vector<double>(range_low_.begin(), range_low_.end()),
                              std::vector<double>(range_high_.begin(), range_high_.end()));
      for (int i = 0; i < 3; ++i) goal_[i] = object[i] + offset[i];
    } else {
      std::copy(object, object + 3, goal_.begin());
    }
    Quat quat;
    switch (target_rotation_) {
      case TargetRotation::kZ:
        quat = DrawZRotation();
        break;
      case TargetRotation::kParallel: {
        const Quat z = DrawZRotation();
        quat = QuatMul(z, DrawParallel());
        break;
      }
      case TargetRotation::kXyz:
        quat = DrawAnyRotation();
        break;
    }
    DivideByNorm(&quat);
    std::copy(quat.begin(), quat.end(), goal_.begin() + 3);
  }

  // _goal_distance: (d_pos, d_rot).
  std::pair<double, double> Distance(const Goal& achieved) const {
    double d_pos = 0.0;
    if (target_position_ != TargetPosition::kIgnore) {
      const double diff[3] = {achieved[0] - goal_[0], achieved[1] - goal_[1],
                              achieved[2] - goal_[2]};
      d_pos = std::sqrt(numpy_exact::NumpySumOfSquares(diff, 3));
    }
    Quat qa = {achieved[3], achieved[4], achieved[5], achieved[6]};
    const Quat qb = {goal_[3], goal_[4], goal_[5], goal_[6]};
    if (ignore_z_) {
      Euler ea = QuatToEuler(qa);
      ea[2] = QuatToEuler(qb)[2];
      qa = EulerToQuat(ea);
    }
    const Quat diff = QuatMul(qa, QuatConjugate(qb));
    const double d_rot = 2.0 * numpy_exact::NumpyArccos(mujoco::Clip(diff[0], -1.0, 1.0));
    return {d_pos, d_rot};
  }

  void Write(bool after_step) {
    State& state = Allocate();
    Goal achieved;
    std::copy(d_->qpos + layout_.object_qpos, d_->qpos + layout_.object_qpos + 7, achieved.begin());
    mujoco::ObsWriter obs(state["obs:observation"_].Data<double>(),
                          state["obs:observation"_].size());
    WriteRobotState(&obs);
    obs.Copy(d_->qvel + layout_.object_dof, 6);
    obs.Copy(achieved.data(), kManipulateGoalSize);
    WriteTouch(&obs);
    obs.Done();
    const auto [d_pos, d_rot] = Distance(achieved);
    const float success = static_cast<float>(d_pos < distance_threshold_) *
                          static_cast<float>(d_rot < rotation_threshold_);
    const double reward = dense_ ? -(10.0 * d_pos + d_rot) : static_cast<double>(success - 1.0F);
    WriteGoals(state, achieved.data(), goal_.data(), kManipulateGoalSize, success,
               after_step ? reward : 0.0);
  }

  void WriteTouch(mujoco::ObsWriter* obs) const {
    if (touch_obs_ == TouchObs::kOff) return;
    std::vector<double> values(layout_.touch.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      const double reading = d_->sensordata[layout_.touch[i].first];
      switch (touch_obs_) {
        case TouchObs::kBoolean:
          values[i] = reading > 0.0 ? 1.0 : 0.0;
          break;
        case TouchObs::kLog:
          values[i] = reading + 1.0;
          break;
        default:
          values[i] = reading;
      }
    }
    // np.log over the whole array at once, as NumPy's loop gets it.
    if (touch_obs_ == TouchObs::kLog) {
      numpy_exact::NumpyLog(values.data(), values.data(),
                            static_cast<std::ptrdiff_t>(values.size()));
    }
    obs->Copy(values.data(), static_cast<int>(values.size()));
  }

  // _render_callback.
  void ShowTarget() {
    Goal shown = goal_;
    if (target_position_ == TargetPosition::kIgnore) shown[0] = shown[0] + kHiddenTargetShift;
    std::copy(shown.begin(), shown.end(), d_->qpos + layout_.target_qpos);
    std::fill(d_->qvel + layout_.target_dof, d_->qvel + layout_.target_dof + 6, 0.0);
    if (layout_.object_hidden >= 0) model()->geom_rgba[4 * layout_.object_hidden + 3] = 1.0F;
    mj_forward(model(), d_);
    if (touch_visual_ != TouchVisual::kOnTouch) return;
    for (const auto& [adr, site] : layout_.touch) {
      const auto& colour = d_->sensordata[adr] != 0.0 ? kTouchColour : kNoTouchColour;
      std::copy(colour.begin(), colour.end(), model()->site_rgba + 4 * site);
    }
  }

  const ManipulateLayout layout_;
  const TargetPosition target_position_;
  const TargetRotation target_rotation_;
  const TouchObs touch_obs_;
  const TouchVisual touch_visual_;
  const bool randomize_position_;
  const bool randomize_rotation_;
  const bool ignore_z_;
  const double rotation_threshold_;
  const std::array<Quat, kNumParallelRotations> parallel_quats_;
  std::array<double, 3> range_low_{};
  std::array<double, 3> range_high_{};
  double initial_time_ = 0.0;
  Goal goal_{};
};

using HandManipulateEnvPool = AsyncEnvPool<HandManipulateEnv>;

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_HAND_MANIPULATE_H_
