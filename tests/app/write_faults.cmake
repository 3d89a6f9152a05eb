# Faults no error code reports, at 3 ranks (issue: a full disk must never hang a run or leave
# data that looks good but is not):
#  - an MPI-IO or HDF5 library that reports success for bytes that never reached the file
#    (MINIASD_TEST_LOSE_WRITE: Open MPI 4.1's collective write on a full disk does this): the
#    run ends with status 1 and one message naming the file, before any metadata or XDMF file;
#  - a rank stuck inside the I/O library (MINIASD_TEST_HANG_WRITE): the write guard ends the
#    job within seconds of config:output-timeout, naming the file, instead of waiting for ever;
#  - files Open MPI leaves beside a data file when a job ends inside a write are removed when
#    the next run starts.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(base "dimensions:system-size = 2 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\nsim:temperature = 100\nsim:time-step = 0.1 !fs\nconfig:atoms\nsim:total-time-steps = 40\nsim:time-steps-increment = 10\n")

function(run_with hook dir out_rc out_se out_seconds)
  string(TIMESTAMP t0 "%s")
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env ${hook} ${MPIEXEC} -n 3 ${MPIEXEC_FLAGS} ${MINIASD} -q ${ARGN}
    WORKING_DIRECTORY ${dir} RESULT_VARIABLE rc OUTPUT_VARIABLE so ERROR_VARIABLE se TIMEOUT 90)
  string(TIMESTAMP t1 "%s")
  math(EXPR dt "${t1} - ${t0}")
  set(${out_rc} "${rc}" PARENT_SCOPE)
  set(${out_se} "${so}\n${se}" PARENT_SCOPE)
  set(${out_seconds} "${dt}" PARENT_SCOPE)
endfunction()

function(expect_no_metadata_for_snapshot_2 dir what)
  if(EXISTS ${dir}/spins-00000002.meta OR EXISTS ${dir}/spins-00000002.xmf)
    message(FATAL_ERROR "${what}: the failed snapshot has metadata: it would look complete")
  endif()
  foreach(ok 00000000 00000001)
    if(NOT EXISTS ${dir}/spins-${ok}.meta)
      message(FATAL_ERROR "${what}: snapshot ${ok} lost its metadata after a later failure")
    endif()
  endforeach()
endfunction()

# Bytes lost without an error: rank 0 writes in every MPI-IO mode (the only writer of
# sorted and hdf5 with one I/O node), rank 2 in mpi-io.
foreach(spec "mpi-io|2|true" "mpi-io|0|false" "sorted|0|true" "sorted|0|false" "hdf5|0|true"
             "hdf5|0|false")
  split_spec("${spec}" mode rank async)
  set(dir ${WORK_DIR}/lost-${mode}-${async})
  set(what "${mode} (asynchronous ${async}): bytes lost")
  file(MAKE_DIRECTORY ${dir})
  file(WRITE ${dir}/input "${base}config:output-mode = ${mode}\nconfig:output-asynchronous = ${async}\n")
  run_with(MINIASD_TEST_LOSE_WRITE=spins-00000002:${rank} ${dir} rc out dt)
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "${what}: ended with status ${rc}, not 1:\n${out}")
  endif()
  expect_contains("${out}" "spins-00000002" "${what}")
  expect_contains("${out}" "read back differ from those written, although the I/O library reported success" "${what}")
  count_occurrences("${out}" "miniasd: error" n)
  if(NOT n EQUAL 1)
    message(FATAL_ERROR "${what}: the failure was printed ${n} times:\n${out}")
  endif()
  expect_no_metadata_for_snapshot_2(${dir} "${what}")
endforeach()

# hdf5 writes the coordinates twice (the records, and the positions XDMF points ParaView at):
# the copy is read back too.
set(dir ${WORK_DIR}/lost-hdf5-positions)
file(MAKE_DIRECTORY ${dir})
file(WRITE ${dir}/input "${base}config:output-mode = hdf5\n")
run_with(MINIASD_TEST_LOSE_WRITE=coordinates.h5/positions:0 ${dir} rc out dt)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "hdf5 positions lost: ended with status ${rc}, not 1:\n${out}")
endif()
expect_contains("${out}" "coordinates.h5: bytes" "hdf5 positions lost")
expect_contains("${out}" "read back differ from those written" "hdf5 positions lost")

# A rank stuck in the library: every rank ends soon after the 3 s limit, with a message naming
# the snapshot (the test's own limit is 90 s; without the guard the run never ends).
foreach(spec "mpi-io|1|true" "hdf5|0|false" "sorted|0|true" "file-per-process|2|false")
  split_spec("${spec}" mode rank async)
  set(dir ${WORK_DIR}/hang-${mode}-${async})
  set(what "${mode} (asynchronous ${async}): a rank stuck in a write")
  file(MAKE_DIRECTORY ${dir})
  file(WRITE ${dir}/input "${base}config:output-mode = ${mode}\nconfig:output-asynchronous = ${async}\nconfig:output-timeout = 3s\n")
  run_with(MINIASD_TEST_HANG_WRITE=spins-00000002:${rank} ${dir} rc out dt)
  if(rc EQUAL 0 OR "${rc}" MATCHES "timeout")
    message(FATAL_ERROR "${what}: ended with '${rc}' after ${dt} s:\n${out}")
  endif()
  if(dt GREATER 30)
    message(FATAL_ERROR "${what}: took ${dt} s to end")
  endif()
  expect_contains("${out}" "writing spins-00000002 (${mode}) has not finished after 3 s" "${what}")
  expect_no_metadata_for_snapshot_2(${dir} "${what}")
endforeach()

# A rank stuck in a write of config:output-mode = auto's test (before the first snapshot): the
# same guard ends the job, naming the test and the candidate.
set(dir ${WORK_DIR}/hang-auto-test)
file(MAKE_DIRECTORY ${dir})
file(WRITE ${dir}/input "${base}config:output-mode = auto\nconfig:output-timeout = 3s\n")
run_with(MINIASD_TEST_HANG_WRITE=.miniasd-auto-output/test-1-0:2 ${dir} rc out dt)
if(rc EQUAL 0 OR "${rc}" MATCHES "timeout" OR dt GREATER 30)
  message(FATAL_ERROR "auto's test with a rank stuck: ended with '${rc}' after ${dt} s:\n${out}")
endif()
expect_contains("${out}" "the output test (config:output-mode = auto) writing" "auto's test")
expect_contains("${out}" "has not finished after 3 s" "auto's test")

# What Open MPI left beside the data file of the job stuck in mpi-io is removed by the next
# run in that directory, with a note for each file.
set(dir ${WORK_DIR}/hang-mpi-io-true)
file(WRITE ${dir}/spins-00000002.dat-17-3.lock "")
file(WRITE ${dir}/input "${base}config:output-mode = mpi-io\n")
run_with(UNUSED=0 ${dir} rc out dt --overwrite)  # the stuck job's snapshots 0 and 1 go
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "a run after a stuck one failed (${rc}):\n${out}")
endif()
expect_contains("${out}" "removed spins-00000002.dat-17-3.lock, left by a job that ended inside a write" "leftovers")
file(GLOB after ${dir}/spins-00000002.dat.* ${dir}/*.lock)
if(after)
  message(FATAL_ERROR "files left by the stuck job are still there: ${after}")
endif()

# The statistics table on a full device (/dev/full under its name): the run stops at the first
# write, on every rank, with one message naming the file and the reason (it used to compute to
# the end and then abort, with a row cut in the middle).
set(dir ${WORK_DIR}/table-full)
file(MAKE_DIRECTORY ${dir})
string(REPLACE "config:atoms\n" "" nosnap "${base}")
string(REPLACE "sim:total-time-steps = 40\n" "" nosnap "${nosnap}")
file(WRITE ${dir}/input "${nosnap}sim:total-time-steps = 100000\n")
file(CREATE_LINK /dev/full ${dir}/output SYMBOLIC)
run_with(UNUSED=0 ${dir} rc out dt)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "statistics table on a full device: status ${rc}, not 1:\n${out}")
endif()
expect_contains("${out}" "writing the statistics file './output' failed: No space left on device" "statistics table")
count_occurrences("${out}" "miniasd: error" n)
if(NOT n EQUAL 1 OR dt GREATER 20)
  message(FATAL_ERROR "statistics table: ${n} messages after ${dt} s:\n${out}")
endif()
