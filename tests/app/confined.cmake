# A project rule of the form "only these files may call X": fails naming every other source file
# (under SOURCE_DIR, matching the GLOBS) with a line that matches PATTERN.
#   -DSOURCE_DIR=... -DGLOBS="src/*.cpp;src/*.hpp" -DALLOWED="^src/(parallel|output)/"
#   -DPATTERN="MPI_[A-Z][a-z_]+[ ]*\\(" -DRULE="MPI calls outside src/parallel and src/output"
# Used by mpi_confined (invariant 3: MPI lives in src/parallel/ and the output writers) and
# environment_confined (environment variables are read only in src/util/environment.cpp, whose
# table names each).
set(globs "")
foreach(g IN LISTS GLOBS)
  list(APPEND globs ${SOURCE_DIR}/${g})
endforeach()
file(GLOB_RECURSE sources ${globs})
set(offenders "")
foreach(f IN LISTS sources)
  file(RELATIVE_PATH rel ${SOURCE_DIR} ${f})
  if(rel MATCHES "${ALLOWED}")
    continue()
  endif()
  file(STRINGS ${f} hits REGEX "${PATTERN}")
  if(hits)
    list(APPEND offenders "${rel}: ${hits}")
  endif()
endforeach()
if(offenders)
  string(REPLACE ";" "\n" offenders "${offenders}")
  message(FATAL_ERROR "${RULE}:\n${offenders}")
endif()
