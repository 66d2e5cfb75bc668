// coffee-pull-v3 (sawyer_coffee_pull_v3.py): grasp the mug from under the
// coffee machine's spout and pull it back, towards the arm, to a goal on the
// table.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_COFFEE_PULL_H_
#define PARALLEL_POOL_METAWORLD_TASKS_COFFEE_PULL_H_

#include <algorithm>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class CoffeePull : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_coffee.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0.0, 0.4, 0.2};
    // The mug's position, then its goal.
    s.rand_low = {-0.05, 0.7, -0.001, -0.1, 0.55, -0.001};
    s.rand_high = {0.05, 0.75, +0.001, 0.1, 0.65, +0.001};
    s.goal_low = {-0.1, 0.55, -0.001};
    s.goal_high = {0.1, 0.65, +0.001};
    return s;
  }

  // Redrawn while the mug starts within 0.15 of its goal in the plane.
  static std::vector<double> DrawRandVec(const SawyerSetup& setup,
                                         numpy_exact::NumpyRandomState* random) {
    std::vector<double> v = UniformRandVec(setup, random);
    auto planar = [&v] {
      const double d[2] = {v[0] - v[3], v[1] - v[4]};
      return numpy_exact::NumpyNorm(d, 2);
    };
    while (planar() < 0.15) v = UniformRandVec(setup, random);
    return v;
  }

  CoffeePull(mjModel* m, mjData* d, int frame_skip)
      : CoffeePull(m, d, Setup(), frame_skip, "mug_goal") {}

 protected:
  // The variants on this task's model and reward (coffee-push-v3), whose
  // step moves `target_site` to the goal.
  CoffeePull(mjModel* m, mjData* d, SawyerSetup setup, int frame_skip, const char* target_site)
      : SawyerXyz(m, d, std::move(setup), frame_skip),
        obj_(Id(mjOBJ_BODY, "obj")),
        mug_(Id(mjOBJ_GEOM, "mug")),
        coffee_machine_(Id(mjOBJ_BODY, "coffee_machine")),
        mug_goal_(Id(mjOBJ_SITE, "mug_goal")),
        target_site_(Id(mjOBJ_SITE, target_site)) {}

  // Where the coffee machine stands, 0.22 behind this mug position.
  virtual const Vec3& MachineMug(const Vec3& mug_init, const Vec3& /*mug_goal*/) const {
    return mug_init;
  }

  void ResetModel(const std::vector<double>& rand_vec) override {
    const Vec3 mug_init = {rand_vec[0], rand_vec[1], rand_vec[2]};
    const Vec3 mug_goal = {rand_vec[3], rand_vec[4], rand_vec[5]};
    // model.body("coffee_machine").pos and model.site("mug_goal").pos, in
    // place since the first reset_model.
    const Vec3& mug = MachineMug(mug_init, mug_goal);
    const Vec3 machine = {mug[0] + 0.0, mug[1] + 0.22, mug[2] + 0.0};
    std::copy(machine.begin(), machine.end(), model().body_pos + 3 * coffee_machine_);
    std::copy(mug_goal.begin(), mug_goal.end(), model().site_pos + 3 * mug_goal_);
    ResetHand();
    // _set_obj_xyz(mug_init): the mug's free joint (set_state's copies
    // written in place).
    std::copy(mug_init.begin(), mug_init.end(), d_->qpos);
    std::fill(d_->qvel + 9, d_->qvel + 15, 0.0);
    mj_forward(&m_, d_);
    obj_init_pos_ = mug_init;
    target_pos_ = mug_goal;
  }

  int ObjectsPose(double* out) const override {
    const double* pos = xpos(obj_);
    std::copy(pos, pos + 3, out);
    const auto quat = GeomQuat(mug_);
    std::copy(quat.begin(), quat.end(), out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 obj = ToVec3(obs + 4);
    const Vec3 target = target_pos_;
    // X and Y errors weigh double.
    const Vec3 scale = {2.0, 2.0, 1.0};
    const Vec3 target_to_obj_v = {(obj[0] - target[0]) * scale[0], (obj[1] - target[1]) * scale[1],
                                  (obj[2] - target[2]) * scale[2]};
    const double target_to_obj = numpy_exact::NumpyNorm(target_to_obj_v.data(), 3);
    const Vec3 target_to_obj_init_v = {(obj_init_pos_[0] - target[0]) * scale[0],
                                       (obj_init_pos_[1] - target[1]) * scale[1],
                                       (obj_init_pos_[2] - target[2]) * scale[2]};
    const double target_to_obj_init = numpy_exact::NumpyNorm(target_to_obj_init_v.data(), 3);

    const double in_place = LongTail(target_to_obj, 0, 0.05, target_to_obj_init);
    const double tcp_opened = obs[3];
    const double tcp_to_obj = Distance(obj, TcpCenter());

    const Scalar object_grasped = GripperCagingReward(action, obj, /*obj_radius=*/0.02,
                                                      /*pad_success_thresh=*/0.05,
                                                      /*object_reach_radius=*/0.04,
                                                      /*xz_thresh=*/0.05,
                                                      /*desired_gripper_effort=*/0.7,
                                                      /*high_density=*/false,
                                                      /*medium_density=*/true);

    // An np.float32 where the gripper's effort made object_grasped one.
    Scalar reward = HamacherProduct(object_grasped, in_place);
    if (tcp_to_obj < 0.04 && tcp_opened > 0) reward += 1.0 + 5.0 * in_place;
    if (target_to_obj < 0.05) reward = 10.0;

    const double obj_to_target = Distance(obj, target);
    Evaluation e;
    e.reward = reward.value();
    e.success = obj_to_target <= 0.07 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.03 ? 1.0 : 0.0;
    e.grasp_success = TouchingObject(mug_) && tcp_opened > 0 ? 1.0 : 0.0;
    e.grasp_reward = object_grasped.value();
    e.in_place_reward = in_place;
    e.obj_to_target = obj_to_target;
    e.unscaled_reward = reward.value();
    return e;
  }

  std::vector<std::pair<int, Vec3>> TargetSites() const override {
    return {{target_site_, target_pos_}};
  }

 private:
  const int obj_;
  const int mug_;
  const int coffee_machine_;
  const int mug_goal_;
  const int target_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_COFFEE_PULL_H_
