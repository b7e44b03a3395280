#include "kernels/nbench/common/heapsort.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "kernels/nbench/integer/numeric_sort.hpp"
#include "kernels/nbench/integer/string_sort.hpp"

namespace hwbench::kernels::nbench {

namespace {

struct Counts {
  long comparisons = 0;
  long swaps = 0;
};

template <typename Less, typename Swap>
Counts counted_heapsort(std::size_t count, Less less, Swap swap) {
  Counts c;
  heapsort(
      count,
      [&](std::size_t i, std::size_t j) {
        ++c.comparisons;
        return less(i, j);
      },
      [&](std::size_t i, std::size_t j) {
        ++c.swaps;
        swap(i, j);
      });
  return c;
}

}  // namespace

TEST_CASE("heapsort: on the string sort's data it does what nbench 2.2.3's binary does") {
  // Observed by running nbench under callgrind: per sort 3117 strncmp calls, and 2 x 1486 + 214
  // string adjustments (1486 swaps inside sifts, 214 moves of element 0 to the tail).
  StringArray array;
  Random r;
  fill_string_array(r, array);
  const Counts c = counted_heapsort(
      array.offsets.size(), [&](std::size_t i, std::size_t j) { return string_less(array.record(i), array.record(j)); },
      [&](std::size_t i, std::size_t j) { swap_strings(array, i, j); });
  CHECK(c.comparisons == 3117);
  CHECK(c.swaps == 1486 + 214);
}

TEST_CASE("heapsort: builds from top/2 down to 1, then sifts element 0 before each swap") {
  std::vector<std::int64_t> a{3, 1, 2};
  std::vector<std::pair<std::size_t, std::size_t>> steps;
  heapsort(
      a.size(),
      [&](std::size_t i, std::size_t j) {
        steps.emplace_back(i, j);
        return a[i] < a[j];
      },
      [&](std::size_t i, std::size_t j) {
        steps.emplace_back(i + 100, j + 100);  // swaps marked by +100, in the order given
        std::swap(a[i], a[j]);
      });
  // Build: sift(1, 2): 1 has child 2 only. Sort: sift(0, 2): children 0 and 1, then 1's child 2.
  // A sift's exchange names the child first, the second phase's names element 0 first: the
  // string sort moves its first argument's string first, as nbench does in each place.
  const std::vector<std::pair<std::size_t, std::size_t>> expected{
      {1, 2},     {102, 101},              // build: 1 < 2, swap(child 2, 1) -> {3, 2, 1}
      {0, 1},     {0, 0},                  // sift(0, 2): 3 < 2? no, so k = 0; 3 < 3? no: stop
      {100, 102},                          // swap(0, 2) -> {1, 2, 3}
      {0, 1},     {0, 1},     {101, 100},  // sift(0, 1): 1 < 2, k = 1; 1 < 2: swap(1, 0) -> {2, 1, 3}
      {100, 101}};                         // swap(0, 1) -> {1, 2, 3}
  CHECK(steps == expected);
  CHECK(a == std::vector<std::int64_t>{1, 2, 3});
}

TEST_CASE("heapsort: numeric sort's data takes the same steps through the generic sort") {
  std::vector<std::int64_t> a(numeric_array_size);
  Random r;
  fill_numeric_array(r, a);
  const Counts c = counted_heapsort(
      a.size(), [&](std::size_t i, std::size_t j) { return a[i] < a[j]; },
      [&](std::size_t i, std::size_t j) { std::swap(a[i], a[j]); });
  CHECK(c.comparisons == 201830);
  CHECK(c.swaps == 98113 + 8110);
  CHECK(std::is_sorted(a.begin(), a.end()));
}

}  // namespace hwbench::kernels::nbench
