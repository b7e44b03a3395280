#include "lang/kernel/kernel_ast.hpp"

#include <limits>

namespace hwbench::lang::kernel {

const char* scalar_name(KScalar t) {
  switch (t) {
    case KScalar::i16:
      return "i16";
    case KScalar::i32:
      return "i32";
    case KScalar::i64:
      return "i64";
    case KScalar::f32:
      return "f32";
    case KScalar::f64:
      return "f64";
    case KScalar::boolean:
      return "bool";
  }
  return "?";
}

bool is_integer(KScalar t) { return t == KScalar::i16 || t == KScalar::i32 || t == KScalar::i64; }

bool is_float(KScalar t) { return t == KScalar::f32 || t == KScalar::f64; }

std::int64_t integer_min(KScalar t) {
  switch (t) {
    case KScalar::i16:
      return std::numeric_limits<std::int16_t>::min();
    case KScalar::i32:
      return std::numeric_limits<std::int32_t>::min();
    default:
      return std::numeric_limits<std::int64_t>::min();
  }
}

std::int64_t integer_max(KScalar t) {
  switch (t) {
    case KScalar::i16:
      return std::numeric_limits<std::int16_t>::max();
    case KScalar::i32:
      return std::numeric_limits<std::int32_t>::max();
    default:
      return std::numeric_limits<std::int64_t>::max();
  }
}

}  // namespace hwbench::lang::kernel
