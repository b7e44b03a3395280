#include "runtime/check/binders/user_kernels.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "lang/kernel/kernel_parser.hpp"
#include "lang/kernel/kernel_typecheck.hpp"
#include "lang/recipe/keywords.hpp"
#include "runtime/check/binders/kernel_binder.hpp"

namespace hwbench::runtime::check {

namespace {

std::uint32_t name_width(const std::string& s) {
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, s.size()));
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

/// A kernel's name must not hide a built-in kernel, a statement or another definition.
bool check_name(const lang::kernel::KernelDef& def, const kernels::Registry& builtin,
                const std::vector<std::shared_ptr<const kernels::jit::DefinedKernel>>& earlier,
                lang::Diagnostics& diags) {
  const auto len = name_width(def.name);
  if (builtin.find(def.name) != nullptr) {
    diags.error(def.name_loc, fmt::format("'{}' is a built-in kernel", def.name),
                fmt::format("give the definition another name, such as {}_k", def.name), len);
    return false;
  }
  if (lang::recipe::keywords::is_statement(def.name) || def.name == lang::recipe::keywords::kernel) {
    diags.error(def.name_loc, fmt::format("'{}' is a statement keyword", def.name), "give the kernel another name",
                len);
    return false;
  }
  for (const auto& k : earlier)
    if (k->def.name == def.name) {
      diags.error(def.name_loc,
                  fmt::format("kernel '{}' is defined twice (first at line {})", def.name, k->def.loc.line),
                  "give each definition its own name", len);
      return false;
    }
  bool ok = true;
  for (const auto& p : def.params) {
    if (p.name == kernels::jit::kBackendParam || p.name == kernels::jit::kVectorizeParam ||
        contains(measurement_options(), p.name)) {
      diags.error(p.loc,
                  fmt::format("'{}' is an option of every kernel statement, so no parameter may be called so", p.name),
                  "choose another name for the parameter", name_width(p.name));
      ok = false;
    }
  }
  return ok;
}

}  // namespace

namespace {

/// The NAME of a definition's text `kernel NAME(…`, read where its parser could not go: "" when
/// there is none.
std::string definition_name(std::string_view text) {
  std::size_t at = text.find("kernel");
  if (at == std::string_view::npos) return "";
  at = text.find_first_not_of(" \t", at + 6);
  if (at == std::string_view::npos) return "";
  const std::size_t end = text.find_first_of(" \t(", at);
  return std::string(text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
}

}  // namespace

std::shared_ptr<UserKernels> UserKernels::load(const lang::recipe::Recipe& recipe, const lang::Source& source,
                                               const kernels::Registry& builtin, lang::Diagnostics& diags) {
  if (std::none_of(recipe.statements.begin(), recipe.statements.end(),
                   [](const lang::recipe::Stmt& s) { return s.kind == lang::recipe::StmtKind::kernel_def; }))
    return nullptr;  // nothing defined: the built-in registry as it is
  std::vector<std::shared_ptr<const kernels::jit::DefinedKernel>> defined;
  auto out = std::make_shared<UserKernels>();
  for (const auto& s : recipe.statements) {
    if (s.kind != lang::recipe::StmtKind::kernel_def) continue;
    auto def = lang::kernel::parse_kernel(s.text, s.loc, diags);
    if (!def) {
      out->unparsed_.insert(definition_name(s.text));
      continue;
    }
    bool valid = check_name(*def, builtin, defined, diags);
    valid = lang::kernel::validate_kernel(*def, diags) && valid;
    if (valid) {
      // The body is checked once here, whether or not a statement uses it.
      std::vector<std::pair<std::string, lang::kernel::KScalar>> binding;
      for (const auto& p : def->params)
        if (p.is_type && !lang::kernel::scalar_from_name(p.default_text))
          binding.emplace_back(p.name, lang::kernel::KScalar::i32);
      valid = lang::kernel::instantiate_kernel(*def, binding, diags).has_value();
    }
    auto kernel =
        std::make_shared<const kernels::jit::DefinedKernel>(kernels::jit::DefinedKernel{std::move(*def), source.name});
    const bool duplicate =
        std::any_of(defined.begin(), defined.end(), [&](const auto& k) { return k->def.name == kernel->def.name; });
    if (builtin.find(kernel->def.name) != nullptr || duplicate) continue;
    defined.push_back(kernel);
    out->entries_.push_back({kernel, valid});
  }
  out->registry_ = builtin;
  for (const auto& e : out->entries_) out->registry_.add(kernels::jit::user_kernel_spec(e.kernel));
  return out;
}

bool UserKernels::check_call(const lang::recipe::Stmt& s, plan::KernelStep& step, lang::Diagnostics& diags) const {
  const Entry* entry = nullptr;
  for (const auto& e : entries_)
    if (e.kernel->def.name == step.spec->name) entry = &e;
  if (entry == nullptr) return true;
  if (!entry->valid) return false;  // its definition's errors say why
  const lang::kernel::KernelDef& def = entry->kernel->def;
  const auto len = name_width(s.name);
  const auto binding = kernels::jit::type_binding(def, step.call);
  lang::Diagnostics body;
  auto inst = lang::kernel::instantiate_kernel(def, binding, body);
  if (!inst) {
    std::string types;
    for (const auto& [name, t] : binding)
      types += fmt::format("{}{} = {}", types.empty() ? "" : ", ", name, lang::kernel::scalar_name(t));
    diags.error(s.loc, fmt::format("kernel '{}' does not type-check with {}", def.name, types),
                "the errors in its body for these types follow", len);
    for (const auto& d : body.all()) diags.add(d);
    return false;
  }
  bool ok = true;
  for (const auto& p : def.params) {
    if (p.is_type) continue;
    const auto it = step.call.params.find(p.name);
    if (it == step.call.params.end()) continue;
    lang::kernel::KScalar t = lang::kernel::KScalar::f64;
    for (const auto& slot : inst->slots)
      if (slot.is_param && slot.name == p.name) t = slot.type;
    const std::string text = it->second.given ? fmt::format("{}", it->second.number) : p.default_text;
    if (auto why = lang::kernel::value_text_error(text, t)) {
      diags.error(
          s.loc,
          fmt::format("'{}' of kernel '{}' is {} here: {}", p.name, def.name, lang::kernel::scalar_name(t), *why),
          "give a value of that type", len);
      ok = false;
    }
  }
  const auto backend = kernels::jit::backend_of(step.call);
  if (!backend) {
    diags.error(s.loc, "'backend jit' needs hwbench built with LLVM (cmake -DHWBENCH_WITH_LLVM=ON)",
                "write backend interpreted, or leave the backend out to use the JIT wherever it is built in", len);
    return false;
  }
  step.text += fmt::format(" ({})", backend->label(kernels::jit::compile_options(step.call)));
  return ok;
}

}  // namespace hwbench::runtime::check
