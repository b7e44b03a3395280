#pragma once
// The algorithms of the `openssl speed` tables: hwbench's word for each (openssl 3's speed name),
// the row name the published tables print, and the name EVP fetches it by. Also the one library
// context the crypto kernels fetch from, with the default and legacy providers loaded once.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <openssl/types.h>

#include "kernels/contract/kernel.hpp"
#include "kernels/crypto/evp_handle.hpp"

namespace hwbench::kernels::crypto {

/// What EVP interface an algorithm is used through.
enum class AlgorithmKind { digest, cipher };

/// One row of the symmetric table.
struct Algorithm {
  std::string word;  ///< as a recipe writes it: "aes-128-cbc" (openssl 3's speed name)
  std::string row;   ///< as the published tables print it: "aes-128 cbc"
  std::string evp;   ///< as EVP fetches it: "AES-128-CBC"
  AlgorithmKind kind = AlgorithmKind::digest;
  std::vector<std::string> aliases;  ///< other accepted words: "ripemd160" for rmd160
};

/// Every algorithm, in the order of the published table (then today's additions).
const std::vector<Algorithm>& algorithms();

/// The algorithm of `kind` that `word` names: its word or an alias exactly, or its word, an
/// alias or its EVP name in any case ("AES-128-CBC"). nullptr when none does.
const Algorithm* find_algorithm(std::string_view word, AlgorithmKind kind);

/// The checker's problem for a word that names no algorithm of `kind`: "unknown digest
/// 'sha265'" with a hint listing the close names ("did you mean 'sha256'?"), or all of them.
Problem unknown_algorithm(std::string_view word, AlgorithmKind kind);

/// The names in `names` closest to `word` (the same letters and digits give or take a few
/// edits, ignoring case and '-'), all equally close, at most `limit`; empty when none is close.
std::vector<std::string> close_names(std::string_view word, const std::vector<std::string>& names,
                                     std::size_t limit = 3);

/// The table row of a `digest`, `hmac` or `cipher` call: "md5", "hmac(md5)", "aes-128 cbc",
/// "aes-128 cbc (decrypt)". std::nullopt for another kernel or an unknown algorithm.
std::optional<std::string> row_name(std::string_view kernel, std::string_view word, bool decrypt);

/// The library context every crypto kernel fetches from. The default provider and, where
/// this OpenSSL has it, the legacy provider (md4, rc4, des-cbc, blowfish…) are loaded into it
/// the first time it is asked for; later calls return the same context. A static build
/// (HWBENCH_STATIC) loads the default provider only and never reads openssl.cnf.
OSSL_LIB_CTX* library();

/// This OpenSSL's version line, e.g. "OpenSSL 3.0.22 25 Aug 2026".
std::string openssl_version();

/// The digest EVP calls `evp_name`. Throws KernelUnavailable naming `word` when this OpenSSL
/// has no such digest, not even in the legacy provider.
Evp<EVP_MD> fetch_digest(const std::string& evp_name, std::string_view word);

/// The cipher EVP calls `evp_name`. Throws KernelUnavailable as fetch_digest does.
Evp<EVP_CIPHER> fetch_cipher(const std::string& evp_name, std::string_view word);

/// `what`, followed by ": " and libcrypto's oldest queued error when there is one; clears the queue.
std::string openssl_error(const std::string& what);

/// Bytes 0, 1, 2, … 255, 0, … : the fixed data, keys and IVs the kernels work on, so that a
/// run does the same work every time.
std::vector<unsigned char> pattern_bytes(std::size_t size, unsigned char start = 0);

}  // namespace hwbench::kernels::crypto
