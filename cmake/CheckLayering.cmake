# Enforces DESIGN.md's one-way dependencies by reading every #include of Chronon's own sources.
# Run as: cmake -DROOT=<repo> -P cmake/CheckLayering.cmake (the `layering` test does this).
# A folder may include Chronon headers only from the folders listed for it, and third-party headers
# only where allowed: PEGTL in compiler/, LLVM in vm/jit/ alone, nlohmann json in lsp/, dap/, cli/, arena/.
# jsonrpc/ is the Content-Length framing that lsp/ and dap/ share, the JSON nesting check that
# arena/'s replay reader uses too, and jsonText, which every JSON text Chronon writes goes through;
# it uses nothing of Chronon.

cmake_minimum_required(VERSION 3.20)

set(_allowed_jsonrpc  "jsonrpc")
set(_allowed_stdlib   "stdlib")
set(_allowed_compiler "stdlib;compiler")
set(_allowed_vm       "stdlib;compiler;vm")
set(_allowed_jit      "stdlib;compiler;vm;jit")
set(_allowed_arena    "stdlib;compiler;vm;jsonrpc;arena")
set(_allowed_ladder   "stdlib;compiler;vm;jsonrpc;arena;ladder")
set(_allowed_lsp      "stdlib;compiler;jsonrpc;lsp")
set(_allowed_dap      "stdlib;compiler;vm;arena;jsonrpc;dap")
set(_allowed_repl     "stdlib;compiler;vm;jit;repl")
set(_allowed_fuzz     "stdlib;compiler;vm;arena;ladder;jsonrpc;lsp;dap;fuzz")
set(_allowed_cli      "stdlib;compiler;vm;jit;arena;ladder;jsonrpc;lsp;dap;repl;cli")

set(_failures "")
foreach(_layer jsonrpc stdlib compiler vm jit arena ladder lsp dap repl fuzz cli)
  if(_layer STREQUAL "jit")
    set(_dir "${ROOT}/vm/jit")
  else()
    set(_dir "${ROOT}/${_layer}")
  endif()
  file(GLOB_RECURSE _files "${_dir}/*.h" "${_dir}/*.cpp" "${_dir}/*.def")
  foreach(_file IN LISTS _files)
    # vm/jit belongs to the jit layer, not the vm layer.
    if(_layer STREQUAL "vm" AND _file MATCHES "/vm/jit/")
      continue()
    endif()
    file(STRINGS "${_file}" _includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
    foreach(_line IN LISTS _includes)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[<\"]([^>\"]+)[>\"].*" "\\1" _header "${_line}")
      if(_header MATCHES "^chronon/([a-z]+)/")
        set(_target "${CMAKE_MATCH_1}")
        if(NOT _target IN_LIST _allowed_${_layer})
          string(APPEND _failures "${_file}: ${_layer}/ may not include ${_header}\n")
        endif()
      elseif(_header MATCHES "^llvm" AND NOT _layer STREQUAL "jit")
        string(APPEND _failures "${_file}: only vm/jit/ may include LLVM (${_header})\n")
      elseif(_header MATCHES "^tao/pegtl" AND NOT _layer STREQUAL "compiler")
        string(APPEND _failures "${_file}: only compiler/ may include PEGTL (${_header})\n")
      endif()
    endforeach()
  endforeach()
endforeach()

if(_failures)
  message(FATAL_ERROR "Layering violations:\n${_failures}")
endif()
message(STATUS "layering: every include respects DESIGN.md's dependency order")
