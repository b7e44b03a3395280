// The hmac kernel: RFC 2202 known answers, the key kept across operations, what a unit counts.
#include "kernels/crypto/hmac.hpp"

#include <doctest/doctest.h>

#include "kernels/crypto/crypto.hpp"
#include "tests/kernels/crypto/crypto_test_support.hpp"

namespace hwbench::kernels::crypto {

namespace {

std::string hmac_hex(const std::string& word, const std::vector<unsigned char>& key, const std::string& data) {
  Hmac hmac(*find_algorithm(word, AlgorithmKind::digest), key);
  return test::hex(compute(hmac, data));
}

}  // namespace

TEST_CASE("hmac: hmac-md5 known answers (RFC 2202 section 2)") {
  CHECK(hmac_hex("md5", std::vector<unsigned char>(16, 0x0b), "Hi There") == "9294727a3638bb1c13f48ef8158bfc9d");
  CHECK(hmac_hex("md5", {'J', 'e', 'f', 'e'}, "what do ya want for nothing?") == "750c783e6ab0b503eaa86e310a5db738");
  CHECK(hmac_hex("md5", std::vector<unsigned char>(16, 0xaa), std::string(50, '\xdd')) ==
        "56be34521d144c88dbb8c733f0e8b3f6");
  // A key longer than the block is hashed first (test case 6).
  CHECK(hmac_hex("md5", std::vector<unsigned char>(80, 0xaa),
                 "Test Using Larger Than Block-Size Key - Hash Key First") == "6b1ab7fe4bd7bf8f0b62e6ce61b9d0cd");
}

TEST_CASE("hmac: hmac-sha1 known answer (RFC 2202 section 3)") {
  CHECK(hmac_hex("sha1", std::vector<unsigned char>(20, 0x0b), "Hi There") ==
        "b617318655057264e28bc0b6fb378c8ef146be00");
}

TEST_CASE("hmac: every operation restarts with the same key") {
  Hmac hmac(*find_algorithm("md5", AlgorithmKind::digest), std::vector<unsigned char>(16, 0x0b));
  compute(hmac, "something else first");
  CHECK(test::hex(compute(hmac, "Hi There")) == "9294727a3638bb1c13f48ef8158bfc9d");
  CHECK(test::hex(compute(hmac, "Hi There")) == "9294727a3638bb1c13f48ef8158bfc9d");
  CHECK(hmac.size() == 16);
}

TEST_CASE("hmac: one unit is one block, ALG must be a digest") {
  const KernelSpec spec = hmac_spec();
  const Work w = test::run_kernel(spec, test::call_of("md5", {{"block", 64}}), 3);
  CHECK(w.bytes == 192);
  CHECK(w.ops == 3);
  CHECK(spec.measure.for_seconds == 3);
  const auto fx = spec.effects(test::call_of("hmac-md5"), test::NoFiles{});
  REQUIRE(fx.problems.size() == 1);
  CHECK(fx.problems[0].message == "unknown digest 'hmac-md5'");
}

}  // namespace hwbench::kernels::crypto
