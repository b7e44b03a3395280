#include "kernels/crypto/pkey.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include <fmt/format.h>
#include <openssl/dsa.h>
#include <openssl/err.h>

#include "kernels/crypto/crypto.hpp"

namespace hwbench::kernels::crypto {

namespace {

bool is(const KeyAlgorithm& algorithm, std::string_view word) { return algorithm.word == word; }

// DSA has no quick keygen: domain parameters first (their q size follows FIPS 186's pairs),
// then the key. OpenSSL 3 refuses a 512-bit key (the 2010 tables have one): KernelUnavailable.
Evp<EVP_PKEY> make_dsa_key(unsigned bits) {
  Evp<EVP_PKEY_CTX> param_context(EVP_PKEY_CTX_new_from_name(library(), "DSA", nullptr));
  EVP_PKEY* params = nullptr;
  if (!param_context || EVP_PKEY_paramgen_init(param_context.get()) != 1 ||
      EVP_PKEY_CTX_set_dsa_paramgen_bits(param_context.get(), static_cast<int>(bits)) != 1 ||
      EVP_PKEY_CTX_set_dsa_paramgen_q_bits(param_context.get(), bits <= 1024 ? 160 : 256) != 1 ||
      EVP_PKEY_paramgen(param_context.get(), &params) != 1)
    return nullptr;
  const Evp<EVP_PKEY> owned_params(params);
  Evp<EVP_PKEY_CTX> key_context(EVP_PKEY_CTX_new_from_pkey(library(), params, nullptr));
  EVP_PKEY* key = nullptr;
  if (!key_context || EVP_PKEY_keygen_init(key_context.get()) != 1 || EVP_PKEY_keygen(key_context.get(), &key) != 1)
    return nullptr;
  return Evp<EVP_PKEY>(key);
}

Evp<EVP_PKEY> make_key(const KeyAlgorithm& algorithm, unsigned bits) {
  if (is(algorithm, "rsa")) return Evp<EVP_PKEY>(EVP_PKEY_Q_keygen(library(), nullptr, "RSA", std::size_t{bits}));
  if (is(algorithm, "dsa")) return make_dsa_key(bits);
  if (is(algorithm, "ecdsa")) {
    const std::string curve = fmt::format("P-{}", bits);
    return Evp<EVP_PKEY>(EVP_PKEY_Q_keygen(library(), nullptr, "EC", curve.c_str()));
  }
  return Evp<EVP_PKEY>(EVP_PKEY_Q_keygen(library(), nullptr, "ED25519"));
}

// Making an RSA 4096 key takes about a second: each (algorithm, size) is made once per process
// and shared, so a sign statement and the verify statement after it use the same key.
Evp<EVP_PKEY> shared_key(const KeyAlgorithm& algorithm, unsigned bits) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, unsigned>, Evp<EVP_PKEY>> keys;
  const std::lock_guard lock(mutex);
  auto& slot = keys[{algorithm.word, bits}];
  if (!slot) {
    slot = make_key(algorithm, bits);
    if (!slot)
      throw KernelUnavailable(openssl_error(
          fmt::format("this OpenSSL ({}) cannot make a {}-bit {} key", openssl_version(), bits, algorithm.word)));
  }
  EVP_PKEY_up_ref(slot.get());
  return Evp<EVP_PKEY>(slot.get());
}

}  // namespace

const std::vector<KeyAlgorithm>& key_algorithms() {
  static const std::vector<KeyAlgorithm> table = {
      {"rsa", 2048, 512, 16384, {}},
      {"dsa", 2048, 0, 0, {512, 1024, 2048, 3072}},
      {"ecdsa", 256, 0, 0, {224, 256, 384, 521}},
      {"ed25519", 253, 0, 0, {253}},
  };
  return table;
}

const KeyAlgorithm* find_key_algorithm(std::string_view word) {
  std::string wanted;
  for (char c : word) wanted += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const auto& a : key_algorithms())
    if (a.word == wanted) return &a;
  return nullptr;
}

unsigned effective_bits(const KeyAlgorithm& algorithm, unsigned bits) {
  return bits == 0 ? algorithm.default_bits : bits;
}

Problem key_size_problem(const KeyAlgorithm& algorithm, unsigned bits) {
  if (algorithm.sizes.empty()) {
    if (bits >= algorithm.min_bits && bits <= algorithm.max_bits) return {};
    return {fmt::format("{} keys of {} bits are not supported", algorithm.word, bits),
            fmt::format("{} takes bits {} to {} (openssl speed: 512 1024 2048 3072 4096 7680 15360)", algorithm.word,
                        algorithm.min_bits, algorithm.max_bits)};
  }
  if (std::find(algorithm.sizes.begin(), algorithm.sizes.end(), bits) != algorithm.sizes.end()) return {};
  return {fmt::format("{} keys of {} bits are not supported", algorithm.word, bits),
          fmt::format("{} takes bits {}", algorithm.word, fmt::join(algorithm.sizes, ", "))};
}

std::string key_row(const KeyAlgorithm& algorithm, unsigned bits) {
  if (is(algorithm, "ecdsa")) return fmt::format("{} bits ecdsa (nistp{})", bits, bits);
  if (is(algorithm, "ed25519")) return fmt::format("{} bits EdDSA (Ed25519)", bits);
  return fmt::format("{} {} bits", algorithm.word, bits);
}

Signer::Signer(const KeyAlgorithm& algorithm, unsigned bits)
    : algorithm_(algorithm), key_(shared_key(algorithm, bits)) {
  max_signature_ = static_cast<std::size_t>(EVP_PKEY_get_size(key_.get()));
  const std::string what = fmt::format("{} {} bits", algorithm.word, bits);
  if (is(algorithm, "ed25519")) {
    message_context_.reset(EVP_MD_CTX_new());
    if (!message_context_) throw KernelError(what + ": out of memory for an EVP_MD_CTX");
    return;
  }
  sign_context_.reset(EVP_PKEY_CTX_new_from_pkey(library(), key_.get(), nullptr));
  verify_context_.reset(EVP_PKEY_CTX_new_from_pkey(library(), key_.get(), nullptr));
  if (!sign_context_ || !verify_context_ || EVP_PKEY_sign_init(sign_context_.get()) != 1 ||
      EVP_PKEY_verify_init(verify_context_.get()) != 1)
    throw KernelError(openssl_error(what + ": cannot start signing"));
}

std::size_t Signer::sign(const std::vector<unsigned char>& message, unsigned char* signature) {
  std::size_t length = max_signature_;
  int ok = 0;
  if (message_context_) {
    // A one-shot EdDSA context may not sign twice (OpenSSL 3.2 refuses): restart it each time.
    ok =
        EVP_DigestSignInit_ex(message_context_.get(), nullptr, nullptr, library(), nullptr, key_.get(), nullptr) == 1 &&
        EVP_DigestSign(message_context_.get(), signature, &length, message.data(), message.size()) == 1;
  } else {
    ok = EVP_PKEY_sign(sign_context_.get(), signature, &length, message.data(), message.size()) == 1;
  }
  if (!ok) throw KernelError(openssl_error(fmt::format("{} sign failed", algorithm_.word)));
  return length;
}

std::vector<unsigned char> Signer::sign(const std::vector<unsigned char>& message) {
  std::vector<unsigned char> signature(max_signature_);
  signature.resize(sign(message, signature.data()));
  return signature;
}

bool Signer::verify(const std::vector<unsigned char>& message, const unsigned char* signature, std::size_t length) {
  int result = 0;
  if (message_context_) {
    if (EVP_DigestVerifyInit_ex(message_context_.get(), nullptr, nullptr, library(), nullptr, key_.get(), nullptr) != 1)
      throw KernelError(openssl_error(fmt::format("{} verify failed to start", algorithm_.word)));
    result = EVP_DigestVerify(message_context_.get(), signature, length, message.data(), message.size());
  } else {
    result = EVP_PKEY_verify(verify_context_.get(), signature, length, message.data(), message.size());
  }
  // 0 is a wrong signature; below 0 an error, which a tampered DSA or ECDSA signature can also
  // give (it does not decode): either way it does not verify.
  ERR_clear_error();
  return result == 1;
}

bool Signer::verify(const std::vector<unsigned char>& message, const std::vector<unsigned char>& signature) {
  return verify(message, signature.data(), signature.size());
}

namespace {

unsigned bits_of(const Call& call) {
  const auto it = call.params.find("bits");
  return it == call.params.end() ? 0 : static_cast<unsigned>(it->second.number);
}

class PkeyKernel : public Kernel {
 public:
  explicit PkeyKernel(const Call& call)
      : algorithm_(*find_key_algorithm(algorithm_word(call))),
        bits_(effective_bits(algorithm_, bits_of(call))),
        verify_(call.text("op") == "verify") {}

  void prepare() override {
    signer_.emplace(algorithm_, bits_);
    message_ = pattern_bytes(32, 0x61);
    signature_.assign(signer_->max_signature(), 0);
    length_ = signer_->sign(message_, signature_.data());
  }

  Work run(std::uint64_t n) override {
    for (std::uint64_t i = 0; i < n; ++i) {
      if (!verify_) {
        signer_->sign(message_, signature_.data());
      } else if (!signer_->verify(message_, signature_.data(), length_)) {
        throw KernelError(fmt::format("{}: a good signature did not verify", key_row(algorithm_, bits_)));
      }
    }
    return {0, n};
  }

 private:
  const KeyAlgorithm& algorithm_;
  unsigned bits_;
  bool verify_;
  std::optional<Signer> signer_;
  std::vector<unsigned char> message_;
  std::vector<unsigned char> signature_;
  std::size_t length_ = 0;
};

}  // namespace

KernelSpec pkey_spec() {
  ParamSpec bits;
  bits.name = "bits";
  bits.type = ParamType::count;
  bits.unit = "bits";
  bits.default_text = "0";
  bits.max = 16384;
  bits.help = "key size; 0 is the usual one (rsa 2048, dsa 2048, ecdsa 256 = nistp256, ed25519 253)";
  ParamSpec op;
  op.name = "op";
  op.type = ParamType::choice;
  op.choices = {"sign", "verify"};
  op.help = "time signing (the private key) or verifying (the public key)";

  KernelSpec spec;
  spec.name = kernel_name::pkey;
  spec.family = "crypto";
  spec.help = "sign, or verify, a 32-byte digest per operation with a key made beforehand, through EVP_PKEY";
  spec.lineage = "openssl speed rsa2048 dsa2048 ecdsap256 ed25519 (the sign/verify tables)";
  spec.synopsis = "pkey rsa|dsa|ecdsa|ed25519 [bits N] sign|verify";
  spec.args = {{"ALG", ArgKind::word, "", "the key type: rsa, dsa, ecdsa, ed25519"}};
  spec.params = {bits, op};
  spec.unit = WorkUnit::operations;
  spec.one_thread = true;
  spec.measure = count_for(public_key_seconds);
  spec.effects = [](const Call& call, const platform::FileView&) {
    FileEffects fx;
    const KeyAlgorithm* algorithm = find_key_algorithm(algorithm_word(call));
    if (algorithm == nullptr) {
      std::vector<std::string> words;
      for (const auto& a : key_algorithms()) words.push_back(a.word);
      const auto close = close_names(algorithm_word(call), words);
      fx.problems.push_back({fmt::format("unknown key type '{}'", algorithm_word(call)),
                             close.empty() ? fmt::format("key types: {}", fmt::join(words, " "))
                                           : fmt::format("did you mean '{}'?", close.front())});
      return fx;
    }
    Problem size = key_size_problem(*algorithm, effective_bits(*algorithm, bits_of(call)));
    if (!size.message.empty()) fx.problems.push_back(std::move(size));
    return fx;
  };
  spec.make = [](const Call& call, const Context&) -> std::unique_ptr<Kernel> {
    if (find_key_algorithm(algorithm_word(call)) == nullptr)
      throw KernelError(fmt::format("unknown key type '{}'", algorithm_word(call)));
    return std::make_unique<PkeyKernel>(call);
  };
  return spec;
}

}  // namespace hwbench::kernels::crypto
