// The algorithm table: words, aliases and EVP names; the checker's problem for an unknown word;
// the row names of the published tables; fetching from the library context.
#include "kernels/crypto/algorithms.hpp"

#include <doctest/doctest.h>

namespace hwbench::kernels::crypto {

TEST_CASE("algorithms: a word, an alias or the EVP name in any case finds the row") {
  REQUIRE(find_algorithm("md5", AlgorithmKind::digest) != nullptr);
  CHECK(find_algorithm("md5", AlgorithmKind::digest)->evp == "MD5");
  CHECK(find_algorithm("ripemd160", AlgorithmKind::digest)->word == "rmd160");
  CHECK(find_algorithm("RIPEMD160", AlgorithmKind::digest)->word == "rmd160");
  CHECK(find_algorithm("AES-128-CBC", AlgorithmKind::cipher)->word == "aes-128-cbc");
  CHECK(find_algorithm("BF-CBC", AlgorithmKind::cipher)->word == "blowfish");
  CHECK(find_algorithm("des-ede3-cbc", AlgorithmKind::cipher)->row == "des ede3");
  CHECK(find_algorithm("md5", AlgorithmKind::cipher) == nullptr);
  CHECK(find_algorithm("aes-128-cbc", AlgorithmKind::digest) == nullptr);
  CHECK(find_algorithm("sha265", AlgorithmKind::digest) == nullptr);
}

TEST_CASE("algorithms: every row of the published table is there, in its order") {
  std::vector<std::string> rows;
  for (const auto& a : algorithms()) rows.push_back(a.row);
  CHECK(rows == std::vector<std::string>{"md2",
                                         "mdc2",
                                         "md4",
                                         "md5",
                                         "sha1",
                                         "rmd160",
                                         "rc4",
                                         "des cbc",
                                         "des ede3",
                                         "idea cbc",
                                         "seed cbc",
                                         "rc2 cbc",
                                         "rc5-32/12 cbc",
                                         "blowfish cbc",
                                         "cast cbc",
                                         "aes-128 cbc",
                                         "aes-192 cbc",
                                         "aes-256 cbc",
                                         "camellia-128 cbc",
                                         "camellia-192 cbc",
                                         "camellia-256 cbc",
                                         "sha256",
                                         "sha512",
                                         "aes-128 ige",
                                         "aes-192 ige",
                                         "aes-256 ige",
                                         "sha3-256",
                                         "aes-128-gcm",
                                         "aes-256-gcm",
                                         "chacha20-poly1305"});
}

TEST_CASE("algorithms: an unknown word gets the close names, or the whole list") {
  Problem p = unknown_algorithm("sha265", AlgorithmKind::digest);
  CHECK(p.message == "unknown digest 'sha265'");
  CHECK(p.hint == "did you mean 'sha256'?");
  p = unknown_algorithm("aes128cbc", AlgorithmKind::cipher);
  CHECK(p.message == "unknown cipher 'aes128cbc'");
  CHECK(p.hint == "did you mean 'aes-128-cbc'?");
  p = unknown_algorithm("aes-129-cbc", AlgorithmKind::cipher);
  CHECK(p.hint == "did you mean 'aes-128-cbc' or 'aes-192-cbc'?");
  p = unknown_algorithm("whirlpool", AlgorithmKind::digest);
  CHECK(p.hint == "digests: md2 mdc2 md4 md5 sha1 rmd160 sha256 sha512 sha3-256");
  CHECK(close_names("md", {"md2", "md4", "md5", "sha1"}, 2) == std::vector<std::string>{"md2", "md4"});
}

TEST_CASE("algorithms: row names as the published tables print them") {
  CHECK(row_name("digest", "md5", false) == "md5");
  CHECK(row_name("hmac", "md5", false) == "hmac(md5)");
  CHECK(row_name("hmac", "SHA256", false) == "hmac(sha256)");
  CHECK(row_name("cipher", "aes-128-cbc", false) == "aes-128 cbc");
  CHECK(row_name("cipher", "AES-128-CBC", true) == "aes-128 cbc (decrypt)");
  CHECK(row_name("cipher", "rc5", false) == "rc5-32/12 cbc");
  CHECK(row_name("cipher", "md5", false) == std::nullopt);
  CHECK(row_name("read", "md5", false) == std::nullopt);
}

TEST_CASE("algorithms: one library context, a name EVP lacks is unavailable, not an error") {
  CHECK(library() != nullptr);
  CHECK(library() == library());
  CHECK(fetch_digest("SHA256", "sha256") != nullptr);
  try {
    fetch_digest("NO-SUCH-DIGEST", "nosuch");
    FAIL("fetch_digest did not throw");
  } catch (const KernelUnavailable& e) {
    CHECK(std::string(e.what()) == "nosuch is not in this OpenSSL (" + openssl_version() +
                                       "): EVP has no digest \"NO-SUCH-DIGEST\", not even in the legacy provider");
  }
  CHECK_THROWS_AS(fetch_cipher("AES-128-IGE", "aes-128-ige"), KernelUnavailable);
  CHECK(pattern_bytes(3, 0xfe) == std::vector<unsigned char>{0xfe, 0xff, 0x00});
}

}  // namespace hwbench::kernels::crypto
