// dm_control's manipulator domain (suite/manipulator.py): a planar arm with a
// two-fingered hand, to bring a ball or a peg to a target pose, or insert it
// into a cup or slot.
//
// Tasks "bring_ball", "bring_peg", "insert_ball", "insert_peg". dm_control
// builds each task's model in code (manipulator.make_model(use_peg, insert):
// manipulator.xml without the other props); registration.py passes that XML
// as `model_xml`.
// Reward, with close(d) = tolerance(d, bounds=(0, 0.01), margin=0.02) of a
//   distance between two sites: ball: close(ball, target_ball); peg:
//   max((close(peg, target_peg) + close(target_peg_tip, peg_tip)) / 2,
//       (close(peg_grasp, grasp) + close(peg_pinch, pinch)) / 2 / 3).
// Observation: arm_pos = (sin, cos) of the 8 arm joints (8 x 2), arm_vel
//   (8), touch = log1p of the 5 touch sensors, hand_pos, object_pos,
//   target_pos = (x, z, qw, qy) of those bodies, object_vel = the object's
//   (x, z, y) joint velocities.
// Episode start, repeated until no contact remains: the 8 arm joints uniform
//   in their ranges ([-pi, pi] for the unlimited root) in one draw, the
//   finger set to the thumb; the target x in [-0.4, 0.4], z in [0.1, 0.4],
//   angle in [-pi, pi] (insert: the receptacle placed there, angle in
//   [-pi/3, pi/3]), which moves bodies of the model, so each env has its own
//   copy of it; then the object, by choice(p=[0.1, 0.1, 0.8]): in the hand
//   (at the grasp site after mj_forward), on the target, or x in [-0.5, 0.5],
//   z in [0, 0.7], angle in [0, 2 pi] with x velocity in [-5, 5]; then
//   mj_forward without actuation, and a contact means another draw.
// Control timestep 0.01 s (n_sub_steps 10); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_MANIPULATOR_H_
#define PARALLEL_POOL_DM_CONTROL_MANIPULATOR_H_

#include <algorithm>
#include <array>
#include <numbers>
#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/built_model.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_rewards/tolerance.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::dm_control {

// The planar arm that manipulator and stacker share: its joints, the draw of
// its pose and its observations.
inline constexpr std::array<const char*, 8> kPlanarArmJoints = {
    "arm_root", "arm_shoulder", "arm_elbow", "arm_wrist",
    "finger",   "fingertip",    "thumb",     "thumbtip"};
inline constexpr int kPlanarArmJointCount = static_cast<int>(kPlanarArmJoints.size());
// Distance below which two sites count as together (dm_control's _CLOSE).
inline constexpr double kPlanarArmClose = 0.01;

class PlanarArm {
 public:
  PlanarArm(const mjModel& m, const NameIndex& names)
      : finger_qpos_(names.QposAddr("finger")), thumb_qpos_(names.QposAddr("thumb")) {
    for (int i = 0; i < kPlanarArmJointCount; ++i) {
      const int joint = names.Joint(kPlanarArmJoints[i]);
      joint_qpos_[i] = m.jnt_qposadr[joint];
      joint_dof_[i] = m.jnt_dofadr[joint];
      // np.where(is_limited, jnt_range, -pi / pi).
      low_[i] = m.jnt_limited[joint] ? m.jnt_range[2 * joint] : -std::numbers::pi;
      high_[i] = m.jnt_limited[joint] ? m.jnt_range[2 * joint + 1] : std::numbers::pi;
    }
  }

  // uniform(lower_limits, upper_limits) into the arm's joints, then the
  // finger symmetric to the thumb.
  void RandomizePose(numpy_exact::NumpyRandomState& random, mjData* d) const {
    for (int i = 0; i < kPlanarArmJointCount; ++i) {
      d->qpos[joint_qpos_[i]] = random.Uniform(low_[i], high_[i]);
    }
    d->qpos[finger_qpos_] = d->qpos[thumb_qpos_];
  }

  // bounded_joint_pos: np.vstack([np.sin(q), np.cos(q)]).T, row i = (sin,
  // cos) of joint i.
  void WriteJointPos(const mjData* d, double* out) const {
    std::array<double, kPlanarArmJointCount> angles{};
    std::array<double, kPlanarArmJointCount> sines{};
    std::array<double, kPlanarArmJointCount> cosines{};
    for (int i = 0; i < kPlanarArmJointCount; ++i) angles[i] = d->qpos[joint_qpos_[i]];
    numpy_exact::NumpySin(angles.data(), sines.data(), kPlanarArmJointCount);
    numpy_exact::NumpyCos(angles.data(), cosines.data(), kPlanarArmJointCount);
    for (int i = 0; i < kPlanarArmJointCount; ++i) {
      out[2 * i] = sines[i];
      out[2 * i + 1] = cosines[i];
    }
  }

  void WriteJointVel(const mjData* d, double* out) const {
    for (int i = 0; i < kPlanarArmJointCount; ++i) out[i] = d->qvel[joint_dof_[i]];
  }

  // body_2d_pose: (x, z, qw, qy) of `body`, or (x, z) without orientation.
  static void WriteBody2dPose(const mjData* d, int body, double* out, bool orientation = true) {
    out[0] = d->xpos[3 * body];
    out[1] = d->xpos[3 * body + 2];
    if (!orientation) return;
    out[2] = d->xquat[4 * body];
    out[3] = d->xquat[4 * body + 2];
  }

  // site_distance(site1, site2): |site1 - site2| (np.linalg.norm of the
  // difference, NumPy's ddot of 3).
  static double SiteDistance(const mjData* d, int site1, int site2) {
    const double* a = d->site_xpos + 3 * site1;
    const double* b = d->site_xpos + 3 * site2;
    const double difference[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    return numpy_exact::NumpyNorm(difference, 3);
  }

 private:
  const int finger_qpos_;
  const int thumb_qpos_;
  std::array<int, kPlanarArmJointCount> joint_qpos_{};
  std::array<int, kPlanarArmJointCount> joint_dof_{};
  std::array<double, kPlanarArmJointCount> low_{};
  std::array<double, kPlanarArmJointCount> high_{};
};

// The touch sensors the manipulator observes, in order.
inline constexpr std::array<const char*, 5> kManipulatorTouchSensors = {
    "palm_touch", "finger_touch", "thumb_touch", "fingertip_touch", "thumbtip_touch"};
// How the object starts (choice(['in_hand', 'in_target', 'uniform'], p)).
inline constexpr double kManipulatorInHandProbability = 0.1;
inline constexpr double kManipulatorInTargetProbability = 0.1;

struct ManipulatorTask {
  bool use_peg;
  bool insert;
};

inline ManipulatorTask ManipulatorTaskOf(const std::string& task) {
  if (task == "bring_ball") return {false, false};
  if (task == "bring_peg") return {true, false};
  if (task == "insert_ball") return {false, true};
  if (task == "insert_peg") return {true, true};
  throw std::invalid_argument(
      "task_name: manipulator has the tasks 'bring_ball', 'bring_peg', 'insert_ball' and "
      "'insert_peg', not '" +
      task + "'");
}

// The prop, its target and its receptacle, by task.
inline const char* ManipulatorObject(bool use_peg) { return use_peg ? "peg" : "ball"; }
inline const char* ManipulatorTarget(bool use_peg) {
  return use_peg ? "target_peg" : "target_ball";
}
inline const char* ManipulatorReceptacle(bool use_peg) { return use_peg ? "slot" : "cup"; }

class ManipulatorEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("bring_ball", "manipulator.xml", 10); }

  template <typename Config>
  static void Validate(const Config& conf) {
    const ManipulatorTask task = ManipulatorTaskOf(conf["task_name"_]);
    ModelPtr model =
        ValidateBuiltModelConfig(conf, "manipulator", "manipulator.make_model(use_peg, insert)");
    // The task's props only: the other object's body must be gone.
    const bool has_ball = mj_name2id(model.get(), mjOBJ_BODY, "ball") >= 0;
    const bool has_peg = mj_name2id(model.get(), mjOBJ_BODY, "peg") >= 0;
    const bool has_receptacle =
        mj_name2id(model.get(), mjOBJ_BODY, ManipulatorReceptacle(task.use_peg)) >= 0;
    RequireConfig(
        has_peg == task.use_peg && has_ball == !task.use_peg && has_receptacle == task.insert,
        "model_xml: not manipulator.make_model's model of task " + std::string(conf["task_name"_]));
  }

  template <typename Config>
  static auto StateSpec(const Config& /*conf*/) {
    return MakeDict("obs:arm_pos"_.Bind(Spec<double>({kPlanarArmJointCount, 2})),
                    "obs:arm_vel"_.Bind(ObsSpec(kPlanarArmJointCount)),
                    "obs:touch"_.Bind(ObsSpec(static_cast<int>(kManipulatorTouchSensors.size()))),
                    "obs:hand_pos"_.Bind(ObsSpec(4)), "obs:object_pos"_.Bind(ObsSpec(4)),
                    "obs:object_vel"_.Bind(ObsSpec(3)), "obs:target_pos"_.Bind(ObsSpec(4)));
  }
};

using ManipulatorEnvSpec = SuiteEnvSpec<ManipulatorEnvFns>;

class ManipulatorEnv : public DmcEnv<ManipulatorEnvSpec> {
 public:
  ManipulatorEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id, ModelSharing::kPrivateCopy),
        task_(ManipulatorTaskOf(task_name())),
        arm_(m_, names_),
        hand_(names_.Body("hand")),
        object_(names_.Body(ManipulatorObject(task_.use_peg))),
        target_(names_.Body(ManipulatorTarget(task_.use_peg))),
        receptacle_(task_.insert ? names_.Body(ManipulatorReceptacle(task_.use_peg)) : -1),
        grasp_(names_.Site("grasp")) {
    const std::string object = ManipulatorObject(task_.use_peg);
    // The object's joints in dm_control's order: x, z, then the hinge y.
    const std::array<std::string, 3> joints = {object + "_x", object + "_z", object + "_y"};
    for (int i = 0; i < 3; ++i) {
      object_qpos_[i] = names_.QposAddr(joints[i].c_str());
      object_dof_[i] = names_.DofAddr(joints[i].c_str());
    }
    for (std::size_t i = 0; i < kManipulatorTouchSensors.size(); ++i) {
      touch_sensors_[i] = names_.SensorAddr(kManipulatorTouchSensors[i]);
    }
    if (task_.use_peg) {
      peg_sites_ = {names_.Site("peg_grasp"),      names_.Site("grasp"),  names_.Site("peg_pinch"),
                    names_.Site("pinch"),          names_.Site("peg"),    names_.Site("target_peg"),
                    names_.Site("target_peg_tip"), names_.Site("peg_tip")};
    } else {
      ball_sites_ = {names_.Site("ball"), names_.Site("target_ball")};
    }
  }

 protected:
  void InitializeEpisode() override {
    mjModel& model = mutable_model();
    do {
      arm_.RandomizePose(random_, d_);

      const double target_x = random_.Uniform(-0.4, 0.4);
      const double target_z = random_.Uniform(0.1, 0.4);
      double target_angle;
      if (task_.insert) {
        target_angle = random_.Uniform(-std::numbers::pi / 3, std::numbers::pi / 3);
        PlaceBody(model, receptacle_, target_x, target_z, target_angle);
      } else {
        target_angle = random_.Uniform(-std::numbers::pi, std::numbers::pi);
      }
      PlaceBody(model, target_, target_x, target_z, target_angle);

      double object_x;
      double object_z;
      double object_angle;
      switch (ChooseObjectStart()) {
        case ObjectStart::kInTarget:
          object_x = target_x;
          object_z = target_z;
          object_angle = target_angle;
          break;
        case ObjectStart::kInHand: {
          ForwardWithoutActuation();
          object_x = d_->site_xpos[3 * grasp_];
          object_z = d_->site_xpos[3 * grasp_ + 2];
          // site_xmat['grasp', ['xx', 'zx']].
          const double* grasp_frame = d_->site_xmat + 9 * grasp_;
          object_angle =
              std::numbers::pi - numpy_exact::NumpyArctan2(grasp_frame[6], grasp_frame[0]);
          break;
        }
        case ObjectStart::kUniform:
          object_x = random_.Uniform(-0.5, 0.5);
          object_z = random_.Uniform(0, 0.7);
          object_angle = random_.Uniform(0, 2 * std::numbers::pi);
          d_->qvel[object_dof_[0]] = random_.Uniform(-5, 5);
          break;
      }
      d_->qpos[object_qpos_[0]] = object_x;
      d_->qpos[object_qpos_[1]] = object_z;
      d_->qpos[object_qpos_[2]] = object_angle;

      ForwardWithoutActuation();
    } while (d_->ncon > 0);
  }

  void WriteObservation(const State& state) override {
    arm_.WriteJointPos(d_, state["obs:arm_pos"_].Data<double>());
    arm_.WriteJointVel(d_, state["obs:arm_vel"_].Data<double>());
    // np.log1p(sensordata[touch sensors]): one call on the 5 values.
    std::array<double, kManipulatorTouchSensors.size()> touch{};
    for (std::size_t i = 0; i < touch.size(); ++i) touch[i] = d_->sensordata[touch_sensors_[i]];
    numpy_exact::NumpyLog1p(touch.data(), state["obs:touch"_].Data<double>(),
                            static_cast<std::ptrdiff_t>(touch.size()));
    PlanarArm::WriteBody2dPose(d_, hand_, state["obs:hand_pos"_].Data<double>());
    PlanarArm::WriteBody2dPose(d_, object_, state["obs:object_pos"_].Data<double>());
    double* object_vel = state["obs:object_vel"_].Data<double>();
    for (int i = 0; i < 3; ++i) object_vel[i] = d_->qvel[object_dof_[i]];
    PlanarArm::WriteBody2dPose(d_, target_, state["obs:target_pos"_].Data<double>());
  }

  double Reward() override {
    if (!task_.use_peg) return IsClose(ball_sites_[0], ball_sites_[1]);
    const double grasping =
        (IsClose(peg_sites_[0], peg_sites_[1]) + IsClose(peg_sites_[2], peg_sites_[3])) / 2;
    const double bringing =
        (IsClose(peg_sites_[4], peg_sites_[5]) + IsClose(peg_sites_[6], peg_sites_[7])) / 2;
    return std::max(bringing, grasping / 3);
  }

 private:
  enum class ObjectStart { kInHand, kInTarget, kUniform };

  // choice(['in_hand', 'in_target', 'uniform'], p=[0.1, 0.1, 0.8]): NumPy's
  // cdf = p.cumsum() / its last element, then the index of the first cdf
  // entry above one random_sample() (searchsorted, side='right').
  ObjectStart ChooseObjectStart() {
    const double p[3] = {kManipulatorInHandProbability, kManipulatorInTargetProbability,
                         1 - kManipulatorInHandProbability - kManipulatorInTargetProbability};
    double cdf[3];
    cdf[0] = p[0];
    cdf[1] = cdf[0] + p[1];
    cdf[2] = cdf[1] + p[2];
    const double total = cdf[2];
    for (double& c : cdf) c /= total;
    const double sample = random_.RandomSample();
    if (sample < cdf[0]) return ObjectStart::kInHand;
    if (sample < cdf[1]) return ObjectStart::kInTarget;
    return ObjectStart::kUniform;
  }

  // body_pos[body, ['x', 'z']] = x, z; body_quat[body, ['qw', 'qy']] =
  // cos(angle / 2), sin(angle / 2) (the other two entries stay the model's).
  static void PlaceBody(mjModel& model, int body, double x, double z, double angle) {
    model.body_pos[3 * body] = x;
    model.body_pos[3 * body + 2] = z;
    model.body_quat[4 * body] = numpy_exact::NumpyCos(angle / 2);
    model.body_quat[4 * body + 2] = numpy_exact::NumpySin(angle / 2);
  }

  // _is_close: tolerance(distance, (0, 0.01), margin=0.02).
  double IsClose(int site1, int site2) const {
    return dm_rewards::Tolerance(PlanarArm::SiteDistance(d_, site1, site2), 0, kPlanarArmClose,
                                 kPlanarArmClose * 2);
  }

  const ManipulatorTask task_;
  const PlanarArm arm_;
  const int hand_;
  const int object_;
  const int target_;
  const int receptacle_;
  const int grasp_;
  std::array<int, 3> object_qpos_{};
  std::array<int, 3> object_dof_{};
  std::array<int, kManipulatorTouchSensors.size()> touch_sensors_{};
  // The (site1, site2) pairs of the reward's distances, in its order.
  std::array<int, 8> peg_sites_{};
  std::array<int, 2> ball_sites_{};
};

using ManipulatorEnvPool = AsyncEnvPool<ManipulatorEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_MANIPULATOR_H_
