#pragma once
// The command binder's walk over one `exec` or `sh` statement, shared by command_words.cpp (the
// program's words), command_binder.cpp (the options, the whole statement) and figure_binder.cpp
// (the figures and imports read from the program's output). Private to runtime/check.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/command/command.hpp"
#include "lang/recipe/ast.hpp"
#include "runtime/check/binders/binding_cursor.hpp"
#include "runtime/check/binders/command_binder.hpp"
#include "runtime/check/binders/measurement_options.hpp"
#include "runtime/plan/plan.hpp"

namespace hwbench::runtime::check::detail {

namespace recipe = lang::recipe;

/// Whether `word` ends a command's argv: one of its own options or a measurement option.
bool is_command_option(const std::string& word);

/// The words that end a command's argv: its own options and the measurement options.
const std::vector<std::string>& command_options();

/// Whether a path's text starts with a location's name before ':' ("disk:/x").
bool names_location(const std::string& text);

/// Binds one command statement, left to right: the program's words up to the first option word,
/// then the options.
class CommandBinder {
 public:
  CommandBinder(const lang::recipe::Stmt& s, const BindRequest& req, const kernels::KernelSpec& spec)
      : c_(s, req), options_(c_), spec_(spec), shell_(spec.name == kernels::command::shell_kernel) {}

  /// The step, or nothing when an error was reported.
  std::optional<plan::KernelStep> bind();

 private:
  void defaults();
  std::uint32_t width(const recipe::Item& it) const { return item_width(it); }

  // ---- the program's words (command_binder.cpp) ----
  void argv_item(const recipe::Item& it);
  void shell_needs_string(const recipe::Item& it);
  void add_word(const recipe::Item& it, std::string word);
  /// Warns of a bare word of the program's one edit from an option's name (`timout 2s`): the
  /// program gets it, and the option it was meant to be is not set.
  void warn_near_option(const recipe::Item& it);
  // The words an expression gives the program: a list gives one per item; a location in a
  // path, or spliced into a string, becomes the real path it names.
  bool words_of(const lang::recipe::Expr& e, std::vector<std::string>& out);
  bool fail_quietly();
  std::optional<std::string> word_text(const Value& v, lang::SourceLoc loc);
  std::optional<std::string> resolved(const std::string& text, lang::SourceLoc loc, bool write);

  // ---- options (command_binder.cpp) ----
  void option_item(const recipe::Item& it);
  void note(const std::string& text) { options_text_ += text; }
  std::optional<Value> value_of(const recipe::Item& it, const std::string& example);
  std::optional<std::string> text_value(const recipe::Item& it, const std::string& example);
  std::optional<std::string> path_value(const recipe::Item& it, const std::string& example, bool write);
  void repeatable(const recipe::Item& it);
  void single(const recipe::Item& it);
  /// `timeout DURATION`, `output-cap SIZE` or `bytes SIZE` (what one run counts as).
  void number_option(const recipe::Item& it);
  void exit_codes(const recipe::Item& it);
  /// Whether `it`, an option that makes or feeds samples, may stand here: not in setup or
  /// teardown, nor inside `time` or `parallel` unless `in_blocks`. When not, refuses it with
  /// `what` as the hint and skips its value.
  bool sampled_only(const recipe::Item& it, const char* what, bool in_blocks = false);
  void hook(const recipe::Item& it);

  // ---- figures and imports (figure_binder.cpp) ----
  void import(const recipe::Item& it);
  // figure ["LABEL"] regex "RE" | json "/POINTER"  unit U  [scaled] [optional] [from stdout|stderr|PATH]
  void figure(const recipe::Item& it);
  bool parse_figure(const recipe::Item& it);
  bool figure_source(plan::FigureRule& rule, const recipe::Item& from);
  bool valid_pattern(const plan::FigureRule& rule, const recipe::Item& where);
  static std::string figure_text(const plan::FigureRule& r);
  /// Once the whole statement is read: its figures against its other options (`for`, `writes`).
  void check_figures();

  // ---- the whole statement (command_binder.cpp) ----
  void finish();
  void locate_program();

  BindingCursor c_;
  MeasurementOptions options_;
  const kernels::KernelSpec& spec_;
  bool shell_ = false;
  std::vector<std::string> argv_;
  const recipe::Item* program_item_ = nullptr;
  const recipe::Item* value_item_ = nullptr;
  std::string options_text_;
};

}  // namespace hwbench::runtime::check::detail
