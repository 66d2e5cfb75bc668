// FetchEnv: gymnasium-robotics' Fetch tasks (envs/fetch/fetch_env.py
// MujocoFetchEnv on envs/robot_env.py MujocoRobotEnv): a Fetch arm whose
// gripper follows a mocap body, on a table; Reach, Push, PickAndPlace and
// Slide are this one class with their config (registration.py).
//
// Observation (a Dict, float64): "observation" [25] = grip_pos 3,
//   object_pos 3, object_rel_pos 3, gripper_state 2, object_rot 3 (Euler
//   angles), object_velp 3, object_velr 3, grip_velp 3, gripper_vel 2; without
//   an object [10] = grip_pos, gripper_state, grip_velp, gripper_vel.
//   "achieved_goal" [3] = object_pos (grip_pos without an object);
//   "desired_goal" [3] = the goal.
// Action "action": float32 [4] in [-1, 1], clipped to it: the gripper's
//   move (x, y, z, times 0.05 in float32, as NumPy multiplies a float32
//   action) and the fingers' opening (ignored with block_gripper).
// Step: the finger actuators' targets to their joints plus the opening;
//   the mocap body to the gripper's pose (the kinematics of the last
//   substep's start, as the reference reads them) plus the move, its
//   quaternion plus [1, 0, 1, 0]; mj_step n_substeps (frame_skip) times;
//   with block_gripper the fingers' qpos to 0, then mj_forward.
// Reward: sparse -1.0 beyond distance_threshold of the goal, else -0.0
//   (the reference's -(d > threshold).astype(float32)); dense -distance.
// Info: is_success, float32 1.0 within distance_threshold of the goal, else
//   0.0 (the reference's dtype).
// Render: the free camera at distance 2.5, azimuth 132, elevation -14,
//   looking at (1.3, 0.75, 0.55); each render first moves the goal marker
//   (site target0, a per-env copy of the model's site_pos) to the goal and
//   runs mj_forward, as the reference's _render_callback does, which the
//   next step's mocap then reads.
//
// NumPy's rounding where the reference computes with NumPy: the site
// velocities are jac @ qvel (numpy_gemv.h), the object placement's
// np.linalg.norm is BLAS ddot (NumpyNorm), the goal distance
// np.linalg.norm(axis=-1) a plain sum of squares, and mat2euler's arctan2
// NumPy's own loop.
#ifndef PARALLEL_POOL_ROBOTICS_FETCH_H_
#define PARALLEL_POOL_ROBOTICS_FETCH_H_

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/mujoco_engine/gym_env.h"
#include "parallel_pool/numpy_exact/numpy_gemv.h"
#include "parallel_pool/numpy_exact/numpy_math.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"
#include "parallel_pool/robotics/fetch_model.h"
#include "parallel_pool/robotics/goal_env.h"
#include "parallel_pool/robotics/rotations.h"

namespace parallel_pool::robotics {

// The object is placed at least this far from the gripper in x, y.
inline constexpr double kObjectClearance = 0.1;
// How far above the table a goal "in the air" may be (the reference's
// uniform(0, 0.45)).
inline constexpr double kMaxGoalHeight = 0.45;
// The action's move scale (fetch_env.py: pos_ctrl *= 0.05), a float32 as
// NumPy applies it to the float32 action.
inline constexpr float kMoveScale = 0.05F;

class FetchEnvFns {
 public:
  // FetchPush's values; registration.py sets each task's.
  static auto DefaultConfig() {
    return MakeDict(
        "xml_file"_.Bind(std::string("fetch/push.xml")), "frame_skip"_.Bind(20),
        "reward_type"_.Bind(std::string("sparse")), "has_object"_.Bind(true),
        "block_gripper"_.Bind(true), "target_in_the_air"_.Bind(false),
        "gripper_extra_height"_.Bind(0.0), "target_offset_x"_.Bind(0.0),
        "target_offset_y"_.Bind(0.0), "target_offset_z"_.Bind(0.0), "obj_range"_.Bind(0.15),
        "target_range"_.Bind(0.15), "distance_threshold"_.Bind(0.05), "initial_slide0"_.Bind(0.405),
        "initial_slide1"_.Bind(0.48), "initial_slide2"_.Bind(0.0), "initial_object_x"_.Bind(1.25),
        "initial_object_y"_.Bind(0.53), "initial_object_z"_.Bind(0.4));
  }

  template <typename Config>
  static mujoco_engine::ModelPtr Model(const Config& conf) {
    return LoadFetchModel(mujoco_engine::ModelPath(conf["base_path"_], conf["xml_file"_]));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    RequireConfig(conf["frame_skip"_] >= 1, "frame_skip: must be >= 1");
    IsDense(conf["reward_type"_]);
    auto finite = [](double value, const char* key) {
      RequireConfig(std::isfinite(value), std::string(key) + ": must be finite");
    };
    finite(conf["gripper_extra_height"_], "gripper_extra_height");
    finite(conf["target_offset_x"_], "target_offset_x");
    finite(conf["target_offset_y"_], "target_offset_y");
    finite(conf["target_offset_z"_], "target_offset_z");
    finite(conf["distance_threshold"_], "distance_threshold");
    finite(conf["initial_slide0"_], "initial_slide0");
    finite(conf["initial_slide1"_], "initial_slide1");
    finite(conf["initial_slide2"_], "initial_slide2");
    finite(conf["initial_object_x"_], "initial_object_x");
    finite(conf["initial_object_y"_], "initial_object_y");
    finite(conf["initial_object_z"_], "initial_object_z");
    // uniform(-r, r) needs a range 2r that is >= 0 and finite.
    for (auto [value, key] : {std::pair<double, const char*>{conf["obj_range"_], "obj_range"},
                              {conf["target_range"_], "target_range"}}) {
      RequireConfig(value >= 0.0 && std::isfinite(value - (-value)),
                    std::string(key) + ": must be >= 0 and finite");
    }
    const mujoco_engine::ModelPtr model = Model(conf);
    const FetchLayout layout = FetchLayout::Of(*model);
    if (conf["has_object"_]) {
      RequireConfig(layout.object_site >= 0 && layout.object_qpos >= 0,
                    "has_object: the model has no object (site 'object0' and free joint "
                    "'object0:joint')");
      // The placement draws until the object is kObjectClearance away in x,
      // y, which a square of half-side r reaches only where r * sqrt(2) does.
      const double r = conf["obj_range"_];
      RequireConfig(2.0 * r * r > kObjectClearance * kObjectClearance,
                    "obj_range: with an object, must exceed 0.1 / sqrt(2) (about 0.0707), as the "
                    "object is drawn until it lies 0.1 or more from the gripper");
    }
    if (conf["block_gripper"_]) {
      RequireConfig(layout.left_finger_qpos >= 0 && layout.right_finger_qpos >= 0,
                    "block_gripper: the model has no joints 'robot0:l_gripper_finger_joint' and "
                    "'robot0:r_gripper_finger_joint' to hold");
    }
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return GoalStateSpec(conf["has_object"_] ? 25 : 10, 3,
                         "info:is_success"_.Bind(Spec<float>({})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<mujoco::ActionT>({-1, 4}, {-1.0F, 1.0F})));
  }
};

using FetchEnvSpec = EnvSpec<FetchEnvFns>;

class FetchEnv : public mujoco::MujocoGymEnv<FetchEnvSpec> {
 public:
  using Base = mujoco::MujocoGymEnv<FetchEnvSpec>;

  FetchEnv(const Spec& spec, int env_id)
      : Base(spec, env_id, /*uses_cfrc=*/false),
        layout_(FetchLayout::Of(m_)),
        start_(FetchStartOf(model_, layout_, SetupOf(spec.config))),
        has_object_(spec.config["has_object"_]),
        block_gripper_(spec.config["block_gripper"_]),
        target_in_the_air_(spec.config["target_in_the_air"_]),
        dense_(IsDense(spec.config["reward_type"_])),
        target_offset_{spec.config["target_offset_x"_], spec.config["target_offset_y"_],
                       spec.config["target_offset_z"_]},
        obj_range_(spec.config["obj_range"_]),
        target_range_(spec.config["target_range"_]),
        distance_threshold_(spec.config["distance_threshold"_]),
        jacobian_(3 * static_cast<std::size_t>(m_.nv)) {
    const mjtNum* site_pos = m_.site_pos + 3 * layout_.target_site;
    std::copy(site_pos, site_pos + 3, target_site_pos_.begin());
    camera_config_ = mujoco::GymCamera{.distance = 2.5,
                                       .lookat = std::array<double, 3>{1.3, 0.75, 0.55},
                                       .elevation = -14.0,
                                       .azimuth = 132.0};
  }

  // render(): the reference's _render_callback, then the frame.
  void Render(const RenderRequest& request, std::uint8_t* rgb) {
    MoveGoalMarker();
    Base::Render(request, rgb);
  }

 protected:
  // _reset_sim, then _sample_goal, then the observation.
  void Reset() override {
    ResetData();
    d_->time = start_->time;
    std::copy(start_->qpos.begin(), start_->qpos.end(), d_->qpos);
    std::copy(start_->qvel.begin(), start_->qvel.end(), d_->qvel);
    // data.act[:] = None (NaN), for a model with activations.
    std::fill(d_->act, d_->act + m_.na, std::numeric_limits<double>::quiet_NaN());
    if (has_object_) PlaceObject();
    mj_forward(&m_, d_);
    DrawGoal();
    Write(/*with_reward=*/false);
  }

  void Step(const Action& action) override {
    const mujoco::ActionT* raw = ActionOf(action);
    float a[4];
    for (int i = 0; i < 4; ++i) a[i] = std::min(std::max(raw[i], -1.0F), 1.0F);
    // _set_action: the move in float32; the opening as float32 (zeros with
    // block_gripper), both widened exactly when concatenated with the
    // float64 rotation.
    double move[3];
    for (int i = 0; i < 3; ++i) move[i] = static_cast<double>(a[i] * kMoveScale);
    const double opening = block_gripper_ ? 0.0 : static_cast<double>(a[3]);
    // ctrl_set_action: the first two actuators (the fingers) take the
    // opening, relative to their joint's qpos where the actuator has a bias
    // (a position servo).
    for (int i = 0; i < m_.nu && i < 2; ++i) {
      d_->ctrl[i] = m_.actuator_biastype[i] == mjBIAS_NONE
                        ? opening
                        : d_->qpos[m_.jnt_qposadr[m_.actuator_trnid[2 * i]]] + opening;
    }
    // mocap_set_action: reset_mocap2body_xpos, then the move and rotation.
    for (const auto& [mocap, body] : layout_.welds) {
      std::copy(d_->xpos + 3 * body, d_->xpos + 3 * body + 3, d_->mocap_pos + 3 * mocap);
      std::copy(d_->xquat + 4 * body, d_->xquat + 4 * body + 4, d_->mocap_quat + 4 * mocap);
    }
    const double rotation[4] = {1.0, 0.0, 1.0, 0.0};
    for (int i = 0; i < 3; ++i) d_->mocap_pos[i] = d_->mocap_pos[i] + move[i];
    for (int i = 0; i < 4; ++i) d_->mocap_quat[i] = d_->mocap_quat[i] + rotation[i];
    for (int i = 0; i < frame_skip_; ++i) mj_step(&m_, d_);
    // _step_callback.
    if (block_gripper_) {
      d_->qpos[layout_.left_finger_qpos] = 0.0;
      d_->qpos[layout_.right_finger_qpos] = 0.0;
      mj_forward(&m_, d_);
    }
    Write(/*with_reward=*/true);
  }

  bool IsTerminated() override { return false; }

 private:
  using Xyz = std::array<double, 3>;

  template <typename Config>
  static FetchSetup SetupOf(const Config& conf) {
    return FetchSetup{
        {conf["initial_slide0"_], conf["initial_slide1"_], conf["initial_slide2"_]},
        {conf["initial_object_x"_], conf["initial_object_y"_], conf["initial_object_z"_]},
        conf["gripper_extra_height"_],
        conf["frame_skip"_]};
  }

  // The object at least kObjectClearance from the gripper's start in x, y:
  // drawn (uniform(-obj_range, obj_range, size=2) around it) until it is.
  void PlaceObject() {
    const Xyz& gripper = start_->gripper_xpos;
    double xy[2] = {gripper[0], gripper[1]};
    while (true) {
      const double from_gripper[2] = {xy[0] - gripper[0], xy[1] - gripper[1]};
      if (!(numpy_exact::NumpyNorm(from_gripper, 2) < kObjectClearance)) break;
      const std::vector<double> draw = np_random().Uniform(-obj_range_, obj_range_, 2);
      xy[0] = gripper[0] + draw[0];
      xy[1] = gripper[1] + draw[1];
    }
    d_->qpos[layout_.object_qpos] = xy[0];
    d_->qpos[layout_.object_qpos + 1] = xy[1];
  }

  // _sample_goal: around the gripper's start; with an object, shifted by
  // target_offset onto the table (height_offset), and half the time (with
  // target_in_the_air) up to kMaxGoalHeight above it.
  void DrawGoal() {
    const std::vector<double> draw = np_random().Uniform(-target_range_, target_range_, 3);
    for (int i = 0; i < 3; ++i) goal_[i] = start_->gripper_xpos[i] + draw[i];
    if (!has_object_) return;
    for (int i = 0; i < 3; ++i) goal_[i] = goal_[i] + target_offset_[i];
    goal_[2] = start_->height_offset;
    if (target_in_the_air_ && np_random().Uniform() < 0.5) {
      goal_[2] = goal_[2] + np_random().Uniform(0.0, kMaxGoalHeight);
    }
  }

  // A site's linear (jacp) or angular (jacr) velocity times dt: the
  // reference's get_site_xvelp / get_site_xvelr (jac @ qvel) * dt.
  Xyz SiteVelocity(int site, bool angular) {
    std::fill(jacobian_.begin(), jacobian_.end(), 0.0);
    mj_jacSite(&m_, d_, angular ? nullptr : jacobian_.data(), angular ? jacobian_.data() : nullptr,
               site);
    Xyz velocity;
    numpy_exact::NumpyMatrixTimesVector3xN(jacobian_.data(), d_->qvel,
                                           static_cast<std::size_t>(m_.nv), velocity.data());
    for (double& v : velocity) v = v * dt_;
    return velocity;
  }

  // rotations.mat2euler (rotations.h) of MuJoCo's row-major matrix: [x, y, z].
  static Xyz Mat2Euler(const mjtNum* mat) {
    return MatToEuler(
        Mat3{{{mat[0], mat[1], mat[2]}, {mat[3], mat[4], mat[5]}, {mat[6], mat[7], mat[8]}}});
  }

  // The observation, the goals, is_success and (after a step; a reset's is
  // 0) the reward of the achieved goal.
  void Write(bool with_reward) {
    State& state = Allocate();
    const mjtNum* grip = d_->site_xpos + 3 * layout_.grip_site;
    const Xyz grip_velp = SiteVelocity(layout_.grip_site, false);
    // gripper_state and gripper_vel: the last two robot joints' (robot_qpos[-2:],
    // the fingers in Fetch's models).
    const std::size_t robot_joints = layout_.robot_joints.size();
    double gripper_state[2];
    double gripper_vel[2];
    for (std::size_t k = 0; k < 2; ++k) {
      const int joint = layout_.robot_joints[robot_joints - 2 + k];
      gripper_state[k] = d_->qpos[m_.jnt_qposadr[joint]];
      gripper_vel[k] = d_->qvel[m_.jnt_dofadr[joint]] * dt_;
    }
    auto& observation = state["obs:observation"_];
    mujoco::ObsWriter obs(observation.template Data<double>(), observation.size());
    obs.Copy(grip, 3);
    Xyz achieved{grip[0], grip[1], grip[2]};
    if (has_object_) {
      const mjtNum* object_pos = d_->site_xpos + 3 * layout_.object_site;
      const Xyz object_rot = Mat2Euler(d_->site_xmat + 9 * layout_.object_site);
      Xyz object_velp = SiteVelocity(layout_.object_site, false);
      const Xyz object_velr = SiteVelocity(layout_.object_site, true);
      for (int i = 0; i < 3; ++i) object_velp[i] = object_velp[i] - grip_velp[i];
      obs.Copy(object_pos, 3);
      for (int i = 0; i < 3; ++i) obs.Put(object_pos[i] - grip[i]);
      obs.Copy(gripper_state, 2);
      obs.Copy(object_rot.data(), 3);
      obs.Copy(object_velp.data(), 3);
      obs.Copy(object_velr.data(), 3);
      achieved = {object_pos[0], object_pos[1], object_pos[2]};
    } else {
      obs.Copy(gripper_state, 2);
    }
    obs.Copy(grip_velp.data(), 3);
    obs.Copy(gripper_vel, 2);
    obs.Done();
    state["obs:achieved_goal"_].Assign(achieved.data(), 3);
    state["obs:desired_goal"_].Assign(goal_.data(), 3);
    // goal_distance: np.linalg.norm(axis=-1), a sum of squares.
    const double diff[3] = {achieved[0] - goal_[0], achieved[1] - goal_[1], achieved[2] - goal_[2]};
    const double distance = std::sqrt(numpy_exact::NumpySumOfSquares(diff, 3));
    const bool reached = distance < distance_threshold_;
    // Sparse: -(d > threshold).astype(float32), so -0.0 on success.
    const double reward =
        dense_ ? -distance
               : static_cast<double>(-static_cast<float>(distance > distance_threshold_));
    state["reward"_] = with_reward ? reward : 0.0;
    state["info:is_success"_] = static_cast<float>(reached);
  }

  // Where site target0 is drawn after the kinematics ran with this env's
  // site_pos (its body's pose times the position, as MuJoCo places sites).
  void PlaceGoalMarker(mjtNum* xpos, mjtNum* xmat) {
    const int site = layout_.target_site;
    mj_local2Global(d_, xpos, xmat, target_site_pos_.data(), m_.site_quat + 4 * site,
                    m_.site_bodyid[site], m_.site_sameframe[site]);
  }

  // _render_callback: site_pos[target0] = goal - (site_xpos[0] -
  // site_pos[0]), a model write the reference keeps (here this env's copy),
  // then mj_forward; the shared model's data then gets the marker where
  // this env's site_pos puts it.
  void MoveGoalMarker() {
    const int site = layout_.target_site;
    Xyz xpos;
    mjtNum xmat[9];
    PlaceGoalMarker(xpos.data(), xmat);
    Xyz moved;
    for (int i = 0; i < 3; ++i) moved[i] = goal_[i] - (xpos[i] - target_site_pos_[i]);
    target_site_pos_ = moved;
    mj_forward(&m_, d_);
    PlaceGoalMarker(d_->site_xpos + 3 * site, d_->site_xmat + 9 * site);
  }

  const FetchLayout layout_;
  const std::shared_ptr<const FetchStart> start_;
  const bool has_object_;
  const bool block_gripper_;
  const bool target_in_the_air_;
  const bool dense_;
  const Xyz target_offset_;
  const double obj_range_;
  const double target_range_;
  const double distance_threshold_;
  std::vector<double> jacobian_;  // 3 x nv, row-major
  Xyz goal_{0.0, 0.0, 0.0};
  // This env's model.site_pos[target0], which the reference's renders move.
  Xyz target_site_pos_{0.0, 0.0, 0.0};
};

using FetchEnvPool = AsyncEnvPool<FetchEnv>;

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_FETCH_H_
