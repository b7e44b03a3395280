# 32-bit ARM with hardware floating point, ARMv7 (Debian armhf): scripts/build-static armhf.
set(CMAKE_SYSTEM_PROCESSOR armv7l)
set(HWBENCH_CROSS_TRIPLE arm-linux-gnueabihf)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
