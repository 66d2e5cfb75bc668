// stick-push-v3 (sawyer_stick_push_v3.py): grasp a stick and push a
// thermos (which slides in the table's plane) with it to a goal drawn each
// reset.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_STICK_PUSH_H_
#define PARALLEL_POOL_METAWORLD_TASKS_STICK_PUSH_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class StickPush : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_stick_obj.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The stick's position, then the goal.
    s.rand_low = {-0.08, 0.58, 0.000, 0.399, 0.55, 0.1319};
    s.rand_high = {-0.03, 0.62, 0.001, 0.401, 0.6, 0.1321};
    s.goal_low = {0.399, 0.55, 0.1319};
    s.goal_high = {0.401, 0.6, 0.1321};
    return s;
  }

  // Redrawn while the stick is within 0.1 of the goal in the plane.
  static std::vector<double> DrawRandVec(const SawyerSetup& setup,
                                         numpy_exact::NumpyRandomState* random) {
    std::vector<double> v = UniformRandVec(setup, random);
    auto planar = [&v] {
      const double d[2] = {v[0] - v[3], v[1] - v[4]};
      return numpy_exact::NumpyNorm(d, 2);
    };
    while (planar() < 0.1) v = UniformRandVec(setup, random);
    return v;
  }

  StickPush(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        stick_(Id(mjOBJ_BODY, "stick")),
        stick_geom_(Id(mjOBJ_GEOM, "objGeom")),
        container_(Id(mjOBJ_BODY, "object")),
        insertion_(Id(mjOBJ_SITE, "insertion")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  // The goal marker takes a height read after _reset_hand.
  bool ReplaysFirstResetModel() const override { return true; }

  void ResetModel(const std::vector<double>& rand_vec) override {
    ResetHand();
    // The task's caging reward measures from the stick's start, so the
    // base's obj_init_pos_ is the stick's (stick_init_pos).
    obj_init_pos_ = {rand_vec[0], rand_vec[1], kStickInitZ};
    // The goal at the thermos's insertion height, which is fixed (the
    // thermos slides in the plane), so the first of the reference's two
    // reset_model calls wrote the same goal site.
    target_pos_ = {rand_vec[3], rand_vec[4], site_xpos(insertion_)[2]};
    SetObjXyz(obj_init_pos_);
    // _set_obj_xyz: the thermos's slides at 0. qvel[16:18] is one value
    // (the stick's free joint has 7 qpos but 6 dofs).
    std::vector<double> qpos = Qpos();
    std::vector<double> qvel = Qvel();
    std::fill(qpos.begin() + 16, qpos.begin() + 18, 0.0);
    std::fill(qvel.begin() + 16, qvel.begin() + std::min<std::size_t>(18, qvel.size()), 0.0);
    SetState(qpos, qvel);
    container_init_pos_ = BodyCom(container_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
  }

  int ObjectsPose(double* out) const override {
    const double* stick = xpos(stick_);
    std::copy(stick, stick + 3, out);
    const auto quat = numpy_exact::ScipyQuatFromMatrix(d_->xmat + 9 * stick_);
    std::copy(quat.begin(), quat.end(), out + 3);
    // The thermos: its insertion site moved to its middle, without orientation.
    const double* insertion = site_xpos(insertion_);
    out[7] = insertion[0] + 0.0;
    out[8] = insertion[1] + 0.09;
    out[9] = insertion[2] + 0.0;
    std::fill(out + 10, out + 14, 0.0);
    return 14;
  }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 tcp = TcpCenter();
    const Vec3 stick = {obs[4] + 0.015, obs[5] + 0.0, obs[6] + 0.0};
    const Vec3 container = ToVec3(obs + 11);
    const double tcp_opened = obs[3];
    const Vec3& target = target_pos_;

    const double tcp_to_stick = Distance(stick, tcp);
    const double stick_to_target = Distance(stick, target);
    const double stick_in_place_margin = Distance(obj_init_pos_, target) - kTargetRadius;
    const double stick_in_place =
        LongTail(stick_to_target, 0, kTargetRadius, stick_in_place_margin);
    const double container_to_target = Distance(container, target);
    const double container_in_place_margin = Distance(container_init_pos_, target) - kTargetRadius;
    const double container_in_place =
        LongTail(container_to_target, 0, kTargetRadius, container_in_place_margin);

    Scalar object_grasped = GripperCagingReward(action, stick, 0.04, 0.05, 0.01, 0.01, 1.0,
                                                /*high_density=*/true);
    Scalar reward = object_grasped;
    if (tcp_to_stick < 0.02 && tcp_opened > 0 && stick[2] - 0.01 > obj_init_pos_[2]) {
      object_grasped = 1.0;
      reward = 2.0 + 5.0 * stick_in_place + 3.0 * container_in_place;
      if (container_to_target <= kTargetRadius) reward = 10.0;
    }

    const bool success = container_to_target <= 0.12;
    const bool grasp_success =
        TouchingObject(stick_geom_) && tcp_opened > 0 && obs[6] - 0.01 > obj_init_pos_[2];
    Evaluation e;
    e.reward = reward.value();
    e.success = grasp_success && success ? 1.0 : 0.0;
    e.near_object = tcp_to_stick <= 0.03 ? 1.0 : 0.0;
    e.grasp_success = grasp_success ? 1.0 : 0.0;
    e.grasp_reward = object_grasped.value();
    e.in_place_reward = stick_in_place;
    e.obj_to_target = container_to_target;
    e.unscaled_reward = reward.value();
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.12;
  // init_config's stick_init_pos height.
  static constexpr double kStickInitZ = 0.02;
  const int stick_;
  const int stick_geom_;
  const int container_;
  const int insertion_;
  const int goal_site_;
  Vec3 container_init_pos_ = {0.0, 0.0, 0.0};
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_STICK_PUSH_H_
