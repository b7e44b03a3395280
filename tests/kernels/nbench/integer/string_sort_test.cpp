#include "kernels/nbench/integer/string_sort.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "kernels/nbench/integer/integer_index.hpp"
#include "kernels/nbench/nbench.hpp"
#include "tests/kernels/nbench/counted_run.hpp"

namespace hwbench::kernels::nbench {

namespace {

// A string as stored: its length byte, then its characters.
std::string record_of(const std::string& s) { return static_cast<char>(s.size()) + s; }

bool less(const std::string& a, const std::string& b) {
  const std::string ra = record_of(a), rb = record_of(b);
  return string_less(reinterpret_cast<const unsigned char*>(ra.data()),
                     reinterpret_cast<const unsigned char*>(rb.data()));
}

// FNV-1a, 64 bits.
std::uint64_t fnv1a(const unsigned char* p, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3;
  return h;
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

TEST_CASE("string sort: string_less is nbench's strncmp from the length byte") {
  // The length byte comes first: a shorter string sorts first whatever its characters.
  CHECK(less("b", "ab"));
  CHECK_FALSE(less("ab", "b"));
  CHECK(less("\xfd", "\x01\x01"));
  // Equal lengths: the characters but the last, unsigned.
  CHECK(less("ab", "bb"));
  CHECK_FALSE(less("bb", "ab"));
  CHECK(
      less("\x7f"
           "a",
           "\x80"
           "a"));
  CHECK_FALSE(less("ab", "ac"));
  CHECK_FALSE(less("ac", "ab"));
  CHECK_FALSE(less("a", "b"));
  CHECK_FALSE(less("abc", "abc"));
  // strncmp stops at a 0 byte both strings share.
  CHECK_FALSE(less(std::string("a\0xz", 4), std::string("a\0yz", 4)));
  CHECK(less(std::string("ax\0z", 4), std::string("ay\0z", 4)));
}

TEST_CASE("string sort: the array is full strings of length 1..76 from the reseeded generator") {
  StringArray array;
  Random r;
  fill_string_array(r, array);
  REQUIRE(array.bytes.size() == string_array_size + string_array_slack);
  check_packed(array, string_array_size);
  // After the reset's draw: length 1 + |-515045 % 76| = 70, then bytes |392519 % 254| = 89,
  // |-200022 % 254| = 124, ...
  CHECK(array.bytes[0] == 70);
  CHECK(array.bytes[1] == 89);
  CHECK(array.bytes[2] == 124);
  CHECK(array.offsets.size() == 215);
  CHECK(array.offsets.back() == 8064);
  CHECK(array.bytes[8064] == 46);
  // The whole array as nbench 2.2.3's binary builds it (read from its memory under gdb).
  CHECK(fnv1a(array.bytes.data(), string_array_size) == 0xe74d3f246db478b0);
  for (std::size_t i = 0; i + 1 < array.offsets.size(); ++i) {
    CHECK(array.string(i).size() >= 1);
    CHECK(array.string(i).size() <= 76);
  }
  std::size_t highest = 0;
  for (std::size_t i = 0; i < array.offsets.size(); ++i)
    for (unsigned char c : array.string(i)) highest = std::max<std::size_t>(highest, c);
  CHECK(highest == 253);
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

TEST_CASE("string sort: heapsort leaves nbench's strings exactly as nbench's sort does") {
  StringArray array;
  Random r;
  fill_string_array(r, array);
  std::vector<std::string> before = strings_of(array);
  heapsort_strings(array);
  check_packed(array, string_array_size);
  const std::vector<std::string> after = strings_of(array);
  for (std::size_t i = 0; i + 1 < after.size(); ++i) CHECK_FALSE(less(after[i + 1], after[i]));
  std::vector<std::string> sorted_after = after;
  std::sort(before.begin(), before.end());
  std::sort(sorted_after.begin(), sorted_after.end());
  CHECK(sorted_after == before);
  // nbench's array after its first sort (read under gdb): lengths first, and the four strings
  // of length 1, equal in its order, left as its heap leaves them.
  CHECK(std::vector<unsigned char>(array.bytes.begin(), array.bytes.begin() + 8) ==
        std::vector<unsigned char>{1, 105, 1, 221, 1, 231, 1, 89});
  CHECK(fnv1a(array.bytes.data(), string_array_size) == 0x2ccb9466d1415608);
}

TEST_CASE("string sort: heapsort on a small array with equal and prefix strings") {
  StringArray array = array_of({"bb", "ab", "a", "ab", "abc", "\xff", "ba"});
  heapsort_strings(array);
  const std::vector<std::string> sorted = strings_of(array);
  // Length first; "ab", "ab" and "ba", "bb" are pairs equal in the first byte but the last.
  REQUIRE(sorted.size() == 7);
  CHECK(std::is_permutation(sorted.begin(), sorted.begin() + 2, std::vector<std::string>{"a", "\xff"}.begin()));
  CHECK(std::is_permutation(sorted.begin() + 2, sorted.begin() + 6,
                            std::vector<std::string>{"ab", "ab", "bb", "ba"}.begin()));
  CHECK(sorted[2].front() == 'a');
  CHECK(sorted[3].front() == 'a');
  CHECK(sorted[6] == "abc");
}

TEST_CASE("string sort: run(n) sorts n arrays, each rebuilt untimed") { check_run_counts(make_string_sort, 1, 1); }

}  // namespace hwbench::kernels::nbench
