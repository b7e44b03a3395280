// Diagnostics: duplicates kept once, and a flood of findings capped.
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "lang/common/diagnostics.hpp"

namespace hwbench::lang {

TEST_CASE("diagnostics: past kMaxKept findings only a count is kept and rendered") {
  Source source{"t.bench", "rm /etc/x\n"};
  Diagnostics diags;
  const std::size_t total = Diagnostics::kMaxKept + 500;
  for (std::size_t i = 0; i < total; ++i) diags.error(SourceLoc{1, 1, 0}, "error " + std::to_string(i));
  diags.error(SourceLoc{1, 1, 0}, "error 0");  // a duplicate past the cap is counted as well
  CHECK(diags.all().size() == Diagnostics::kMaxKept);
  CHECK(diags.error_count() == total + 1);
  CHECK(diags.has_errors());
  std::ostringstream out;
  diags.render(source, out);
  const std::string text = out.str();
  CHECK(text.substr(text.rfind("t.bench: note:")) == "t.bench: note: 501 more errors and warnings not shown\n");
  CHECK(text.find("error 999\n") != std::string::npos);
  CHECK(text.find("error 1000\n") == std::string::npos);
}

TEST_CASE("diagnostics: the same message at the same place is kept once") {
  Diagnostics diags;
  diags.error(SourceLoc{2, 3, 7}, "bad");
  diags.error(SourceLoc{2, 3, 7}, "bad");
  diags.error(SourceLoc{2, 4, 8}, "bad");
  CHECK(diags.all().size() == 2);
  CHECK(diags.error_count() == 2);
}

}  // namespace hwbench::lang
