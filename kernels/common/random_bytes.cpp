#include "kernels/common/random_bytes.hpp"

#include <cstring>

namespace hwbench::kernels::common {

namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  x += 0x9e3779b97f4a7c15ULL;
  std::uint64_t z = x;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

RandomBytes::RandomBytes(std::uint64_t seed) {
  // splitmix64 never yields four zero words in a row, so the xoshiro state is never all zero.
  for (auto& word : s_) word = splitmix64(seed);
}

std::uint64_t RandomBytes::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

void RandomBytes::fill(std::span<unsigned char> out) {
  std::size_t i = 0;
  const std::size_t whole = out.size() / 8 * 8;
  for (; i < whole; i += 8) {
    const std::uint64_t w = next();
    std::memcpy(out.data() + i, &w, 8);
  }
  if (i < out.size()) {
    const std::uint64_t w = next();
    std::memcpy(out.data() + i, &w, out.size() - i);
  }
}

std::uint64_t seed_from_text(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

}  // namespace hwbench::kernels::common
