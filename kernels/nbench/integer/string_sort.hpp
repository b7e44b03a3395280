#pragma once
// STRING SORT: one counted unit is one heapsort of an 8111-byte array of length-prefixed random
// strings, the strings themselves moved in place, refilled with the same strings before every
// sort.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "kernels/nbench/common/random.hpp"

namespace hwbench::kernels::nbench {

/// Bytes of strings per array (nbench's STRINGARRAYSIZE).
inline constexpr std::size_t string_array_size = 8111;
/// Spare bytes after the strings: between the two moves of a swap the data is up to 76 bytes
/// longer than at rest.
inline constexpr std::size_t string_array_slack = 100;

/// Strings packed back to back, each a length byte followed by that many bytes.
struct StringArray {
  std::vector<unsigned char> bytes;  ///< string_array_size + string_array_slack bytes
  std::vector<std::size_t> offsets;  ///< where string i's length byte is, ascending

  /// String i's characters, without its length byte.
  std::span<const unsigned char> string(std::size_t i) const {
    return {bytes.data() + offsets[i] + 1, bytes[offsets[i]]};
  }
  /// String i as stored: its length byte, then its characters.
  const unsigned char* record(std::size_t i) const { return bytes.data() + offsets[i]; }
};

/// nbench's strings: reseeds `random`, then strings of length 1 + abs_randwc(76) whose bytes are
/// abs_randwc(254) (0..253), until the array is full; the last string is cut to end at exactly
/// string_array_size bytes.
void fill_string_array(Random& random, StringArray& array);

/// nbench's string order. `a` and `b` point at two strings' length bytes; the comparison is
/// strncmp over the shorter string's length counted from the length byte. So a shorter string
/// always sorts first; strings of equal length L compare on their first L - 1 bytes (unsigned,
/// and equal from a common 0 byte on); equal means not less. Lengths are 1..255.
bool string_less(const unsigned char* a, const unsigned char* b);

/// Exchanges strings `first` and `second` by moving bytes: `first` is saved, its slot resized
/// in place to the other's length (the bytes after it shift and the later offsets follow) and
/// the other copied in; then the same for `second`, which gets the saved string.
void swap_strings(StringArray& array, std::size_t first, std::size_t second);

/// Sorts ascending in string_less's order with BYTEmark's heapsort (heapsort.hpp), moving the
/// strings in place.
void heapsort_strings(StringArray& array);

}  // namespace hwbench::kernels::nbench
