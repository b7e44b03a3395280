#include "base/support/human_units.hpp"

#include <cmath>

#include <fmt/format.h>

namespace hwbench::support {

std::string human_bytes(std::uint64_t n) {
  // 2^64 bytes is 18.4 EB: EB is the last unit a count can need.
  const char* units[] = {"B", "KB", "MB", "GB", "TB", "PB", "EB"};
  double v = static_cast<double>(n);
  int u = 0;
  while (v >= 1000 && u < 6) {
    v /= 1000;
    ++u;
  }
  return u == 0 ? fmt::format("{} B", n) : fmt::format("{:.1f} {}", v, units[u]);
}

std::string human_seconds(double s) {
  if (s < 60) return fmt::format("{:.3g} s", s);
  auto whole = static_cast<long long>(s + 0.5);
  if (whole < 3600) return fmt::format("{} min {} s", whole / 60, whole % 60);
  return fmt::format("{} h {} min", whole / 3600, (whole % 3600) / 60);
}

std::string human_number(double value) {
  if (std::fabs(value) >= 1000) return fmt::format("{:.1f}", value);
  return fmt::format("{:#.4g}", value);
}

}  // namespace hwbench::support
