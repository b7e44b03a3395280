// STRING SORT as nbench 2.2.3 runs it. One nbench iteration sorts `arrays` arrays, the first count
// from 1 up for which an iteration takes over 60 µs of CPU time; one sort takes about 0.45 ms on
// the reference machine (2259.9/s), so calibration stops at 1 and one counted unit here is one
// iteration of one array. Before each iteration nbench reseeds and rebuilds the strings outside its
// stopwatch.
//
// Choices where the reference is silent (it gives lengths 1..76, random bytes, in-place moves,
// +100 bytes of slack):
// - bytes are abs_randwc(256), the whole byte range;
// - strings are added while the array has room, the last one shortened to end at exactly 8111
//   bytes; the slack is then what the moves need, since a swap first resizes one slot to the
//   other string's length (the data grows by up to 76 bytes) and only then shrinks the other;
// - a swap of strings i < j resizes slot i, copies string j in, then resizes slot j and copies
//   the saved string i in; each resize moves every byte after the slot (memmove) and adjusts
//   every later offset, which is where BYTEmark's profile puts the time ("memmove").
#include "kernels/nbench/string_sort.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

#include "kernels/nbench/heapsort.hpp"
#include "kernels/nbench/iteration_kernel.hpp"
#include "kernels/nbench/nbench.hpp"

namespace hwbench::kernels::nbench {

void fill_string_array(Random& random, StringArray& array) {
  array.bytes.assign(string_array_size + string_array_slack, 0);
  array.offsets.clear();
  random.reseed();
  std::size_t at = 0;
  while (at < string_array_size) {
    std::size_t length = 1 + random.abs_randwc(76);
    if (at + 1 + length > string_array_size) length = string_array_size - at - 1;
    array.offsets.push_back(at);
    array.bytes[at] = static_cast<unsigned char>(length);
    for (std::size_t k = 1; k <= length; ++k) array.bytes[at + k] = static_cast<unsigned char>(random.abs_randwc(256));
    at += length + 1;
  }
}

bool string_less(std::span<const unsigned char> a, std::span<const unsigned char> b) {
  const std::size_t common = std::min(a.size(), b.size());
  for (std::size_t k = 0; k < common; ++k)
    if (a[k] != b[k]) return a[k] < b[k];
  return a.size() < b.size();
}

namespace {

// Gives slot `i` room for a string of `length` bytes: the bytes after it move, later offsets follow.
void resize_slot(StringArray& array, std::size_t i, std::size_t length) {
  unsigned char* bytes = array.bytes.data();
  std::size_t* offsets = array.offsets.data();
  const std::size_t count = array.offsets.size();
  const std::size_t old_length = bytes[offsets[i]];
  if (length == old_length) return;
  const std::size_t from = offsets[i] + 1 + old_length;
  const std::size_t end = offsets[count - 1] + 1 + bytes[offsets[count - 1]];
  std::memmove(bytes + offsets[i] + 1 + length, bytes + from, end - from);
  bytes[offsets[i]] = static_cast<unsigned char>(length);
  const std::ptrdiff_t shift = static_cast<std::ptrdiff_t>(length) - static_cast<std::ptrdiff_t>(old_length);
  for (std::size_t k = i + 1; k < count; ++k) offsets[k] = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(offsets[k]) + shift);
}

}  // namespace

void swap_strings(StringArray& array, std::size_t i, std::size_t j) {
  if (i == j) return;
  if (i > j) std::swap(i, j);
  std::array<unsigned char, 256> saved;
  const std::size_t saved_size = array.bytes[array.offsets[i]] + std::size_t{1};
  std::memcpy(saved.data(), array.bytes.data() + array.offsets[i], saved_size);

  resize_slot(array, i, array.bytes[array.offsets[j]]);
  std::memcpy(array.bytes.data() + array.offsets[i], array.bytes.data() + array.offsets[j],
              array.bytes[array.offsets[j]] + std::size_t{1});
  resize_slot(array, j, saved[0]);
  std::memcpy(array.bytes.data() + array.offsets[j], saved.data(), saved_size);
}

void heapsort_strings(StringArray& array) {
  heapsort(
      array.offsets.size(), [&array](std::size_t i, std::size_t j) { return string_less(array.string(i), array.string(j)); },
      [&array](std::size_t i, std::size_t j) { swap_strings(array, i, j); });
}

namespace {

class StringSort : public IterationKernel {
 public:
  explicit StringSort(const Context& ctx) : IterationKernel(ctx, true) {}

 protected:
  void set_up() override { fill_string_array(random_, array_); }
  std::uint64_t iterate() override {
    heapsort_strings(array_);
    return 1;
  }

 private:
  Random random_;
  StringArray array_;
};

}  // namespace

std::unique_ptr<Kernel> make_string_sort(const Call&, const Context& ctx) {
  return std::make_unique<StringSort>(ctx);
}

}  // namespace hwbench::kernels::nbench
