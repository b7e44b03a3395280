#pragma once
// Dhrystone 2.1 (R. P. Weicker, 1988): the synthetic integer benchmark of records, strings,
// arrays, enumerations and procedure calls that UnixBench times as "Dhrystone 2 using register
// variables". One loop of the main program is one unit of work.
#include <cstdint>

namespace hwbench::kernels::system {

/// Dhrystone's enumeration: Ident_1 … Ident_5.
enum class Ident : int { one = 0, two = 1, three = 2, four = 3, five = 4 };

/// Dhrystone's record type (the variant the program uses: Enum_Comp, Int_Comp, Str_Comp).
struct DhrystoneRecord {
  DhrystoneRecord* ptr_comp = nullptr;
  Ident discr = Ident::one;
  Ident enum_comp = Ident::one;
  int int_comp = 0;
  char str_comp[31] = {};
};

/// The benchmark's globals and the main program's locals, kept between calls so that run()
/// continues one long Dhrystone run; after any number of loops they hold the values the
/// program's end-of-run report says they should have.
class Dhrystone {
 public:
  /// The program's initialisation: the two records, Str_1_Loc and Arr_2_Glob[8][7] = 10.
  Dhrystone();
  Dhrystone(const Dhrystone&) = delete;
  Dhrystone& operator=(const Dhrystone&) = delete;

  /// Runs `loops` more loops of the main program.
  void run(std::uint64_t loops);

  /// Loops run so far (Run_Index of the last loop).
  std::uint64_t loops() const { return run_index_; }

  // The report's variables, named as in the program.
  int int_glob = 0;
  bool bool_glob = false;
  char ch_1_glob = 0;
  char ch_2_glob = 0;
  int arr_1_glob[50] = {};
  int arr_2_glob[50][50] = {};
  DhrystoneRecord glob_record;       ///< *Ptr_Glob
  DhrystoneRecord next_glob_record;  ///< *Next_Ptr_Glob
  DhrystoneRecord* ptr_glob = &glob_record;
  DhrystoneRecord* next_ptr_glob = &next_glob_record;
  int int_1_loc = 0;
  int int_2_loc = 0;
  int int_3_loc = 0;
  Ident enum_loc = Ident::one;
  char str_1_loc[31] = {};
  char str_2_loc[31] = {};

 private:
  void proc_1(DhrystoneRecord* ptr_val_par);
  void proc_2(int* int_par_ref);
  void proc_3(DhrystoneRecord** ptr_ref_par);
  void proc_4();
  void proc_5();
  void proc_6(Ident enum_val_par, Ident* enum_ref_par);
  void proc_8(int arr_1_par_ref[50], int arr_2_par_ref[50][50], int int_1_par_val, int int_2_par_val);
  Ident func_1(char ch_1_par_val, char ch_2_par_val);
  // Func_1 as called from inside the second file (Func_2), where it may be inlined.
  inline Ident func_1_in_file(char ch_1_par_val, char ch_2_par_val);
  bool func_2(const char* str_1_par_ref, const char* str_2_par_ref);

  // Run_Index: an ordinary global in UnixBench 5.1.3/6.0's dhry_1.c (its alarm handler reads
  // it), so stored before each call out of the loop, as a member is here.
  std::uint64_t run_index_ = 0;
};

}  // namespace hwbench::kernels::system
