# Runs one timing microbenchmark under `smsim run --gpu h100 --mode timing` and
# compares its cycles with the H100, case by case (timing_compare): the median of
# all runs that GOLDEN_RUNS (the golden's own) and REPEAT_RUNS (later ones) record.
foreach(var SMSIM COMPARE PROGRAM NAME GOLDEN GOLDEN_RUNS REPEAT_RUNS PENDING WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_micro.cmake: -D${var}= is required")
  endif()
endforeach()
file(MAKE_DIRECTORY ${WORK_DIR})
if(NOT EXISTS ${REPEAT_RUNS})
  # A program recorded once (no golden/h100/repeat/ runs yet): its own runs only.
  set(REPEAT_RUNS ${WORK_DIR}/${NAME}.no-repeat.runs)
  file(WRITE ${REPEAT_RUNS} "")
endif()
set(actual ${WORK_DIR}/${NAME}.out)
execute_process(COMMAND ${SMSIM} run --gpu h100 --mode timing -- ${PROGRAM}
  WORKING_DIRECTORY ${WORK_DIR} OUTPUT_FILE ${actual} ERROR_VARIABLE errors RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${NAME} exited with ${status} under smsim --mode timing:\n${errors}")
endif()
execute_process(COMMAND ${COMPARE} ${GOLDEN} ${actual} ${NAME} ${PENDING} 0.10 ${GOLDEN_RUNS} ${REPEAT_RUNS}
  RESULT_VARIABLE differs)
if(NOT differs EQUAL 0)
  message(FATAL_ERROR "${NAME}: cycles not within 10% of the H100 (see the table above)")
endif()
