#pragma once
// A recipe environment for tests: the three built-in locations in fresh temporary directories,
// and helpers that parse + check a recipe text and render its diagnostics with the temporary
// paths replaced by $RAM, $DISK and $TMP so that expected texts can be exact.
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "base/platform/real_file_view.hpp"
#include "kernels/builtin/builtin.hpp"
#include "lang/recipe/parser.hpp"
#include "runtime/check/checker.hpp"
#include "tests/support/fake_machine.hpp"
#include "tests/support/temp_dir.hpp"

namespace hwbench::test {

/// Replaces every occurrence of `from` in `text` by `to`.
inline std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  for (std::size_t pos = 0; (pos = text.find(from, pos)) != std::string::npos; pos += to.size())
    text.replace(pos, from.size(), to);
  return text;
}

/// The outcome of checking a recipe text.
struct Checked {
  std::string diagnostics;  ///< rendered, placeholders substituted
  std::optional<runtime::check::CheckedRecipe> recipe;
};

/// Built-in locations in temporary directories: ramdisk on /dev/shm, disk and tmp under /tmp.
class RecipeEnv {
 public:
  RecipeEnv() : ram_("/dev/shm"), disk_("/tmp"), tmp_("/tmp"), registry_(kernels::builtin::builtin_registry()) {}

  const std::string& ram() const { return ram_.path(); }
  const std::string& disk() const { return disk_.path(); }
  const std::string& tmp() const { return tmp_.path(); }
  kernels::Registry& registry() { return registry_; }

  /// The machine the recipes are checked for: this one unless a test installs a fake.
  std::shared_ptr<const platform::MachineProbe> machine = std::make_shared<platform::RealMachineProbe>();
  /// --set NAME=VALUE for the next checks.
  std::vector<std::pair<std::string, std::string>> settings;

  /// Checks against a FakeMachine from now on (made on the first call), which the caller adjusts.
  FakeMachine& fake_machine() {
    if (!fake_) {
      fake_ = std::make_shared<FakeMachine>();
      machine = fake_;
    }
    return *fake_;
  }

  /// Parses and checks `text` as the file "t.bench".
  Checked check(const std::string& text, std::vector<std::pair<std::string, std::string>> overrides = {},
                bool allow_exec = false) {
    lang::Source source{"t.bench", text};
    lang::Diagnostics diags;
    Checked out;
    auto recipe = lang::recipe::parse(source, diags);
    if (recipe) {
      runtime::check::CheckOptions opts;
      opts.registry = &registry_;
      opts.overrides = std::move(overrides);
      opts.allow_exec = allow_exec;
      opts.settings = settings;
      opts.machine = machine;
      opts.cwd = disk_.path();
      opts.files = &files_;
      opts.builtins = {{"ramdisk", ram_.path(), true, false, {}, {}},
                       {"disk", disk_.path(), true, false, {}, {}},
                       {"tmp", tmp_.path(), true, false, {}, {}}};
      out.recipe = runtime::check::check(*recipe, source, opts, diags);
    }
    std::ostringstream ss;
    diags.render(source, ss);
    out.diagnostics = substitute(ss.str());
    return out;
  }

  /// Replaces the temporary paths in `text` by $RAM, $DISK and $TMP.
  std::string substitute(std::string text) const {
    text = replace_all(text, ram_.path(), "$RAM");
    text = replace_all(text, disk_.path(), "$DISK");
    return replace_all(text, tmp_.path(), "$TMP");
  }

 private:
  TempDir ram_, disk_, tmp_;
  kernels::Registry registry_;
  platform::RealFileView files_;
  std::shared_ptr<FakeMachine> fake_;
};

}  // namespace hwbench::test
