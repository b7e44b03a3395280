// The files family's specs (what `hwbench list` and the checker see) and their effects.
#include "kernels/files/files.hpp"

#include <sys/stat.h>

#include <doctest/doctest.h>

#include "kernels/builtin/builtin.hpp"
#include "tests/kernels/files/files_test_support.hpp"

namespace hwbench::kernels {

namespace {

Registry files_registry() {
  Registry r;
  files::register_kernels(r);
  return r;
}

}  // namespace

TEST_CASE("files: files::register_kernels adds write, read, cp and rm in the files family") {
  const Registry r = files_registry();
  CHECK(r.names() == std::vector<std::string>{"write", "read", "cp", "rm"});
  for (const auto& spec : r.all()) {
    CHECK(spec.family == "files");
    CHECK_FALSE(spec.help.empty());
    CHECK_FALSE(spec.lineage.empty());
    CHECK_FALSE(spec.runs_programs);
    CHECK(spec.effects);
    CHECK(spec.make);
  }
}

TEST_CASE("files: write's spec") {
  const Registry r = files_registry();
  const KernelSpec& w = *r.find("write");
  CHECK(w.synopsis == "write PATH size SIZE [random|zero] [block BLOCK]");
  CHECK(w.unit == WorkUnit::bytes);
  REQUIRE(w.args.size() == 1);
  CHECK(w.args[0].name == "PATH");
  CHECK(w.args[0].kind == ArgKind::output_path);
  CHECK(w.args[0].before == "");
  REQUIRE(w.params.size() == 3);
  const ParamSpec* size = w.param("size");
  REQUIRE(size);
  CHECK(size->type == ParamType::size);
  CHECK(size->default_text == "");
  CHECK(size->min == 0);
  const ParamSpec* data = w.param("data");
  REQUIRE(data);
  CHECK(data->type == ParamType::choice);
  CHECK(data->default_text == "random");
  CHECK(data->choices == std::vector<std::string>{"random", "zero"});
  const ParamSpec* block = w.param("block");
  REQUIRE(block);
  CHECK(block->type == ParamType::size);
  CHECK(block->default_text == "1MiB");
  CHECK(block->min == 1);
}

TEST_CASE("files: read's, cp's and rm's specs") {
  const Registry r = files_registry();
  const KernelSpec& rd = *r.find("read");
  CHECK(rd.synopsis == "read PATH [block BLOCK]");
  CHECK(rd.unit == WorkUnit::bytes);
  REQUIRE(rd.args.size() == 1);
  CHECK(rd.args[0].kind == ArgKind::input_path);
  REQUIRE(rd.params.size() == 1);
  CHECK(rd.params[0].name == "block");
  CHECK(rd.params[0].default_text == "1MiB");

  const KernelSpec& cp = *r.find("cp");
  CHECK(cp.synopsis == "cp SRC -> DST [method auto|copy_file_range|sendfile|readwrite] [block BLOCK]");
  CHECK(cp.unit == WorkUnit::bytes);
  REQUIRE(cp.args.size() == 2);
  CHECK(cp.args[0].name == "SRC");
  CHECK(cp.args[0].kind == ArgKind::input_path);
  CHECK(cp.args[0].before == "");
  CHECK(cp.args[1].name == "DST");
  CHECK(cp.args[1].kind == ArgKind::output_path);
  CHECK(cp.args[1].before == "->");
  const ParamSpec* method = cp.param("method");
  REQUIRE(method);
  CHECK(method->type == ParamType::choice);
  CHECK(method->default_text == "auto");
  CHECK(method->choices == std::vector<std::string>{"auto", "copy_file_range", "sendfile", "readwrite"});
  REQUIRE(cp.param("block"));
  CHECK(cp.param("block")->default_text == "1MiB");

  const KernelSpec& rm = *r.find("rm");
  CHECK(rm.synopsis == "rm PATH-OR-GLOB");
  CHECK(rm.unit == WorkUnit::operations);
  REQUIRE(rm.args.size() == 1);
  CHECK(rm.args[0].kind == ArgKind::glob);
  CHECK(rm.params.empty());
}

TEST_CASE("files: effects of write and read") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  test::put_file(dir / "in", std::vector<unsigned char>(10, 0));
  platform::RealFileView view;
  const Registry r = files_registry();

  FileEffects w = r.find("write")->effects(
      test::make_call(*r.find("write"), {test::path_arg(dir / "out")}, {{"size", test::size_value(5e6)}}), view);
  REQUIRE(w.creates.size() == 1);
  CHECK(w.creates[0].path == dir / "out");
  CHECK(w.creates[0].size == 5000000);
  CHECK(w.reads.empty());
  CHECK(w.removes.empty());
  CHECK(w.problems.empty());

  FileEffects wd = r.find("write")->effects(
      test::make_call(*r.find("write"), {test::path_arg(dir.path())}, {{"size", test::size_value(1)}}), view);
  CHECK(wd.creates.empty());
  REQUIRE(wd.problems.size() == 1);
  CHECK(wd.problems[0].message == "cannot write " + dir.path() + ": it is a directory");
  CHECK(wd.problems[0].hint == "name a file inside it, e.g. " + dir.path() + "/FILE");

  FileEffects rd = r.find("read")->effects(test::make_call(*r.find("read"), {test::path_arg(dir / "in")}), view);
  CHECK(rd.reads == std::vector<std::string>{dir / "in"});
  CHECK(rd.creates.empty());
  CHECK(rd.problems.empty());

  FileEffects rdd = r.find("read")->effects(test::make_call(*r.find("read"), {test::path_arg(dir.path())}), view);
  CHECK(rdd.reads.empty());
  REQUIRE(rdd.problems.size() == 1);
  CHECK(rdd.problems[0].message == "cannot read " + dir.path() + ": it is a directory");
}

TEST_CASE("files: effects of cp") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  test::put_file(dir / "src", std::vector<unsigned char>(4242, 1));
  ::mkdir((dir / "into").c_str(), 0755);
  platform::RealFileView view;
  const Registry r = files_registry();
  const KernelSpec& cp = *r.find("cp");

  FileEffects to_file =
      cp.effects(test::make_call(cp, {test::path_arg(dir / "src"), test::path_arg(dir / "dst")}), view);
  CHECK(to_file.reads == std::vector<std::string>{dir / "src"});
  REQUIRE(to_file.creates.size() == 1);
  CHECK(to_file.creates[0].path == dir / "dst");
  CHECK(to_file.creates[0].size == 4242);
  CHECK(to_file.problems.empty());

  FileEffects to_dir =
      cp.effects(test::make_call(cp, {test::path_arg(dir / "src"), test::path_arg(dir / "into")}), view);
  REQUIRE(to_dir.creates.size() == 1);
  CHECK(to_dir.creates[0].path == dir / "into/src");
  CHECK(to_dir.creates[0].size == 4242);

  FileEffects unknown =
      cp.effects(test::make_call(cp, {test::path_arg(dir / "later"), test::path_arg(dir / "into")}), view);
  REQUIRE(unknown.creates.size() == 1);
  CHECK(unknown.creates[0].path == dir / "into/later");
  CHECK(unknown.creates[0].size == 0);

  FileEffects from_dir =
      cp.effects(test::make_call(cp, {test::path_arg(dir / "into"), test::path_arg(dir / "dst")}), view);
  CHECK(from_dir.creates.empty());
  REQUIRE(from_dir.problems.size() == 1);
  CHECK(from_dir.problems[0].message == "cannot copy " + dir / "into" + ": it is a directory");
  CHECK(from_dir.problems[0].hint == "cp copies one file; name a file inside it, e.g. " + dir / "into/FILE");

  FileEffects onto_self =
      cp.effects(test::make_call(cp, {test::path_arg(dir / "src"), test::path_arg(dir / "src")}), view);
  REQUIRE(onto_self.problems.size() == 1);
  CHECK(onto_self.problems[0].message == "cannot copy " + dir / "src" + " onto itself");
}

TEST_CASE("files: effects of rm") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  for (const char* name : {"x_1", "x_2", "y_1"}) test::put_file(dir / name, {1});
  ::mkdir((dir / "x_dir").c_str(), 0755);
  platform::RealFileView view;
  const Registry r = files_registry();
  const KernelSpec& rm = *r.find("rm");

  FileEffects g = rm.effects(test::make_call(rm, {test::path_arg(dir / "x_*")}), view);
  CHECK(g.removes == std::vector<std::string>{dir / "x_1", dir / "x_2"});
  CHECK(g.problems.empty());

  FileEffects none = rm.effects(test::make_call(rm, {test::path_arg(dir / "z_*")}), view);
  CHECK(none.removes.empty());
  CHECK(none.problems.empty());

  FileEffects wild_dir = rm.effects(test::make_call(rm, {test::path_arg(dir.path() + "/*/x_1")}), view);
  CHECK(wild_dir.removes.empty());
  REQUIRE(wild_dir.problems.size() == 1);
  CHECK(wild_dir.problems[0].message ==
        "cannot remove " + dir.path() + "/*/x_1: a wildcard may stand only in the last component");

  FileEffects a_dir = rm.effects(test::make_call(rm, {test::path_arg(dir / "x_dir")}), view);
  CHECK(a_dir.removes.empty());
  REQUIRE(a_dir.problems.size() == 1);
  CHECK(a_dir.problems[0].message == "cannot remove " + dir / "x_dir" + ": it is a directory");
  CHECK(a_dir.problems[0].hint == "rm removes files; to remove those inside it, write " + dir / "x_dir/*");
}

}  // namespace hwbench::kernels
