#pragma once
// Fast, deterministic, incompressible bytes for test files (xoshiro256** seeded by splitmix64).
// Not for anything that needs unpredictability: the same seed always gives the same bytes.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace hwbench::kernels::common {

/// A xoshiro256** stream of bytes.
class RandomBytes {
 public:
  /// A stream whose 256-bit state is expanded from `seed` with splitmix64.
  explicit RandomBytes(std::uint64_t seed);
  /// The next 64-bit word.
  std::uint64_t next();
  /// Fills `out` with the next bytes; a call of n bytes consumes ceil(n / 8) words.
  void fill(std::span<unsigned char> out);

 private:
  std::uint64_t s_[4];
};

/// A 64-bit seed derived from `text` (FNV-1a), so the same file name always gets the same data.
std::uint64_t seed_from_text(std::string_view text);

}  // namespace hwbench::kernels::common
