# Runs one program under `smsim run --gpu h100 --mode timing` with 1, 2 and
# 4 host threads stepping the SMs: its output and its report (every launch's
# cycles and statistics) must be byte-identical.
foreach(var SMSIM PROGRAM NAME WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_threads.cmake: -D${var}= is required")
  endif()
endforeach()
file(MAKE_DIRECTORY ${WORK_DIR})
foreach(threads 1 2 4)
  execute_process(COMMAND ${SMSIM} run --gpu h100 --mode timing --timing-threads ${threads}
                          --report ${WORK_DIR}/${NAME}.t${threads}.json -- ${PROGRAM}
    WORKING_DIRECTORY ${WORK_DIR} OUTPUT_FILE ${WORK_DIR}/${NAME}.t${threads}.out
    ERROR_VARIABLE errors RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${NAME} exited with ${status} under --timing-threads ${threads}:\n${errors}")
  endif()
endforeach()
foreach(kind out json)
  file(READ ${WORK_DIR}/${NAME}.t1.${kind} one)
  foreach(threads 2 4)
    file(READ ${WORK_DIR}/${NAME}.t${threads}.${kind} other)
    if(NOT one STREQUAL other)
      message(FATAL_ERROR "${NAME}: the ${kind} differs between 1 and ${threads} host threads:\n"
                          "--- 1 thread:\n${one}\n--- ${threads} threads:\n${other}")
    endif()
  endforeach()
endforeach()
