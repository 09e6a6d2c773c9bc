# Runs one program of tests/timing/kernels under `smsim run --gpu h100 --mode
# timing --as-profiled --report` (the goldens are ncu's cycles of each launch,
# which is what --as-profiled models: docs/timing.md), keeping its output (WORK_DIR/NAME.out) and report
# (WORK_DIR/NAME.json) for kernel_compare (the timing.kernels test).
foreach(var SMSIM PROGRAM NAME WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_kernel.cmake: -D${var}= is required")
  endif()
endforeach()
file(MAKE_DIRECTORY ${WORK_DIR})
file(REMOVE ${WORK_DIR}/${NAME}.out ${WORK_DIR}/${NAME}.json)
execute_process(COMMAND ${SMSIM} run --gpu h100 --mode timing --as-profiled --report ${WORK_DIR}/${NAME}.json
                -- ${PROGRAM}
  WORKING_DIRECTORY ${WORK_DIR} OUTPUT_FILE ${WORK_DIR}/${NAME}.out ERROR_VARIABLE errors
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${NAME} exited with ${status} under smsim --mode timing:\n${errors}")
endif()
