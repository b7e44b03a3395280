#pragma once
// `pkey rsa|dsa|ecdsa|ed25519 bits N sign|verify`: one operation is one signature made, or one
// verified, over a fixed 32-byte message (a SHA-256-sized digest), as `openssl speed` times its
// private (sign) and public (verify) key operations separately. Keys are made in prepare(),
// once per process for each algorithm and size, so that sign and verify share a key.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/contract/kernel.hpp"
#include "kernels/crypto/evp_handle.hpp"

namespace hwbench::kernels::crypto {

/// One public-key algorithm.
struct KeyAlgorithm {
  std::string word;           ///< as a recipe writes it: "rsa", "dsa", "ecdsa", "ed25519"
  unsigned default_bits = 0;  ///< the size `bits 0` (the default) stands for
  unsigned min_bits = 0;      ///< any size in [min_bits, max_bits] when `sizes` is empty
  unsigned max_bits = 0;
  std::vector<unsigned> sizes;  ///< the only sizes it takes, when not empty
};

/// rsa, dsa, ecdsa, ed25519.
const std::vector<KeyAlgorithm>& key_algorithms();

/// The algorithm `word` names (in any case), or nullptr.
const KeyAlgorithm* find_key_algorithm(std::string_view word);

/// The key size `bits` stands for: the algorithm's default for 0, else `bits`.
unsigned effective_bits(const KeyAlgorithm& algorithm, unsigned bits);

/// Why `algorithm` cannot have a key of `bits` (already made effective); an empty message when it can.
Problem key_size_problem(const KeyAlgorithm& algorithm, unsigned bits);

/// The row of the sign/verify tables, as openssl prints it with the spaces collapsed:
/// "rsa 2048 bits", "dsa 1024 bits", "256 bits ecdsa (nistp256)", "253 bits EdDSA (Ed25519)".
std::string key_row(const KeyAlgorithm& algorithm, unsigned bits);

/// A key pair and the contexts that sign with it and verify with it: what the kernel times, and
/// what the sign/verify tests check.
class Signer {
 public:
  /// Makes (or reuses) a key of `bits` (already effective); throws KernelUnavailable when this
  /// OpenSSL cannot make one, KernelError when a valid request fails.
  Signer(const KeyAlgorithm& algorithm, unsigned bits);
  /// Signs `message`, writing at most max_signature() bytes to `signature`; returns the length.
  std::size_t sign(const std::vector<unsigned char>& message, unsigned char* signature);
  /// Signs `message`, for tests.
  std::vector<unsigned char> sign(const std::vector<unsigned char>& message);
  /// Whether `signature` is a valid signature of `message` under the key.
  bool verify(const std::vector<unsigned char>& message, const unsigned char* signature, std::size_t length);
  /// The same, for tests.
  bool verify(const std::vector<unsigned char>& message, const std::vector<unsigned char>& signature);
  /// The largest signature this key makes.
  std::size_t max_signature() const { return max_signature_; }

 private:
  const KeyAlgorithm& algorithm_;
  Evp<EVP_PKEY> key_;
  Evp<EVP_PKEY_CTX> sign_context_;  ///< rsa, dsa, ecdsa: the message is a digest, signed as is
  Evp<EVP_PKEY_CTX> verify_context_;
  Evp<EVP_MD_CTX> message_context_;  ///< ed25519: signs the message itself, restarted each time
  std::size_t max_signature_ = 0;
};

}  // namespace hwbench::kernels::crypto
