// NUMERIC SORT as nbench 2.2.3 runs it. One nbench iteration sorts `arrays` arrays, `arrays` being
// the first count, from 1 up, for which an iteration takes more than 60 µs of CPU time; one sort of
// 8111 elements took 0.7 ms on the reference machine (1415.7/s), so calibration stops at 1 array on
// any machine up to ten times faster than that, and one counted unit here is one iteration of one
// array. Before each iteration nbench reseeds and refills the array outside its stopwatch.
//
// Choice where the reference is silent: the elements are the generator's raw values (next(),
// signed, |x| < 999563), which is what "an array of random numbers" after a reseed gives.
#include "kernels/nbench/integer/numeric_sort.hpp"

#include <utility>
#include <vector>

#include "kernels/nbench/common/heapsort.hpp"
#include "kernels/nbench/common/iteration_kernel.hpp"
#include "kernels/nbench/integer/integer_index.hpp"

namespace hwbench::kernels::nbench {

void fill_numeric_array(Random& random, std::span<std::int64_t> array) {
  random.reseed();
  for (auto& x : array) x = random.next();
}

void heapsort_numbers(std::span<std::int64_t> array) {
  std::int64_t* a = array.data();
  heapsort(
      array.size(), [a](std::size_t i, std::size_t j) { return a[i] < a[j]; },
      [a](std::size_t i, std::size_t j) { std::swap(a[i], a[j]); });
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
