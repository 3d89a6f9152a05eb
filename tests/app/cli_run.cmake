# The program end to end: --version, --check (every example), a run with the default input name,
# the statistics table, the report, the same final spin hash on 1 and 2 ranks, and shortened
# sweep and pulse examples with their tables.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

run_miniasd(1 ${WORK_DIR} rc so se --version)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "--version failed: ${se}")
endif()
foreach(f "miniasd " "git " "compiler:" "flags:" "MPI:")
  expect_contains("${so}" "${f}" "--version")
endforeach()

# --check validates the shipped example and prints the resolved configuration, writing nothing.
file(MAKE_DIRECTORY ${WORK_DIR}/check)
run_miniasd(2 ${WORK_DIR}/check rc so se ${SOURCE_DIR}/input/bcc-fe/input --check)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "--check on the example failed: ${se}")
endif()
expect_contains("${so}" "input is valid" "--check")
expect_contains("${so}" "material[1]:exchange-matrix[1] = 7.05e-21 !J" "--check")
expect_contains("${so}" "create:crystal-structure = bcc" "--check")
file(GLOB made ${WORK_DIR}/check/*)
if(made)
  message(FATAL_ERROR "--check created files: ${made}")
endif()

# A short run of a copy of the example, named 'input' so no argument is needed.
foreach(ranks 1 2)
  set(dir ${WORK_DIR}/run_np${ranks})
  file(MAKE_DIRECTORY ${dir})
  file(READ ${SOURCE_DIR}/input/bcc-fe/input text)
  string(REGEX REPLACE "sim:equilibration-time-steps = [0-9]+" "sim:equilibration-time-steps = 20" text "${text}")
  string(REGEX REPLACE "sim:total-time-steps = [0-9]+" "sim:total-time-steps = 100" text "${text}")
  string(REGEX REPLACE "sim:time-steps-increment = [0-9]+" "sim:time-steps-increment = 25" text "${text}")
  file(WRITE ${dir}/input "${text}")
  file(COPY ${SOURCE_DIR}/input/bcc-fe/Fe.mat DESTINATION ${dir})
  run_miniasd(${ranks} ${dir} rc so se -q)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "example run at ${ranks} ranks failed (${rc}):\n${so}\n${se}")
  endif()
  foreach(f "Timing over ${ranks} rank(s)" "field" "halo" "integrate" "statistics" "ns per atom-step"
            "Spin state hash: " "Statistics: ./output")
    expect_contains("${so}" "${f}" "run at ${ranks} ranks")
  endforeach()
  file(STRINGS ${dir}/output lines)
  list(LENGTH lines n)
  if(NOT n EQUAL 6)  # header + rows at 20, 45, 70, 95, 120
    message(FATAL_ERROR "output has ${n} lines, expected 6:\n${lines}")
  endif()
  list(GET lines 0 header)
  if(NOT header STREQUAL "# time-steps real-time[s] temperature[K] ux uy uz |m| <|m|> E_exchange[J] E_anisotropy[J] E_total[J]")
    message(FATAL_ERROR "unexpected header: ${header}")
  endif()
  list(GET lines 5 last)
  string(REGEX MATCH "^120 " first_field "${last}")
  if(NOT first_field)
    message(FATAL_ERROR "last row should be step 120: ${last}")
  endif()
  string(REGEX MATCH "Spin state hash: [0-9a-f]+" hash_${ranks} "${so}")
endforeach()
if(NOT hash_1 STREQUAL hash_2)
  message(FATAL_ERROR "1 and 2 ranks end in different states: '${hash_1}' vs '${hash_2}'")
endif()

# Every shipped example is valid input.
file(GLOB examples ${SOURCE_DIR}/input/*/input)
foreach(example ${examples})
  run_miniasd(1 ${WORK_DIR}/check rc so se ${example} --check)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "--check on ${example} failed:\n${se}")
  endif()
endforeach()

# The sweep and pulse examples, shortened, end to end on 2 ranks: their tables and summaries.
# `edits` is a list of "regex|replacement" pairs applied to the example's input.
function(short_example name edits)
  set(dir ${WORK_DIR}/${name})
  file(MAKE_DIRECTORY ${dir})
  file(READ ${SOURCE_DIR}/input/${name}/input text)
  foreach(edit ${edits})
    string(REPLACE "|" ";" pair "${edit}")
    list(GET pair 0 from)
    list(GET pair 1 to)
    string(REGEX REPLACE "${from}" "${to}" text "${text}")
  endforeach()
  file(GLOB materials ${SOURCE_DIR}/input/${name}/*.mat)
  if(materials)
    file(COPY ${materials} DESTINATION ${dir})
  endif()
  string(REPLACE "../bcc-fe/Fe.mat" "${SOURCE_DIR}/input/bcc-fe/Fe.mat" text "${text}")
  file(WRITE ${dir}/input "${text}")
  run_miniasd(2 ${dir} rc so se -q)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name} failed (${rc}):\n${so}\n${se}")
  endif()
  set(so "${so}" PARENT_SCOPE)
endfunction()

short_example(curie-temperature
  "minimum-temperature = 100|minimum-temperature = 500;temperature-increment = 50|temperature-increment = 500;equilibration-time-steps = 1000|equilibration-time-steps = 10;loop-time-steps = 4000|loop-time-steps = 20")
expect_contains("${so}" "Curie-temperature table: ./curie-temperature" "curie-temperature")
expect_contains("${so}" "T = 1500" "curie-temperature")
file(STRINGS ${WORK_DIR}/curie-temperature/curie-temperature lines)
list(LENGTH lines n)
if(NOT n EQUAL 4)  # header + 500, 1000, 1500 K
  message(FATAL_ERROR "curie-temperature table has ${n} lines, expected 4:\n${lines}")
endif()
list(GET lines 0 header)
expect_contains("${header}" "# temperature[K] <|m|> err chi[1/T] err C[kB/atom] err U4 err Fe:<|m|>" "curie table header")
file(STRINGS ${WORK_DIR}/curie-temperature/output rows)
list(LENGTH rows n)
if(NOT n EQUAL 4)  # one output row per temperature
  message(FATAL_ERROR "curie-temperature output has ${n} lines, expected 4")
endif()

short_example(hysteresis
  "maximum-applied-field-strength = 5 !T|maximum-applied-field-strength = 6 !T;strength-increment = 0.1 !T|strength-increment = 3 !T;equilibration-time-steps = 500|equilibration-time-steps = 10;loop-time-steps = 1000|loop-time-steps = 40")
expect_contains("${so}" "Coercive field:" "hysteresis")
file(STRINGS ${WORK_DIR}/hysteresis/hysteresis-loop lines)
list(LENGTH lines n)
if(NOT n EQUAL 11)  # header + 6 3 0 -3 -6 down + -6 -3 0 3 6 up
  message(FATAL_ERROR "hysteresis-loop table has ${n} lines, expected 11:\n${lines}")
endif()

short_example(gdfe-switching
  "equilibration-time-steps = 30000|equilibration-time-steps = 50;total-time-steps = 60000|total-time-steps = 3000")
expect_contains("${so}" "Laser pulse: peak electron temperature" "gdfe-switching")
run_miniasd(1 ${WORK_DIR}/gdfe-switching rc so se input --check)
expect_contains("${so}" "sim:laser-pulse-power = 60" "--check of the laser example")
expect_contains("${so}" "material[1]:host-alloy" "--check of the laser example")
expect_contains("${so}" "material[1]:alloy-fraction[2] = 0.25" "--check of the laser example")
file(STRINGS ${WORK_DIR}/gdfe-switching/output lines)
list(GET lines 0 header)
if(NOT header STREQUAL "# time-steps real-time[s] T_electron[K] T_phonon[K] Fe:ux Fe:uy Fe:uz Fe:|m| Gd:ux Gd:uy Gd:uz Gd:|m|")
  message(FATAL_ERROR "unexpected gdfe-switching header: ${header}")
endif()

# config:mpi-io-hints reach the sorted mode's MPI-IO file too (-v prints what the library took;
# ROMIO reports its hints, OMPIO reports none).
file(MAKE_DIRECTORY ${WORK_DIR}/hints)
file(WRITE ${WORK_DIR}/hints/input "dimensions:system-size = 2 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\nsim:total-time-steps = 10\nsim:time-steps-increment = 10\nconfig:atoms\nconfig:output-mode = sorted\nconfig:mpi-io-hints = cb_buffer_size=1048576,romio_cb_write=enable\n")
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env OMPI_MCA_io=romio321 ${MPIEXEC} -n 2 ${MPIEXEC_FLAGS} ${MINIASD} -q -v
  WORKING_DIRECTORY ${WORK_DIR}/hints RESULT_VARIABLE rc OUTPUT_VARIABLE so ERROR_VARIABLE se TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sorted with hints failed:\n${so}\n${se}")
endif()
expect_contains("${so}" "MPI-IO hints in effect for" "sorted hints")
expect_contains("${so}" "cb_buffer_size = 1048576" "sorted hints")
expect_contains("${so}" "romio_cb_write = enable" "sorted hints")

# The thread count follows the work: tutorial lesson 1's single spin runs on one thread although
# OMP_NUM_THREADS allows two (two ran it many times slower), and the run says why.
file(MAKE_DIRECTORY ${WORK_DIR}/one-spin)
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env OMP_NUM_THREADS=2 ${MPIEXEC} -n 1 ${MPIEXEC_FLAGS} ${MINIASD}
          ${SOURCE_DIR}/input/tutorial/01-precession/input -o ${WORK_DIR}/one-spin
  WORKING_DIRECTORY ${WORK_DIR}/one-spin
  RESULT_VARIABLE rc OUTPUT_VARIABLE so ERROR_VARIABLE se TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tutorial lesson 1 failed (${rc}):\n${so}\n${se}")
endif()
expect_contains("${so}"
  "1 OpenMP thread(s) per rank (of 2 allowed: 1 atoms per rank, at least 1000 per thread)"
  "one spin, two threads allowed")
