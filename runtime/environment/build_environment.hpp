#pragma once
// The build part of the environment: what this binary was built with (compiler, its flags and
// build type, the C library, OpenSSL as `openssl speed` describes itself) and hwbench's version.
// These are facts of the binary, not of the machine, so they need no SystemFiles.
#include <nlohmann/json.hpp>

namespace hwbench::runtime::environment {

/// The environment's "compiler" object: id (gcc, clang), version, flags, build_type.
nlohmann::json compiler_build();

/// The environment's "openssl" object: version, built_on, options, compiler, cpuinfo, each
/// without the label OpenSSL_version() puts before it.
nlohmann::json openssl_build();

/// The glibc version this binary runs with, or null elsewhere.
nlohmann::json libc_build_version();

/// hwbench's version, "" when the build did not say.
nlohmann::json hwbench_build_version();

}  // namespace hwbench::runtime::environment
