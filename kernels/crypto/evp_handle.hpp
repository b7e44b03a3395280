#pragma once
// Owning handles for libcrypto's EVP objects: std::unique_ptr with one deleter that knows each
// type's free function, so that no EVP object outlives its kernel and none is freed twice.
#include <memory>

#include <openssl/evp.h>

namespace hwbench::kernels::crypto {

/// Frees any EVP object with its own free function.
struct EvpFree {
  void operator()(EVP_MD* p) const { EVP_MD_free(p); }
  void operator()(EVP_MD_CTX* p) const { EVP_MD_CTX_free(p); }
  void operator()(EVP_CIPHER* p) const { EVP_CIPHER_free(p); }
  void operator()(EVP_CIPHER_CTX* p) const { EVP_CIPHER_CTX_free(p); }
  void operator()(EVP_MAC* p) const { EVP_MAC_free(p); }
  void operator()(EVP_MAC_CTX* p) const { EVP_MAC_CTX_free(p); }
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
  void operator()(EVP_PKEY_CTX* p) const { EVP_PKEY_CTX_free(p); }
};

/// An owned EVP object, e.g. `Evp<EVP_MD_CTX>`.
template <typename T>
using Evp = std::unique_ptr<T, EvpFree>;

}  // namespace hwbench::kernels::crypto
