#include "lang/recipe/ast_builder.hpp"

#include <string_view>

#include <doctest/doctest.h>

namespace hwbench::lang {

namespace {

SourceLoc at(std::size_t offset) { return {1, static_cast<std::uint32_t>(offset + 1), offset}; }

TEST_CASE("ast builder: a rolled-back transaction leaves nothing behind") {
  std::string_view text = "cp 10MB x";
  recipe::AstBuilder b(text);
  b.begin();  // the statement
  b.word(at(0), "cp");
  b.begin();  // an attempt that fails
  b.number(at(3), "10mb");
  b.item_value();
  b.rollback();
  b.begin();
  b.number(at(3), "10MB");
  b.item_value();
  b.commit();
  b.begin();
  b.item_word(at(8), "x");
  b.commit();
  b.statement_end(9);
  b.statement(recipe::StmtKind::kernel, at(0));
  b.commit();
  CHECK(b.errors().empty());  // the unknown unit went with its transaction
  auto recipe = b.finish();
  REQUIRE(recipe.statements.size() == 1);
  const auto& s = recipe.statements[0];
  CHECK(s.name == "cp");
  CHECK(s.text == "cp 10MB x");
  REQUIRE(s.items.size() == 2);
  CHECK(s.items[0].word == "10MB");
  CHECK(s.items[0].expr.number.value == 1e7);
  CHECK(s.items[1].word == "x");
}

TEST_CASE("ast builder: a typed statement takes its roles, a rolled-back role is gone") {
  std::string_view text = "report table MB/s with mean, min";
  recipe::AstBuilder b(text);
  b.begin();  // the statement
  b.role_word(recipe::Role::report_table, at(7), "table");
  b.begin();  // an attempt that fails after taking its role
  b.item_word(at(13), "MB");
  b.role(recipe::Role::report_head);
  b.rollback();
  b.item_word(at(13), "MB/s");
  b.role(recipe::Role::report_head);
  b.role_word(recipe::Role::report_with, at(18), "with");
  b.item_word(at(23), "mean");
  b.role(recipe::Role::report_arg);
  b.role_word(recipe::Role::report_comma, at(27), ",");
  b.item_word(at(29), "min");
  b.role(recipe::Role::report_arg);
  b.statement_end(32);
  b.statement(recipe::StmtKind::report, at(0));
  b.commit();
  auto recipe = b.finish();
  REQUIRE(recipe.statements.size() == 1);
  const auto& s = recipe.statements[0];
  CHECK(s.items.empty());
  const auto* r = std::get_if<recipe::ReportStmt>(&s.form);
  REQUIRE(r != nullptr);
  CHECK(r->table.text == "table");
  CHECK(r->head.text == "MB/s");
  CHECK(r->with.loc.offset == 18);
  REQUIRE(r->args.size() == 2);
  CHECK(r->args[0].term.word.text == "mean");
  CHECK_FALSE(r->args[0].comma.has_value());
  CHECK(r->args[1].term.word.text == "min");
  REQUIRE(r->args[1].comma.has_value());
  CHECK(r->args[1].comma->offset == 27);
  CHECK_FALSE(r->trailing_comma.has_value());
}

TEST_CASE("ast builder: abandon keeps lexical errors, drops pieces") {
  recipe::AstBuilder b("let x = 10mb +");
  b.begin();
  auto depth = b.depth();
  b.begin();
  b.number(at(8), "10mb");
  b.begin();
  b.abandon(depth);
  CHECK(b.depth() == depth);
  REQUIRE(b.errors().size() == 1);
  CHECK(b.errors()[0].message == "unknown unit 'mb' in '10mb'");
  CHECK(b.errors()[0].hint == "did you mean 'MB'?");
  CHECK(b.errors()[0].length == 4);
  b.commit();
  CHECK(b.finish().statements.empty());
}

TEST_CASE("ast builder: binary text spans both operands") {
  std::string_view text = "let x = a + 2";
  recipe::AstBuilder b(text);
  b.begin();  // the statement
  b.word(at(4), "x");
  b.word(at(8), "a");
  b.begin();  // the `+ 2` tail
  b.word(at(10), "+");
  b.number(at(12), "2");
  b.binary(13);
  b.commit();
  b.statement_end(13);
  b.statement(recipe::StmtKind::let, at(0));
  b.commit();
  auto recipe = b.finish();
  REQUIRE(recipe.statements.size() == 1);
  const auto& let = recipe.statements[0];
  CHECK(let.text == "let x = a + 2");
  CHECK(let.name == "x");
  CHECK(let.name_loc.offset == 4);
  CHECK(let.value.kind == recipe::ExprKind::binary);
  CHECK(let.value.name == "+");
  CHECK(let.value.text == "a + 2");
  CHECK(let.value.loc.offset == 8);
  REQUIRE(let.value.items.size() == 2);
  CHECK(let.value.items[0].name == "a");
  CHECK(let.value.items[1].number.value == 2);
}

}  // namespace
}  // namespace hwbench::lang
