# Third-party libraries, all from Debian 12 packages (cmake/setup.sh installs them).

find_package(pegtl 3.2 REQUIRED CONFIG)           # taocpp::pegtl (tao-pegtl-dev)
find_package(nlohmann_json 3.11 REQUIRED CONFIG)  # nlohmann_json::nlohmann_json (nlohmann-json3-dev)
find_package(Catch2 2.13 REQUIRED CONFIG)         # Catch2::Catch2WithMain (catch2)
find_package(CLI11 2.1 REQUIRED CONFIG)           # CLI11::CLI11 (libcli11-dev)
find_package(SQLite3 REQUIRED)                    # SQLite::SQLite3 (libsqlite3-dev)
find_package(Threads REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(EDIT REQUIRED IMPORTED_TARGET libedit)  # PkgConfig::EDIT (libedit-dev)

# LLVM 19. find_package(LLVM 19) would ask for 19.0 exactly (toolchain-notes §3.1), so pin the
# directory and check the major version ourselves.
set(CHRONON_LLVM_VERSION 19 CACHE STRING "LLVM major version for the JIT")
find_package(LLVM REQUIRED CONFIG PATHS /usr/lib/llvm-${CHRONON_LLVM_VERSION}/lib/cmake/llvm NO_DEFAULT_PATH)
if(NOT LLVM_VERSION_MAJOR EQUAL CHRONON_LLVM_VERSION)
  message(FATAL_ERROR "Chronon wants LLVM ${CHRONON_LLVM_VERSION}, found ${LLVM_PACKAGE_VERSION} in ${LLVM_DIR}")
endif()
message(STATUS "LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR}")

# Only vm/jit links this target. Never copy `llvm-config --cxxflags`: its -fno-exceptions breaks
# PEGTL and nlohmann json (toolchain-notes §3.3).
add_library(chronon_llvm INTERFACE)
target_include_directories(chronon_llvm SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS})
separate_arguments(_chronon_llvm_defs NATIVE_COMMAND "${LLVM_DEFINITIONS}")
target_compile_definitions(chronon_llvm INTERFACE ${_chronon_llvm_defs})
# By default the JIT's library links LLVM's static component libraries (libzstd-dev is then needed)
# rather than libLLVM.so: loading libLLVM.so, its 130 MB and its dependencies (z3, ICU, libxml2) cost
# every JIT run about 40 ms of CPU more (docs/jit.md, "Loading the JIT").
option(CHRONON_LLVM_STATIC "link LLVM's static component libraries into chronon-jit.so" ON)
if(CHRONON_LLVM_STATIC)
  llvm_map_components_to_libnames(_chronon_llvm_libs orcjit native passes bitreader linker)
  target_link_libraries(chronon_llvm INTERFACE ${_chronon_llvm_libs})
else()
  target_link_libraries(chronon_llvm INTERFACE LLVM)
endif()

# clang-19 compiles the words' semantics to the LLVM bitcode that the JIT's library embeds and its
# compiled programs inline (vm/jit/CMakeLists.txt; docs/jit.md, "Words in native code"); llvm-link,
# of LLVM's own package, joins the pieces. Without clang-19 the JIT's library is not built: chronon
# runs every robot in the interpreter, as it does when the library is missing.
find_program(CHRONON_CLANG NAMES clang++-${CHRONON_LLVM_VERSION} clang++ HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
if(NOT CHRONON_CLANG)
  find_program(CHRONON_CLANG NAMES clang++-${CHRONON_LLVM_VERSION})
endif()
find_program(CHRONON_LLVM_LINK NAMES llvm-link HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
if(CHRONON_CLANG AND EXISTS "${CHRONON_CLANG}" AND CHRONON_LLVM_LINK)
  set(CHRONON_JIT_LIBRARY ON)
  message(STATUS "clang ${CHRONON_LLVM_VERSION}: ${CHRONON_CLANG}")
else()
  set(CHRONON_JIT_LIBRARY OFF)
  message(WARNING "clang-${CHRONON_LLVM_VERSION} not found (Debian package clang-${CHRONON_LLVM_VERSION}; "
                  "cmake/setup.sh installs it): building chronon without its JIT library, so every robot "
                  "runs in the interpreter")
endif()

# zlib compresses replays (arena/src/replay.cpp; zlib1g-dev).
find_package(ZLIB REQUIRED)
