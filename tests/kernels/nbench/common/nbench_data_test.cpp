#include "kernels/nbench/common/nbench_data.hpp"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace hwbench::kernels::nbench {

namespace {

/// The data files as shipped with nbench (copied from shared/data into tests/data).
std::string shared_file(const std::string& name) {
  std::ifstream in(std::string(HWBENCH_SOURCE_DIR) + "/tests/data/nbench/" + name, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("nbench data: NNET.DAT is embedded byte for byte") {
  const std::string file = shared_file("NNET.DAT");
  REQUIRE(file.size() > 1000);
  CHECK(nnet_dat() == file);
}

TEST_CASE("nbench data: the word catalogue is the distribution's list, in order") {
  std::istringstream lines(shared_file("huffman-words.txt"));
  std::vector<std::string> expected;
  for (std::string line; std::getline(lines, line);) expected.push_back(line);
  REQUIRE(expected.size() == 50);
  const auto words = huffman_words();
  REQUIRE(words.size() == 50);
  for (std::size_t i = 0; i < 50; ++i) CHECK(words[i] == expected[i]);
  CHECK(words.front() == "Hello");
  CHECK(words.back() == "know");
}

}  // namespace hwbench::kernels::nbench
