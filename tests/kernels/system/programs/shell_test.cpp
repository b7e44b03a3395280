// The shell test: sort.src carried byte for byte, the pipeline's output checked once, and the
// kernel leaving nothing behind.
#include "kernels/system/programs/shell.hpp"

#include <algorithm>
#include <sstream>

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <openssl/evp.h>

#include "kernels/system/common/program.hpp"
#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"
#include "kernels/system/programs/sort_source.hpp"
#include "tests/kernels/files/files_test_support.hpp"
#include "tests/kernels/system/system_test_support.hpp"

namespace hwbench::kernels {

namespace {

std::string sha256(std::string_view text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_Digest(text.data(), text.size(), digest, &len, EVP_sha256(), nullptr);
  std::string out;
  for (unsigned int i = 0; i < len; ++i) out += fmt::format("{:02x}", digest[i]);
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string text_of(const std::string& path) {
  const auto bytes = test::get_file(path);
  return std::string(bytes.begin(), bytes.end());
}

}  // namespace

TEST_CASE("shell: sort.src is UnixBench's file, byte for byte") {
  CHECK(system::sort_source().size() == 8546);
  CHECK(sha256(system::sort_source()) == "1feb22f7597b95f7e37f41c36bfe0b713f68cd37666b3125df01e01a875cdf81");
}

TEST_CASE("shell: the pipeline sorts, dumps, greps and counts") {
  test::TempDir dir;
  const std::string_view src = system::sort_source();
  test::put_file(dir / "sort.src", std::vector<unsigned char>(src.begin(), src.end()));
  const system::ShellFiles f{"sort.1", "od.1", "grep.1", "wc.1"};
  system::ProgramRun run;
  run.argv = {"/bin/sh", "-c", system::shell_pipeline("sort.src", f)};
  run.dir = dir.path();
  run.env_set = {"LC_ALL=C"};
  const auto out = system::run_program(run);
  REQUIRE(system::succeeded(out.status));
  CHECK(out.output.empty());

  std::vector<std::string> expected = lines_of(std::string(src));
  std::sort(expected.begin(), expected.end());
  const std::vector<std::string> sorted = lines_of(text_of(dir / "sort.1"));
  CHECK(sorted == expected);

  // od prints 16 bytes a line after a 7-digit octal offset ("*" for repeated lines), then the
  // final offset, 8546 = 0o20542; sort -n puts the "*" lines (value 0) first, then the offsets
  // in order.
  const std::vector<std::string> dump = lines_of(text_of(dir / "od.1"));
  REQUIRE(dump.size() > 500);
  CHECK(dump.back() == "0020542");
  std::vector<std::string> offsets;
  for (const auto& line : dump)
    if (line != "*") offsets.push_back(line.substr(0, 7));
  CHECK(offsets.front() == "0000000");
  CHECK(std::is_sorted(offsets.begin(), offsets.end()));
  CHECK(dump.size() - offsets.size() == 3);

  std::vector<std::string> with_the;
  std::size_t words = 0;
  std::size_t bytes = 0;
  for (const auto& line : sorted) {
    if (line.find("the") == std::string::npos) continue;
    with_the.push_back(line);
    std::istringstream in(line);
    for (std::string w; in >> w;) ++words;
    bytes += line.size() + 1;
  }
  CHECK(lines_of(text_of(dir / "grep.1")) == with_the);
  std::istringstream counts(text_of(dir / "wc.1"));
  std::size_t l = 0, w = 0, c = 0;
  counts >> l >> w >> c;
  CHECK(l == with_the.size());
  CHECK(w == words);
  CHECK(c == bytes);
  CHECK(l > 10);
}

TEST_CASE("shell: a unit runs N copies and removes their files, finish removes sort.src") {
  test::TempDir dir;
  const KernelSpec spec = system::shell_spec();
  CHECK(spec.runs_programs);
  CHECK(spec.measure.for_seconds == 60);
  test::Ownership own;
  const Call call = test::make_call(spec, {test::path_arg(dir.path())}, {{"concurrent", test::count_value(2)}});
  const FileEffects fx = spec.effects(call, own.view);
  REQUIRE(fx.creates.size() == 9);
  CHECK(fx.creates[0].path == dir / "sort.src");
  CHECK(fx.creates[0].size == 8546);
  CHECK(fx.creates[8].path == dir / "wc.2");
  auto k = spec.make(call, own.context());
  k->prepare();
  CHECK(k->run(1).ops == 1);
  CHECK(test::entries(dir.path()) == 1);
  CHECK(test::exists(dir / "sort.src"));
  k->finish();
  CHECK(test::entries(dir.path()) == 0);
  CHECK(test::no_children());
}

TEST_CASE("shell: the script starts each copy in the background and waits") {
  CHECK(system::shell_script("sort.src", {{"sort.1", "od.1", "grep.1", "wc.1"}}) ==
        "/bin/sh -c 'sort >sort.1 <sort.src\n"
        "od sort.1 | sort -n -k 1 >od.1\n"
        "grep the sort.1 | tee grep.1 | wc >wc.1\n"
        "rm sort.1 od.1 grep.1 wc.1' &\n"
        "wait\n");
}

}  // namespace hwbench::kernels
