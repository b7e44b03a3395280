// The shared text helpers: trimming (white space or given characters), joining, words, numbers.
#include "base/support/system_text.hpp"

#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace hwbench::support {

using support::join;
using support::join_nonempty;
using support::normalise_spaces;
using support::parse_double;
using support::parse_integer;
using support::split_words;
using support::trim;
using support::trim_end;

TEST_CASE("trim: white space at both ends, or only the characters given") {
  CHECK(trim("  a b \t\r\n") == "a b");
  CHECK(trim("\v\fx\f") == "x");
  CHECK(trim("") == "");
  CHECK(trim(" \t ") == "");
  CHECK(trim("  a\t ", " ") == "a\t");  // bonnie++'s columns: spaces only
  CHECK(trim("\t a \r\n", " \t\r") == "a \r\n");
  CHECK(trim("xxaxx", "x") == "a");
}

TEST_CASE("trim_end: only the end") {
  CHECK(trim_end("  a b  \n") == "  a b");
  CHECK(trim_end("a  \t", " ") == "a  \t");
  CHECK(trim_end("   ", " ") == "");
  CHECK(trim_end("") == "");
}

TEST_CASE("join and join_nonempty") {
  CHECK(join({"a", "b", "c"}, ", ") == "a, b, c");
  CHECK(join({"a", "", "c"}, " ") == "a  c");
  CHECK(join({}, ", ") == "");
  CHECK(join({"only"}, ", ") == "only");
  CHECK(join_nonempty({"", "a", "", "b", ""}, ", ") == "a, b");
  CHECK(join_nonempty({"", ""}, ", ") == "");
}

TEST_CASE("split_words and normalise_spaces") {
  CHECK(split_words("  fpu  vme\tde\n") == std::vector<std::string>{"fpu", "vme", "de"});
  CHECK(split_words(" \n").empty());
  CHECK(normalise_spaces("  Intel(R)   Xeon(R)\tCPU ") == "Intel(R) Xeon(R) CPU");
}

TEST_CASE("parse_integer and parse_double: the whole text or nothing") {
  CHECK(parse_integer(" 42\n") == 42);
  CHECK(parse_integer("-7") == -7);
  CHECK_FALSE(parse_integer("42K").has_value());
  CHECK_FALSE(parse_integer("").has_value());
  CHECK(parse_double("2400.000\n") == doctest::Approx(2400.0));
  CHECK_FALSE(parse_double("fast").has_value());
}

}  // namespace hwbench::support
