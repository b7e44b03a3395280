#pragma once
// Named locations and the safety rules for every path a recipe names.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "base/platform/probe.hpp"
#include "runtime/model/result.hpp"

namespace hwbench::runtime::sandbox {

/// A location: a directory a recipe may write in.
struct Location {
  std::string name;
  std::string path;  ///< absolute, normalised
  bool builtin = false;
  bool create = false;      ///< a built-in directory that the run creates when missing
  std::string unavailable;  ///< why a built-in has no usable default here ("" when it has)
  std::string unavailable_hint;
  /// `unavailable` for this machine's file systems (a built-in's default on no tmpfs), not for
  /// what the recipe or the command line says.
  bool unavailable_here = false;
};

/// A path after resolution.
struct ResolvedPath {
  std::string display;   ///< as written after interpolation: "ramdisk:/10m_1"
  std::string path;      ///< absolute and normalised
  std::string location;  ///< "" for a literal path
};

/// A refusal, with a hint.
struct PathError {
  std::string message;
  std::string hint;
  bool location_unavailable = false;  ///< a built-in location this machine has no default for
  /// The refusal comes from this machine (what its file system holds: a symlink, a device, a
  /// directory or none, a built-in location without a default), not from the path's text.
  bool about_machine = false;
};

/// The built-in locations with their defaults on `machine`: ramdisk, disk, tmp.
std::vector<Location> builtin_locations(const std::string& cwd, const platform::MachineProbe& machine);

/// Lexically normalises an absolute path ("/a/./b//c/" -> "/a/b/c"); ".." pops a component.
std::string normalize_path(std::string_view path);

/// The directory holding the absolute path `path`: "/a/b" -> "/a", "/a" -> "/".
std::string parent_of(std::string_view path);

/// Where `path` really is, its symbolic links followed; "" when they cannot be followed (a loop,
/// a real path past PATH_MAX); a path that does not exist is its own place.
std::string real_place(const std::string& path);

/// Whether `path` is `root` or below it (both normalised).
bool path_within(std::string_view path, std::string_view root);

/// Resolves paths written in a recipe and refuses those the safety rules forbid.
class PathResolver {
 public:
  /// `remaps` are -L arguments whose name starts with '/': a literal path prefix and its replacement.
  PathResolver(std::vector<Location> locations, std::vector<std::pair<std::string, std::string>> remaps,
               std::string cwd);

  /// Resolves `text` ("NAME:/rest", "NAME:", "/abs", "./rel", "../rel").
  /// `write` asks for a place to create or delete files. Returns the error otherwise.
  std::optional<ResolvedPath> resolve(std::string_view text, bool write, PathError& error) const;

  /// Re-checks an already resolved absolute path at run time (a symlink may have appeared).
  std::optional<PathError> recheck(const ResolvedPath& path, bool write) const;

  /// The location called `name`, or nullptr.
  const Location* find(const std::string& name) const;
  /// Every location name, for did-you-mean.
  std::vector<std::string> names() const;
  /// Every location.
  const std::vector<Location>& locations() const { return locations_; }
  /// Whether a path resolved so far named the location `name`, or lay under the remapped
  /// prefix `name` (an -L /DIR=PATH): an -L that nothing used is told.
  bool used(const std::string& name) const { return used_.count(name) != 0; }

  /// While on, what the checks learn about existing directories (where a path's nearest
  /// existing ancestor is, where its symlinks lead) is looked up once per directory: the checker
  /// takes the file system to stand still while it walks a recipe. Off (the default, and at run
  /// time) every check asks the file system again.
  void remember_directories(bool on);

  /// Keeps the real place of every location as it is now (the end of the check): a location that
  /// is a symlink, or lies under one, repointed during the run then no longer holds its paths
  /// (recheck says they leave it), rather than taking the run's writes and removals elsewhere.
  void pin_roots();

 private:
  std::optional<PathError> check_place(const std::string& path, const std::string& root, bool write) const;
  /// The deepest of `path` and its ancestors that exists.
  std::string nearest_existing(const std::string& path) const;
  /// `path` with every symlink resolved; `path` itself when it cannot be resolved.
  std::string real(const std::string& path) const;

  bool remember_ = false;
  mutable std::map<std::string, std::string> nearest_;  ///< directory → nearest existing
  mutable std::map<std::string, std::string> real_;     ///< existing path → real path
  std::vector<Location> locations_;
  std::vector<std::pair<std::string, std::string>> remaps_;
  std::string cwd_;
  mutable std::set<std::string> used_;         ///< location names and remapped prefixes resolved through
  std::map<std::string, std::string> pinned_;  ///< location path → its real place at pin_roots()
};

/// Whether `path` lies in a system directory that no recipe may touch.
bool is_system_path(std::string_view path);

/// Why a data file a recipe names (a baseline, a result to compare with) may not be read: it is
/// not a regular file (a device, a FIFO: reading could block or never end), or it is, or leads
/// through a symlink to, a file in a system directory such as /proc/self/mem. "" when it may be
/// read or does not exist (the loader then says so).
std::string data_file_problem(const std::string& path);

}  // namespace hwbench::runtime::sandbox
