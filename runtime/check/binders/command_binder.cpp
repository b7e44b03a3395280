#include "runtime/check/binders/command_binder.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "base/platform/child_process.hpp"
#include "base/support/suggestions.hpp"
#include "kernels/command/command.hpp"
#include "runtime/check/binders/command_binder_internal.hpp"

namespace hwbench::runtime::check {

namespace option = kernels::command::option;
namespace recipe = lang::recipe;

namespace detail {

const std::vector<std::string>& command_options() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (std::string_view o :
         {option::timeout, option::cwd, option::stdin_file, option::exit_codes, option::ignore_failure, option::tree,
          option::missing, option::output_cap, option::env, option::reads, option::writes, option::figure,
          option::import, option::prepare, option::conclude, option::bytes})
      n.emplace_back(o);
    for (const auto& m : measurement_options()) n.push_back(m);
    return n;
  }();
  return names;
}

bool names_location(const std::string& text) {
  const std::size_t colon = text.find(':');
  return colon != std::string::npos && colon > 0 && text.find('/') > colon;
}

bool is_command_option(const std::string& word) {
  const auto& names = command_options();
  return std::find(names.begin(), names.end(), word) != names.end();
}

std::optional<plan::KernelStep> CommandBinder::bind() {
  c_.step.spec = &spec_;
  defaults();
  const auto& items = c_.stmt.items;
  bool in_options = false;
  for (c_.i = 0; c_.i < items.size(); ++c_.i) {
    const recipe::Item& it = items[c_.i];
    if (!in_options && it.kind == recipe::Item::Kind::word && is_command_option(it.word)) in_options = true;
    if (!in_options)
      argv_item(it);
    else
      option_item(it);
  }
  finish();
  if (c_.failed) return std::nullopt;
  return std::move(c_.step);
}

void CommandBinder::defaults() {
  auto& params = c_.step.call.params;
  auto text = [&](std::string_view name, std::string value) { params[std::string(name)].text = std::move(value); };
  text(option::timeout, "0s");
  text(option::cwd, "");
  text(option::stdin_file, "");
  text(option::exit_codes, "0");
  text(option::missing, "error");
  params[std::string(option::output_cap)] = {1024.0 * 1024, "1MiB", false, false};
  params[std::string(option::ignore_failure)] = {};
  params[std::string(option::tree)] = {};
}

void CommandBinder::option_item(const recipe::Item& it) {
  if (it.kind != recipe::Item::Kind::word) {
    c_.fail(it.loc, fmt::format("unexpected '{}' among {}'s options", it.word, spec_.name),
            "the program's words come first, then the options: quote a word to pass it to the program", width(it));
    return;
  }
  const std::string& w = it.word;
  if (MeasurementOptions::is_option(w)) return options_.bind(it);
  if (w == option::ignore_failure || w == option::tree) {
    c_.repeated(it, w);
    c_.step.call.params[w].flag = true;
    c_.step.call.params[w].given = true;
    return note(" " + w);
  }
  if (w == option::figure) return figure(it);
  if (w == option::env || w == option::reads || w == option::writes) return repeatable(it);
  if (is_command_option(w)) return single(it);
  c_.fail(it.loc, fmt::format("unknown option '{}' for '{}'", w, spec_.name),
          support::did_you_mean(w, command_options(),
                                fmt::format("to pass '{}' to the program, write it before the options", w)),
          width(it));
  if (c_.value_follows()) ++c_.i;
}

std::optional<Value> CommandBinder::value_of(const recipe::Item& it, const std::string& example) {
  const recipe::Item* vi = c_.value_item(it, it.word, example);
  if (!vi) return std::nullopt;
  value_item_ = vi;
  return c_.eval(*vi);
}

std::optional<std::string> CommandBinder::text_value(const recipe::Item& it, const std::string& example) {
  auto v = value_of(it, example);
  if (!v) return std::nullopt;
  if (v->kind != Value::Kind::text) {
    c_.fail(value_item_->loc, fmt::format("'{}' needs a text, but {}", it.word, describe_value(*v)),
            fmt::format("write it like: {}", example), width(*value_item_));
    return std::nullopt;
  }
  return v->text;
}

std::optional<std::string> CommandBinder::path_value(const recipe::Item& it, const std::string& example, bool write) {
  auto text = text_value(it, example);
  if (!text) return std::nullopt;
  return resolved(*text, value_item_->loc, write);
}

void CommandBinder::repeatable(const recipe::Item& it) {
  const std::string& w = it.word;
  if (w == option::env) {
    auto text = text_value(it, "env \"NAME=VALUE\"");
    if (!text) return;
    const std::size_t eq = text->find('=');
    if (eq == 0 || eq == std::string::npos) {
      c_.fail(value_item_->loc, fmt::format("'env' needs NAME=VALUE, but got '{}'", *text),
              "write it like: env \"OMP_NUM_THREADS=2\"", width(*value_item_));
      return;
    }
    c_.step.call.params[kernels::command::env_param(text->substr(0, eq))].text = text->substr(eq + 1);
    return note(fmt::format(" env {}", kernels::command::display_argv({*text})));
  }
  const bool write = w == option::writes;
  auto path = path_value(it, fmt::format("{} disk:/file", w), write);
  if (!path) return;
  if (write)
    c_.step.effects.creates.push_back({*path, 0});
  else
    c_.step.effects.reads.push_back(*path);
  note(fmt::format(" {} {}", w, *path));
}

void CommandBinder::single(const recipe::Item& it) {
  const std::string& w = it.word;
  c_.repeated(it, w);
  auto& params = c_.step.call.params;
  // In a block the parts' bytes add up; in setup and teardown nothing is recorded.
  if (w == option::bytes && !sampled_only(it, "leave it out there, or time the command in the recipe's body", true))
    return;
  if (w == option::timeout || w == option::output_cap || w == option::bytes) return number_option(it);
  if (w == option::exit_codes) return exit_codes(it);
  if (w == option::missing) {
    auto text = text_value(it, "missing skip");
    if (!text) return;
    if (*text != "error" && *text != "skip") {
      c_.fail(value_item_->loc, fmt::format("'{}' is not a choice of 'missing'", *text), "choices: error, skip",
              width(*value_item_));
      return;
    }
    params[w].text = *text;
    return note(" missing " + *text);
  }
  if (w == option::import) return import(it);
  if (w == option::prepare || w == option::conclude) return hook(it);
  const bool dir = w == option::cwd;
  auto path = path_value(it, fmt::format("{} disk:", w), false);
  if (!path) return;
  if (dir && !c_.req.files.is_directory(*path)) {
    c_.fail(value_item_->loc, fmt::format("cwd {} is not a directory", *path), "create it in setup, or name another",
            width(*value_item_), true);
    return;
  }
  if (!dir) c_.step.effects.reads.push_back(*path);
  params[w].text = *path;
  note(fmt::format(" {} {}", w, *path));
}

void CommandBinder::number_option(const recipe::Item& it) {
  struct Rule {
    lang::Dim dim;
    double min, max;
    const char* needs;
    const char* example;
  };
  const std::string& w = it.word;
  const Rule rule =
      w == option::timeout ? Rule{lang::Dim::seconds, 0, 86400.0 * 7, "a duration up to 7 days", "timeout 60s"}
      : w == option::output_cap
          ? Rule{lang::Dim::bytes, 1024, 1024.0 * 1024 * 1024, "a size from 1KiB to 1GiB", "output-cap 4MiB"}
          : Rule{lang::Dim::bytes, 1, kernels::command::max_bytes_per_run, "a whole number of bytes from 1 to 1PiB",
                 "bytes 64MiB (what one run of the program reads, writes or copies)"};
  auto v = value_of(it, rule.example);
  if (!v) return;
  const double x = v->number.value;
  // `bytes` also takes a plain count of bytes (as a digest's `block 4096`), whole.
  const bool count = w == option::bytes;
  const bool dim_ok = v->number.dim == rule.dim || (count && v->number.dim == lang::Dim::none);
  if (v->kind != Value::Kind::number || !dim_ok || !(x >= rule.min && x <= rule.max) || (count && x != std::floor(x))) {
    c_.fail(value_item_->loc, fmt::format("'{}' needs {}, but {}", w, rule.needs, describe_value(*v)),
            fmt::format("write it like: {}", rule.example), width(*value_item_));
    return;
  }
  auto& p = c_.step.call.params[w];
  p.number = x;
  p.text = to_text(*v);
  p.given = true;
  note(fmt::format(" {} {}", w, p.text));
}

void CommandBinder::exit_codes(const recipe::Item& it) {
  auto v = value_of(it, "exit [0, 1]");
  if (!v) return;
  std::vector<Value> codes = v->kind == Value::Kind::list ? v->items : std::vector<Value>{*v};
  std::string text;
  for (const auto& code : codes) {
    const double x = code.number.value;
    if (code.kind != Value::Kind::number || code.number.dim != lang::Dim::none || x < 0 || x > 255 ||
        x != std::floor(x)) {
      c_.fail(value_item_->loc, fmt::format("'exit' needs exit codes from 0 to 255, but {}", describe_value(code)),
              "write it like: exit 1, or exit [0, 1]", width(*value_item_));
      return;
    }
    text += (text.empty() ? "" : ",") + fmt::format("{}", static_cast<int>(x));
  }
  if (text.empty()) {
    c_.fail(value_item_->loc, "'exit' needs at least one exit code", "write it like: exit [0, 1]", width(*value_item_));
    return;
  }
  c_.step.call.params[std::string(option::exit_codes)].text = text;
  note(" exit " + text);
}

bool CommandBinder::sampled_only(const recipe::Item& it, const char* what, bool in_blocks) {
  if (!c_.req.untimed && (in_blocks || !c_.req.in_group)) return true;
  c_.fail(it.loc,
          fmt::format("'{}' has no meaning {}", it.word,
                      c_.req.untimed ? "in setup or teardown: nothing there is recorded"
                                     : "inside 'time' or 'parallel': the whole block is one sample"),
          what, width(it));
  if (c_.value_follows()) ++c_.i;  // its value, refused with it
  return false;
}

void CommandBinder::hook(const recipe::Item& it) {
  const std::string& w = it.word;
  if (!sampled_only(it, "run the command as a statement of its own before or after the block")) return;
  auto text = text_value(it, fmt::format("{} \"sync; echo 3 > /proc/sys/vm/drop_caches\"", w));
  if (!text) return;
  (w == option::prepare ? c_.step.prepare : c_.step.conclude) = *text;
  note(fmt::format(" {} {}", w, kernels::command::display_argv({*text})));
}

void CommandBinder::finish() {
  if (argv_.empty() && !c_.failed) {
    c_.fail(c_.stmt.loc, fmt::format("'{}' needs {}", spec_.name, shell_ ? "its command line" : "a program to run"),
            shell_ ? "write it like: sh \"ls -l | wc -l\"" : "write it like: exec dd \"if=/dev/zero\" \"of=/dev/null\"",
            static_cast<std::uint32_t>(spec_.name.size()));
  }
  options_.complete(spec_);
  check_figures();
  if (c_.failed) return;
  for (auto& word : argv_) c_.step.call.args.push_back({word, ""});
  if (!shell_) locate_program();
  if (c_.failed) return;
  const std::vector<std::string> argv = kernels::command::argv_of(spec_, c_.step.call);
  c_.step.text = fmt::format("{} {}{}", spec_.name,
                             kernels::command::display_argv(shell_ ? std::vector<std::string>{argv.back()} : argv),
                             options_text_ + c_.step.text);
  if (!shell_ && c_.step.call.args.front().path.empty())
    c_.step.text += fmt::format(" ({} is not installed: skipped, its series marked unavailable)", argv.front());
}

void CommandBinder::locate_program() {
  kernels::ArgValue& program = c_.step.call.args.front();
  program.path = platform::find_in_path(program.text);
  if (!program.path.empty() || c_.step.call.text(std::string(option::missing)) == "skip") return;
  const bool has_slash = program.text.find('/') != std::string::npos;
  c_.fail(program_item_->loc,
          has_slash ? fmt::format("'{}' is not an executable file", program.text)
                    : fmt::format("'{}' is not installed: no program of that name in PATH", program.text),
          has_slash ? std::string("give the path of an executable program")
                    : support::did_you_mean(program.text, platform::programs_in_path(),
                                            "install it, give its path, or add 'missing skip' to skip the statement "
                                            "where it is not installed"),
          width(*program_item_), true);
}

}  // namespace detail

std::optional<plan::KernelStep> bind_command(const lang::recipe::Stmt& s, const BindRequest& req,
                                             const kernels::KernelSpec& spec) {
  detail::CommandBinder b(s, req, spec);
  return b.bind();
}

}  // namespace hwbench::runtime::check
