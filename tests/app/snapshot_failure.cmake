# A snapshot write that fails mid-run ends every rank with a clear message and a non-zero exit,
# without hanging, and leaves the earlier snapshots and their metadata intact and no metadata for
# the failed one. A run whose snapshots cannot fit on the disk stops before it starts.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(base "dimensions:system-size = 2 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\nsim:temperature = 100\nsim:time-step = 0.1 !fs\nconfig:atoms\n")
file(WRITE ${WORK_DIR}/input "${base}sim:total-time-steps = 40\nsim:time-steps-increment = 10\nconfig:output-mode = file-per-process\n")

# Snapshot 2's data file of rank 1 cannot be created: a directory stands in its place.
file(MAKE_DIRECTORY ${WORK_DIR}/spins-00000002.p00001.dat)
run_miniasd(2 ${WORK_DIR} rc so se -q)
if(rc EQUAL 0)
  message(FATAL_ERROR "a failed snapshot write ended with status 0:\n${so}\n${se}")
endif()
expect_contains("${se}" "spins-00000002.p00001.dat" "failed write")
expect_contains("${se}" "Is a directory" "failed write")
foreach(ok 00000000 00000001)
  if(NOT EXISTS ${WORK_DIR}/spins-${ok}.meta)
    message(FATAL_ERROR "snapshot ${ok} lost its metadata after a later failure")
  endif()
endforeach()
if(EXISTS ${WORK_DIR}/spins-00000002.meta)
  message(FATAL_ERROR "the failed snapshot has metadata: it would look complete")
endif()

# Far more snapshots than the disk can hold: stopped before the run, on every rank.
file(MAKE_DIRECTORY ${WORK_DIR}/full)
file(WRITE ${WORK_DIR}/full/input "${base}sim:total-time-steps = 1e15\nsim:time-steps-increment = 1\n")
run_miniasd(2 ${WORK_DIR}/full rc so se -q)
if(rc EQUAL 0)
  message(FATAL_ERROR "an impossible amount of snapshots was accepted")
endif()
expect_contains("${se}" "MB free" "disk space check")
count_occurrences("${se}" "miniasd: error:" n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "the disk-space error was printed ${n} times:\n${se}")
endif()
