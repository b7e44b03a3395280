#include "kernels/nbench/string_sort.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kernels/nbench/nbench.hpp"
#include "tests/kernels/nbench/counted_run.hpp"

namespace hwbench::kernels::nbench {

namespace {

std::span<const unsigned char> bytes_of(const std::string& s) {
  return {reinterpret_cast<const unsigned char*>(s.data()), s.size()};
}

StringArray array_of(const std::vector<std::string>& strings) {
  StringArray array;
  array.bytes.assign(string_array_size + string_array_slack, 0);
  std::size_t at = 0;
  for (const auto& s : strings) {
    array.offsets.push_back(at);
    array.bytes[at] = static_cast<unsigned char>(s.size());
    std::copy(s.begin(), s.end(), array.bytes.begin() + static_cast<std::ptrdiff_t>(at + 1));
    at += s.size() + 1;
  }
  return array;
}

std::vector<std::string> strings_of(const StringArray& array) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < array.offsets.size(); ++i) {
    const auto s = array.string(i);
    out.emplace_back(s.begin(), s.end());
  }
  return out;
}

// Strings back to back from offset 0, each offset right after the previous string.
void check_packed(const StringArray& array, std::size_t total) {
  std::size_t at = 0;
  for (std::size_t offset : array.offsets) {
    REQUIRE(offset == at);
    at += array.bytes[offset] + std::size_t{1};
  }
  CHECK(at == total);
}

}  // namespace

TEST_CASE("string sort: string_less compares unsigned bytes, then length") {
  CHECK(string_less(bytes_of("ab"), bytes_of("b")));
  CHECK_FALSE(string_less(bytes_of("b"), bytes_of("ab")));
  CHECK(string_less(bytes_of("a"), bytes_of("ab")));
  CHECK_FALSE(string_less(bytes_of("ab"), bytes_of("a")));
  CHECK_FALSE(string_less(bytes_of("abc"), bytes_of("abc")));
  CHECK(string_less(bytes_of(""), bytes_of("a")));
  CHECK(string_less(bytes_of("\x7f"), bytes_of("\x80")));  // unsigned: 0x80 is the larger
}

TEST_CASE("string sort: the array is full strings of length 1..76 from the reseeded generator") {
  StringArray array;
  Random r;
  fill_string_array(r, array);
  REQUIRE(array.bytes.size() == string_array_size + string_array_slack);
  check_packed(array, string_array_size);
  // After the reset's draw: length 1 + |-515045 % 76| = 70, then bytes |392519 % 256| = 71, ...
  CHECK(array.bytes[0] == 70);
  CHECK(array.bytes[1] == 71);
  for (std::size_t i = 0; i + 1 < array.offsets.size(); ++i) {
    CHECK(array.string(i).size() >= 1);
    CHECK(array.string(i).size() <= 76);
  }
  CHECK(array.offsets.size() > 150);
  CHECK(array.offsets.size() < 300);
}

TEST_CASE("string sort: swap_strings moves strings of different lengths in place") {
  StringArray array = array_of({"hello", "a", "xyz", "tail"});
  swap_strings(array, 2, 0);
  CHECK(strings_of(array) == std::vector<std::string>{"xyz", "a", "hello", "tail"});
  check_packed(array, 4 + 2 + 6 + 5);
  swap_strings(array, 1, 3);
  CHECK(strings_of(array) == std::vector<std::string>{"xyz", "tail", "hello", "a"});
  check_packed(array, 4 + 5 + 6 + 2);
  swap_strings(array, 1, 1);
  CHECK(strings_of(array) == std::vector<std::string>{"xyz", "tail", "hello", "a"});
}

TEST_CASE("string sort: heapsort orders nbench's strings and keeps them") {
  StringArray array;
  Random r;
  fill_string_array(r, array);
  std::vector<std::string> expected = strings_of(array);
  std::sort(expected.begin(), expected.end(), [](const std::string& a, const std::string& b) {
    return string_less(bytes_of(a), bytes_of(b));
  });
  heapsort_strings(array);
  CHECK(strings_of(array) == expected);
  check_packed(array, string_array_size);
}

TEST_CASE("string sort: heapsort on a small array with equal and prefix strings") {
  StringArray array = array_of({"b", "ab", "a", "", "ab", "abc", "\xff", "b"});
  heapsort_strings(array);
  CHECK(strings_of(array) == std::vector<std::string>{"", "a", "ab", "ab", "abc", "b", "b", "\xff"});
}

TEST_CASE("string sort: run(n) sorts n arrays, each rebuilt untimed") {
  check_run_counts(make_string_sort, 1, 1);
}

}  // namespace hwbench::kernels::nbench
