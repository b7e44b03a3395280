#include "runtime/check/binders/kernel_binder.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "kernels/command/command.hpp"
#include "lang/recipe/keywords.hpp"
#include "runtime/check/binders/binding_cursor.hpp"
#include "runtime/check/binders/command_binder.hpp"
#include "runtime/check/binders/kernel_parameters.hpp"
#include "runtime/check/binders/measurement_options.hpp"

namespace hwbench::runtime::check {

namespace recipe = lang::recipe;

namespace {

// Walks the statement's items: positional arguments here, parameters and measurement options
// in their own files; then the checks that need the whole statement.
class Binder {
 public:
  Binder(const lang::recipe::Stmt& s, const BindRequest& req) : c_(s, req), options_(c_) {}

  std::optional<plan::KernelStep> bind() {
    const lang::recipe::Stmt& s = c_.stmt;
    const kernels::KernelSpec* spec = c_.req.registry.find(s.name);
    auto name_len = static_cast<std::uint32_t>(s.name.size());
    if (spec == nullptr) {
      std::vector<std::string> candidates = c_.req.registry.names();
      for (std::string_view k : lang::recipe::keywords::statement) candidates.emplace_back(k);
      std::string message = fmt::format("unknown kernel '{}'", s.name);
      if (first_report(message))
        c_.req.diags.error(s.loc, std::move(message),
                           support::did_you_mean(s.name, candidates, "run 'hwbench list' to see every kernel"),
                           name_len);
      return std::nullopt;
    }
    spec_ = spec;
    if (spec->runs_programs && !c_.req.allow_exec) {
      if (c_.req.exec_refused) {
        c_.req.exec_refused->push_back(&s);
        c_.failed = true;
      } else {
        c_.fail(s.loc, fmt::format("'{}' runs external programs", s.name), "pass --allow-exec to allow it", name_len);
      }
    }
    if (kernels::command::is_command(*spec)) {
      if (c_.failed) return std::nullopt;
      return bind_command(s, c_.req, *spec);
    }
    c_.step.spec = spec;
    c_.step.text = s.name;
    walk_items();
    finish();
    if (c_.failed) return std::nullopt;
    c_.step.effects = spec->effects ? spec->effects(c_.step.call, c_.req.files) : kernels::FileEffects{};
    refuse_too_much_memory();
    refuse_idle_cold();
    if (c_.failed) return std::nullopt;
    return std::move(c_.step);
  }

 private:
  // Kernels say how much memory a call holds; the machine says how much there is, so that
  // tests can check the refusal against a machine they describe.
  void refuse_too_much_memory() {
    kernels::FileEffects& fx = c_.step.effects;
    const std::uint64_t available = c_.req.machine.available_memory_bytes();
    if (available == 0 || fx.memory <= available) return;
    constexpr double mib = 1024.0 * 1024.0;
    fx.problems.push_back(
        {fmt::format("{:.1f} MiB of memory for {} is more than the {:.1f} MiB this machine has available",
                     static_cast<double>(fx.memory) / mib, fx.memory_holder, static_cast<double>(available) / mib),
         fx.memory_hint});
  }

  std::string synopsis() const {
    return fmt::format("usage: {}", spec_->synopsis.empty() ? spec_->name : spec_->synopsis);
  }

  void walk_items() {
    const auto& items = c_.stmt.items;
    bool arrow_seen = false;
    for (c_.i = 0; c_.i < items.size(); ++c_.i) {
      const recipe::Item& it = items[c_.i];
      switch (it.kind) {
        case recipe::Item::Kind::arrow: {
          if (next_arg_ < spec_->args.size() && spec_->args[next_arg_].before == "->" && !arrow_seen) {
            arrow_seen = true;
            c_.step.text += " ->";
          } else {
            c_.fail(it.loc, "unexpected '->'", synopsis(), 2);
          }
          break;
        }
        case recipe::Item::Kind::comma:
          c_.fail(it.loc, "unexpected ','", synopsis(), 1);
          break;
        case recipe::Item::Kind::word:
          word(it, arrow_seen);
          break;
        case recipe::Item::Kind::expr:
          positional(it, arrow_seen);
          break;
      }
    }
  }

  bool next_is_word_arg() const {
    return next_arg_ < spec_->args.size() && spec_->args[next_arg_].kind == kernels::ArgKind::word;
  }

  void word(const recipe::Item& it, bool& arrow_seen) {
    const std::string& w = it.word;
    if (MeasurementOptions::is_option(w)) {
      options_.bind(it);
      return;
    }
    if (const kernels::ParamSpec* p = spec_->param(w)) {
      bind_parameter(c_, *p, it);
      return;
    }
    for (const auto& p : spec_->params) {
      if (p.type == kernels::ParamType::choice && std::find(p.choices.begin(), p.choices.end(), w) != p.choices.end()) {
        bind_choice(c_, p, w, it);
        return;
      }
    }
    if (next_is_word_arg()) {
      positional(it, arrow_seen);
      return;
    }
    std::vector<std::string> candidates = measurement_options();
    for (const auto& p : spec_->params) {
      candidates.push_back(p.name);
      for (const auto& choice : p.choices) candidates.push_back(choice);
    }
    std::string known;
    for (const auto& p : spec_->params) known += (known.empty() ? "" : ", ") + p.name;
    c_.fail(it.loc, fmt::format("unknown parameter '{}' for '{}'", w, spec_->name),
            support::did_you_mean(w, candidates,
                                  fmt::format("{} takes: {}{}{}", spec_->name, known, known.empty() ? "" : ", ",
                                              fmt::join(measurement_options(), ", "))),
            item_width(it));
    // Its value would only raise a second, confusing error.
    if (c_.value_follows()) ++c_.i;
  }

  void positional(const recipe::Item& it, bool arrow_seen) {
    if (next_arg_ >= spec_->args.size()) {
      c_.fail(it.loc, fmt::format("unexpected argument '{}'", it.word), synopsis(), item_width(it));
      return;
    }
    const auto& arg = spec_->args[next_arg_++];
    if (arg.before == "->" && !arrow_seen) {
      c_.fail(it.loc, fmt::format("expected '->' before {}", arg.name), synopsis(), item_width(it));
      return;
    }
    auto v = c_.eval(it);
    if (!v) return;
    if (v->kind != Value::Kind::text) {
      c_.fail(it.loc,
              fmt::format("{} needs a {}, but {}", arg.name, arg.kind == kernels::ArgKind::word ? "word" : "path",
                          describe_value(*v)),
              synopsis(), item_width(it));
      return;
    }
    kernels::ArgValue av;
    av.text = v->text;
    if (arg.kind != kernels::ArgKind::word) {
      sandbox::PathError err;
      auto resolved = c_.req.resolver.resolve(v->text, arg.kind != kernels::ArgKind::input_path, err);
      if (!resolved) {
        // A location the recipe lacks is one cause, however many statements name it.
        const bool per_location = err.message.starts_with("unknown location") || err.location_unavailable;
        if (!per_location || first_report(err.message))
          c_.fail(it.loc, err.message, err.hint, item_width(it), err.about_machine);
        else
          c_.failed = true;
        return;
      }
      av.path = resolved->path;
    }
    c_.step.text += " " + av.text;
    c_.step.call.args.push_back(std::move(av));
  }

  /// Whether `cause` is reported for the first time (always, when the request keeps no record).
  bool first_report(const std::string& cause) {
    return c_.req.reported_causes == nullptr || c_.req.reported_causes->insert(cause).second;
  }

  void finish() {
    if (c_.failed) return;
    for (std::size_t k = next_arg_; k < spec_->args.size(); ++k) {
      c_.fail(c_.stmt.loc, fmt::format("'{}' needs {}", spec_->name, spec_->args[k].name), synopsis(),
              static_cast<std::uint32_t>(c_.stmt.name.size()));
      return;
    }
    complete_parameters(c_, *spec_, synopsis());
    options_.complete(*spec_);
  }

  // `cold` evicts the files the statement reads (its effects' reads) before each sample. A
  // statement that reads none, such as a kernel that makes its own file, would evict nothing
  // and still record its samples as cold.
  void refuse_idle_cold() {
    const recipe::Item* cold = options_.cold();
    const kernels::FileEffects& fx = c_.step.effects;
    if (cold == nullptr || !fx.reads.empty() || !fx.problems.empty()) return;
    const kernels::ParamSpec* evict = spec_->param("evict");
    c_.fail(cold->loc,
            fmt::format("'cold' has nothing to evict: {} reads no file that exists before it runs", spec_->name),
            evict != nullptr && evict->type == kernels::ParamType::flag
                ? fmt::format("cold evicts the files a statement reads, and {} makes its own: write {}'s 'evict' to "
                              "empty the page cache before each timed pass, or drop 'cold'",
                              spec_->name, spec_->name)
                : std::string("cold evicts the files a statement reads before each sample: drop 'cold' here"),
            item_width(*cold));
  }

  BindingCursor c_;
  MeasurementOptions options_;
  const kernels::KernelSpec* spec_ = nullptr;
  std::size_t next_arg_ = 0;
};

}  // namespace

std::optional<plan::KernelStep> bind_kernel(const lang::recipe::Stmt& s, const BindRequest& req) {
  Binder b(s, req);
  return b.bind();
}

}  // namespace hwbench::runtime::check
