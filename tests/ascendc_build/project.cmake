# SPDX-License-Identifier: Apache-2.0
# Run by ctest (ascendc_project): install the build tree into WORK_DIR/prefix, then, in a
# shell that sourced <prefix>/set_env.sh as a CANN user does, configure, build and run the
# sample-style project SRC_DIR (tests/ascendc_build/project); and check that an unknown
# SOC_VERSION is refused at configure.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
set(bld ${WORK_DIR}/build)
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  message(STATUS "ok: ${ARGN}\n${out}")
endfunction()
# sh -c '. set_env.sh && <command>' without ASCENDC_CMAKE_DIR/ASCEND_CANN_PACKAGE_PATH from
# the caller, so the values are set_env.sh's.
function(user_shell)
  string(REPLACE ";" " " cmd "${ARGN}")
  run(env -u ASCENDC_CMAKE_DIR -u ASCEND_CANN_PACKAGE_PATH sh -c ". '${prefix}/set_env.sh' && ${cmd}")
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(f tikcpp/ascendc_kernel_cmake/ascendc.cmake tikcpp/ascendc_kernel_cmake/kernel_rewrite.py
          include/ascendc/kernel_operator.h lib64/libacl_rt.so lib64/libacl_rt_impl.so)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "install is missing ${f}")
  endif()
endforeach()

user_shell(SOC_VERSION=Ascend910B1 '${CMAKE_COMMAND}' -S '${SRC_DIR}' -B '${bld}' -G '${GENERATOR}'
           -DCMAKE_CXX_COMPILER='${CXX_COMPILER}' -DASCEND_CANN_PACKAGE_PATH=\"\$ASCEND_CANN_PACKAGE_PATH\")
user_shell('${CMAKE_COMMAND}' --build '${bld}')
foreach(h aclrtlaunch_scale_add.h aclrtlaunch_block_ids.h aclrtlaunch_trap_kernel.h)
  if(NOT EXISTS ${bld}/include/kernels_static/${h})
    message(FATAL_ERROR "ascendc_library made no ${h}")
  endif()
endforeach()
user_shell('${bld}/main_static')
user_shell('${bld}/main_shared')
user_shell('${CMAKE_COMMAND}' --install '${bld}')
user_shell(cd '${bld}' && ./out/bin/main_fatbin)

# An unknown SOC_VERSION is refused at configure, naming the value.
execute_process(COMMAND env -u ASCENDC_CMAKE_DIR -u ASCEND_CANN_PACKAGE_PATH sh -c
    ". '${prefix}/set_env.sh' && SOC_VERSION=Ascend999X '${CMAKE_COMMAND}' -S '${SRC_DIR}' -B '${WORK_DIR}/bad' -G '${GENERATOR}'"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "SOC_VERSION 'Ascend999X' is not a supported chip")
  message(FATAL_ERROR "an unknown SOC_VERSION was not refused (${rc}):\n${out}\n${err}")
endif()
message(STATUS "PASS")
