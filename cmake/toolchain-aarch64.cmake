# 64-bit ARM (Debian arm64): scripts/build-static aarch64.
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(HWBENCH_CROSS_TRIPLE aarch64-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
