// ReportStyle's words, both ways: the generic layouts and every named style of the catalogue.
#include <string>
#include <string_view>
#include <utility>

#include <doctest/doctest.h>

#include "runtime/model/report_style.hpp"

namespace rt = hwbench::runtime;

TEST_CASE("report_style: the generic layouts have their words, and the words give them back") {
  CHECK(rt::ReportStyle{}.layout == rt::ReportLayout::lines);
  CHECK(rt::ReportStyle{}.named == nullptr);
  const std::pair<rt::ReportLayout, std::string_view> words[] = {
      {rt::ReportLayout::lines, "lines"}, {rt::ReportLayout::table, "table"}, {rt::ReportLayout::compare, "compare"}};
  for (const auto& entry : words) {
    const rt::ReportLayout layout = entry.first;
    const std::string word(entry.second);
    CAPTURE(word);
    CHECK(rt::to_text(rt::ReportStyle{layout, nullptr}) == word);
    const auto style = rt::report_style_from_text(word);
    REQUIRE(style.has_value());
    CHECK(style->layout == layout);
    CHECK(style->named == nullptr);
  }
}

TEST_CASE("report_style: every named style of the catalogue is its catalogue entry") {
  REQUIRE_FALSE(rt::style_catalogue().empty());
  for (const auto& info : rt::style_catalogue()) {
    CAPTURE(info.name);
    const auto style = rt::report_style_from_text(info.name);
    REQUIRE(style.has_value());
    CHECK(style->layout == rt::ReportLayout::named);
    CHECK(style->named == &info);
    CHECK(*style == rt::named_report_style(info));
    CHECK(rt::to_text(*style) == info.name);
  }
  CHECK(rt::to_text(*rt::report_style_from_text("unixbench")) == "unixbench");
  CHECK(*rt::report_style_from_text("nbench") != *rt::report_style_from_text("bonnie"));
}

TEST_CASE("report_style: an unknown word is no style") {
  for (std::string_view word : {"", "tabel", "Table", "lines ", "named", "fio"}) {
    CAPTURE(std::string(word));
    CHECK_FALSE(rt::report_style_from_text(word).has_value());
  }
}
