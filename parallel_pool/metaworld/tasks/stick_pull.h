// stick-pull-v3 (sawyer_stick_pull_v3.py): grasp a stick, hook it into a
// thermos's handle and pull the thermos (which slides in the table's
// plane) to a goal drawn each reset.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_STICK_PULL_H_
#define PARALLEL_POOL_METAWORLD_TASKS_STICK_PULL_H_

#include <algorithm>
#include <cmath>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class StickPull : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_stick_obj.xml";
    s.hand_low = {-0.5, 0.35, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The stick's position, then the goal.
    s.rand_low = {-0.1, 0.55, 0.000, 0.35, 0.45, 0.0199};
    s.rand_high = {0.0, 0.65, 0.001, 0.45, 0.55, 0.0201};
    s.goal_low = {0.35, 0.45, 0.0199};
    s.goal_high = {0.45, 0.55, 0.0201};
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

  StickPull(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        stick_(Id(mjOBJ_BODY, "stick")),
        stick_geom_(Id(mjOBJ_GEOM, "objGeom")),
        container_(Id(mjOBJ_BODY, "object")),
        insertion_(Id(mjOBJ_SITE, "insertion")),
        stick_end_(Id(mjOBJ_SITE, "stick_end")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    // Both the stick and the goal at init_config's stick height.
    stick_init_pos_ = {rand_vec[0], rand_vec[1], kStickInitZ};
    target_pos_ = {rand_vec[3], rand_vec[4], kStickInitZ};
    // model.site("goal").pos = target (written by the first of the
    // reference's two reset_model calls, so already in place now).
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    SetObjXyz(stick_init_pos_);
    // _set_obj_xyz(obj_init_qpos): the thermos's slides at (0, 0.09).
    // qvel[16:18] is one value (the stick's free joint has 7 qpos but 6 dofs).
    std::vector<double> qpos = Qpos();
    std::vector<double> qvel = Qvel();
    qpos[16] = 0.0;
    qpos[17] = 0.09;
    std::fill(qvel.begin() + 16, qvel.begin() + std::min<std::size_t>(18, qvel.size()), 0.0);
    SetState(qpos, qvel);
    obj_init_pos_ = BodyCom(container_);
  }

  int ObjectsPose(double* out) const override {
    const double* stick = xpos(stick_);
    std::copy(stick, stick + 3, out);
    const auto quat = numpy_exact::ScipyQuatFromMatrix(d_->xmat + 9 * stick_);
    std::copy(quat.begin(), quat.end(), out + 3);
    // The thermos's handle (its insertion site), without orientation.
    const double* insertion = site_xpos(insertion_);
    std::copy(insertion, insertion + 3, out + 7);
    std::fill(out + 10, out + 14, 0.0);
    return 14;
  }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 tcp = TcpCenter();
    const Vec3 stick = ToVec3(obs + 4);
    const Vec3 end_of_stick = ToVec3(site_xpos(stick_end_));
    const Vec3 container = {obs[11] + 0.05, obs[12] + 0.0, obs[13] + 0.0};
    const Vec3 container_init_pos = {obj_init_pos_[0] + 0.05, obj_init_pos_[1] + 0.0,
                                     obj_init_pos_[2] + 0.0};
    const Vec3 handle = ToVec3(obs + 11);
    const double tcp_opened = obs[3];
    const Vec3& target = target_pos_;

    const double tcp_to_stick = Distance(stick, tcp);
    const double handle_to_target = Distance(handle, target);
    // yz_scaling = (1, 1, 2): the stick's height off the handle counts twice.
    auto yz_scaled = [](const Vec3& a, const Vec3& b) {
      const double d[3] = {(a[0] - b[0]) * 1.0, (a[1] - b[1]) * 1.0, (a[2] - b[2]) * 2.0};
      return numpy_exact::NumpyNorm(d, 3);
    };
    const double stick_to_container = yz_scaled(stick, container);
    const double stick_in_place_margin = yz_scaled(stick_init_pos_, container_init_pos);
    const double stick_in_place =
        LongTail(stick_to_container, 0, kTargetRadius, stick_in_place_margin);
    const double stick_to_target = Distance(stick, target);
    const double stick_in_place_margin_2 = Distance(stick_init_pos_, target);
    const double stick_in_place_2 =
        LongTail(stick_to_target, 0, kTargetRadius, stick_in_place_margin_2);
    const double container_to_target = Distance(container, target);
    const double container_in_place_margin = Distance(obj_init_pos_, target);
    const double container_in_place =
        LongTail(container_to_target, 0, kTargetRadius, container_in_place_margin);

    Scalar object_grasped = GripperCagingReward(action, stick, 0.014, 0.05, 0.01, 0.01, 1.0,
                                                /*high_density=*/true);
    const bool grasped =
        tcp_to_stick < 0.02 && tcp_opened > 0 && stick[2] - 0.01 > stick_init_pos_[2];
    if (grasped) object_grasped = 1.0;
    const Scalar in_place_and_object_grasped = HamacherProduct(object_grasped, stick_in_place);
    Scalar reward = in_place_and_object_grasped;
    const bool inserted = StickIsInserted(handle, end_of_stick);
    if (grasped) {
      reward = 1.0 + in_place_and_object_grasped + 5.0 * stick_in_place;
      if (inserted) {
        reward = 1.0 + in_place_and_object_grasped + 5.0 + 2.0 * stick_in_place_2 +
                 1.0 * container_in_place;
        if (handle_to_target <= 0.12) reward = 10.0;
      }
    }

    Evaluation e;
    e.reward = reward.value();
    e.success = handle_to_target <= 0.12 && inserted ? 1.0 : 0.0;
    e.near_object = tcp_to_stick <= 0.03 ? 1.0 : 0.0;
    e.grasp_success =
        TouchingObject(stick_geom_) && tcp_opened > 0 && stick[2] - 0.02 > obj_init_pos_[2] ? 1.0
                                                                                            : 0.0;
    e.grasp_reward = object_grasped.value();
    e.in_place_reward = stick_in_place;
    e.obj_to_target = handle_to_target;
    e.unscaled_reward = reward.value();
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.05;
  // init_config's stick_init_pos height.
  static constexpr double kStickInitZ = 0.02;

  static bool StickIsInserted(const Vec3& handle, const Vec3& end_of_stick) {
    return end_of_stick[0] >= handle[0] && std::abs(end_of_stick[1] - handle[1]) <= 0.040 &&
           std::abs(end_of_stick[2] - handle[2]) <= 0.060;
  }

  const int stick_;
  const int stick_geom_;
  const int container_;
  const int insertion_;
  const int stick_end_;
  const int goal_site_;
  Vec3 stick_init_pos_ = {0.0, 0.0, 0.0};
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_STICK_PULL_H_
