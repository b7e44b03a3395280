#pragma once
// A kernel statement's `name value` parameters, checked generically against the kernel's table
// (like fio's options): the value's kind (size, duration, count, number, word, choice), its
// range, a choice word standing alone (`random` for `data random`), and the defaults of the
// parameters the statement leaves out.
#include "kernels/contract/kernel.hpp"
#include "runtime/check/binders/binding_cursor.hpp"

namespace hwbench::runtime::check {

/// Parses a parameter default such as "1MiB" or "3s" into its base value.
double default_number(const kernels::ParamSpec& p);

/// Binds parameter `p` from its word `it` (the cursor stands on it) and, unless it is a flag,
/// the value after it; reports a missing value, a value of the wrong kind or out of range.
void bind_parameter(BindingCursor& cursor, const kernels::ParamSpec& p, const lang::recipe::Item& it);

/// Binds the choice word `value` (the item `it`), standing alone, as parameter `p`'s value.
void bind_choice(BindingCursor& cursor, const kernels::ParamSpec& p, const std::string& value,
                 const lang::recipe::Item& it);

/// Gives each parameter of `spec` the statement left out its default; one without a default
/// (other than a flag) is reported at the kernel's name, with `usage` as the hint.
void complete_parameters(BindingCursor& cursor, const kernels::KernelSpec& spec, const std::string& usage);

}  // namespace hwbench::runtime::check
