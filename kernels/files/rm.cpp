// `rm PATH-OR-GLOB`: removes the regular files that match and that this run created. A file the
// run did not create, a directory, or a symlink is never removed, whatever the pattern says.
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include <fmt/format.h>

#include "base/platform/real_file_view.hpp"
#include "kernels/files/files.hpp"

namespace hwbench::kernels::files {

namespace {

class RmKernel : public Kernel {
 public:
  RmKernel(const Call& call, const Context& context) : pattern_(call.args.at(0).path), context_(context) {}

  // The matches are taken when the statement runs, not when it was checked, and only those the
  // run owns are kept; without an ownership rule nothing is owned.
  void prepare() override {
    platform::RealFileView real;
    const platform::FileView& view = context_.files ? *context_.files : real;
    targets_.clear();
    prepared_ = true;
    if (!context_.owned) return;
    for (const auto& path : view.glob(pattern_)) {
      if (!context_.owned(path)) continue;
      // The run's file by name, but reached through a directory swapped for a symlink since: the
      // file there is not the run's.
      if (context_.place_problem)
        if (const std::string why = context_.place_problem(path); !why.empty()) throw KernelError(why);
      targets_.push_back(path);
    }
  }

  Work run(std::uint64_t n) override {
    if (!prepared_) prepare();
    Work work;
    for (std::uint64_t unit = 0; unit < n; ++unit) {
      for (const auto& path : targets_) {
        struct stat st {};
        if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
        if (::unlink(path.c_str()) != 0) {
          if (errno == ENOENT) continue;
          throw common::io_error("remove", path, errno);
        }
        work.ops += 1;
      }
    }
    return work;
  }

 private:
  std::string pattern_;
  Context context_;
  std::vector<std::string> targets_;
  bool prepared_ = false;
};

}  // namespace

KernelSpec rm_spec() {
  KernelSpec spec;
  spec.name = "rm";
  spec.family = "files";
  spec.help = "remove the files matching a path or glob that this run created";
  spec.lineage = "rm -f PATTERN";
  spec.synopsis = "rm PATH-OR-GLOB";
  spec.args = {
      {"PATH", ArgKind::glob, "", "a file, or a pattern with * ? [..] in its last component (\\* for a literal *)"}};
  spec.unit = WorkUnit::operations;
  spec.effects = [](const Call& call, const platform::FileView& view) {
    FileEffects fx;
    const std::string& pattern = call.args.at(0).path;
    const auto slash = pattern.rfind('/');
    if (slash != std::string::npos && platform::has_wildcard(pattern.substr(0, slash))) {
      fx.problems.push_back({fmt::format("cannot remove {}: a wildcard may stand only in the last component", pattern),
                             "name the directory in full, e.g. ramdisk:/*MB_*"});
      return fx;
    }
    if (!platform::has_wildcard(pattern) && view.is_directory(platform::glob_literal(pattern))) {
      fx.problems.push_back(
          {fmt::format("cannot remove {}: it is a directory", pattern),
           fmt::format("rm removes files; to remove those inside it, write {}", common::join_path(pattern, "*"))});
      return fx;
    }
    fx.removes = view.glob(pattern);
    return fx;
  };
  spec.make = [](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<RmKernel>(call, context);
  };
  return spec;
}

}  // namespace hwbench::kernels::files
