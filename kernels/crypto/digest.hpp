#pragma once
// `digest ALG block N`: one operation is one whole digest (init, update, final) of one block,
// as `openssl speed` counts a digest: that is why its 16-byte figures are so much lower.
#include <cstddef>
#include <vector>

#include "kernels/crypto/algorithms.hpp"

namespace hwbench::kernels::crypto {

/// A digest fetched once, and one reusable context: what the kernel times, and what the
/// known-answer tests check.
class Digester {
 public:
  /// Fetches `algorithm`; throws KernelUnavailable when this OpenSSL lacks it.
  explicit Digester(const Algorithm& algorithm);
  /// The digest of `size` bytes at `data`, written to `out` (at least size() bytes).
  void compute(const unsigned char* data, std::size_t size, unsigned char* out);
  /// Bytes in one digest.
  std::size_t size() const { return size_; }

 private:
  const Algorithm& algorithm_;
  Evp<EVP_MD> md_;
  Evp<EVP_MD_CTX> context_;
  std::size_t size_ = 0;
};

}  // namespace hwbench::kernels::crypto
