// TaxiEnv: Dietterich's Taxi, as gymnasium's Taxi-v3 / Taxi-v4.
//
// A taxi on a 5x5 grid with interior walls must pick up a passenger waiting
// at one of four stands (R, G, Y, B) and drop them off at another. Each step
// costs -1; an illegal pickup or dropoff costs -10; delivering the passenger
// gives +20 and terminates. The episode starts with the taxi on a uniform
// random square, the passenger at a uniform random stand and the destination
// uniform among the other three stands.
// Draws, as gymnasium's: categorical_sample over the 500 states at reset
// (then one random() for a fickle passenger), categorical_sample over the
// transitions every step (one random(), even when the move is certain), and
// np_random.choice of the new destination when a fickle passenger changes it.
//
// With the default config the dynamics are deterministic and Taxi-v3 and
// Taxi-v4 coincide: gymnasium's v4 only fixed the optional is_rainy and
// fickle_passenger variants, which this env implements with v4's semantics.
//
// Observation "obs": int64 (gymnasium's Discrete dtype) in [0, 499],
//   ((taxi_row * 5 + taxi_col) * 5 + passenger_location) * 4 + destination,
//   passenger_location 4 meaning "in the taxi".
// Action "action": int in [0, 5]: 0 south, 1 north, 2 east, 3 west,
//   4 pickup, 5 dropoff.
// Info "prob": the probability of the branch taken (1 at reset);
//   "action_mask": int8 [6], 1 for each action that can change the state,
//   as gymnasium's info["action_mask"].
#ifndef PARALLEL_POOL_TOY_TEXT_TAXI_H_
#define PARALLEL_POOL_TOY_TEXT_TAXI_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"
#include "parallel_pool/toy_text/categorical_sample.h"

namespace parallel_pool::toy_text {

class TaxiEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("reward_threshold"_.Bind(8.0), "is_rainy"_.Bind(false),
                    "fickle_passenger"_.Bind(false), "rainy_probability"_.Bind(0.8),
                    "fickle_probability"_.Bind(0.3));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    for (double p : {double{conf["rainy_probability"_]}, double{conf["fickle_probability"_]}}) {
      RequireConfig(p >= 0.0 && p <= 1.0,
                    "rainy_probability, fickle_probability: probabilities must be in [0, 1]");
    }
  }

  template <typename Config>
  static auto StateSpec(const Config& /*conf*/) {
    return MakeDict("obs"_.Bind(Spec<std::int64_t>({}, {0, 499})),
                    "info:prob"_.Bind(Spec<double>({}, {0.0, 1.0})),
                    "info:action_mask"_.Bind(Spec<std::int8_t>({6}, {0, 1})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 5})));
  }
};

using TaxiEnvSpec = EnvSpec<TaxiEnvFns>;

class TaxiEnv : public Env<TaxiEnvSpec> {
 public:
  TaxiEnv(const Spec& spec, int env_id)
      : Env(spec, env_id),
        is_rainy_(spec.config["is_rainy"_]),
        fickle_passenger_(spec.config["fickle_passenger"_]),
        rainy_probability_(spec.config["rainy_probability"_]),
        fickle_probability_(spec.config["fickle_probability"_]),
        rainy_cumsum_(CumSum({rainy_probability_, (1.0 - rainy_probability_) / 2.0,
                              (1.0 - rainy_probability_) / 2.0})) {}

 protected:
  void Reset() override {
    // One of the 300 states with the passenger at a stand other than the
    // destination, as gymnasium draws it from initial_state_distrib.
    const int s = CategoricalSample(StartCumSum(), &np_random_);
    row_ = s / 100;
    col_ = s / 20 % 5;
    pass_ = s / 4 % 5;
    dest_ = s % 4;
    fickle_step_ = fickle_passenger_ && np_random_.Random() < fickle_probability_;
    terminated_ = false;
    WriteState(0.0, 1.0);
  }

  void Step(const Action& action) override {
    int a = action["action"_].Get<int>();
    int old_row = row_;
    int old_col = col_;
    int old_pass = pass_;
    double reward = -1.0;
    double prob = 1.0;
    // gymnasium's categorical_sample over P[s][a]: three branches for a
    // rainy move, else one certain outcome.
    const int branch =
        CategoricalSample(is_rainy_ && a <= 3 ? rainy_cumsum_ : kCertain, &np_random_);
    if (a <= 3) {
      prob = is_rainy_ ? RainyMove(a, branch) : DryMove(a);
    } else if (a == 4) {
      reward = Pickup();
    } else {
      reward = Dropoff();
    }
    // A fickle passenger may change destination once, on the first move of
    // the taxi after the passenger was in it (gymnasium v4's rule).
    if (fickle_passenger_ && fickle_step_ && old_pass == 4 &&
        (row_ != old_row || col_ != old_col)) {
      fickle_step_ = false;
      // np_random.choice of the stands other than the old destination.
      const auto d = static_cast<int>(np_random_.Choice(3));
      dest_ = d >= dest_ ? d + 1 : d;
    }
    WriteState(reward, prob);
  }

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(seed()); }

  bool IsTerminated() override { return terminated_; }

 private:
  // The map's walls: '|' between two squares blocks east/west moves.
  static constexpr std::array<const char*, 7> kMap = {"+---------+", "|R: | : :G|", "| : | : : |",
                                                      "| : : : : |", "| | : | : |", "|Y| : |B: |",
                                                      "+---------+"};
  static constexpr std::array<std::pair<int, int>, 4> kStands = {{{0, 0}, {0, 4}, {4, 0}, {4, 3}}};

  // Open to the east / west of (row, col), as gymnasium reads the map.
  static bool OpenEast(int row, int col) { return kMap[1 + row][2 * col + 2] == ':'; }
  static bool OpenWest(int row, int col) { return kMap[1 + row][2 * col] == ':'; }

  static int StandAt(int row, int col) {
    for (int i = 0; i < 4; ++i) {
      if (kStands[i].first == row && kStands[i].second == col) return i;
    }
    return -1;
  }

  // Running sums of gymnasium's initial_state_distrib: 1/300 on each state
  // whose passenger waits at a stand other than the destination, else 0.
  static const std::vector<double>& StartCumSum() {
    static const std::vector<double> cumsum = [] {
      std::vector<double> p(500, 0.0);
      for (int s = 0; s < 500; ++s) {
        const int pass = s / 4 % 5;
        if (pass < 4 && pass != s % 4) p[s] = 1.0;
      }
      for (double& q : p) q /= 300.0;
      return CumSum(p);
    }();
    return cumsum;
  }
  inline static const std::vector<double> kCertain = {1.0};

  double DryMove(int a) {
    if (a == 0) row_ = std::min(row_ + 1, 4);
    if (a == 1) row_ = std::max(row_ - 1, 0);
    if (a == 2 && OpenEast(row_, col_)) col_ = std::min(col_ + 1, 4);
    if (a == 3 && OpenWest(row_, col_)) col_ = std::max(col_ - 1, 0);
    return 1.0;
  }

  // gymnasium v4's rainy move: if the intended move is possible, the taxi
  // goes there with rainy_probability, else sideways (left or right of its
  // heading, each with half the rest), a sideways move blocked by a wall
  // leaving it in place. If the intended move is impossible nothing moves.
  double RainyMove(int a, int branch) {
    static constexpr int kMoves[4][3][2] = {
        {{1, 0}, {0, 1}, {0, -1}},   // south: left = east, right = west
        {{-1, 0}, {0, -1}, {0, 1}},  // north: left = west, right = east
        {{0, 1}, {-1, 0}, {1, 0}},   // east: left = north, right = south
        {{0, -1}, {1, 0}, {-1, 0}},  // west: left = south, right = north
    };
    bool possible = (a == 0 && row_ < 4) || (a == 1 && row_ > 0) ||
                    (a == 2 && OpenEast(row_, col_)) || (a == 3 && OpenWest(row_, col_));
    double lateral = (1.0 - rainy_probability_) / 2.0;
    double prob = branch == 0 ? rainy_probability_ : lateral;
    if (!possible) return prob;
    int dr = kMoves[a][branch][0];
    int dc = kMoves[a][branch][1];
    int new_row = std::clamp(row_ + dr, 0, 4);
    int new_col = std::clamp(col_ + dc, 0, 4);
    if (branch != 0) {
      // The wall check of a sideways move looks at the square it lands on.
      if (dc == 1 && kMap[1 + new_row][2 * new_col] != ':') return prob;
      if (dc == -1 && kMap[1 + new_row][2 * new_col + 2] != ':') return prob;
    }
    row_ = new_row;
    col_ = new_col;
    return prob;
  }

  double Pickup() {
    if (pass_ < 4 && StandAt(row_, col_) == pass_) {
      pass_ = 4;
      return -1.0;
    }
    return -10.0;
  }

  double Dropoff() {
    if (pass_ != 4) return -10.0;
    int stand = StandAt(row_, col_);
    if (stand < 0) return -10.0;
    pass_ = stand;
    if (stand == dest_) {
      terminated_ = true;
      return 20.0;
    }
    return -1.0;
  }

  void WriteState(double reward, double prob) {
    State& state = Allocate();
    state["obs"_] = ((row_ * 5 + col_) * 5 + pass_) * 4 + dest_;
    state["reward"_] = reward;
    state["info:prob"_] = prob;
    std::int8_t* mask = state["info:action_mask"_].Data<std::int8_t>();
    int stand = StandAt(row_, col_);
    mask[0] = row_ < 4;
    mask[1] = row_ > 0;
    mask[2] = col_ < 4 && OpenEast(row_, col_);
    mask[3] = col_ > 0 && OpenWest(row_, col_);
    mask[4] = pass_ < 4 && stand == pass_;
    mask[5] = pass_ == 4 && stand >= 0;
  }

  bool is_rainy_;
  bool fickle_passenger_;
  double rainy_probability_;
  double fickle_probability_;
  // Running sums of a rainy move's branches: intended, left, right.
  std::vector<double> rainy_cumsum_;
  int row_ = 0;
  int col_ = 0;
  int pass_ = 0;
  int dest_ = 1;
  bool fickle_step_ = false;
  bool terminated_ = false;
  // gymnasium's self.np_random, seeded as reset(seed=seed()) seeds it.
  numpy_exact::NumpyGenerator np_random_{seed()};
};

using TaxiEnvPool = AsyncEnvPool<TaxiEnv>;

}  // namespace parallel_pool::toy_text

#endif  // PARALLEL_POOL_TOY_TEXT_TAXI_H_
