// GnuSort leaves equal elements where libstdc++'s std::sort (procgen's) does,
// for sizes across the insertion-sort threshold and many ties, under either
// standard library: the default build (gcc, libstdc++) compares it with
// std::sort itself, and both builds compare a digest of its orders with the
// digest of libstdc++'s std::sort on the same inputs (the constants below,
// which the libstdc++ build checks against std::sort; libc++'s std::sort, the
// wheel's, orders ties otherwise).
#include "parallel_pool/procgen/engine/gnu_sort.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace parallel_pool::procgen {
namespace {

using Item = std::pair<int, int>;  // (key, original position)

bool LaterFirst(const Item& a, const Item& b) { return a.first > b.first; }

// FNV-1a over every (key, position) of each sorted vector, in order.
class Digest {
 public:
  void Add(const std::vector<Item>& items) {
    for (const Item& item : items) {
      Mix(item.first);
      Mix(item.second);
    }
  }
  std::uint64_t value() const { return hash_; }

 private:
  void Mix(int v) { hash_ = (hash_ ^ static_cast<std::uint32_t>(v)) * 1099511628211ULL; }
  std::uint64_t hash_ = 14695981039346656037ULL;
};

// libstdc++'s std::sort on each test's inputs (std::mt19937 and integer
// arithmetic: the same inputs under any standard library).
constexpr std::uint64_t kRandomTiesDigest = 0x84da828a712b7ea8ULL;
constexpr std::uint64_t kDegenerateDigest = 0xb8b1f0b303331e89ULL;

// `input` sorted by GnuSort, added to `ours`; with libstdc++ also by
// std::sort, added to `theirs` (the two must agree item for item).
void SortBoth(const std::vector<Item>& input, Digest& ours, Digest& theirs) {
  std::vector<Item> sorted = input;
  GnuSort(sorted, LaterFirst);
  ours.Add(sorted);
#ifdef __GLIBCXX__
  std::vector<Item> expected = input;
  std::sort(expected.begin(), expected.end(), LaterFirst);
  ASSERT_EQ(sorted, expected) << input.size() << " items";
  theirs.Add(expected);
#else
  static_cast<void>(theirs);
#endif
}

TEST(GnuSortTest, OrdersTiesAsLibstdcxxSort) {
  std::mt19937 gen(1);
  Digest ours;
  Digest theirs;
  for (int trial = 0; trial < 5000; ++trial) {
    const int n = static_cast<int>(gen() % 200);
    const int keys = 1 + trial % 30;
    std::vector<Item> input(n);
    for (int i = 0; i < n; ++i) input[i] = {static_cast<int>(gen() % keys), i};
    SortBoth(input, ours, theirs);
  }
  EXPECT_EQ(ours.value(), kRandomTiesDigest);
#ifdef __GLIBCXX__
  EXPECT_EQ(theirs.value(), kRandomTiesDigest);
#endif
}

TEST(GnuSortTest, HeapSortsWhenPartitionsDegenerate) {
  // Keys that defeat median-of-three pivots push the introsort to its heap
  // sort fallback; the order must still be std::sort's.
  Digest ours;
  Digest theirs;
  for (int n : {17, 64, 257, 1000}) {
    std::vector<Item> input(n);
    for (int i = 0; i < n; ++i) input[i] = {i % 2 == 0 ? i : n - i, i};
    SortBoth(input, ours, theirs);
  }
  EXPECT_EQ(ours.value(), kDegenerateDigest);
#ifdef __GLIBCXX__
  EXPECT_EQ(theirs.value(), kDegenerateDigest);
#endif
}

}  // namespace
}  // namespace parallel_pool::procgen
