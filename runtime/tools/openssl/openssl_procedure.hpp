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

/// The recipe repeating the `openssl speed` run of `log`, citing the lines of `text`.
record::Procedure openssl_procedure(const model::Result& log, std::string_view text, const std::string& name);

}  // namespace hwbench::runtime::tools::openssl
