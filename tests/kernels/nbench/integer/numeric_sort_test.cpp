#include "kernels/nbench/integer/numeric_sort.hpp"

#include <algorithm>
#include <vector>

#include <doctest/doctest.h>

#include "kernels/nbench/integer/integer_index.hpp"
#include "kernels/nbench/nbench.hpp"
#include "tests/kernels/nbench/counted_run.hpp"

namespace hwbench::kernels::nbench {

namespace {

void check_sorts(std::vector<std::int64_t> values) {
  std::vector<std::int64_t> expected = values;
  std::sort(expected.begin(), expected.end());
  heapsort_numbers(values);
  CHECK(values == expected);
}

}  // namespace

TEST_CASE("numeric sort: the array is the reseeded generator's values after the reset's draw") {
  std::vector<std::int64_t> array(numeric_array_size);
  Random r;
  fill_numeric_array(r, array);
  CHECK(array[0] == -515045);
  CHECK(array[1] == 392519);
  CHECK(array[2] == -200022);
  std::vector<std::int64_t> again(numeric_array_size);
  r.next();
  fill_numeric_array(r, again);
  CHECK(again == array);
}

TEST_CASE("numeric sort: heapsort orders nbench's array and keeps its elements") {
  std::vector<std::int64_t> array(numeric_array_size);
  Random r;
  fill_numeric_array(r, array);
  check_sorts(array);
}

TEST_CASE("numeric sort: heapsort on small and awkward inputs") {
  check_sorts({});
  check_sorts({5});
  check_sorts({2, 1});
  check_sorts({1, 2});
  check_sorts({3, 3, 3, 3});
  check_sorts({9, 8, 7, 6, 5, 4, 3, 2, 1, 0});
  check_sorts({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
  check_sorts({4, -1, 4, 7, -1, 0, 7, 4});
}

TEST_CASE("numeric sort: the array takes what nbench's LONG64 build allocates, 8111 longs") {
  // nbench: NUMARRAYSIZE longs per array, sizeof(long) = 8 on x86-64 Linux.
  CHECK(numeric_array_size == 8111);
  CHECK(numeric_array_size * sizeof(std::int64_t) == 64888);
}

TEST_CASE("numeric sort: run(n) sorts n arrays, each refilled untimed") { check_run_counts(make_numeric_sort, 1, 1); }

}  // namespace hwbench::kernels::nbench
