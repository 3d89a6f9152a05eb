# Helpers for the command-line tests: run miniasd under mpiexec with a time limit, so a hang
# fails the test instead of blocking the suite.
function(run_miniasd ranks workdir out_rc out_stdout out_stderr)
  execute_process(
    COMMAND ${MPIEXEC} -n ${ranks} ${MPIEXEC_FLAGS} ${MINIASD} ${ARGN}
    WORKING_DIRECTORY ${workdir}
    RESULT_VARIABLE rc OUTPUT_VARIABLE so ERROR_VARIABLE se
    TIMEOUT 120)
  set(${out_rc} "${rc}" PARENT_SCOPE)
  set(${out_stdout} "${so}" PARENT_SCOPE)
  set(${out_stderr} "${se}" PARENT_SCOPE)
endfunction()

function(expect_contains text fragment what)
  string(FIND "${text}" "${fragment}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "${what}: expected to find '${fragment}' in:\n${text}")
  endif()
endfunction()

function(count_occurrences text fragment out)
  string(REPLACE "${fragment}" "" stripped "${text}")
  string(LENGTH "${text}" a)
  string(LENGTH "${stripped}" b)
  string(LENGTH "${fragment}" f)
  math(EXPR n "(${a} - ${b}) / ${f}")
  set(${out} ${n} PARENT_SCOPE)
endfunction()

separate_arguments(MPIEXEC_FLAGS)

# split_spec("a|b|c" x y z): the fields of a "|"-separated test case into variables.
function(split_spec spec)
  string(REPLACE "|" ";" fields "${spec}")
  set(k 0)
  foreach(name ${ARGN})
    list(GET fields ${k} value)
    set(${name} "${value}" PARENT_SCOPE)
    math(EXPR k "${k} + 1")
  endforeach()
endfunction()
