# A stale POSIX semaphore left by a killed job in /dev/shm, named as Open MPI's OMPIO names the
# shared file pointer of a file (sem.OMPIO_<file name>), must not hang a later mpi-io or sorted
# run that writes a file of that name (it did, opening the third snapshot). Each run has a time
# limit, so a hang fails the test; the semaphores are removed afterwards.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(names /OMPIO_spins-00000002.dat /OMPIO_spins-00000002.h5)
foreach(name IN LISTS names)
  execute_process(COMMAND ${HELPER} create ${name} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "could not create the semaphore ${name}")
  endif()
endforeach()
set(failure "")
foreach(mode mpi-io sorted hdf5)
  set(dir ${WORK_DIR}/${mode})
  file(MAKE_DIRECTORY ${dir})
  file(WRITE ${dir}/input "dimensions:system-size = 2 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\nsim:total-time-steps = 40\nsim:time-steps-increment = 10\nconfig:atoms\nconfig:output-mode = ${mode}\n")
  execute_process(COMMAND ${MPIEXEC} -n 2 ${MPIEXEC_FLAGS} ${MINIASD} -q
                  WORKING_DIRECTORY ${dir} RESULT_VARIABLE rc OUTPUT_VARIABLE so ERROR_VARIABLE se
                  TIMEOUT 60)
  if(NOT rc EQUAL 0 OR NOT EXISTS ${dir}/spins-00000004.meta)
    set(failure "${failure}\n${mode}: status ${rc} (a hang shows as a timeout)\n${se}")
  endif()
endforeach()
foreach(name IN LISTS names)
  execute_process(COMMAND ${HELPER} remove ${name})
endforeach()
if(failure)
  message(FATAL_ERROR "stale OMPIO semaphores stopped a run:${failure}")
endif()
