# What the cross toolchain files share (cmake/toolchain-aarch64.cmake, -armhf.cmake): Debian's
# cross compilers (crossbuild-essential-ARCH) for HWBENCH_CROSS_TRIPLE, and the target's libraries
# and package files from Debian's multiarch directories (/usr/lib/TRIPLE, /usr/include/TRIPLE),
# where `apt-get install libssl-dev:ARCH` puts them. scripts/build-static uses them.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${HWBENCH_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${HWBENCH_CROSS_TRIPLE}-g++)
set(CMAKE_LIBRARY_ARCHITECTURE ${HWBENCH_CROSS_TRIPLE})
# The compilers search /usr/include/TRIPLE and /usr/lib/TRIPLE themselves; find_package and
# find_library look there through CMAKE_LIBRARY_ARCHITECTURE and never in the build machine's
# own /usr/lib/x86_64-linux-gnu (scripts/build-static checks the binary's architecture).
# Header-only packages (/usr/share/cmake) serve both.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
# FindOpenSSL asks pkg-config first: the target's .pc files, not the build machine's.
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/${HWBENCH_CROSS_TRIPLE}/pkgconfig:/usr/share/pkgconfig")
