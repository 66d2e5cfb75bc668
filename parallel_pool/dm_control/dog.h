// dm_control's dog domain (suite/dog.py): a muscle-free skeletal dog, 38
// filtered-activation actuators driving its joints through tendons.
//
// The model is built by dm_control per task (dog.get_model_and_assets; see
// registration.py): stand, walk, trot and run on a floor of 15, 15, 45 and
// 135 m without the ball, target and walls; fetch on the 10 m floor with
// them. Its meshes are read from the suite's dog_assets folder.
//
// Tasks (every reward a product of factors, np.prod in order):
//   "stand": torso and pelvis = tolerance(height, bounds=(h0, inf),
//     margin=h0) (gaussian), h0 = 0.9 * that body's height in the model's
//     default pose; upright = tolerance(each of the skull's, torso's and
//     pelvis' zz, bounds=(cos 30 degrees, inf), margin=cos 30 degrees + 1,
//     value_at_margin=0, sigmoid='linear') (three factors); touch =
//     tolerance(sum of the four touch sensors, bounds=(w, inf), margin=w,
//     value_at_margin=0.9, sigmoid='linear'), w the dog's weight.
//   "walk", "trot", "run" (speed 1, 3, 9): stand's six factors and
//     (4 * forward + 1) / 5, forward = tolerance(the torso subtree's linear
//     velocity along the torso's x, bounds=(speed, 2 * speed),
//     margin=max(1, speed), value_at_margin=0, sigmoid='linear').
//   "fetch": stand's six factors, reach = (6 * tolerance(mouth-to-ball
//     distance, bounds=(0, bite radius), margin=2, sigmoid='reciprocal') + 1)
//     / 7 (1 once the ball is within twice the target's radius of it), and
//     (tolerance(ball-to-target distance, bounds=(0, target radius),
//     margin=floor size, sigmoid='reciprocal') + 1) / 2.
// Observation: joint_angles and joint_velocites (sic) of the hinges (73
//   each); torso_pelvis_height (2); z_projection = the z rows (zx, zy, zz)
//   of the skull's, torso's and pelvis' frames (9); torso_com_velocity = the
//   torso subtree's linear velocity in the torso frame (3);
//   inertial_sensors = accelerometer, velocimeter, gyro (9); foot_forces
//   (12); touch_sensors (4); actuator_state = act (38). Fetch adds
//   ball_state = the ball's position and linear velocity relative to the
//   head site, in its frame (6), and target_position in the head frame (3).
// Episode start (dm_control's Stand.initialize_episode; every draw from the
//   task's RandomState, in this order): reset to the model's default pose;
//   azimuth = uniform(0, 2 pi), the root rotated about z by it; root linear
//   x, y and angular z velocity 2 * randn() each; every activation
//   uniform in its actuator's ctrlrange. Fetch then: azimuth' =
//   uniform(0, 2 pi), the ball at 0.75 * floor size in that direction,
//   5 cm up; height = uniform(0, 3) (upward speed sqrt(2 g height)); speed =
//   uniform(0, 5) towards the origin, each horizontal direction perturbed by
//   0.05 * randn().
// Control timestep 0.015 s (n_sub_steps 3); time limit 15 s = 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_DOG_H_
#define PARALLEL_POOL_DM_CONTROL_DOG_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/built_model.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_control/hinges.h"
#include "parallel_pool/dm_rewards/tolerance.h"
#include "parallel_pool/numpy_exact/numpy_math.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::dm_control {

enum class DogTask { kStand, kWalk, kTrot, kRun, kFetch };

inline DogTask DogTaskOf(const std::string& task) {
  if (task == "stand") return DogTask::kStand;
  if (task == "walk") return DogTask::kWalk;
  if (task == "trot") return DogTask::kTrot;
  if (task == "run") return DogTask::kRun;
  if (task == "fetch") return DogTask::kFetch;
  throw std::invalid_argument(
      "task_name: dog has the tasks 'stand', 'walk', 'trot', 'run' and 'fetch', not '" + task +
      "'");
}

// The move tasks' target speeds (stand and fetch: 0, no forward factor).
inline double DogMoveSpeed(DogTask task) {
  switch (task) {
    case DogTask::kWalk:
      return 1;
    case DogTask::kTrot:
      return 3;
    case DogTask::kRun:
      return 9;
    case DogTask::kStand:
    case DogTask::kFetch:
      break;
  }
  return 0;
}

inline constexpr double kDogMaxUprightDegrees = 30;
inline constexpr double kDogStandHeightFraction = 0.9;
// The root's initial linear x, y and angular z velocities are 2 * randn().
inline constexpr double kDogRootSpeedScale = 2;
inline constexpr std::array<int, 3> kDogRandomizedRootDofs = {0, 1, 5};
// fetch.
inline constexpr double kDogBallDistanceFraction = 0.75;
inline constexpr double kDogBallStartHeight = 0.05;
inline constexpr double kDogMaxThrowHeight = 3;
inline constexpr double kDogMaxThrowSpeed = 5;
inline constexpr double kDogThrowDirectionNoise = 0.05;
inline constexpr double kDogBiteMargin = 2;

class DogEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("stand", "dog.xml", 3); }

  template <typename Config>
  static void Validate(const Config& conf) {
    DogTaskOf(conf["task_name"_]);
    ValidateBuiltModelConfig(conf, "dog", "dog.get_model_and_assets");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    ModelPtr model = SuiteModelOf(conf);
    const bool fetch = DogTaskOf(conf["task_name"_]) == DogTask::kFetch;
    const int hinges = CountHinges(*model);
    return MakeDict(
        "obs:joint_angles"_.Bind(ObsSpec(hinges)), "obs:joint_velocites"_.Bind(ObsSpec(hinges)),
        "obs:torso_pelvis_height"_.Bind(ObsSpec(2)), "obs:z_projection"_.Bind(ObsSpec(9)),
        "obs:torso_com_velocity"_.Bind(ObsSpec(3)), "obs:inertial_sensors"_.Bind(ObsSpec(9)),
        "obs:foot_forces"_.Bind(ObsSpec(12)), "obs:touch_sensors"_.Bind(ObsSpec(4)),
        "obs:actuator_state"_.Bind(ObsSpec(model->na)),
        "obs:ball_state"_.Bind(ObsSpec(6).OnlyIf(fetch)),
        "obs:target_position"_.Bind(ObsSpec(3).OnlyIf(fetch)));
  }
};

using DogEnvSpec = SuiteEnvSpec<DogEnvFns>;

class DogEnv : public DmcEnv<DogEnvSpec> {
 public:
  DogEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id),
        task_(DogTaskOf(task_name())),
        move_speed_(DogMoveSpeed(task_)),
        torso_(names_.Body("torso")),
        pelvis_(names_.Body("pelvis")),
        skull_(names_.Body("skull")),
        root_qpos_(names_.QposAddr("root")),
        torso_linvel_(names_.SensorAddr("torso_linvel")),
        hinges_(HingeAddressesOf(m_)),
        inertial_({names_.SensorAddr("accelerometer"), names_.SensorAddr("velocimeter"),
                   names_.SensorAddr("gyro")}),
        foot_forces_({names_.SensorAddr("foot_L"), names_.SensorAddr("foot_R"),
                      names_.SensorAddr("hand_L"), names_.SensorAddr("hand_R")}),
        touch_({names_.SensorAddr("palm_L"), names_.SensorAddr("palm_R"),
                names_.SensorAddr("sole_L"), names_.SensorAddr("sole_R")}),
        // _MIN_UPRIGHT_COSINE = np.cos(np.deg2rad(30)); NumPy's deg2rad
        // multiplies by the double nearest pi / 180.
        min_upright_cosine_(
            numpy_exact::NumpyCos(kDogMaxUprightDegrees * (std::numbers::pi / 180.0))) {
    if (m_.nu != m_.na)
      throw std::invalid_argument("model: dog expects one activation per actuator");
    if (task_ == DogTask::kFetch) {
      head_ = names_.Site("head");
      upper_bite_ = names_.Site("upper_bite");
      lower_bite_ = names_.Site("lower_bite");
      ball_ = names_.Geom("ball");
      target_ = names_.Geom("target");
      ball_qpos_ = names_.QposAddr("ball_root");
      ball_dof_ = names_.DofAddr("ball_root");
      floor_size_ = m_.geom_size[3 * names_.Geom("floor")];
      bite_radius_ = m_.site_size[3 * upper_bite_];
      target_radius_ = m_.geom_size[3 * target_];
    }
  }

 protected:
  void InitializeEpisode() override {
    // physics.reset(): the default pose, whose heights set the stand targets.
    mj_resetData(&m_, d_);
    ForwardWithoutActuation();
    for (int i = 0; i < 2; ++i) {
      stand_height_[i] = TorsoPelvisHeight(i) * kDogStandHeightFraction;
    }
    body_weight_ = -m_.opt.gravity[2] * m_.body_subtreemass[torso_];

    const double azimuth = random_.Uniform(0, 2 * std::numbers::pi);
    double* root_quat = d_->qpos + root_qpos_ + 3;
    root_quat[0] = numpy_exact::NumpyCos(azimuth / 2);
    root_quat[1] = 0;
    root_quat[2] = 0;
    root_quat[3] = numpy_exact::NumpySin(azimuth / 2);
    for (int dof : kDogRandomizedRootDofs) {
      d_->qvel[dof] = kDogRootSpeedScale * random_.StandardNormal();
    }
    for (int i = 0; i < m_.nu; ++i) {
      d_->act[i] = random_.Uniform(m_.actuator_ctrlrange[2 * i], m_.actuator_ctrlrange[2 * i + 1]);
    }
    if (task_ == DogTask::kFetch) ThrowBall();
  }

  void WriteObservation(const State& state) override {
    double* angles = state["obs:joint_angles"_].Data<double>();
    for (int adr : hinges_.qpos) *angles++ = d_->qpos[adr];
    double* velocities = state["obs:joint_velocites"_].Data<double>();
    for (int adr : hinges_.dof) *velocities++ = d_->qvel[adr];
    double* heights = state["obs:torso_pelvis_height"_].Data<double>();
    heights[0] = TorsoPelvisHeight(0);
    heights[1] = TorsoPelvisHeight(1);
    double* z_projection = state["obs:z_projection"_].Data<double>();
    for (int body : {skull_, torso_, pelvis_}) {
      for (int i = 6; i < 9; ++i) *z_projection++ = d_->xmat[9 * body + i];
    }
    TorsoComVelocity(state["obs:torso_com_velocity"_].Data<double>());
    GatherSensors(inertial_, 3, state["obs:inertial_sensors"_].Data<double>());
    GatherSensors(foot_forces_, 3, state["obs:foot_forces"_].Data<double>());
    GatherSensors(touch_, 1, state["obs:touch_sensors"_].Data<double>());
    state["obs:actuator_state"_].Assign(d_->act, m_.na);
    if (task_ == DogTask::kFetch) {
      WriteBallState(state["obs:ball_state"_].Data<double>());
      WriteInHeadFrame(d_->geom_xpos + 3 * target_, state["obs:target_position"_].Data<double>());
    }
  }

  double Reward() override {
    // Stand's factors, then the task's; np.prod multiplies them in order.
    std::vector<double> factors;
    factors.reserve(8);
    for (int i = 0; i < 2; ++i) {
      factors.push_back(dm_rewards::Tolerance(TorsoPelvisHeight(i), stand_height_[i],
                                              std::numeric_limits<double>::infinity(),
                                              stand_height_[i]));
    }
    for (int body : {skull_, torso_, pelvis_}) {
      factors.push_back(dm_rewards::Tolerance(
          d_->xmat[9 * body + 8], min_upright_cosine_, std::numeric_limits<double>::infinity(),
          min_upright_cosine_ + 1, dm_rewards::Sigmoid::kLinear, 0));
    }
    std::array<double, 4> touch{};
    GatherSensors(touch_, 1, touch.data());
    factors.push_back(dm_rewards::Tolerance(numpy_exact::NumpySum(touch.data(), touch.size()),
                                            body_weight_, std::numeric_limits<double>::infinity(),
                                            body_weight_, dm_rewards::Sigmoid::kLinear, 0.9));
    if (move_speed_ > 0) {
      std::array<double, 3> com_velocity{};
      TorsoComVelocity(com_velocity.data());
      const double forward =
          dm_rewards::Tolerance(com_velocity[0], move_speed_, 2 * move_speed_,
                                std::max(1.0, move_speed_), dm_rewards::Sigmoid::kLinear, 0);
      factors.push_back((4 * forward + 1) / 5);
    } else if (task_ == DogTask::kFetch) {
      const double ball_to_target = BallToTargetDistance();
      double reach = dm_rewards::Tolerance(BallToMouthDistance(), 0, bite_radius_, kDogBiteMargin,
                                           dm_rewards::Sigmoid::kReciprocal);
      reach = (6 * reach + 1) / 7;
      const double near_target = dm_rewards::Tolerance(
          ball_to_target, 0, target_radius_, floor_size_, dm_rewards::Sigmoid::kReciprocal);
      if (ball_to_target < 2 * target_radius_) reach = 1;
      factors.push_back(reach);
      factors.push_back((near_target + 1) / 2);
    }
    double product = factors[0];
    for (std::size_t i = 1; i < factors.size(); ++i) product *= factors[i];
    return product;
  }

 private:
  // 0: the torso's height, 1: the pelvis'.
  double TorsoPelvisHeight(int i) const { return d_->xpos[3 * (i == 0 ? torso_ : pelvis_) + 2]; }

  // The torso subtree's linear velocity in the torso frame (NumPy's gemv).
  void TorsoComVelocity(double* out) const {
    NumpyVectorTimesMatrix3(d_->sensordata + torso_linvel_, d_->xmat + 9 * torso_, out);
  }

  void GatherSensors(const std::vector<int>& addresses, int dim, double* out) const {
    for (int adr : addresses) {
      for (int i = 0; i < dim; ++i) *out++ = d_->sensordata[adr + i];
    }
  }

  // Fetch.initialize_episode after Stand's.
  void ThrowBall() {
    const double radius = kDogBallDistanceFraction * floor_size_;
    const double azimuth = random_.Uniform(0, 2 * std::numbers::pi);
    const double sin_azimuth = numpy_exact::NumpySin(azimuth);
    const double cos_azimuth = numpy_exact::NumpyCos(azimuth);
    double* ball = d_->qpos + ball_qpos_;
    ball[0] = radius * sin_azimuth;
    ball[1] = radius * cos_azimuth;
    ball[2] = kDogBallStartHeight;
    const double vertical_height = random_.Uniform(0, kDogMaxThrowHeight);
    const double gravity = -m_.opt.gravity[2];
    const double vertical_velocity = std::sqrt(2 * gravity * vertical_height);
    const double horizontal_speed = random_.Uniform(0, kDogMaxThrowSpeed);
    const double direction_x = -sin_azimuth + kDogThrowDirectionNoise * random_.StandardNormal();
    const double direction_y = -cos_azimuth + kDogThrowDirectionNoise * random_.StandardNormal();
    double* velocity = d_->qvel + ball_dof_;
    velocity[0] = horizontal_speed * direction_x;
    velocity[1] = horizontal_speed * direction_y;
    velocity[2] = vertical_velocity;
  }

  // (point - head position).dot(head frame).
  void WriteInHeadFrame(const double* point, double* out) const {
    std::array<double, 3> relative{};
    for (int i = 0; i < 3; ++i) relative[i] = point[i] - d_->site_xpos[3 * head_ + i];
    NumpyVectorTimesMatrix3(relative.data(), d_->site_xmat + 9 * head_, out);
  }

  // np.hstack((head_to_ball.dot(head_frame), head_to_ball_vel.dot(head_frame)))
  // with the velocities of mj_objectVelocity (world frame, linear part).
  void WriteBallState(double* out) const {
    WriteInHeadFrame(d_->geom_xpos + 3 * ball_, out);
    std::array<double, 6> head_velocity{};
    std::array<double, 6> ball_velocity{};
    mj_objectVelocity(&m_, d_, mjOBJ_SITE, head_, head_velocity.data(), 0);
    mj_objectVelocity(&m_, d_, mjOBJ_GEOM, ball_, ball_velocity.data(), 0);
    std::array<double, 3> relative{};
    for (int i = 0; i < 3; ++i) relative[i] = ball_velocity[3 + i] - head_velocity[3 + i];
    NumpyVectorTimesMatrix3(relative.data(), d_->site_xmat + 9 * head_, out + 3);
  }

  double BallToMouthDistance() const {
    std::array<double, 3> to_upper{};
    std::array<double, 3> to_lower{};
    for (int i = 0; i < 3; ++i) {
      to_upper[i] = d_->geom_xpos[3 * ball_ + i] - d_->site_xpos[3 * upper_bite_ + i];
      to_lower[i] = d_->geom_xpos[3 * ball_ + i] - d_->site_xpos[3 * lower_bite_ + i];
    }
    return 0.5 * (numpy_exact::NumpyNorm(to_upper.data(), 3) +
                  numpy_exact::NumpyNorm(to_lower.data(), 3));
  }

  double BallToTargetDistance() const {
    std::array<double, 3> difference{};
    for (int i = 0; i < 3; ++i) {
      difference[i] = d_->geom_xpos[3 * ball_ + i] - d_->geom_xpos[3 * target_ + i];
    }
    return numpy_exact::NumpyNorm(difference.data(), 3);
  }

  const DogTask task_;
  const double move_speed_;
  const int torso_;
  const int pelvis_;
  const int skull_;
  const int root_qpos_;
  const int torso_linvel_;
  const HingeAddresses hinges_;
  const std::vector<int> inertial_;
  const std::vector<int> foot_forces_;
  const std::vector<int> touch_;
  const double min_upright_cosine_;
  // Set by each episode's start from the default pose.
  std::array<double, 2> stand_height_{};
  double body_weight_ = 0;
  // fetch only.
  int head_ = -1;
  int upper_bite_ = -1;
  int lower_bite_ = -1;
  int ball_ = -1;
  int target_ = -1;
  int ball_qpos_ = -1;
  int ball_dof_ = -1;
  double floor_size_ = 0;
  double bite_radius_ = 0;
  double target_radius_ = 0;
};

using DogEnvPool = AsyncEnvPool<DogEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_DOG_H_
