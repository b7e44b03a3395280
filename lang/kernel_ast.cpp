#include "lang/kernel_ast.hpp"

namespace hwbench::lang {

const char* scalar_name(KScalar t) {
  switch (t) {
    case KScalar::i16: return "i16";
    case KScalar::i32: return "i32";
    case KScalar::i64: return "i64";
    case KScalar::f32: return "f32";
    case KScalar::f64: return "f64";
    case KScalar::boolean: return "bool";
  }
  return "?";
}

}  // namespace hwbench::lang
