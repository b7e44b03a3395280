// `dhry2reg`: Dhrystone 2.1, written from Weicker's published description of its procedures and
// data. UnixBench builds the program from two files, so the procedures of the second one
// (Proc_6, Proc_7, Proc_8, Func_1, Func_2, Func_3) are never inlined into the loop; they are
// marked noipa here (no inlining, cloning or interprocedural analysis, as across two files).
// Within the second file the compiler is free, as it is with UnixBench's dhry_2.c: Func_2's call
// of Func_1 and Proc_6's of Func_3 may be inlined (the -O3 build does inline them).
// "Register variables" is a build option of the C original (REG=register); C++ has no
// `register`, and an optimising compiler keeps these locals in registers anyway.
#include "kernels/system/cpu/dhrystone.hpp"

#include <cstring>

#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"

namespace hwbench::kernels::system {

namespace {

[[gnu::noipa]] void proc_7(int int_1_par_val, int int_2_par_val, int* int_par_ref) {
  const int int_loc = int_1_par_val + 2;
  *int_par_ref = int_2_par_val + int_loc;
}

bool func_3(Ident enum_par_val) {
  const Ident enum_loc = enum_par_val;
  return enum_loc == Ident::three;
}

// Int_Glob grows by one loop at a time; unsigned arithmetic keeps a very long run defined.
int plus_one(int v) { return static_cast<int>(static_cast<unsigned>(v) + 1u); }

}  // namespace

Dhrystone::Dhrystone() {
  ptr_glob->ptr_comp = next_ptr_glob;
  ptr_glob->discr = Ident::one;
  ptr_glob->enum_comp = Ident::three;
  ptr_glob->int_comp = 40;
  std::strcpy(ptr_glob->str_comp, "DHRYSTONE PROGRAM, SOME STRING");
  std::strcpy(str_1_loc, "DHRYSTONE PROGRAM, 1'ST STRING");
  arr_2_glob[8][7] = 10;
}

void Dhrystone::run(std::uint64_t loops) {
  // The main program's locals are locals here too, not members: the C program keeps those whose
  // address is never taken in registers across the calls, and members would be reloaded after
  // every call (the calls may change *this). Their final values are copied out for the report.
  int int_1 = int_1_loc;
  int int_2 = int_2_loc;
  int int_3 = int_3_loc;
  Ident enum_l = enum_loc;
  char str_2[sizeof str_2_loc];
  std::memcpy(str_2, str_2_loc, sizeof str_2);
  for (std::uint64_t n = 0; n < loops; ++n) {
    run_index_ = run_index_ + 1;
    proc_5();
    proc_4();
    int_1 = 2;
    int_2 = 3;
    std::strcpy(str_2, "DHRYSTONE PROGRAM, 2'ND STRING");
    enum_l = Ident::two;
    bool_glob = !func_2(str_1_loc, str_2);
    while (int_1 < int_2) {
      int_3 = 5 * int_1 - int_2;
      proc_7(int_1, int_2, &int_3);
      int_1 += 1;
    }
    proc_8(arr_1_glob, arr_2_glob, int_1, int_3);
    proc_1(ptr_glob);
    for (char ch_index = 'A'; ch_index <= ch_2_glob; ++ch_index) {
      if (enum_l == func_1(ch_index, 'C')) {
        proc_6(Ident::one, &enum_l);
        std::strcpy(str_2, "DHRYSTONE PROGRAM, 3'RD STRING");
        int_2 = static_cast<int>(run_index_);
        int_glob = static_cast<int>(run_index_);
      }
    }
    int_2 = int_2 * int_1;
    int_1 = int_2 / int_3;
    int_2 = 7 * (int_2 - int_3) - int_1;
    proc_2(&int_1);
  }
  int_1_loc = int_1;
  int_2_loc = int_2;
  int_3_loc = int_3;
  enum_loc = enum_l;
  std::memcpy(str_2_loc, str_2, sizeof str_2);
}

void Dhrystone::proc_1(DhrystoneRecord* ptr_val_par) {
  DhrystoneRecord* next_record = ptr_val_par->ptr_comp;
  *ptr_val_par->ptr_comp = *ptr_glob;
  ptr_val_par->int_comp = 5;
  next_record->int_comp = ptr_val_par->int_comp;
  next_record->ptr_comp = ptr_val_par->ptr_comp;
  proc_3(&next_record->ptr_comp);
  if (next_record->discr == Ident::one) {
    next_record->int_comp = 6;
    proc_6(ptr_val_par->enum_comp, &next_record->enum_comp);
    next_record->ptr_comp = ptr_glob->ptr_comp;
    proc_7(next_record->int_comp, 10, &next_record->int_comp);
  } else {
    *ptr_val_par = *ptr_val_par->ptr_comp;
  }
}

void Dhrystone::proc_2(int* int_par_ref) {
  int int_loc = *int_par_ref + 10;
  Ident enum_loc_2 = Ident::four;
  do {
    if (ch_1_glob == 'A') {
      int_loc -= 1;
      *int_par_ref = int_loc - int_glob;
      enum_loc_2 = Ident::one;
    }
  } while (enum_loc_2 != Ident::one);
}

void Dhrystone::proc_3(DhrystoneRecord** ptr_ref_par) {
  if (ptr_glob != nullptr) *ptr_ref_par = ptr_glob->ptr_comp;
  proc_7(10, int_glob, &ptr_glob->int_comp);
}

void Dhrystone::proc_4() {
  const bool bool_loc = ch_1_glob == 'A';
  bool_glob = bool_loc || bool_glob;
  ch_2_glob = 'B';
}

void Dhrystone::proc_5() {
  ch_1_glob = 'A';
  bool_glob = false;
}

[[gnu::noipa]] void Dhrystone::proc_6(Ident enum_val_par, Ident* enum_ref_par) {
  *enum_ref_par = enum_val_par;
  if (!func_3(enum_val_par)) *enum_ref_par = Ident::four;
  switch (enum_val_par) {
    case Ident::one:
      *enum_ref_par = Ident::one;
      break;
    case Ident::two:
      *enum_ref_par = int_glob > 100 ? Ident::one : Ident::four;
      break;
    case Ident::three:
      *enum_ref_par = Ident::two;
      break;
    case Ident::four:
      break;
    case Ident::five:
      *enum_ref_par = Ident::three;
      break;
  }
}

[[gnu::noipa]] void Dhrystone::proc_8(int arr_1_par_ref[50], int arr_2_par_ref[50][50], int int_1_par_val,
                                     int int_2_par_val) {
  const int int_loc = int_1_par_val + 5;
  arr_1_par_ref[int_loc] = int_2_par_val;
  arr_1_par_ref[int_loc + 1] = arr_1_par_ref[int_loc];
  arr_1_par_ref[int_loc + 30] = int_loc;
  for (int int_index = int_loc; int_index <= int_loc + 1; ++int_index) arr_2_par_ref[int_loc][int_index] = int_loc;
  arr_2_par_ref[int_loc][int_loc - 1] = plus_one(arr_2_par_ref[int_loc][int_loc - 1]);
  arr_2_par_ref[int_loc + 20][int_loc] = arr_1_par_ref[int_loc];
  int_glob = 5;
}

[[gnu::noipa]] Ident Dhrystone::func_1(char ch_1_par_val, char ch_2_par_val) {
  return func_1_in_file(ch_1_par_val, ch_2_par_val);
}

Ident Dhrystone::func_1_in_file(char ch_1_par_val, char ch_2_par_val) {
  const char ch_1_loc = ch_1_par_val;
  const char ch_2_loc = ch_1_loc;
  if (ch_2_loc != ch_2_par_val) return Ident::one;
  ch_1_glob = ch_1_loc;
  return Ident::two;
}

[[gnu::noipa]] bool Dhrystone::func_2(const char* str_1_par_ref, const char* str_2_par_ref) {
  int int_loc = 2;
  char ch_loc = 0;
  while (int_loc <= 2) {
    if (func_1_in_file(str_1_par_ref[int_loc], str_2_par_ref[int_loc + 1]) == Ident::one) {
      ch_loc = 'A';
      int_loc += 1;
    }
  }
  if (ch_loc >= 'W' && ch_loc < 'Z') int_loc = 7;
  if (ch_loc == 'R') return true;
  if (std::strcmp(str_1_par_ref, str_2_par_ref) > 0) {
    int_loc += 7;
    int_glob = int_loc;
    return true;
  }
  return false;
}

namespace {

class DhrystoneKernel : public Kernel {
 public:
  Work run(std::uint64_t n) override {
    dhrystone_.run(n);
    return {0, n};
  }

  void finish() override { keep(static_cast<std::uint64_t>(dhrystone_.int_glob + dhrystone_.int_1_loc)); }

 private:
  Dhrystone dhrystone_;
};

}  // namespace

KernelSpec dhrystone_spec() {
  KernelSpec spec = unixbench_spec(
      "dhry2reg", "Dhrystone 2.1 loops (integer, string and call work); one unit is one loop of its main program",
      "UnixBench dhry2reg: Dhrystone 2 using register variables (R. P. Weicker, 1988)", "dhry2reg", 10);
  spec.make = [](const Call&, const Context&) -> std::unique_ptr<Kernel> { return std::make_unique<DhrystoneKernel>(); };
  return spec;
}

}  // namespace hwbench::kernels::system
