// The cipher kernel: NIST SP 800-38A AES-128-CBC vectors fed block by block (the context runs
// on), an encrypt/decrypt round trip for every cipher, unavailable ciphers, what a unit counts.
#include "kernels/crypto/cipher.hpp"

#include <doctest/doctest.h>

#include "kernels/crypto/crypto.hpp"
#include "tests/kernels/crypto/crypto_test_support.hpp"

namespace hwbench::kernels::crypto {

namespace {

// SP 800-38A F.2.1 (CBC-AES128.Encrypt) and F.2.2 (its decryption).
const std::string key = "2b7e151628aed2a6abf7158809cf4f3c";
const std::string iv = "000102030405060708090a0b0c0d0e0f";
const std::vector<std::string> plain = {"6bc1bee22e409f96e93d7e117393172a", "ae2d8a571e03ac9c9eb76fac45af8e51",
                                        "30c81c46a35ce411e5fbc1191a0a52ef", "f69f2445df4f9b17ad2b417be66c3710"};
const std::vector<std::string> coded = {"7649abac8119b246cee98e9b12e9197d", "5086cb9b507219ee95db113a917678b2",
                                        "73bed6b8e3c1743b7116e69e22229516", "3ff1caa1681fac09120eca307586e1a7"};

const Algorithm& aes128cbc() { return *find_algorithm("aes-128-cbc", AlgorithmKind::cipher); }

}  // namespace

TEST_CASE("cipher: aes-128-cbc encrypts the SP 800-38A vectors, one 16-byte update at a time") {
  CipherStream stream(aes128cbc(), false, test::unhex(key), test::unhex(iv));
  for (std::size_t i = 0; i < plain.size(); ++i) {
    CAPTURE(i);
    CHECK(test::hex(stream.update(test::unhex(plain[i]))) == coded[i]);
  }
  CHECK(stream.block_size() == 16);
}

TEST_CASE("cipher: aes-128-cbc decrypts them, in one update") {
  CipherStream stream(aes128cbc(), true, test::unhex(key), test::unhex(iv));
  CHECK(test::hex(stream.update(test::unhex(coded[0] + coded[1] + coded[2] + coded[3]))) ==
        plain[0] + plain[1] + plain[2] + plain[3]);
}

TEST_CASE("cipher: a key or IV of the wrong length is refused") {
  CHECK_THROWS_WITH_AS(CipherStream(aes128cbc(), false, test::unhex(key + "00"), test::unhex(iv)),
                       "cipher aes-128-cbc takes a 16-byte key and a 16-byte IV, not 17 and 16", KernelError);
}

TEST_CASE("cipher: every cipher this OpenSSL has decrypts what it encrypted") {
  const std::vector<unsigned char> message = pattern_bytes(4 * 64, 7);
  std::vector<std::string> missing;
  for (const auto& a : algorithms()) {
    if (a.kind != AlgorithmKind::cipher) continue;
    CAPTURE(a.word);
    try {
      CipherStream encrypt(a, false);
      CipherStream decrypt(a, true);
      std::vector<unsigned char> coded_message;
      std::vector<unsigned char> decoded;
      // 64-byte pieces, as the kernel feeds them: whole blocks for every block size here.
      for (std::size_t at = 0; at < message.size(); at += 64) {
        const std::vector<unsigned char> piece(message.begin() + static_cast<long>(at),
                                               message.begin() + static_cast<long>(at + 64));
        const auto out = encrypt.update(piece);
        coded_message.insert(coded_message.end(), out.begin(), out.end());
      }
      CHECK(coded_message.size() == message.size());
      CHECK(coded_message != message);
      for (std::size_t at = 0; at < coded_message.size(); at += 64) {
        const std::vector<unsigned char> piece(coded_message.begin() + static_cast<long>(at),
                                               coded_message.begin() + static_cast<long>(at + 64));
        const auto out = decrypt.update(piece);
        decoded.insert(decoded.end(), out.begin(), out.end());
      }
      CHECK(decoded == message);
    } catch (const KernelUnavailable&) {
      missing.push_back(a.word);
    }
  }
  // The default provider has these on every OpenSSL 3; IGE has no EVP cipher in OpenSSL 3.
  for (const char* always : {"des-ede3", "aes-128-cbc", "aes-192-cbc", "aes-256-cbc", "camellia-128-cbc",
                             "camellia-256-cbc", "aes-128-gcm", "aes-256-gcm", "chacha20-poly1305"}) {
    CAPTURE(always);
    CHECK(std::find(missing.begin(), missing.end(), always) == missing.end());
  }
  for (const char* never : {"aes-128-ige", "aes-192-ige", "aes-256-ige"}) {
    CAPTURE(never);
    CHECK(std::find(missing.begin(), missing.end(), never) != missing.end());
  }
}

TEST_CASE("cipher: the factory raises KernelUnavailable for a cipher EVP lacks") {
  CHECK_THROWS_AS(cipher_spec().make(test::call_of("aes-256-ige"), Context{}), KernelUnavailable);
}

TEST_CASE("cipher: one unit is one block, encrypting or decrypting") {
  const KernelSpec spec = cipher_spec();
  const Work w = test::run_kernel(spec, test::call_of("aes-128-cbc", {{"block", 16}}), 4);
  CHECK(w.bytes == 64);
  CHECK(w.ops == 4);
  const Work d = test::run_kernel(spec, test::call_of("aes-128-cbc", {{"block", 1024}}, {{"decrypt", "true"}}), 2);
  CHECK(d.bytes == 2048);
  CHECK(spec.measure.for_seconds == 3);
  const auto fx = spec.effects(test::call_of("aes128"), test::NoFiles{});
  REQUIRE(fx.problems.size() == 1);
  CHECK(fx.problems[0].message == "unknown cipher 'aes128'");
}

}  // namespace hwbench::kernels::crypto
