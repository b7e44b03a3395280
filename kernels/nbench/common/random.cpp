#include "kernels/nbench/common/random.hpp"

namespace hwbench::kernels::nbench {

std::int32_t Random::reseed() {
  newer_ = 13;
  older_ = 117;
  return next();
}

std::int32_t Random::next() {
  // Unsigned products wrap like nbench's 32-bit int arithmetic without C++'s signed-overflow UB.
  const std::uint32_t sum = static_cast<std::uint32_t>(newer_) * 254754u + static_cast<std::uint32_t>(older_) * 529562u;
  const std::int32_t value = static_cast<std::int32_t>(sum) % 999563;
  older_ = newer_;
  newer_ = value;
  return value;
}

std::int32_t Random::randwc(std::int32_t n) { return next() % n; }

std::uint32_t Random::abs_randwc(std::uint32_t n) {
  const std::int32_t v = randwc(static_cast<std::int32_t>(n));
  return static_cast<std::uint32_t>(v < 0 ? -v : v);
}

}  // namespace hwbench::kernels::nbench
