// A fixture for the layering test: a native kernel family borrowing from the language and from
// a sibling family it does not declare.
#include "kernels/nbench/nbench.hpp"
#include "lang/common/diagnostics.hpp"
#include "kernels/crypto/crypto.hpp"
#include "tests/support/temp_dir.hpp"
