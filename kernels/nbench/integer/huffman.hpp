#pragma once
// BYTEmark's Huffman coder: byte frequencies, a tree built by pairing the two rarest nodes,
// codes found by climbing from leaf to root, decoding bit by bit from the root.
#include <array>
#include <cstddef>
#include <span>
#include <string>

#include "kernels/nbench/common/random.hpp"

namespace hwbench::kernels::nbench {

/// The size of nbench's text, its final NUL included.
inline constexpr std::size_t huffman_text_size = 5000;

/// nbench's text: reseeds `rng`, then lines of random length (6..499) filled with catalogue words
/// each followed by a blank (the last one cut to fit), every line ending in '\n'; `size` - 1
/// bytes of that, then a NUL.
std::string huffman_text(Random& rng, std::size_t size = huffman_text_size);

/// The bytes a code buffer needs for any text of `text_size` bytes: the longest code a tree of
/// 256 leaves can give (255 bits) for every byte. Only the part a code fills is ever touched.
inline constexpr std::size_t huffman_code_buffer(std::size_t text_size) { return (text_size * 255 + 7) / 8; }

/// A Huffman tree over byte values; build() again for each text.
class HuffmanCoder {
 public:
  /// Counts `text`'s bytes and builds the tree (throws KernelError for fewer than 2 distinct bytes).
  void build(std::span<const unsigned char> text);
  /// The longest code the tree can give, in bits: its number of interior nodes.
  std::size_t longest_code() const;
  /// Writes `text`'s code into `out` (bit i of the stream is bit i % 8 of byte i / 8) and returns
  /// the number of bits. Checked once, not byte by byte: `out` must hold `longest_code()` bits
  /// for every byte of `text` (KernelError if not).
  std::size_t compress(std::span<const unsigned char> text, std::span<unsigned char> out) const;
  /// Decodes `out.size()` bytes from `in` and returns the number of bits read; `in` must hold
  /// `longest_code()` bits for every byte of `out` (KernelError if not).
  std::size_t decompress(std::span<const unsigned char> in, std::span<unsigned char> out) const;

 private:
  // nbench's node, field for field: the byte first, then the frequency and the links (20 bytes),
  // so that the tree's scans and walks stride through memory as nbench's do.
  struct Node {
    unsigned char c = 0;  ///< a leaf's byte
    float freq = 0;
    int parent = 0;
    int left = 0;
    int right = 0;
  };
  std::array<Node, 512> nodes_{};
  int root_ = -1;
};

}  // namespace hwbench::kernels::nbench
