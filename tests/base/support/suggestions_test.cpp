// "did you mean": the closest known word to a typo, a swap of neighbours counted as one slip.
#include "base/support/suggestions.hpp"

#include <doctest/doctest.h>

namespace support = hwbench::support;

TEST_CASE("suggestions: a swap of two neighbouring letters is one edit, even in short words") {
  CHECK(support::edit_distance("rnus", "runs", support::Swaps::one_edit) == 1);
  CHECK(support::edit_distance("rnus", "runs") == 2);
  CHECK(support::closest_match("rnus", {"runs", "for", "until"}) == "runs");
  CHECK(support::closest_match("fro", {"runs", "for", "until"}) == "for");
  // "reprot" is one swap from "report", two replacements from "repeat": not the other way round.
  CHECK(support::closest_match("reprot", {"repeat", "report", "rm"}) == "report");
  CHECK(support::did_you_mean("clod", {"cold", "sync"}, "none") == "did you mean 'cold'?");
  // Too far from anything: nothing is suggested.
  CHECK(support::closest_match("banana", {"runs", "for"}).empty());
}
