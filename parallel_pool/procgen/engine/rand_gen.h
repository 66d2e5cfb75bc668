// RandGen: procgen's random draws, on std::mt19937 as procgen's games make
// them, so that a level seed gives the very same level. Every draw is one
// 32-bit output of the engine reduced by modulo (never a std distribution,
// whose algorithm is the library's choice).
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_RAND_GEN_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_RAND_GEN_H_

#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

namespace parallel_pool::procgen {

class RandGen {
 public:
  void Seed(int seed) { engine_.seed(static_cast<std::uint32_t>(seed)); }

  // low + x % (high - low), the range taken as unsigned.
  int Int(int low, int high) {
    std::uint32_t x = engine_();
    auto range = static_cast<std::uint32_t>(high - low);
    return low + static_cast<int>(x % range);
  }

  // x % high, in [0, high).
  int Below(int high) {
    std::uint32_t x = engine_();
    return static_cast<int>(x % static_cast<std::uint32_t>(high));
  }

  // x / 2^32 in double, rounded to float: [0, 1].
  float Unit() {
    std::uint32_t x = engine_();
    return static_cast<float>(static_cast<double>(x) /
                              (static_cast<double>(std::mt19937::max()) + 1.0));
  }

  bool Bool() { return Unit() > .5; }

  float Range(float low, float high) { return Unit() * (high - low) + low; }

  // x units spread over n bins, one draw per unit.
  std::vector<int> Partition(int x, int n) {
    std::vector<int> bins(n, 0);
    for (int i = 0; i < x; ++i) bins[Below(n)] += 1;
    return bins;
  }

  int ChooseOne(const std::vector<int>& elems) {
    if (elems.empty()) throw std::logic_error("RandGen::ChooseOne: no elements");
    return elems[Below(static_cast<int>(elems.size()))];
  }

  // n distinct elements in draw order (all of them, in order, if n is larger).
  std::vector<int> ChooseN(const std::vector<int>& elems, int n) {
    std::vector<int> rest(elems);
    if (n > static_cast<int>(elems.size())) return rest;
    std::vector<int> chosen;
    while (static_cast<int>(chosen.size()) < n) {
      int i = Below(static_cast<int>(rest.size()));
      chosen.push_back(rest[i]);
      rest.erase(rest.begin() + i);
    }
    return chosen;
  }

  // k distinct values of [0, n), redrawing repeats.
  std::vector<int> SimpleChoose(int n, int k) {
    if (k > n) throw std::logic_error("RandGen::SimpleChoose: k > n");
    std::vector<int> chosen(k, 0);
    std::set<int> seen;
    for (int i = 0; i < k; ++i) {
      int next = Below(n);
      while (seen.count(next) != 0) next = Below(n);
      chosen[i] = next;
      seen.insert(next);
    }
    return chosen;
  }

 private:
  std::mt19937 engine_;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_RAND_GEN_H_
