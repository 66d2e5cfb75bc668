// GnuSort leaves equal elements where libstdc++'s std::sort does (this test
// is built with the default toolchain, gcc and libstdc++, whose std::sort is
// procgen's), for sizes across the insertion-sort threshold and many ties.
#include "parallel_pool/procgen/engine/gnu_sort.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

namespace parallel_pool::procgen {
namespace {

using Item = std::pair<int, int>;  // (key, original position)

bool LaterFirst(const Item& a, const Item& b) { return a.first > b.first; }

TEST(GnuSortTest, OrdersTiesAsLibstdcxxSort) {
  std::mt19937 gen(1);
  for (int trial = 0; trial < 5000; ++trial) {
    const int n = static_cast<int>(gen() % 200);
    const int keys = 1 + trial % 30;
    std::vector<Item> expected(n);
    for (int i = 0; i < n; ++i) expected[i] = {static_cast<int>(gen() % keys), i};
    std::vector<Item> ours = expected;
    std::sort(expected.begin(), expected.end(), LaterFirst);
    GnuSort(ours, LaterFirst);
    ASSERT_EQ(ours, expected) << "trial " << trial << ", " << n << " items";
  }
}

TEST(GnuSortTest, HeapSortsWhenPartitionsDegenerate) {
  // Keys that defeat median-of-three pivots push the introsort to its heap
  // sort fallback; the order must still be std::sort's.
  for (int n : {17, 64, 257, 1000}) {
    std::vector<Item> expected(n);
    for (int i = 0; i < n; ++i) expected[i] = {i % 2 == 0 ? i : n - i, i};
    std::vector<Item> ours = expected;
    std::sort(expected.begin(), expected.end(), LaterFirst);
    GnuSort(ours, LaterFirst);
    ASSERT_EQ(ours, expected) << n << " items";
  }
}

}  // namespace
}  // namespace parallel_pool::procgen
