// The highway family's env: highway-env 1.12.1's scenarios in C++, seed for
// seed with the reference. One env class per action type, and per
// observation element type (float32, or uint8 for an image: HighwayImageFns);
// the scenario is config (`scenario`), each id's defaults are highway-env's
// default_config (registration.py).
//
// Observation "obs": float32 [observation_vehicles_count, features], the
// Kinematics table (or its variant ExitObservation), [3, 3, horizon
// steps], the TimeToCollision grid, [features, x cells, y cells], the
// OccupancyGrid (uint8 as_image), [cells, 2], the LidarObservation, or
// uint8 [stack_size, width, height], the GrayscaleObservation's stacked
// frames (observation_type); for KinematicsGoal (parking) "obs" is off and
// "obs:observation", "obs:achieved_goal", "obs:desired_goal" are float64
// [features] instead; for AttributesObservation (lane keeping), float64
// [4, 1] columns "obs:state", "obs:derivative", "obs:reference_state".
// Action "action": DiscreteMetaAction's index, DiscreteAction's index, or
// ContinuousAction's float32 [-1, 1] values (action_dynamical: driving a
// BicycleVehicle). MultiAgentAction: one player per controlled vehicle,
// each with its own row of obs, action, reward and info (speed, crashed,
// action, agents_rewards, agents_terminated): HighwayMultiAgentEnvFns.
// render(): highway-env's EnvViewer frame, screen_height x screen_width
// (graphics.h).
// Info: speed, crashed, action and the reward terms of the reference's
// info["rewards"], each its own key ("collision_reward", ...); parking's
// is_success.
#ifndef PARALLEL_POOL_HIGHWAY_HIGHWAY_ENV_H_
#define PARALLEL_POOL_HIGHWAY_HIGHWAY_ENV_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/core/render.h"
#include "parallel_pool/highway/action/continuous_action.h"
#include "parallel_pool/highway/graphics.h"
#include "parallel_pool/highway/observation/exit.h"
#include "parallel_pool/highway/observation/grayscale.h"
#include "parallel_pool/highway/observation/kinematics.h"
#include "parallel_pool/highway/observation/kinematics_goal.h"
#include "parallel_pool/highway/observation/lidar.h"
#include "parallel_pool/highway/observation/observer.h"
#include "parallel_pool/highway/observation/occupancy_grid.h"
#include "parallel_pool/highway/observation/time_to_collision.h"
#include "parallel_pool/highway/scenarios/registry.h"
#include "parallel_pool/highway/simulation.h"
#include "parallel_pool/image/canvas.h"

namespace parallel_pool::highway {

// A new episode: the scenario's reset, then ContinuousAction's speed range
// (its agents' MIN_SPEED and MAX_SPEED) where the config sets one.
inline void StartEpisode(Scenario& scenario, Simulation& sim,
                         const ContinuousActionConfig& continuous) {
  scenario.Reset(sim);
  if (!continuous.speed_range) return;
  for (Vehicle* v : sim.controlled) {
    v->min_speed = (*continuous.speed_range)[0];
    v->max_speed = (*continuous.speed_range)[1];
  }
}

// DiscreteMetaAction's index to its action: all five, or the longitudinal or
// lateral three.
inline MetaAction MetaActionOf(int a, bool lateral, bool longitudinal) {
  static constexpr MetaAction kAll[] = {MetaAction::kLaneLeft, MetaAction::kIdle,
                                        MetaAction::kLaneRight, MetaAction::kFaster,
                                        MetaAction::kSlower};
  static constexpr MetaAction kLongitudinal[] = {MetaAction::kSlower, MetaAction::kIdle,
                                                 MetaAction::kFaster};
  static constexpr MetaAction kLateral[] = {MetaAction::kLaneLeft, MetaAction::kIdle,
                                            MetaAction::kLaneRight};
  if (lateral && longitudinal) return kAll[a];
  return longitudinal ? kLongitudinal[a] : kLateral[a];
}

// What both action kinds share: the config, its checks, the state.
class HighwayCommonFns {
 public:
  static auto DefaultConfig() {
    return MakeDict(
        "scenario"_.Bind(std::string("highway")), "lanes_count"_.Bind(4),
        "vehicles_count"_.Bind(50), "controlled_vehicles"_.Bind(1), "initial_lane_id"_.Bind(-1),
        "duration"_.Bind(40.0), "ego_spacing"_.Bind(2.0), "vehicles_density"_.Bind(1.0),
        "collision_reward"_.Bind(-1.0), "right_lane_reward"_.Bind(0.1),
        "high_speed_reward"_.Bind(0.4), "lane_change_reward"_.Bind(0.0),
        "reward_speed_low"_.Bind(20.0), "reward_speed_high"_.Bind(30.0),
        "normalize_reward"_.Bind(true), "offroad_terminal"_.Bind(false),
        "other_vehicles_check_collisions"_.Bind(true), "simulation_frequency"_.Bind(15),
        "policy_frequency"_.Bind(1), "neighbour_vehicles_connected_lanes"_.Bind(false),
        "other_vehicles_type"_.Bind(std::string("IDMVehicle")),
        "target_speeds"_.Bind(std::vector<double>{20.0, 25.0, 30.0}),
        "action_longitudinal"_.Bind(true), "action_lateral"_.Bind(true),
        "action_type"_.Bind(std::string("DiscreteMetaAction")),
        "action_acceleration_range"_.Bind(std::vector<double>{-5.0, 5.0}),
        "action_steering_range"_.Bind(std::vector<double>{-kPi / 4, kPi / 4}),
        "action_speed_range"_.Bind(std::vector<double>{}), "action_clip"_.Bind(true),
        "observation_vehicles_count"_.Bind(5),
        // "": the observation type's own default features.
        "observation_features"_.Bind(std::string("")),
        "observation_features_range"_.Bind(std::vector<double>{}),
        "observation_absolute"_.Bind(false), "observation_order"_.Bind(std::string("sorted")),
        "observation_normalize"_.Bind(true), "observation_clip"_.Bind(true),
        "observation_see_behind"_.Bind(false), "observation_observe_intentions"_.Bind(false),
        "observation_include_obstacles"_.Bind(true),
        "observation_type"_.Bind(std::string("Kinematics")), "observation_horizon"_.Bind(10),
        // Scenario-specific keys.
        "goal_reward"_.Bind(1.0), "merging_speed_reward"_.Bind(-0.5), "left_lane_reward"_.Bind(0.2),
        "left_lane_constraint"_.Bind(1.0), "arrived_reward"_.Bind(1.0),
        "destination"_.Bind(std::string("")), "initial_vehicle_count"_.Bind(10),
        "spawn_probability"_.Bind(0.6), "incoming_vehicle_destination"_.Bind(-1),
        "roundabout_radius"_.Bind(20.0), "roundabout_lanes"_.Bind(2),
        "before_merge_length"_.Bind(150.0), "converge_merge_length"_.Bind(80.0),
        "parallel_merge_length"_.Bind(80.0), "after_merge_length"_.Bind(150.0),
        "reward_weights"_.Bind(std::vector<double>{1.0, 0.3, 0.0, 0.0, 0.02, 0.02}),
        "success_goal_reward"_.Bind(0.12), "add_walls"_.Bind(true),
        "observation_scales"_.Bind(std::vector<double>{100.0, 100.0, 5.0, 5.0, 1.0, 1.0}),
        "action_dynamical"_.Bind(false), "state_noise"_.Bind(0.05), "derivative_noise"_.Bind(0.05),
        "agent_rewards"_.Bind(false), "action_actions_per_axis"_.Bind(3),
        // OccupancyGrid: [xmin, xmax, ymin, ymax], [step x, step y].
        "observation_grid_size"_.Bind(std::vector<double>{-27.5, 27.5, -27.5, 27.5}),
        "observation_grid_step"_.Bind(std::vector<double>{5.0, 5.0}),
        "observation_align_to_vehicle_axes"_.Bind(false), "observation_as_image"_.Bind(false),
        // LidarObservation.
        "observation_cells"_.Bind(16), "observation_maximum_range"_.Bind(60.0),
        // racetrack.
        "lane_centering_cost"_.Bind(4.0), "lane_centering_reward"_.Bind(1.0),
        "action_reward"_.Bind(-0.3), "other_vehicles"_.Bind(1), "speed_limit"_.Bind(10.0),
        "terminate_off_road"_.Bind(true), "length"_.Bind(100.0), "no_lanes"_.Bind(3),
        "block_lane"_.Bind(false), "force_decision"_.Bind(false),
        // The viewer (render() and GrayscaleObservation).
        "screen_width"_.Bind(600), "screen_height"_.Bind(150), "scaling"_.Bind(5.5),
        "centering_position"_.Bind(std::vector<double>{0.3, 0.5}),
        "observation_shape"_.Bind(std::vector<int>{84, 84}), "observation_stack_size"_.Bind(4),
        "observation_weights"_.Bind(std::vector<double>{0.2989, 0.5870, 0.1140}),
        "observation_scaling"_.Bind(0.0));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    const std::string scenario = conf["scenario"_];
    RequireConfig(FindScenario(scenario) != nullptr,
                  "scenario: expected one of " + ScenarioNames() + ", got '" + scenario + "'");
    const std::string observation = conf["observation_type"_];
    RequireConfig(observation == "Kinematics" || observation == "TimeToCollision" ||
                      observation == "ExitObservation" || observation == "KinematicsGoal" ||
                      observation == "AttributesObservation" || observation == "OccupancyGrid" ||
                      observation == "LidarObservation" || observation == "GrayscaleObservation",
                  "observation_type: expected 'Kinematics', 'TimeToCollision', "
                  "'ExitObservation', 'KinematicsGoal', 'AttributesObservation', "
                  "'OccupancyGrid', 'LidarObservation' or 'GrayscaleObservation', got '" +
                      observation + "'");
    // AttributesObservation reads the lane keeping env's attributes, of its
    // dynamical vehicle.
    RequireConfig(observation != "AttributesObservation" || scenario == "lane_keeping",
                  "observation_type: 'AttributesObservation' needs the lane_keeping scenario");
    RequireConfig(scenario != "lane_keeping" || (IsContinuous(conf) && conf["action_dynamical"_]),
                  "scenario: lane_keeping needs action_type='ContinuousAction' with "
                  "action_dynamical=True");
    RequireConfig(conf["lanes_count"_] >= 1, "lanes_count: expected an int >= 1");
    // exit draws its traffic's lanes with probabilities proportional to the ids.
    RequireConfig(scenario != "exit" || conf["lanes_count"_] >= 2,
                  "lanes_count: expected an int >= 2 for the exit scenario");
    // ExitObservation measures x along the exit scenario's road 1 -> 2.
    RequireConfig(observation != "ExitObservation" || scenario == "exit",
                  "observation_type: 'ExitObservation' needs the exit scenario");
    RequireConfig(conf["vehicles_count"_] >= 0, "vehicles_count: expected an int >= 0");
    RequireConfig(conf["controlled_vehicles"_] >= 1, "controlled_vehicles: expected an int >= 1");
    RequireConfig(conf["initial_lane_id"_] >= -1 && conf["initial_lane_id"_] < conf["lanes_count"_],
                  "initial_lane_id: expected -1 (random) or a lane in [0, lanes_count)");
    RequireConfig(conf["vehicles_density"_] > 0, "vehicles_density: expected a float > 0");
    RequireConfig(conf["simulation_frequency"_] >= 1 && conf["policy_frequency"_] >= 1 &&
                      conf["simulation_frequency"_] >= conf["policy_frequency"_],
                  "simulation_frequency, policy_frequency: expected ints >= 1, the "
                  "simulation's at least the policy's");
    RequireConfig(scenario != "intersection" || conf["simulation_frequency"_] >= 2,
                  "simulation_frequency: the intersection's priority rules apply every "
                  "int(simulation_frequency / 2) steps: expected an int >= 2");
    RequireConfig(conf["other_vehicles_type"_] == std::string("IDMVehicle"),
                  "other_vehicles_type: expected 'IDMVehicle'");
    const auto& speeds = conf["target_speeds"_];
    RequireConfig(speeds.size() >= 2 && speeds.front() < speeds.back(),
                  "target_speeds: expected at least 2 increasing speeds");
    RequireConfig(conf["action_longitudinal"_] || conf["action_lateral"_],
                  "action_longitudinal, action_lateral: at least one must be true");
    const std::string action_type = conf["action_type"_];
    RequireConfig(action_type == "DiscreteMetaAction" || action_type == "ContinuousAction" ||
                      action_type == "DiscreteAction" || action_type == "MultiAgentAction",
                  "action_type: expected 'DiscreteMetaAction', 'ContinuousAction', "
                  "'DiscreteAction' or 'MultiAgentAction', got '" +
                      action_type + "'");
    RequireConfig(conf["action_actions_per_axis"_] >= 2 && conf["action_actions_per_axis"_] <= 64,
                  "action_actions_per_axis: expected an int in [2, 64]");
    RequireConfig(conf["action_acceleration_range"_].size() == 2 &&
                      conf["action_steering_range"_].size() == 2,
                  "action_acceleration_range, action_steering_range: expected (low, high)");
    RequireConfig(conf["action_speed_range"_].empty() || conf["action_speed_range"_].size() == 2,
                  "action_speed_range: expected [] (none) or (min speed, max speed)");
    // The TimeToCollision grid and these scenarios' rewards read the MDP
    // vehicle's target speeds: DiscreteMetaAction's vehicle.
    RequireConfig((action_type != "ContinuousAction" && action_type != "DiscreteAction") ||
                      (observation != "TimeToCollision" && scenario != "two_way"),
                  "action_type: the TimeToCollision observation and the two_way scenario need "
                  "'DiscreteMetaAction'");
    RequireConfig(conf["observation_vehicles_count"_] >= 1,
                  "observation_vehicles_count: expected an int >= 1");
    const std::size_t n_features =
        observation == "OccupancyGrid" ? GridFeaturesOf(conf).size() : FeaturesOf(conf).size();
    RequireConfig(n_features > 0,
                  "observation_features: expected space-separated names among presence x y vx "
                  "vy heading cos_h sin_h cos_d sin_d long_off lat_off ang_off (and on_road for "
                  "OccupancyGrid)");
    const auto& range = conf["observation_features_range"_];
    RequireConfig(range.empty() || range.size() == 2 * n_features,
                  "observation_features_range: expected [] (the defaults) or a (min, max) pair "
                  "per feature, NaN for none");
    const int destination = conf["incoming_vehicle_destination"_];
    RequireConfig(destination >= -1 && (scenario != "roundabout" || destination < 3),
                  "incoming_vehicle_destination: expected -1 (random) or an exit index "
                  "(roundabout: 0-2; roundabout_generic: 0-3, larger ones are 3)");
    RequireConfig(conf["roundabout_lanes"_] >= 1, "roundabout_lanes: expected an int >= 1");
    const std::string order = conf["observation_order"_];
    RequireConfig(order == "sorted" || order == "shuffled",
                  "observation_order: expected 'sorted' or 'shuffled'");
    RequireConfig(observation != "TimeToCollision" ||
                      TimeToCollisionObserver::StepsOf(conf["observation_horizon"_],
                                                       conf["policy_frequency"_]) >= 1,
                  "observation_horizon: expected at least one policy step (horizon * "
                  "policy_frequency >= 1)");
    RequireConfig(conf["screen_width"_] >= 1 && conf["screen_height"_] >= 1 && conf["scaling"_] > 0,
                  "screen_width, screen_height, scaling: expected ints >= 1 and a float > 0");
    RequireConfig(conf["centering_position"_].size() == 2,
                  "centering_position: expected (x, y), fractions of the frame");
    RequireConfig(conf["observation_shape"_].size() == 2 && conf["observation_shape"_][0] >= 1 &&
                      conf["observation_shape"_][1] >= 1,
                  "observation_shape: expected (width, height), ints >= 1");
    RequireConfig(conf["observation_stack_size"_] >= 1,
                  "observation_stack_size: expected an int >= 1");
    RequireConfig(conf["observation_weights"_].size() == 3,
                  "observation_weights: expected 3 weights (red, green, blue)");
    RequireConfig(conf["observation_scaling"_] >= 0,
                  "observation_scaling: expected 0 (the viewer's scaling) or a float > 0");
    // KinematicsGoal observes the agent's goal: parking's.
    RequireConfig(observation != "KinematicsGoal" || scenario == "parking",
                  "observation_type: 'KinematicsGoal' needs the parking scenario");
    if (observation == "KinematicsGoal") {
      const std::vector<Feature> features = FeaturesOf(conf);
      for (Feature f : features) {
        RequireConfig(IsGoalFeature(f),
                      "observation_features: KinematicsGoal observes the goal by presence x y "
                      "vx vy cos_h sin_h cos_d sin_d only");
      }
      RequireConfig(conf["observation_scales"_].size() == features.size(),
                    "observation_scales: expected a scale per feature");
    }
    if (scenario == "parking") {
      RequireConfig(conf["reward_weights"_].size() == 6,
                    "reward_weights: expected 6 weights (x y vx vy cos_h sin_h)");
      RequireConfig(conf["controlled_vehicles"_] <= ParkingScenario::kMaxAgents,
                    "controlled_vehicles: expected at most 5 for the parking scenario (each "
                    "agent's start spot must be its own)");
    }
    if (observation == "OccupancyGrid") {
      const auto& size = conf["observation_grid_size"_];
      const auto& step = conf["observation_grid_step"_];
      RequireConfig(size.size() == 4 && step.size() == 2 && step[0] > 0 && step[1] > 0 &&
                        OccupancyGridConfig::CellsAlong(size[0], size[1], step[0]) >= 1 &&
                        OccupancyGridConfig::CellsAlong(size[2], size[3], step[1]) >= 1,
                    "observation_grid_size, observation_grid_step: expected [xmin, xmax, ymin, "
                    "ymax] and [step x, step y] > 0 of at least one cell each way");
      // The reference's absolute grid is not implemented (NotImplementedError).
      RequireConfig(!conf["observation_absolute"_],
                    "observation_absolute: OccupancyGrid has relative coordinates only");
    }
    RequireConfig(observation != "LidarObservation" ||
                      (conf["observation_cells"_] >= 1 && conf["observation_maximum_range"_] > 0),
                  "observation_cells, observation_maximum_range: expected an int >= 1 and a "
                  "range > 0");
    RequireConfig(scenario != "racetrack_oval" || (conf["no_lanes"_] >= 2 && conf["length"_] >= 0),
                  "no_lanes, length: expected an int >= 2 (the reference's 0, random, fails in its "
                  "_make_vehicles) and a length >= 0 (0: drawn)");
    if (scenario == "merge_generic") {
      RequireConfig(conf["before_merge_length"_] > 0 && conf["converge_merge_length"_] > 0 &&
                        conf["parallel_merge_length"_] > 0,
                    "before_merge_length, converge_merge_length, parallel_merge_length: "
                    "expected lengths > 0");
      RequireConfig(conf["after_merge_length"_] >= 90, "after_merge_length: expected >= 90");
    }
  }

  // The observation's element type: float32, or uint8 for an image
  // observation (HighwayImageFns).
  using Obs = float;

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return StateSpecOf<float>(conf);
  }
  template <typename Obs, typename Config>
  static auto StateSpecOf(const Config& conf) {
    const ScenarioEntry* scenario = FindScenario(conf["scenario"_]);
    const std::vector<std::string> terms =
        scenario != nullptr ? scenario->reward_terms() : std::vector<std::string>{};
    const auto has = [&](const char* name) {
      for (const auto& t : terms) {
        if (t == name) return true;
      }
      return false;
    };
    const bool goal = IsKinematicsGoal(conf);
    const double dinf = std::numeric_limits<double>::infinity();
    const auto goal_spec = Spec<double>({static_cast<int>(FeaturesOf(conf).size())},
                                        std::pair<double, double>(-dinf, dinf))
                               .OnlyIf(goal);
    const bool attributes = IsAttributes(conf);
    const auto attribute = [&] { return Spec<double>({4, 1}, {-dinf, dinf}).OnlyIf(attributes); };
    // MultiAgentAction: a row per agent (player) of the observation, the
    // agent's speed, crash and action, and its own reward and end.
    const bool multi = IsMultiAgent(conf);
    const std::vector<int> player = multi ? std::vector<int>{-1} : std::vector<int>{};
    std::vector<int> obs_shape = ObsShape(conf);
    if (multi) obs_shape.insert(obs_shape.begin(), -1);
    return MakeDict(
        "obs"_.Bind(Spec<Obs>(obs_shape, ObsBoundsOf<Obs>(conf)).OnlyIf(!goal && !attributes)),
        "obs:observation"_.Bind(goal_spec), "obs:achieved_goal"_.Bind(goal_spec),
        "obs:desired_goal"_.Bind(goal_spec), "obs:state"_.Bind(attribute()),
        "obs:derivative"_.Bind(attribute()), "obs:reference_state"_.Bind(attribute()),
        "info:is_success"_.Bind(Spec<bool>({}).OnlyIf(ReportsSuccess(conf))),
        "info:speed"_.Bind(Spec<double>(player)), "info:crashed"_.Bind(Spec<bool>(player)),
        "info:action"_.Bind(Spec<int>(player)),
        "info:agents_rewards"_.Bind(Spec<double>({-1}).OnlyIf(multi)),
        "info:agents_terminated"_.Bind(Spec<bool>({-1}).OnlyIf(multi)),
        "info:collision_reward"_.Bind(Spec<double>({}).OnlyIf(has("collision_reward"))),
        "info:right_lane_reward"_.Bind(Spec<double>({}).OnlyIf(has("right_lane_reward"))),
        "info:high_speed_reward"_.Bind(Spec<double>({}).OnlyIf(has("high_speed_reward"))),
        "info:on_road_reward"_.Bind(Spec<double>({}).OnlyIf(has("on_road_reward"))),
        "info:lane_change_reward"_.Bind(Spec<double>({}).OnlyIf(has("lane_change_reward"))),
        "info:merging_speed_reward"_.Bind(Spec<double>({}).OnlyIf(has("merging_speed_reward"))),
        "info:goal_reward"_.Bind(Spec<double>({}).OnlyIf(has("goal_reward"))),
        "info:left_lane_reward"_.Bind(Spec<double>({}).OnlyIf(has("left_lane_reward"))),
        "info:arrived_reward"_.Bind(Spec<double>({}).OnlyIf(has("arrived_reward"))),
        "info:lane_centering_reward"_.Bind(Spec<double>({}).OnlyIf(has("lane_centering_reward"))),
        "info:action_reward"_.Bind(Spec<double>({}).OnlyIf(has("action_reward"))));
  }

  // The observation's bounds, as the reference's observation space has them.
  template <typename Obs, typename Config>
  static std::pair<Obs, Obs> ObsBoundsOf(const Config& conf) {
    if constexpr (std::is_same_v<Obs, std::uint8_t>) {
      return {0, 255};
    } else {
      return ObsBounds(conf);
    }
  }
  template <typename Config>
  static std::pair<float, float> ObsBounds(const Config& conf) {
    const float inf = std::numeric_limits<float>::infinity();
    const std::string type = conf["observation_type"_];
    if (type == "TimeToCollision") return {0.0F, 1.0F};
    if (type == "LidarObservation") {
      const float high = conf["observation_normalize"_]
                             ? 1.0F
                             : static_cast<float>(conf["observation_maximum_range"_]);
      return {-high, high};
    }
    return {-inf, inf};
  }

  // The observation's shape, per observation_type.
  template <typename Config>
  static std::vector<int> ObsShape(const Config& conf) {
    // TimeToCollision: speeds x lanes x time steps around the agent's.
    if (IsTimeToCollision(conf)) {
      return {TimeToCollisionObserver::kSpeeds, TimeToCollisionObserver::kLanes,
              TimeToCollisionObserver::StepsOf(conf["observation_horizon"_],
                                               conf["policy_frequency"_])};
    }
    // OccupancyGrid: a layer per feature, x cells, y cells.
    if (conf["observation_type"_] == std::string("OccupancyGrid")) {
      const OccupancyGridConfig g = GridOf(conf);
      return {static_cast<int>(g.features.size()), g.nx(), g.ny()};
    }
    // LidarObservation: a row per cell, distance and speed.
    if (conf["observation_type"_] == std::string("LidarObservation")) {
      return {conf["observation_cells"_], 2};
    }
    // GrayscaleObservation: stacked frames, each width x height.
    if (IsGrayscale(conf)) {
      const auto& shape = conf["observation_shape"_];
      return {conf["observation_stack_size"_], shape[0], shape[1]};
    }
    // Kinematics, ExitObservation: a row per vehicle, a column per feature.
    return {conf["observation_vehicles_count"_], static_cast<int>(FeaturesOf(conf).size())};
  }

  // AttributesObservation: a Dict of the scenario's attributes, not "obs".
  template <typename Config>
  static bool IsAttributes(const Config& conf) {
    return conf["observation_type"_] == std::string("AttributesObservation");
  }

  template <typename Config>
  static bool IsKinematicsGoal(const Config& conf) {
    return conf["observation_type"_] == std::string("KinematicsGoal");
  }

  template <typename Config>
  static bool IsGrayscale(const Config& conf) {
    return conf["observation_type"_] == std::string("GrayscaleObservation");
  }
  // An observation the reference gives as uint8: GrayscaleObservation, and
  // OccupancyGrid as_image.
  template <typename Config>
  static bool IsImage(const Config& conf) {
    return IsGrayscale(conf) || (conf["observation_type"_] == std::string("OccupancyGrid") &&
                                 conf["observation_as_image"_]);
  }
  template <typename Config>
  static void RequireNotImage(const Config& conf) {
    RequireConfig(!IsImage(conf),
                  "observation_type: an image observation (GrayscaleObservation, or OccupancyGrid "
                  "with observation_as_image) is uint8: make the id with that observation_type "
                  "(the registry picks the image env)");
  }

  // The viewer render() draws with (EnvViewer's config).
  template <typename Config>
  static ViewConfig ViewOf(const Config& conf) {
    ViewConfig v;
    v.width = conf["screen_width"_];
    v.height = conf["screen_height"_];
    v.scaling = conf["scaling"_];
    v.centering_x = conf["centering_position"_][0];
    v.centering_y = conf["centering_position"_][1];
    return v;
  }

  // GrayscaleObservation's: its own frame size, its scaling if not 0.
  template <typename Config>
  static GrayscaleConfig GrayscaleOf(const Config& conf) {
    GrayscaleConfig g;
    g.view = ViewOf(conf);
    g.view.width = conf["observation_shape"_][0];
    g.view.height = conf["observation_shape"_][1];
    const double scaling = conf["observation_scaling"_];
    if (scaling != 0.0) g.view.scaling = scaling;
    g.stack_size = conf["observation_stack_size"_];
    const auto& w = conf["observation_weights"_];
    g.weights = {w[0], w[1], w[2]};
    return g;
  }

  template <typename Config>
  static bool IsTimeToCollision(const Config& conf) {
    return conf["observation_type"_] == std::string("TimeToCollision");
  }

  // observation_features: space-separated names ("": Kinematics' defaults).
  template <typename Config>
  static std::vector<Feature> FeaturesOf(const Config& conf) {
    std::vector<Feature> features;
    for (const std::string& name : FeatureNamesOf(conf, "presence x y vx vy")) {
      const auto f = FeatureNamed(name);
      if (!f) return {};
      features.push_back(*f);
    }
    return features;
  }

  // The names in observation_features, or `defaults`' when it is "".
  template <typename Config>
  static std::vector<std::string> FeatureNamesOf(const Config& conf, const std::string& defaults) {
    std::string names = conf["observation_features"_];
    if (names.find_first_not_of(' ') == std::string::npos) names = defaults;
    std::vector<std::string> split;
    std::size_t begin = 0;
    while (begin < names.size()) {
      std::size_t end = names.find(' ', begin);
      if (end == std::string::npos) end = names.size();
      if (end > begin) split.push_back(names.substr(begin, end - begin));
      begin = end + 1;
    }
    return split;
  }

  // OccupancyGrid's layers ("": presence vx vy on_road).
  template <typename Config>
  static std::vector<int> GridFeaturesOf(const Config& conf) {
    std::vector<int> features;
    for (const std::string& name : FeatureNamesOf(conf, "presence vx vy on_road")) {
      const auto f = GridFeatureNamed(name);
      if (!f) return {};
      features.push_back(*f);
    }
    return features;
  }

  template <typename Config>
  static OccupancyGridConfig GridOf(const Config& conf) {
    OccupancyGridConfig g;
    g.features = GridFeaturesOf(conf);
    const auto& range = conf["observation_features_range"_];
    for (std::size_t i = 0; i + 1 < range.size(); i += 2) {
      g.features_range.push_back(
          std::isnan(range[i]) ? std::nullopt
                               : std::optional<std::array<double, 2>>({range[i], range[i + 1]}));
    }
    const auto& size = conf["observation_grid_size"_];
    const auto& step = conf["observation_grid_step"_];
    if (size.size() == 4) g.grid_size = {size[0], size[1], size[2], size[3]};
    if (step.size() == 2) g.grid_step = {step[0], step[1]};
    g.align_to_vehicle_axes = conf["observation_align_to_vehicle_axes"_];
    g.clip = conf["observation_clip"_];
    g.as_image = conf["observation_as_image"_];
    return g;
  }

  template <typename Config>
  static KinematicsConfig KinematicsOf(const Config& conf) {
    KinematicsConfig k;
    k.features = FeaturesOf(conf);
    k.vehicles_count = conf["observation_vehicles_count"_];
    const auto& range = conf["observation_features_range"_];
    for (std::size_t i = 0; i + 1 < range.size(); i += 2) {
      k.features_range.push_back({range[i], range[i + 1]});
    }
    k.absolute = conf["observation_absolute"_];
    k.sorted = conf["observation_order"_] == std::string("sorted");
    k.normalize = conf["observation_normalize"_];
    k.clip = conf["observation_clip"_];
    k.see_behind = conf["observation_see_behind"_];
    k.observe_intentions = conf["observation_observe_intentions"_];
    k.include_obstacles = conf["observation_include_obstacles"_];
    return k;
  }

  template <typename Config>
  static SimulationConfig SimulationOf(const Config& conf) {
    SimulationConfig s;
    s.simulation_frequency = conf["simulation_frequency"_];
    s.policy_frequency = conf["policy_frequency"_];
    s.duration = conf["duration"_];
    s.target_speeds = conf["target_speeds"_];
    s.neighbour_vehicles_connected_lanes = conf["neighbour_vehicles_connected_lanes"_];
    s.agent_vehicle = !DrivesContinuously(conf)   ? AgentVehicle::kMdp
                      : conf["action_dynamical"_] ? AgentVehicle::kDynamical
                                                  : AgentVehicle::kKinematic;
    return s;
  }

  template <typename Config>
  static bool IsMultiAgent(const Config& conf) {
    return conf["action_type"_] == std::string("MultiAgentAction");
  }

  template <typename Config>
  static bool IsContinuous(const Config& conf) {
    return conf["action_type"_] == std::string("ContinuousAction");
  }

  // info["is_success"]: the scenarios whose step reports it.
  template <typename Config>
  static bool ReportsSuccess(const Config& conf) {
    const std::string scenario = conf["scenario"_];
    return scenario == "parking" || scenario == "exit";
  }

  // ContinuousAction or its discretization DiscreteAction: the agent's
  // vehicle takes throttle and steering (a Vehicle or BicycleVehicle).
  template <typename Config>
  static bool DrivesContinuously(const Config& conf) {
    return IsContinuous(conf) || conf["action_type"_] == std::string("DiscreteAction");
  }

  template <typename Config>
  static ContinuousActionConfig ContinuousOf(const Config& conf) {
    ContinuousActionConfig c;
    const auto& acceleration = conf["action_acceleration_range"_];
    const auto& steering = conf["action_steering_range"_];
    const auto& speed = conf["action_speed_range"_];
    c.acceleration_range = {acceleration[0], acceleration[1]};
    c.steering_range = {steering[0], steering[1]};
    if (speed.size() == 2) c.speed_range = std::array<double, 2>{speed[0], speed[1]};
    c.longitudinal = conf["action_longitudinal"_];
    c.lateral = conf["action_lateral"_];
    c.clip = conf["action_clip"_];
    return c;
  }

  template <typename Config>
  static ScenarioConfig ScenarioOf(const Config& conf) {
    ScenarioConfig c;
    c.lanes_count = conf["lanes_count"_];
    c.vehicles_count = conf["vehicles_count"_];
    c.controlled_vehicles = conf["controlled_vehicles"_];
    c.initial_lane_id = conf["initial_lane_id"_];
    c.ego_spacing = conf["ego_spacing"_];
    c.vehicles_density = conf["vehicles_density"_];
    c.collision_reward = conf["collision_reward"_];
    c.right_lane_reward = conf["right_lane_reward"_];
    c.high_speed_reward = conf["high_speed_reward"_];
    c.lane_change_reward = conf["lane_change_reward"_];
    c.reward_speed_low = conf["reward_speed_low"_];
    c.reward_speed_high = conf["reward_speed_high"_];
    c.normalize_reward = conf["normalize_reward"_];
    c.offroad_terminal = conf["offroad_terminal"_];
    c.other_vehicles_check_collisions = conf["other_vehicles_check_collisions"_];
    c.goal_reward = conf["goal_reward"_];
    c.merging_speed_reward = conf["merging_speed_reward"_];
    c.left_lane_reward = conf["left_lane_reward"_];
    c.left_lane_constraint = conf["left_lane_constraint"_];
    c.arrived_reward = conf["arrived_reward"_];
    c.destination = static_cast<std::string>(conf["destination"_]);
    c.initial_vehicle_count = conf["initial_vehicle_count"_];
    c.spawn_probability = conf["spawn_probability"_];
    c.incoming_vehicle_destination = conf["incoming_vehicle_destination"_];
    c.roundabout_radius = conf["roundabout_radius"_];
    c.roundabout_lanes = conf["roundabout_lanes"_];
    c.before_merge_length = conf["before_merge_length"_];
    c.converge_merge_length = conf["converge_merge_length"_];
    c.parallel_merge_length = conf["parallel_merge_length"_];
    c.after_merge_length = conf["after_merge_length"_];
    c.reward_weights = conf["reward_weights"_];
    c.success_goal_reward = conf["success_goal_reward"_];
    c.add_walls = conf["add_walls"_];
    c.state_noise = conf["state_noise"_];
    c.derivative_noise = conf["derivative_noise"_];
    c.lane_centering_cost = conf["lane_centering_cost"_];
    c.lane_centering_reward = conf["lane_centering_reward"_];
    c.action_reward = conf["action_reward"_];
    c.other_vehicles = conf["other_vehicles"_];
    c.speed_limit = conf["speed_limit"_];
    c.terminate_off_road = conf["terminate_off_road"_];
    c.length = conf["length"_];
    c.no_lanes = conf["no_lanes"_];
    c.block_lane = conf["block_lane"_];
    c.force_decision = conf["force_decision"_];
    return c;
  }
};

// The ids with DiscreteMetaAction: an int action.
class HighwayEnvFns : public HighwayCommonFns {
 public:
  template <typename Config>
  static void Validate(const Config& conf) {
    HighwayCommonFns::Validate(conf);
    ValidateAction(conf);
    RequireNotImage(conf);
  }
  template <typename Config>
  static void ValidateAction(const Config& conf) {
    RequireConfig(!IsContinuous(conf),
                  "action_type: 'ContinuousAction' takes a float action: make the id with "
                  "action_type='ContinuousAction' (the registry picks the continuous env)");
    RequireConfig(!IsMultiAgent(conf),
                  "action_type: 'MultiAgentAction' takes an action per agent: make the id with "
                  "action_type='MultiAgentAction' (the registry picks the multi-agent env)");
  }
  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    const bool both = conf["action_longitudinal"_] && conf["action_lateral"_];
    int n = both ? 5 : 3;
    if (conf["action_type"_] == std::string("DiscreteAction")) {
      // DiscreteAction: actions_per_axis values on each axis, every combination.
      const int per_axis = conf["action_actions_per_axis"_];
      n = both ? per_axis * per_axis : per_axis;
    }
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, n - 1})));
  }
};

// The ids with ContinuousAction: a float32 action in [-1, 1] per axis.
class HighwayContinuousEnvFns : public HighwayCommonFns {
 public:
  template <typename Config>
  static void Validate(const Config& conf) {
    HighwayCommonFns::Validate(conf);
    ValidateAction(conf);
    RequireNotImage(conf);
  }
  template <typename Config>
  static void ValidateAction(const Config& conf) {
    RequireConfig(IsContinuous(conf), "action_type: expected 'ContinuousAction' for this env");
  }
  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    const int n = conf["action_longitudinal"_] && conf["action_lateral"_] ? 2 : 1;
    return MakeDict("action"_.Bind(Spec<float>({-1, n}, {-1.0F, 1.0F})));
  }
};

// The ids with MultiAgentAction (of DiscreteMetaAction): one player per
// controlled vehicle, each with its own int action, Kinematics observation
// and reward (agent_rewards: its own, as highway-env's MultiAgentWrapper
// gives it; else the agents' shared reward in every row). The episode ends
// for all agents at once (terminated: the scenario's, a crash or every
// agent arrived); info's agents_terminated is each agent's own end.
class HighwayMultiAgentEnvFns : public HighwayCommonFns {
 public:
  static constexpr bool kMultiPlayer = true;

  template <typename Config>
  static void Validate(const Config& conf) {
    HighwayCommonFns::Validate(conf);
    RequireConfig(IsMultiAgent(conf), "action_type: expected 'MultiAgentAction' for this env");
    // Only the intersection defines an agent's own reward and end.
    RequireConfig(conf["scenario"_] == std::string("intersection"),
                  "scenario: MultiAgentAction needs the 'intersection' scenario");
    RequireConfig(conf["observation_type"_] == std::string("Kinematics"),
                  "observation_type: MultiAgentAction observes with 'Kinematics'");
    RequireConfig(conf["controlled_vehicles"_] == conf["max_num_players"_],
                  "controlled_vehicles: expected max_num_players (one player per agent), got " +
                      std::to_string(conf["controlled_vehicles"_]) + " and max_num_players " +
                      std::to_string(conf["max_num_players"_]));
  }
  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    const int n = conf["action_longitudinal"_] && conf["action_lateral"_] ? 5 : 3;
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, n - 1})));
  }
};

// The ids of an action kind whose observation is an image
// (GrayscaleObservation, OccupancyGrid as_image): "obs" is uint8, as the
// reference's observation space has it.
template <typename ActionFns>
class HighwayImageFns : public ActionFns {
 public:
  using Obs = std::uint8_t;

  template <typename Config>
  static void Validate(const Config& conf) {
    HighwayCommonFns::Validate(conf);
    ActionFns::ValidateAction(conf);
    RequireConfig(HighwayCommonFns::IsImage(conf),
                  "observation_type: expected an image observation (GrayscaleObservation, or "
                  "OccupancyGrid with observation_as_image) for this env");
  }
  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return HighwayCommonFns::StateSpecOf<std::uint8_t>(conf);
  }
};
using HighwayImageEnvFns = HighwayImageFns<HighwayEnvFns>;
using HighwayContinuousImageEnvFns = HighwayImageFns<HighwayContinuousEnvFns>;

// One env of any action kind: the scenario's simulation, its observation
// type and the agent's action.
template <typename Fns>
class HighwayEnvOf : public Env<EnvSpec<Fns>> {
  using Base = Env<EnvSpec<Fns>>;
  static constexpr bool kContinuous = std::is_base_of_v<HighwayContinuousEnvFns, Fns>;
  static constexpr bool kMultiAgent = std::is_same_v<Fns, HighwayMultiAgentEnvFns>;

 public:
  using typename Base::Action;
  using typename Base::Config;
  using typename Base::Spec;
  using typename Base::State;

  HighwayEnvOf(const Spec& spec, int env_id)
      : Base(spec, env_id),
        sim_(Fns::SimulationOf(spec.config)),
        scenario_(FindScenario(spec.config["scenario"_])->make(Fns::ScenarioOf(spec.config))),
        observer_(MakeObserver(spec.config)),
        goal_features_(Fns::FeaturesOf(spec.config)),
        goal_scales_(spec.config["observation_scales"_]),
        goal_(Fns::IsKinematicsGoal(spec.config)),
        reports_success_(Fns::ReportsSuccess(spec.config)),
        continuous_(Fns::ContinuousOf(spec.config)),
        discrete_values_(spec.config["action_type"_] == std::string("DiscreteAction")
                             ? UnitLinspace(spec.config["action_actions_per_axis"_])
                             : std::vector<float>{}),
        view_(Fns::ViewOf(spec.config)),
        lateral_(spec.config["action_lateral"_]),
        longitudinal_(spec.config["action_longitudinal"_]),
        agent_rewards_(spec.config["agent_rewards"_]) {
    sim_.np_random = numpy_exact::NumpyGenerator(this->seed());
    if constexpr (kMultiAgent) {
      // MultiAgentObservation: a Kinematics observation per agent.
      for (int p = 0; p < this->max_num_players_; ++p) {
        agent_observers_.push_back(
            std::make_unique<KinematicsObserver>(Fns::KinematicsOf(spec.config)));
      }
    }
  }

  // render(): EnvViewer's frame (screen_height x screen_width).
  static RenderRequest CheckRender(const Spec& spec, RenderRequest request) {
    return image::CheckFixedFrame(request, spec.config["screen_height"_],
                                  spec.config["screen_width"_], "highway");
  }

  void Render(const RenderRequest& /*request*/, std::uint8_t* rgb) {
    if (sim_.road == nullptr || sim_.controlled.empty()) {
      throw std::runtime_error("render(): highway has nothing to draw before its first reset()");
    }
    // The surface is scratch, repainted whole each time: one per thread.
    static thread_local image::Canvas canvas(1, 1);
    DrawFrame(*sim_.road, view_, sim_.vehicle()->position, &canvas);
    CopyFrame(canvas, rgb);
  }

 protected:
  void Reset() override {
    StartEpisode(*scenario_, sim_, continuous_);
    if (observer_) observer_->Reset();
    for (auto& o : agent_observers_) o->Reset();
    if (scenario_->TruncatesAtDuration()) this->LimitEpisodeSteps(sim_.StepsToDuration());
    sim_.last_action.assign(kContinuous ? continuous_.size() : 0, 0.0F);
    if constexpr (kMultiAgent) {
      WriteAgents(nullptr);
    } else {
      Write(0.0, -1);
    }
  }

  void Step(const Action& action) override {
    scenario_->BeforeStep(sim_);
    if constexpr (kMultiAgent) {
      // MultiAgentAction.act: each agent's DiscreteMetaAction, in order.
      std::vector<MetaAction> metas;
      for (int p = 0; p < this->max_num_players_; ++p) {
        metas.push_back(MetaActionOf(action["action"_].template Get<int>(p)));
      }
      sim_.Simulate([&] {
        for (std::size_t p = 0; p < metas.size(); ++p) {
          static_cast<MDPVehicle*>(sim_.controlled[p])->ActMeta(metas[p]);
        }
      });
      WriteAgents(&action);
    } else if constexpr (kContinuous) {
      const float* a = action["action"_].template Data<float>();
      sim_.last_action.assign(a, a + continuous_.size());
      const VehicleAction command = ContinuousCommand(continuous_, a);
      StepWith(-1, [&] { sim_.vehicle()->SetAction(command); });
    } else if (!discrete_values_.empty()) {
      // DiscreteAction: the index-th of the axes' value combinations, as a
      // continuous action.
      const int index = action["action"_].template Get<int>();
      const int per_axis = static_cast<int>(discrete_values_.size());
      const float values[2] = {discrete_values_[continuous_.size() == 2 ? index / per_axis : index],
                               discrete_values_[index % per_axis]};
      sim_.last_action.assign(values, values + continuous_.size());
      const VehicleAction command = ContinuousCommand(continuous_, values);
      StepWith(index, [&] { sim_.vehicle()->SetAction(command); });
    } else {
      const int index = action["action"_].template Get<int>();
      auto* agent = static_cast<MDPVehicle*>(sim_.vehicle());
      const MetaAction meta = MetaActionOf(index);
      StepWith(index, [&] { agent->ActMeta(meta); });
    }
    scenario_->AfterStep(sim_);
  }

  // The agent acts at the simulation's first step, observed after it; or
  // (lane keeping) it acts, is observed, then the simulation runs.
  template <typename Act>
  void StepWith(int index, Act&& act) {
    if (!scenario_->ObservesBeforeSimulating()) {
      sim_.Simulate(act);
      Write(scenario_->Reward(sim_, index), index);
      return;
    }
    act();
    State& state = this->Allocate();
    WriteObservation(state);
    sim_.Simulate([] {});
    WriteRest(state, scenario_->Reward(sim_, index), index);
  }

  // highway-env's reset(seed=...): a new np_random from the seed.
  void Reseed() override { sim_.np_random = numpy_exact::NumpyGenerator(this->seed()); }

  bool IsTerminated() override { return scenario_->IsTerminated(sim_); }

 private:
  // The observation type the config names (one branch per type).
  static std::unique_ptr<Observer> MakeObserver(const Config& conf) {
    // AttributesObservation: the scenario's (WriteObservation).
    if (Fns::IsAttributes(conf)) return nullptr;
    if (Fns::IsTimeToCollision(conf)) {
      return std::make_unique<TimeToCollisionObserver>(conf["observation_horizon"_],
                                                       conf["policy_frequency"_]);
    }
    if (Fns::IsGrayscale(conf)) return std::make_unique<GrayscaleObserver>(Fns::GrayscaleOf(conf));
    if (conf["observation_type"_] == std::string("ExitObservation")) {
      return std::make_unique<ExitObserver>(Fns::KinematicsOf(conf));
    }
    if (conf["observation_type"_] == std::string("OccupancyGrid")) {
      return std::make_unique<OccupancyGridObserver>(Fns::GridOf(conf));
    }
    if (conf["observation_type"_] == std::string("LidarObservation")) {
      return std::make_unique<LidarObserver>(conf["observation_cells"_],
                                             conf["observation_maximum_range"_],
                                             conf["observation_normalize"_]);
    }
    return std::make_unique<KinematicsObserver>(Fns::KinematicsOf(conf));
  }

  MetaAction MetaActionOf(int a) const { return highway::MetaActionOf(a, lateral_, longitudinal_); }

  void Write(double reward, int action) {
    State& state = this->Allocate();
    WriteObservation(state);
    WriteRest(state, reward, action);
  }

  void WriteObservation(State& state) {
    if (goal_) {
      const GoalObservation g =
          ObserveGoal(*sim_.vehicle(), *sim_.goals.front(), goal_features_, goal_scales_);
      state["obs:observation"_].Assign(g.achieved.data(), g.achieved.size());
      state["obs:achieved_goal"_].Assign(g.achieved.data(), g.achieved.size());
      state["obs:desired_goal"_].Assign(g.desired.data(), g.desired.size());
      return;
    }
    if (observer_) {
      if constexpr (std::is_same_v<typename Fns::Obs, std::uint8_t>) {
        observer_->ObserveImage(sim_, state["obs"_].template Data<std::uint8_t>());
      } else {
        observer_->Observe(sim_, state["obs"_].template Data<float>());
      }
      return;
    }
    scenario_->ObserveAttributes(sim_, state["obs:state"_].template Data<double>(),
                                 state["obs:derivative"_].template Data<double>(),
                                 state["obs:reference_state"_].template Data<double>());
  }

  void WriteRest(State& state, double reward, int action) {
    const Vehicle& ego = *sim_.vehicle();
    if (reports_success_) state["info:is_success"_] = scenario_->IsSuccess(sim_);
    state["reward"_] = reward;
    state["info:speed"_] = ego.speed;
    state["info:crashed"_] = ego.crashed;
    state["info:action"_] = action;
    for (const RewardTerm& t : scenario_->Rewards(sim_, action)) WriteRewardTerm(state, t);
  }

  // The multi-agent state: each agent's observation, reward, speed, crash,
  // action and end in its row; the reward terms averaged over the agents
  // (the reference's info["rewards"]). `action`: none at a reset.
  void WriteAgents(const Action* action) {
    const int n = this->max_num_players_;
    State& state = this->Allocate(n);
    float* obs = state["obs"_].template Data<float>();
    const auto rows = static_cast<std::size_t>(agent_observers_.front()->config().vehicles_count);
    const std::size_t size = rows * agent_observers_.front()->config().features.size();
    const double shared = action == nullptr ? 0.0 : scenario_->Reward(sim_, -1);
    for (int p = 0; p < n; ++p) {
      const Vehicle& agent = *sim_.controlled[p];
      agent_observers_[p]->Observe(*sim_.road, agent, KinematicsObserver::kPerceptionDistance,
                                   sim_.np_random, obs + static_cast<std::size_t>(p) * size);
      const double own = scenario_->AgentReward(sim_, p);
      state["reward"_].Set(p, action == nullptr ? 0.0 : agent_rewards_ ? own : shared);
      state["info:agents_rewards"_].Set(p, own);
      state["info:agents_terminated"_].Set(p, scenario_->AgentTerminated(sim_, p));
      state["info:speed"_].Set(p, agent.speed);
      state["info:crashed"_].Set(p, agent.crashed);
      state["info:action"_].Set(p,
                                action == nullptr ? -1 : (*action)["action"_].template Get<int>(p));
    }
    for (const RewardTerm& t : scenario_->Rewards(sim_, -1)) WriteRewardTerm(state, t);
  }

  static void WriteRewardTerm(State& state, const RewardTerm& t) {
    const std::string name = t.name;
    if (name == "collision_reward") state["info:collision_reward"_] = t.value;
    if (name == "right_lane_reward") state["info:right_lane_reward"_] = t.value;
    if (name == "high_speed_reward") state["info:high_speed_reward"_] = t.value;
    if (name == "on_road_reward") state["info:on_road_reward"_] = t.value;
    if (name == "lane_change_reward") state["info:lane_change_reward"_] = t.value;
    if (name == "merging_speed_reward") state["info:merging_speed_reward"_] = t.value;
    if (name == "goal_reward") state["info:goal_reward"_] = t.value;
    if (name == "left_lane_reward") state["info:left_lane_reward"_] = t.value;
    if (name == "arrived_reward") state["info:arrived_reward"_] = t.value;
    if (name == "lane_centering_reward") state["info:lane_centering_reward"_] = t.value;
    if (name == "action_reward") state["info:action_reward"_] = t.value;
  }

  Simulation sim_;
  std::unique_ptr<Scenario> scenario_;
  std::unique_ptr<Observer> observer_;
  // KinematicsGoal (observer_ then unused): its features and scales.
  std::vector<Feature> goal_features_;
  std::vector<double> goal_scales_;
  bool goal_;
  bool reports_success_;
  ContinuousActionConfig continuous_;
  // DiscreteAction's values of each axis (empty for other action types).
  std::vector<float> discrete_values_;
  ViewConfig view_;
  bool lateral_;
  bool longitudinal_;
  bool agent_rewards_;
  // MultiAgentAction's observers, one per agent (empty otherwise).
  std::vector<std::unique_ptr<KinematicsObserver>> agent_observers_;
};

using HighwayEnvSpec = EnvSpec<HighwayEnvFns>;
using HighwayEnv = HighwayEnvOf<HighwayEnvFns>;
using HighwayContinuousEnvSpec = EnvSpec<HighwayContinuousEnvFns>;
using HighwayContinuousEnv = HighwayEnvOf<HighwayContinuousEnvFns>;
using HighwayContinuousEnvPool = AsyncEnvPool<HighwayContinuousEnv>;
using HighwayEnvPool = AsyncEnvPool<HighwayEnv>;
using HighwayMultiAgentEnvSpec = EnvSpec<HighwayMultiAgentEnvFns>;
using HighwayMultiAgentEnv = HighwayEnvOf<HighwayMultiAgentEnvFns>;
using HighwayMultiAgentEnvPool = AsyncEnvPool<HighwayMultiAgentEnv>;
using HighwayImageEnvPool = AsyncEnvPool<HighwayEnvOf<HighwayImageEnvFns>>;
using HighwayContinuousImageEnvPool = AsyncEnvPool<HighwayEnvOf<HighwayContinuousImageEnvFns>>;

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_HIGHWAY_ENV_H_
