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
if(EXISTS ${WORK_DIR}/full/output OR EXISTS ${WORK_DIR}/full/io-log)
  message(FATAL_ERROR "the refused run left output files behind")
endif()
count_occurrences("${se}" "miniasd: error:" n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "the disk-space error was printed ${n} times:\n${se}")
endif()

# A data write that fails on one rank in any mode (a full disk on one node, injected with
# MINIASD_TEST_FAIL_WRITE): every rank agrees, the run ends with exit status 1 and one message
# naming the file and the reason (no abort, no hang), before any metadata claims the snapshot;
# the earlier snapshots stay complete. Asynchronous output (the default) reports the failure at
# the next snapshot, or at the end of the run with four buffers; synchronous output at once.
foreach(spec "serial|0|async" "file-per-process|1|async" "mpi-io|1|async" "file-per-node|1|async"
             "sorted|1|async" "hdf5|1|async" "file-per-process|0|sync" "sorted|1|sync"
             "hdf5|0|sync" "file-per-node|1|buffers")
  string(REPLACE "|" ";" spec "${spec}")
  list(GET spec 0 mode)
  list(GET spec 1 rank)
  list(GET spec 2 variant)
  set(dir ${WORK_DIR}/full-${mode}-${variant})
  set(mode "${mode} (${variant})")
  file(MAKE_DIRECTORY ${dir})
  set(extra "")
  if(variant STREQUAL "sync")
    set(extra "config:output-asynchronous = false\n")
  elseif(variant STREQUAL "buffers")
    set(extra "config:output-buffers = 4\n")
  endif()
  list(GET spec 0 mode_keyword)
  file(WRITE ${dir}/input "${base}${extra}sim:total-time-steps = 40\nsim:time-steps-increment = 10\nconfig:output-mode = ${mode_keyword}\n")
  if(NOT mode_keyword MATCHES "serial|file-per-process|mpi-io")
    file(APPEND ${dir}/input "config:output-nodes = 2\n")
  endif()
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env MINIASD_TEST_FAIL_WRITE=spins-00000002:${rank}
            ${MPIEXEC} -n 2 ${MPIEXEC_FLAGS} ${MINIASD} -q
    WORKING_DIRECTORY ${dir} RESULT_VARIABLE rc OUTPUT_VARIABLE so ERROR_VARIABLE se TIMEOUT 120)
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "${mode}: a failed write ended with status ${rc}, not 1:\n${so}\n${se}")
  endif()
  expect_contains("${se}" "spins-00000002" "${mode}: failed write")
  expect_contains("${se}" "No space left on device" "${mode}: failed write")
  count_occurrences("${se}" "miniasd: error" n)
  if(NOT n EQUAL 1)
    message(FATAL_ERROR "${mode}: the failure was printed ${n} times (an abort?):\n${se}")
  endif()
  foreach(ok 00000000 00000001)
    if(NOT EXISTS ${dir}/spins-${ok}.meta)
      message(FATAL_ERROR "${mode}: snapshot ${ok} lost its metadata after a later failure")
    endif()
  endforeach()
  if(EXISTS ${dir}/spins-00000002.meta OR EXISTS ${dir}/spins-00000002.xmf)
    message(FATAL_ERROR "${mode}: the failed snapshot has metadata: it would look complete")
  endif()
  if(EXISTS ${dir}/spins-00000003.meta)  # queued after the failure: never written
    message(FATAL_ERROR "${mode}: a snapshot after the failed one was completed")
  endif()
  # The earlier snapshots still read back (checksums and content hashes checked).
  execute_process(COMMAND ${CONVERTER} ${dir} --to csv -o ${dir}/csv
                  RESULT_VARIABLE rc OUTPUT_VARIABLE so ERROR_VARIABLE se TIMEOUT 60)
  if(NOT rc EQUAL 0 OR NOT EXISTS ${dir}/csv/spins-00000001.csv)
    message(FATAL_ERROR "${mode}: the snapshots before the failure do not read back:\n${so}\n${se}")
  endif()
endforeach()
