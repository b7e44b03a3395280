#pragma once
// `cipher ALG block N [decrypt]`: one operation is one EVP update on one block, in place, with
// the context running on from block to block (CBC chains across them), as `openssl speed`
// counts a cipher.
#include <cstddef>
#include <vector>

#include "kernels/crypto/algorithms.hpp"

namespace hwbench::kernels::crypto {

/// A cipher context keyed once that encrypts (or decrypts) whatever it is fed, without padding:
/// what the kernel times, and what the known-answer and round-trip tests check.
class CipherStream {
 public:
  /// `cipher` with `key` and `iv` (their lengths must be the cipher's); throws
  /// KernelUnavailable when this OpenSSL lacks it, KernelError when the key does not fit.
  CipherStream(const Algorithm& cipher, bool decrypt, std::vector<unsigned char> key, std::vector<unsigned char> iv);
  /// `cipher` with the kernel's fixed key and IV (pattern bytes of the cipher's lengths).
  CipherStream(const Algorithm& cipher, bool decrypt);
  /// One EVP update: `size` bytes from `in` to `out` (which may be `in`; room for size plus one
  /// cipher block). Returns the bytes written.
  std::size_t update(const unsigned char* in, unsigned char* out, std::size_t size);
  /// Feeds all of `in`, for tests; returns what came out.
  std::vector<unsigned char> update(const std::vector<unsigned char>& in);
  /// The cipher's block size in bytes (1 for stream ciphers).
  std::size_t block_size() const;

 private:
  /// (Re)starts the context with the key and IV; checks their lengths.
  void start();

  const Algorithm& cipher_;
  bool decrypt_;
  Evp<EVP_CIPHER> evp_;
  Evp<EVP_CIPHER_CTX> context_;
  std::vector<unsigned char> key_;
  std::vector<unsigned char> iv_;
  std::size_t since_start_ = 0;
};

}  // namespace hwbench::kernels::crypto
