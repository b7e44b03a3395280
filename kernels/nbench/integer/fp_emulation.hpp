#pragma once
// FP EMULATION: one counted unit is one loop over three 3000-element arrays of emulated numbers,
// c[i] = a[i] op b[i], the operation chosen by i % 16.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernels/nbench/common/random.hpp"
#include "kernels/nbench/integer/emulated_float.hpp"

namespace hwbench::kernels::nbench {

/// Elements per array (nbench's EMFARRAYSIZE).
inline constexpr std::size_t emf_array_size = 3000;

/// One of the four operations of the loop.
enum class EmfOperation : std::uint8_t { add, subtract, multiply, divide };

/// The operation for element `index`: of every 16, elements 0-3 add, 4-7 subtract, 8-12
/// multiply and 13-15 divide.
EmfOperation emf_operation(std::size_t index);

/// The test's operands and results.
struct EmfArrays {
  std::vector<EmulatedFloat> a, b, c;
};

/// nbench's operands: reseeds `random`, then per element draws r1, r2, r3 = randwc(50000) and sets
/// a = r1 / (r2 + 1), b = r1 / (r3 + 1), both divided in the emulation.
void fill_emf_arrays(Random& random, EmfArrays& arrays, std::size_t size = emf_array_size);

/// One loop: c[i] = a[i] op b[i] for every element.
void emf_loop(EmfArrays& arrays);

}  // namespace hwbench::kernels::nbench
