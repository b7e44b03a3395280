# 32-bit ARM without a floating-point unit, ARMv5TE (Debian armel: soft float, the Marvell
# Kirkwood NAS boards of the articles' era): scripts/build-static armel.
set(CMAKE_SYSTEM_PROCESSOR armv5tel)
set(HWBENCH_CROSS_TRIPLE arm-linux-gnueabi)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
# gcc notes on every std::map iterator that GCC 7.1 changed how ARM EABI passes such arguments:
# true of any 32-bit ARM build, and of nothing hwbench links with an older compiler.
set(CMAKE_CXX_FLAGS_INIT "-Wno-psabi")
# ARMv5 has no 64-bit atomic instructions (ldrexd came with ARMv6K): gcc calls libatomic's
# __atomic_load_8 and friends, which the link must then find, after every object.
set(CMAKE_CXX_STANDARD_LIBRARIES "-latomic")
