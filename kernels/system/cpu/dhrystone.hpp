#pragma once
// Dhrystone 2.1 (R. P. Weicker, 1988): the synthetic integer benchmark of records, strings,
// arrays, enumerations and procedure calls that UnixBench times as "Dhrystone 2 using register
// variables". One loop of the main program is one unit of work.
#include <cstdint>

namespace hwbench::kernels::system {

/// Dhrystone's enumeration: Ident_1 … Ident_5.
enum class Ident : int { one = 0, two = 1, three = 2, four = 3, five = 4 };

/// Dhrystone's record type (the variant the program uses: Enum_Comp, Int_Comp, Str_Comp), typed so
/// that the compiler may assume of it what a C compiler assumes of the C program's record:
///  - no default member initialisers: they would make it a non-POD class whose tail padding C++
///    may reuse, and Proc_1's record assignment would copy 51 bytes where C copies all 56;
///  - Str_Comp of signed char, not char: GCC lets a C++ class holding a char array provide storage
///    for any object, so that every store into a record might change any global. Proc_1 then
///    reloaded Ptr_Glob after each store and tested it for null once more, where C knows that
///    record stores leave the globals alone. The characters are the same (ASCII).
struct DhrystoneRecord {
  DhrystoneRecord* ptr_comp;
  Ident discr;
  Ident enum_comp;
  int int_comp;
  signed char str_comp[31];
};

/// One Dhrystone run, continued by every run() call: after any number of loops the members hold
/// the values the program's end-of-run report says they should have. The loops themselves run on
/// the program's globals, as in the C program (see dhrystone.cpp): run() loads this object's
/// values into them, runs, and stores them back, so objects do not share a run. One run() at a
/// time per process (hwbench's parallel copies are processes, as UnixBench's are).
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

  // The report's variables, named and typed as in the program (Boolean is an int there).
  int int_glob = 0;
  int bool_glob = 0;
  char ch_1_glob = 0;
  char ch_2_glob = 0;
  int arr_1_glob[50] = {};
  int arr_2_glob[50][50] = {};
  DhrystoneRecord glob_record{};       ///< *Ptr_Glob (malloc'd in the program)
  DhrystoneRecord next_glob_record{};  ///< *Next_Ptr_Glob
  DhrystoneRecord* ptr_glob = &glob_record;
  DhrystoneRecord* next_ptr_glob = &next_glob_record;
  int int_1_loc = 0;
  int int_2_loc = 0;
  int int_3_loc = 0;
  Ident enum_loc = Ident::one;
  char str_1_loc[31] = {};
  char str_2_loc[31] = {};

 private:
  std::uint64_t run_index_ = 0;
};

}  // namespace hwbench::kernels::system
