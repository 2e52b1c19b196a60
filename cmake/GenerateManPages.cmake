# Writes the man pages of chronon into OUTPUT_DIR with help2man at build time (cli/CMakeLists.txt):
# chronon.1 from `chronon --help`, with a SEE ALSO section naming the others, and chronon-COMMAND.1
# from `chronon COMMAND --help` for each command. The commands and the NAME line of their pages come
# from the program (`chronon completion commands`: one NAME<tab>SUMMARY line each), so no second list
# of them is kept here.
#   cmake -DCHRONON=path/to/chronon -DHELP2MAN=path/to/help2man -DOUTPUT_DIR=dir -P GenerateManPages.cmake

foreach(_variable CHRONON HELP2MAN OUTPUT_DIR)
  if(NOT DEFINED ${_variable})
    message(FATAL_ERROR "GenerateManPages.cmake needs -D${_variable}=...")
  endif()
endforeach()

# Sets VARIABLE to what `chronon completion WHAT` prints; stops the build when it fails.
function(chronon_listing variable what)
  execute_process(COMMAND ${CHRONON} completion ${what} OUTPUT_VARIABLE _output RESULT_VARIABLE _status
                  ERROR_VARIABLE _errors)
  if(NOT _status EQUAL 0)
    message(FATAL_ERROR "chronon completion ${what} failed (${_status}): ${_errors}")
  endif()
  set(${variable} "${_output}" PARENT_SCOPE)
endfunction()

chronon_listing(_commands commands)

# The pages of commands that are gone do not stay behind.
file(MAKE_DIRECTORY ${OUTPUT_DIR})
file(GLOB _old_pages ${OUTPUT_DIR}/*.1 ${OUTPUT_DIR}/*.h2m)
if(_old_pages)
  file(REMOVE ${_old_pages})
endif()

# Runs help2man on `chronon HELP_OPTION` into the file OUTPUT with NAME as the page's one-line
# description; further arguments go to help2man. Stops the build when help2man fails.
function(chronon_help2man output name help_option)
  execute_process(COMMAND ${HELP2MAN} --no-info --section=1 "--help-option=${help_option}" --version-option=--version
                          "--name=${name}" ${ARGN} --output=${output} ${CHRONON}
                  RESULT_VARIABLE _status ERROR_VARIABLE _errors)
  if(NOT _status EQUAL 0)
    message(FATAL_ERROR "help2man failed on 'chronon ${help_option}' (${_status}): ${_errors}")
  endif()
endfunction()

# Writes OUTPUT_DIR/PAGE.1 (chronon_help2man), titled and named PAGE.
function(chronon_man_page page name help_option)
  set(_page ${OUTPUT_DIR}/${page}.1)
  chronon_help2man(${_page} "${name}" "${help_option}" ${ARGN})
  file(READ ${_page} _text)
  # help2man names every page after the program, chronon; a command's page is chronon-COMMAND, in
  # its title (.TH) and in its NAME section, which man -k and whatis read.
  string(TOUPPER ${page} _title)
  string(REGEX REPLACE "\n\\.TH [^ ]+ " "\n.TH ${_title} " _text "\n${_text}")
  string(REGEX REPLACE "\n\\.SH NAME\n[^\n]* \\\\- " "\n.SH NAME\n${page} \\\\- " _text "${_text}")
  # Its synopsis starts with the words that run it, in bold, where help2man sets the command in italics
  # as if it were an argument.
  if(page MATCHES "^chronon-(.+)$")
    string(REPLACE "\n.B chronon\n\\fI\\,${CMAKE_MATCH_1} \\/\\fR" "\n.B chronon ${CMAKE_MATCH_1}\n" _text "${_text}")
  endif()
  string(SUBSTRING "${_text}" 1 -1 _text)
  file(WRITE ${_page} "${_text}")
endfunction()

# A command with more than one command line (`chronon completion forms`: NAME<tab>ARGUMENTS<tab>
# POSITIONALS, the arguments that pick another one and what it reads) documents each on its page:
# the other form's synopsis, description and options, as help2man writes them for
# `chronon NAME ARGUMENTS --help`, in a section of their own (help2man --include takes roff after a
# [SECTION] line).
chronon_listing(_forms forms)
while(_forms MATCHES "^([^\t\n]+)\t([^\t\n]*)\t([^\n]*)\n(.*)$")
  set(_command ${CMAKE_MATCH_1})
  set(_arguments "${CMAKE_MATCH_2}")
  set(_reads "${CMAKE_MATCH_3}")
  set(_forms "${CMAKE_MATCH_4}")
  set(_form_page ${OUTPUT_DIR}/form.tmp)
  chronon_help2man(${_form_page} form "${_command} ${_arguments} --help")
  file(READ ${_form_page} _text)
  file(REMOVE ${_form_page})
  string(FIND "${_text}" "\n.SH SYNOPSIS" _start)
  if(_start EQUAL -1)
    message(FATAL_ERROR "help2man wrote no SYNOPSIS for 'chronon ${_command} ${_arguments} --help'")
  endif()
  math(EXPR _start "${_start} + 1")
  string(SUBSTRING "${_text}" ${_start} -1 _text)
  # The form's sections become subsections of one section on the command's page.
  string(REGEX REPLACE "(^|\n)\\.SH " "\\1.SS " _text "${_text}")
  file(APPEND ${OUTPUT_DIR}/forms-${_command}.h2m
       "[FOR ${_reads}]\n.PP\nGiven ${_reads} (chosen by the arguments' game or language), the command reads\n"
       "this command line instead.\n${_text}")
endwhile()

# Each command's page refers to chronon(1), which refers to them all.
file(WRITE ${OUTPUT_DIR}/see-chronon.h2m "[SEE ALSO]\n.BR chronon (1)\n")
set(_see_also "[SEE ALSO]\n")
set(_summary_of_chronon "")
set(_rest "${_commands}")
while(_rest MATCHES "^([^\t\n]+)\t([^\n]*)\n(.*)$")
  set(_command ${CMAKE_MATCH_1})
  set(_summary "${CMAKE_MATCH_2}")
  set(_rest "${CMAKE_MATCH_3}")
  if(_command STREQUAL "chronon")
    set(_summary_of_chronon "${_summary}")
  else()
    set(_includes --include=${OUTPUT_DIR}/see-chronon.h2m)
    if(EXISTS ${OUTPUT_DIR}/forms-${_command}.h2m)
      list(APPEND _includes --include=${OUTPUT_DIR}/forms-${_command}.h2m)
    endif()
    chronon_man_page(chronon-${_command} "${_summary}" "${_command} --help" ${_includes})
    string(APPEND _see_also ".BR chronon\\-${_command} (1),\n")
  endif()
endwhile()
if(NOT _rest STREQUAL "" OR _summary_of_chronon STREQUAL "")
  message(FATAL_ERROR "chronon completion commands printed no line for chronon, or one that is not "
                      "NAME<tab>SUMMARY: ${_rest}")
endif()
# The last reference ends the list without a comma.
string(REGEX REPLACE ",\n$" "\n" _see_also "${_see_also}")
file(WRITE ${OUTPUT_DIR}/see-also.h2m "${_see_also}")
chronon_man_page(chronon "${_summary_of_chronon}" "--help" --include=${OUTPUT_DIR}/see-also.h2m)
