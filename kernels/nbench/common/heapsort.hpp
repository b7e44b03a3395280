#pragma once
// The heapsort both BYTEmark sorts use. The heap is laid out as in Numerical Recipes, which the
// BYTEmark documentation cites, applied to a zero-based array: the children of element i are
// 2i and 2i+1, so element 0 sits alone above element 1 and the tree is one level deeper than a
// textbook zero-based heap. Elements are reached only through `less` and `swap`, so the same
// sort moves numbers (numeric sort) or whole strings in place (string sort).
//
// The order of the steps is nbench 2.2.3's, as observed by running its binary on the string
// sort's data (215 strings): the heap is built from elements top/2 down to 1 (element 0 is
// left to the first sift of the second phase), and each step of the second phase sifts
// element 0 over 0..end and only then swaps it to `end`. That gives nbench's 321 sifts, 3117
// comparisons and 1486 + 214 swaps exactly; heapsort_test.cpp pins the counts.
#include <cstddef>

namespace hwbench::kernels::nbench {

/// Sifts element `i` down the heap that ends at `last` (inclusive). From i = 0 the first child
/// examined is element 0 itself, which costs one comparison that never swaps, as in nbench.
/// An exchange is swap(child, parent), and the second phase's swap(0, end): the string sort's
/// swap handles its first argument first, as nbench does in each place.
template <typename Less, typename Swap>
[[gnu::always_inline]] inline void heap_sift(std::size_t i, std::size_t last, Less& less, Swap& swap) {
  while (i + i <= last) {
    std::size_t k = i + i;
    if (k < last && less(k, k + 1)) ++k;
    if (!less(i, k)) return;
    swap(k, i);
    i = k;
  }
}

/// Sorts `count` elements ascending: less(i, j) compares elements i and j, swap(i, j) exchanges
/// them. Always inlined: when the sort is a separate function the compiler cannot see that
/// `less` and `swap` reach the same array, and the numeric sort then reloads every element it
/// swaps (2.44M instructions per sort against 2.08M inlined, about 7% slower).
template <typename Less, typename Swap>
[[gnu::always_inline]] inline void heapsort(std::size_t count, Less less, Swap swap) {
  if (count < 2) return;
  const std::size_t last = count - 1;
  for (std::size_t i = last / 2; i > 0; --i) heap_sift(i, last, less, swap);
  for (std::size_t end = last; end > 0; --end) {
    heap_sift(std::size_t{0}, end, less, swap);
    swap(0, end);
  }
}

}  // namespace hwbench::kernels::nbench
