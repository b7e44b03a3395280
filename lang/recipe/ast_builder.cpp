#include "lang/recipe/ast_builder.hpp"

#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "lang/common/lexical.hpp"

namespace hwbench::lang::recipe {

namespace {

// Adjacent literal pieces ("a", "$" from `\$`, "b") become one part.
std::vector<TextPart> merge_parts(std::vector<TextPart> parts) {
  std::vector<TextPart> merged;
  for (auto& part : parts) {
    if (!part.is_expr && !merged.empty() && !merged.back().is_expr)
      merged.back().text += part.text;
    else
      merged.push_back(std::move(part));
  }
  return merged;
}

template <typename T>
std::vector<T> take_since(std::vector<T>& stack, std::size_t from) {
  std::vector<T> taken;
  if (from < stack.size()) {
    taken.assign(std::make_move_iterator(stack.begin() + static_cast<std::ptrdiff_t>(from)),
                 std::make_move_iterator(stack.end()));
    stack.resize(from);
  }
  return taken;
}

}  // namespace

AstBuilder::AstBuilder(std::string_view text) : text_(text) {}

const AstBuilder::Mark& AstBuilder::top() const {
  static const Mark bottom{0, 0, 0, 0, 0, 0, 0};
  return marks_.empty() ? bottom : marks_.back();
}

void AstBuilder::begin() {
  marks_.push_back(
      {exprs_.size(), parts_.size(), items_.size(), pieces_.size(), stmts_.size(), errors_.size(), last_end_});
}

void AstBuilder::commit() {
  if (!marks_.empty()) marks_.pop_back();
}

void AstBuilder::truncate(const Mark& mark) {
  if (exprs_.size() > mark.exprs) exprs_.resize(mark.exprs);
  if (parts_.size() > mark.parts) parts_.resize(mark.parts);
  if (items_.size() > mark.items) items_.resize(mark.items);
  if (pieces_.size() > mark.pieces) pieces_.resize(mark.pieces);
  if (stmts_.size() > mark.stmts) stmts_.resize(mark.stmts);
  last_end_ = mark.last_end;
}

void AstBuilder::rollback() {
  if (marks_.empty()) return;
  auto mark = marks_.back();
  marks_.pop_back();
  truncate(mark);
  if (errors_.size() > mark.errors) errors_.resize(mark.errors);
}

void AstBuilder::abandon(std::size_t depth) {
  if (marks_.size() <= depth) return;
  auto mark = marks_[depth];
  marks_.resize(depth);
  truncate(mark);
}

std::vector<Expr> AstBuilder::take_exprs() { return take_since(exprs_, top().exprs); }

Expr AstBuilder::pop_expr() {
  if (exprs_.empty()) return {};
  Expr e = std::move(exprs_.back());
  exprs_.pop_back();
  return e;
}

void AstBuilder::number(SourceLoc loc, std::string_view text) {
  auto literal = read_number(text);
  Expr e;
  e.kind = ExprKind::number;
  e.loc = loc;
  e.text = std::string(text);
  e.number = literal.quantity;
  if (!literal.unknown_suffix.empty()) {
    auto hint =
        support::did_you_mean(literal.unknown_suffix, unit_suffix_names(),
                              "known units: B KB MB GB TB, KiB MiB GiB TiB, ns us ms s min h, %, and the counts k M G");
    errors_.push_back({Severity::error, loc, fmt::format("unknown unit '{}' in '{}'", literal.unknown_suffix, text),
                       hint, static_cast<std::uint32_t>(text.size())});
  }
  exprs_.push_back(std::move(e));
}

void AstBuilder::word(SourceLoc loc, std::string_view text) {
  Expr e;
  e.kind = ExprKind::word;
  e.loc = loc;
  e.text = std::string(text);
  e.name = std::string(text);
  exprs_.push_back(std::move(e));
}

void AstBuilder::variable(SourceLoc loc, std::string_view text, std::string_view name) {
  Expr e;
  e.kind = ExprKind::var;
  e.loc = loc;
  e.text = std::string(text);
  e.name = std::string(name);
  exprs_.push_back(std::move(e));
}

void AstBuilder::literal(std::string_view text) { parts_.push_back({false, std::string(text), {}}); }

void AstBuilder::splice() {
  TextPart part;
  part.is_expr = true;
  part.expr.push_back(pop_expr());
  parts_.push_back(std::move(part));
}

void AstBuilder::enclose(SourceLoc loc, std::string_view text) {
  if (exprs_.empty()) return;
  exprs_.back().loc = loc;
  exprs_.back().text = std::string(text);
}

void AstBuilder::string(SourceLoc loc, std::string_view text) {
  Expr e;
  e.kind = ExprKind::string;
  e.loc = loc;
  e.text = std::string(text);
  e.parts = merge_parts(take_since(parts_, top().parts));
  exprs_.push_back(std::move(e));
}

void AstBuilder::path(SourceLoc loc, std::string_view text, std::string_view location) {
  Expr e;
  e.kind = ExprKind::path;
  e.loc = loc;
  e.text = std::string(text);
  e.name = std::string(location);
  e.parts = merge_parts(take_since(parts_, top().parts));
  exprs_.push_back(std::move(e));
}

void AstBuilder::list(SourceLoc loc, std::string_view text) {
  Expr e;
  e.kind = ExprKind::list;
  e.loc = loc;
  e.text = std::string(text);
  e.items = take_exprs();
  exprs_.push_back(std::move(e));
}

void AstBuilder::range(SourceLoc loc, std::string_view text) {
  if (exprs_.size() < top().exprs + 2) return;
  Expr e;
  e.kind = ExprKind::range;
  e.loc = loc;
  e.text = std::string(text);
  e.items = take_exprs();
  exprs_.push_back(std::move(e));
}

void AstBuilder::binary(std::size_t end) {
  Expr right = pop_expr();
  Expr op = pop_expr();
  Expr left = pop_expr();
  Expr e;
  e.kind = ExprKind::binary;
  e.loc = left.loc;
  e.text = std::string(text_.substr(left.loc.offset, end - left.loc.offset));
  e.name = op.name;
  e.items.push_back(std::move(left));
  e.items.push_back(std::move(right));
  exprs_.push_back(std::move(e));
}

void AstBuilder::negate(SourceLoc loc, std::string_view text) {
  Expr e;
  e.kind = ExprKind::negate;
  e.loc = loc;
  e.text = std::string(text);
  e.items.push_back(pop_expr());
  exprs_.push_back(std::move(e));
}

void AstBuilder::item_word(SourceLoc loc, std::string_view text) {
  items_.push_back({Item::Kind::word, loc, std::string(text), {}});
}

void AstBuilder::item_arrow(SourceLoc loc, std::string_view text) {
  items_.push_back({Item::Kind::arrow, loc, std::string(text), {}});
}

void AstBuilder::item_comma(SourceLoc loc, std::string_view text) {
  items_.push_back({Item::Kind::comma, loc, std::string(text), {}});
}

void AstBuilder::item_value() {
  Expr e = pop_expr();
  Item item;
  item.kind = Item::Kind::expr;
  item.loc = e.loc;
  item.word = e.text;
  item.expr = std::move(e);
  items_.push_back(std::move(item));
}

void AstBuilder::role(Role role) {
  if (items_.size() <= top().items) return;
  pieces_.push_back({role, std::move(items_.back())});
  items_.pop_back();
}

void AstBuilder::role_word(Role role, SourceLoc loc, std::string_view text) {
  pieces_.push_back({role, {Item::Kind::word, loc, std::string(text), {}}});
}

void AstBuilder::statement_end(std::size_t offset) { last_end_ = offset; }

void AstBuilder::statement(StmtKind kind, SourceLoc loc) {
  Stmt s;
  s.kind = kind;
  s.loc = loc;
  if (last_end_ > loc.offset) s.text = std::string(text_.substr(loc.offset, last_end_ - loc.offset));
  auto exprs = take_exprs();
  s.items = take_since(items_, top().items);
  s.body = take_since(stmts_, top().stmts);
  s.form = form(kind, take_since(pieces_, top().pieces));
  // Which of the pushed expressions is a name and which the value depends on the statement.
  auto take_name = [&](std::size_t i) {
    if (i < exprs.size()) {
      s.name = exprs[i].name;
      s.name_loc = exprs[i].loc;
    }
  };
  auto take_value = [&](std::size_t i) {
    if (i < exprs.size()) s.value = std::move(exprs[i]);
  };
  switch (kind) {
    case StmtKind::title:
    case StmtKind::source:
    case StmtKind::note:
    case StmtKind::repeat:
    case StmtKind::series:
    case StmtKind::time:
    case StmtKind::parallel:
    case StmtKind::section:
      take_value(0);
      break;
    case StmtKind::location:
    case StmtKind::let:
    case StmtKind::for_:
      take_name(0);
      take_value(1);
      break;
    case StmtKind::kernel:
    case StmtKind::baseline:
      take_name(0);
      break;
    case StmtKind::setup:
    case StmtKind::teardown:
    case StmtKind::report:
    case StmtKind::compare:
    case StmtKind::settle:
    case StmtKind::kernel_def:
    case StmtKind::branch:
    case StmtKind::interleave:
      break;
    case StmtKind::index:
      if (auto* index = std::get_if<IndexStmt>(&s.form); index != nullptr && !exprs.empty())
        index->label = std::move(exprs[0]);
      break;
    case StmtKind::if_:
      // One condition per branch but the last, which has none when it is the `else`.
      for (std::size_t i = 0; i < exprs.size() && i < s.body.size(); ++i) s.body[i].value = std::move(exprs[i]);
      break;
  }
  stmts_.push_back(std::move(s));
}

Recipe AstBuilder::finish() {
  Recipe recipe;
  recipe.statements = std::move(stmts_);
  stmts_.clear();
  return recipe;
}

}  // namespace hwbench::lang::recipe
