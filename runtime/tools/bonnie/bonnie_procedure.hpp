#pragma once
// `hwbench reproduce` of a bonnie++ log: the tests the log shows, with its file size, chunk size,
// `-n` files, largest and smallest file and directories, concurrency, seeks and seed, from its
// CSV line (or its table), on the `disk` location, and `report bonnie` (docs/reproduce.md).
// A file under twice this machine's RAM would be served by the page cache: the recipe says so
// and evicts the file before each reading test, unless `--set cache=keep` asks for the page
// cache's figures (or `--set size=0` for bonnie++'s own size rule).
#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/model/result.hpp"
#include "runtime/record/recipe_writer.hpp"

namespace hwbench::runtime::tools::bonnie {

/// A bonnie++ size field as a recipe size: "512M" is "512MiB", "4G" "4GiB", "16k" "16KiB", a
/// bare number of MiB (-s 512) "512MiB" when `bare_mib`, of bytes otherwise; "" for "".
std::string recipe_size(const std::string& field, bool bare_mib);

/// The recipe repeating the first bonnie++ run of `log`, citing the lines of `text`;
/// `ram_bytes` is this machine's RAM (0: unknown). With `original`, bonnie++ itself runs first in
/// a section of its own (`exec bonnie++ … import bonnie missing skip`, with `-u root` when `root`),
/// and hwbench's kernels in a section "hwbench" compared with it.
record::Procedure bonnie_procedure(const model::Result& log, std::string_view text, const std::string& name,
                                   std::uint64_t ram_bytes, bool original = false, bool root = false);

}  // namespace hwbench::runtime::tools::bonnie
