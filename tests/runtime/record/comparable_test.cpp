// Result files and published results are told apart by their content (runtime/record/comparable.hpp).
#include "runtime/record/comparable.hpp"

#include <doctest/doctest.h>

using hwbench::runtime::record::FileKind;
using hwbench::runtime::record::sniff_file_kind;

TEST_CASE("comparable: a JSON object is a result file, TOML with a schema key a published result") {
  CHECK(sniff_file_kind("{\"schema\": \"hwbench-result/1\"}") == FileKind::result);
  CHECK(sniff_file_kind("\xEF\xBB\xBF\n  {") == FileKind::result);
  CHECK(sniff_file_kind("{") == FileKind::result);  // truncated: the JSON reader says where
  CHECK(sniff_file_kind("schema = \"hwbench-published/1\"\n") == FileKind::published);
  CHECK(sniff_file_kind("# from a blog post\n\nmachine = \"x\"\nschema=\"hwbench-published/2\"\n[[series]]\n") ==
        FileKind::published);
  // Only a top-level key counts, and only the key itself.
  CHECK(sniff_file_kind("machine = \"x\"\n[meta]\nschema = \"hwbench-published/1\"\n") == FileKind::neither);
  CHECK(sniff_file_kind("schemas = 1\n") == FileKind::neither);
  CHECK(sniff_file_kind("schema is what this log lacks\n") == FileKind::neither);
  CHECK(sniff_file_kind("") == FileKind::neither);
  CHECK(sniff_file_kind("BYTEmark* Native Mode Benchmark ver. 2 (10/95)\n") == FileKind::neither);
}
