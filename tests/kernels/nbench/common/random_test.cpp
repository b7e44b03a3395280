#include "kernels/nbench/common/random.hpp"

#include <cstdint>

#include <doctest/doctest.h>

namespace hwbench::kernels::nbench {

namespace {

// The recurrence written out independently: 64-bit products cut to 32 bits, C's remainder.
std::int32_t step(std::int32_t newer, std::int32_t older) {
  const std::int64_t sum = std::int64_t{newer} * 254754 + std::int64_t{older} * 529562;
  const auto wrapped =
      static_cast<std::int32_t>(static_cast<std::uint32_t>(static_cast<std::uint64_t>(sum) & 0xFFFFFFFFu));
  return wrapped % 999563;
}

}  // namespace

TEST_CASE("nbench random: the reset draws 13*254754 + 117*529562 mod 999563 = 298961 first") {
  Random r;
  CHECK(r.reseed() == 298961);  // 65270556 - 65 * 999563
  // 298961 * 254754 overflows 32 bits: the value wraps before the remainder, as in nbench.
  CHECK(r.next() == -515045);
  CHECK(r.next() == 392519);
  CHECK(r.next() == -200022);
  CHECK(r.next() == -924921);
  CHECK(r.next() == 902984);
}

TEST_CASE("nbench random: the sequence follows the recurrence and restarts on reseed") {
  Random r;
  r.reseed();
  std::int32_t newer = 298961, older = 13;
  for (int i = 0; i < 1000; ++i) {
    const std::int32_t expected = step(newer, older);
    REQUIRE(r.next() == expected);
    older = newer;
    newer = expected;
  }
  CHECK(r.reseed() == 298961);
  CHECK(r.next() == -515045);
}

TEST_CASE("nbench random: randwc keeps C's sign, abs_randwc drops it") {
  Random r;
  r.reseed();
  CHECK(r.randwc(1000) == -45);  // -515045 % 1000
  CHECK(r.randwc(1000) == 519);  // 392519 % 1000
  r.reseed();
  CHECK(r.abs_randwc(1000) == 45u);
  CHECK(r.abs_randwc(76) == 55u);  // 392519 % 76
}

}  // namespace hwbench::kernels::nbench
