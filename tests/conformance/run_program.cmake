# Runs one conformance program under `smsim run` and compares its output with
# the golden. Called by ctest with -DSMSIM= -DCOMPARE= -DPROGRAM= -DNAME=
# -DGOLDEN_DIR= -DWORK_DIR=, an optional -DAPPROXIMATE="prefix;prefix...", an
# optional -DMODE=timing (`smsim run --mode timing`: the cycle model must give
# the same output), an optional -DALL_CORES=ON (blocks, or in timing mode SMs,
# stepped by as many host threads as this machine has cores: the exhaustive
# programs) and, for programs with approximate operations,
# -DRAW_GOLDEN_DIR= -DAPPROX_TOOL=.
foreach(var SMSIM COMPARE PROGRAM NAME GOLDEN_DIR WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_program.cmake: -D${var}= is required")
  endif()
endforeach()

set(golden ${GOLDEN_DIR}/${NAME}.out)
if(NOT EXISTS ${golden})
  message(FATAL_ERROR "no golden for ${NAME}: ${golden} (record with tools/golden/record.sh)")
endif()
file(MAKE_DIRECTORY ${WORK_DIR})
set(actual ${WORK_DIR}/${NAME}.out)
set(actual_err ${WORK_DIR}/${NAME}.err)

# The golden's exit status is in exit_codes.txt ("name status" per line).
set(expected_status 0)
file(STRINGS ${GOLDEN_DIR}/exit_codes.txt status_lines REGEX "^${NAME} ")
if(status_lines)
  string(REGEX REPLACE "^${NAME} " "" expected_status "${status_lines}")
endif()

# Programs write raw result files only when CONF_RAW_DIR is set: for programs
# with approximate operations (RAW_GOLDEN_DIR given), whose values are then
# checked one by one by APPROX_TOOL.
set(raw_env "")
if(DEFINED RAW_GOLDEN_DIR)
  set(raw_dir ${WORK_DIR}/raw/${NAME})
  file(REMOVE_RECURSE ${raw_dir})
  file(MAKE_DIRECTORY ${raw_dir})
  set(raw_env CONF_RAW_DIR=${raw_dir})
endif()
set(mode_args "")
if(DEFINED MODE)
  set(mode_args --mode ${MODE})
endif()
if(ALL_CORES)
  cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)
  if("${MODE}" STREQUAL "timing")
    list(APPEND mode_args --timing-threads ${cores})
  else()
    list(APPEND mode_args --threads ${cores})
  endif()
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env ${raw_env} ${SMSIM} run ${mode_args} ${PROGRAM}
  WORKING_DIRECTORY ${WORK_DIR}
  OUTPUT_FILE ${actual} ERROR_FILE ${actual_err}
  RESULT_VARIABLE status)

set(approximate_args "")
foreach(prefix ${APPROXIMATE})
  list(APPEND approximate_args --approximate ${prefix})
endforeach()
execute_process(COMMAND ${COMPARE} ${approximate_args} ${golden} ${actual} RESULT_VARIABLE differs)

set(failed FALSE)
if(NOT differs EQUAL 0)
  set(failed TRUE)
endif()
# The golden's stderr (the device assert message) must match too.
if(EXISTS ${GOLDEN_DIR}/${NAME}.err)
  execute_process(COMMAND ${COMPARE} ${GOLDEN_DIR}/${NAME}.err ${actual_err} RESULT_VARIABLE err_differs)
  if(NOT err_differs EQUAL 0)
    set(failed TRUE)
  endif()
endif()
# Approximate operations: bit-match rate per operation and error within the GPU's own.
if(DEFINED RAW_GOLDEN_DIR)
  execute_process(COMMAND ${APPROX_TOOL} ${RAW_GOLDEN_DIR} ${raw_dir} RESULT_VARIABLE outside)
  if(NOT outside EQUAL 0)
    set(failed TRUE)
  endif()
endif()
if(NOT "${status}" STREQUAL "${expected_status}")
  message(SEND_ERROR "${NAME}: exit status ${status}, the golden's is ${expected_status}")
  set(failed TRUE)
endif()
if(failed)
  message(FATAL_ERROR "${NAME}: output differs from ${golden} (smsim's output: ${actual})")
endif()
