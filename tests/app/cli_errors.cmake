# Bad input ends every rank with one clear message and a non-zero exit, creates no output file,
# and never hangs (each run has a time limit), at 1, 2 and 4 ranks.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

set(good_material "material[1]:atomic-spin-moment = 2.22 !muB\nmaterial[1]:exchange-matrix[1] = 7e-21\n")
file(WRITE ${WORK_DIR}/unknown.in "# misspelt keyword on line 3\ndimensions:system-size = 2 !nm\nsim:temprature = 300\n${good_material}")
file(WRITE ${WORK_DIR}/badunit.in "${good_material}sim:time-step = 1 !T\n")
file(WRITE ${WORK_DIR}/range.in "${good_material}\nsim:temperature = -3\n")
file(WRITE ${WORK_DIR}/nomat.in "material:file = missing.mat\n")
file(WRITE ${WORK_DIR}/tiny.in "dimensions:system-size = 3 !A\ndimensions:unit-cell-size = 3 !A\n${good_material}")
file(WRITE ${WORK_DIR}/many.in "sim:temprature = 300\ndipole:output-atomistic-dipole-field\n${good_material}sim:time-step = 1 !T\n")
file(WRITE ${WORK_DIR}/ok.in "dimensions:system-size = 1 !nm\n${good_material}sim:total-time-steps = 10\n")
file(WRITE ${WORK_DIR}/nodes.in "dimensions:system-size = 2 !nm\n${good_material}sim:total-time-steps = 10\nconfig:atoms\nconfig:output-mode = file-per-node\nconfig:output-nodes = 8\n")
file(WRITE ${WORK_DIR}/numbers.in "${good_material}sim:temperature = 3 00\nsim:total-time-steps = 0x12C\nsim:time-step = 1e400\n")
file(WRITE ${WORK_DIR}/nospins.in "dimensions:system-size = 1 !nm\n${good_material}sim:total-time-steps = 10\nsim:initial-spin-configuration = file\nsim:initial-spin-file = missing.ovf\n")

# name|input file|fragment^fragment^... (every fragment must appear in the message)
set(cases
  "unknown|unknown.in|sim:temprature^line 3^unknown keyword^did you mean 'sim:temperature'"
  "badunit|badunit.in|wrong unit type^sim:time-step^line 3"
  "range|range.in|out of range^sim:temperature^line 4"
  "nomat|nomat.in|cannot read material file^missing.mat^line 1"
  "nofile|does-not-exist.in|cannot read input file^does-not-exist.in^No such file"
  "many|many.in|3 mistakes^line 1^line 2^line 5^VAMPIRE keyword 'dipole:output-atomistic-dipole-field' is not supported by miniASD (VAMPIRE's dipole module's per-atom field output is not implemented"
  "nodes|nodes.in|line 7^config:output-nodes^8 I/O processes are more than the"
  "numbers|numbers.in|'3 00' has a blank inside a number^'0x12C' is hexadecimal^'1e400' is out of range"
  "nospins|nospins.in|the initial spin file^missing.ovf' does not exist")

foreach(ranks 1 2 4)
  foreach(case IN LISTS cases)
    # name|file|fragment^fragment^...
    string(REPLACE "^" ";" case "${case}")
    string(REPLACE "|" ";" parts "${case}")
    list(GET parts 0 name)
    list(GET parts 1 file)
    list(SUBLIST parts 2 -1 fragments)
    set(dir ${WORK_DIR}/${name}_np${ranks})
    file(MAKE_DIRECTORY ${dir})
    run_miniasd(${ranks} ${dir} rc so se ${WORK_DIR}/${file})
    if(rc EQUAL 0)
      message(FATAL_ERROR "${name} at ${ranks} ranks: exit status 0 for bad input")
    endif()
    foreach(f IN LISTS fragments)
      expect_contains("${se}" "${f}" "${name} at ${ranks} ranks")
    endforeach()
    count_occurrences("${se}" "miniasd: error:" n)
    if(NOT n EQUAL 1)
      message(FATAL_ERROR "${name} at ${ranks} ranks: the error was printed ${n} times:\n${se}")
    endif()
    file(GLOB made ${dir}/*)
    if(made)
      message(FATAL_ERROR "${name} at ${ranks} ranks: bad input created files: ${made}")
    endif()
  endforeach()
endforeach()

# A VAMPIRE hint runs, with one warning line printed once (by rank 0).
file(WRITE ${WORK_DIR}/hint.in "gpu:num-threads = 8\ndimensions:system-size = 1 !nm\n${good_material}sim:total-time-steps = 10\n")
file(MAKE_DIRECTORY ${WORK_DIR}/hint)
run_miniasd(2 ${WORK_DIR}/hint rc so se ${WORK_DIR}/hint.in --check)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "a VAMPIRE hint stopped --check:\n${se}")
endif()
count_occurrences("${se}" "miniasd: warning: ${WORK_DIR}/hint.in, line 1: VAMPIRE keyword 'gpu:num-threads' accepted without effect" n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "the warning for gpu:num-threads was printed ${n} times:\n${se}")
endif()

# --check reads the initial spin file as the run would and finds every atom's spin in it: a
# missing file, a malformed one and one that does not cover the lattice are mistakes there too
# (it said "input is valid" and the run then stopped). A 1 nm sc box of 3.54 A cells needs 3 x 3
# x 3 cells of 3.54 A; this file has one.
set(one_cell "# OOMMF OVF 2.0\n# Segment count: 1\n# Begin: Segment\n# Begin: Header\n# meshtype: rectangular\n# meshunit: nm\n# valuedim: 3\n# xbase: 0.177\n# ybase: 0.177\n# zbase: 0.177\n# xnodes: 1\n# ynodes: 1\n# znodes: 1\n# xstepsize: 0.354\n# ystepsize: 0.354\n# zstepsize: 0.354\n# End: Header\n# Begin: Data Text\n")
file(WRITE ${WORK_DIR}/one.ovf "${one_cell}0 0 1\n# End: Data Text\n# End: Segment\n")
file(WRITE ${WORK_DIR}/four.ovf "${one_cell}0 0 1 1\n# End: Data Text\n# End: Segment\n")
string(REPLACE "missing.ovf" "one.ovf" short_in "dimensions:system-size = 1 !nm\n${good_material}sim:total-time-steps = 10\nsim:initial-spin-configuration = file\nsim:initial-spin-file = missing.ovf\n")
file(WRITE ${WORK_DIR}/short.in "${short_in}")
string(REPLACE "one.ovf" "four.ovf" four_in "${short_in}")
file(WRITE ${WORK_DIR}/four.in "${four_in}")
foreach(spec "nospins.in|the initial spin file '${WORK_DIR}/missing.ovf' does not exist"
             "short.in|sim:initial-spin-file '${WORK_DIR}/one.ovf': atom 1 at (3.54, 0, 0) A lies outside the file's 1 x 1 x 1 cells"
             "four.in|the OVF file '${WORK_DIR}/four.ovf', line 19: a row holds more than 3 numbers")
  split_spec("${spec}" input expected)
  foreach(ranks 1 2)
    run_miniasd(${ranks} ${WORK_DIR} rc so se ${WORK_DIR}/${input} --check)
    if(rc EQUAL 0 OR so MATCHES "input is valid")
      message(FATAL_ERROR "--check ${input} on ${ranks} rank(s): passed a bad spin file:\n${so}")
    endif()
    expect_contains("${se}" "${expected}" "--check ${input}")
  endforeach()
endforeach()

# More ranks than cells along any split: a clear error, not a crash or a hang.
run_miniasd(4 ${WORK_DIR} rc so se ${WORK_DIR}/tiny.in)
if(rc EQUAL 0)
  message(FATAL_ERROR "tiny system on 4 ranks: exit status 0")
endif()
expect_contains("${se}" "cannot decompose 1 x 1 x 1 unit cells over 4 ranks" "tiny system")

# A missing output directory is reported before the run starts.
run_miniasd(2 ${WORK_DIR} rc so se ${WORK_DIR}/ok.in -o ${WORK_DIR}/no/such/dir)
if(rc EQUAL 0)
  message(FATAL_ERROR "missing output directory: exit status 0")
endif()
expect_contains("${se}" "output directory" "missing output directory")
# -o naming a regular file.
run_miniasd(2 ${WORK_DIR} rc so se ${WORK_DIR}/ok.in -o ${WORK_DIR}/ok.in)
if(rc EQUAL 0)
  message(FATAL_ERROR "-o naming a file: exit status 0")
endif()
expect_contains("${se}" "is a file, not a directory" "-o naming a file")
# Options the chosen mode ignores: a warning each, and the run goes on.
file(WRITE ${WORK_DIR}/idle.in "dimensions:system-size = 1 !nm\n${good_material}sim:total-time-steps = 10\nconfig:atoms\nconfig:output-mode = serial\nconfig:output-nodes = 1\nconfig:mpi-io-hints = striping_factor=4\n")
run_miniasd(2 ${WORK_DIR} rc so se ${WORK_DIR}/idle.in --check)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "options without effect stopped --check:\n${se}")
endif()
expect_contains("${se}" "line 7: config:output-nodes has no effect with config:output-mode = serial" "idle options")
expect_contains("${se}" "line 8: config:mpi-io-hints has no effect with config:output-mode = serial" "idle options")

# No argument and no file called 'input' here: the message says what was looked for.
file(MAKE_DIRECTORY ${WORK_DIR}/empty)
run_miniasd(1 ${WORK_DIR}/empty rc so se)
if(rc EQUAL 0)
  message(FATAL_ERROR "no input: exit status 0")
endif()
expect_contains("${se}" "cannot read input file 'input'" "no input")

# An unknown command-line option.
run_miniasd(2 ${WORK_DIR} rc so se --no-such-option)
if(rc EQUAL 0)
  message(FATAL_ERROR "unknown option: exit status 0")
endif()

# A file with no end as the input or a material file is refused once it passes 256 MiB (it was
# read until memory ran out); a binary file is refused once, as not text (it gave a dozen
# messages with raw bytes in them).
file(WRITE ${WORK_DIR}/endless.in "material:file = /dev/zero\n")
file(WRITE ${WORK_DIR}/binary.in "sim:temperature = 1\n")
file(APPEND ${WORK_DIR}/binary.in "\x01\x02")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy ${MINIASD} ${WORK_DIR}/binary.bin)
foreach(spec "/dev/zero|cannot read input file '/dev/zero': it is larger than 256 MiB"
             "${WORK_DIR}/endless.in|cannot read material file '/dev/zero': it is larger than 256 MiB"
             "${WORK_DIR}/binary.bin|it is not a text file (it holds a NUL byte at byte")
  split_spec("${spec}" input expected)
  run_miniasd(2 ${WORK_DIR} rc so se ${input} --check)
  if(rc EQUAL 0)
    message(FATAL_ERROR "${input}: exit status 0")
  endif()
  expect_contains("${se}" "${expected}" "${input}")
  count_occurrences("${se}" "miniasd: error" n)
  if(NOT n EQUAL 1)
    message(FATAL_ERROR "${input}: ${n} error messages:\n${se}")
  endif()
endforeach()
