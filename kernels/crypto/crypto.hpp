#pragma once
// The `crypto` family (digest, hmac, cipher, pkey): `openssl speed` on libcrypto's EVP interface.
// The specs each kernel file provides and the pieces of spec they share; crypto::register_kernels() in
// crypto.cpp puts the four into the registry.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernels/contract/kernel.hpp"
#include "kernels/contract/registry.hpp"
#include "kernels/crypto/algorithms.hpp"

namespace hwbench::kernels::crypto {

/// The family's kernel names that reports match, as recipes write them and results record them.
namespace kernel_name {
inline constexpr const char* pkey = "pkey";
}  // namespace kernel_name

/// `digest ALG [block N]`.
KernelSpec digest_spec();
/// `hmac ALG [block N]`.
KernelSpec hmac_spec();
/// `cipher ALG [block N] [decrypt]`.
KernelSpec cipher_spec();
/// `pkey rsa|dsa|ecdsa|ed25519 [bits N] sign|verify`.
KernelSpec pkey_spec();

/// `openssl speed`'s time per symmetric test when none is given: 3 s.
inline constexpr double symmetric_seconds = 3;
/// `openssl speed`'s time per public-key test (RSA, DSA, ECDSA, EdDSA): 10 s.
inline constexpr double public_key_seconds = 10;
/// The block size when a statement gives none: the largest of the published five.
inline constexpr std::size_t default_block = 8192;

/// The positional ALG argument of digest, hmac and cipher.
ArgSpec algorithm_arg(const std::string& help);

/// The `block` parameter: bytes per operation.
ParamSpec block_param();

/// The block size of `call` in bytes.
std::size_t block_of(const Call& call);

/// The ALG word of `call`.
const std::string& algorithm_word(const Call& call);

/// The algorithm of `kind` that the ALG of `call` names; throws KernelError when it names none
/// (the checker refuses such a call first).
const Algorithm& call_algorithm(const Call& call, AlgorithmKind kind);

/// A spec's `effects` for a kernel whose ALG must name an algorithm of `kind`: no files, and a
/// Problem with close names when it names none.
std::function<FileEffects(const Call&, const platform::FileView&)> algorithm_effects(AlgorithmKind kind);

/// The default measurement: count for `seconds`, one sample (like `openssl speed`).
DefaultMeasure count_for(double seconds);

/// What digest, hmac and cipher share: family, ALG of `kind`, `block`, bytes as the unit, 3 s
/// by default, the ALG check. The caller adds `make` (and any other parameter).
KernelSpec symmetric_spec(const std::string& name, const std::string& help, const std::string& lineage,
                          const std::string& synopsis, const std::string& algorithm_help, AlgorithmKind kind);

/// `operation.compute` over the bytes of `data`, for tests: the digest or MAC itself.
template <typename Operation>
std::vector<unsigned char> compute(Operation& operation, std::string_view data) {
  std::vector<unsigned char> out(operation.size());
  operation.compute(reinterpret_cast<const unsigned char*>(data.data()), data.size(), out.data());
  return out;
}

/// A kernel whose operation is one whole computation over one block (a digest, an HMAC):
/// `Operation` has `size()` (bytes of output) and `compute(data, size, out)`.
template <typename Operation>
class OneShotKernel : public Kernel {
 public:
  /// Makes the operation from `args` (a missing algorithm throws here, in the factory).
  template <typename... Args>
  explicit OneShotKernel(std::size_t block, Args&&... args) : operation_(std::forward<Args>(args)...), block_(block) {}

  void prepare() override {
    data_ = pattern_bytes(block_);
    out_.assign(operation_.size(), 0);
  }

  Work run(std::uint64_t n) override {
    for (std::uint64_t i = 0; i < n; ++i) operation_.compute(data_.data(), block_, out_.data());
    return {n * block_, n};
  }

 private:
  Operation operation_;
  std::size_t block_;
  std::vector<unsigned char> data_;
  std::vector<unsigned char> out_;
};

/// Registers the family's kernels: digest, hmac, cipher, pkey (openssl speed on EVP).
void register_kernels(Registry& registry);

}  // namespace hwbench::kernels::crypto
