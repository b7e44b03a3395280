// The digest kernel: known answers (RFC 1321, FIPS 180-2 appendices), context reuse, what one
// operation counts, and the checker's view of its ALG.
#include "kernels/crypto/digest.hpp"

#include <doctest/doctest.h>

#include "kernels/crypto/crypto.hpp"
#include "tests/kernels/crypto/crypto_test_support.hpp"

namespace hwbench::kernels::crypto {

namespace {

std::string digest_hex(const std::string& word, const std::string& message) {
  Digester digester(*find_algorithm(word, AlgorithmKind::digest));
  return test::hex(compute(digester, message));
}

}  // namespace

TEST_CASE("digest: md5 known answers (RFC 1321 A.5)") {
  CHECK(digest_hex("md5", "") == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(digest_hex("md5", "a") == "0cc175b9c0f1b6a831c399e269772661");
  CHECK(digest_hex("md5", "abc") == "900150983cd24fb0d6963f7d28e17f72");
  CHECK(digest_hex("md5", "message digest") == "f96b697d7cb7938d525a2f31aaf161d0");
  CHECK(digest_hex("md5", "abcdefghijklmnopqrstuvwxyz") == "c3fcd3d76192e4007dfb496cca67e13b");
}

TEST_CASE("digest: sha1, sha256, sha512 known answers (FIPS 180-2 appendices)") {
  const std::string two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  CHECK(digest_hex("sha1", "abc") == "a9993e364706816aba3e25717850c26c9cd0d89d");
  CHECK(digest_hex("sha1", two_blocks) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
  CHECK(digest_hex("sha256", "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(digest_hex("sha256", two_blocks) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(digest_hex("sha512", "abc") ==
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
}

TEST_CASE("digest: each operation is a whole digest, so reusing the context changes nothing") {
  Digester digester(*find_algorithm("sha256", AlgorithmKind::digest));
  const auto first = compute(digester, "abc");
  compute(digester, "something else entirely");
  CHECK(compute(digester, "abc") == first);
  CHECK(digester.size() == 32);
}

TEST_CASE("digest: one unit is one block, the default block and measure are openssl's") {
  const KernelSpec spec = digest_spec();
  const Work w = test::run_kernel(spec, test::call_of("md5", {{"block", 16}}), 5);
  CHECK(w.bytes == 80);
  CHECK(w.ops == 5);
  CHECK(test::run_kernel(spec, test::call_of("sha1"), 2).bytes == 2 * 8192);
  CHECK(spec.measure.for_seconds == 3);
  CHECK(spec.unit == WorkUnit::bytes);
  CHECK(spec.args.at(0).kind == ArgKind::word);
}

TEST_CASE("digest: the checker's problem for an unknown digest, a cipher is not a digest") {
  const KernelSpec spec = digest_spec();
  const test::NoFiles files;
  CHECK(spec.effects(test::call_of("sha256"), files).problems.empty());
  const auto fx = spec.effects(test::call_of("aes-128-cbc"), files);
  REQUIRE(fx.problems.size() == 1);
  CHECK(fx.problems[0].message == "unknown digest 'aes-128-cbc'");
  CHECK(fx.reads.empty());
  CHECK(fx.creates.empty());
  CHECK_THROWS_AS(spec.make(test::call_of("nosuch"), Context{}), KernelError);
}

}  // namespace hwbench::kernels::crypto
