// dial-turn-v3 (sawyer_dial_turn_v3.py): turn a dial on the table by pushing
// its rim; the goal is a point the rim's tip reaches when turned far enough.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_DIAL_TURN_H_
#define PARALLEL_POOL_METAWORLD_TASKS_DIAL_TURN_H_

#include <algorithm>
#include <cmath>
#include <vector>

#include "parallel_pool/dm_rewards/tolerance.h"
#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::metaworld {

class DialTurn : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_dial.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0F, 0.6F, 0.2F};
    // The dial's position.
    s.rand_low = {-0.1, 0.7, 0.0};
    s.rand_high = {0.1, 0.8, 0.0};
    s.goal_low = {-0.1, 0.73, 0.0299};
    s.goal_high = {0.1, 0.83, 0.0301};
    return s;
  }

  DialTurn(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        dial_(Id(mjOBJ_BODY, "dial")),
        goal_site_(Id(mjOBJ_SITE, "goal")),
        knob_qpos_(m_.jnt_qposadr[Id(mjOBJ_JOINT, "knob_Joint_1")]) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    target_pos_ = {rand_vec[0] + 0.0, rand_vec[1] + 0.03, rand_vec[2] + 0.03};
    // model.body("dial").pos and model.site("goal").pos, in place since the
    // first reset_model.
    std::copy(obj_init_pos_.begin(), obj_init_pos_.end(), model().body_pos + 3 * dial_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    // Read from the state _reset_hand's last step left (no mj_forward since).
    dial_push_position_ = PushPosition();
  }

  int ObjectsPose(double* out) const override {
    const Vec3 pos = RimPosition();
    std::copy(pos.begin(), pos.end(), out);
    const double* quat = d_->xquat + 4 * dial_;
    std::copy(quat, quat + 4, out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* /*obs*/, const float* action) override {
    const Vec3 obj = RimPosition();
    const Vec3 dial_push_position = PushPosition();
    const Vec3 tcp = TcpCenter();
    const Vec3 target = target_pos_;

    const double target_to_obj = Distance(obj, target);
    const double target_to_obj_init = Distance(dial_push_position_, target);
    const double in_place =
        LongTail(target_to_obj, 0, kTargetRadius, std::abs(target_to_obj_init - kTargetRadius));

    constexpr double kDialReachRadius = 0.005;
    const double tcp_to_obj = Distance(dial_push_position, tcp);
    const double tcp_to_obj_init = Distance(dial_push_position_, init_tcp_);
    const double reach_shape = dm_rewards::Tolerance(tcp_to_obj, 0, kDialReachRadius,
                                                     std::abs(tcp_to_obj_init - kDialReachRadius),
                                                     dm_rewards::Sigmoid::kGaussian);
    // min(max(0, action[-1]), 1): the np.float32 effort, or the ints 0 and 1.
    const float effort = action[3];
    const Scalar gripper_closed =
        !(effort > 0) ? Scalar(0.0) : (1 < effort ? Scalar(1.0) : Scalar::Float32(effort));
    const Scalar reach = HamacherProduct(reach_shape, gripper_closed);
    const Scalar reward = Scalar(10.0) * HamacherProduct(reach, in_place);

    Evaluation e;
    e.reward = reward.value();
    e.success = target_to_obj <= kTargetRadius ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.01 ? 1.0 : 0.0;
    e.grasp_success = 1.0;
    e.grasp_reward = reach.value();
    e.in_place_reward = in_place;
    e.obj_to_target = target_to_obj;
    e.unscaled_reward = reward.value();
    return e;
  }

 private:
  // The task's TARGET_RADIUS (SawyerXYZEnv's is 0.05).
  static constexpr double kTargetRadius = 0.07;

  // _get_pos_objects: the point of the rim, 0.05 from the dial's centre,
  // that the knob's angle turns.
  Vec3 RimPosition() const {
    const Vec3 center = BodyCom(dial_);
    const double angle = d_->qpos[knob_qpos_];
    double offset[3] = {numpy_exact::NumpySin(angle), -numpy_exact::NumpyCos(angle), 0.0};
    for (double& o : offset) o *= 0.05;
    return {center[0] + offset[0], center[1] + offset[1], center[2] + offset[2]};
  }

  // _get_pos_objects() + (0.05, 0.02, 0.09): where the hand pushes.
  Vec3 PushPosition() const {
    const Vec3 rim = RimPosition();
    return {rim[0] + 0.05, rim[1] + 0.02, rim[2] + 0.09};
  }

  const int dial_;
  const int goal_site_;
  const int knob_qpos_;
  Vec3 dial_push_position_ = {0.0, 0.0, 0.0};
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_DIAL_TURN_H_
