#include "runtime/remote/dist.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include <fmt/format.h>
#include <openssl/evp.h>

#include "base/platform/atomic_file.hpp"
#include "base/platform/whole_file.hpp"
#include "base/support/system_text.hpp"

namespace hwbench::runtime::remote {

const std::vector<std::string>& dist_architectures() {
  static const std::vector<std::string> arches{"x86_64", "aarch64", "armhf", "armel"};
  return arches;
}

std::optional<std::string> dist_arch(std::string_view machine) {
  if (machine == "x86_64") return "x86_64";
  if (machine == "aarch64" || machine == "arm64") return "aarch64";
  if (machine == "armv7l" || machine == "armv6l" || machine == "armhf") return "armhf";
  // ARMv5 boards (Kirkwood NAS): soft float, Debian armel.
  if (machine == "armv5tel" || machine == "armv5tejl" || machine == "armel") return "armel";
  return std::nullopt;
}

std::string dist_binary_name(const std::string& version, const std::string& arch) {
  return fmt::format("hwbench-{}-linux-{}", version, arch);
}

std::vector<std::string> dist_dirs(const std::string& option, const char* env, const std::string& executable) {
  if (!option.empty()) return {option};
  if (env != nullptr && *env != '\0') return {env};
  if (executable.empty()) return {"dist"};
  const std::filesystem::path dir = std::filesystem::path(executable).parent_path();
  return {(dir.parent_path() / "dist").string(), (dir / "dist").string()};
}

namespace {

/// The SHA-256 of the file at `path` in hex; nothing when it cannot be read.
std::optional<std::string> file_sha256(const std::string& path, std::uint64_t& size) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1) return std::nullopt;
  std::vector<char> buf(1 << 20);
  size = 0;
  while (in) {
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    const auto got = static_cast<std::size_t>(in.gcount());
    if (got == 0) break;
    EVP_DigestUpdate(ctx.get(), buf.data(), got);
    size += got;
  }
  if (in.bad()) return std::nullopt;
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_DigestFinal_ex(ctx.get(), digest, &len);
  std::string hex;
  for (unsigned int i = 0; i < len; ++i) hex += fmt::format("{:02x}", digest[i]);
  return hex;
}

/// What identifies a file's content without reading it, as the memo keeps it: "SIZE MTIME_NS INODE".
std::optional<std::string> file_identity(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return fmt::format("{} {} {}", st.st_size,
                     static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec, st.st_ino);
}

/// The memo's lines: path -> "HASH SIZE MTIME_NS INODE".
std::map<std::string, std::string> read_hash_memo(const std::string& memo) {
  std::map<std::string, std::string> lines;
  std::istringstream in(platform::read_whole_file(memo).value_or(""));
  for (std::string line; std::getline(in, line);) {
    // HASH SIZE MTIME INODE PATH: the path is the rest after the fourth space (npos + 1 is 0).
    std::size_t at = std::string::npos;
    for (int i = 0; i < 4; ++i) {
      at = line.find(' ', at + 1);
      if (at == std::string::npos) break;
    }
    if (at != std::string::npos) lines[line.substr(at + 1)] = line.substr(0, at);
  }
  return lines;
}

}  // namespace

std::string dist_hash_memo() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && *xdg != '\0') return std::string(xdg) + "/hwbench/dist-sha256";
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home != '\0') return std::string(home) + "/.cache/hwbench/dist-sha256";
  return "";
}

std::vector<DistBinary> find_dist_binaries(const std::vector<std::string>& dirs, const std::string& version,
                                           std::vector<std::string>& problems, const std::string& memo) {
  std::map<std::string, std::string> memo_lines =
      memo.empty() ? std::map<std::string, std::string>{} : read_hash_memo(memo);
  bool memo_changed = false;
  std::vector<DistBinary> found;
  for (const auto& arch : dist_architectures()) {
    for (const auto& dir : dirs) {
      const std::string path = (std::filesystem::path(dir) / dist_binary_name(version, arch)).string();
      std::error_code ec;
      if (!std::filesystem::is_regular_file(path, ec)) continue;
      DistBinary b{arch, path, "", 0};
      const auto identity = file_identity(path);
      const auto known = memo_lines.find(path);
      // "HASH SIZE MTIME INODE": the hash is still good while the rest is the file's identity.
      if (identity && known != memo_lines.end() && known->second.size() > 65 && known->second.substr(65) == *identity) {
        b.hash = known->second.substr(0, 16);
        b.size = std::stoull(identity->substr(0, identity->find(' ')));
        found.push_back(std::move(b));
        break;
      }
      const auto hash = file_sha256(path, b.size);
      if (!hash || hash->size() != 64) {
        problems.push_back(fmt::format("cannot read {}", path));
        break;
      }
      b.hash = hash->substr(0, 16);
      if (identity) {
        memo_lines[path] = *hash + " " + *identity;
        memo_changed = true;
      }
      found.push_back(std::move(b));
      break;
    }
  }
  if (memo_changed && !memo.empty()) {
    // A memo that cannot be written only costs the hashing again next time.
    std::string text, error;
    // Binaries that are gone (a temporary dist directory) are forgotten.
    std::error_code ec;
    for (const auto& [path, rest] : memo_lines)
      if (std::filesystem::exists(path, ec)) text += rest + " " + path + "\n";
    if (platform::make_directories(std::filesystem::path(memo).parent_path().string(), error))
      platform::write_file_atomically(memo, text, error);
  }
  return found;
}

std::string missing_binary_message(const std::string& arch, const std::string& machine,
                                   const std::vector<std::string>& dirs, const std::string& version) {
  if (arch.empty())
    return fmt::format("its architecture '{}' (uname -m) has no static hwbench: there are builds for {}", machine,
                       support::join(dist_architectures(), ", "));
  return fmt::format("no hwbench binary for its architecture {} ({} in {}): build it with scripts/build-static {}",
                     arch, dist_binary_name(version, arch), support::join(dirs, " or "), arch);
}

std::string running_executable() {
  std::error_code ec;
  const auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : p.string();
}

}  // namespace hwbench::runtime::remote
