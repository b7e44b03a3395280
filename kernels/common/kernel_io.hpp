#pragma once
// What kernels that work on files share (files, disk, system): a call's parameter values, paths,
// I/O errors, the guard against overwriting a stranger's file, and the interruption flag.
#include <cstddef>
#include <cstdint>
#include <string>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::common {

/// A KernelError "cannot VERB PATH: strerror(err)", e.g. "cannot open /x: No such file or directory".
KernelError io_error(const std::string& verb, const std::string& path, int err);

/// The last component of `path` ("/a/b" -> "b").
std::string base_name(const std::string& path);

/// `dir` joined with `name` by exactly one '/'.
std::string join_path(const std::string& dir, const std::string& name);

/// The size (bytes) parameter `name` of `call`, or `fallback` when the call lacks it.
std::uint64_t size_value(const Call& call, const std::string& name, std::uint64_t fallback);

/// The text of parameter `name` of `call`, or `fallback` when the call lacks it.
std::string text_value(const Call& call, const std::string& name, const std::string& fallback);

/// Throws KernelError when `path` exists but `context.owned` says this run did not create it
/// (a recipe never overwrites a stranger's file). Skipped when `context.owned` is empty.
void refuse_foreign_overwrite(const std::string& path, const Context& context);

/// Whether `context.interrupted` is set.
bool interrupted(const Context& context);

/// Writes all of `data` to `fd` at its file position, retrying short writes and EINTR;
/// throws io_error("write", path, …) on failure.
void write_all(int fd, const unsigned char* data, std::size_t size, const std::string& path);

}  // namespace hwbench::kernels::common
