#include "runtime/sandbox/file_simulation.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/platform/real_file_view.hpp"

namespace hwbench::runtime::sandbox {

namespace {

/// How a diagnostic names `path`: as written in the call, with its resolution when they differ.
std::string display_for(const plan::KernelStep& ks, const std::string& path) {
  for (const auto& a : ks.call.args)
    if (a.path == path && a.text != a.path) return fmt::format("'{}' ({})", a.text, a.path);
  return fmt::format("'{}'", path);
}

}  // namespace

void FileSimulation::apply(plan::KernelStep& ks, const lang::recipe::Stmt& s, const PathResolver& resolver,
                           std::vector<plan::PlannedFile>& creates) {
  auto& fx = ks.effects;
  for (const auto& p : fx.problems)
    diags_.error(s.loc, fmt::format("{}: {}", s.name, p.message), p.hint, static_cast<std::uint32_t>(s.name.size()));
  for (const auto& r : fx.reads) {
    if (vfs_.exists(r)) continue;
    auto& m = missing_[s.loc.offset];
    if (m.count++ == 0) {
      m.loc = s.loc;
      m.path = display_for(ks, r);
      m.written = r;
      for (const auto& a : ks.call.args)
        if (a.path == r) m.written = a.text;
      m.kernel = s.name;
    }
  }
  for (const auto& c : fx.creates) create(c, s, resolver, creates);
  std::vector<std::string> kept;
  for (const auto& r : fx.removes) {
    if (!vfs_.created(r)) {  // rm only ever deletes what the run created
      fx.spared.push_back(r);
      continue;
    }
    space_.account(parent_of(r), -static_cast<std::int64_t>(vfs_.file_size(r).value_or(0)), s.loc);
    vfs_.remove(r);
    kept.push_back(r);
  }
  if (s.name == "rm" && !ks.call.args.empty()) {
    const std::string& pattern = ks.call.args[0].path;
    // A pattern without a wildcard names one file (its escapes resolved: `a\*b` is `a*b`).
    const bool wildcard = platform::has_wildcard(pattern);
    const std::string named = platform::glob_literal(pattern);
    // A directory has rm's own error ("it is a directory"): not a file the run did not create.
    if (!wildcard && kept.empty() && vfs_.exists(named) && !vfs_.is_directory(named))
      diags_.machine_error(
          s.loc, fmt::format("'{}' was not created by this run, so rm will not delete it", ks.call.args[0].text),
          "hwbench deletes only files that the same run created", 2);
  }
  fx.removes = std::move(kept);
  std::sort(fx.spared.begin(), fx.spared.end());
}

void FileSimulation::create(const kernels::FileEffects::Create& c, const lang::recipe::Stmt& s,
                            const PathResolver& resolver, std::vector<plan::PlannedFile>& creates) {
  const auto name_width = static_cast<std::uint32_t>(s.name.size());
  if (vfs_.exists(c.path) && !vfs_.ever_created(c.path)) {
    if (vfs_.is_directory(c.path))
      diags_.machine_error(s.loc, fmt::format("'{}' is a directory, not a file to write", c.path), {}, 1);
    else
      diags_.machine_error(s.loc, fmt::format("'{}' already exists and this run did not create it", c.path),
                           "hwbench never overwrites a file it did not create: remove it, or write to another name",
                           name_width);
    return;
  }
  const std::string dir = parent_of(c.path);
  bool planned_dir = false;
  for (const auto& l : resolver.locations())
    if (l.create && l.path == dir) planned_dir = true;
  if (!planned_dir && !vfs_.is_directory(dir)) {
    if (!vfs_.exists(dir)) {
      // One cause, one error (report_missing): the file is taken as made, so that what reads or
      // probes it later does not add errors of its own.
      auto it =
          std::find_if(missing_dirs_.begin(), missing_dirs_.end(), [&](const MissingDir& m) { return m.dir == dir; });
      if (it == missing_dirs_.end()) {
        it = missing_dirs_.insert(missing_dirs_.end(), MissingDir{dir, c.path, "", s.loc, name_width, {}, {}});
        for (const auto& l : resolver.locations())
          if (!l.builtin && l.path == dir) it->location = l.name;
      } else if (s.loc.line != it->loc.line &&
                 std::find(it->other_lines.begin(), it->other_lines.end(), s.loc.line) == it->other_lines.end())
        it->other_lines.push_back(s.loc.line);
      it->files.insert(c.path);
      vfs_.create(c.path, c.size);
      creates.push_back({c.path, c.size});
    } else {
      diags_.machine_error(s.loc, fmt::format("'{}' is not a directory (needed for '{}')", dir, c.path), {},
                           name_width);
    }
    return;
  }
  if (!planned_dir && write_refusal(dir) != 0) {
    // A read-only mount refuses root too; calling it a permission problem would mislead.
    const char* why = write_refusal(dir) == EROFS ? "it is on a read-only file system" : "permission denied";
    diags_.machine_error(s.loc, fmt::format("cannot write in '{}': {}", dir, why),
                         "choose a directory you may write in, or map it with -L", name_width);
    return;
  }
  const std::uint64_t replaced = vfs_.created(c.path) ? vfs_.file_size(c.path).value_or(0) : 0;
  space_.account(dir, static_cast<std::int64_t>(c.size) - static_cast<std::int64_t>(replaced), s.loc);
  vfs_.create(c.path, c.size);
  creates.push_back({c.path, c.size});
}

int FileSimulation::write_refusal(const std::string& dir) {
  auto it = write_refusals_.find(dir);
  if (it == write_refusals_.end())
    it = write_refusals_.emplace(dir, ::access(dir.c_str(), W_OK) == 0 ? 0 : errno).first;
  return it->second;
}

void FileSimulation::report_missing() {
  for (const auto& m : missing_dirs_) {
    std::string needed = fmt::format("'{}'", m.first_file);
    if (m.files.size() > 1)
      needed += fmt::format(" and {} more file{}", m.files.size() - 1, m.files.size() == 2 ? "" : "s");
    // The -L that maps it: the location's name when it is one's directory, else the literal path.
    std::string hint = fmt::format("create it first (mkdir -p {}), or map it to another directory with -L {}=DIR",
                                   m.dir, m.location.empty() ? m.dir : m.location);
    if (!m.other_lines.empty()) {
      std::vector<std::string> lines;
      for (auto line : m.other_lines) lines.push_back(std::to_string(line));
      hint += fmt::format("; the statement{} on line{} {} write{} there too", m.other_lines.size() == 1 ? "" : "s",
                          m.other_lines.size() == 1 ? "" : "s", fmt::format("{}", fmt::join(lines, ", ")),
                          m.other_lines.size() == 1 ? "s" : "");
    }
    diags_.machine_error(m.loc, fmt::format("the directory '{}' does not exist (needed for {})", m.dir, needed), hint,
                         m.width);
  }
  for (const auto& [offset, m] : missing_) {
    std::string message =
        fmt::format("{} reads {}, which does not exist, and nothing before it creates it", m.kernel, m.path);
    if (m.count > 1) message += fmt::format(" ({} more like it)", m.count - 1);
    diags_.machine_error(
        m.loc, message,
        fmt::format("create it in setup, e.g. setup {{ write {} size 10MB }}, or copy it there first", m.written),
        static_cast<std::uint32_t>(m.kernel.size()));
  }
}

}  // namespace hwbench::runtime::sandbox
