// HandReachEnv: gymnasium-robotics' HandReach-v3
// (envs/shadow_dexterous_hand/reach.py MujocoHandReachEnv): the Shadow Hand
// must bring its thumb and one other fingertip together at a point above
// the palm, the other fingertips staying where they start.
//
// Observation (a Dict, float64): "observation" [63] = the 24 robot joints'
//   qpos, their qvel, and "achieved_goal"; "achieved_goal" [15] = the five
//   fingertip sites' positions (ff, mf, rf, lf, th); "desired_goal" [15].
// Action, step, render: hand_env.h.
// Start: the reference's DEFAULT_INITIAL_QPOS set joint by joint, then
//   mj_forward; the fingertips there are the initial goal. Each reset
//   restores that state (mj_resetData, then qpos, qvel, mj_forward).
// Goal: a meeting point 9 cm in front of and 5 cm above the palm plus
//   normal(0.005) noise per axis; the thumb and a finger drawn from ff, mf,
//   rf, lf go 5 mm short of it, each from its own side; with probability
//   0.1 the goal is the initial fingertips instead.
// Reward: the distance is np.linalg.norm(achieved - desired) over the 15
//   values (NumPy's pairwise sum); sparse -1.0 beyond distance_threshold,
//   else -0.0 (the reference's -(d > threshold).astype(float32)); dense
//   -distance. Info is_success: float32, 1.0 within distance_threshold.
// Render: each frame first moves the model's sites target0..4 to the goal
//   and finger0..4 to the fingertips (site_pos = wanted - (site_xpos -
//   site_pos)), then mj_forward, as the reference's _render_callback.
#ifndef PARALLEL_POOL_ROBOTICS_HAND_REACH_H_
#define PARALLEL_POOL_ROBOTICS_HAND_REACH_H_

#include <mujoco/mujoco.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/numpy_exact/numpy_math.h"
#include "parallel_pool/robotics/hand_env.h"

namespace parallel_pool::robotics {

inline constexpr int kFingertips = 5;
inline constexpr int kReachGoalSize = 3 * kFingertips;
// The fingertip sites (reach.py's FINGERTIP_SITE_NAMES); the thumb's is last.
inline constexpr std::array<const char*, kFingertips> kFingertipSites = {
    "robot0:S_fftip", "robot0:S_mftip", "robot0:S_rftip", "robot0:S_lftip", "robot0:S_thtip"};
inline constexpr int kThumb = 4;
// The meeting point's offset from the palm, and how short of it the two
// fingertips stop.
inline constexpr std::array<double, 3> kMeetingOffset = {0.0, -0.09, 0.05};
inline constexpr double kMeetingNoise = 0.005;
inline constexpr double kMeetingGap = 0.005;
inline constexpr double kInitialGoalChance = 0.1;

// reach.py's DEFAULT_INITIAL_QPOS, in its order.
inline constexpr std::array<std::pair<const char*, double>, 24> kReachInitialQpos = {{
    {"robot0:WRJ1", -0.16514339750464327},   {"robot0:WRJ0", -0.31973286565062153},
    {"robot0:FFJ3", 0.14340512546557435},    {"robot0:FFJ2", 0.32028208333591573},
    {"robot0:FFJ1", 0.7126053607727917},     {"robot0:FFJ0", 0.6705281001412586},
    {"robot0:MFJ3", 0.000246444303701037},   {"robot0:MFJ2", 0.3152655251085491},
    {"robot0:MFJ1", 0.7659800313729842},     {"robot0:MFJ0", 0.7323156897425923},
    {"robot0:RFJ3", 0.00038520700007378114}, {"robot0:RFJ2", 0.36743546201985233},
    {"robot0:RFJ1", 0.7119514095008576},     {"robot0:RFJ0", 0.6699446327514138},
    {"robot0:LFJ4", 0.0525442258033891},     {"robot0:LFJ3", -0.13615534724474673},
    {"robot0:LFJ2", 0.39872030433433003},    {"robot0:LFJ1", 0.7415570009679252},
    {"robot0:LFJ0", 0.704096378652974},      {"robot0:THJ4", 0.003673823825070126},
    {"robot0:THJ3", 0.5506291436028695},     {"robot0:THJ2", -0.014515151997119306},
    {"robot0:THJ1", -0.0015229223564485414}, {"robot0:THJ0", -0.7894883021600622},
}};

// The sites a frame shows: the goal (target0..4) and the fingertips
// (finger0..4).
struct ReachMarkers {
  std::array<int, kFingertips> targets;
  std::array<int, kFingertips> fingers;
};

// The model's ids HandReach reads, checked.
struct ReachLayout {
  std::array<int, kFingertips> tips;
  ReachMarkers markers;
  int palm;
  std::array<int, kReachInitialQpos.size()> initial_joints;

  static ReachLayout Of(const mjModel& m) {
    ReachLayout layout{};
    auto site = [&](const std::string& name) {
      const int id = HandSite(m, name.c_str());
      RequireConfig(id >= 0, "xml_file: the hand's model has no site '" + name + "'");
      return id;
    };
    for (int i = 0; i < kFingertips; ++i) {
      layout.tips[i] = site(kFingertipSites[i]);
      layout.markers.targets[i] = site("target" + std::to_string(i));
      layout.markers.fingers[i] = site("finger" + std::to_string(i));
    }
    layout.palm = mj_name2id(&m, mjOBJ_BODY, "robot0:palm");
    RequireConfig(layout.palm >= 0, "xml_file: the hand's model has no body 'robot0:palm'");
    for (std::size_t i = 0; i < kReachInitialQpos.size(); ++i) {
      const char* name = kReachInitialQpos[i].first;
      const int joint = HandJoint(m, name);
      RequireConfig(
          joint >= 0 && (m.jnt_type[joint] == mjJNT_HINGE || m.jnt_type[joint] == mjJNT_SLIDE),
          std::string("xml_file: the hand's model has no hinge or slide joint '") + name + "'");
      layout.initial_joints[i] = joint;
    }
    return layout;
  }
};

class HandReachEnvFns {
 public:
  static auto DefaultConfig() {
    return ConcatDict(MakeDict("xml_file"_.Bind(std::string("hand/reach.xml"))), HandConfig());
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    const mujoco_engine::ModelPtr model = mujoco::ModelOf(conf);
    ValidateHandConfig(conf, *model);
    ReachLayout::Of(*model);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    const int robot = static_cast<int>(RobotJoints(*mujoco::ModelOf(conf)).size());
    return HandStateSpec(2 * robot + kReachGoalSize, kReachGoalSize);
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return HandActionSpec();
  }
};

using HandReachEnvSpec = EnvSpec<HandReachEnvFns>;

class HandReachEnv : public HandEnv<HandReachEnvSpec> {
 public:
  HandReachEnv(const Spec& spec, int env_id) : HandEnv(spec, env_id), layout_(ReachLayout::Of(m_)) {
    // _env_setup: the initial joint values, then mj_forward; the state it
    // leaves is every episode's start.
    for (std::size_t i = 0; i < kReachInitialQpos.size(); ++i) {
      d_->qpos[m_.jnt_qposadr[layout_.initial_joints[i]]] = kReachInitialQpos[i].second;
    }
    mj_forward(model(), d_);
    initial_goal_ = Fingertips();
    std::copy(d_->xpos + 3 * layout_.palm, d_->xpos + 3 * layout_.palm + 3, palm_.begin());
    initial_time_ = d_->time;
    init_qpos_.assign(d_->qpos, d_->qpos + m_.nq);
    init_qvel_.assign(d_->qvel, d_->qvel + m_.nv);
  }

  // render(): _render_callback, then the frame.
  void Render(const RenderRequest& request, std::uint8_t* rgb) {
    MoveMarkers();
    HandEnv::Render(request, rgb);
  }

 protected:
  // MujocoRobotEnv._reset_sim, then _sample_goal, then the observation.
  void Reset() override {
    mj_resetData(model(), d_);
    d_->time = initial_time_;
    std::copy(init_qpos_.begin(), init_qpos_.end(), d_->qpos);
    std::copy(init_qvel_.begin(), init_qvel_.end(), d_->qvel);
    ClearActivations();
    mj_forward(model(), d_);
    DrawGoal();
    Write(/*after_step=*/false);
  }

  void Step(const Action& action) override {
    SetAction(ActionOf(action));
    Simulate();
    Write(/*after_step=*/true);
  }

  bool IsTerminated() override { return false; }

 private:
  using Goal = std::array<double, kReachGoalSize>;

  Goal Fingertips() const {
    Goal tips;
    for (int i = 0; i < kFingertips; ++i) {
      std::copy(d_->site_xpos + 3 * layout_.tips[i], d_->site_xpos + 3 * layout_.tips[i] + 3,
                tips.begin() + 3 * i);
    }
    return tips;
  }

  // _sample_goal.
  void DrawGoal() {
    auto& rng = np_random();
    const auto finger = static_cast<int>(rng.Choice(kFingertips - 1));
    std::array<double, 3> meeting;
    for (int i = 0; i < 3; ++i) meeting[i] = palm_[i] + kMeetingOffset[i];
    const std::vector<double> noise = rng.Normal(0.0, kMeetingNoise, 3);
    for (int i = 0; i < 3; ++i) meeting[i] = meeting[i] + noise[i];
    goal_ = initial_goal_;
    for (int tip : {kThumb, finger}) {
      std::array<double, 3> direction;
      for (int i = 0; i < 3; ++i) direction[i] = meeting[i] - goal_[3 * tip + i];
      const double norm = numpy_exact::NumpyNorm(direction.data(), 3);
      for (int i = 0; i < 3; ++i) direction[i] = direction[i] / norm;
      for (int i = 0; i < 3; ++i) goal_[3 * tip + i] = meeting[i] - kMeetingGap * direction[i];
    }
    if (rng.Uniform() < kInitialGoalChance) goal_ = initial_goal_;
  }

  void Write(bool after_step) {
    State& state = Allocate();
    const Goal achieved = Fingertips();
    mujoco::ObsWriter obs(state["obs:observation"_].Data<double>(),
                          state["obs:observation"_].size());
    WriteRobotState(&obs);
    obs.Copy(achieved.data(), kReachGoalSize);
    obs.Done();
    // goal_distance: np.linalg.norm(achieved - desired, axis=-1).
    Goal diff;
    for (int i = 0; i < kReachGoalSize; ++i) diff[i] = achieved[i] - goal_[i];
    const double distance = std::sqrt(numpy_exact::NumpySumOfSquares(diff.data(), kReachGoalSize));
    const float far = static_cast<float>(distance > distance_threshold_);
    const double reward = dense_ ? -distance : static_cast<double>(-far);
    WriteGoals(state, achieved.data(), goal_.data(), kReachGoalSize,
               static_cast<float>(distance < distance_threshold_), after_step ? reward : 0.0);
  }

  // _render_callback: each marker site's site_pos becomes its wanted place
  // less its offset (site_xpos - site_pos, all taken before any moves), in
  // this env's view; then mj_forward.
  void MoveMarkers() {
    const Goal tips = Fingertips();
    auto place = [&](int site, const double* wanted) {
      double offset[3];
      for (int i = 0; i < 3; ++i)
        offset[i] = d_->site_xpos[3 * site + i] - model()->site_pos[3 * site + i];
      for (int i = 0; i < 3; ++i) model()->site_pos[3 * site + i] = wanted[i] - offset[i];
    };
    for (int i = 0; i < kFingertips; ++i) place(layout_.markers.targets[i], goal_.data() + 3 * i);
    for (int i = 0; i < kFingertips; ++i) place(layout_.markers.fingers[i], tips.data() + 3 * i);
    mj_forward(model(), d_);
  }

  const ReachLayout layout_;
  Goal initial_goal_{};
  std::array<double, 3> palm_{};
  double initial_time_ = 0.0;
  Goal goal_{};
};

using HandReachEnvPool = AsyncEnvPool<HandReachEnv>;

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_HAND_REACH_H_
