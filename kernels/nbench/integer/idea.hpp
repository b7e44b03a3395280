#pragma once
// IDEA (Lai and Massey), as BYTEmark uses it: 8 rounds on 64-bit blocks of four 16-bit words,
// 52 16-bit sub-keys from a 128-bit key. Pure functions, so that tests can check them alone.
#include <array>
#include <cstdint>

namespace hwbench::kernels::nbench {

/// Sub-keys of one direction: six per round for 8 rounds, then four for the output step.
using IdeaKey = std::array<std::uint16_t, 52>;

/// a * b modulo 65537, where the word 0 stands for 65536.
std::uint16_t idea_mul(std::uint16_t a, std::uint16_t b);

/// The inverse of x under idea_mul (0 and 1 are their own inverses).
std::uint16_t idea_inverse(std::uint16_t x);

/// Encryption sub-keys: the 128-bit key (user_key[0] most significant), rotated left by 25 bits
/// after every eight words taken.
IdeaKey idea_encryption_key(const std::array<std::uint16_t, 8>& user_key);

/// Decryption sub-keys: inverses and negations of the encryption sub-keys in reverse round order.
IdeaKey idea_decryption_key(const IdeaKey& encryption);

/// Runs one block (four words) through the cipher with `key`; `in` and `out` may be the same.
void idea_cipher(const std::uint16_t* in, std::uint16_t* out, const IdeaKey& key);

}  // namespace hwbench::kernels::nbench
