// The shared text helpers: trimming (white space or given characters), joining, words, numbers.
#include "base/support/system_text.hpp"

#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace hwbench::support {

TEST_CASE("trim: white space at both ends, or only the characters given") {
  CHECK(support::trim("  a b \t\r\n") == "a b");
  CHECK(support::trim("\v\fx\f") == "x");
  CHECK(support::trim("") == "");
  CHECK(support::trim(" \t ") == "");
  CHECK(support::trim("  a\t ", " ") == "a\t");  // bonnie++'s columns: spaces only
  CHECK(support::trim("\t a \r\n", " \t\r") == "a \r\n");
  CHECK(support::trim("xxaxx", "x") == "a");
}

TEST_CASE("trim_end: only the end") {
  CHECK(support::trim_end("  a b  \n") == "  a b");
  CHECK(support::trim_end("a  \t", " ") == "a  \t");
  CHECK(support::trim_end("   ", " ") == "");
  CHECK(support::trim_end("") == "");
}

TEST_CASE("join and join_nonempty") {
  CHECK(support::join({"a", "b", "c"}, ", ") == "a, b, c");
  CHECK(support::join({"a", "", "c"}, " ") == "a  c");
  CHECK(support::join({}, ", ") == "");
  CHECK(support::join({"only"}, ", ") == "only");
  CHECK(support::join_nonempty({"", "a", "", "b", ""}, ", ") == "a, b");
  CHECK(support::join_nonempty({"", ""}, ", ") == "");
}

TEST_CASE("split_words and normalise_spaces") {
  CHECK(support::split_words("  fpu  vme\tde\n") == std::vector<std::string>{"fpu", "vme", "de"});
  CHECK(support::split_words(" \n").empty());
  CHECK(support::normalise_spaces("  Intel(R)   Xeon(R)\tCPU ") == "Intel(R) Xeon(R) CPU");
}

TEST_CASE("parse_integer and parse_double: the whole text or nothing") {
  CHECK(support::parse_integer(" 42\n") == 42);
  CHECK(support::parse_integer("-7") == -7);
  CHECK_FALSE(support::parse_integer("42K").has_value());
  CHECK_FALSE(support::parse_integer("").has_value());
  CHECK(support::parse_double("2400.000\n") == doctest::Approx(2400.0));
  CHECK_FALSE(support::parse_double("fast").has_value());
}

}  // namespace hwbench::support
