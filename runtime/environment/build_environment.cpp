#include "runtime/environment/build_environment.hpp"

#include <string>
#include <string_view>

#include <openssl/bn.h>
#include <openssl/crypto.h>
#if defined(__GLIBC__)
#include <gnu/libc-version.h>
#endif

#include "base/support/system_text.hpp"

namespace hwbench::runtime::environment {

namespace {

using nlohmann::json;

// OpenSSL_version() returns some facts with their label ("built on: …", "compiler: …"); the
// object keeps the facts alone, as an imported `openssl speed` log does.
std::string without_label(const char* text, std::string_view label) {
  std::string_view value = text != nullptr ? text : "";
  if (value.substr(0, label.size()) == label) value.remove_prefix(label.size());
  return support::trim(value);
}

}  // namespace

json compiler_build() {
#if defined(__clang__)
  const char* id = "clang";
#elif defined(__GNUC__)
  const char* id = "gcc";
#else
  const char* id = "unknown";
#endif
#if defined(__VERSION__)
  const char* version = __VERSION__;
#else
  const char* version = "";
#endif
#if defined(HWBENCH_CXX_FLAGS)
  const char* flags = HWBENCH_CXX_FLAGS;
#else
  const char* flags = "";
#endif
#if defined(HWBENCH_BUILD_TYPE)
  const char* build_type = HWBENCH_BUILD_TYPE;
#else
  const char* build_type = "";
#endif
  // CMake joins CMAKE_CXX_FLAGS and the per-build-type flags with a space, either may be empty.
  return {{"id", id}, {"version", version}, {"flags", support::normalise_spaces(flags)}, {"build_type", build_type}};
}

json openssl_build() {
  return {
      {"version", OpenSSL_version(OPENSSL_VERSION)},
      {"built_on", without_label(OpenSSL_version(OPENSSL_BUILT_ON), "built on:")},
      {"options", support::trim(BN_options())},
      {"compiler", without_label(OpenSSL_version(OPENSSL_CFLAGS), "compiler:")},
      {"cpuinfo", without_label(OpenSSL_version(OPENSSL_CPU_INFO), "CPUINFO:")},
  };
}

json libc_build_version() {
#if defined(__GLIBC__)
  return gnu_get_libc_version();
#else
  return nullptr;
#endif
}

json hwbench_build_version() {
#if defined(HWBENCH_VERSION)
  return HWBENCH_VERSION;
#else
  return "";
#endif
}

}  // namespace hwbench::runtime::environment
