#include "kernels/nbench/integer/idea.hpp"

#include <array>
#include <vector>

#include <doctest/doctest.h>

#include "kernels/nbench/common/random.hpp"
#include "kernels/nbench/integer/integer_index.hpp"
#include "kernels/nbench/nbench.hpp"
#include "tests/kernels/nbench/counted_run.hpp"

namespace hwbench::kernels::nbench {

TEST_CASE("idea: the test vector of Lai and Massey's specification") {
  // Key 0001 0002 ... 0008, plaintext 0000 0001 0002 0003 -> 11FB ED2B 0198 6DE5.
  const IdeaKey key = idea_encryption_key({1, 2, 3, 4, 5, 6, 7, 8});
  const std::uint16_t plain[4] = {0x0000, 0x0001, 0x0002, 0x0003};
  std::uint16_t crypt[4] = {};
  idea_cipher(plain, crypt, key);
  CHECK(crypt[0] == 0x11FB);
  CHECK(crypt[1] == 0xED2B);
  CHECK(crypt[2] == 0x0198);
  CHECK(crypt[3] == 0x6DE5);
  std::uint16_t back[4] = {};
  idea_cipher(crypt, back, idea_decryption_key(key));
  CHECK(back[0] == 0);
  CHECK(back[1] == 1);
  CHECK(back[2] == 2);
  CHECK(back[3] == 3);
}

TEST_CASE("idea: sub-keys rotate the 128-bit key left by 25 bits after every eight") {
  const IdeaKey key = idea_encryption_key({1, 2, 3, 4, 5, 6, 7, 8});
  for (std::uint16_t i = 0; i < 8; ++i) CHECK(key[i] == i + 1);
  // 0001 0002 ... 0008 rotated by 25 bits: 0400 0600 0800 0a00 0c00 0e00 1000 0200.
  const std::uint16_t second[8] = {0x0400, 0x0600, 0x0800, 0x0a00, 0x0c00, 0x0e00, 0x1000, 0x0200};
  for (std::size_t i = 0; i < 8; ++i) CHECK(key[8 + i] == second[i]);
}

TEST_CASE("idea: multiplication modulo 65537 and its inverse") {
  CHECK(idea_mul(0, 0) == 1);      // 65536 * 65536 = 1 (mod 65537)
  CHECK(idea_mul(0, 2) == 65535);  // 65536 * 2 = 131072 = 65535
  CHECK(idea_mul(3, 5) == 15);
  CHECK(idea_mul(0x8000, 2) == 0);     // 65536, written as 0
  CHECK(idea_mul(65535, 65535) == 4);  // (-2) * (-2)
  int wrong = 0;
  for (std::uint32_t x = 0; x <= 0xFFFF; ++x) {
    const auto v = static_cast<std::uint16_t>(x);
    if (idea_mul(v, idea_inverse(v)) != 1) ++wrong;
  }
  CHECK(wrong == 0);
}

TEST_CASE("idea: nbench's key and buffer come back unchanged after encryption and decryption") {
  Random rng;
  rng.reseed();
  std::array<std::uint16_t, 8> user{};
  for (auto& w : user) w = static_cast<std::uint16_t>(rng.abs_randwc(60000));
  const IdeaKey enc = idea_encryption_key(user);
  const IdeaKey dec = idea_decryption_key(enc);
  std::vector<std::uint16_t> plain(2000);
  for (auto& w : plain) w = static_cast<std::uint16_t>(rng.abs_randwc(255) | (rng.abs_randwc(255) << 8));
  std::vector<std::uint16_t> crypt(plain.size());
  std::vector<std::uint16_t> back(plain.size());
  for (std::size_t i = 0; i < plain.size(); i += 4) idea_cipher(&plain[i], &crypt[i], enc);
  for (std::size_t i = 0; i < plain.size(); i += 4) idea_cipher(&crypt[i], &back[i], dec);
  CHECK(crypt != plain);
  CHECK(back == plain);
}

TEST_CASE("idea: one unit is one encrypt-and-decrypt pass, with nothing untimed") {
  const CountedRun one = run_counted(make_idea, 1);
  CHECK(one.work.ops == 1);
  CHECK(one.work.bytes == 0);
  CHECK(one.untimed_calls == 0);
  CHECK(run_counted(make_idea, 5).work.ops == 5);
}

}  // namespace hwbench::kernels::nbench
