#include "runtime/import/importer.hpp"

#include "runtime/import/bonnie/bonnie_import.hpp"
#include "runtime/import/nbench/nbench_import.hpp"
#include "runtime/import/openssl/openssl_import.hpp"
#include "runtime/import/unixbench/unixbench_import.hpp"

namespace hwbench::runtime::import {

using bonnie::import_bonnie;
using nbench::import_nbench;
using openssl::import_openssl;
using unixbench::import_unixbench;

const std::vector<Importer>& importers() {
  // Each tool's parser registers here, explicitly, one line each.
  static const std::vector<Importer> table = {
      {"nbench", "BYTEmark / nbench 2.x reports (indices recomputed from iterations/sec)", import_nbench},
      {"bonnie", "bonnie++ 1.03, 1.96/1.97 and 2.00 output: the tables, the CSV line or both, one run or several", import_bonnie},
      {"openssl", "openssl speed's summary, 0.9.8 to 3.x: header lines, the type x block-size table, the sign/verify tables", import_openssl},
      {"unixbench", "BYTE UnixBench text reports: 5.x/6.0 (every run: 1 copy, then N copies) and the 4.1 layout with FINAL SCORE", import_unixbench},
  };
  return table;
}

const Importer* find_importer(std::string_view tool) {
  for (const auto& i : importers())
    if (i.tool == tool) return &i;
  return nullptr;
}

}  // namespace hwbench::runtime::import
