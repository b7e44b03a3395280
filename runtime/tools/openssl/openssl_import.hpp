#pragma once
// `hwbench import openssl LOG`: the summary `openssl speed` printed, from 0.9.8 to 3.x, as a
// published Result that `report openssl` renders back line for line.
//
// The Result: environment["openssl"] from the header lines (version, built_on, options,
// compiler, and cpuinfo or 0.9.8's timing_options and timing_function; with `-multi N`, "multi":
// N, and "heading": false when the summary printed its rows without "The 'numbers' …" and
// "type …", the block sizes then read from the children's relayed "+H" records); one series per table
// cell, labelled as runtime/tools/openssl/openssl_report.hpp describes ("md5 16 bytes",
// "rsa 2048 bits sign") with hwbench's name for the row's algorithm, whichever name this openssl
// printed (3.x's "des-ede3", -evp's "AES-128-CBC": "des ede3", "aes-128 cbc"; 1.x's "256 bit
// ecdsa": "256 bits ecdsa"), the names printed kept in environment["openssl"]["row_names"] for
// the report (two rows of one algorithm in one log keep theirs), each with one sample whose figure is the printed one: `k` (or `B/s` for
// a figure openssl printed without the k), `ops/s` for a key operation with the printed seconds
// per operation as its `mean` in `s`; a cell printed as 0.00 is a series marked unavailable,
// without samples, its unavailable_unit its table's (k, or ops/s). One `report openssl`. The
// log's text is kept as the record's source, and a `$ openssl speed …` line, if the log shows
// one, becomes its note.
#include <optional>
#include <string>
#include <string_view>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::tools::openssl {

/// Reads an `openssl speed` log. Progress lines ("Doing md5 for 3s…", `-mr` records, `-multi`'s
/// "Got: … from N"), blank lines and shell prompts are skipped; any other line must belong to
/// the summary. On failure returns std::nullopt and sets `error` to `NAME:LINE: error: …` lines.
std::optional<model::Result> import_openssl(std::string_view text, const std::string& name, std::string& error);

}  // namespace hwbench::runtime::tools::openssl
