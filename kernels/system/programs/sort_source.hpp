#pragma once
// The data file of UnixBench's shell test: sort.src, 8546 bytes of shell script text that each
// copy of the pipeline sorts, dumps with od and greps. Embedded so that hwbench needs no data
// directory at run time; the shell kernel writes it into its DIR in prepare().
#include <string_view>

namespace hwbench::kernels::system {

/// sort.src, byte for byte (UnixBench's testdir/sort.src; SHA-256
/// 1feb22f7597b95f7e37f41c36bfe0b713f68cd37666b3125df01e01a875cdf81).
std::string_view sort_source();

}  // namespace hwbench::kernels::system
