// openssl speed's columns under a comparison (tools::openssl::openssl_compare_notes): a result
// whose table has no column of a block size another result's has (an 0.9.8 log beside 3.x's
// 16384 bytes) gets a note naming those columns, under the table a recipe's `compare with`
// prints and under `hwbench compare`'s.
#include "runtime/tools/openssl/openssl_compare.hpp"

#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/pipeline/render.hpp"
#include "runtime/record/published.hpp"
#include "runtime/tools/openssl/openssl_import.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/temp_dir.hpp"

namespace rt = hwbench::runtime;
namespace test = hwbench::test;

namespace {

/// The published log: 0.9.8's five block sizes, a row it printed as 0.00, a key row.
const char* const printed_098 = R"(OpenSSL 0.9.8g 19 Oct 2007
The 'numbers' are in 1000s of bytes per second processed.
type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes
md5               3791.55k    13232.52k    38205.95k    71293.95k    93825.71k
blowfish cbc     18632.95k    20393.44k    20644.35k    20802.90k    20815.87k
camellia-128 cbc        0.00         0.00         0.00         0.00         0.00
                  sign    verify    sign/s verify/s
rsa  512 bits 0.002972s 0.000249s    336.5   4017.5
)";

/// What openssl speed 3.x printed here for the same rows: 3.x's names, and 16384 bytes.
const char* const printed_3x = R"(version: 3.0.22
The 'numbers' are in 1000s of bytes per second processed.
type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes
md5              43523.55k   153724.96k   275091.71k   394792.96k   482238.46k   487129.09k
blowfish         95021.40k   102310.12k   104127.83k   104660.65k   104813.23k   104830.98k
camellia-128-cbc    92220.82k   148262.78k   171204.01k   178534.40k   180398.08k   180535.30k
                  sign    verify    sign/s verify/s
rsa  512 bits 0.000043s 0.000002s  22989.0 428917.0
)";

rt::model::Result log_result(const std::string& text, const std::string& name) {
  std::string error;
  auto result = rt::tools::openssl::import_openssl(text, name, error);
  INFO(error);
  REQUIRE(result.has_value());
  return *result;
}

}  // namespace

TEST_CASE("openssl compare: golden, a recipe's compare with an 0.9.8 log notes the column it never had") {
  test::TempDir dir;
  test::write_text(dir / "x20.toml", rt::record::write_published(log_result(printed_098, "x20.txt")));
  // The run's side: what a command step's `import openssl` keeps of openssl speed 3.x.
  rt::model::Result run = log_result(printed_3x, "speed.txt");
  rt::model::ReportSpec compare;
  compare.style.layout = rt::model::ReportLayout::compare;
  compare.options["with"] = dir / "x20.toml";
  run.reports = {compare};
  // At `hwbench run`'s width on a pipe: the note is wrapped, its second line under its text.
  const std::string text = rt::pipeline::render_result(run, {rt::report::Format::text, 80}).text;
  CHECK(text == test::golden("compare-openssl-columns.txt", text));
  CHECK(text.find("\n- 16384 bytes: x20 has no such column (its table has 16, 64, 256, 1024 and 8192\n"
                  "  bytes), so its cells there are -\n") != std::string::npos);
  // In CSV and Markdown nothing is cut: the note stays one line.
  const std::string csv = rt::pipeline::render_result(run, {rt::report::Format::csv, 80}).text;
  CHECK(csv.find("8192 bytes), so its cells there are -\n") != std::string::npos);
}

TEST_CASE("openssl compare: hwbench compare notes the columns a result lacks, either side first") {
  test::TempDir dir;
  test::write_text(dir / "x20.toml", rt::record::write_published(log_result(printed_098, "x20.txt")));
  test::write_text(dir / "speed.toml", rt::record::write_published(log_result(printed_3x, "speed.txt")));
  // On a pipe the width is 80 columns, and the note is wrapped to it; --width 0 keeps it one line.
  const std::string wrapped =
      "\n- 16384 bytes: x20 has no such column (its table has 16, 64, 256, 1024 and 8192\n"
      "  bytes), so its cells there are -\n";
  const std::string whole =
      "\n- 16384 bytes: x20 has no such column (its table has 16, 64, 256, 1024 and 8192 bytes), so its cells there "
      "are -\n";
  for (const auto& order : {std::vector<std::string>{"compare", dir / "x20.toml", dir / "speed.toml"},
                            std::vector<std::string>{"compare", dir / "speed.toml", dir / "x20.toml"}}) {
    const auto compared = test::cli(order);
    INFO(compared.out);
    INFO(compared.err);
    REQUIRE(compared.code == 0);
    CHECK(compared.out.find(wrapped) != std::string::npos);
    std::vector<std::string> unlimited = order;
    unlimited.insert(unlimited.end(), {"--width", "0"});
    const auto one_line = test::cli(unlimited);
    REQUIRE(one_line.code == 0);
    CHECK(one_line.out.find(whole) != std::string::npos);
    // The 3.x table has every column the log has: nothing is said of it.
    CHECK(compared.out.find(": speed has no such column") == std::string::npos);
  }
}

TEST_CASE("openssl compare: rows of other tools, key rows and labels past 64 bits get no note") {
  rt::analysis::Comparison c;
  c.names = {"A", "B"};
  const auto row = [](const std::string& label, rt::analysis::CellState a, rt::analysis::CellState b) {
    rt::analysis::CompareRow r;
    r.label = label;
    r.figures.resize(2);
    r.figures[0].state = a;
    r.figures[1].state = b;
    return r;
  };
  using State = rt::analysis::CellState;
  c.rows = {row("read 10MB", State::figure, State::missing), row("rsa 512 bits sign", State::figure, State::missing),
            row("x 99999999999999999999999 bytes", State::missing, State::figure)};
  CHECK(rt::tools::openssl::openssl_compare_notes(c).empty());
  // A row B has none of, of a size B's table has: a row, not a column, it lacks.
  c.rows = {row("md5 16 bytes", State::figure, State::figure), row("sha1 16 bytes", State::figure, State::missing)};
  CHECK(rt::tools::openssl::openssl_compare_notes(c).empty());
  // Two columns A's table lacks, one unavailable cell of B's counting as a column B has.
  c.rows = {row("md5 16 bytes", State::figure, State::figure), row("md5 64 bytes", State::missing, State::figure),
            row("md5 16384 bytes", State::missing, State::unavailable)};
  CHECK(rt::tools::openssl::openssl_compare_notes(c) ==
        std::vector<std::string>{
            "- 64 and 16384 bytes: A has no such columns (its table has 16 bytes), so its cells there are -"});
}
