// faucet-open-v3 and faucet-close-v3 (sawyer_faucet_open_v3.py,
// sawyer_faucet_close_v3.py): turn a faucet's handle, on a base placed by the
// reset's draw, to the right (+x, open) or to the left (-x, close) as far as
// its goal. The two references are one task but for these differences:
// which way, the base's range, which sites mark the handle and the goal, the
// point the reward tracks (the open task's is offset from the handle's end)
// and a last mj_forward in the close task's reset.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_FAUCET_H_
#define PARALLEL_POOL_METAWORLD_TASKS_FAUCET_H_

#include <cmath>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class Faucet : public SawyerXyz {
 protected:
  enum class Turn { kOpen, kClose };

  static SawyerSetup SetupFor(Turn turn) {
    const double base_x = turn == Turn::kOpen ? 0.05 : 0.1;
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_faucet.xml";
    s.hand_low = {-0.5, 0.40, -0.15};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0.0, 0.4, 0.2};
    // The faucet's base.
    s.rand_low = {-base_x, 0.8, 0.0};
    s.rand_high = {base_x, 0.85, 0.0};
    // The goal's bounds are the hand's.
    s.goal_low = s.hand_low;
    s.goal_high = s.hand_high;
    return s;
  }

  Faucet(mjModel* m, mjData* d, int frame_skip, Turn turn)
      : SawyerXyz(m, d, SetupFor(turn), frame_skip),
        open_(turn == Turn::kOpen),
        faucet_base_(Id(mjOBJ_BODY, "faucetBase")),
        handle_start_(Id(mjOBJ_SITE, open_ ? "handleStartOpen" : "handleStartClose")),
        goal_(Id(mjOBJ_SITE, open_ ? "goal_open" : "goal_close")),
        other_goal_(Id(mjOBJ_SITE, open_ ? "goal_close" : "goal_open")) {}

  void ResetModel(const std::vector<double>& rand_vec) override {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    const double turn = open_ ? +kHandleLength : -kHandleLength;
    target_pos_ = {obj_init_pos_[0] + turn, obj_init_pos_[1] + 0.0, obj_init_pos_[2] + 0.125};
    // The base's and the goal site's placements, by the first reset_model too.
    std::copy(obj_init_pos_.begin(), obj_init_pos_.end(), model().body_pos + 3 * faucet_base_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_);
    ResetHand();
    // The close task's reset ends with mj_forward: its first observation is
    // of the positions after the last step, the open task's of those before.
    if (!open_) mj_forward(&m_, d_);
  }

  // The handle's end, 0.01 lower, and the base's xquat (MuJoCo's, w first).
  int ObjectsPose(double* out) const override {
    const double* pos = site_xpos(handle_start_);
    out[0] = pos[0] + 0.0;
    out[1] = pos[1] + 0.0;
    out[2] = pos[2] + -0.01;
    const double* quat = d_->xquat + 4 * faucet_base_;
    std::copy(quat, quat + 4, out + 3);
    return 7;
  }

  std::vector<std::pair<int, Vec3>> TargetSites() const override {
    return {{goal_, target_pos_}, {other_goal_, {10.0, 10.0, 10.0}}};
  }

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    // The open task tracks a point off the handle's end; the close task the end.
    const Vec3 obj = open_ ? Vec3{obs[4] + -0.04, obs[5] + 0.0, obs[6] + 0.03} : ToVec3(obs + 4);
    const Vec3 tcp = TcpCenter();
    const double target_to_obj = Distance(obj, target_pos_);
    const double target_to_obj_init = Distance(obj_init_pos_, target_pos_);
    const double in_place =
        LongTail(target_to_obj, 0, kTargetRadius, std::abs(target_to_obj_init - kTargetRadius));

    const double tcp_to_obj = Distance(obj, tcp);
    const double tcp_to_obj_init = Distance(obj_init_pos_, init_tcp_);
    const double reach =
        dm_rewards::Tolerance(tcp_to_obj, 0, kReachRadius, std::abs(tcp_to_obj_init - kReachRadius),
                              dm_rewards::Sigmoid::kGaussian);

    double reward = 2 * reach + 3 * in_place;
    reward *= 2;
    if (target_to_obj <= kTargetRadius) reward = 10;

    Evaluation e;
    e.reward = reward;
    e.success = target_to_obj <= 0.07 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.01 ? 1.0 : 0.0;
    e.grasp_success = 1.0;
    e.grasp_reward = reach;
    e.in_place_reward = in_place;
    e.obj_to_target = target_to_obj;
    e.unscaled_reward = reward;
    return e;
  }

 private:
  static constexpr double kHandleLength = 0.175;
  static constexpr double kTargetRadius = 0.07;
  static constexpr double kReachRadius = 0.01;
  const bool open_;
  const int faucet_base_;
  const int handle_start_;
  const int goal_;
  const int other_goal_;
};

class FaucetOpen : public Faucet {
 public:
  static SawyerSetup Setup() { return SetupFor(Turn::kOpen); }
  FaucetOpen(mjModel* m, mjData* d, int frame_skip) : Faucet(m, d, frame_skip, Turn::kOpen) {}
};

class FaucetClose : public Faucet {
 public:
  static SawyerSetup Setup() { return SetupFor(Turn::kClose); }
  FaucetClose(mjModel* m, mjData* d, int frame_skip) : Faucet(m, d, frame_skip, Turn::kClose) {}
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_FAUCET_H_
