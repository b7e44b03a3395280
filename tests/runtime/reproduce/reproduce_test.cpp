// `hwbench reproduce`: each kind of file read by its content, the procedure inferred from it
// (value by value, and as a golden recipe that checks), and short runs compared with the log.
#include <cmath>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/reproduce/procedures.hpp"
#include "runtime/reproduce/summary.hpp"
#include "runtime/tools/openssl/openssl_procedure.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/real_tool.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/temp_dir.hpp"

namespace test = hwbench::test;
namespace reproduce = hwbench::runtime::reproduce;

namespace {

std::string read_source_abs(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string read_source(const std::string& relative) { return read_source_abs(test::source_path(relative)); }

/// The log at `relative` (in the source tree) read and its procedure inferred, on a machine of
/// 1 GiB of RAM.
hwbench::runtime::record::Procedure procedure_of(const std::string& relative, std::string expect_kind) {
  std::string error;
  auto log = reproduce::read_log(read_source(relative), relative, error);
  INFO(error);
  REQUIRE(log);
  CHECK(log->kind == expect_kind);
  auto p = reproduce::infer_procedure(*log, {std::uint64_t{1} << 30}, error);
  INFO(error);
  REQUIRE(p);
  return *p;
}

bool has_line(const std::string& recipe, const std::string& line) {
  std::istringstream in(recipe);
  for (std::string l; std::getline(in, l);) {
    const auto comment = l.find("  # ");
    if (l.substr(0, comment) == line) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("reproduce: an nbench log gives its ten tests, both index blocks and report nbench, each cited") {
  const auto p = procedure_of("tests/golden/nbench-thinkpad-x20-p3-600mhz.log", "nbench");
  CHECK(p.tool == "nbench");
  CHECK(has_line(p.recipe, "baseline p90 from \"builtin:nbench\""));
  CHECK(has_line(p.recipe, "series \"HUFFMAN\" nbench huffman"));
  CHECK(
      p.recipe.find("series \"NUMERIC SORT\" nbench numeric_sort  # line 10: NUMERIC SORT : 244.96 : 6.28 : 2.06\n") !=
      std::string::npos);
  CHECK(p.recipe.find("vs k6  # line 31: INTEGER INDEX : 3.281\n") != std::string::npos);
  CHECK(has_line(p.recipe, "report nbench"));
  CHECK(p.locations.empty());
  CHECK(test::golden("reproduce/nbench-thinkpad.bench", p.recipe) == p.recipe);
}

TEST_CASE("reproduce: an openssl speed log gives exactly its rows and block sizes, and its key rows") {
  const auto p = procedure_of("tests/golden/openssl-thinkpad-x20-p3-600mhz.log", "openssl");
  CHECK(has_line(p.recipe,
                 "for b in [16, 64, 256, 1024, 8192] series \"md5 $b bytes\" digest md5 block $b for $seconds"));
  CHECK(has_line(p.recipe,
                 "for b in [16, 64, 256, 1024, 8192] series \"hmac(md5) $b bytes\" hmac md5 block $b for $seconds"));
  CHECK(has_line(p.recipe,
                 "for b in [16, 64, 256, 1024, 8192] series \"des ede3 $b bytes\" cipher des-ede3 block $b "
                 "for $seconds"));
  CHECK(has_line(p.recipe, "series \"rsa 4096 bits verify\" pkey rsa bits 4096 verify for $key_seconds"));
  CHECK(has_line(p.recipe, "series \"dsa 2048 bits sign\" pkey dsa bits 2048 sign for $key_seconds"));
  CHECK(has_line(p.recipe, "let seconds = 3s"));
  REQUIRE(p.notes.size() == 1);
  CHECK(p.notes[0] == "the time per cell and per sign or verify: openssl speed's defaults");
  CHECK(test::golden("reproduce/openssl-thinkpad.bench", p.recipe) == p.recipe);
}

TEST_CASE("reproduce: openssl rows map to the kernels, 0.9.8's names and 3.x's alike") {
  namespace o = hwbench::runtime::tools::openssl;
  CHECK(o::symmetric_statement("aes-128 cbc") == "cipher aes-128-cbc");
  CHECK(o::symmetric_statement("AES-256-GCM") == "cipher aes-256-gcm");
  CHECK(o::symmetric_statement("blowfish cbc") == "cipher blowfish");
  CHECK(o::symmetric_statement("sha3-256") == "digest sha3-256");
  CHECK(o::symmetric_statement("hmac(sha256)") == "hmac sha256");
  CHECK(o::key_statement("256 bits ecdsa (nistp256)", "sign") == "pkey ecdsa bits 256 sign");
  CHECK(o::key_statement("253 bits EdDSA (Ed25519)", "verify") == "pkey ed25519 verify");
  CHECK_FALSE(o::key_statement("256 bits ecdh (nistp256)", "op"));
}

TEST_CASE("reproduce: a bonnie++ log gives its sizes, chunk and file counts, and the page-cache choice") {
  const auto fast = procedure_of("tests/data/bonnie/fast-1.03.bonnie.txt", "bonnie");
  CHECK(fast.recipe.find("let size = 512MiB  # line 4: meghan 512M:16k") != std::string::npos);
  CHECK(has_line(fast.recipe, "series \"put_block\" bonnie put_block disk: size $size chunk 16KiB"));
  // bonnie++ -f: no per-character tests in the log, none in the recipe.
  CHECK(fast.recipe.find("putc") == std::string::npos);
  // 512 MiB under twice 1 GiB: evicted unless --set cache=keep.
  CHECK(has_line(fast.recipe, "let cache = \"evict\""));
  CHECK(has_line(fast.recipe,
                 "if $cache == \"evict\" { series \"get_block\" bonnie get_block disk: size $size chunk "
                 "16KiB evict } else { series \"get_block\" bonnie get_block disk: size $size chunk 16KiB }"));
  const auto files = procedure_of("tests/data/bonnie/debian-2.00a-n48-long-name.bonnie.txt", "bonnie");
  CHECK(has_line(files.recipe, "let files = 48"));
  CHECK(has_line(files.recipe, "series \"ran_del\" bonnie ran_del disk: files $files"));
  CHECK(files.recipe.find("let size") == std::string::npos);
  CHECK(test::golden("reproduce/bonnie-fast-1.03.bench", fast.recipe) == fast.recipe);
}

TEST_CASE("reproduce: a UnixBench log gives its tests at one copy and N copies, with UnixBench's runs") {
  const auto p = procedure_of("tests/data/unixbench/unixbench-5.1.3-2-cpus.log", "unixbench");
  // 7 samples printed: 10 runs, the worst 3 dropped; 2 printed: 3 runs.
  CHECK(has_line(p.recipe, "series \"Dhrystone 2 using register variables\" dhry2reg for 10s runs 10"));
  CHECK(has_line(p.recipe, "series \"Execl Throughput\" execl for 30s runs 3"));
  CHECK(has_line(p.recipe,
                 "series \"Shell Scripts (8 concurrent) (2 copies)\" repeat 3 parallel 2 { shell tmp: "
                 "concurrent 8 worker $worker for 60s }"));
  CHECK(p.recipe.find("index \"System Benchmarks Index Score (2 copies)\" = geomean(") != std::string::npos);
  CHECK(test::golden("reproduce/unixbench-5.1.3.bench", p.recipe) == p.recipe);
}

TEST_CASE("reproduce: a published cp table gives its sizes, copies and directions, and needs -L disk") {
  const auto p = procedure_of("specs/published/linux-raid1-esata.cp.toml", "published");
  CHECK(p.tool == "cp");
  CHECK(has_line(p.recipe, "  repeat 10 write disk:/hwb_100MB_$i size 100MB random"));
  CHECK(has_line(p.recipe, "series \"read 100MB\" repeat 10 cp disk:/hwb_100MB_$i -> ramdisk: cold"));
  CHECK(has_line(p.recipe, "series \"write 10MB\" repeat 10 cp ramdisk:/hwb_10MB_$i -> disk:/hwb_copy_10MB_$i sync"));
  CHECK(p.locations == std::vector<std::string>{"disk"});
  CHECK(test::golden("reproduce/cp-raid1.bench", p.recipe) == p.recipe);
}

TEST_CASE("reproduce: every shipped published file gives a recipe that checks") {
  for (const char* file : {"linux-raid1-esata.bonnie.toml", "linux-raid1-esata.cp.toml",
                           "thinkpad-x20-p3-600mhz.nbench.toml", "thinkpad-x20-p3-600mhz.openssl.toml"}) {
    CAPTURE(file);
    const auto run = test::cli({"reproduce", "--dry-run", test::source_path(std::string("specs/published/") + file)});
    INFO(run.err);
    CHECK(run.code == 0);
    CHECK(run.out.find("\nplan for ") != std::string::npos);
  }
}

TEST_CASE("reproduce: a file no importer reads gets one error naming the formats and the closest") {
  test::TempDir work;
  test::write_text(work / "notes.txt", "TEST : Iterations/sec.\nhello\n");
  const auto run = test::cli({"reproduce", "--dry-run", work / "notes.txt"});
  CHECK(run.code == 1);
  CHECK(run.err.rfind("hwbench: " + (work / "notes.txt") +
                          ": not a log hwbench reads: neither a result file (JSON), a published result (TOML) nor the "
                          "output of nbench, bonnie, openssl, unixbench; the closest is ",
                      0) == 0);
}

TEST_CASE("reproduce: a cp table without -L disk is refused before anything runs") {
  const auto run = test::cli({"reproduce", test::source_path("specs/published/linux-raid1-esata.cp.toml")});
  CHECK(run.code == 2);
  CHECK(run.err.find("its procedure needs -L disk=PATH") != std::string::npos);
}

TEST_CASE("reproduce: an openssl log run briefly here prints its table, then the comparison with the log as base") {
  test::TempDir work;
  const auto run =
      test::cli({"reproduce", "-q", test::source_path("tests/golden/openssl-thinkpad-x20-p3-600mhz.log"), "--set",
                 "seconds=10ms", "--set", "key_seconds=10ms", "-o", work / "r.json", "--emit", work / "r.bench"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  CHECK(run.out.find("The 'numbers' are in 1000s of bytes per second processed.") != std::string::npos);
  CHECK(run.out.find("geometric mean of this machine/openssl-thinkpad-x20-p3-600mhz.log over ") != std::string::npos);
  CHECK(run.out.find("\nthis machine is ") != std::string::npos);
  // The emitted recipe stays, and runs again as it is.
  const auto again = test::cli({"check", work / "r.bench"});
  CHECK(again.code == 0);
}

TEST_CASE("reproduce: a bonnie++ log run with tiny sizes through --set") {
  test::TempDir work;
  const auto run = test::cli({"reproduce", "-q", test::source_path("tests/data/bonnie/fast-1.03.bonnie.txt"), "--set",
                              "size=4MiB", "-L", "disk=" + work.path(), "-o", work / "r.json"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  // In the log's layout: bonnie++ 1.03's table (no Concurrency line) and its CSV line.
  CHECK(run.out.find("Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n"
                     "                    -Per Chr- --Block--") != std::string::npos);
  CHECK(run.out.find(",4M:16k,,,") != std::string::npos);
  CHECK(run.out.find("geometric mean of this machine/fast-1.03.bonnie.txt") != std::string::npos);
}

TEST_CASE("reproduce: a result file gives its own recipe and --set values back, and warns of a changed recipe") {
  test::TempDir work;
  test::write_text(work / "r.bench",
                   "let n = 3\nseries \"s\" digest md5 block 64 for 10ms runs $n\nreport ops/s mean\n");
  const auto first = test::cli({"run", "-q", "--set", "n=2", "-o", work / "first.json", work / "r.bench"});
  INFO(first.err);
  REQUIRE(first.code == 0);
  std::string error;
  auto log = reproduce::read_log(read_source_abs(work / "first.json"), work / "first.json", error);
  REQUIRE(log);
  CHECK(log->kind == "result");
  auto p = reproduce::infer_procedure(*log, {}, error);
  REQUIRE(p);
  CHECK(p->tool == "recipe");
  CHECK(p->recipe == "let n = 3\nseries \"s\" digest md5 block 64 for 10ms runs $n\nreport ops/s mean\n");
  CHECK(p->settings == std::map<std::string, std::string>{{"n", "2"}});
  CHECK(p->notes.empty());
  log->result.recipe_text += "# edited\n";
  p = reproduce::infer_procedure(*log, {}, error);
  REQUIRE(p);
  REQUIRE(p->notes.size() == 1);
  CHECK(p->notes[0].find("does not match its recorded SHA-256") != std::string::npos);
  const auto again = test::cli({"reproduce", "-q", work / "first.json", "-o", work / "second.json"});
  INFO(again.err);
  CHECK(again.code == 0);
  CHECK(again.out.find("\nverdicts: 95% CI of each ratio") != std::string::npos);
  CHECK(again.out.find("\nthis machine is ") != std::string::npos);
}

TEST_CASE("reproduce: every golden derived recipe checks as it is") {
  for (const char* file : {"bonnie-fast-1.03.bench", "cp-raid1.bench", "nbench-thinkpad.bench",
                           "openssl-thinkpad.bench", "unixbench-5.1.3.bench"}) {
    CAPTURE(file);
    const auto run = test::cli(
        {"check", "--no-busy-check", "--allow-exec", test::source_path(std::string("tests/golden/reproduce/") + file)});
    INFO(run.err);
    CHECK(run.code == 0);
  }
}

TEST_CASE("reproduce: a built-in baseline file is named builtin:STEM, and a wrong stem is refused with a hint") {
  test::TempDir work;
  test::write_text(work / "b.bench",
                   "baseline p90 from \"builtin:nbenc\"\nseries \"x\" digest md5 block 64 for 10ms\n");
  const auto run = test::cli({"check", "--no-busy-check", work / "b.bench"});
  CHECK(run.code == 1);
  CHECK(run.err.find("error: hwbench has no built-in baseline file 'builtin:nbenc'") != std::string::npos);
  CHECK(run.err.find("hint: did you mean 'nbench'?") != std::string::npos);
}

TEST_CASE("reproduce: every bonnie++ test vector gives a recipe that checks, in its release's report layout") {
  const std::pair<const char*, const char*> vectors[] = {
      {"debian-2.00a-n48-long-name.bonnie.txt", "report bonnie version 2.00"},
      {"debian-2.00a-s64-n1.bonnie.txt", "report bonnie version 2.00"},
      {"debian-2.00a-x2.bonnie.txt", "report bonnie version 2.00"},
      {"fast-1.03.bonnie.txt", "report bonnie version 1.03"},
      {"scaled-2.00a.bonnie.txt", "report bonnie version 2.00"},
      {"wide-1.03.bonnie.txt", "report bonnie version 1.03"},
  };
  for (const auto& vector : vectors) {
    const std::string file = vector.first, report = vector.second;
    CAPTURE(file);
    std::vector<std::string> args{"reproduce", "--dry-run", test::source_path("tests/data/bonnie/" + file)};
    // Its 62 GiB file needs 66.9 GB at its peak: more than a CI machine's disk may have free.
    if (file == "scaled-2.00a.bonnie.txt") args.insert(args.end(), {"--set", "size=1GiB"});
    const auto run = test::cli(args);
    INFO(run.err);
    CHECK(run.code == 0);
    CHECK(run.out.find("\n" + report + "  # the layout the log printed\n") != std::string::npos);
  }
  // This log's file would not fit here: refused with the space it needs, before anything runs.
  const auto big =
      test::cli({"reproduce", "--dry-run", test::source_path("tests/data/bonnie/long-name-wide-figures.bonnie.txt")});
  CHECK(big.code == 1);
  CHECK(big.err.find("hint: use smaller sizes or fewer files") != std::string::npos);
}

TEST_CASE("reproduce: a log without a value the procedure needs says which and how to give it") {
  test::TempDir work;
  // A bonnie++ 2.00a CSV line whose size field is empty, with block figures and without the
  // per-character tests (run with -f): their 3 MiB of one-byte write(2)s and read(2)s took 12 s.
  test::write_text(work / "nosize.txt",
                   "1.98,2.00a,vm,1,1796206857,,,8192,5,,,+++++,+++,+++++,+++,,,+++++,+++,+++++,+++,1,,,,,"
                   "+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,,4176us,4245us,,4204us,"
                   "32106us,4103us,47us,21256us,966us,60us,4119us\n");
  const auto run = test::cli({"reproduce", "-q", work / "nosize.txt", "-L", "disk=" + work.path()});
  CHECK(run.code == 2);
  CHECK(
      run.err.find("hwbench: " + (work / "nosize.txt") +
                   ": the log does not give bonnie++'s file size (-s; 0MiB takes its own rule, twice the RAM): give it "
                   "with --set size=…\n") != std::string::npos);
  const auto dry = test::cli({"reproduce", "--dry-run", work / "nosize.txt"});
  CHECK(dry.code == 0);
  CHECK(dry.out.find("let size = 0MiB  # not in the log: bonnie++'s file size") != std::string::npos);
  const auto given = test::cli({"reproduce", "-q", work / "nosize.txt", "-L", "disk=" + work.path(), "--set",
                                "size=2MiB", "--set", "files=1", "-o", work / "r.json"});
  INFO(given.err);
  CHECK(given.code == 0);
  CHECK(given.out.find("Version 2.00a       ------Sequential Output------") != std::string::npos);
}

TEST_CASE("reproduce: what a log says of its machine joins the comparison's environment rows") {
  std::string error;
  auto nbench = reproduce::read_log(read_source("tests/golden/nbench-thinkpad-x20-p3-600mhz.log"), "n.log", error);
  REQUIRE(nbench);
  const auto& env = nbench->result.environment;
  CHECK(env.at("cpu").at("model") == "GenuineIntel Pentium III (Coppermine) 600MHz");
  CHECK(env.at("kernel").at("sysname") == "Linux");
  CHECK(env.at("kernel").at("release") == "2.6.26-2-686");
  CHECK(env.at("compiler").at("version") == "gcc version 4.3.2 (Debian 4.3.2-1.1)");
  auto unixbench = reproduce::read_log(read_source("tests/data/unixbench/unixbench-5.1.3-2-cpus.log"), "u.log", error);
  REQUIRE(unixbench);
  const auto& uenv = unixbench->result.environment;
  CHECK(uenv.at("cpu").at("model") == "Intel(R) Xeon(R) Processor");
  CHECK(uenv.at("kernel").at("release") == "6.1.0-27-amd64");
  CHECK(uenv.at("kernel").at("machine") == "x86_64");
}

TEST_CASE("reproduce: the verdict names the geometric mean, the series furthest from it and what differs") {
  using namespace hwbench::runtime;
  analysis::Comparison c;
  c.names = {"log", "here"};
  // Four rates, a latency half the log's (a speed of 2), and a share of the CPU, which says
  // nothing of speed: the mean is of 2, 8, 4, 1 and 2, (2·8·4·1·2)^(1/5) = 2.639.
  struct Row {
    const char* label;
    double ratio;
    bool speed, time;
  };
  const Row rows[] = {{"a", 2.0, true, false}, {"b", 8.0, true, false},  {"c", 4.0, true, false},
                      {"d", 1.0, true, false}, {"lat", 0.5, true, true}, {"cpu", 3.0, false, false}};
  for (const auto& r : rows) {
    analysis::CompareRow row;
    row.label = r.label;
    analysis::RatioCell cell;
    cell.state = analysis::RatioState::computed;
    cell.value = r.ratio;
    cell.speed = r.speed;
    cell.lower_is_faster = r.time;
    row.ratios.push_back(cell);
    c.rows.push_back(row);
  }
  // The table's geometric mean of the speeds (analysis::compare_results), which the line says.
  c.summary.push_back({std::pow(2.0 * 8 * 4 * 1 * 2, 1.0 / 5), 5, 6, 1, 1});
  c.environment.push_back({"CPU", {"Pentium III", "AMD EPYC"}, true});
  c.environment.push_back({"OS", {"", "Debian"}, true});
  const auto lines = reproduce::reproduce_summary(c, 1);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] ==
        "here is 2.64× as fast as the log's machine (geometric mean of the speeds over 5 of 6 series, times as their "
        "reciprocals)");
  CHECK(lines[1] == "here stands furthest above that on b 8.00×, c 4.00×, furthest below on d 1.00×, a 2.00×");
  CHECK(lines[2] == "here differs from the log's machine in: CPU");
  CHECK(reproduce::reproduce_summary(c, 2).empty());
}

TEST_CASE("reproduce --original: openssl speed itself runs beside the kernels, both compared with the log") {
  if (test::find_tool("openssl").empty()) {
    test::skip("openssl is not installed");
    return;
  }
  test::TempDir work;
  const std::string log = test::source_path("tests/data/openssl/openssl-3.0-md5-16.txt");
  // A quick pass for the kernels: the program keeps its whole second (it reads no "0.01").
  const auto run = test::cli({"reproduce", "--original", "-q", log, "--set", "seconds=10ms", "-o", work / "r.json",
                              "--emit", work / "r.bench"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  const std::string recipe = read_source_abs(work / "r.bench");
  // The log's -seconds 1 and its one block size (-bytes 16) reach the program.
  CHECK(has_line(recipe, "let seconds = 1s"));
  CHECK(recipe.find("\nlet openssl_seconds = 1 ") != std::string::npos);
  CHECK(has_line(recipe,
                 "  exec openssl speed -elapsed -bytes 16 -seconds $openssl_seconds md5 import openssl missing "
                 "skip"));
  CHECK(has_line(recipe, "compare with section \"openssl speed\""));
  const auto header = run.out.find("\nseries ", run.out.find("this machine (openssl speed)") - 200);
  REQUIRE(header != std::string::npos);
  std::istringstream line(run.out.substr(header + 1, run.out.find('\n', header + 1) - header - 1));
  std::vector<std::string> words{std::istream_iterator<std::string>(line), std::istream_iterator<std::string>()};
  CHECK(words.size() == 1 + 1 + 6 + 2 * 4);  // series, the log, "this machine (…)" twice, two ratios of 4 words
  CHECK(run.out.find("\nthis machine (openssl speed) is ") != std::string::npos);
  CHECK(run.out.find("\nthis machine (hwbench) is ") != std::string::npos);
  CHECK(run.out.find("\nthis machine (openssl speed) is ") < run.out.find("\nthis machine (hwbench) is "));
}

TEST_CASE("reproduce: a 3.x openssl log's rows take hwbench's names, each cited at the line the log printed") {
  const std::string text =
      "version: 3.0.22\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes\n"
      "md5              62778.75k   179191.42k\n"
      "des-ede3          5910.16k    13075.07k\n"
      "blowfish             0.00         0.00 \n"
      "                              sign    verify    sign/s verify/s\n"
      " 256 bit ecdsa (nistp256)   0.0001s   0.0002s  10000.0   5000.0\n";
  std::string error;
  const auto log = reproduce::read_log(text, "speed.txt", error);
  REQUIRE_MESSAGE(log, error);
  const auto p = reproduce::infer_procedure(*log, {std::uint64_t{1} << 30}, error);
  REQUIRE_MESSAGE(p, error);
  INFO(p->recipe);
  CHECK(p->recipe.find("\nfor b in [16, 64] series \"des ede3 $b bytes\" cipher des-ede3 block $b for $seconds  # line "
                       "5: des-ede3 5910.16k 13075.07k\n") != std::string::npos);
  CHECK(p->recipe.find("\nfor b in [16, 64] series \"blowfish cbc $b bytes\" cipher blowfish block $b for $seconds  "
                       "# line 6: blowfish 0.00 0.00\n") != std::string::npos);
  // 1.x's "256 bit ecdsa" is hwbench's "256 bits ecdsa": a kernel runs it.
  CHECK(p->recipe.find("\nseries \"256 bits ecdsa (nistp256) verify\" pkey ecdsa bits 256 verify for $key_seconds  "
                       "# line 8: 256 bit ecdsa (nistp256) 0.0001s 0.0002s 10000.0 5000.0\n") != std::string::npos);
}

TEST_CASE("reproduce --original: openssl speed 3.x's rows meet the kernels' rows of a 0.9.8 log in the run's table") {
  if (test::find_tool("openssl").empty()) return test::skip("openssl is not installed");
  test::TempDir work;
  test::write_text(work / "x20.txt",
                   "OpenSSL 0.9.8g 19 Oct 2007\n"
                   "The 'numbers' are in 1000s of bytes per second processed.\n"
                   "type             16 bytes\n"
                   "md5               3791.55k\n"
                   "des ede3          4447.11k\n"
                   "blowfish cbc     18632.95k\n"
                   "aes-128 cbc      10300.42k\n");
  // The program runs one second a row (-bytes 16: one column), the kernels 10 ms a cell.
  const auto run = test::cli({"reproduce", "--original", "-q", "--width", "0", work / "x20.txt", "--set",
                              "seconds=10ms", "--set", "openssl_seconds=1", "-o", work / "r.json"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  std::string table;
  for (char c : run.out)
    if (c != ' ' || table.empty() || table.back() != ' ') table += c;
  INFO(table);
  const auto header = table.find("\nseries openssl speed hwbench hwbench/openssl speed\n");
  REQUIRE(header != std::string::npos);
  std::istringstream rows(table.substr(table.find('\n', header + 1) + 1));
  std::vector<std::string> lines;
  for (std::string line; std::getline(rows, line) && !line.starts_with("geometric mean ");) lines.push_back(line);
  // One row per cell: 3.x's des-ede3 and aes-128-cbc are the log's des ede3 and aes-128 cbc. The
  // program's blowfish may print 0.00 (the legacy provider, which openssl speed does not load;
  // hwbench's figure is then in k all the same, as the rows where the program has one).
  const std::vector<std::string> expected = {
      "md5 16 bytes [0-9.]+ k [0-9.]+ k [0-9.]+", "des ede3 16 bytes [0-9.]+ k [0-9.]+ k [0-9.]+",
      "blowfish cbc 16 bytes (-|[0-9.]+ k) [0-9.]+ k (-|[0-9.]+)", "aes-128 cbc 16 bytes [0-9.]+ k [0-9.]+ k [0-9.]+"};
  REQUIRE(lines.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO(lines[i]);
    CHECK(std::regex_match(lines[i], std::regex(expected[i])));
  }
}

TEST_CASE("reproduce --original: bonnie++ runs with the log's options where it is installed") {
  if (test::find_tool("bonnie++").empty()) {
    test::skip("bonnie++ is not installed");
    return;
  }
  test::TempDir work;
  const auto run =
      test::cli({"reproduce", "--original", "-q", test::source_path("tests/data/bonnie/fast-1.03.bonnie.txt"), "--set",
                 "size=4MiB", "-L", "disk=" + work.path(), "-o", work / "r.json", "--emit", work / "r.bench"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  const std::string recipe = read_source_abs(work / "r.bench");
  // -f: the log has no per-character tests; -n 0: no file tests; -r half the size.
  CHECK(recipe.find("  exec bonnie++ -d \"${disk:}\" -s \"${size / 1MiB}:16k\" \"-r\" ${size / 2MiB} -n 0 -f -q") !=
        std::string::npos);
  CHECK(run.out.find("this machine (bonnie++)") != std::string::npos);
  CHECK(run.out.find("this machine (hwbench)") != std::string::npos);
}

TEST_CASE("reproduce --original: a tool with no original program here says so and runs hwbench's kernels") {
  const auto run = test::cli(
      {"reproduce", "--original", "--dry-run", test::source_path("tests/golden/nbench-thinkpad-x20-p3-600mhz.log")});
  CHECK(run.code == 0);
  CHECK(run.err.find("reproduce: note: --original: hwbench runs no original program for nbench: only openssl speed "
                     "and bonnie++ are\n") != std::string::npos);
}

TEST_CASE("reproduce: a UnixBench 4.1 log keeps its samples as runs, its FINAL SCORE and its layout") {
  const auto p = procedure_of("tests/golden/unixbench-4.1-sample.log", "unixbench");
  // 4.1 printed every sample: 10 samples are 10 runs, 3 are 3.
  CHECK(has_line(p.recipe, "series \"Dhrystone 2 using register variables\" dhry2reg for 10s runs 10"));
  CHECK(has_line(p.recipe, "series \"Shell Scripts (8 concurrent)\" shell tmp: concurrent 8 for 60s runs 3"));
  CHECK(p.recipe.find("series \"Shell Scripts (1 concurrent)\"") == std::string::npos);
  CHECK(p.recipe.find("index \"FINAL SCORE\" = geomean(\"Dhrystone 2 using register variables\", ") !=
        std::string::npos);
  CHECK(p.recipe.find(") vs george scale 10 using unixbench  # line 28: FINAL SCORE 902.1\n") != std::string::npos);
  CHECK(has_line(p.recipe, "report unixbench layout 4.1"));
}

TEST_CASE("reproduce: an openssl speed 3.x log with one block size and -seconds 1") {
  const auto p = procedure_of("tests/data/openssl/openssl-3.0-md5-16.txt", "openssl");
  CHECK(p.recipe.find("let seconds = 1s  # line 1: $ openssl speed -elapsed -seconds 1 -bytes 16 md5\n") !=
        std::string::npos);
  CHECK(has_line(p.recipe, "let key_seconds = $seconds"));
  CHECK(has_line(p.recipe, "for b in [16] series \"md5 $b bytes\" digest md5 block $b for $seconds"));
  CHECK(p.notes.empty());
}

TEST_CASE("reproduce: a result file from another machine gives its recipe, --set values and baseline file") {
  test::TempDir work;
  const std::string file = test::source_path("tests/data/reproduce/other-machine.json");
  const auto dry = test::cli({"reproduce", "--dry-run", file, "--emit", work / "again.bench"});
  INFO(dry.err);
  REQUIRE(dry.code == 0);
  CHECK(dry.err.find("reproduce: note: " + file +
                     " was made by hwbench 0.0.9; this is hwbench 0.1.0: a kernel may have changed\n") !=
        std::string::npos);
  CHECK(dry.out.find("parameters: --set runs=4\n") != std::string::npos);
  // The baseline it read is written where the recipe looks for it, with the figures it kept.
  CHECK(read_source_abs(work / "base/ref.toml").find("\"md5 64\" = 100\n") != std::string::npos);
  const auto run = test::cli({"reproduce", "-q", file, "-o", work / "r.json"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  CHECK(run.out.find("\nmd5 index (vs ref) ") != std::string::npos);
  CHECK(run.out.find("\n* CPU          Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz") != std::string::npos);
}

TEST_CASE("reproduce: the shipped published files' derived recipes are kept as golden files") {
  for (const char* stem : {"linux-raid1-esata.bonnie", "linux-raid1-esata.cp", "thinkpad-x20-p3-600mhz.nbench",
                           "thinkpad-x20-p3-600mhz.openssl"}) {
    CAPTURE(stem);
    const auto p = procedure_of(std::string("specs/published/") + stem + ".toml", "published");
    const std::string name = std::string("reproduce/published-") + stem + ".bench";
    CHECK(test::golden(name, p.recipe) == p.recipe);
  }
}
