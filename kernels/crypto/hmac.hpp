#pragma once
// `hmac ALG block N`: one operation is one whole HMAC of one block with the same key (the MAC
// restarted, the keyed state reused), as `openssl speed`'s hmac(md5) row counts it.
#include <cstddef>
#include <vector>

#include "kernels/crypto/algorithms.hpp"

namespace hwbench::kernels::crypto {

/// An HMAC keyed once: what the kernel times, and what the known-answer tests check.
class Hmac {
 public:
  /// HMAC over `digest` with `key`; throws KernelUnavailable when this OpenSSL lacks the digest.
  Hmac(const Algorithm& digest, const std::vector<unsigned char>& key);
  /// The MAC of `size` bytes at `data`, written to `out` (at least size() bytes).
  void compute(const unsigned char* data, std::size_t size, unsigned char* out);
  /// Bytes in one MAC.
  std::size_t size() const { return size_; }

 private:
  const Algorithm& digest_;
  Evp<EVP_MAC> algorithm_;
  Evp<EVP_MAC_CTX> context_;
  std::size_t size_ = 0;
};

}  // namespace hwbench::kernels::crypto
