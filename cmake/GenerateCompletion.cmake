# Writes the bash completion of chronon to OUTPUT at build time (cli/CMakeLists.txt), from the program
# itself: `chronon completion bash`, which reads each command's own command line.
#   cmake -DCHRONON=path/to/chronon -DOUTPUT=path/to/completions/chronon -P GenerateCompletion.cmake

foreach(_variable CHRONON OUTPUT)
  if(NOT DEFINED ${_variable})
    message(FATAL_ERROR "GenerateCompletion.cmake needs -D${_variable}=...")
  endif()
endforeach()

get_filename_component(_directory ${OUTPUT} DIRECTORY)
file(MAKE_DIRECTORY ${_directory})
# Written beside it and renamed, so that a failed run leaves no half script that looks current.
execute_process(COMMAND ${CHRONON} completion bash OUTPUT_FILE ${OUTPUT}.tmp RESULT_VARIABLE _status
                ERROR_VARIABLE _errors)
if(NOT _status EQUAL 0)
  file(REMOVE ${OUTPUT}.tmp)
  message(FATAL_ERROR "chronon completion bash failed (${_status}): ${_errors}")
endif()
file(RENAME ${OUTPUT}.tmp ${OUTPUT})
