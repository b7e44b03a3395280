#include "runtime/check/binders/kernel_parameters.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "lang/common/lexical.hpp"

namespace hwbench::runtime::check {

namespace recipe = lang::recipe;

namespace {

constexpr double kMaxWhole = 9007199254740992.0;  // 2^53

std::string format_base(double v, kernels::ParamType t) {
  if (t == kernels::ParamType::size) return fmt::format("{} B", v);
  if (t == kernels::ParamType::duration) return fmt::format("{} s", v);
  return fmt::format("{}", v);
}

}  // namespace

double default_number(const kernels::ParamSpec& p) {
  if (p.default_text.empty()) return 0;
  auto n = lang::read_number(p.default_text);
  return n.unknown_suffix.empty() ? n.quantity.value : 0;
}

void bind_choice(BindingCursor& c, const kernels::ParamSpec& p, const std::string& value, const recipe::Item& it) {
  c.repeated(it, p.name);
  auto& pv = c.step.call.params[p.name];
  pv.text = value;
  pv.given = true;
  c.step.text += " " + value;
}

void bind_parameter(BindingCursor& c, const kernels::ParamSpec& p, const recipe::Item& it) {
  if (p.type == kernels::ParamType::flag) {
    c.repeated(it, p.name);
    auto& pv = c.step.call.params[p.name];
    pv.flag = true;
    pv.given = true;
    c.step.text += " " + p.name;
    return;
  }
  std::string example = p.name + " " + (p.default_text.empty() ? "…" : p.default_text);
  const recipe::Item* vi = c.value_item(it, p.name, example);
  if (!vi) return;
  c.repeated(it, p.name);
  auto v = c.eval(*vi);
  if (!v) return;
  auto& pv = c.step.call.params[p.name];
  pv.given = true;
  auto bad = [&](const std::string& need, const std::string& hint) {
    c.fail(vi->loc, fmt::format("'{}' needs {}, but {}", p.name, need, describe_value(*v)), hint, item_width(*vi));
  };
  if ((p.type == kernels::ParamType::size && c.detached_unit(*vi, *v, lang::Dim::bytes, p.name)) ||
      (p.type == kernels::ParamType::duration && c.detached_unit(*vi, *v, lang::Dim::seconds, p.name)))
    return;
  switch (p.type) {
    case kernels::ParamType::size:
      if (v->kind != Value::Kind::number || (v->number.dim != lang::Dim::bytes && v->number.dim != lang::Dim::none))
        return bad("a size", fmt::format("write it with a size unit, like {} 10MB or {} 4KiB", p.name, p.name));
      // Bytes are whole: "1.5B" would run as 2 and be recorded as 1.5.
      if (v->number.value != std::floor(v->number.value))
        return bad("a whole number of bytes", fmt::format("for example: {} 1536B or {} 1.5KiB", p.name, p.name));
      break;
    case kernels::ParamType::duration:
      if (v->kind != Value::Kind::number || v->number.dim != lang::Dim::seconds)
        return bad("a duration", fmt::format("write it with a time unit, like {} 3s", p.name));
      break;
    case kernels::ParamType::count:
      if (v->kind != Value::Kind::number || v->number.dim != lang::Dim::none ||
          v->number.value != std::floor(v->number.value))
        return bad("a whole number", fmt::format("for example: {} 10", p.name));
      break;
    case kernels::ParamType::number:
      if (v->kind != Value::Kind::number || v->number.dim != lang::Dim::none)
        return bad("a plain number", fmt::format("for example: {} 2.5", p.name));
      break;
    case kernels::ParamType::word:
    case kernels::ParamType::choice:
      if (v->kind != Value::Kind::text) return bad("a word", fmt::format("for example: {} {}", p.name, p.default_text));
      if (p.type == kernels::ParamType::choice &&
          std::find(p.choices.begin(), p.choices.end(), v->text) == p.choices.end()) {
        c.fail(vi->loc, fmt::format("'{}' is not a choice of '{}'", v->text, p.name),
               support::did_you_mean(v->text, p.choices, fmt::format("choices: {}", fmt::join(p.choices, ", "))),
               item_width(*vi));
        return;
      }
      pv.text = v->text;
      c.step.text += fmt::format(" {} {}", p.name, v->text);
      return;
    case kernels::ParamType::flag:
      return;
  }
  double x = v->number.value;
  // Sizes and counts become 64-bit integers in the kernels: past 2^53 bytes (8 PiB) a double no
  // longer holds every whole number, and a kernel's arithmetic on them could wrap.
  const double max =
      p.type == kernels::ParamType::size || p.type == kernels::ParamType::count ? std::min(p.max, kMaxWhole) : p.max;
  if (!(x >= p.min && x <= max)) {  // NaN too
    c.fail(vi->loc, fmt::format("'{}' {} is out of range", p.name, to_text(*v)),
           fmt::format("{} takes {} to {}", p.name, format_base(p.min, p.type),
                       p.max == std::numeric_limits<double>::max() ? std::string("any larger value")
                                                                   : format_base(max, p.type)),
           item_width(*vi));
    return;
  }
  pv.number = x;
  pv.text = to_text(*v);
  c.step.text += fmt::format(" {} {}", p.name, pv.text);
}

void complete_parameters(BindingCursor& c, const kernels::KernelSpec& spec, const std::string& usage) {
  for (const auto& p : spec.params) {
    if (c.step.call.params.find(p.name) != c.step.call.params.end()) continue;
    if (p.default_text.empty() && p.type != kernels::ParamType::flag) {
      c.fail(c.stmt.loc, fmt::format("'{}' needs '{}'", spec.name, p.name), usage,
             static_cast<std::uint32_t>(c.stmt.name.size()));
      continue;
    }
    kernels::ParamValue pv;
    pv.text = p.default_text;
    pv.number = default_number(p);
    c.step.call.params[p.name] = pv;
  }
}

}  // namespace hwbench::runtime::check
