// `hwbench reproduce --original`'s run cut along its sections (reproduce::split_sections): the
// original program's rows, as its importer names them, meet the log's rows of the same cell.
#include "runtime/reproduce/procedures.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "tests/support/golden.hpp"

namespace reproduce = hwbench::runtime::reproduce;
namespace model = hwbench::runtime::model;

namespace {

/// What `openssl speed` 3.x printed here for three of the log's rows and one of its key rows:
/// 3.x's row names, and a sixth block size (16384) that 0.9.8's table never had.
const char* const speed_3x = R"(version: 3.0.22
The 'numbers' are in 1000s of bytes per second processed.
type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes
md5              43523.55k   153724.96k   275091.71k   394792.96k   482238.46k   487129.09k
des-ede3         21686.13k    22539.15k    31634.18k    31424.51k    32063.49k    33046.53k
blowfish             0.00         0.00         0.00         0.00         0.00         0.00 
aes-128-cbc    1072365.39k  1208079.04k  1089838.59k  1175826.43k  1461608.45k  1446805.50k
                  sign    verify    sign/s verify/s
rsa  512 bits 0.000043s 0.000002s  22989.0 428917.0
)";

std::string read_source_file(const std::string& relative) {
  std::ifstream in(hwbench::test::source_path(relative), std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

reproduce::Log read(const std::string& text, const std::string& name) {
  std::string error;
  auto log = reproduce::read_log(text, name, error);
  INFO(error);
  REQUIRE(log);
  return *log;
}

std::vector<std::string> labels(const model::Result& result) {
  std::vector<std::string> out;
  for (const auto& series : result.series) out.push_back(series.label);
  return out;
}

}  // namespace

TEST_CASE("reproduce --original: the program's rows take the log's labels, and cells the log lacks stay out") {
  const auto log = read(read_source_file("tests/golden/openssl-thinkpad-x20-p3-600mhz.log"), "x20.openssl-speed.txt");
  model::Result run = read(speed_3x, "speed.txt").result;
  for (auto& series : run.series) series.section = "openssl speed";
  // hwbench's own kernels beside it, under the log's labels.
  model::Series kernel = run.series.front();
  kernel.label = "md5 16 bytes";
  kernel.section = "hwbench";
  run.series.push_back(kernel);
  const auto parts = reproduce::split_sections(run, log);
  REQUIRE(parts.size() == 2);
  CHECK(parts[0].first == "openssl speed");
  CHECK(parts[1].first == "hwbench");
  // 3.x's des-ede3, blowfish and aes-128-cbc meet 0.9.8's des ede3, blowfish cbc and aes-128 cbc;
  // the 16384-byte column, which the log has no cell for, is not compared.
  std::vector<std::string> expected;
  for (const char* row : {"md5", "des ede3", "blowfish cbc", "aes-128 cbc"})
    for (int block : {16, 64, 256, 1024, 8192}) expected.push_back(fmt::format("{} {} bytes", row, block));
  expected.push_back("rsa 512 bits sign");
  expected.push_back("rsa 512 bits verify");
  INFO(fmt::format("{}", fmt::join(labels(parts[0].second), ", ")));
  CHECK(labels(parts[0].second) == expected);
  const auto of_log = labels(log.result);
  for (const auto& label : expected) {
    INFO(label);
    CHECK(std::find(of_log.begin(), of_log.end(), label) != of_log.end());
  }
}
