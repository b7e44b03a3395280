// `report openssl`: where each series goes (parameters or label), the layout against
// tests/golden/openssl-run.txt (byte for byte), the header for each kind of environment, and
// the figures it records.
//
// To regenerate the golden file after a deliberate format change, run the tests with
// HWBENCH_UPDATE_GOLDEN=1 and review the diff before committing it.
#include "runtime/tools/openssl/openssl_report.hpp"

#include <cmath>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/report/named_report.hpp"
#include "runtime/tools/tools.hpp"
#include "tests/support/golden.hpp"

namespace rt = hwbench::runtime;

namespace {

// A sample as the interpreter records a crypto kernel's, and its parameters as text.
struct CryptoSample {
  rt::model::Sample sample;
  rt::model::ParamSet set;
};

CryptoSample crypto_sample(const std::string& kernel, std::map<std::string, std::string> params, std::uint64_t ops,
                           std::uint64_t bytes_per_op, std::int64_t wall_ns) {
  rt::model::Sample s;
  s.iteration = 1;
  s.units = ops;
  s.ops = ops;
  s.bytes = ops * bytes_per_op;
  s.wall_ns = wall_ns;
  return {s, {kernel, std::move(params)}};
}

rt::model::Series openssl_series_of(const std::string& label, const std::vector<CryptoSample>& samples) {
  rt::model::Series series;
  series.label = label;
  for (const auto& [sample, set] : samples) series.add(sample, set);
  return series;
}

rt::model::Series sym(const std::string& label, const std::string& kernel, const std::string& alg,
                      const std::string& block, std::uint64_t ops, std::uint64_t bytes_per_op, bool decrypt = false) {
  return openssl_series_of(
      label, {crypto_sample(kernel, {{"ALG", alg}, {"block", block}, {"decrypt", decrypt ? "true" : ""}}, ops,
                            bytes_per_op, 3'000'000'000)});
}

rt::model::Series key(const std::string& alg, const std::string& bits, const std::string& op, std::uint64_t ops) {
  return openssl_series_of(alg + " " + op,
                           {crypto_sample("pkey", {{"ALG", alg}, {"bits", bits}, {"op", op}}, ops, 0, 10'000'000'000)});
}

rt::model::Result run_result() {
  rt::model::Result r;
  r.environment["openssl"] = {{"version", "OpenSSL 3.0.22 25 Aug 2026"},
                              {"built_on", "Wed Oct 21 09:54:24 2026 UTC"},
                              {"options", "bn(64,64)"},
                              {"compiler", "gcc -fPIC -O2 -DNDEBUG"},
                              {"cpuinfo", "OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab"}};
  // 3,000,000 digests of 16 bytes in 3 s: 16,000,000 bytes/s, printed 16000.00k.
  r.series.push_back(sym("digest md5 block 16", "digest", "md5", "16", 3'000'000, 16));
  r.series.push_back(sym("digest md5 block 8KiB", "digest", "md5", "8KiB", 100'000, 8192));
  r.series.push_back(sym("h", "hmac", "md5", "16", 2'400'000, 16));
  rt::model::Series missing;
  missing.label = "mdc2 16 bytes";
  missing.unavailable = "mdc2 is not in this OpenSSL";
  r.series.push_back(missing);
  // 30 operations of 16 bytes in 3 s: 160 bytes/s, printed without the k.
  r.series.push_back(sym("slow", "cipher", "des-cbc", "16", 30, 16));
  r.series.push_back(sym("aes", "cipher", "AES-128-CBC", "64", 60'000'000, 64));
  r.series.push_back(sym("aes dec", "cipher", "aes-128-cbc", "64", 90'000'000, 64, true));
  // A parallel block has no parameters: its label places it.
  rt::model::Series parallel =
      openssl_series_of("sha256 64 bytes", {crypto_sample("parallel", {}, 6'000'000, 64, 3'000'000'000)});
  r.series.push_back(parallel);
  r.series.push_back(key("rsa", "2048", "sign", 300));
  r.series.push_back(key("rsa", "2048", "verify", 10'000));
  r.series.push_back(key("ecdsa", "256", "sign", 200'000));
  r.series.push_back(key("ecdsa", "256", "verify", 80'000));
  r.series.push_back(key("dsa", "0", "sign", 20'000));
  r.series.push_back(key("dsa", "0", "verify", 16'000));
  // Not part of openssl speed: left out.
  r.series.push_back(openssl_series_of("copy", {crypto_sample("cp", {{"SRC", "a"}}, 1, 1000, 1000)}));
  return r;
}

}  // namespace

TEST_CASE("report openssl: a cell from the kernel's parameters, else from the label") {
  const auto cell = [](const rt::model::Series& s) { return rt::tools::openssl::openssl_cell(s); };
  auto c = cell(sym("anything", "cipher", "aes-128-cbc", "8KiB", 1, 8192, true));
  REQUIRE(c);
  CHECK(c->row == "aes-128 cbc (decrypt)");
  CHECK(c->block == 8192);
  CHECK(c->op == "");
  c = cell(key("dsa", "0", "verify", 1));
  REQUIRE(c);
  CHECK(c->row == "dsa 2048 bits");
  CHECK(c->op == "verify");
  c = cell(openssl_series_of("hmac(md5) 64 bytes", {}));
  REQUIRE(c);
  CHECK(c->row == "hmac(md5)");
  CHECK(c->block == 64);
  c = cell(openssl_series_of("camellia-128 cbc 16 bytes", {}));
  REQUIRE(c);
  CHECK(c->row == "camellia-128 cbc");
  c = cell(openssl_series_of("256 bits ecdsa (nistp256) sign", {}));
  REQUIRE(c);
  CHECK(c->row == "256 bits ecdsa (nistp256)");
  CHECK(c->op == "sign");
  CHECK_FALSE(cell(openssl_series_of("copy", {})));
  CHECK_FALSE(cell(openssl_series_of("read 16 bytes of it", {})));
  CHECK_FALSE(cell(openssl_series_of("my sign", {})));
  CHECK(rt::tools::openssl::openssl_label({"aes-128 cbc", 16, ""}) == "aes-128 cbc 16 bytes");
  CHECK(rt::tools::openssl::openssl_label({"rsa 512 bits", 0, "verify"}) == "rsa 512 bits verify");
}

TEST_CASE("report openssl: openssl speed's layout for a run (golden)") {
  const rt::report::NamedStyle* style = rt::tools::find_named_style("openssl");
  REQUIRE(style != nullptr);
  rt::model::ReportSpec spec;
  spec.style = rt::model::report_style_from_text("openssl").value();
  const rt::model::RenderedReport rendered = style->render(run_result(), spec);
  CHECK(rt::model::to_text(rendered.spec.style) == "openssl");
  CHECK(rendered.text == hwbench::test::golden("openssl-run.txt", rendered.text));
}

TEST_CASE("report openssl: the figures it records, in k and ops/s") {
  const rt::tools::openssl::OpensslTables tables = rt::tools::openssl::openssl_tables(run_result());
  CHECK(tables.blocks == std::vector<std::uint64_t>{16, 64, 8192});
  REQUIRE(tables.figures.size() == 14);
  CHECK(tables.figures[0].label == "digest md5 block 16");
  CHECK(tables.figures[0].values == std::vector<double>{16000});
  CHECK(tables.figures[0].aggregates.at(0).first == "mean");
  CHECK(tables.figures[0].aggregates.at(0).second == 16000);
  CHECK(tables.figures[3].label == "mdc2 16 bytes");
  CHECK(tables.figures[3].values.empty());
  CHECK(std::isnan(tables.figures[3].aggregates.at(0).second));
  CHECK(tables.figures[8].label == "rsa sign");
  CHECK(tables.figures[8].aggregates.at(0).second == 30);
  REQUIRE(tables.key_rows.size() == 3);
  CHECK(tables.key_rows[0].name == "rsa 2048 bits");
  CHECK(tables.key_rows[1].name == "256 bits ecdsa (nistp256)");
  CHECK(tables.key_rows[2].name == "dsa 2048 bits");
}

TEST_CASE("report openssl: the header of a 0.9.8 build, an old version string, none") {
  rt::model::Result r;
  CryptoSample published = crypto_sample("published", {}, 1, 16, 1'000'000);
  published.sample.figure = rt::model::Figure{3791.55, "k"};
  r.series.push_back(openssl_series_of("md5 16 bytes", {published}));
  r.environment["openssl"] = {{"version", "OpenSSL 0.9.8g 19 Oct 2007"},
                              {"built_on", "Sun Dec  5 15:21:51 UTC 2010"},
                              {"options", "bn(64,32) md2(int)"},
                              {"compiler", "gcc -O3"},
                              {"timing_options", "TIMES TIMEB HZ=100 [sysconf value]"},
                              {"timing_function", "times"}};
  const std::string table =
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes\n"
      "md5               3791.55k\n";
  CHECK(rt::tools::openssl::format_openssl(rt::tools::openssl::openssl_tables(r)) ==
        "OpenSSL 0.9.8g 19 Oct 2007\n"
        "built on: Sun Dec  5 15:21:51 UTC 2010\n"
        "options:bn(64,32) md2(int) \n"
        "compiler: gcc -O3\n"
        "available timing options: TIMES TIMEB HZ=100 [sysconf value]\n"
        "timing function used: times\n" +
            table);
  r.environment["openssl"] = "OpenSSL 3.0.19 27 Jan 2026";
  CHECK(rt::tools::openssl::format_openssl(rt::tools::openssl::openssl_tables(r)) ==
        "OpenSSL 3.0.19 27 Jan 2026\n" + table);
  r.environment = nlohmann::json::object();
  CHECK(rt::tools::openssl::format_openssl(rt::tools::openssl::openssl_tables(r)) == table);
  r.series.clear();
  CHECK(rt::tools::openssl::format_openssl(rt::tools::openssl::openssl_tables(r)) == "");
}
