# The project's code and documents stand alone: no file cites a document that is not in the
# repository (the design notes the project started from are not shipped).
file(GLOB_RECURSE files ${SOURCE_DIR}/src/* ${SOURCE_DIR}/tests/* ${SOURCE_DIR}/tools/*
     ${SOURCE_DIR}/docs/*.md ${SOURCE_DIR}/input/* ${SOURCE_DIR}/README.md
     ${SOURCE_DIR}/CMakeLists.txt ${SOURCE_DIR}/Makefile.archer)
set(offenders "")
foreach(f IN LISTS files)
  if(f MATCHES "self_contained\\.cmake$" OR f MATCHES "\\.(png|jpg|pdf)$")
    continue()
  endif()
  file(STRINGS ${f} hits REGEX "(design|style)\\.md|\\.\\./shared/")
  if(hits)
    file(RELATIVE_PATH rel ${SOURCE_DIR} ${f})
    list(APPEND offenders "${rel}: ${hits}")
  endif()
endforeach()
if(offenders)
  string(REPLACE ";" "\n" offenders "${offenders}")
  message(FATAL_ERROR "references to documents outside the repository:\n${offenders}")
endif()
