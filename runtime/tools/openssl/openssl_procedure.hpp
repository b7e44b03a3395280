#pragma once
// `hwbench reproduce` of an `openssl speed` log: exactly the rows and block sizes of its table,
// and the rows of its sign/verify tables, each run by the digest, hmac, cipher or pkey kernel;
// `-multi N` as N copies in parallel; `report openssl` (docs/reproduce.md).
#include <optional>
#include <string>
#include <string_view>

#include "runtime/model/result.hpp"
#include "runtime/record/recipe_writer.hpp"

namespace hwbench::runtime::tools::openssl {

/// The kernel statement that runs a row of openssl speed's symmetric table ("md5",
/// "hmac(md5)", "aes-128 cbc", "des ede3", "AES-128-GCM"), without its block: "digest md5",
/// "hmac md5", "cipher aes-128-cbc".
std::string symmetric_statement(std::string_view row);

/// The kernel statement that runs a row of a key table with `op` ("rsa 2048 bits", "sign"):
/// "pkey rsa bits 2048 sign"; std::nullopt for a row no kernel runs (ecdh, ffdh).
std::optional<std::string> key_statement(std::string_view row, std::string_view op);

/// The name `openssl speed` (3.x) takes for a row ("aes-128 cbc" is aes-128-cbc, "hmac(md5)"
/// hmac, "rsa 2048 bits" with an op rsa2048); "" for a row it does not run (the IGE modes).
std::string speed_algorithm(std::string_view row, std::string_view op);

/// The recipe repeating the `openssl speed` run of `log`, citing the lines of `text`. With
/// `original`, the program itself runs first in a section of its own (`exec openssl speed …
/// import openssl missing skip`), and hwbench's kernels in a section "hwbench" compared with it.
record::Procedure openssl_procedure(const model::Result& log, std::string_view text, const std::string& name,
                                    bool original = false);

/// Gives each series of `part` (openssl speed's own output, imported) the label of the log's
/// series in the same cell, so that 3.x's "des-ede3 16 bytes" meets 0.9.8's "des ede3 16 bytes",
/// and drops the cells the log has none for (3.x's 16384 bytes beside 0.9.8's five sizes).
void relabel_like_log(model::Result& part, const model::Result& log);

}  // namespace hwbench::runtime::tools::openssl
