#include "kernels/crypto/algorithms.hpp"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <utility>

#include <fmt/format.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/provider.h>

#include "base/support/suggestions.hpp"

namespace hwbench::kernels::crypto {

namespace {

std::string lower(std::string_view text) {
  std::string out;
  for (char c : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// What is left of a name once case and separators stop mattering: "AES_128-cbc" -> "aes128cbc".
std::string squeezed(std::string_view text) {
  std::string out;
  for (char c : lower(text))
    if (c != '-' && c != '_' && c != ' ') out += c;
  return out;
}

const char* kind_name(AlgorithmKind kind) { return kind == AlgorithmKind::digest ? "digest" : "cipher"; }

[[noreturn]] void unavailable(std::string_view word, const std::string& evp_name, const char* what) {
  ERR_clear_error();
#if HWBENCH_STATIC
  throw KernelUnavailable(
      fmt::format("{} is not in this static hwbench ({}): EVP has no {} \"{}\" in the default provider, and the "
                  "legacy provider is a loadable module that a static binary cannot load",
                  word, openssl_version(), what, evp_name));
#else
  throw KernelUnavailable(
      fmt::format("{} is not in this OpenSSL ({}): EVP has no {} \"{}\", not even in the legacy provider", word,
                  openssl_version(), what, evp_name));
#endif
}

}  // namespace

const std::vector<Algorithm>& algorithms() {
  using K = AlgorithmKind;
  static const std::vector<Algorithm> table = {
      {"md2", "md2", "MD2", K::digest, {}},
      {"mdc2", "mdc2", "MDC2", K::digest, {}},
      {"md4", "md4", "MD4", K::digest, {}},
      {"md5", "md5", "MD5", K::digest, {}},
      {"sha1", "sha1", "SHA1", K::digest, {}},
      {"rmd160", "rmd160", "RIPEMD160", K::digest, {"ripemd160"}},
      {"rc4", "rc4", "RC4", K::cipher, {}},
      {"des-cbc", "des cbc", "DES-CBC", K::cipher, {}},
      {"des-ede3", "des ede3", "DES-EDE3-CBC", K::cipher, {"des-ede3-cbc"}},
      {"idea-cbc", "idea cbc", "IDEA-CBC", K::cipher, {"idea"}},
      {"seed-cbc", "seed cbc", "SEED-CBC", K::cipher, {"seed"}},
      {"rc2-cbc", "rc2 cbc", "RC2-CBC", K::cipher, {"rc2"}},
      {"rc5-cbc", "rc5-32/12 cbc", "RC5-CBC", K::cipher, {"rc5"}},
      {"blowfish", "blowfish cbc", "BF-CBC", K::cipher, {"bf-cbc"}},
      {"cast-cbc", "cast cbc", "CAST5-CBC", K::cipher, {"cast"}},
      {"aes-128-cbc", "aes-128 cbc", "AES-128-CBC", K::cipher, {}},
      {"aes-192-cbc", "aes-192 cbc", "AES-192-CBC", K::cipher, {}},
      {"aes-256-cbc", "aes-256 cbc", "AES-256-CBC", K::cipher, {}},
      {"camellia-128-cbc", "camellia-128 cbc", "CAMELLIA-128-CBC", K::cipher, {}},
      {"camellia-192-cbc", "camellia-192 cbc", "CAMELLIA-192-CBC", K::cipher, {}},
      {"camellia-256-cbc", "camellia-256 cbc", "CAMELLIA-256-CBC", K::cipher, {}},
      {"sha256", "sha256", "SHA256", K::digest, {}},
      {"sha512", "sha512", "SHA512", K::digest, {}},
      {"aes-128-ige", "aes-128 ige", "AES-128-IGE", K::cipher, {}},
      {"aes-192-ige", "aes-192 ige", "AES-192-IGE", K::cipher, {}},
      {"aes-256-ige", "aes-256 ige", "AES-256-IGE", K::cipher, {}},
      // Today's common ones, named as openssl 3 names them.
      {"sha3-256", "sha3-256", "SHA3-256", K::digest, {}},
      {"aes-128-gcm", "aes-128-gcm", "AES-128-GCM", K::cipher, {}},
      {"aes-256-gcm", "aes-256-gcm", "AES-256-GCM", K::cipher, {}},
      {"chacha20-poly1305", "chacha20-poly1305", "ChaCha20-Poly1305", K::cipher, {}},
  };
  return table;
}

const Algorithm* find_algorithm(std::string_view word, AlgorithmKind kind) {
  for (const auto& a : algorithms()) {
    if (a.kind != kind) continue;
    if (a.word == word || std::find(a.aliases.begin(), a.aliases.end(), word) != a.aliases.end()) return &a;
  }
  const std::string wanted = lower(word);
  for (const auto& a : algorithms()) {
    if (a.kind != kind) continue;
    if (lower(a.word) == wanted || lower(a.evp) == wanted) return &a;
    for (const auto& alias : a.aliases)
      if (lower(alias) == wanted) return &a;
  }
  return nullptr;
}

std::vector<std::string> close_names(std::string_view word, const std::vector<std::string>& names, std::size_t limit) {
  const std::string wanted = squeezed(word);
  // A short name tolerates one slip, a long one about one in four characters.
  const std::size_t tolerance = std::max<std::size_t>(1, wanted.size() / 4);
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& name : names) {
    const std::size_t d = support::edit_distance(wanted, squeezed(name), support::Swaps::one_edit);
    if (d <= tolerance) scored.emplace_back(d, name);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  // Only the closest: "aes128cbc" is plainly aes-128-cbc, not aes-192-cbc too.
  std::vector<std::string> out;
  for (const auto& [d, name] : scored) {
    if (out.size() == limit || d > scored.front().first) break;
    out.push_back(name);
  }
  return out;
}

Problem unknown_algorithm(std::string_view word, AlgorithmKind kind) {
  std::vector<std::string> words;
  for (const auto& a : algorithms())
    if (a.kind == kind) words.push_back(a.word);
  Problem problem;
  problem.message = fmt::format("unknown {} '{}'", kind_name(kind), word);
  const auto close = close_names(word, words);
  if (close.empty()) {
    problem.hint = fmt::format("{}s: {}", kind_name(kind), fmt::join(words, " "));
  } else {
    std::vector<std::string> quoted;
    for (const auto& c : close) quoted.push_back("'" + c + "'");
    problem.hint = fmt::format("did you mean {}?", fmt::join(quoted, " or "));
  }
  return problem;
}

std::optional<std::string> row_name(std::string_view kernel, std::string_view word, bool decrypt) {
  const AlgorithmKind kind = kernel == "cipher" ? AlgorithmKind::cipher : AlgorithmKind::digest;
  if (kernel != "digest" && kernel != "hmac" && kernel != "cipher") return std::nullopt;
  const Algorithm* a = find_algorithm(word, kind);
  if (a == nullptr) return std::nullopt;
  if (kernel == "hmac") return "hmac(" + a->row + ")";
  return decrypt ? a->row + " (decrypt)" : a->row;
}

OSSL_LIB_CTX* library() {
  static OSSL_LIB_CTX* context = nullptr;
  static std::once_flag once;
  std::call_once(once, [] {
#if HWBENCH_STATIC
    // A static binary must not dlopen anything: neither the host's openssl.cnf (which may name
    // provider modules or engines) nor the legacy provider, a module in Debian's OpenSSL. The
    // default provider is built into libcrypto.a; what only the legacy one has is unavailable.
    OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG, nullptr);
    context = OSSL_LIB_CTX_new();
    OSSL_PROVIDER_load(context, "default");
#else
    context = OSSL_LIB_CTX_new();
    // Loading any provider by hand switches off the implicit default one, so load both. The
    // providers stay loaded for the life of the process, as the context does.
    OSSL_PROVIDER_load(context, "default");
    OSSL_PROVIDER_load(context, "legacy");
#endif
    ERR_clear_error();
  });
  return context;
}

std::string openssl_version() { return OpenSSL_version(OPENSSL_VERSION); }

Evp<EVP_MD> fetch_digest(const std::string& evp_name, std::string_view word) {
  Evp<EVP_MD> md(EVP_MD_fetch(library(), evp_name.c_str(), nullptr));
  if (!md) unavailable(word, evp_name, "digest");
  return md;
}

Evp<EVP_CIPHER> fetch_cipher(const std::string& evp_name, std::string_view word) {
  Evp<EVP_CIPHER> cipher(EVP_CIPHER_fetch(library(), evp_name.c_str(), nullptr));
  if (!cipher) unavailable(word, evp_name, "cipher");
  return cipher;
}

std::string openssl_error(const std::string& what) {
  const unsigned long code = ERR_get_error();
  ERR_clear_error();
  if (code == 0) return what;
  char text[256] = {};
  ERR_error_string_n(code, text, sizeof text);
  return what + ": " + text;
}

std::vector<unsigned char> pattern_bytes(std::size_t size, unsigned char start) {
  std::vector<unsigned char> bytes(size);
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<unsigned char>(start + i);
  return bytes;
}

}  // namespace hwbench::kernels::crypto
