// ReportStyle's words, both ways: the generic layouts and every named style of the catalogue.
#include "runtime/model/report_style.hpp"

#include <string>
#include <string_view>
#include <utility>

#include <doctest/doctest.h>

namespace rt = hwbench::runtime;

TEST_CASE("report_style: the generic layouts have their words, and the words give them back") {
  CHECK(rt::model::ReportStyle{}.layout == rt::model::ReportLayout::lines);
  CHECK(rt::model::ReportStyle{}.named == nullptr);
  const std::pair<rt::model::ReportLayout, std::string_view> words[] = {{rt::model::ReportLayout::lines, "lines"},
                                                                        {rt::model::ReportLayout::table, "table"},
                                                                        {rt::model::ReportLayout::compare, "compare"}};
  for (const auto& entry : words) {
    const rt::model::ReportLayout layout = entry.first;
    const std::string word(entry.second);
    CAPTURE(word);
    CHECK(rt::model::to_text(rt::model::ReportStyle{layout, nullptr}) == word);
    const auto style = rt::model::report_style_from_text(word);
    REQUIRE(style.has_value());
    CHECK(style->layout == layout);
    CHECK(style->named == nullptr);
  }
}

TEST_CASE("report_style: every named style of the catalogue is its catalogue entry") {
  REQUIRE_FALSE(rt::model::style_catalogue().empty());
  for (const auto& info : rt::model::style_catalogue()) {
    CAPTURE(info.name);
    const auto style = rt::model::report_style_from_text(info.name);
    REQUIRE(style.has_value());
    CHECK(style->layout == rt::model::ReportLayout::named);
    CHECK(style->named == &info);
    CHECK(*style == rt::model::named_report_style(info));
    CHECK(rt::model::to_text(*style) == info.name);
  }
  CHECK(rt::model::to_text(*rt::model::report_style_from_text("unixbench")) == "unixbench");
  CHECK(*rt::model::report_style_from_text("nbench") != *rt::model::report_style_from_text("bonnie"));
}

TEST_CASE("report_style: an unknown word is no style") {
  for (std::string_view word : {"", "tabel", "Table", "lines ", "named", "fio"}) {
    CAPTURE(std::string(word));
    CHECK_FALSE(rt::model::report_style_from_text(word).has_value());
  }
}
