# Runs one program under `smsim run --gpu h100 --mode timing` with 1, 2 and
# 4 host threads stepping the SMs: its output and its report (every launch's
# cycles and statistics) must be byte-identical.
#   -DSMSIM= -DPROGRAM= -DNAME= -DWORK_DIR=   all three runs, then the comparison
#   ... -DTHREADS=N                          only the run with N threads (a ctest fixture)
#   -DNAME= -DWORK_DIR= -DCOMPARE_ONLY=ON    only the comparison of the runs left in WORK_DIR
set(counts 1 2 4)
set(required NAME WORK_DIR)
if(NOT COMPARE_ONLY)
  list(APPEND required SMSIM PROGRAM)
endif()
foreach(var ${required})
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_threads.cmake: -D${var}= is required")
  endif()
endforeach()

if(NOT COMPARE_ONLY)
  set(runs ${counts})
  if(DEFINED THREADS)
    set(runs ${THREADS})
  endif()
  file(MAKE_DIRECTORY ${WORK_DIR})
  foreach(threads ${runs})
    # A failed run must not leave an earlier run's files for the comparison to find.
    file(REMOVE ${WORK_DIR}/${NAME}.t${threads}.out ${WORK_DIR}/${NAME}.t${threads}.json)
    execute_process(COMMAND ${SMSIM} run --gpu h100 --mode timing --timing-threads ${threads}
                            --report ${WORK_DIR}/${NAME}.t${threads}.json -- ${PROGRAM}
      WORKING_DIRECTORY ${WORK_DIR} OUTPUT_FILE ${WORK_DIR}/${NAME}.t${threads}.out
      ERROR_VARIABLE errors RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
      file(REMOVE ${WORK_DIR}/${NAME}.t${threads}.out ${WORK_DIR}/${NAME}.t${threads}.json)
      message(FATAL_ERROR "${NAME} exited with ${status} under --timing-threads ${threads}:\n${errors}")
    endif()
  endforeach()
  if(DEFINED THREADS)
    return()
  endif()
endif()

foreach(kind out json)
  foreach(threads ${counts})
    if(NOT EXISTS ${WORK_DIR}/${NAME}.t${threads}.${kind})
      message(FATAL_ERROR "${NAME}: no ${kind} of the run with ${threads} threads in ${WORK_DIR}")
    endif()
  endforeach()
  file(READ ${WORK_DIR}/${NAME}.t1.${kind} one)
  foreach(threads 2 4)
    file(READ ${WORK_DIR}/${NAME}.t${threads}.${kind} other)
    if(NOT one STREQUAL other)
      message(FATAL_ERROR "${NAME}: the ${kind} differs between 1 and ${threads} host threads:\n"
                          "--- 1 thread:\n${one}\n--- ${threads} threads:\n${other}")
    endif()
  endforeach()
endforeach()
