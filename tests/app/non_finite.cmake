# A run whose state turns non-finite stops with one error naming the atom and the steps, a
# non-zero exit and no row, snapshot or checkpoint holding NaN, at 1, 2 and 4 ranks: caught by the
# statistics sample, by the checkpoint's own check, and by the check at the end of a run that
# samples nothing. MINIASD_TEST_NAN_AT_STEP=G:N makes atom G's spin NaN after step N.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

set(base "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\ndimensions:system-size = 2 !nm\ncreate:periodic-boundaries-x\ncreate:periodic-boundaries-y\ncreate:periodic-boundaries-z\nmaterial[1]:atomic-spin-moment = 2.22 !muB\nmaterial[1]:exchange-matrix[1] = 7.05e-21\nmaterial[1]:damping-constant = 0.1\nsim:temperature = 300\nsim:time-step = 1e-16\nsim:total-time-steps = 100\n")
# name|hook (atom:step)|extra keywords|fragments that the message must hold (^-separated)
set(cases
  "rows|37:40|sim:time-steps-increment = 10\noutput:time-steps\noutput:magnetisation\n|1 spin(s) became non-finite before the statistics of step 40^atom 37 at^material 1^all finite at step"
  "checkpoint|37:50|sim:program = benchmark\nsim:save-checkpoint = continuous\nsim:save-checkpoint-rate = 50\n|1 spin(s) became non-finite before the checkpoint of step 50 (checked at step 50^atom 37 at"
  "end|37:100|sim:program = benchmark\n|1 spin(s) became non-finite^atom 37 at"
  "spread|37:33|sim:time-steps-increment = 10\noutput:time-steps\noutput:magnetisation\n|spin(s) became non-finite before the statistics of step 40^spin (nan")
foreach(ranks 1 2 4)
  foreach(spec IN LISTS cases)
    split_spec("${spec}" name hook extra fragments)
    set(ENV{MINIASD_TEST_NAN_AT_STEP} "${hook}")
    set(dir ${WORK_DIR}/${name}_np${ranks})
    file(MAKE_DIRECTORY ${dir})
    file(WRITE ${dir}/input "${base}${extra}")
    run_miniasd(${ranks} ${dir} rc so se ${dir}/input)
    if(rc EQUAL 0)
      message(FATAL_ERROR "${name} at ${ranks} ranks: exit status 0 after a NaN spin:\n${so}\n${se}")
    endif()
    string(REPLACE "^" ";" fragments "${fragments}")
    foreach(f IN LISTS fragments)
      expect_contains("${se}" "${f}" "${name} at ${ranks} ranks")
    endforeach()
    count_occurrences("${se}" "miniasd: error" n)
    if(NOT n EQUAL 1)
      message(FATAL_ERROR "${name} at ${ranks} ranks: ${n} error messages:\n${se}")
    endif()
    if(EXISTS ${dir}/output)
      file(READ ${dir}/output table)
      string(TOLOWER "${table}" table)
      string(FIND "${table}" "nan" at)
      if(NOT at EQUAL -1)
        message(FATAL_ERROR "${name} at ${ranks} ranks: a NaN row was written:\n${table}")
      endif()
    endif()
    file(GLOB checkpoints ${dir}/checkpoint*)
    if(checkpoints)
      message(FATAL_ERROR "${name} at ${ranks} ranks: a checkpoint was written: ${checkpoints}")
    endif()
  endforeach()
endforeach()
unset(ENV{MINIASD_TEST_NAN_AT_STEP})
