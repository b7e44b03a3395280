#pragma once
// Shared helpers for the crypto-family tests: hex text, hand-built calls, running a kernel.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::crypto::test {

/// `bytes` as lowercase hex.
inline std::string hex(const std::vector<unsigned char>& bytes) {
  std::string out;
  for (unsigned char b : bytes) out += fmt::format("{:02x}", b);
  return out;
}

/// The bytes a hex text spells.
inline std::vector<unsigned char> unhex(const std::string& text) {
  std::vector<unsigned char> out;
  for (std::size_t i = 0; i + 1 < text.size(); i += 2)
    out.push_back(static_cast<unsigned char>(std::stoi(text.substr(i, 2), nullptr, 16)));
  return out;
}

/// A call of `word` with parameters as the checker would fill them: numbers and words.
inline Call call_of(const std::string& word, const std::map<std::string, double>& numbers = {},
                    const std::map<std::string, std::string>& words = {}) {
  Call call;
  call.args.push_back({word, ""});
  for (const auto& [name, value] : numbers) {
    ParamValue v;
    v.number = value;
    v.text = fmt::format("{}", value);
    v.given = true;
    call.params[name] = v;
  }
  for (const auto& [name, value] : words) {
    ParamValue v;
    v.text = value;
    v.flag = value == "true";
    v.given = true;
    call.params[name] = v;
  }
  return call;
}

/// A file view with no files: the crypto kernels touch none.
struct NoFiles : platform::FileView {
  bool exists(const std::string&) const override { return false; }
  bool is_directory(const std::string&) const override { return false; }
  std::optional<std::uint64_t> file_size(const std::string&) const override { return std::nullopt; }
  std::vector<std::string> glob(const std::string&) const override { return {}; }
};

/// Makes the kernel, prepares it, runs `n` units and finishes it.
inline Work run_kernel(const KernelSpec& spec, const Call& call, std::uint64_t n) {
  auto kernel = spec.make(call, Context{});
  kernel->prepare();
  Work work = kernel->run(n);
  kernel->finish();
  return work;
}

}  // namespace hwbench::kernels::crypto::test
