// Env<Spec>: the base class of every environment.
//
// A subclass implements three methods, the way the paper describes the task:
//   void Reset();                    // start an episode, write the first obs
//   void Step(const Action& action); // advance, write obs and reward
//   bool IsTerminated();             // did the last Step end the MDP episode?
// and inside Reset/Step calls `State& state = Allocate();` and writes its
// fields: state["obs"_], state["reward"_], state["info:..."_].
//
// The base class does the bookkeeping every env shares: seeding (and
// re-seeding at a user's reset(seed=...), see Reseed), elapsed
// steps, truncation at max_episode_steps, done/terminated/truncated,
// discount, step_type, env ids, and same-step autoreset. A family reads that
// state through accessors and changes it only through the hooks below
// (SetDiscount, CarryElapsedSteps, LimitEpisodeSteps, RestartStepClock); it
// never overrides Run.
#ifndef PARALLEL_POOL_CORE_ENV_H_
#define PARALLEL_POOL_CORE_ENV_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/env_spec.h"
#include "parallel_pool/core/state_buffer_queue.h"

namespace parallel_pool {

// Pool-side wiring an env needs; set once by the pool after construction.
struct EnvWiring {
  StateBufferQueue* state_queue = nullptr;
  // The pool's action buffers, one row per env (or max_num_players rows per
  // env for per-player fields).
  const std::vector<Array>* action_buffers = nullptr;
  const std::vector<ArraySpec>* action_specs = nullptr;
  const std::vector<ArraySpec>* state_specs = nullptr;
  // Indices of the state fields that same-step autoreset shadows.
  const std::vector<std::size_t>* shadowed = nullptr;
};

template <typename EnvSpecT>
class Env {
 public:
  using Spec = EnvSpecT;
  using State = typename Spec::State;
  using Action = typename Spec::Action;
  using Config = typename Spec::Config;

  Env(const Spec& spec, int env_id)
      : spec_(spec),
        env_id_(env_id),
        gen_(SeedFor(spec, env_id)),
        max_num_players_(spec.max_num_players()),
        seed_(SeedFor(spec, env_id)),
        max_episode_steps_(spec.config["max_episode_steps"_]),
        episode_step_limit_(max_episode_steps_),
        same_step_(spec.same_step_autoreset()) {}
  virtual ~Env() = default;
  Env(const Env&) = delete;
  Env& operator=(const Env&) = delete;

  // ---- Called by the pool. ----

  void Wire(const EnvWiring& wiring) {
    wiring_ = wiring;
    layouts_.clear();
    // The views are built here once; each step only re-aims them (PointViews).
    for (const ArraySpec& spec : *wiring.state_specs) {
      std::size_t row_bytes = SizeOf(spec.dtype);
      for (std::size_t d : spec.shape) row_bytes *= d;
      Shape shape =
          spec.per_player ? Shape(spec.shape.begin(), spec.shape.end(), 1) : Shape(spec.shape);
      state_.at(layouts_.size()) = Array(nullptr, nullptr, spec.dtype, shape);
      layouts_.push_back(FieldLayout{row_bytes, spec.per_player});
    }
  }

  // How many player rows the pending action holds (set at send time).
  void SetActionPlayers(int n) { action_players_ = n; }

  // The next (forced) reset first re-seeds this env with `seed` (the user's
  // reset(seed=...)); set at send time, like the action.
  void SetResetSeed(std::uint32_t seed) { reset_seed_ = seed; }

  // Runs one reset (if forced, or if the last episode ended) or one step, and
  // writes the result into the batch row for `order`.
  void Run(int order, bool force_reset) {
    order_ = order;
    slot_ = StateSlot{};
    reuse_slot_ = false;
    forced_reset_ = force_reset;
    if (force_reset || done_) {
      if (reset_seed_) ApplySeed(*std::exchange(reset_seed_, std::nullopt));
      RunReset();
    } else {
      ++elapsed_step_;
      Step(ActionView());
      bool terminated = IsTerminated();
      bool truncated = elapsed_step_ >= episode_step_limit_;
      done_ = terminated || truncated;
      WriteCommon(done_ ? kLast : kMid, terminated, truncated);
      if (same_step_) ShadowFinal();
      if (done_ && same_step_) ResetInSameRow();
    }
    StateBlock* block = slot_.block;
    slot_ = StateSlot{};
    block->Finish();
  }

  // After an exception escaped Run: make sure the batch row is marked
  // finished (so the caller is not left waiting) and restart the episode
  // on the next step.
  void FinishAfterError(int order) {
    done_ = true;
    if (slot_.block == nullptr) {
      order_ = order;
      slot_ = wiring_.state_queue->Allocate(0, order);
      PointViews(slot_);
    }
    State& state = state_;
    state["info:env_id"_] = env_id_;
    state["done"_] = true;
    StateBlock* block = slot_.block;
    slot_ = StateSlot{};
    block->Finish();
  }

  bool IsDone() const { return done_; }
  int env_id() const { return env_id_; }

 protected:
  virtual void Reset() = 0;
  virtual void Step(const Action& action) = 0;
  virtual bool IsTerminated() = 0;

  // Called when the user re-seeds the env (reset(seed=...)), after seed()
  // and gen_ have taken the new seed and before the Reset() that follows. A
  // family whose constructor seeded more than gen_ (an emulator's RNG, a
  // second generator, a model drawn from the seed) seeds it again here as its
  // constructor did, so the env then runs exactly as a new env with that seed
  // would.
  virtual void Reseed() {}

  // The seed this env's generator started from (the user's last one).
  std::uint32_t seed() const { return seed_; }

  // The row (and `num_players` player rows) this reset/step writes into:
  // views owned by the env, valid until the Reset/Step returns (bind them by
  // reference; a copy is valid as long, but costs a copy of every view).
  State& Allocate(int num_players = 1) {
    if (reuse_slot_) return state_;
    if (slot_.block != nullptr) {
      throw std::logic_error("Env::Allocate called twice in one Reset/Step");
    }
    slot_ = wiring_.state_queue->Allocate(num_players, order_);
    PointViews(slot_);
    return state_;
  }

  // Overrides the discount of this step (default: 0 if terminated, else 1),
  // e.g. a zero discount when the agent loses one of several lives.
  void SetDiscount(float discount) { discount_override_ = discount; }

  // Called from Reset(): this episode goes on with the clock of an earlier
  // one, which had run `steps` steps (e.g. a lost life that ends the
  // learner's episode while the time limit covers the whole game). The
  // first step of the episode then reports elapsed_step = steps + 1, and
  // truncation comes at max_episode_steps counted from the earlier start.
  void CarryElapsedSteps(int steps) {
    if (steps < 0) throw std::logic_error("CarryElapsedSteps: steps must be >= 0");
    carried_steps_ = steps;
  }

  // Called from Reset(): this episode is truncated after `steps` steps, or at
  // max_episode_steps if that comes first (a task whose time limit depends
  // on the episode drawn, as BabyAI's missions).
  void LimitEpisodeSteps(int steps) {
    if (steps < 1) throw std::logic_error("LimitEpisodeSteps: steps must be >= 1");
    episode_step_limit_ = std::min(steps, max_episode_steps_);
  }

  // Called from Step(): the episode goes on, but its time limit counts again
  // from this step, which reports elapsed_step 0 (a game that moves on to a
  // new level without ending the episode: procgen's sequential levels).
  void RestartStepClock() { elapsed_step_ = 0; }

  // Whether this Reset() was asked for by the user (reset(), async_reset())
  // rather than coming after the end of an episode.
  bool forced_reset() const { return forced_reset_; }
  // Steps taken in this episode so far (the current Step included).
  int elapsed_step() const { return elapsed_step_; }
  int max_episode_steps() const { return max_episode_steps_; }

  const Spec& spec_;
  const int env_id_;
  std::mt19937 gen_;
  const int max_num_players_;

 private:
  static std::uint32_t SeedFor(const Spec& spec, int env_id) {
    const auto& seeds = spec.config["env_seeds"_];
    std::int64_t seed =
        seeds.empty() ? std::int64_t{spec.config["seed"_]} + env_id : std::int64_t{seeds[env_id]};
    return static_cast<std::uint32_t>(seed);
  }

  // As at construction: a new env with this seed would start here.
  void ApplySeed(std::uint32_t seed) {
    seed_ = seed;
    gen_.seed(seed);
    Reseed();
  }

  void RunReset() {
    BeginEpisode();
    Reset();
    elapsed_step_ = carried_steps_;
    WriteCommon(kFirst, false, false);
    if (same_step_) ShadowFinal();
  }

  Action ActionView() const {
    const std::vector<Array>& buffers = *wiring_.action_buffers;
    const std::vector<ArraySpec>& specs = *wiring_.action_specs;
    Action action;
    for (std::size_t i = 0; i < buffers.size(); ++i) {
      if (specs[i].per_player) {
        std::size_t first = static_cast<std::size_t>(env_id_) * max_num_players_;
        action.at(i) = buffers[i].BorrowSlice(first, first + action_players_);
      } else {
        action.at(i) = buffers[i].BorrowRow(env_id_);
      }
    }
    return action;
  }

  // Where each state field's rows are, worked out once at Wire time so a
  // step's views are pointer arithmetic.
  struct FieldLayout {
    std::size_t row_bytes;
    bool per_player;
  };

  // Aims the per-step views (state_, built by Wire) at the slot's rows:
  // non-owning, allocation-free, nothing copied but a pointer per field.
  void PointViews(const StateSlot& slot) {
    const std::vector<Array>& arrays = slot.block->arrays();
    for (std::size_t i = 0; i < layouts_.size(); ++i) {
      const FieldLayout& f = layouts_[i];
      if (f.per_player) {
        state_.at(i).Repoint(arrays[i].raw() + slot.player_row * f.row_bytes,
                             static_cast<std::size_t>(slot.num_players));
      } else {
        state_.at(i).Repoint(arrays[i].raw() + slot.row * f.row_bytes);
      }
    }
  }

  void WriteCommon(StepType step_type, bool terminated, bool truncated) {
    if (slot_.block == nullptr) {
      throw std::logic_error("the env did not call Allocate() in Reset()/Step()");
    }
    State& state = state_;
    state["info:env_id"_] = env_id_;
    state["info:players.env_id"_] = env_id_;
    state["info:elapsed_step"_] = elapsed_step_;
    state["done"_] = step_type == kLast;
    state["terminated"_] = terminated;
    state["truncated"_] = truncated;
    float discount = terminated ? 0.0F : 1.0F;
    if (!std::isnan(discount_override_)) discount = discount_override_;
    discount_override_ = std::nanf("");
    state["discount"_] = discount;
    state["step_type"_] = static_cast<int>(step_type);
  }

  // Same-step autoreset: the shadow ("final") arrays always hold the obs and
  // info the action led to; for a done env the main arrays then get the
  // first obs of the next episode.
  void ShadowFinal() {
    const std::vector<ArraySpec>& specs = *wiring_.state_specs;
    const std::vector<std::size_t>& shadowed = *wiring_.shadowed;
    const StateBlock& block = *slot_.block;
    for (std::size_t k = 0; k < shadowed.size(); ++k) {
      const Array& src = block.arrays()[shadowed[k]];
      const Array& dst = block.final_arrays()[k];
      std::size_t first = specs[shadowed[k]].per_player ? slot_.player_row : slot_.row;
      std::size_t rows = specs[shadowed[k]].per_player ? slot_.num_players : 1;
      std::memcpy(dst.raw() + first * dst.row_bytes(), src.raw() + first * src.row_bytes(),
                  rows * src.row_bytes());
    }
  }

  void ResetInSameRow() {
    State& state = state_;
    std::vector<double> reward(slot_.num_players);
    for (int p = 0; p < slot_.num_players; ++p)
      reward[p] = state["reward"_].template Get<double>(p);
    bool terminated = state["terminated"_].template Get<bool>();
    bool truncated = state["truncated"_].template Get<bool>();
    float discount = state["discount"_].template Get<float>();
    int num_players = slot_.num_players;
    reuse_slot_ = true;
    BeginEpisode();
    Reset();
    elapsed_step_ = carried_steps_;
    reuse_slot_ = false;
    if (slot_.num_players != num_players) {
      throw std::logic_error("same-step autoreset: Reset() changed the player count");
    }
    WriteCommon(kLast, terminated, truncated);
    state["discount"_] = discount;
    for (int p = 0; p < num_players; ++p) state["reward"_].Set(p, reward[p]);
  }

  void BeginEpisode() {
    episode_step_limit_ = max_episode_steps_;
    elapsed_step_ = 0;
    carried_steps_ = 0;
    done_ = false;
  }

  std::uint32_t seed_;
  const int max_episode_steps_;
  int episode_step_limit_;  // max_episode_steps_ unless Reset() set less
  int elapsed_step_ = 0;
  int carried_steps_ = 0;
  bool forced_reset_ = false;
  EnvWiring wiring_;
  std::vector<FieldLayout> layouts_;
  StateSlot slot_;
  State state_;  // views of slot_, valid while slot_ is
  int order_ = 0;
  int action_players_ = 1;
  std::optional<std::uint32_t> reset_seed_;
  bool done_ = true;  // the first step of a fresh env is a reset
  bool reuse_slot_ = false;
  bool same_step_;
  float discount_override_ = std::nanf("");
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_ENV_H_
