#pragma once
// A vector that grows without moving what it holds: for columns of a million samples, where a
// std::vector's doubling copies every value again into fresh pages, and those copies and page
// faults cost more than a short sample itself.
#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace hwbench::runtime::model {

/// Values of a trivially copyable T, appended in chunks of 256, 512, 1024… values (each twice
/// the one before): appending never copies, reading value i finds its chunk with one bit scan,
/// and the memory is at most twice the values plus 256.
template <typename T>
class ChunkedVector {
 public:
  ChunkedVector() = default;
  ChunkedVector(ChunkedVector&&) noexcept = default;
  ChunkedVector& operator=(ChunkedVector&&) noexcept = default;
  ChunkedVector(const ChunkedVector& other) {
    for (std::size_t i = 0; i < other.size(); ++i) push_back(other[i]);
  }
  ChunkedVector& operator=(const ChunkedVector& other) {
    if (this != &other) *this = ChunkedVector(other);
    return *this;
  }

  void push_back(T value) {
    if (size_ == capacity_) grow();
    *next_++ = value;
    ++size_;
  }
  /// Appends values[0..n), copied a chunk's room at a time.
  void append(const T* values, std::size_t n) {
    while (n > 0) {
      if (size_ == capacity_) grow();
      const std::size_t take = std::min(n, capacity_ - size_);
      std::memcpy(next_, values, take * sizeof(T));
      next_ += take;
      size_ += take;
      values += take;
      n -= take;
    }
  }
  T operator[](std::size_t i) const {
    const std::size_t chunk = chunk_of(i);
    return chunks_[chunk].get()[i - start_of(chunk)];
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  /// Values it can hold before it allocates again.
  std::size_t capacity() const { return capacity_; }
  void clear() { *this = ChunkedVector(); }

 private:
  static constexpr std::size_t first_chunk = 256;

  // Chunk c holds values [first_chunk·(2^c − 1), first_chunk·(2^(c+1) − 1)).
  static std::size_t chunk_of(std::size_t i) {
    return static_cast<std::size_t>(std::bit_width(i / first_chunk + 1)) - 1;
  }
  static std::size_t start_of(std::size_t chunk) { return first_chunk * ((std::size_t{1} << chunk) - 1); }

  struct Free {
    void operator()(T* p) const { std::free(p); }
  };

  [[gnu::noinline]] void grow() {
    const std::size_t n = first_chunk << chunks_.size();
    const std::size_t bytes = n * sizeof(T);
    // A chunk of 2 MiB or more (a whole number of them) takes huge pages (transparent, aligned,
    // advised): a page fault costs 0.1–0.3 µs on bare metal but up to 30 µs in some virtual
    // machines, where the faults of four-kilobyte pages cost more than a short sample every
    // 512 samples; one huge page takes one fault. Smaller chunks are not rounded up: a fresh
    // page costs as much to clear as to fault. Left uninitialised: every value is written by
    // push_back before it is read.
    const bool huge = bytes >= huge_page;
    T* chunk = static_cast<T*>(std::aligned_alloc(huge ? huge_page : alignof(std::max_align_t), bytes));
    if (chunk == nullptr) throw std::bad_alloc();
    if (huge) ::madvise(chunk, bytes, MADV_HUGEPAGE);  // advice only: without it, small pages
    chunks_.emplace_back(chunk);
    next_ = chunk;
    capacity_ += n;
  }

  static constexpr std::size_t huge_page = std::size_t{2} << 20;
  std::vector<std::unique_ptr<T, Free>> chunks_;
  T* next_ = nullptr;  ///< where the next value goes
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace hwbench::runtime::model
