#pragma once
// NUMERIC SORT: one counted unit is one heapsort of 8111 longs (64-bit here, as nbench's long is
// on this machine), refilled with the same numbers before every sort.
#include <cstddef>
#include <cstdint>
#include <span>

#include "kernels/nbench/common/random.hpp"

namespace hwbench::kernels::nbench {

/// Elements per array (nbench's NUMARRAYSIZE).
inline constexpr std::size_t numeric_array_size = 8111;

/// nbench's numbers: reseeds `random`, then one raw value (next()) per element.
void fill_numeric_array(Random& random, std::span<std::int64_t> array);

/// Sorts ascending with BYTEmark's heapsort (heapsort.hpp).
void heapsort_numbers(std::span<std::int64_t> array);

}  // namespace hwbench::kernels::nbench
