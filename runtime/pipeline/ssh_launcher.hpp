#pragma once
// The launcher for other hosts over OpenSSH (docs/remote.md): the hosts gathered (--host, a
// fleet file), the recipe checked here for the files it names, one session per host (side by
// side, or one after another with `serial`), each host's result file written here.
#include <memory>
#include <string>
#include <vector>

#include "runtime/pipeline/launcher.hpp"

namespace hwbench::runtime::pipeline {

/// The hosts to run on.
struct SshHosts {
  std::vector<std::string> destinations;  ///< --host DEST, in order
  std::string fleet_file;                 ///< --hosts FLEET.toml
};

/// A launcher that runs recipes on `hosts`: the fleet file's, then each --host's.
std::unique_ptr<Launcher> ssh_launcher(SshHosts hosts);

}  // namespace hwbench::runtime::pipeline
