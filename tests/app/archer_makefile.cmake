# Makefile.archer builds a working miniasd and miniasd-convert from the same sources (here with
# CC=mpicxx, through ccache where it is installed: the compiler's objects are the same, and the
# test's build takes seconds instead of minutes once the sources were compiled this way before).
file(REMOVE_RECURSE ${WORK_DIR})
find_program(CCACHE ccache)
set(compiler mpicxx)
if(CCACHE)
  set(compiler "${CCACHE} mpicxx")
endif()
execute_process(
  COMMAND ${MAKE} -f Makefile.archer archer-parallel "CC=${compiler}" BUILD_DIR=${WORK_DIR} -j 2
  WORKING_DIRECTORY ${SOURCE_DIR}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 840)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "make -f Makefile.archer failed (${rc}):\n${out}\n${err}")
endif()
execute_process(COMMAND ${WORK_DIR}/miniasd --version
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0 OR NOT out MATCHES "miniasd [0-9]")
  message(FATAL_ERROR "the Makefile.archer binary does not run: ${out} ${err}")
endif()
execute_process(COMMAND ${WORK_DIR}/miniasd ${SOURCE_DIR}/input/bcc-fe/input --check
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0 OR NOT out MATCHES "input is valid")
  message(FATAL_ERROR "the Makefile.archer binary cannot check the example: ${out} ${err}")
endif()
execute_process(COMMAND ${WORK_DIR}/miniasd-convert --help
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0 OR NOT out MATCHES "--to")
  message(FATAL_ERROR "the Makefile.archer converter does not run: ${out} ${err}")
endif()
