#include "kernels/crypto/cipher.hpp"

#include <climits>

#include <fmt/format.h>

#include "kernels/crypto/crypto.hpp"

namespace hwbench::kernels::crypto {

namespace {

// GCM may not encrypt more than about 64 GB under one IV, nor ChaCha20 more than 256 GB; a
// fresh start every GiB keeps a long run legal at the cost of one init per GiB.
constexpr std::size_t restart_every = std::size_t{1} << 30;

}  // namespace

CipherStream::CipherStream(const Algorithm& cipher, bool decrypt, std::vector<unsigned char> key,
                           std::vector<unsigned char> iv)
    : cipher_(cipher),
      decrypt_(decrypt),
      evp_(fetch_cipher(cipher.evp, cipher.word)),
      context_(EVP_CIPHER_CTX_new()),
      key_(std::move(key)),
      iv_(std::move(iv)) {
  start();
}

CipherStream::CipherStream(const Algorithm& cipher, bool decrypt)
    : cipher_(cipher), decrypt_(decrypt), evp_(fetch_cipher(cipher.evp, cipher.word)), context_(EVP_CIPHER_CTX_new()) {
  key_ = pattern_bytes(static_cast<std::size_t>(EVP_CIPHER_get_key_length(evp_.get())), 0x40);
  iv_ = pattern_bytes(static_cast<std::size_t>(EVP_CIPHER_get_iv_length(evp_.get())), 0xa0);
  start();
}

void CipherStream::start() {
  if (!context_) throw KernelError("cipher: out of memory for an EVP_CIPHER_CTX");
  const auto key_length = static_cast<std::size_t>(EVP_CIPHER_get_key_length(evp_.get()));
  const auto iv_length = static_cast<std::size_t>(EVP_CIPHER_get_iv_length(evp_.get()));
  if (key_.size() != key_length || iv_.size() != iv_length)
    throw KernelError(fmt::format("cipher {} takes a {}-byte key and a {}-byte IV, not {} and {}", cipher_.word,
                                  key_length, iv_length, key_.size(), iv_.size()));
  const unsigned char* iv = iv_.empty() ? nullptr : iv_.data();
  if (EVP_CipherInit_ex2(context_.get(), evp_.get(), key_.data(), iv, decrypt_ ? 0 : 1, nullptr) != 1)
    throw KernelError(openssl_error(fmt::format("cipher {}: cannot start", cipher_.word)));
  // Padding only matters to the final call, which a stream of updates never makes.
  EVP_CIPHER_CTX_set_padding(context_.get(), 0);
  since_start_ = 0;
}

std::size_t CipherStream::update(const unsigned char* in, unsigned char* out, std::size_t size) {
  if (since_start_ >= restart_every) start();
  int written = 0;
  if (size > static_cast<std::size_t>(INT_MAX) ||
      EVP_CipherUpdate(context_.get(), out, &written, in, static_cast<int>(size)) != 1)
    throw KernelError(openssl_error(fmt::format("cipher {} failed", cipher_.word)));
  since_start_ += size;
  return static_cast<std::size_t>(written);
}

std::vector<unsigned char> CipherStream::update(const std::vector<unsigned char>& in) {
  std::vector<unsigned char> out(in.size() + block_size());
  out.resize(update(in.data(), out.data(), in.size()));
  return out;
}

std::size_t CipherStream::block_size() const { return static_cast<std::size_t>(EVP_CIPHER_get_block_size(evp_.get())); }

namespace {

class CipherKernel : public Kernel {
 public:
  explicit CipherKernel(const Call& call)
      : stream_(call_algorithm(call, AlgorithmKind::cipher), call.flag("decrypt")), block_(block_of(call)) {}

  void prepare() override { data_ = pattern_bytes(block_ + stream_.block_size()); }

  Work run(std::uint64_t n) override {
    // In place, as openssl speed does: each block's output is the next block's input.
    for (std::uint64_t i = 0; i < n; ++i) stream_.update(data_.data(), data_.data(), block_);
    return {n * block_, n};
  }

 private:
  CipherStream stream_;
  std::size_t block_;
  std::vector<unsigned char> data_;
};

}  // namespace

KernelSpec cipher_spec() {
  ParamSpec decrypt;
  decrypt.name = "decrypt";
  decrypt.type = ParamType::flag;
  decrypt.help = "decrypt instead of encrypt (openssl speed -decrypt)";

  KernelSpec spec = symmetric_spec(
      "cipher", "encrypt (or decrypt) one block per operation, the context running on, through EVP",
      "openssl speed -evp ALG (aes-128-cbc, des-ede3, rc4, blowfish…)", "cipher ALG [block N] [decrypt]",
      "the cipher: aes-128-cbc, des-cbc, des-ede3, rc4, blowfish, camellia-128-cbc…", AlgorithmKind::cipher);
  spec.params.push_back(decrypt);
  spec.make = [](const Call& call, const Context&) -> std::unique_ptr<Kernel> {
    return std::make_unique<CipherKernel>(call);
  };
  return spec;
}

}  // namespace hwbench::kernels::crypto
