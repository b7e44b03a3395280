// The program's words of an `exec` or `sh` statement: bare words, strings with their locations
// spliced in as real paths, lists; the checks and warnings on them (command_binder.cpp binds the
// options that follow).
#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "runtime/check/binders/command_binder_internal.hpp"

namespace hwbench::runtime::check::detail {

void CommandBinder::argv_item(const recipe::Item& it) {
  if (it.kind == recipe::Item::Kind::arrow || it.kind == recipe::Item::Kind::comma) {
    c_.fail(it.loc, fmt::format("unexpected '{}'", it.word), "quote it to pass it to the program: \"->\"", width(it));
    return;
  }
  if (shell_ && !argv_.empty()) {
    c_.fail(it.loc, fmt::format("unexpected '{}' after the command line", it.word),
            "sh takes one string, the whole line: sh \"prog --flag $x | tail -1\"", width(it));
    return;
  }
  if (it.kind == recipe::Item::Kind::word) {
    if (shell_) return shell_needs_string(it);
    if (!argv_.empty()) warn_near_option(it);
    add_word(it, it.word);
    return;
  }
  if (shell_ && it.expr.kind != recipe::ExprKind::string) return shell_needs_string(it);
  std::vector<std::string> words;
  if (!words_of(it.expr, words)) return;
  for (auto& w : words) add_word(it, std::move(w));
}

void CommandBinder::warn_near_option(const recipe::Item& it) {
  const std::string& w = it.word;
  // A program's own flags (-bytes), settings (count=3) and paths are no misspelt options, nor
  // are short words, which one edit turns into too much (true, tree).
  if (w.size() < 5 || w[0] == '-' || w.find_first_of("=/.:") != std::string::npos) return;
  for (const auto& option : command_options()) {
    if (option.size() < 6 || support::edit_distance(w, option, support::Swaps::one_edit) != 1) continue;
    c_.req.diags.warning(it.loc, fmt::format("'{}' is passed to the program; did you mean the option '{}'?", w, option),
                         fmt::format("quote it to pass it on as it is: \"{}\"", w), width(it));
    return;
  }
}

void CommandBinder::shell_needs_string(const recipe::Item& it) {
  c_.fail(it.loc, "sh needs its command line as one string", "write sh \"LINE\", for example sh \"ls -l | wc -l\"",
          width(it));
}

void CommandBinder::add_word(const recipe::Item& it, std::string word) {
  if (argv_.empty()) program_item_ = &it;
  argv_.push_back(std::move(word));
}

bool CommandBinder::words_of(const lang::recipe::Expr& e, std::vector<std::string>& out) {
  if (e.kind == recipe::ExprKind::string) {
    std::string text;
    for (const auto& part : e.parts) {
      if (!part.is_expr) {
        text += part.text;
        continue;
      }
      auto v = evaluate(part.expr.front(), c_.req.scope, c_.req.diags);
      if (!v) return fail_quietly();
      auto piece = word_text(*v, part.expr.front().loc);
      if (!piece) return false;
      text += *piece;
    }
    out.push_back(std::move(text));
    return true;
  }
  auto v = evaluate(e, c_.req.scope, c_.req.diags);
  if (!v) return fail_quietly();
  if (v->kind == Value::Kind::list) {
    for (const auto& item : v->items) {
      auto piece = word_text(item, e.loc);
      if (!piece) return false;
      out.push_back(std::move(*piece));
    }
    return true;
  }
  auto piece = word_text(*v, e.loc);
  if (!piece) return false;
  out.push_back(std::move(*piece));
  return true;
}

bool CommandBinder::fail_quietly() {
  c_.failed = true;
  return false;
}

std::optional<std::string> CommandBinder::word_text(const Value& v, lang::SourceLoc loc) {
  if (v.kind == Value::Kind::list) {
    c_.fail(loc, "a list inside a string cannot be one word for the program",
            "write the list apart from the string: its items become words of their own", 1);
    return std::nullopt;
  }
  if (!v.is_path || !names_location(v.text)) return to_text(v);
  return resolved(v.text, loc, false);
}

std::optional<std::string> CommandBinder::resolved(const std::string& text, lang::SourceLoc loc, bool write) {
  sandbox::PathError err;
  auto r = c_.req.resolver.resolve(text, write, err);
  if (!r) {
    c_.fail(loc, err.message, err.hint, static_cast<std::uint32_t>(text.size()), err.about_machine);
    return std::nullopt;
  }
  return r->path;
}

}  // namespace hwbench::runtime::check::detail
