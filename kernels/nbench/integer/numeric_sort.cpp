// NUMERIC SORT as nbench 2.2.3 runs it. One nbench iteration sorts `arrays` arrays, `arrays` being
// the first count, from 1 up, for which an iteration takes more than 60 µs of CPU time; one sort of
// 8111 elements took 0.7 ms on the reference machine (1415.7/s), so calibration stops at 1 array on
// any machine up to ten times faster than that, and one counted unit here is one iteration of one
// array. Before each iteration nbench reseeds and refills the array outside its stopwatch.
//
// Choice where the reference is silent: the elements are the generator's raw values (next(),
// signed, |x| < 999563), which is what "an array of random numbers" after a reseed gives.
#include "kernels/nbench/integer/numeric_sort.hpp"

#include <vector>

#include "kernels/nbench/common/iteration_kernel.hpp"
#include "kernels/nbench/integer/integer_index.hpp"

namespace hwbench::kernels::nbench {

void fill_numeric_array(Random& random, std::span<std::int64_t> array) {
  random.reseed();
  for (auto& x : array) x = random.next();
}

namespace {

// One sift of the numbers, the steps of heapsort.hpp's heap_sift written out for longs: both
// elements are read from the array at every comparison and exchanged through a temporary, and a
// sift that stops jumps past `last` to leave the loop, the way nbench's gcc -O3 build executes
// it. Through heapsort.hpp's lambdas the compiler instead keeps the sifted value in a register
// (it is the same value at every step) and reads one element less per step: 2.05M instructions
// per sort against nbench's 2.21M, 7% less work (callgrind, bench/nbench_counts.sh).
[[gnu::always_inline]] inline void sift_numbers(std::int64_t* a, std::size_t i, std::size_t last) {
  while (i + i <= last) {
    std::size_t child = i + i;
    if (child < last && a[child] < a[child + 1]) ++child;
    if (a[i] < a[child]) {
      const std::int64_t larger = a[child];
      a[child] = a[i];
      a[i] = larger;
      i = child;
    } else {
      i = last + 1;
    }
  }
}

}  // namespace

void heapsort_numbers(std::span<std::int64_t> array) {
  if (array.size() < 2) return;
  std::int64_t* a = array.data();
  const std::size_t last = array.size() - 1;
  // The order of heapsort.hpp: build from last/2 down to 1, then sift 0 and swap it to the end.
  for (std::size_t i = last / 2; i > 0; --i) sift_numbers(a, i, last);
  for (std::size_t end = last; end > 0; --end) {
    sift_numbers(a, 0, end);
    const std::int64_t top = a[0];
    a[0] = a[end];
    a[end] = top;
  }
}

namespace {

class NumericSort : public IterationKernel {
 public:
  explicit NumericSort(const Context& ctx) : IterationKernel(ctx, true), array_(numeric_array_size) {}

 protected:
  void set_up() override { fill_numeric_array(random_, array_); }
  std::uint64_t iterate() override {
    heapsort_numbers(array_);
    return 1;
  }

 private:
  Random random_;
  std::vector<std::int64_t> array_;
};

}  // namespace

std::unique_ptr<Kernel> make_numeric_sort(const Call&, const Context& ctx) {
  return std::make_unique<NumericSort>(ctx);
}

}  // namespace hwbench::kernels::nbench
