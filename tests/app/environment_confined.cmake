# Environment variables are read in one place: src/util/environment.cpp, whose table names each
# with its meaning and default (docs/input-reference.md, "Environment variables"). No other source
# file of the program, its tools or its benchmarks may call getenv.
file(GLOB_RECURSE sources ${SOURCE_DIR}/src/*.cpp ${SOURCE_DIR}/src/*.hpp ${SOURCE_DIR}/src/*.cu
     ${SOURCE_DIR}/tools/*.cpp ${SOURCE_DIR}/tools/*.hpp ${SOURCE_DIR}/bench/*.cpp)
set(offenders "")
foreach(f IN LISTS sources)
  file(RELATIVE_PATH rel ${SOURCE_DIR} ${f})
  if(rel STREQUAL "src/util/environment.cpp")
    continue()
  endif()
  file(STRINGS ${f} hits REGEX "getenv[ ]*\\(")
  if(hits)
    list(APPEND offenders "${rel}: ${hits}")
  endif()
endforeach()
if(offenders)
  string(REPLACE ";" "\n" offenders "${offenders}")
  message(FATAL_ERROR "getenv outside src/util/environment.cpp (add the variable to its table "
                      "and read it with environment()):\n${offenders}")
endif()
