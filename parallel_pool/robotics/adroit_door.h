// AdroitDoorEnv: gymnasium-robotics' AdroitHandDoor-v1 and
// AdroitHandDoorSparse-v1 (envs/adroit_hand/adroit_door.py,
// adroit_door.xml): the hand on its arm must unlatch a door and swing it
// open. The common mechanics are adroit_env.h's.
//
// Reset: the door's frame (body "frame") is placed at x ~ U(-0.3, -0.2),
//   y ~ U(0.25, 0.35), z ~ U(0.252, 0.35), drawn in that order.
// Observation "obs": float64 [39] = qpos[1:-2] (the arm's and fingers'
//   joints), the latch's qpos (the last), the door hinge's, the palm
//   (site S_grasp), the handle (site S_handle), palm - handle, and 1.0 if
//   the hinge is past 1.0 rad, else -1.0.
// Reward (h: the hinge's angle): sparse 10 when h >= 1.35, else -0.1; dense
//   0.1 |palm - handle| (a bonus, as in 1.4.2) - 0.1 (h - 1.57)^2
//   - 1e-5 |qvel|^2, + 2 when h > 0.2, + 8 when h > 1.0, + 10 when h > 1.35.
// Info: success (h >= 1.35).
// Render: distance 1.5, azimuth 90.
#ifndef PARALLEL_POOL_ROBOTICS_ADROIT_DOOR_H_
#define PARALLEL_POOL_ROBOTICS_ADROIT_DOOR_H_

#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/numpy_exact/numpy_math.h"
#include "parallel_pool/robotics/adroit_env.h"

namespace parallel_pool::robotics {

class AdroitDoorEnvFns {
 public:
  static auto DefaultConfig() { return AdroitConfig("adroit_hand/adroit_door.xml"); }

  template <typename Config>
  static void Validate(const Config& conf) {
    const ModelPtr model = ValidateAdroitConfig(conf);
    const mjModel& m = *model;
    RequireConfig(m.nq >= 3, "xml_file: the door's model needs at least 3 joints");
    AdroitSite(m, "S_grasp");
    AdroitSite(m, "S_handle");
    AdroitBody(m, "frame");
    HingeAddress(m);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return AdroitStateSpec(AdroitModelOf(conf)->nq + 9);
  }

  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    return AdroitActionSpec(conf);
  }

  // Where the reference reads the hinge's angle: qpos at the joint's dof
  // address (jnt_dofadr; its qpos address too while every joint is a hinge
  // or a slide).
  static int HingeAddress(const mjModel& m) {
    const int joint = AdroitId(m, mjOBJ_JOINT, "joint", "door_hinge");
    const int address = m.jnt_dofadr[joint];
    RequireConfig(address < m.nq, "xml_file: door_hinge's dof address is not a qpos address");
    return address;
  }
};

using AdroitDoorEnvSpec = EnvSpec<AdroitDoorEnvFns>;

class AdroitDoorEnv : public AdroitEnv<AdroitDoorEnvSpec> {
 public:
  AdroitDoorEnv(const Spec& spec, int env_id)
      : AdroitEnv(spec, env_id, mujoco::GymCamera{.distance = 1.5, .azimuth = 90.0}),
        hinge_(AdroitDoorEnvFns::HingeAddress(m_)),
        grasp_(AdroitSite(m_, "S_grasp")),
        handle_(AdroitSite(m_, "S_handle")),
        frame_(AdroitBody(m_, "frame")) {}

 protected:
  void ResetModel() override {
    double* pos = model().body_pos + 3 * frame_;
    pos[0] = Uniform(-0.3, -0.2);
    pos[1] = Uniform(0.25, 0.35);
    pos[2] = Uniform(0.252, 0.35);
  }

  void Observe(mujoco::ObsWriter* obs) override {
    const double door = d_->qpos[hinge_];
    obs->Copy(d_->qpos + 1, m_.nq - 3);
    obs->Put(d_->qpos[m_.nq - 1]);
    obs->Put(door);
    obs->Copy(site_xpos(grasp_), 3);
    obs->Copy(site_xpos(handle_), 3);
    for (int i = 0; i < 3; ++i) obs->Put(site_xpos(grasp_)[i] - site_xpos(handle_)[i]);
    obs->Put(door > 1.0 ? 1.0 : -1.0);
  }

  AdroitOutcome Outcome() override {
    const double h = d_->qpos[hinge_];
    const bool success = h >= 1.35;
    if (!dense_) return {success ? 10.0 : -0.1, success};
    double reward = 0.1 * Distance(site_xpos(grasp_), site_xpos(handle_));
    reward += -0.1 * (h - 1.57) * (h - 1.57);
    reward += -1e-5 * numpy_exact::NumpySumOfSquares(d_->qvel, m_.nv);
    if (h > 0.2) reward += 2;
    if (h > 1.0) reward += 8;
    if (h > 1.35) reward += 10;
    return {reward, success};
  }

 private:
  const int hinge_;
  const int grasp_;
  const int handle_;
  const int frame_;
};

using AdroitDoorEnvPool = AsyncEnvPool<AdroitDoorEnv>;

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_ADROIT_DOOR_H_
