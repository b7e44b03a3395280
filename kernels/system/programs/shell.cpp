#include "kernels/system/programs/shell.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include <fmt/format.h>

#include "base/platform/file_descriptor.hpp"
#include "kernels/common/kernel_io.hpp"
#include "kernels/system/common/program.hpp"
#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/programs/program_tests.hpp"
#include "kernels/system/programs/sort_source.hpp"

namespace hwbench::kernels::system {

std::string shell_pipeline(const std::string& source, const ShellFiles& f) {
  return fmt::format(
      "sort >{sorted} <{source}\n"
      "od {sorted} | sort -n -k 1 >{dump}\n"
      "grep the {sorted} | tee {found} | wc >{count}\n",
      fmt::arg("source", source), fmt::arg("sorted", f.sorted), fmt::arg("dump", f.dump), fmt::arg("found", f.found),
      fmt::arg("count", f.count));
}

std::string shell_script(const std::string& source, const std::vector<ShellFiles>& copies) {
  std::string script;
  // File names are letters, digits, '.' and '-', so they sit safely inside single quotes.
  for (const auto& f : copies)
    script +=
        fmt::format("/bin/sh -c '{}rm {} {} {} {}' &\n", shell_pipeline(source, f), f.sorted, f.dump, f.found, f.count);
  return script + "wait\n";
}

namespace {

// Approximate sizes for the checker's space accounting: od writes about five bytes per input byte.
constexpr std::uint64_t dump_size = 48 * 1024;
constexpr std::uint64_t count_size = 64;

struct ShellSetup {
  std::string dir;
  std::string source;  ///< sort.src's name in DIR
  std::vector<ShellFiles> copies;
};

ShellSetup setup_from(const Call& call) {
  ShellSetup s;
  s.dir = call.args.at(0).path;
  s.source = worker_file("sort.src", call);
  const std::uint64_t n = count_value(call, "concurrent", 1);
  for (std::uint64_t k = 1; k <= n; ++k) {
    const std::string tag = std::to_string(k);
    s.copies.push_back({worker_file("sort." + tag, call), worker_file("od." + tag, call),
                        worker_file("grep." + tag, call), worker_file("wc." + tag, call)});
  }
  return s;
}

class ShellKernel : public Kernel {
 public:
  ShellKernel(ShellSetup setup, const Context& context) : setup_(std::move(setup)), context_(context) {}
  ~ShellKernel() override { remove_source(); }

  void prepare() override {
    for (const char* tool : {"sort", "od", "grep", "tee", "wc", "rm"})
      if (find_program(tool).empty())
        throw KernelUnavailable(fmt::format("shell needs {} in PATH (Debian packages coreutils and grep)", tool));
    if (::access("/bin/sh", X_OK) != 0) throw KernelUnavailable("shell needs /bin/sh");
    const std::string path = common::join_path(setup_.dir, setup_.source);
    common::refuse_foreign_overwrite(path, context_);
    platform::FileDescriptor fd = platform::open_file(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (!fd.valid()) throw common::io_error("create", path, errno);
    source_path_ = path;
    const std::string_view text = sort_source();
    common::write_all(fd.get(), reinterpret_cast<const unsigned char*>(text.data()), text.size(), path);
    if (int err = fd.close(); err != 0) throw common::io_error("write", path, err);
    run_.argv = {"/bin/sh", "-c", shell_script(setup_.source, setup_.copies)};
    run_.dir = setup_.dir;
    // UnixBench runs its tests with LANG=en_US.utf8 (sort's collation follows it).
    run_.env_set = {"LANG=en_US.utf8"};
    run_.env_unset = {"LC_ALL", "LC_COLLATE", "LC_CTYPE"};
  }

  Work run(std::uint64_t n) override {
    if (source_path_.empty()) prepare();
    return run_program_units(run_, n, context_, [](const ProgramOutcome& out) {
      // The pipeline's output all goes to files, so any text is an error message.
      return succeeded(out.status) && out.output.empty() ? std::string() : program_failure("shell: the script", out);
    });
  }

  void finish() override { remove_source(); }

 private:
  void remove_source() {
    if (!source_path_.empty()) ::unlink(source_path_.c_str());
    source_path_.clear();
  }

  ShellSetup setup_;
  Context context_;
  ProgramRun run_;
  std::string source_path_;
};

}  // namespace

KernelSpec shell_spec() {
  KernelSpec spec = unixbench_spec(
      "shell",
      "N copies at once of the sort/od/grep/tee/wc pipeline over UnixBench's sort.src in DIR; one unit is one run "
      "of all N (report lpm)",
      "UnixBench shell1/shell8/shell16: Shell Scripts (N concurrent), looper 60 multi.sh N",
      "shell DIR [concurrent N] [worker N]", 60);
  spec.args = {directory_arg("the directory the scripts run in (UnixBench's testdir)")};
  spec.params = {
      count_param("concurrent", "", "1", 1, 1000, "copies of the pipeline run at once (UnixBench: 1, 8 and 16)"),
      worker_param()};
  spec.runs_programs = true;
  spec.effects = [](const Call& call, const platform::FileView& view) {
    FileEffects fx;
    if (refuse_non_directory(call, view, fx)) return fx;
    const ShellSetup s = setup_from(call);
    const std::uint64_t text_size = sort_source().size();
    auto add = [&](const std::string& name, std::uint64_t size) {
      const std::string path = common::join_path(s.dir, name);
      fx.creates.push_back({path, size});
      fx.removes.push_back(path);
    };
    add(s.source, text_size);
    for (const auto& f : s.copies) {
      add(f.sorted, text_size);
      add(f.dump, dump_size);
      add(f.found, text_size);
      add(f.count, count_size);
    }
    return fx;
  };
  spec.make = [](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<ShellKernel>(setup_from(call), context);
  };
  return spec;
}

}  // namespace hwbench::kernels::system
