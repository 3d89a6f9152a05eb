# Writes the provenance source file (version, git commit, compiler, flags) at build time, so
# `miniasd --version` names the commit that was built, not the one CMake last configured at.
# The file is rewritten only when its content changes, so an unchanged tree rebuilds nothing.
# Called with -DSOURCE_DIR -DINPUT -DOUTPUT -DPROJECT_VERSION -DCOMPILER -DFLAGS -DBUILD_TYPE.
execute_process(COMMAND git rev-parse --short=12 HEAD
                WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE MINIASD_GIT_HASH OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  set(MINIASD_GIT_HASH "unknown")
else()
  execute_process(COMMAND git status --porcelain --untracked-files=no
                  WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE dirty ERROR_QUIET)
  if(dirty)
    string(APPEND MINIASD_GIT_HASH "-modified")
  endif()
endif()
string(REPLACE " " ";" parts "${COMPILER}")
list(GET parts 0 CMAKE_CXX_COMPILER_ID)
list(LENGTH parts n)
if(n GREATER 1)
  list(GET parts 1 CMAKE_CXX_COMPILER_VERSION)
endif()
set(MINIASD_FLAGS "${FLAGS}")
set(CMAKE_BUILD_TYPE "${BUILD_TYPE}")
configure_file(${INPUT} ${OUTPUT}.tmp @ONLY)
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
