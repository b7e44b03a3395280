#include "kernels/crypto/hmac.hpp"

#include <fmt/format.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "kernels/crypto/crypto.hpp"

namespace hwbench::kernels::crypto {

Hmac::Hmac(const Algorithm& digest, const std::vector<unsigned char>& key) : digest_(digest) {
  // The MAC fetches its digest by name; asking for it first turns a missing one into
  // KernelUnavailable rather than a failed init.
  const Evp<EVP_MD> md = fetch_digest(digest.evp, digest.word);
  algorithm_.reset(EVP_MAC_fetch(library(), OSSL_MAC_NAME_HMAC, nullptr));
  if (!algorithm_) throw KernelUnavailable(openssl_error("this OpenSSL has no HMAC"));
  context_.reset(EVP_MAC_CTX_new(algorithm_.get()));
  if (!context_) throw KernelError("hmac: out of memory for an EVP_MAC_CTX");
  std::string name = digest.evp;
  const OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, name.data(), 0),
                               OSSL_PARAM_construct_end()};
  if (EVP_MAC_init(context_.get(), key.data(), key.size(), params) != 1)
    throw KernelError(openssl_error(fmt::format("hmac {}: cannot set the key", digest.word)));
  size_ = EVP_MAC_CTX_get_mac_size(context_.get());
}

void Hmac::compute(const unsigned char* data, std::size_t size, unsigned char* out) {
  std::size_t written = 0;
  // No key: the MAC restarts with the key it already holds.
  if (EVP_MAC_init(context_.get(), nullptr, 0, nullptr) != 1 || EVP_MAC_update(context_.get(), data, size) != 1 ||
      EVP_MAC_final(context_.get(), out, &written, size_) != 1)
    throw KernelError(openssl_error(fmt::format("hmac {} failed", digest_.word)));
}

KernelSpec hmac_spec() {
  KernelSpec spec =
      symmetric_spec("hmac", "HMAC one block per operation with a fixed 16-byte key, through EVP_MAC",
                     "openssl speed hmac (the hmac(md5) row; -hmac ALG in openssl 3)", "hmac ALG [block N]",
                     "the digest under the HMAC: md5, sha1, sha256…", AlgorithmKind::digest);
  spec.make = [](const Call& call, const Context&) -> std::unique_ptr<Kernel> {
    return std::make_unique<OneShotKernel<Hmac>>(block_of(call), call_algorithm(call, AlgorithmKind::digest),
                                                 pattern_bytes(16, 0x80));
  };
  return spec;
}

}  // namespace hwbench::kernels::crypto
