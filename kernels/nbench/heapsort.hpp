#pragma once
// The heapsort both BYTEmark sorts use. The heap is laid out as in Numerical Recipes, which the
// BYTEmark documentation cites, applied to a zero-based array: the children of element i are
// 2i and 2i+1, so element 0 sits alone above element 1 and the tree is one level deeper than a
// textbook zero-based heap. Elements are reached only through `less` and `swap`, so the same
// sort moves numbers (numeric sort) or whole strings in place (string sort).
#include <cstddef>

namespace hwbench::kernels::nbench {

/// Sifts element `i` down the heap that ends at `last` (inclusive).
template <typename Less, typename Swap>
void heap_sift(std::size_t i, std::size_t last, Less& less, Swap& swap) {
  while (i + i <= last) {
    std::size_t k = i + i;
    if (k < last && less(k, k + 1)) ++k;
    if (!less(i, k)) return;
    swap(i, k);
    i = k;
  }
}

/// Sorts `count` elements ascending: less(i, j) compares elements i and j, swap(i, j) exchanges
/// them.
template <typename Less, typename Swap>
void heapsort(std::size_t count, Less less, Swap swap) {
  if (count < 2) return;
  const std::size_t last = count - 1;
  for (std::size_t i = last / 2 + 1; i-- > 0;) heap_sift(i, last, less, swap);
  for (std::size_t end = last; end > 0; --end) {
    swap(0, end);
    heap_sift(0, end - 1, less, swap);
  }
}

}  // namespace hwbench::kernels::nbench
