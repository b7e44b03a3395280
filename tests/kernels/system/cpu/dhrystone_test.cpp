// Dhrystone 2.1: after any number of loops the variables hold the values the program's own
// end-of-run report says they should have.
#include "kernels/system/cpu/dhrystone.hpp"

#include <string>

#include <doctest/doctest.h>

#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"
#include "tests/kernels/files/files_test_support.hpp"

namespace hwbench::kernels {

namespace {

std::string text(const signed char* s) { return reinterpret_cast<const char*>(s); }

// The report's "should be" values; Arr_2_Glob[8][7] should be Number_Of_Runs + 10.
void check_final_values(const system::Dhrystone& d, int runs) {
  CHECK(d.int_glob == 5);
  CHECK(d.bool_glob == true);
  CHECK(d.ch_1_glob == 'A');
  CHECK(d.ch_2_glob == 'B');
  CHECK(d.arr_1_glob[8] == 7);
  CHECK(d.arr_2_glob[8][7] == runs + 10);
  CHECK(d.ptr_glob->ptr_comp == d.next_ptr_glob);
  CHECK(d.ptr_glob->discr == system::Ident::one);
  CHECK(static_cast<int>(d.ptr_glob->enum_comp) == 2);
  CHECK(d.ptr_glob->int_comp == 17);
  CHECK(text(d.ptr_glob->str_comp) == "DHRYSTONE PROGRAM, SOME STRING");
  // "Next_Ptr_Glob->Ptr_Comp: (implementation-dependent), same as above".
  CHECK(d.next_ptr_glob->ptr_comp == d.ptr_glob->ptr_comp);
  CHECK(d.next_ptr_glob->discr == system::Ident::one);
  CHECK(static_cast<int>(d.next_ptr_glob->enum_comp) == 1);
  CHECK(d.next_ptr_glob->int_comp == 18);
  CHECK(text(d.next_ptr_glob->str_comp) == "DHRYSTONE PROGRAM, SOME STRING");
  CHECK(d.int_1_loc == 5);
  CHECK(d.int_2_loc == 13);
  CHECK(d.int_3_loc == 7);
  CHECK(static_cast<int>(d.enum_loc) == 1);
  CHECK(std::string(d.str_1_loc) == "DHRYSTONE PROGRAM, 1'ST STRING");
  CHECK(std::string(d.str_2_loc) == "DHRYSTONE PROGRAM, 2'ND STRING");
}

}  // namespace

TEST_CASE("dhrystone: the final values after one loop") {
  system::Dhrystone d;
  d.run(1);
  CHECK(d.loops() == 1);
  check_final_values(d, 1);
}

TEST_CASE("dhrystone: calls continue one run, and the values hold after 100000 loops") {
  system::Dhrystone d;
  d.run(30000);
  d.run(70000);
  CHECK(d.loops() == 100000);
  check_final_values(d, 100000);
}

TEST_CASE("dhrystone: the kernel counts one operation per loop, with UnixBench's 10 s") {
  const KernelSpec spec = system::dhrystone_spec();
  CHECK(spec.name == "dhry2reg");
  CHECK(spec.family == "system");
  CHECK(spec.measure.for_seconds == 10);
  const Work w = test::run_kernel(spec, test::make_call(spec, {}), Context{}, 2500);
  CHECK(w.ops == 2500);
  CHECK(w.bytes == 0);
}

}  // namespace hwbench::kernels
