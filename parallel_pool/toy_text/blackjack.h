// BlackjackEnv: gymnasium's Blackjack-v1 (Sutton & Barto, Example 5.1).
//
// Cards are drawn from an infinite deck: ace = 1, 2..9 at face value, and
// 10, J, Q, K all 10 (so 10 is four times as likely as any other value). The
// player holds two cards and sees one of the dealer's two. Hitting draws a
// card; going over 21 busts (reward -1, terminated). Sticking makes the
// dealer draw until their sum is at least 17, then scores +1 / 0 / -1 by
// comparing sums (a bust scores 0 and loses), and terminates. An ace counts
// 11 when that does not bust the hand ("usable ace").
//   sab: Sutton & Barto's rule, a natural (ace + ten-card) of the player
//        against a dealer without one wins +1 (overrides `natural`).
//   natural: a natural that wins pays +1.5.
//
// Observation "obs": int32 [3] = (player sum in [4, 31], dealer's showing
//   card in [1, 10], usable ace in {0, 1}), EnvPool's layout of gymnasium's
//   Tuple(Discrete(32), Discrete(11), Discrete(2)).
// Action "action": int in [0, 1]: 0 stick, 1 hit.
#ifndef PARALLEL_POOL_TOY_TEXT_BLACKJACK_H_
#define PARALLEL_POOL_TOY_TEXT_BLACKJACK_H_

#include <algorithm>
#include <cstdint>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::toy_text {

class BlackjackEnvFns {
 public:
  static auto DefaultConfig() { return MakeDict("natural"_.Bind(false), "sab"_.Bind(false)); }

  template <typename Config>
  static auto StateSpec(const Config& /*conf*/) {
    return MakeDict("obs"_.Bind(Spec<int>({3}, {0, 31})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 1})));
  }
};

using BlackjackEnvSpec = EnvSpec<BlackjackEnvFns>;

// One hand: the sum with aces counted as 1, and whether it holds an ace.
// This is all the scoring rules need, so hands are not stored card by card.
struct BlackjackHand {
  int raw_sum = 0;
  int num_cards = 0;
  bool has_ace = false;
  bool has_ten = false;

  void Add(int card) {
    raw_sum += card;
    ++num_cards;
    has_ace = has_ace || card == 1;
    has_ten = has_ten || card == 10;
  }
  bool UsableAce() const { return has_ace && raw_sum + 10 <= 21; }
  int Sum() const { return UsableAce() ? raw_sum + 10 : raw_sum; }
  bool Bust() const { return Sum() > 21; }
  int Score() const { return Bust() ? 0 : Sum(); }
  // Exactly an ace and a ten-valued card.
  bool Natural() const { return num_cards == 2 && has_ace && has_ten; }
};

class BlackjackEnv : public Env<BlackjackEnvSpec> {
 public:
  BlackjackEnv(const Spec& spec, int env_id)
      : Env(spec, env_id), natural_(spec.config["natural"_]), sab_(spec.config["sab"_]) {}

 protected:
  void Reset() override {
    dealer_ = BlackjackHand();
    player_ = BlackjackHand();
    // gymnasium deals the dealer's two cards first; the first is shown.
    dealer_card_ = DrawCard();
    dealer_.Add(dealer_card_);
    dealer_.Add(DrawCard());
    player_.Add(DrawCard());
    player_.Add(DrawCard());
    // gymnasium then draws the suit of the dealer's card for render(), and
    // for a ten-valued card whether it is a J, Q or K: unused, but drawn.
    np_random_.Choice(4);
    if (dealer_card_ == 10) np_random_.Choice(3);
    terminated_ = false;
    WriteState(0.0);
  }

  void Step(const Action& action) override {
    double reward = 0.0;
    if (action["action"_].Get<int>() == 1) {
      player_.Add(DrawCard());
      if (player_.Bust()) {
        terminated_ = true;
        reward = -1.0;
      }
    } else {
      terminated_ = true;
      while (dealer_.Sum() < 17) dealer_.Add(DrawCard());
      int p = player_.Score();
      int d = dealer_.Score();
      reward = p > d ? 1.0 : (p < d ? -1.0 : 0.0);
      if (sab_) {
        if (player_.Natural() && !dealer_.Natural()) reward = 1.0;
      } else if (natural_ && player_.Natural() && reward == 1.0) {
        reward = 1.5;
      }
    }
    WriteState(reward);
  }

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(seed()); }

  bool IsTerminated() override { return terminated_; }

 private:
  // gymnasium's np_random.choice(deck), deck = [1, 2, ..., 9, 10, 10, 10, 10]:
  // 13 ranks, equally likely; J, Q, K count 10.
  int DrawCard() { return static_cast<int>(std::min<std::int64_t>(np_random_.Choice(13) + 1, 10)); }

  void WriteState(double reward) {
    State& state = Allocate();
    int* obs = state["obs"_].Data<int>();
    obs[0] = player_.Sum();
    obs[1] = dealer_card_;
    obs[2] = player_.UsableAce() ? 1 : 0;
    state["reward"_] = reward;
  }

  bool natural_;
  bool sab_;
  BlackjackHand player_;
  BlackjackHand dealer_;
  int dealer_card_ = 0;
  bool terminated_ = false;
  // gymnasium's self.np_random, seeded as reset(seed=seed()) seeds it.
  numpy_exact::NumpyGenerator np_random_{seed()};
};

using BlackjackEnvPool = AsyncEnvPool<BlackjackEnv>;

}  // namespace parallel_pool::toy_text

#endif  // PARALLEL_POOL_TOY_TEXT_BLACKJACK_H_
