// The _gripper_caging_reward that soccer, sweep, sweep-into and push-back
// replace the arm's with: the pads' caging and gripping of the object in y
// and the tool centre's caging in the x-z plane, never the gripper's effort.
// The tasks differ only in their grip and x-z success margins.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_PAD_CAGING_H_
#define PARALLEL_POOL_METAWORLD_TASKS_PAD_CAGING_H_

#include <cmath>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

// The pads' positions are where they are now: the reference's init_left_pad
// and init_right_pad are live views of them.
inline double PadCagingReward(const Vec3& tcp, const Vec3& left_pad, const Vec3& right_pad,
                              const Vec3& obj_pos, const Vec3& obj_init_pos, const Vec3& init_tcp,
                              double obj_radius, double grip_success_margin,
                              double x_z_success_margin) {
  const double pad_success_margin = 0.05;
  const double delta_object_y_left_pad = left_pad[1] - obj_pos[1];
  const double delta_object_y_right_pad = obj_pos[1] - right_pad[1];
  const double right_caging_margin =
      std::abs(std::abs(obj_pos[1] - right_pad[1]) - pad_success_margin);
  const double left_caging_margin =
      std::abs(std::abs(obj_pos[1] - left_pad[1]) - pad_success_margin);
  const double right_caging =
      LongTail(delta_object_y_right_pad, obj_radius, pad_success_margin, right_caging_margin);
  const double left_caging =
      LongTail(delta_object_y_left_pad, obj_radius, pad_success_margin, left_caging_margin);
  const double right_gripping =
      LongTail(delta_object_y_right_pad, obj_radius, grip_success_margin, right_caging_margin);
  const double left_gripping =
      LongTail(delta_object_y_left_pad, obj_radius, grip_success_margin, left_caging_margin);
  const double y_caging = HamacherProduct(right_caging, left_caging);
  const double y_gripping = HamacherProduct(right_gripping, left_gripping);

  // The x-z plane's distances: y zeroed by adding its negative.
  auto xz = [](const Vec3& p) { return Vec3{p[0] + 0.0, p[1] + -p[1], p[2] + 0.0}; };
  const double tcp_obj_norm_x_z = Distance(xz(tcp), xz(obj_pos));
  const double tcp_obj_x_z_margin = Distance(xz(obj_init_pos), xz(init_tcp)) - x_z_success_margin;
  const double x_z_caging = LongTail(tcp_obj_norm_x_z, 0, x_z_success_margin, tcp_obj_x_z_margin);

  const double caging = HamacherProduct(y_caging, x_z_caging);
  const double gripping = caging > 0.95 ? y_gripping : 0.0;
  return (caging + gripping) / 2;
}

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_PAD_CAGING_H_
