// `hwbench reproduce` where a user's files or a log's text could trip it: the log never written
// over, result files named after the log and never replaced, unreadable files told apart,
// citations kept valid UTF-8, and the derived recipe's own problems.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/record/recipe_writer.hpp"
#include "runtime/record/result_file.hpp"
#include "runtime/reproduce/procedures.hpp"
#include "tests/faults/hwbench_child.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/temp_dir.hpp"

namespace test = hwbench::test;
namespace reproduce = hwbench::runtime::reproduce;

namespace {

const std::string md5_log = test::source_path("tests/data/openssl/openssl-3.0-md5-16.txt");

std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Whether `text` is well-formed UTF-8.
bool valid_utf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > text.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

}  // namespace

TEST_CASE("reproduce: -o or --emit naming the log itself is refused and the log is kept") {
  test::TempDir work;
  const std::string log = work / "log.txt";
  std::filesystem::copy_file(md5_log, log);
  const std::string before = file_text(log);
  for (const char* option : {"-o", "--emit"}) {
    const auto run = test::cli({"reproduce", log, option, log, "--set", "seconds=10ms"});
    CHECK(run.code == 2);
    CHECK(run.err == "hwbench: " + std::string(option) + " " + log + " is the log itself; name another file\n");
    CHECK(file_text(log) == before);
  }
}

TEST_CASE("reproduce: the result is named after the whole log name and a second one does not replace the first") {
  test::TempDir work;
  const std::string log = work / "x20.openssl-speed.txt";
  std::filesystem::copy_file(md5_log, log);
  for (int i = 0; i < 2; ++i) {
    test::HwbenchChild run({"reproduce", "-q", log, "--set", "seconds=10ms"}, work.path());
    CHECK(run.exit_code(60) == 0);
  }
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(work / "results"))
    names.push_back(e.path().filename().string());
  REQUIRE(names.size() == 2);
  for (const auto& n : names) CHECK(n.starts_with("x20.openssl-speed-reproduced-"));
}

TEST_CASE("reproduce: a device is refused at once, not read forever") {
  const auto run = test::cli({"reproduce", "--dry-run", "/dev/zero"});
  CHECK(run.code == 2);
  CHECK(run.err == "hwbench: /dev/zero: a device, not a log\n");
}

TEST_CASE("reproduce: the closest format is the tool whose words the file holds, or none") {
  test::TempDir work;
  // An nbench log without its header line: nbench's words, which openssl's importer does not know.
  std::string nbench = file_text(test::source_path("tests/golden/nbench-thinkpad-x20-p3-600mhz.log"));
  const auto header = nbench.find("TEST                : Iterations/sec.");
  REQUIRE(header != std::string::npos);
  nbench.erase(header, nbench.find('\n', header) - header + 1);
  test::write_text(work / "cut.txt", nbench);
  const auto cut = test::cli({"reproduce", "--dry-run", work / "cut.txt"});
  CHECK(cut.code == 1);
  CHECK(cut.err.find("; the closest is nbench (") != std::string::npos);
  // Text of no tool at all, and a binary whose "line" would be kilobytes: short, no control bytes.
  test::write_text(work / "notes.txt", "shopping list\neggs\n");
  const auto none = test::cli({"reproduce", "--dry-run", work / "notes.txt"});
  CHECK(none.err == "hwbench: " + (work / "notes.txt") +
                        ": not a log hwbench reads: neither a result file (JSON), a published result (TOML) nor the "
                        "output of nbench, bonnie, openssl, unixbench; it holds none of their words\n");
  std::string binary(4096, '\x01');
  binary.replace(100, 14, "NUMERIC SORT  ");
  test::write_text(work / "bin.txt", binary);
  const auto bin = test::cli({"reproduce", "--dry-run", work / "bin.txt"});
  CHECK(bin.err.size() < 600);
  CHECK(bin.err.find('\x01') == std::string::npos);
}

TEST_CASE("reproduce: a citation is cut at a whole character, and a byte that is no UTF-8 becomes ?") {
  // 50 ASCII bytes, then non-breaking spaces (two bytes each) across the 57-byte cut.
  std::string line(50, 'x');
  for (int i = 0; i < 10; ++i) line += "\xC2\xA0";
  line += "\xE9t\xE9";  // Latin-1 "été": not UTF-8
  hwbench::runtime::record::RecipeWriter w(line + "\n");
  const std::string cited = w.cite("xxxxx");
  CHECK(valid_utf8(cited));
  CHECK(cited == "line 1: " + std::string(50, 'x') + "\xC2\xA0\xC2\xA0\xC2\xA0...");
  hwbench::runtime::record::RecipeWriter short_line("caf\xE9 \xC2\xA0ok\n");
  CHECK(short_line.cite("caf") == "line 1: caf? \xC2\xA0ok");
}

TEST_CASE("reproduce: a cp table with more writes than reads writes the missing files first") {
  test::TempDir work;
  test::write_text(work / "small.cp.toml",
                   "schema = \"hwbench-published/1\"\ntitle = \"cp\"\nmachine = \"box\"\n\n"
                   "[[series]]\nlabel = \"read 1MB\"\nunit = \"MB/s\"\nsamples = [100, 101]\n\n"
                   "[[series]]\nlabel = \"write 1MB\"\nunit = \"MB/s\"\nsamples = [50, 51, 52]\n");
  const auto run = test::cli({"reproduce", "--dry-run", work / "small.cp.toml", "-L", "disk=" + work.path()});
  INFO(run.err);
  CHECK(run.code == 0);
  CHECK(run.out.find("  for i in 3..3 write ramdisk:/hwb_1MB_$i size 1MB random\n") != std::string::npos);
}

TEST_CASE("reproduce: a refused setting names the derived recipe's file and how to keep it") {
  const auto run = test::cli({"reproduce", "--dry-run", md5_log, "--set", "seconds=fast"});
  CHECK(run.code == 1);
  CHECK(run.err.find("reproduce: note: ") != std::string::npos);
  CHECK(run.err.find(" was the derived recipe, removed with its directory: --emit FILE keeps it, --dry-run prints "
                     "it\n") != std::string::npos);
}

TEST_CASE("reproduce: a result file's run given -L asks for it again, naming the path it had") {
  test::TempDir work;
  const std::string recipe = work / "c.bench";
  test::write_text(recipe,
                   "location d = \"/nonexistent/x\"\nsetup { write d:/f size 64KB random }\nseries \"c\" cp d:/f -> "
                   "d:/g\nteardown { rm d:/f ; rm d:/g }\n");
  REQUIRE(test::cli({"run", "-q", recipe, "-L", "d=" + work.path(), "-o", work / "r.json"}).code == 0);
  const auto run = test::cli({"reproduce", work / "r.json"});
  CHECK(run.code == 2);
  CHECK(run.err.find("reproduce: note: its run was given -L d=" + work.path() + "\n") != std::string::npos);
  CHECK(run.err.find("its procedure needs -L d=PATH") != std::string::npos);
}
