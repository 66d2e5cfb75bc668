// SawyerXyz: metaworld's SawyerXYZEnv (sawyer_xyz_env.py), the Sawyer arm
// every task shares, on the MuJoCo C API. A task (tasks/*.h) derives from it
// as metaworld's task classes derive from SawyerXYZEnv, and supplies what
// they supply: its constants (SawyerSetup), reset_model, the objects'
// positions and orientations, and evaluate_state.
//
// The arm, as metaworld 3.1.1 runs it:
//   action    float32 [4] in [-1, 1]: the hand's move (x, y, z) and the
//             gripper. np.clip(a[:3], -1, 1) * 0.01 is float32 arithmetic
//             (NEP 50: the Python float is rounded to float32); the mocap
//             body moves by it (float64), clipped to mocap_low/high, with
//             the quaternion (1, 0, 1, 0). ctrl = (a[3], -a[3]), unclipped.
//   step      mj_step frame_skip (5) times (mj_rnePostConstraint skipped), the target
//             sites' site_xpos written, mj_forward; then the observation,
//             clipped to the observation space, and evaluate_state with the
//             action as given.
//   obs       float64 [39]: the hand's position, the gripper's opening
//             (|rightclaw - leftclaw| / 0.1 clipped to [0, 1]), the objects'
//             positions and quaternions (14, zero-padded); the previous
//             step's 18 values; the goal (zeros when partially observable).
//   reset     reset_model after mj_resetData: _reset_hand (the mocap held at
//             hand_init_pos with the gripper open, 50 frame-skipped steps),
//             then the task's placements from its rand_vec.
#ifndef PARALLEL_POOL_METAWORLD_SAWYER_XYZ_H_
#define PARALLEL_POOL_METAWORLD_SAWYER_XYZ_H_

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/dm_rewards/tolerance.h"
#include "parallel_pool/mujoco_engine/model_view.h"
#include "parallel_pool/numpy_exact/numpy_math.h"
#include "parallel_pool/numpy_exact/numpy_random.h"
#include "parallel_pool/numpy_exact/scipy_rotation.h"

namespace parallel_pool::metaworld {

using Vec3 = std::array<double, 3>;

// The observation: 18 values of the current step, 18 of the previous, 3 of the goal.
inline constexpr int kCurrentObsSize = 18;
inline constexpr int kObsSize = 2 * kCurrentObsSize + 3;
// The objects' part of the 18: positions and quaternions, zero-padded.
inline constexpr int kObjectsObsSize = 14;
// SawyerXYZEnv.max_path_length: a step past it raises in the reference.
inline constexpr int kMaxPathLength = 500;
// SawyerXYZEnv's action_scale (1 / 100) and TARGET_RADIUS.
inline constexpr double kActionScale = 1.0 / 100;
// _HAND_SPACE: the bounds of the hand's position in the observation.
inline constexpr Vec3 kHandSpaceLow = {-0.525, 0.348, -0.0525};
inline constexpr Vec3 kHandSpaceHigh = {+0.525, 1.025, 0.7};
// _reset_hand's number of steps.
inline constexpr int kResetHandSteps = 50;

// What a task's __init__ sets.
struct SawyerSetup {
  // The model, relative to metaworld's assets folder.
  std::string model_file;
  Vec3 hand_low = {-0.2, 0.55, 0.05};
  Vec3 hand_high = {0.2, 0.75, 0.3};
  // None in the reference: hand_low / hand_high.
  std::optional<Vec3> mocap_low = std::nullopt;
  std::optional<Vec3> mocap_high = std::nullopt;
  Vec3 hand_init_pos = {0.0, 0.6, 0.2};
  // _random_reset_space: what a reset's rand_vec is drawn from.
  std::vector<double> rand_low;
  std::vector<double> rand_high;
  // goal_space: the goal's bounds in an observation that shows the goal.
  Vec3 goal_low = {0.0, 0.0, 0.0};
  Vec3 goal_high = {0.0, 0.0, 0.0};
};

// np.random.uniform(rand_low, rand_high, size=n) on the legacy RandomState:
// _get_state_rand_vec while the benchmark draws its goals.
inline std::vector<double> UniformRandVec(const SawyerSetup& setup,
                                          numpy_exact::NumpyRandomState* random) {
  std::vector<double> out(setup.rand_low.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = random->Uniform(setup.rand_low[i], setup.rand_high[i]);
  }
  return out;
}

// evaluate_state's reward and info.
struct Evaluation {
  double reward = 0.0;
  double success = 0.0;
  double near_object = 0.0;
  double grasp_success = 0.0;
  double grasp_reward = 0.0;
  double in_place_reward = 0.0;
  double obj_to_target = 0.0;
  double unscaled_reward = 0.0;
};

// reward_utils.hamacher_product(a, b): a * b / (a + b - a * b), 0 when the
// denominator is not positive.
inline double HamacherProduct(double a, double b) {
  if (!(0.0 <= a && a <= 1.0 && 0.0 <= b && b <= 1.0)) {
    throw std::runtime_error("metaworld: hamacher_product of a value outside [0, 1]");
  }
  const double denominator = a + b - (a * b);
  return denominator > 0 ? (a * b) / denominator : 0.0;
}

// A number of metaworld's reward code with the type Python gives it, so that
// its arithmetic rounds as NumPy's does (NEP 50): a Python float (or int),
// which takes the other operand's type; an np.float64; or an np.float32.
// The gripper's effort, action[-1], is a float32, and so it makes
// _gripper_caging_reward's result, and what a task computes from that with
// Python floats, float32; an np.float64 operand makes it float64 again.
// Comparisons with a Python float are in float32 too.
class Scalar {
 public:
  enum Type { kPython, kFloat64, kFloat32 };

  // A Python float: what reward_utils.tolerance and float(...) return.
  constexpr Scalar(double value = 0.0) : value_(value), type_(kPython) {}  // NOLINT
  static constexpr Scalar Float64(double value) { return {value, kFloat64}; }
  static constexpr Scalar Float32(float value) { return {value, kFloat32}; }

  constexpr double value() const { return value_; }
  constexpr Type type() const { return type_; }

  friend Scalar operator+(Scalar a, Scalar b) {
    return Apply(a, b, [](auto x, auto y) { return x + y; });
  }
  friend Scalar operator-(Scalar a, Scalar b) {
    return Apply(a, b, [](auto x, auto y) { return x - y; });
  }
  friend Scalar operator*(Scalar a, Scalar b) {
    return Apply(a, b, [](auto x, auto y) { return x * y; });
  }
  friend Scalar operator/(Scalar a, Scalar b) {
    return Apply(a, b, [](auto x, auto y) { return x / y; });
  }
  Scalar& operator+=(Scalar b) { return *this = *this + b; }
  friend bool operator<(Scalar a, Scalar b) {
    return Promote(a, b) == kFloat32 ? a.f() < b.f() : a.value_ < b.value_;
  }
  friend bool operator<=(Scalar a, Scalar b) {
    return Promote(a, b) == kFloat32 ? a.f() <= b.f() : a.value_ <= b.value_;
  }
  friend bool operator>(Scalar a, Scalar b) { return b < a; }
  friend bool operator>=(Scalar a, Scalar b) { return b <= a; }

 private:
  constexpr Scalar(double value, Type type) : value_(value), type_(type) {}
  float f() const { return static_cast<float>(value_); }
  static Type Promote(Scalar a, Scalar b) {
    if (a.type_ == kFloat64 || b.type_ == kFloat64) return kFloat64;
    if (a.type_ == kFloat32 || b.type_ == kFloat32) return kFloat32;
    return kPython;
  }
  template <typename Op>
  static Scalar Apply(Scalar a, Scalar b, Op op) {
    const Type type = Promote(a, b);
    if (type == kFloat32) return {static_cast<double>(op(a.f(), b.f())), type};
    return {op(a.value_, b.value_), type};
  }

  double value_;
  Type type_;
};

// hamacher_product of numbers whose type matters (Scalar).
inline Scalar HamacherProduct(Scalar a, Scalar b) {
  if (!(Scalar(0.0) <= a && a <= Scalar(1.0) && Scalar(0.0) <= b && b <= Scalar(1.0))) {
    throw std::runtime_error("metaworld: hamacher_product of a value outside [0, 1]");
  }
  const Scalar denominator = a + b - (a * b);
  return denominator > Scalar(0.0) ? (a * b) / denominator : Scalar(0.0);
}

// tolerance(x, bounds, margin, sigmoid="long_tail"), the reward shape of most tasks.
inline double LongTail(double x, double lower, double upper, double margin) {
  return dm_rewards::Tolerance(x, lower, upper, margin, dm_rewards::Sigmoid::kLongTail);
}

// np.linalg.norm(a - b) of two 3-vectors, as this process's NumPy rounds it.
inline double Distance(const double* a, const double* b) {
  const double d[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
  return numpy_exact::NumpyNorm(d, 3);
}
inline double Distance(const Vec3& a, const Vec3& b) { return Distance(a.data(), b.data()); }

inline Vec3 ToVec3(const double* x) { return {x[0], x[1], x[2]}; }

class SawyerXyz {
 public:
  // The env's model (its own placements: ModelWithOwnPlacements) and data.
  SawyerXyz(mjModel* m, mjData* d, SawyerSetup setup, int frame_skip)
      : m_(*m),
        d_(d),
        setup_(std::move(setup)),
        mocap_low_(setup_.mocap_low.value_or(setup_.hand_low)),
        mocap_high_(setup_.mocap_high.value_or(setup_.hand_high)),
        hand_init_pos_(setup_.hand_init_pos),
        frame_skip_(frame_skip),
        hand_(Id(mjOBJ_BODY, "hand")),
        mocap_(Id(mjOBJ_BODY, "mocap")),
        right_claw_(Id(mjOBJ_BODY, "rightclaw")),
        left_claw_(Id(mjOBJ_BODY, "leftclaw")),
        right_end_effector_(Id(mjOBJ_SITE, "rightEndEffector")),
        left_end_effector_(Id(mjOBJ_SITE, "leftEndEffector")),
        left_pad_(Id(mjOBJ_BODY, "leftpad")),
        right_pad_(Id(mjOBJ_BODY, "rightpad")),
        left_pad_geom_(Id(mjOBJ_GEOM, "leftpad_geom")),
        right_pad_geom_(Id(mjOBJ_GEOM, "rightpad_geom")) {
    mocap_id_ = m_.body_mocapid[mocap_];
    if (mocap_id_ < 0)
      throw std::invalid_argument("metaworld: the body 'mocap' is not a mocap body");
  }
  virtual ~SawyerXyz() = default;
  SawyerXyz(const SawyerXyz&) = delete;
  SawyerXyz& operator=(const SawyerXyz&) = delete;

  const SawyerSetup& setup() const { return setup_; }

  // The first of the reference's two reset_model calls per reset, on the
  // previous episode's state (before mj_resetData), where the task's
  // placements depend on that state (ReplaysFirstResetModel); else nothing.
  void FirstResetModel(const std::vector<double>& rand_vec) {
    if (ReplaysFirstResetModel()) ResetModel(rand_vec);
  }

  // reset(): the task's reset_model from `rand_vec` (mj_resetData already
  // done), then the first observation: the current 18 values twice and the goal.
  void Reset(const std::vector<double>& rand_vec, bool partially_observable, double* obs) {
    curr_path_length_ = 0;
    forward_pending_ = false;  // mj_resetData, then ResetModel's own mj_forward
    ResetModel(rand_vec);
    WriteCurrent(obs);
    std::copy(obs, obs + kCurrentObsSize, obs + kCurrentObsSize);
    std::copy(obs, obs + kCurrentObsSize, prev_obs_.begin());
    WriteGoal(partially_observable, obs + 2 * kCurrentObsSize);
  }

  // step(action): the observation (clipped) and evaluate_state's result.
  Evaluation Step(const float* action, bool partially_observable, double* obs) {
    SetXyzAction(action);
    const double ctrl[2] = {static_cast<double>(action[3]), static_cast<double>(-action[3])};
    DoSimulation(ctrl);
    ++curr_path_length_;
    for (const auto& [site, pos] : TargetSites()) {
      std::copy(pos.begin(), pos.end(), d_->site_xpos + 3 * site);
    }
    // The reference's mj_forward: the positions the observation and rewards
    // read now (mj_kinematics), the rest (contacts, constraint forces,
    // cameras and lights) when something reads it (EnsureForward). The next
    // mj_step recomputes all of it, and with the mocap weld always active
    // mj_forward writes no warm start, so the physics is the same.
    mj_kinematics(&m_, d_);
    forward_pending_ = true;
    WriteCurrent(obs);
    std::copy(prev_obs_.begin(), prev_obs_.end(), obs + kCurrentObsSize);
    std::copy(obs, obs + kCurrentObsSize, prev_obs_.begin());
    WriteGoal(partially_observable, obs + 2 * kCurrentObsSize);
    ClipObservation(partially_observable, obs);
    return Evaluate(obs, action);
  }

  int curr_path_length() const { return curr_path_length_; }

  // The rest of the reference's mj_forward after a step (Step), for what
  // reads contacts or constraint forces (TouchingObject) or draws (render).
  void EnsureForward() const {
    if (!forward_pending_) return;
    mj_forward(&m_, d_);
    forward_pending_ = false;
  }

 protected:
  // The task's reset_model, _reset_hand included (ResetHand), from its rand_vec.
  virtual void ResetModel(const std::vector<double>& rand_vec) = 0;
  // Whether a model write of the task's reset_model takes a value from the
  // simulation after _reset_hand (the goal marker at the object's settled
  // height). The reference's first call, on the previous episode's state,
  // writes such a value, and the second call's last mj_forward places the
  // marker there: the reset's frame shows it. Such a task runs that first
  // call too; the others apply their writes at the start of ResetModel.
  virtual bool ReplaysFirstResetModel() const { return false; }
  // _get_pos_objects and _get_quat_objects, interleaved per object (pos,
  // quat): at most kObjectsObsSize values; returns how many were written.
  virtual int ObjectsPose(double* out) const = 0;
  // evaluate_state(obs, action).
  virtual Evaluation Evaluate(const double* obs, const float* action) = 0;
  // _target_site_config: the sites whose site_xpos each step rewrites.
  virtual std::vector<std::pair<int, Vec3>> TargetSites() const {
    return {{Id(mjOBJ_SITE, "goal"), target_pos_}};
  }

  int Id(mjtObj type, const char* name) const {
    const int id = mj_name2id(&m_, type, name);
    if (id < 0) {
      throw std::invalid_argument(std::string("metaworld: the model ") + setup_.model_file +
                                  " has no " + mju_type2Str(type) + " '" + name + "'");
    }
    return id;
  }

  // The env's own model, for the placements a reset writes (body_pos,
  // body_quat, site_pos: ModelWithOwnPlacements' arrays only).
  mjModel& model() { return mujoco_engine::OwnedView(m_); }

  const double* xpos(int body) const { return d_->xpos + 3 * body; }
  const double* site_xpos(int site) const { return d_->site_xpos + 3 * site; }
  const double* geom_xpos(int geom) const { return d_->geom_xpos + 3 * geom; }
  const double* geom_xmat(int geom) const { return d_->geom_xmat + 9 * geom; }

  // get_body_com(name): the body's xpos.
  Vec3 BodyCom(int body) const { return ToVec3(xpos(body)); }

  // tcp_center: the middle of the two end-effector sites.
  Vec3 TcpCenter() const {
    const double* r = site_xpos(right_end_effector_);
    const double* l = site_xpos(left_end_effector_);
    return {(r[0] + l[0]) / 2.0, (r[1] + l[1]) / 2.0, (r[2] + l[2]) / 2.0};
  }

  // A geom's orientation as the observation gives it (SciPy's as_quat of its xmat).
  std::array<double, 4> GeomQuat(int geom) const {
    return numpy_exact::ScipyQuatFromMatrix(geom_xmat(geom));
  }

  // gymnasium's set_state: qpos and qvel, then mj_forward.
  void SetState(const std::vector<double>& qpos, const std::vector<double>& qvel) {
    std::copy(qpos.begin(), qpos.end(), d_->qpos);
    std::copy(qvel.begin(), qvel.end(), d_->qvel);
    mj_forward(&m_, d_);
  }

  std::vector<double> Qpos() const { return {d_->qpos, d_->qpos + m_.nq}; }
  std::vector<double> Qvel() const { return {d_->qvel, d_->qvel + m_.nv}; }

  // _set_obj_xyz(pos): qpos[9:12] = pos, qvel[9:15] = 0, set_state.
  void SetObjXyz(const Vec3& pos) {
    std::vector<double> qpos = Qpos();
    std::vector<double> qvel = Qvel();
    std::copy(pos.begin(), pos.end(), qpos.begin() + 9);
    std::fill(qvel.begin() + 9, qvel.begin() + 15, 0.0);
    SetState(qpos, qvel);
  }

  // gymnasium's do_simulation: ctrl, mj_step frame_skip times. (It then runs
  // mj_rnePostConstraint, whose cacc and cfrc_* nothing in metaworld reads
  // and no mj_step uses: skipped.)
  void DoSimulation(const double* ctrl) {
    std::copy(ctrl, ctrl + m_.nu, d_->ctrl);
    for (int i = 0; i < frame_skip_; ++i) mj_step(&m_, d_);
  }

  // _reset_hand(steps): the mocap held at hand_init_pos, the gripper open;
  // then init_tcp.
  void ResetHand(int steps = kResetHandSteps) {
    const double ctrl[2] = {-1.0, 1.0};
    for (int i = 0; i < steps; ++i) {
      std::copy(hand_init_pos_.begin(), hand_init_pos_.end(), d_->mocap_pos + 3 * mocap_id_);
      SetMocapQuat();
      DoSimulation(ctrl);
    }
    init_tcp_ = TcpCenter();
  }

  // touching_object(geom): both pads' summed contact forces with the geom are
  // positive. The reference sums data.efc_force[contact.efc_address] over
  // the contacts; an address of -1 (a contact without a constraint) reads
  // the last element, as Python's index does.
  bool TouchingObject(int geom) const {
    EnsureForward();
    auto force = [this, geom](int pad) {
      double sum = 0.0;
      for (int i = 0; i < d_->ncon; ++i) {
        const mjContact& c = d_->contact[i];
        if ((c.geom[0] == pad || c.geom[1] == pad) && (c.geom[0] == geom || c.geom[1] == geom)) {
          const int address = c.efc_address < 0 ? d_->nefc + c.efc_address : c.efc_address;
          sum += d_->efc_force[address];
        }
      }
      return sum;
    };
    return 0 < force(left_pad_geom_) && 0 < force(right_pad_geom_);
  }

  // _gripper_caging_reward(action, obj_pos, obj_radius, pad_success_thresh,
  // object_reach_radius, xz_thresh, desired_gripper_effort, high_density,
  // medium_density). An np.float32 where the gripper's effort got into it.
  Scalar GripperCagingReward(const float* action, const Vec3& obj_pos, double obj_radius,
                             double pad_success_thresh, double object_reach_radius,
                             double xz_thresh, double desired_gripper_effort = 1.0,
                             bool high_density = false, bool medium_density = false) const {
    const Vec3 left_pad = BodyCom(left_pad_);
    const Vec3 right_pad = BodyCom(right_pad_);
    const double pad_y[2] = {left_pad[1], right_pad[1]};
    double caging_lr[2];
    for (int i = 0; i < 2; ++i) {
      const double pad_to_obj = std::abs(pad_y[i] - obj_pos[1]);
      const double pad_to_obj_init = std::abs(pad_y[i] - obj_init_pos_[1]);
      const double margin = std::abs(pad_to_obj_init - pad_success_thresh);
      caging_lr[i] = LongTail(pad_to_obj, obj_radius, pad_success_thresh, margin);
    }
    const double caging_y = HamacherProduct(caging_lr[0], caging_lr[1]);

    const Vec3 tcp = TcpCenter();
    const double init_xz[2] = {obj_init_pos_[0] - init_tcp_[0], obj_init_pos_[2] - init_tcp_[2]};
    const double caging_xz_margin = numpy_exact::NumpyNorm(init_xz, 2) - xz_thresh;
    const double tcp_xz[2] = {tcp[0] - obj_pos[0], tcp[2] - obj_pos[2]};
    const double caging_xz =
        LongTail(numpy_exact::NumpyNorm(tcp_xz, 2), 0, xz_thresh, caging_xz_margin);

    // min(max(0, action[-1]), effort) / effort (GripperClosed).
    const Scalar gripper_closed = GripperClosed(action[3], desired_gripper_effort);

    const double caging = HamacherProduct(caging_y, caging_xz);
    const Scalar gripping = caging > 0.97 ? gripper_closed : Scalar(0.0);
    Scalar caging_and_gripping = HamacherProduct(caging, gripping);
    if (high_density) caging_and_gripping = (caging_and_gripping + caging) / 2;
    if (medium_density) {
      const double tcp_to_obj = Distance(obj_pos, tcp);
      const double tcp_to_obj_init = Distance(obj_init_pos_, init_tcp_);
      const double reach_margin = std::abs(tcp_to_obj_init - object_reach_radius);
      const double reach = LongTail(tcp_to_obj, 0, object_reach_radius, reach_margin);
      caging_and_gripping = (caging_and_gripping + reach) / 2;
    }
    return caging_and_gripping;
  }

  const mjModel& m_;
  mjData* const d_;
  const SawyerSetup setup_;
  const Vec3 mocap_low_;
  const Vec3 mocap_high_;
  Vec3 hand_init_pos_;
  const int frame_skip_;
  // The task's state, as the reference's attributes.
  Vec3 target_pos_ = {0.0, 0.0, 0.0};
  Vec3 obj_init_pos_ = {0.0, 0.0, 0.0};
  Vec3 init_tcp_ = {0.0, 0.0, 0.0};
  // Body and site ids every task reads.
  const int hand_;
  const int mocap_;
  const int right_claw_;
  const int left_claw_;
  const int right_end_effector_;
  const int left_end_effector_;
  const int left_pad_;
  const int right_pad_;
  const int left_pad_geom_;
  const int right_pad_geom_;

 private:
  static Scalar GripperClosed(float grip, double effort);

  void SetMocapQuat() {
    double* quat = d_->mocap_quat + 4 * mocap_id_;
    quat[0] = 1.0;
    quat[1] = 0.0;
    quat[2] = 1.0;
    quat[3] = 0.0;
  }

  // set_xyz_action(action[:3]).
  void SetXyzAction(const float* action) {
    double* pos = d_->mocap_pos + 3 * mocap_id_;
    for (int i = 0; i < 3; ++i) {
      const float clipped = std::min(std::max(action[i], -1.0F), 1.0F);
      const float delta = clipped * static_cast<float>(kActionScale);
      pos[i] =
          std::min(std::max(pos[i] + static_cast<double>(delta), mocap_low_[i]), mocap_high_[i]);
    }
    SetMocapQuat();
  }

  // _get_curr_obs_combined_no_goal into obs[0:18].
  void WriteCurrent(double* obs) const {
    const double* hand = xpos(hand_);
    std::copy(hand, hand + 3, obs);
    const double gripper = Distance(xpos(right_claw_), xpos(left_claw_));
    obs[3] = std::min(std::max(gripper / 0.1, 0.0), 1.0);
    double* objects = obs + 4;
    std::fill(objects, objects + kObjectsObsSize, 0.0);
    ObjectsPose(objects);
  }

  void WriteGoal(bool partially_observable, double* goal) const {
    if (partially_observable) {
      std::fill(goal, goal + 3, 0.0);
    } else {
      std::copy(target_pos_.begin(), target_pos_.end(), goal);
    }
  }

  // np.clip(obs, sawyer_observation_space.low, .high).
  void ClipObservation(bool partially_observable, double* obs) const {
    auto clip = [](double x, double low, double high) { return std::min(std::max(x, low), high); };
    for (int part = 0; part < 2; ++part) {
      double* o = obs + part * kCurrentObsSize;
      for (int i = 0; i < 3; ++i) o[i] = clip(o[i], kHandSpaceLow[i], kHandSpaceHigh[i]);
      o[3] = clip(o[3], -1.0, 1.0);
    }
    double* goal = obs + 2 * kCurrentObsSize;
    for (int i = 0; i < 3; ++i) {
      goal[i] = partially_observable ? clip(goal[i], 0.0, 0.0)
                                     : clip(goal[i], setup_.goal_low[i], setup_.goal_high[i]);
    }
  }

  int mocap_id_ = -1;
  int curr_path_length_ = 0;
  mutable bool forward_pending_ = false;
  std::array<double, kCurrentObsSize> prev_obs_{};
};

// min(max(0, grip), effort) / effort with Python's min and max: max(0, g)
// is the float32 g when g > 0, else the int 0; min(., effort) is effort when
// effort is smaller (NumPy compares a float32 with a Python float in
// float32, NEP 50). A float32 over the Python float is an np.float32;
// effort / effort is 1.0 and 0 / effort is 0.0, Python floats.
inline Scalar SawyerXyz::GripperClosed(float grip, double effort) {
  const float effort32 = static_cast<float>(effort);
  if (!(grip > 0)) return 0.0;
  if (effort32 < grip) return effort / effort;
  return Scalar::Float32(grip / effort32);
}

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_SAWYER_XYZ_H_
