// `hwbench import openssl`: the published ThinkPad log (openssl 0.9.8) and a 3.x log come back
// from `report openssl` line for line; the Result's shape; errors with file:line.
#include "runtime/tools/openssl/openssl_import.hpp"

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/record/published.hpp"
#include "runtime/report/named_report.hpp"
#include "runtime/tools/tools.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/temp_dir.hpp"

namespace rt = hwbench::runtime;

namespace {

const std::string thinkpad_log = "tests/golden/openssl-thinkpad-x20-p3-600mhz.log";

rt::model::Result imported(const std::string& text, const std::string& name = "speed.log") {
  std::string error;
  auto result = rt::tools::openssl::import_openssl(text, name, error);
  INFO(error);
  REQUIRE(result.has_value());
  return *result;
}

std::string rendered(const rt::model::Result& result) {
  REQUIRE(result.reports.size() == 1);
  return rt::tools::find_named_style(rt::model::to_text(result.reports[0].style))
      ->render(result, result.reports[0])
      .text;
}

// The lines of `text` without trailing white space, leaving out those `skip` accepts.
std::vector<std::string> lines_of(const std::string& text, bool (*skip)(const std::string&)) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r' || line.back() == '\t')) line.pop_back();
    if (!skip(line)) lines.push_back(line);
  }
  return lines;
}

bool nothing(const std::string&) { return false; }

bool prompt_or_progress(const std::string& line) { return line.rfind("$ ", 0) == 0 || line.rfind("Doing ", 0) == 0; }

std::string import_error(const std::string& text) {
  std::string error;
  CHECK_FALSE(rt::tools::openssl::import_openssl(text, "x.log", error).has_value());
  return error;
}

}  // namespace

TEST_CASE("import openssl: the ThinkPad's 0.9.8 log renders back line for line") {
  const std::string log = hwbench::test::read_text(hwbench::test::source_path(thinkpad_log));
  REQUIRE(!log.empty());
  const rt::model::Result result = imported(log, thinkpad_log);
  const std::string text = rendered(result);
  CHECK(lines_of(text, nothing) == lines_of(log, prompt_or_progress));
  CHECK(text == hwbench::test::golden("openssl-thinkpad.txt", text));
}

TEST_CASE("import openssl: the Result holds the header, one series per cell, the report") {
  const rt::model::Result result =
      imported(hwbench::test::read_text(hwbench::test::source_path(thinkpad_log)), thinkpad_log);
  CHECK(result.kind == rt::model::ResultKind::published);
  CHECK(result.status == rt::model::RunStatus::published);
  CHECK(result.meta.at("note") == "$ openssl speed");
  CHECK(result.meta.at("source") == thinkpad_log);
  CHECK(result.recipe_file == thinkpad_log);
  CHECK(result.environment == nlohmann::json::parse(R"J({"openssl": {
    "version": "OpenSSL 0.9.8g 19 Oct 2007",
    "built_on": "Sun Dec  5 15:21:51 UTC 2010",
    "options": "bn(64,32) md2(int) rc4(idx,int) des(ptr,risc1,16,long) aes(partial) blowfish(idx)",
    "compiler": "gcc -fPIC -DOPENSSL_PIC -DZLIB -DOPENSSL_THREADS -D_REENTRANT -DDSO_DLFCN -DHAVE_DLFCN_H -DL_ENDIAN -DTERMIO -O3 -march=i686 -Wa,--noexecstack -g -Wall -DOPENSSL_BN_ASM_PART_WORDS -DOPENSSL_IA32_SSE2 -DSHA1_ASM -DMD5_ASM -DRMD160_ASM -DAES_ASM",
    "timing_options": "TIMES TIMEB HZ=100 [sysconf value]",
    "timing_function": "times"}})J"));
  // 27 rows of 5 sizes, 4 rsa and 3 dsa sizes with a sign and a verify series each.
  REQUIRE(result.series.size() == 27 * 5 + 4 * 2 + 3 * 2);
  const rt::model::Series& md5 = result.series[3 * 5];
  CHECK(md5.label == "md5 16 bytes");
  REQUIRE(md5.samples.size() == 1);
  CHECK(md5.params_of(md5.samples[0]).kernel == "published");
  CHECK(md5.samples[0].figure->value == 3791.55);
  CHECK(md5.samples[0].figure->unit == "k");
  // Exact to half the last printed digit: "3791.55k", "11.9".
  CHECK(md5.samples[0].figure->resolution == doctest::Approx(0.01));
  const rt::model::Series& mdc2 = result.series[5];
  CHECK(mdc2.label == "mdc2 16 bytes");
  CHECK(mdc2.samples.empty());
  CHECK(mdc2.unavailable == "not run: openssl printed 0.00");
  const rt::model::Series& rsa = result.series[27 * 5 + 4];
  CHECK(rsa.label == "rsa 2048 bits sign");
  CHECK(rsa.samples.at(0).figure->value == 11.9);
  CHECK(rsa.samples.at(0).figure->unit == "ops/s");
  CHECK(rsa.samples.at(0).figure->resolution == doctest::Approx(0.1));
  CHECK(rsa.printed.at("mean").value == 0.084286);
  CHECK(rsa.printed.at("mean").unit == "s");
  CHECK(result.series.back().label == "dsa 2048 bits verify");
  REQUIRE(result.reports.size() == 1);
  CHECK(rt::model::to_text(result.reports[0].style) == "openssl");
  CHECK(rt::tools::find_importer("openssl") != nullptr);
}

TEST_CASE("import openssl: a sign/s or verify/s figure is exact to the step of its printed digits") {
  // openssl prints one decimal; a log retyped for an article may give more, or none.
  const rt::model::Result result = imported(
      "                  sign    verify    sign/s verify/s\n"
      "rsa 2048 bits 0.000810s 0.000024s     1234   41234.5\n"
      "rsa 4096 bits 0.081037s 0.001000s    12.34    1000.0\n"
      "                              op      op/s\n"
      " 256 bits ecdh (nistp256)   0.0001s     9876\n");
  std::map<std::string, std::pair<double, double>> figures;  // label -> value, resolution
  for (const auto& series : result.series) {
    REQUIRE(series.samples.size() == 1);
    figures[series.label] = {series.samples[0].figure->value, series.samples[0].figure->resolution};
  }
  const std::map<std::string, std::pair<double, double>> expected = {
      {"rsa 2048 bits sign", {1234, 1}},          {"rsa 2048 bits verify", {41234.5, 0.1}},
      {"rsa 4096 bits sign", {12.34, 0.01}},      {"rsa 4096 bits verify", {1000, 0.1}},
      {"256 bits ecdh (nistp256) op", {9876, 1}},
  };
  REQUIRE(figures.size() == expected.size());
  for (const auto& [row, figure] : expected) {
    const std::string label = row;  // a plain variable: clang 14 cannot capture a binding
    INFO(label);
    REQUIRE(figures.count(label) == 1);
    CHECK(figures[label].first == figure.first);
    CHECK(figures[label].second == doctest::Approx(figure.second));
  }
  // A rate of 0 is a row that did not run, whatever its digits.
  const rt::model::Result zero = imported(
      "                  sign    verify    sign/s verify/s\n"
      "dsa 512 bits 0.000000s 0.000000s        0       0.0\n");
  REQUIRE(zero.series.size() == 2);
  CHECK(zero.series[0].unavailable == "not run: openssl printed 0");
  CHECK(zero.series[1].unavailable == "not run: openssl printed 0.0");
}

TEST_CASE("import openssl: a cell printed as 0.00 is written in its table's unit") {
  const rt::model::Result result = imported(
      "type             16 bytes     64 bytes\n"
      "md5              70353.12k        0.00\n"
      "                  sign    verify    sign/s verify/s\n"
      "dsa 512 bits 0.000000s 0.000000s        0     12.5\n");
  const std::string toml = rt::record::write_published(result);
  // The symmetric table's cell in k like its neighbour, the key table's in ops/s with its
  // printed seconds in their own unit.
  CHECK(toml.find("\n[[series]]\nlabel = \"md5 64 bytes\"\nunit = \"k\"\n"
                  "unavailable = \"not run: openssl printed 0.00\"\n") != std::string::npos);
  CHECK(toml.find("\n[[series]]\nlabel = \"dsa 512 bits sign\"\nunit = \"ops/s\"\n"
                  "unavailable = \"not run: openssl printed 0\"\n"
                  "[series.printed]\nmean = { value = 0, unit = \"s\" }\n") != std::string::npos);
  // The file reads back to a result that writes the same units again.
  std::string error;
  const auto back = rt::record::parse_published(toml, "speed.toml", error);
  REQUIRE_MESSAGE(back.has_value(), error);
  CHECK(rt::record::write_published(*back) == toml);
}

TEST_CASE("import openssl: a 3.x log, with its progress lines, renders back line for line") {
  const std::string log =
      "Doing md5 for 1s on 16 size blocks: 4396958 md5's in 1.00s\n"
      "Doing 2048 bits private rsa's for 10s: 27840 2048 bits private RSA's in 9.99s\n"
      "version: 3.0.19\n"
      "built on: Tue Apr  7 12:05:56 2026 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -g -O2 -DNDEBUG\n"
      "CPUINFO: OPENSSL_ia32cap=0xfffa32034f8bffff:0x1b415fdef1bf27eb\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
      "md5              70353.12k   198678.50k   392675.58k   523029.20k   587126.43k   599326.72k\n"
      "AES-128-CBC    1064162.15k  1381381.62k  1398624.77k  1409393.66k  1439276.48k  1416736.06k\n"
      "des-cbc              9.50      9876.54         0.00         0.00         0.00         0.00 \n"
      "                  sign    verify    sign/s verify/s\n"
      "rsa 2048 bits 0.000359s 0.000021s   2784.0  47006.1\n"
      "                  sign    verify    sign/s verify/s\n"
      "dsa 2048 bits 0.000293s 0.000317s   3415.6   3153.6\n"
      "                              sign    verify    sign/s verify/s\n"
      " 256 bits ecdsa (nistp256)   0.0000s   0.0001s  31240.6  10470.4\n"
      "                              op      op/s\n"
      " 256 bits ecdh (nistp256)   0.0001s  14285.7\n"
      "                              sign    verify    sign/s verify/s\n"
      " 253 bits EdDSA (Ed25519)   0.0000s   0.0001s  22222.2   8333.3\n"
      "                       op     op/s\n"
      "2048 bits ffdh   0.0012s    833.3\n";
  const rt::model::Result result = imported(log);
  CHECK(lines_of(rendered(result), nothing) == lines_of(log, prompt_or_progress));
  CHECK(result.environment["openssl"]["version"] == "OpenSSL 3.0.19");
  CHECK(result.environment["openssl"]["cpuinfo"] == "OPENSSL_ia32cap=0xfffa32034f8bffff:0x1b415fdef1bf27eb");
  // -evp's and 3.x's names are labelled by hwbench's rows; the log's names are kept for the report.
  CHECK(result.series[6].label == "aes-128 cbc 16 bytes");
  CHECK(result.environment["openssl"]["row_names"] ==
        nlohmann::json::parse(R"J({"aes-128 cbc": "AES-128-CBC", "des cbc": "des-cbc"})J"));
  // Figures openssl printed without the k are bytes per second.
  CHECK(result.series[12].label == "des cbc 16 bytes");
  CHECK(result.series[12].samples.at(0).figure->unit == "B/s");
  CHECK(result.series[12].samples.at(0).figure->value == 9.5);
  CHECK(result.series.back().label == "2048 bits ffdh op");
}

namespace {

/// The labels of `result`'s series, in order.
std::vector<std::string> labels_of(const rt::model::Result& result) {
  std::vector<std::string> labels;
  for (const auto& series : result.series) labels.push_back(series.label);
  return labels;
}

}  // namespace

TEST_CASE("import openssl: 0.9.8's and 3.x's names of one algorithm give one label, printed back as logged") {
  const std::string old_log =
      "OpenSSL 0.9.8g 19 Oct 2007\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes\n"
      "md5               3791.55k    13232.52k\n"
      "hmac(md5)         4935.16k    16316.61k\n"
      "des ede3          4447.11k     4554.21k\n"
      "rc5-32/12 cbc        0.00         0.00 \n"
      "blowfish cbc     18632.95k    20393.44k\n"
      "aes-128 cbc      10300.42k    17012.21k\n"
      "                              sign    verify    sign/s verify/s\n"
      " 256 bit ecdsa (nistp256)   0.0001s   0.0002s  10000.0   5000.0\n";
  const std::string new_log =
      "version: 3.0.22\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes\n"
      "md5              62778.75k   179191.42k\n"
      "hmac(md5)        30039.97k   101596.32k\n"
      "des-ede3          5910.16k    13075.07k\n"
      "rc5-cbc              0.00         0.00 \n"
      "blowfish             0.00         0.00 \n"
      "aes-128-cbc     353349.26k   419332.48k\n"
      "                              sign    verify    sign/s verify/s\n"
      " 256 bits ecdsa (nistp256)   0.0000s   0.0001s  31240.6  10470.4\n";
  const std::vector<std::string> expected = {"md5 16 bytes",
                                             "md5 64 bytes",
                                             "hmac(md5) 16 bytes",
                                             "hmac(md5) 64 bytes",
                                             "des ede3 16 bytes",
                                             "des ede3 64 bytes",
                                             "rc5-32/12 cbc 16 bytes",
                                             "rc5-32/12 cbc 64 bytes",
                                             "blowfish cbc 16 bytes",
                                             "blowfish cbc 64 bytes",
                                             "aes-128 cbc 16 bytes",
                                             "aes-128 cbc 64 bytes",
                                             "256 bits ecdsa (nistp256) sign",
                                             "256 bits ecdsa (nistp256) verify"};
  for (const std::string& log : {old_log, new_log}) {
    INFO(log);
    const rt::model::Result result = imported(log);
    CHECK(labels_of(result) == expected);
    // The report prints each row under the name its log gave it, also from the published file.
    CHECK(rendered(result) == log);
    std::string error;
    const auto back = rt::record::parse_published(rt::record::write_published(result), "speed.toml", error);
    REQUIRE_MESSAGE(back.has_value(), error);
    CHECK(labels_of(*back) == expected);
    CHECK(rendered(*back) == log);
  }
  CHECK(imported(old_log).environment["openssl"]["row_names"] ==
        nlohmann::json::parse(R"J({"256 bits ecdsa (nistp256)": "256 bit ecdsa (nistp256)"})J"));
  CHECK(imported(new_log).environment["openssl"]["row_names"] ==
        nlohmann::json::parse(R"J({"aes-128 cbc": "aes-128-cbc", "blowfish cbc": "blowfish", "des ede3": "des-ede3",
                                   "rc5-32/12 cbc": "rc5-cbc"})J"));
}

TEST_CASE("import openssl: two rows of one algorithm (-evp's beside the plain one) keep their printed names") {
  const std::string log =
      "type             16 bytes\n"
      "aes-128-cbc     353349.26k\n"
      "md5              62778.75k\n"
      "AES-128-CBC     993349.26k\n";
  const rt::model::Result result = imported(log);
  CHECK(labels_of(result) == std::vector<std::string>{"aes-128-cbc 16 bytes", "md5 16 bytes", "AES-128-CBC 16 bytes"});
  CHECK(result.environment.empty());
  CHECK(rendered(result) == "The 'numbers' are in 1000s of bytes per second processed.\n" + log);
}

TEST_CASE("import openssl: -multi's relays, -elapsed's warning and blank lines are skipped") {
  const std::string log =
      "Forked child 0\n"
      "Got: +F:4:md5:4954470.00 from 0\n"
      "You have chosen to measure elapsed time instead of user CPU time.\n"
      "\n"
      "To get the most accurate results, try to run this\n"
      "program when this computer is idle.\n"
      "4954470 md5's in 2.99s\n"
      "type             16 bytes\n"
      "md5              26509.60k\n";
  const rt::model::Result result = imported(log);
  REQUIRE(result.series.size() == 1);
  CHECK(result.environment == nlohmann::json::parse(R"J({"openssl": {"multi": 1}})J"));
  CHECK(rendered(result) ==
        "The 'numbers' are in 1000s of bytes per second processed.\n"
        "type             16 bytes\n"
        "md5              26509.60k\n");
}

TEST_CASE("import openssl: a 3.x -multi summary, without its heading, takes its sizes from +H") {
  // openssl 3.0.19's `speed -seconds 1 -multi 2 -bytes 16 md5` on the test machine.
  const std::string relays =
      "Forked child 0\n"
      "Forked child 1\n"
      "Got: +H:16 from 0\n"
      "Got: +F:3:md5:70793856.00 from 0\n"
      "Got: +H:16 from 1\n"
      "Got: +F:3:md5:71095424.00 from 1\n";
  const std::string summary =
      "version: 3.0.19\n"
      "built on: Fri Apr  3 12:29:32 2026 UTC\n"
      "options: bn(64,64)\n"
      "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -O2 -DNDEBUG\n"
      "CPUINFO: OPENSSL_ia32cap=0xfed83203178bffff:0x18005f42f1bb03a9\n"
      "md5             141889.28k\n";
  const rt::model::Result result = imported(relays + summary);
  CHECK(rendered(result) == summary);
  std::string error;
  const auto back = rt::record::parse_published(rt::record::write_published(result), "speed.toml", error);
  REQUIRE_MESSAGE(back.has_value(), error);
  CHECK(rendered(*back) == summary);
  CHECK(result.environment["openssl"]["multi"] == 2);
  CHECK(result.environment["openssl"]["heading"] == false);
  REQUIRE(result.series.size() == 1);
  CHECK(result.series[0].label == "md5 16 bytes");
  CHECK(result.series[0].samples.at(0).figure->value == 141889.28);
}

TEST_CASE("import openssl: errors say file:line, all of them at once") {
  CHECK(import_error("md5 3791.55k\n") ==
        "x.log:1: error: a table row before the 'type … bytes' header (or -multi's '+H' records)");
  CHECK(import_error("Got: +H:16:x from 0\n") == "x.log:1: error: not a block size in -multi's '+H' record: 'x'");
  CHECK(import_error("type 16 bytes 64 bytes\nmd5 1.00k 2.00k\nhello world\nsha1 1.00k\n") ==
        "x.log:3: error: not part of an openssl speed summary: 'hello world'\n"
        "x.log:4: error: 'sha1' has 1 figures for 2 block sizes");
  CHECK(import_error("type 16 bytes 64\n") ==
        "x.log:1: error: expected the table header 'type' and block sizes, like 'type  16 bytes  64 bytes'");
  CHECK(import_error("rsa 2048 bits 0.000359s 0.000021s   2784.0  47006.1\n") ==
        "x.log:1: error: a sign/verify row before its heading ('sign    verify    sign/s verify/s' or 'op      op/s')");
  CHECK(import_error("type 16 bytes\nmd5 1.00k\nmd5 2.00k\n") ==
        "x.log:3: error: 'md5 16 bytes' appears twice: one log holds one run");
  CHECK(import_error("$ openssl speed\nDoing md5 for 3s on 16 size blocks: \n") ==
        "x.log: error: no openssl speed table found (a 'type  16 bytes …' line and its rows, or a "
        "'sign    verify    sign/s verify/s' table)");
}
