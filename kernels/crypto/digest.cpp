#include "kernels/crypto/digest.hpp"

#include <fmt/format.h>

#include "kernels/crypto/crypto.hpp"

namespace hwbench::kernels::crypto {

Digester::Digester(const Algorithm& algorithm)
    : algorithm_(algorithm), md_(fetch_digest(algorithm.evp, algorithm.word)), context_(EVP_MD_CTX_new()) {
  if (!context_) throw KernelError("digest: out of memory for an EVP_MD_CTX");
  size_ = static_cast<std::size_t>(EVP_MD_get_size(md_.get()));
}

void Digester::compute(const unsigned char* data, std::size_t size, unsigned char* out) {
  // Passing the same EVP_MD again lets libcrypto reuse the context's provider state.
  if (EVP_DigestInit_ex2(context_.get(), md_.get(), nullptr) != 1 ||
      EVP_DigestUpdate(context_.get(), data, size) != 1 || EVP_DigestFinal_ex(context_.get(), out, nullptr) != 1)
    throw KernelError(openssl_error(fmt::format("digest {} failed", algorithm_.word)));
}

KernelSpec digest_spec() {
  KernelSpec spec =
      symmetric_spec("digest", "hash one block per operation (a whole digest each time), through EVP",
                     "openssl speed -evp ALG (md5, sha1, sha256, sha512, rmd160…)", "digest ALG [block N]",
                     "the digest: md5, sha1, sha256, sha512, rmd160, md4, sha3-256…", AlgorithmKind::digest);
  spec.make = [](const Call& call, const Context&) -> std::unique_ptr<Kernel> {
    return std::make_unique<OneShotKernel<Digester>>(block_of(call), call_algorithm(call, AlgorithmKind::digest));
  };
  return spec;
}

}  // namespace hwbench::kernels::crypto
