# Running out of memory names what was being built, on the rank that ran out, and ends the job
# with a non-zero status: a 19-million-atom system under a 1.5 GB address-space limit (the
# start-up check, which compares the estimate with the node's physical memory, lets it start).
# Not under the sanitizers, which reserve more address space than any such limit.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
file(WRITE ${WORK_DIR}/input "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\ndimensions:system-size = 80 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\nsim:total-time-steps = 1\n")
execute_process(
  COMMAND bash -c "ulimit -v 1500000 && exec \"$0\" input -q" ${MINIASD}
  WORKING_DIRECTORY ${WORK_DIR}
  RESULT_VARIABLE rc OUTPUT_VARIABLE so ERROR_VARIABLE se
  TIMEOUT 120)
if(rc EQUAL 0)
  message(FATAL_ERROR "a run beyond the address-space limit ended with status 0:\n${so}\n${se}")
endif()
expect_contains("${se}" "miniasd: error on rank 0: out of memory while building the exchange term's tables" "out of memory")
