#include "kernels/memory/stream_arrays.hpp"

#include <cmath>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "kernels/contract/kernel.hpp"
#include "kernels/memory/memory.hpp"

namespace hwbench::kernels::memory {

namespace {

// The loops are written as STREAM writes them; __restrict lets the compiler vectorise them
// exactly as it would STREAM's file-scope arrays. STREAM_LOOP keeps each one a loop: gcc and
// clang otherwise turn copy into a call of the C library's memmove, whose large-copy path ran
// 20-25% below STREAM's loop on the project's VM (memcpy is the separate `memcpy` row).
#if defined(__clang__)
#define STREAM_LOOP __attribute__((no_builtin("memcpy", "memmove", "memset")))
#elif defined(__GNUC__)
#define STREAM_LOOP __attribute__((optimize("no-tree-loop-distribute-patterns")))
#else
#define STREAM_LOOP
#endif

STREAM_LOOP void copy_share(double* __restrict c, const double* __restrict a, std::size_t begin, std::size_t end) {
  for (std::size_t j = begin; j < end; ++j) c[j] = a[j];
}

STREAM_LOOP void scale_share(double* __restrict b, const double* __restrict c, std::size_t begin, std::size_t end) {
  for (std::size_t j = begin; j < end; ++j) b[j] = StreamArrays::scalar * c[j];
}

STREAM_LOOP void add_share(double* __restrict c, const double* __restrict a, const double* __restrict b,
                           std::size_t begin, std::size_t end) {
  for (std::size_t j = begin; j < end; ++j) c[j] = a[j] + b[j];
}

STREAM_LOOP void triad_share(double* __restrict a, const double* __restrict b, const double* __restrict c,
                             std::size_t begin, std::size_t end) {
  for (std::size_t j = begin; j < end; ++j) a[j] = b[j] + StreamArrays::scalar * c[j];
}

/// Why array `name` fails validation against `expected`, or "" when it passes.
std::string check_array(const char* name, const double* x, std::size_t n, double expected) {
  double sum_abs = 0;
  for (std::size_t j = 0; j < n; ++j) sum_abs += std::fabs(x[j] - expected);
  const double avg_abs = n > 0 ? sum_abs / static_cast<double>(n) : 0;
  // STREAM divides by the expected value; c stays 0 under `scale` alone, where the absolute error is what counts.
  const double avg_rel = expected != 0 ? avg_abs / std::fabs(expected) : avg_abs;
  // Written so that a NaN fails too.
  if (avg_rel <= StreamArrays::epsilon) return "";
  std::size_t wrong = 0;
  for (std::size_t j = 0; j < n; ++j) {
    const double rel = expected != 0 ? std::fabs(x[j] / expected - 1.0) : std::fabs(x[j]);
    if (!(rel <= StreamArrays::epsilon)) ++wrong;
  }
  return fmt::format(
      "Failed Validation on array {}[], AvgRelAbsErr > epsilon ({:e}): expected value {:e}, AvgAbsErr {:e}, "
      "AvgRelAbsErr {:e}; {} of {} elements differ",
      name, StreamArrays::epsilon, expected, avg_abs, avg_rel, wrong, n);
}

}  // namespace

StreamArrays::StreamArrays(std::size_t elements, ThreadTeam& team)
    : team_(team),
      n_(elements),
      a_(page_buffer(elements * sizeof(double), "STREAM array a")),
      b_(page_buffer(elements * sizeof(double), "STREAM array b")),
      c_(page_buffer(elements * sizeof(double), "STREAM array c")) {
  double* a = this->a();
  double* b = this->b();
  double* c = this->c();
  for_each_share(team_, n_, 8, [&](std::size_t begin, std::size_t end) {
    for (std::size_t j = begin; j < end; ++j) {
      a[j] = 1.0;
      b[j] = 2.0;
      c[j] = 0.0;
    }
    // STREAM's timing probe doubles a once before the timed loop; validation expects it.
    for (std::size_t j = begin; j < end; ++j) a[j] = 2.0 * a[j];
  });
  aj_ = 2.0 * aj_;
}

void StreamArrays::pass(StreamFunction function) {
  double* a = this->a();
  double* b = this->b();
  double* c = this->c();
  switch (function) {
    case StreamFunction::copy:
      for_each_share(team_, n_, 8, [&](std::size_t s, std::size_t e) { copy_share(c, a, s, e); });
      cj_ = aj_;
      break;
    case StreamFunction::scale:
      for_each_share(team_, n_, 8, [&](std::size_t s, std::size_t e) { scale_share(b, c, s, e); });
      bj_ = scalar * cj_;
      break;
    case StreamFunction::add:
      for_each_share(team_, n_, 8, [&](std::size_t s, std::size_t e) { add_share(c, a, b, s, e); });
      cj_ = aj_ + bj_;
      break;
    case StreamFunction::triad:
      for_each_share(team_, n_, 8, [&](std::size_t s, std::size_t e) { triad_share(a, b, c, s, e); });
      aj_ = bj_ + scalar * cj_;
      break;
    case StreamFunction::memcpy:
      for_each_share(team_, n_, 8,
                     [&](std::size_t s, std::size_t e) { std::memcpy(c + s, a + s, (e - s) * sizeof(double)); });
      cj_ = aj_;
      break;
  }
}

std::uint64_t StreamArrays::bytes_per_pass(StreamFunction function) const {
  return std::uint64_t{info(function).words} * sizeof(double) * n_;
}

void StreamArrays::validate() const {
  std::string failures;
  for (const auto& [name, array, expected] :
       {std::tuple{"a", a(), aj_}, std::tuple{"b", b(), bj_}, std::tuple{"c", c(), cj_}}) {
    const std::string why = check_array(name, array, n_, expected);
    if (why.empty()) continue;
    if (!failures.empty()) failures += "; ";
    failures += why;
  }
  if (!failures.empty()) throw KernelError(failures);
}

}  // namespace hwbench::kernels::memory
