# hwbench_module(NAME DIR [DEPS module…] [LIBS target…]) declares one module: the library
# hwbench_NAME built from DIR/*.cpp (not recursive: a sub-folder is a module of its own), linking
# its DEPS PRIVATE and its third-party LIBS PUBLIC. Every module sees the source root as its
# include directory; which of those headers it may include is what hwbench_check_layers() checks,
# from the DEPS written here.

add_library(hwbench_headers INTERFACE)
target_include_directories(hwbench_headers INTERFACE ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(hwbench_headers INTERFACE ${HWBENCH_FMT})
set_property(GLOBAL PROPERTY HWBENCH_MODULE_LINES "")

# What every translation unit of a module would otherwise parse again: the standard headers
# most of them use and fmt; runtime modules add nlohmann-json (runtime/model/result.hpp holds
# the environment as JSON), the single most expensive header here. Each of the two is compiled
# once for the whole build, by a host target of its own, and every module reuses it (REUSE_FROM):
# one precompiled header per module cost about 7 s of CPU each, 20 times. A precompiled header
# is only usable with the options that matter to the compiler: gcc wants -O on both sides (any
# level) and the same sanitizers, clang also the same coverage instrumentation; so the hosts are
# built with what every module gets (HWBENCH_LIBRARY_OPTIONS, the runtime optimisation).
set(HWBENCH_PCH_BASE <algorithm> <cstdint> <functional> <map> <memory> <optional> <string> <string_view> <vector>
    <fmt/format.h>)
set(HWBENCH_PCH_RUNTIME ${HWBENCH_PCH_BASE} <nlohmann/json.hpp>)

function(hwbench_module_options target dir)
  if(HWBENCH_LIBRARY_OPTIONS)
    target_compile_options(${target} PRIVATE ${HWBENCH_LIBRARY_OPTIONS})
  endif()
  # Kernels keep the build type's optimisation (Release: -O3, the flags a result file records);
  # the language, checker, runner and reports do not need more than -O2, which compiles faster.
  if(NOT dir MATCHES "^kernels/" AND HWBENCH_RUNTIME_OPTIMIZE)
    target_compile_options(${target} PRIVATE $<$<CONFIG:Release>:${HWBENCH_RUNTIME_OPTIMIZE}>)
  endif()
endfunction()

if(HWBENCH_PCH)
  foreach(kind IN ITEMS base runtime)
    set(host ${CMAKE_CURRENT_BINARY_DIR}/pch/${kind}.cpp)
    # Written only when its text changes (file(CONFIGURE)): a new time stamp at every configure
    # would compile the host again each time a script configures the build.
    file(CONFIGURE OUTPUT ${host} CONTENT "// Compiles the ${kind} precompiled header that every module reuses.\n")
    add_library(hwbench_pch_${kind} OBJECT ${host})
    target_link_libraries(hwbench_pch_${kind} PRIVATE hwbench_headers)
    hwbench_module_options(hwbench_pch_${kind} ${kind})
    if(kind STREQUAL "runtime")
      target_link_libraries(hwbench_pch_${kind} PRIVATE nlohmann_json::nlohmann_json)
    endif()
    string(TOUPPER ${kind} upper)
    target_precompile_headers(hwbench_pch_${kind} PRIVATE ${HWBENCH_PCH_${upper}})
  endforeach()
endif()

function(hwbench_module name dir)
  cmake_parse_arguments(M "" "" "DEPS;LIBS" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/*.cpp)
  list(FILTER sources EXCLUDE REGEX "/runtime/cli/main\\.cpp$")
  list(FILTER sources EXCLUDE REGEX "/kernels/jit/llvm_[^/]*\\.cpp$")  # chosen in CMakeLists.txt
  add_library(hwbench_${name} STATIC ${sources})
  target_link_libraries(hwbench_${name} PUBLIC hwbench_headers ${M_LIBS})
  hwbench_module_options(hwbench_${name} ${dir})
  if(HWBENCH_PCH)
    if(dir MATCHES "^runtime/")
      target_precompile_headers(hwbench_${name} REUSE_FROM hwbench_pch_runtime)
    else()
      target_precompile_headers(hwbench_${name} REUSE_FROM hwbench_pch_base)
    endif()
  endif()
  foreach(dep IN LISTS M_DEPS)
    if(NOT TARGET hwbench_${dep})
      message(FATAL_ERROR "module ${name}: '${dep}' is not declared above it (modules are declared lowest first)")
    endif()
    target_link_libraries(hwbench_${name} PRIVATE hwbench_${dep})
  endforeach()
  # For the layering check: "name dir dep…", one line per module.
  string(REPLACE ";" " " deps "${M_DEPS}")
  set_property(GLOBAL APPEND PROPERTY HWBENCH_MODULE_LINES "${name} ${dir} ${deps}")
  set_property(GLOBAL APPEND PROPERTY HWBENCH_MODULE_DIRS "${dir}")
endfunction()

# Writes the module table and adds the check that runs whenever a source changes, before
# hwbench links (target hwbench_layering), and as the test `layering`.
function(hwbench_check_layers)
  get_property(lines GLOBAL PROPERTY HWBENCH_MODULE_LINES)
  get_property(dirs GLOBAL PROPERTY HWBENCH_MODULE_DIRS)
  string(REPLACE ";" "\n" text "${lines}")
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/modules.txt "${text}\n")
  set(files "")
  foreach(dir IN LISTS dirs)
    file(GLOB found CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/*.hpp)
    list(APPEND files ${found})
  endforeach()
  set(stamp ${CMAKE_CURRENT_BINARY_DIR}/layering.stamp)
  add_custom_command(OUTPUT ${stamp}
    COMMAND ${CMAKE_COMMAND} -DROOT=${CMAKE_CURRENT_SOURCE_DIR} -DMODULES=${CMAKE_CURRENT_BINARY_DIR}/modules.txt
            -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/check_layers.cmake
    COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
    DEPENDS ${files} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/check_layers.cmake ${CMAKE_CURRENT_BINARY_DIR}/modules.txt
    COMMENT "Checking that every include follows the module layers")
  add_custom_target(hwbench_layering DEPENDS ${stamp})
endfunction()
