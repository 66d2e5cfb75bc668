// SeedSequence: numpy.random.SeedSequence, the hash that turns a user's seed
// into the state words of a bit generator. gymnasium seeds every env with
// Generator(PCG64(SeedSequence(seed))), so a pool that wants the episodes of
// gymnasium's `reset(seed=s)` must start from these very words.
//
// What numpy does (numpy/random/bit_generator.pyx):
//   * The entropy, a non-negative int or a sequence of them, becomes 32-bit
//     words, least significant first; each int takes as many words as it
//     needs and at least one (0 is one word, 0).
//   * A pool of 4 words is filled by hashing the entropy words (zeros past
//     their end), then every pool word is mixed into every other, then any
//     entropy words beyond the fourth are mixed into every pool word. One
//     running hash multiplier is carried through all of it.
//   * generate_state(n) cycles over the pool with a second running hash; as
//     uint64 it draws 2n words and pairs them little-endian (low word first).
// Only the default pool size (4) and no spawn key are supported: that is what
// SeedSequence(seed) makes, and spawning is no part of gymnasium's seeding.
#ifndef PARALLEL_POOL_NUMPY_EXACT_SEED_SEQUENCE_H_
#define PARALLEL_POOL_NUMPY_EXACT_SEED_SEQUENCE_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace parallel_pool::numpy_exact {

class SeedSequence {
 public:
  static constexpr std::size_t kPoolSize = 4;

  // SeedSequence(seed) for a seed that fits in 64 bits.
  explicit SeedSequence(std::uint64_t seed) : SeedSequence(FromInts({seed})) {}

  // SeedSequence(entropy) for entropy already split into 32-bit words, least
  // significant first, concatenated over the ints of a sequence: the form
  // numpy itself hashes, and the only one that reaches past 64 bits.
  static SeedSequence FromWords(const std::vector<std::uint32_t>& entropy_words) {
    return SeedSequence(entropy_words, Tag{});
  }

  // SeedSequence([a, b, ...]) for a sequence of ints that fit in 64 bits.
  static SeedSequence FromInts(const std::vector<std::uint64_t>& ints) {
    std::vector<std::uint32_t> words;
    for (std::uint64_t value : ints) AppendWords(value, &words);
    return SeedSequence(words, Tag{});
  }

  // The words numpy gives one non-negative int: as many 32-bit words as it
  // needs, least significant first, and one word for 0.
  static void AppendWords(std::uint64_t value, std::vector<std::uint32_t>* words) {
    do {
      words->push_back(static_cast<std::uint32_t>(value));
      value >>= 32;
    } while (value != 0);
  }

  // generate_state(n_words, np.uint32).
  std::vector<std::uint32_t> GenerateState32(std::size_t n_words) const {
    std::vector<std::uint32_t> state(n_words);
    std::uint32_t hash_const = kInitB;
    for (std::size_t i = 0; i < n_words; ++i) {
      std::uint32_t value = pool_[i % kPoolSize];
      value ^= hash_const;
      hash_const *= kMultB;
      value *= hash_const;
      value ^= value >> kXShift;
      state[i] = value;
    }
    return state;
  }

  // generate_state(n_words, np.uint64): twice the 32-bit words, each pair
  // read as one little-endian 64-bit word.
  std::vector<std::uint64_t> GenerateState64(std::size_t n_words) const {
    const std::vector<std::uint32_t> halves = GenerateState32(2 * n_words);
    std::vector<std::uint64_t> state(n_words);
    for (std::size_t i = 0; i < n_words; ++i) {
      state[i] = static_cast<std::uint64_t>(halves[2 * i]) |
                 (static_cast<std::uint64_t>(halves[2 * i + 1]) << 32);
    }
    return state;
  }

  // The mixed entropy pool (SeedSequence.pool).
  const std::array<std::uint32_t, kPoolSize>& pool() const { return pool_; }

 private:
  struct Tag {};

  // numpy's hashing and mixing constants.
  static constexpr std::uint32_t kInitA = 0x43b0d7e5;
  static constexpr std::uint32_t kMultA = 0x931e8875;
  static constexpr std::uint32_t kInitB = 0x8b51f9dd;
  static constexpr std::uint32_t kMultB = 0x58f38ded;
  static constexpr std::uint32_t kMixMultL = 0xca01f9dd;
  static constexpr std::uint32_t kMixMultR = 0x4973f715;
  static constexpr unsigned kXShift = 16;  // half the bits of a word

  SeedSequence(const std::vector<std::uint32_t>& entropy, Tag) {
    std::uint32_t hash_const = kInitA;
    const auto hashmix = [&hash_const](std::uint32_t value) {
      value ^= hash_const;
      hash_const *= kMultA;
      value *= hash_const;
      value ^= value >> kXShift;
      return value;
    };
    const auto mix = [](std::uint32_t x, std::uint32_t y) {
      std::uint32_t result = kMixMultL * x - kMixMultR * y;
      result ^= result >> kXShift;
      return result;
    };
    for (std::size_t i = 0; i < kPoolSize; ++i) {
      pool_[i] = hashmix(i < entropy.size() ? entropy[i] : 0);
    }
    for (std::size_t src = 0; src < kPoolSize; ++src) {
      for (std::size_t dst = 0; dst < kPoolSize; ++dst) {
        if (src != dst) pool_[dst] = mix(pool_[dst], hashmix(pool_[src]));
      }
    }
    for (std::size_t src = kPoolSize; src < entropy.size(); ++src) {
      for (std::size_t dst = 0; dst < kPoolSize; ++dst) {
        pool_[dst] = mix(pool_[dst], hashmix(entropy[src]));
      }
    }
  }

  std::array<std::uint32_t, kPoolSize> pool_{};
};

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_SEED_SEQUENCE_H_
