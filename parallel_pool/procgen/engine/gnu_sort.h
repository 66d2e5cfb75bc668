// GnuSort: the order std::sort leaves elements in when procgen's build runs
// it: libstdc++'s introsort (median-of-three quicksort down to runs of 16,
// heap sort past 2 log2(n) levels, then insertion sort), step for step.
// std::sort is not stable, and the wheel's standard library (libc++) orders
// equal elements otherwise; where equal keys can occur (starpilot's spawn
// times), the games sort with this instead, so ties land where procgen's do.
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_GNU_SORT_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_GNU_SORT_H_

#include <cstddef>
#include <utility>
#include <vector>

namespace parallel_pool::procgen {

template <typename T, typename Compare>
class GnuSorter {
 public:
  GnuSorter(std::vector<T>& v, Compare less) : v_(v), less_(less) {}

  void Sort() {
    const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(v_.size());
    if (n == 0) return;
    IntrosortLoop(0, n, 2 * Log2(n));
    FinalInsertionSort(0, n);
  }

 private:
  static constexpr std::ptrdiff_t kThreshold = 16;

  static std::ptrdiff_t Log2(std::ptrdiff_t n) {
    std::ptrdiff_t k = 0;
    while (n > 1) {
      n >>= 1;
      ++k;
    }
    return k;
  }

  bool Before(std::ptrdiff_t a, std::ptrdiff_t b) const { return less_(v_[a], v_[b]); }

  void IntrosortLoop(std::ptrdiff_t first, std::ptrdiff_t last, std::ptrdiff_t depth_limit) {
    while (last - first > kThreshold) {
      if (depth_limit == 0) {
        HeapSort(first, last);
        return;
      }
      --depth_limit;
      const std::ptrdiff_t cut = PartitionPivot(first, last);
      IntrosortLoop(cut, last, depth_limit);
      last = cut;
    }
  }

  std::ptrdiff_t PartitionPivot(std::ptrdiff_t first, std::ptrdiff_t last) {
    const std::ptrdiff_t mid = first + (last - first) / 2;
    MoveMedianToFirst(first, first + 1, mid, last - 1);
    return UnguardedPartition(first + 1, last, first);
  }

  void MoveMedianToFirst(std::ptrdiff_t result, std::ptrdiff_t a, std::ptrdiff_t b,
                         std::ptrdiff_t c) {
    if (Before(a, b)) {
      if (Before(b, c)) {
        std::swap(v_[result], v_[b]);
      } else if (Before(a, c)) {
        std::swap(v_[result], v_[c]);
      } else {
        std::swap(v_[result], v_[a]);
      }
    } else if (Before(a, c)) {
      std::swap(v_[result], v_[a]);
    } else if (Before(b, c)) {
      std::swap(v_[result], v_[c]);
    } else {
      std::swap(v_[result], v_[b]);
    }
  }

  std::ptrdiff_t UnguardedPartition(std::ptrdiff_t first, std::ptrdiff_t last,
                                    std::ptrdiff_t pivot) {
    while (true) {
      while (Before(first, pivot)) ++first;
      --last;
      while (Before(pivot, last)) --last;
      if (!(first < last)) return first;
      std::swap(v_[first], v_[last]);
      ++first;
    }
  }

  void FinalInsertionSort(std::ptrdiff_t first, std::ptrdiff_t last) {
    if (last - first > kThreshold) {
      InsertionSort(first, first + kThreshold);
      for (std::ptrdiff_t i = first + kThreshold; i != last; ++i) UnguardedLinearInsert(i);
    } else {
      InsertionSort(first, last);
    }
  }

  void InsertionSort(std::ptrdiff_t first, std::ptrdiff_t last) {
    if (first == last) return;
    for (std::ptrdiff_t i = first + 1; i != last; ++i) {
      if (Before(i, first)) {
        T value = std::move(v_[i]);
        for (std::ptrdiff_t j = i; j > first; --j) v_[j] = std::move(v_[j - 1]);
        v_[first] = std::move(value);
      } else {
        UnguardedLinearInsert(i);
      }
    }
  }

  void UnguardedLinearInsert(std::ptrdiff_t last) {
    T value = std::move(v_[last]);
    std::ptrdiff_t next = last - 1;
    while (less_(value, v_[next])) {
      v_[last] = std::move(v_[next]);
      last = next;
      --next;
    }
    v_[last] = std::move(value);
  }

  // libstdc++'s partial_sort(first, last, last): make_heap, then sort_heap.
  void HeapSort(std::ptrdiff_t first, std::ptrdiff_t last) {
    const std::ptrdiff_t len = last - first;
    if (len >= 2) {
      for (std::ptrdiff_t parent = (len - 2) / 2;; --parent) {
        T value = std::move(v_[first + parent]);
        AdjustHeap(first, parent, len, std::move(value));
        if (parent == 0) break;
      }
    }
    while (last - first > 1) {
      --last;
      T value = std::move(v_[last]);
      v_[last] = std::move(v_[first]);
      AdjustHeap(first, 0, last - first, std::move(value));
    }
  }

  void AdjustHeap(std::ptrdiff_t first, std::ptrdiff_t hole, std::ptrdiff_t len, T value) {
    const std::ptrdiff_t top = hole;
    std::ptrdiff_t child = hole;
    while (child < (len - 1) / 2) {
      child = 2 * (child + 1);
      if (Before(first + child, first + (child - 1))) --child;
      v_[first + hole] = std::move(v_[first + child]);
      hole = child;
    }
    if ((len & 1) == 0 && child == (len - 2) / 2) {
      child = 2 * (child + 1);
      v_[first + hole] = std::move(v_[first + (child - 1)]);
      hole = child - 1;
    }
    std::ptrdiff_t parent = (hole - 1) / 2;
    while (hole > top && less_(v_[first + parent], value)) {
      v_[first + hole] = std::move(v_[first + parent]);
      hole = parent;
      parent = (hole - 1) / 2;
    }
    v_[first + hole] = std::move(value);
  }

  std::vector<T>& v_;
  Compare less_;
};

template <typename T, typename Compare>
void GnuSort(std::vector<T>& v, Compare less) {
  GnuSorter<T, Compare>(v, less).Sort();
}

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_GNU_SORT_H_
