# Warnings for Chronon's own targets. Third-party headers are included as SYSTEM and stay quiet.
add_library(chronon_warnings INTERFACE)
target_compile_options(chronon_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wimplicit-fallthrough -Wswitch-enum
  -Wno-missing-field-initializers)
# A switch over an enum that misses a value fails the build, whatever CHRONON_WERROR says: the word
# tables reach the interpreters, planners and lowerings as exhaustive switches (docs/architecture.md,
# "How to add a word"), so a word added to a table without its case must not build.
target_compile_options(chronon_warnings INTERFACE -Werror=switch -Werror=switch-enum)
# GCC 12 at -O3 takes a string literal joined in front of a temporary std::string for an
# overlapping memcpy of 2^63 bytes (GCC bug 105329; Debian 12's GCC 12.2 prints about fifty of them
# in a Release build). The other build types, -O2 ones included, keep -Wrestrict.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(chronon_warnings INTERFACE $<$<CONFIG:Release>:-Wno-restrict>)
endif()
if(CHRONON_WERROR)
  target_compile_options(chronon_warnings INTERFACE -Werror)
endif()
if(CHRONON_ASAN)
  target_compile_options(chronon_warnings INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer)
  target_link_options(chronon_warnings INTERFACE -fsanitize=address,undefined)
endif()

# chronon_add_library(NAME DIR DEPS...): a static library from DIR/src/*.cpp with public headers in
# DIR/include, warnings on, linking only the listed dependencies.
function(chronon_add_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  if(NOT ARG_SOURCES)
    # A library still being written may have headers only.
    add_library(${name} INTERFACE)
    target_include_directories(${name} INTERFACE ${CMAKE_CURRENT_SOURCE_DIR}/include)
    target_link_libraries(${name} INTERFACE ${ARG_DEPS})
    return()
  endif()
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include)
  target_link_libraries(${name} PUBLIC ${ARG_DEPS} PRIVATE chronon_warnings)
endfunction()
