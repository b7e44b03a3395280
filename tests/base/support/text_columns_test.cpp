// Columns on a terminal: East Asian wide characters take two, and cut text ends in "…".
#include "base/support/text_columns.hpp"

#include <doctest/doctest.h>

namespace support = hwbench::support;

TEST_CASE("text columns: display width counts wide characters twice and stray bytes once") {
  CHECK(support::display_width("") == 0);
  CHECK(support::display_width("ratio") == 5);
  CHECK(support::display_width("1.25倍") == 6);
  CHECK(support::display_width("±0.8%") == 5);
  CHECK(support::display_width("\xff\xfe") == 2);
  // Emoji are wide on terminals (East Asian Width W): a label "🚀 copy" takes 7 columns.
  CHECK(support::display_width("🚀 copy") == 7);
  CHECK(support::display_width("🙂🧪🫠") == 6);
}

TEST_CASE("text columns: fit_width keeps what fits and ends a cut text with an ellipsis") {
  CHECK(support::fit_width("status", 6) == "status");
  CHECK(support::fit_width("status", 5) == "stat…");
  CHECK(support::fit_width("status", 1) == "…");
  CHECK(support::fit_width("status", 0) == "");
  // A wide character that would straddle the last free column is left out whole.
  CHECK(support::fit_width("ab倍cd", 4) == "ab…");
  CHECK(support::fit_width("ab倍cd", 5) == "ab倍…");
  CHECK(support::display_width(support::fit_width("ab倍倍倍", 6)) <= 6);
}

TEST_CASE("text columns: cells aligned by their columns on screen") {
  CHECK(support::write_columns({{"a", "1.25倍"}, {"long", "2"}}, true) == "a     1.25倍\nlong       2\n");
}

TEST_CASE("text columns: wrap_words breaks at spaces within the columns, later lines indented") {
  using hwbench::support::wrap_words;
  const std::string verdict =
      "conditions: load 3.1 on 2 CPUs during 'write 100MB' (and 24 more series); CPU pressure 58%";
  CHECK(wrap_words(verdict, 40, "  ") ==
        "conditions: load 3.1 on 2 CPUs during\n"
        "  'write 100MB' (and 24 more series);\n"
        "  CPU pressure 58%");
  CHECK(wrap_words(verdict, 0, "  ") == verdict);
  CHECK(wrap_words(verdict, 200, "  ") == verdict);
  // A word wider than a line stands alone rather than being cut.
  CHECK(wrap_words("a bbbbbbbbbbbb c", 5, "") == "a\nbbbbbbbbbbbb\nc");
  // Wide characters count two columns.
  CHECK(wrap_words("倍倍 倍倍 x", 6, "") == "倍倍\n倍倍 x");
}
