// The pkey kernel: each key type signs, verifies its own signature, and refuses a tampered
// message or signature; key sizes the checker refuses; row names; what a unit counts.
#include "kernels/crypto/pkey.hpp"

#include <doctest/doctest.h>

#include "kernels/crypto/crypto.hpp"
#include "tests/kernels/crypto/crypto_test_support.hpp"

namespace hwbench::kernels::crypto {

TEST_CASE("pkey: sign then verify, a tampered message or signature fails") {
  // Small keys keep the test fast; the code path is the same at every size.
  for (const auto& [word, bits] :
       std::vector<std::pair<std::string, unsigned>>{{"rsa", 1024}, {"dsa", 1024}, {"ecdsa", 256}, {"ed25519", 253}}) {
    const std::string algorithm = word;  // a plain variable: clang 14 cannot capture a binding
    CAPTURE(algorithm);
    Signer signer(*find_key_algorithm(word), bits);
    const std::vector<unsigned char> message = pattern_bytes(32, 0x61);
    const auto signature = signer.sign(message);
    CHECK(!signature.empty());
    CHECK(signature.size() <= signer.max_signature());
    CHECK(signer.verify(message, signature));
    CHECK(signer.verify(message, signature));
    auto tampered = message;
    tampered[5] ^= 0x01;
    CHECK_FALSE(signer.verify(tampered, signature));
    auto bad_signature = signature;
    bad_signature[bad_signature.size() / 2] ^= 0x10;
    CHECK_FALSE(signer.verify(message, bad_signature));
    // A second signer of the same size shares the key, so it accepts the first one's signature.
    Signer again(*find_key_algorithm(word), bits);
    CHECK(again.verify(message, signature));
  }
}

TEST_CASE("pkey: a key OpenSSL 3 will not make is unavailable, from prepare()") {
  // FIPS 186-4 has no 512-bit DSA; OpenSSL 3 refuses to make such a key.
  CHECK_THROWS_AS(Signer(*find_key_algorithm("dsa"), 512), KernelUnavailable);
  auto kernel = pkey_spec().make(test::call_of("dsa", {{"bits", 512}}, {{"op", "sign"}}), Context{});
  CHECK_THROWS_AS(kernel->prepare(), KernelUnavailable);
}

TEST_CASE("pkey: key sizes and row names") {
  const KeyAlgorithm& rsa = *find_key_algorithm("RSA");
  CHECK(effective_bits(rsa, 0) == 2048);
  CHECK(effective_bits(rsa, 4096) == 4096);
  CHECK(key_size_problem(rsa, 15360).message.empty());
  CHECK(key_size_problem(rsa, 100).message == "rsa keys of 100 bits are not supported");
  CHECK(key_size_problem(rsa, 100).hint ==
        "rsa takes bits 512 to 16384 (openssl speed: 512 1024 2048 3072 4096 7680 15360)");
  CHECK(key_size_problem(*find_key_algorithm("dsa"), 4096).hint == "dsa takes bits 512, 1024, 2048, 3072");
  CHECK(key_row(rsa, 512) == "rsa 512 bits");
  CHECK(key_row(*find_key_algorithm("dsa"), 2048) == "dsa 2048 bits");
  CHECK(key_row(*find_key_algorithm("ecdsa"), 256) == "256 bits ecdsa (nistp256)");
  CHECK(key_row(*find_key_algorithm("ed25519"), 253) == "253 bits EdDSA (Ed25519)");
  CHECK(find_key_algorithm("rsaa") == nullptr);
}

TEST_CASE("pkey: the checker's problems: unknown key type, unsupported size") {
  const KernelSpec spec = pkey_spec();
  const test::NoFiles files;
  CHECK(spec.effects(test::call_of("rsa", {{"bits", 2048}}, {{"op", "sign"}}), files).problems.empty());
  CHECK(spec.effects(test::call_of("ed25519", {{"bits", 0}}, {{"op", "sign"}}), files).problems.empty());
  auto fx = spec.effects(test::call_of("rsaa", {{"bits", 2048}}, {{"op", "sign"}}), files);
  REQUIRE(fx.problems.size() == 1);
  CHECK(fx.problems[0].message == "unknown key type 'rsaa'");
  CHECK(fx.problems[0].hint == "did you mean 'rsa'?");
  fx = spec.effects(test::call_of("ecdsa", {{"bits", 255}}, {{"op", "verify"}}), files);
  REQUIRE(fx.problems.size() == 1);
  CHECK(fx.problems[0].message == "ecdsa keys of 255 bits are not supported");
  CHECK(fx.problems[0].hint == "ecdsa takes bits 224, 256, 384, 521");
}

TEST_CASE("pkey: one unit is one signature made or verified, openssl's 10 s by default") {
  const KernelSpec spec = pkey_spec();
  const Work s = test::run_kernel(spec, test::call_of("ecdsa", {{"bits", 256}}, {{"op", "sign"}}), 3);
  CHECK(s.ops == 3);
  CHECK(s.bytes == 0);
  const Work v = test::run_kernel(spec, test::call_of("ed25519", {{"bits", 0}}, {{"op", "verify"}}), 2);
  CHECK(v.ops == 2);
  CHECK(spec.measure.for_seconds == 10);
  CHECK(spec.unit == WorkUnit::operations);
}

}  // namespace hwbench::kernels::crypto
