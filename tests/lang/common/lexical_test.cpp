#include "lang/common/lexical.hpp"

#include <cmath>

#include <doctest/doctest.h>

namespace hwbench::lang {
namespace {

TEST_CASE("lexical: the unit table, in hint order") {
  CHECK(unit_suffix_names() == std::vector<std::string>{"B", "KB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB", "ns",
                                                        "us", "ms", "s", "min", "h", "%", "k", "M", "G"});
}

TEST_CASE("lexical: suffixes are case-sensitive") {
  REQUIRE(find_unit_suffix("MiB") != nullptr);
  CHECK(find_unit_suffix("MiB")->dim == Dim::bytes);
  CHECK(find_unit_suffix("MiB")->multiplier == 1048576);
  CHECK(find_unit_suffix("MiB")->decimal_exponent == 0);
  CHECK(find_unit_suffix("ms")->decimal_exponent == -3);
  REQUIRE(find_unit_suffix("M") != nullptr);
  CHECK(find_unit_suffix("M")->dim == Dim::none);
  REQUIRE(find_unit_suffix("ms") != nullptr);
  CHECK(find_unit_suffix("ms")->dim == Dim::seconds);
  CHECK(find_unit_suffix("mb") == nullptr);
  CHECK(find_unit_suffix("m") == nullptr);
  CHECK(find_unit_suffix("") == nullptr);
}

TEST_CASE("lexical: read_number") {
  auto plain = read_number("2.5");
  CHECK(plain.quantity.value == 2.5);
  CHECK(plain.quantity.dim == Dim::none);
  CHECK(plain.quantity.text == "2.5");
  CHECK(plain.unknown_suffix.empty());

  auto bytes = read_number("10MiB");
  CHECK(bytes.quantity.value == 10485760);
  CHECK(bytes.quantity.dim == Dim::bytes);

  auto scaled = read_number("1e3ms");
  CHECK(scaled.quantity.value == 1);
  CHECK(scaled.quantity.dim == Dim::seconds);

  auto signed_exponent = read_number("25e-1");
  CHECK(signed_exponent.quantity.value == 2.5);

  // Decimal scales are applied to the literal itself, so values are correctly rounded.
  CHECK(read_number("0.3ms").quantity.value == 0.0003);
  CHECK(read_number("1.1us").quantity.value == 1.1e-6);
  CHECK(read_number("123.456ns").quantity.value == 123.456e-9);
  CHECK(read_number("0.1KB").quantity.value == 100);
  CHECK(read_number("1.5e-3k").quantity.value == 1.5);

  CHECK(read_number("1e999").quantity.value == HUGE_VAL);
  CHECK(read_number("1e-999").quantity.value == 0);
  CHECK(read_number("1e99999999999999999999999").quantity.value == HUGE_VAL);
  CHECK(read_number("2E+2").quantity.value == 200);

  auto percent = read_number("5%");
  CHECK(percent.quantity.value == 5);
  CHECK(percent.quantity.dim == Dim::percent);

  auto unknown = read_number("3sec");
  CHECK(unknown.unknown_suffix == "sec");
  CHECK(unknown.quantity.value == 3);
  CHECK(unknown.quantity.dim == Dim::none);
  CHECK(unknown.quantity.text == "3sec");

  // An 'e' without digits is a suffix here; the grammar rejects `1e` before it gets here.
  CHECK(read_number("1em").unknown_suffix == "em");
}

}  // namespace
}  // namespace hwbench::lang
