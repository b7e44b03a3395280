#pragma once
// `report openssl`: `openssl speed`'s summary. The version and build lines (from the result's
// OpensslBuild, openssl_build.hpp), "The 'numbers' are in 1000s of bytes per second processed.", the
// type x block-size table (`%-13s` names, ` %11.2fk` figures, 0.00 where nothing ran), then the
// sign/verify tables (rsa, dsa, and ecdsa, EdDSA, ecdh, ffdh where present). A log of
// `openssl speed -multi N` (3.x) printed its rows without the two heading lines; its import says
// so with OpensslBuild::heading false (and multi = N), and so does the report.
//
// Which cell a series fills: a series run here by the digest, hmac, cipher or pkey kernel is
// placed by its samples' parameters (ALG, block, decrypt, bits, op); any other series (an
// imported log, a `parallel` block, a series recorded as unavailable) by its label:
// "ROW BLOCK bytes" for the symmetric table ("md5 16 bytes", "hmac(md5) 64 bytes",
// "aes-128 cbc 8192 bytes") and "ROW sign", "ROW verify" or "ROW op" for the key tables
// ("rsa 2048 bits sign", "256 bits ecdsa (nistp256) verify"); see docs/published-format.md.
// A row is printed under the name its log printed it (OpensslBuild::row_names: 3.x's "des-ede3"
// for the label's "des ede3"), else under its label's.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/model/result.hpp"
#include "runtime/tools/openssl/openssl_build.hpp"

namespace hwbench::runtime::tools::openssl {

/// Where a series belongs in openssl speed's tables.
struct OpensslCell {
  std::string row;          ///< "md5", "aes-128 cbc", "rsa 2048 bits" (spaces collapsed)
  std::uint64_t block = 0;  ///< symmetric table: bytes per operation; 0 in a key table
  std::string op;           ///< key tables: "sign", "verify" or "op"; "" in the symmetric table
};

/// The cell of `series`: from its samples' kernel and parameters, else from its label;
/// std::nullopt when it belongs to neither table.
std::optional<OpensslCell> openssl_cell(const model::Series& series);

/// The cell a label names by the label convention ("md5 16 bytes", "rsa 2048 bits sign"), whatever
/// made its series; std::nullopt when it names none.
std::optional<OpensslCell> openssl_label_cell(const std::string& label);

/// The label convention: "md5 16 bytes", "rsa 2048 bits sign".
std::string openssl_label(const OpensslCell& cell);

/// One figure of a table.
struct OpensslFigure {
  bool available = false;         ///< false: nothing ran (openssl prints 0.00)
  double value = 0;               ///< 1000s of bytes per second (symmetric) or operations per second (keys)
  std::optional<bool> printed_k;  ///< a published symmetric figure: whether the log printed it with `k`
  std::optional<double> seconds;  ///< a published key figure: the seconds per operation the log printed
};

/// A row of the symmetric table.
struct OpensslRow {
  std::string name;
  std::vector<OpensslFigure> figures;  ///< one per OpensslTables::blocks
};

/// A row of a key table.
struct OpensslKeyRow {
  std::string name;     ///< "rsa 2048 bits"
  bool single = false;  ///< an `op  op/s` table (ecdh, ffdh): `sign` holds the one figure
  OpensslFigure sign;
  OpensslFigure verify;
};

/// Everything `report openssl` prints, already computed.
struct OpensslTables {
  std::optional<OpensslBuild> build;          ///< what the result keeps of openssl's build (openssl_build.hpp)
  std::vector<std::uint64_t> blocks;          ///< the symmetric table's columns, ascending
  std::vector<OpensslRow> rows;               ///< in order of first appearance
  std::vector<OpensslKeyRow> key_rows;        ///< grouped by table (rsa, dsa, …) in order of first appearance
  std::vector<model::ReportFigures> figures;  ///< one per series placed, in the result's order (k or ops/s)
};

/// The aggregate stage: each placed series' mean figure (k or ops/s) in its cell.
OpensslTables openssl_tables(const model::Result& result);

/// The format stage: the summary exactly as `openssl speed` prints it (0.9.8's header lines for
/// a library before 3.0, 3.x's `version:` lines otherwise).
std::string format_openssl(const OpensslTables& tables);

/// openssl_tables then format_openssl, with the figures of every placed series.
model::RenderedReport render_openssl_report(const model::Result& result, const model::ReportSpec& spec);

}  // namespace hwbench::runtime::tools::openssl
