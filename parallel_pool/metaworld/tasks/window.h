// window-open-v3 and window-close-v3 (sawyer_window_open_v3.py,
// sawyer_window_close_v3.py): slide a window sideways by its handle, open
// (the goal 0.2 along) or shut (the window starts 0.2 open, the goal where
// it shuts), until the handle is within 0.05 (in x) of the goal. The two
// references are one task but for these differences: the window's range,
// which handle site, where the window starts, the margin of the reward's
// in-place term and the reach term's sigmoid.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_WINDOW_H_
#define PARALLEL_POOL_METAWORLD_TASKS_WINDOW_H_

#include <cmath>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class Window : public SawyerXyz {
 protected:
  enum class Slide { kOpen, kClose };

  static SawyerSetup SetupFor(Slide slide) {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_window_horizontal.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0F, 0.4F, 0.2F};
    // The window's position.
    if (slide == Slide::kOpen) {
      s.rand_low = {-0.1, 0.7, 0.16};
      s.rand_high = {0.1, 0.9, 0.16};
    } else {
      s.rand_low = {0.0, 0.75, 0.2};
      s.rand_high = {0.0, 0.9, 0.2};
    }
    s.goal_low = s.hand_low;
    s.goal_high = s.hand_high;
    return s;
  }

  Window(mjModel* m, mjData* d, int frame_skip, Slide slide)
      : SawyerXyz(m, d, SetupFor(slide), frame_skip),
        open_(slide == Slide::kOpen),
        window_(Id(mjOBJ_BODY, "window")),
        handle_(Id(mjOBJ_SITE, open_ ? "handleOpenStart" : "handleCloseStart")),
        goal_site_(Id(mjOBJ_SITE, "goal")),
        window_slide_qpos_(m_.jnt_qposadr[Id(mjOBJ_JOINT, "window_slide")]) {}

  void ResetModel(const std::vector<double>& rand_vec) override {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    target_pos_ = open_
                      ? Vec3{obj_init_pos_[0] + 0.2, obj_init_pos_[1] + 0.0, obj_init_pos_[2] + 0.0}
                      : obj_init_pos_;
    // The window and the goal as the first reset_model call placed them.
    std::copy(obj_init_pos_.begin(), obj_init_pos_.end(), model().body_pos + 3 * window_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    const double* handle = site_xpos(handle_);
    // Closing: where the handle will be once the window is opened below.
    window_handle_pos_init_ =
        open_ ? ToVec3(handle) : Vec3{handle[0] + 0.2, handle[1] + 0.0, handle[2] + 0.0};
    // Written without a forward pass: the first observation predates it.
    d_->qpos[window_slide_qpos_] = open_ ? 0.0 : 0.2;
  }

  int ObjectsPose(double* out) const override {
    const double* pos = site_xpos(handle_);
    std::copy(pos, pos + 3, out);
    std::fill(out + 3, out + 7, 0.0);
    return 7;
  }

  Evaluation Evaluate(const double* /*obs*/, const float* /*action*/) override {
    const Vec3 obj = ToVec3(site_xpos(handle_));
    const Vec3 tcp = TcpCenter();
    // np.linalg.norm of a scalar difference.
    const double dx = obj[0] - target_pos_[0];
    const double target_to_obj = numpy_exact::NumpyNorm(&dx, 1);
    const double dx_init = (open_ ? obj_init_pos_[0] : window_handle_pos_init_[0]) - target_pos_[0];
    const double target_to_obj_init = numpy_exact::NumpyNorm(&dx_init, 1);
    const double in_place =
        LongTail(target_to_obj, 0, kTargetRadius, std::abs(target_to_obj_init - kTargetRadius));

    constexpr double kHandleRadius = 0.02;
    const double tcp_to_obj = Distance(obj, tcp);
    const double tcp_to_obj_init = Distance(window_handle_pos_init_, init_tcp_);
    const double reach = dm_rewards::Tolerance(
        tcp_to_obj, 0, kHandleRadius, std::abs(tcp_to_obj_init - kHandleRadius),
        open_ ? dm_rewards::Sigmoid::kLongTail : dm_rewards::Sigmoid::kGaussian);

    Evaluation e;
    e.reward = 10 * HamacherProduct(reach, in_place);
    e.success = target_to_obj <= kTargetRadius ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.05 ? 1.0 : 0.0;
    e.grasp_success = 1.0;
    e.grasp_reward = reach;
    e.in_place_reward = in_place;
    e.obj_to_target = target_to_obj;
    e.unscaled_reward = e.reward;
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.05;
  const bool open_;
  const int window_;
  const int handle_;
  const int goal_site_;
  const int window_slide_qpos_;
  Vec3 window_handle_pos_init_ = {0.0, 0.0, 0.0};
};

class WindowOpen : public Window {
 public:
  static SawyerSetup Setup() { return SetupFor(Slide::kOpen); }
  WindowOpen(mjModel* m, mjData* d, int frame_skip) : Window(m, d, frame_skip, Slide::kOpen) {}
};

class WindowClose : public Window {
 public:
  static SawyerSetup Setup() { return SetupFor(Slide::kClose); }
  WindowClose(mjModel* m, mjData* d, int frame_skip) : Window(m, d, frame_skip, Slide::kClose) {}
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_WINDOW_H_
