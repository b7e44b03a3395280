// Sizes as the plan and the progress lines print them.
#include "base/support/human_units.hpp"

#include <cstdint>

#include <doctest/doctest.h>

namespace support = hwbench::support;

TEST_CASE("human units: sizes in decimal units, from bytes to EB") {
  CHECK(support::human_bytes(0) == "0 B");
  CHECK(support::human_bytes(999) == "999 B");
  CHECK(support::human_bytes(1000) == "1.0 KB");
  CHECK(support::human_bytes(200'000'000) == "200.0 MB");
  CHECK(support::human_bytes(20'000'000'000'000) == "20.0 TB");
  CHECK(support::human_bytes(999'000'000'000'000'000) == "999.0 PB");
  CHECK(support::human_bytes(1'000'000'000'000'000'000u) == "1.0 EB");
  CHECK(support::human_bytes(UINT64_MAX) == "18.4 EB");
}

TEST_CASE("human units: figures with four significant digits, one decimal from 1000 up") {
  CHECK(support::human_number(2.8958570128) == "2.896");
  CHECK(support::human_number(10) == "10.00");
  CHECK(support::human_number(0.12) == "0.1200");
  CHECK(support::human_number(999.96) == "1000.0");  // rounding carries into the one-decimal range
  CHECK(support::human_number(2514.34) == "2514.3");
  CHECK(support::human_number(-27.246) == "-27.25");
}
