#pragma once
// The checker's simulation of what each kernel statement does to files, in plan order: reads
// must find a file that exists or that an earlier statement creates; creates may not overwrite
// a file the run did not make and need a writable directory; removes delete only what the run
// created. Each create and remove moves the space ledger.
#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "lang/common/diagnostics.hpp"
#include "lang/recipe/ast.hpp"
#include "runtime/plan/plan.hpp"
#include "runtime/sandbox/locations.hpp"
#include "runtime/sandbox/space_ledger.hpp"
#include "runtime/sandbox/virtual_fs.hpp"

namespace hwbench::runtime::sandbox {

/// Applies kernel statements' file effects to the simulated file system.
class FileSimulation {
 public:
  FileSimulation(VirtualFs& vfs, SpaceLedger& space, lang::Diagnostics& diags)
      : vfs_(vfs), space_(space), diags_(diags) {}

  /// Applies the effects of statement `s`, bound as `ks`: errors for forbidden writes and
  /// removals, each created file appended to `creates`. Leaves in ks.effects.removes only the
  /// files the run created (the only ones rm deletes), and the others in ks.effects.spared.
  void apply(plan::KernelStep& ks, const lang::recipe::Stmt& s, const PathResolver& resolver,
             std::vector<plan::PlannedFile>& creates);
  /// One error per statement that read a file neither there nor created before it, and one per
  /// missing directory that statements write in (at the first, the others named in its hint).
  void report_missing();

 private:
  /// A statement's unmet reads: the first one named, the others counted.
  struct Missing {
    lang::SourceLoc loc;
    std::string path, written, kernel;
    std::size_t count = 0;
  };

  /// A directory that does not exist but that statements write in: the first such statement,
  /// how many files, and the lines of the others.
  struct MissingDir {
    std::string dir, first_file;
    std::string location;  ///< the recipe's location whose directory it is, "" for a literal one
    lang::SourceLoc loc;
    std::uint32_t width = 0;
    std::set<std::string> files;
    std::vector<std::uint32_t> other_lines;
  };

  void create(const kernels::FileEffects::Create& c, const lang::recipe::Stmt& s, const PathResolver& resolver,
              std::vector<plan::PlannedFile>& creates);

  VirtualFs& vfs_;
  SpaceLedger& space_;
  lang::Diagnostics& diags_;
  /// Why a directory refuses new files (an errno, 0 when it accepts them), asked once each.
  int write_refusal(const std::string& dir);

  std::map<std::size_t, Missing> missing_;  ///< by the statement's offset in the source
  std::vector<MissingDir> missing_dirs_;    ///< in the order the recipe first needs them
  std::map<std::string, int> write_refusals_;
};

}  // namespace hwbench::runtime::sandbox
