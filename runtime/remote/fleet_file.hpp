#pragma once
// The hosts of a run on other machines: `--host DEST` on the command line, or a fleet file
// (`--hosts FLEET.toml`, docs/remote.md) with settings of each host's own:
//
//     [[host]]
//     name = "nas"                          # in messages and result file names (default: ssh)
//     ssh = "admin@nas.local"               # what `ssh` accepts: user@host, an ssh_config alias
//     locations = { disk = "/mnt/disk1/test", "/st1/test" = "/mnt/disk1/st1" }   # -L NAME=PATH
//     dist = "/home/me/hwbench/dist"        # where the static binaries are (default: --dist's)
//     cache = "/var/tmp/hwbench-cache"      # the binary cache on the host (default ~/.cache/hwbench)
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::runtime::remote {

/// One host of a run.
struct Host {
  std::string name;                    ///< in messages, headings and result file names
  std::string destination;             ///< the ssh destination
  std::vector<std::string> locations;  ///< NAME=PATH, as -L takes them, given to the run on that host
  std::string dist;                    ///< the directory of static binaries for it; "" for the command's
  std::string cache;                   ///< its binary cache directory; "" for ${XDG_CACHE_HOME:-$HOME/.cache}/hwbench
};

/// Why `destination` cannot be given to ssh ("" when it can): empty, or starting with `-`
/// (ssh would read it as an option).
std::string destination_problem(const std::string& destination);

/// `name` made fit for a file name: each character other than letters, digits and `._@-` becomes `_`.
std::string file_name_part(std::string_view name);

/// The hosts of fleet file text `text` (named `name` in messages); on any problem nothing, and
/// every problem in `error` as `FILE:LINE:COL: error: …` lines.
std::optional<std::vector<Host>> parse_fleet(std::string_view text, const std::string& name, std::string& error);

/// parse_fleet on the file at `path`.
std::optional<std::vector<Host>> load_fleet(const std::string& path, std::string& error);

}  // namespace hwbench::runtime::remote
