#include "kernels/nbench/integer/huffman.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "kernels/nbench/common/nbench_data.hpp"
#include "kernels/nbench/integer/integer_index.hpp"
#include "kernels/nbench/nbench.hpp"
#include "tests/kernels/nbench/counted_run.hpp"

namespace hwbench::kernels::nbench {

namespace {

std::vector<unsigned char> bytes_of(const std::string& text) { return {text.begin(), text.end()}; }

// Compresses and decompresses `text`; returns the bit count, and the decoded bytes in `decoded`.
std::size_t round_trip(const std::vector<unsigned char>& text, std::vector<unsigned char>& decoded) {
  HuffmanCoder coder;
  coder.build(text);
  std::vector<unsigned char> packed(huffman_code_buffer(text.size()));
  const std::size_t bits = coder.compress(text, packed);
  decoded.assign(text.size(), 0);
  CHECK(coder.decompress(packed, decoded) == bits);
  return bits;
}

}  // namespace

TEST_CASE("huffman: nbench's text is 4999 bytes of catalogue words in lines, then a NUL") {
  Random rng;
  const std::string text = huffman_text(rng);
  REQUIRE(text.size() == 5000);
  CHECK(text.back() == '\0');
  CHECK(text.substr(0, 60) == "yourselves togetherness together if were used Entered rough ");
  CHECK(std::count(text.begin(), text.end(), '\n') == 17);
  CHECK(text.substr(text.size() - 7) == std::string("eithe\n\0", 7));

  // Every line is 6..499 bytes with its '\n' (the last may be shorter), and holds catalogue words
  // separated by single blanks; only a line's last word may be cut short.
  const auto words = huffman_words();
  const std::set<std::string_view> catalogue(words.begin(), words.end());
  std::size_t start = 0;
  int lines = 0;
  while (start < text.size() - 1) {
    const std::size_t end = text.find('\n', start);
    REQUIRE(end != std::string::npos);
    const std::size_t length = end - start + 1;
    if (end + 2 < text.size()) {
      CHECK(length >= 6);
      CHECK(length <= 499);
    }
    const std::string line = text.substr(start, end - start);
    std::size_t w = 0;
    while (w < line.size()) {
      std::size_t blank = line.find(' ', w);
      const bool last = blank == std::string::npos;
      const std::string word = line.substr(w, last ? std::string::npos : blank - w);
      if (!last) {
        CHECK(catalogue.count(word) == 1);
      } else {
        const bool prefix = std::any_of(words.begin(), words.end(),
                                        [&](std::string_view c) { return c.substr(0, word.size()) == word; });
        CHECK(prefix);
      }
      w = last ? line.size() : blank + 1;
    }
    ++lines;
    start = end + 1;
  }
  CHECK(lines == 17);
}

TEST_CASE("huffman: nbench's text comes back exactly from its 21354-bit code") {
  Random rng;
  const std::vector<unsigned char> text = bytes_of(huffman_text(rng));
  std::vector<unsigned char> decoded;
  CHECK(round_trip(text, decoded) == 21354);
  CHECK(decoded == text);
}

TEST_CASE("huffman: a small text gets an optimal code and comes back") {
  // a:5 b:2 r:2 c:1 d:1 -> any Huffman code spends 23 bits on "abracadabra".
  const std::vector<unsigned char> text = bytes_of("abracadabra");
  std::vector<unsigned char> decoded;
  CHECK(round_trip(text, decoded) == 23);
  CHECK(decoded == text);
  // Two symbols: one bit each.
  const std::vector<unsigned char> pair = bytes_of("xyyxxy");
  CHECK(round_trip(pair, decoded) == 6);
  CHECK(decoded == pair);
}

TEST_CASE("huffman: a text of one repeated byte, or a buffer that a code may not fit, is refused") {
  HuffmanCoder coder;
  const std::vector<unsigned char> same = bytes_of("zzzz");
  CHECK_THROWS_AS(coder.build(same), KernelError);
  // Five leaves, four interior nodes: a code takes at most 4 bits, 44 for the 11 bytes, although
  // the optimal code takes 23. Checked once against the longest, not byte by byte.
  const std::vector<unsigned char> text = bytes_of("abracadabra");
  coder.build(text);
  CHECK(coder.longest_code() == 4);
  std::vector<unsigned char> fits(6);  // 48 bits
  CHECK(coder.compress(text, fits) == 23);
  std::vector<unsigned char> decoded(text.size());
  CHECK(coder.decompress(fits, decoded) == 23);
  CHECK(decoded == text);
  std::vector<unsigned char> small(5);  // 40 bits
  CHECK_THROWS_WITH_AS(coder.compress(text, small), "nbench huffman: the compressed text may not fit its buffer",
                       KernelError);
  CHECK_THROWS_WITH_AS(coder.decompress(small, decoded),
                       "nbench huffman: the compressed text may not hold that many bytes", KernelError);
}

TEST_CASE("huffman: one unit is one build-compress-decompress pass, with nothing untimed") {
  const CountedRun one = run_counted(make_huffman, 1);
  CHECK(one.work.ops == 1);
  CHECK(one.work.bytes == 0);
  CHECK(one.untimed_calls == 0);
  CHECK(run_counted(make_huffman, 4).work.ops == 4);
}

}  // namespace hwbench::kernels::nbench
