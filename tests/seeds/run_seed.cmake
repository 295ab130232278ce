# SPDX-License-Identifier: Apache-2.0
# Install the build into a scratch prefix, compile a seed program as C++17
# with -Wall against it (-lascendcl -lnnopbase -lopapi), run it, and compare
# its output with the expected lines. The seed's own code has an unused
# variable, so -Wall warnings are allowed, but none may come from our headers.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix}
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "install failed")
endif()
# A sanitized library needs the sanitizer runtime in the program too.
set(san "")
if(SANITIZE)
  set(san -fsanitize=${SANITIZE})
endif()
execute_process(
  COMMAND ${CXX_COMPILER} -std=c++17 -Wall ${san} ${SRC} -I${prefix}/include -L${prefix}/lib
          -lascendcl -lnnopbase -lopapi -Wl,-rpath,${prefix}/lib -o ${WORK_DIR}/seed
  RESULT_VARIABLE rc ERROR_VARIABLE diag)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the seed program does not compile:\n${diag}")
endif()
string(REGEX MATCHALL "[^\n]*warning:[^\n]*" warnings "${diag}")
foreach(w IN LISTS warnings)
  if(w MATCHES "/include/(acl|aclnn|aclnnop)/")
    message(FATAL_ERROR "our headers warn: ${w}")
  endif()
endforeach()
execute_process(COMMAND ${WORK_DIR}/seed RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the seed program exited with ${rc}:\n${out}\n${err}")
endif()
file(READ ${EXPECTED} want)
if(NOT out STREQUAL want)
  message(FATAL_ERROR "output differs.\n--- got:\n${out}\n--- expected:\n${want}")
endif()
message(STATUS "seed program output matches ${EXPECTED}")
