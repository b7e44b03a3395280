// libFuzzer target: parse + check + plan printing of an arbitrary recipe text, the way
// `hwbench check` treats a file from a stranger. Built only with -DHWBENCH_FUZZ=ON (scripts/fuzz).
//
// The world the checker sees is made harmless: every built-in location is a fresh directory
// under one temporary directory (removed at exit), the recipe's own directory is that
// directory too (with copies of specs/baselines and specs/published), and exec is not allowed. The checker itself only looks at files (stat,
// realpath, directory listings, reading baseline and compare files), so nothing here writes
// outside the temporary directory.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "base/platform/real_file_view.hpp"
#include "kernels/builtin/builtin.hpp"
#include "lang/recipe/parser.hpp"
#include "runtime/check/checker.hpp"
#include "runtime/plan/plan_printer.hpp"

namespace {

/// The fuzzer's sandbox: a temporary directory holding the three built-in locations.
struct Sandbox {
  Sandbox() : registry(hwbench::kernels::builtin::builtin_registry()) {
    std::string tmpl = "/tmp/hwbench-fuzz-XXXXXX";
    if (::mkdtemp(tmpl.data()) == nullptr) std::abort();
    root = tmpl;
    for (const char* name : {"ramdisk", "disk", "tmp"}) std::filesystem::create_directory(root + "/" + name);
    // The shipped baselines and published results, where the specs' relative names find them.
    const std::string specs = std::string(HWBENCH_SOURCE_DIR) + "/specs";
    for (const char* dir : {"baselines", "published"})
      std::filesystem::copy(specs + "/" + dir, root + "/" + dir, std::filesystem::copy_options::recursive);
    options.registry = &registry;
    options.allow_exec = false;
    options.cwd = root;
    options.files = &files;
    options.builtins = {{"ramdisk", root + "/ramdisk", true, false, {}, {}},
                        {"disk", root + "/disk", true, false, {}, {}},
                        {"tmp", root + "/tmp", true, false, {}, {}}};
  }
  ~Sandbox() {
    std::error_code ec;
    std::filesystem::remove_all(root, ec);
  }
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  std::string root;
  hwbench::kernels::Registry registry;
  hwbench::platform::RealFileView files;
  hwbench::runtime::check::CheckOptions options;
};

Sandbox& sandbox() {
  static Sandbox box;
  return box;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Sandbox& box = sandbox();
  hwbench::lang::Source source{"fuzz.bench", std::string(reinterpret_cast<const char*>(data), size)};
  hwbench::lang::Diagnostics diags;
  std::ostringstream out;
  if (auto recipe = hwbench::lang::recipe::parse(source, diags)) {
    if (auto checked = hwbench::runtime::check::check(*recipe, source, box.options, diags))
      hwbench::runtime::plan::print_plan(checked->plan, out);
  }
  diags.render(source, out);
  return 0;
}
