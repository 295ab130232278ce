# SPDX-License-Identifier: Apache-2.0
# Run by ctest: install the build tree into WORK_DIR/prefix, then build and run
# the consumer program via find_package, pkg-config and -lascendcl.
file(REMOVE_RECURSE ${WORK_DIR})
# A sanitized library needs the sanitizer runtime in the consumers too.
set(san "")
if(SANITIZE)
  set(san -fsanitize=${SANITIZE})
endif()
set(prefix ${WORK_DIR}/prefix)
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(f include/acl/acl.h include/cpuacl/cpuacl.h lib/libcpuacl.so lib/libascendcl.so
          lib/libacl_rt.so lib/libnnopbase.so lib/libopapi.so lib/pkgconfig/cpuacl.pc
          lib/cmake/cpuacl/cpuaclConfig.cmake lib/libacl_op_compiler.so lib/libacl_rt_impl.so
          lib64/libascendcl.so lib64/libacl_op_compiler.so lib64/libnnopbase.so lib64/libopapi.so
          include/acl/acl_prof.h include/acl/acl_dump.h include/acl/acl_tdt.h
          include/acl/acl_tdt_queue.h include/acl/acl_rt_kernel.h include/mstx/ms_tools_ext.h
          lib64/libmsprofiler.so lib64/libprofapi.so lib64/libms_tools_ext.so
          lib64/libascend_dump.so lib64/libacl_tdt_channel.so lib64/libacl_tdt_queue.so
          include/cann_ops_sparse.h lib64/libops_sparse.so)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "install is missing ${f}")
  endif()
endforeach()
# 1. find_package(cpuacl)
run(${CMAKE_COMMAND} -S ${SRC_DIR} -B ${WORK_DIR}/fp -G ${GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_C_COMPILER=${C_COMPILER} "-DCMAKE_C_FLAGS=${san}"
    "-DCMAKE_EXE_LINKER_FLAGS=${san}")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/fp)
run(${WORK_DIR}/fp/consumer_fp)
run(${WORK_DIR}/fp/consumer_ascendcl)
# 2. pkg-config
set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
execute_process(COMMAND pkg-config --cflags --libs cpuacl OUTPUT_VARIABLE pc
                RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config cpuacl failed")
endif()
separate_arguments(pc UNIX_COMMAND "${pc}")
run(${C_COMPILER} ${san} ${SRC_DIR}/consumer.c ${pc} -Wl,-rpath,${prefix}/lib -o ${WORK_DIR}/consumer_pc)
run(${WORK_DIR}/consumer_pc)
# 3. what unchanged AscendCL build scripts do: -I include -L lib -lascendcl
run(${C_COMPILER} ${san} ${SRC_DIR}/consumer.c -I${prefix}/include -L${prefix}/lib -lascendcl
    -Wl,-rpath,${prefix}/lib -o ${WORK_DIR}/consumer_l)
run(${WORK_DIR}/consumer_l)
# 4. a CANN toolkit tree, as ggml's CANN backend uses one (-DCANN_INSTALL_DIR=prefix):
#    include/ and include/aclnn on the include path, the libraries from lib64/ by the
#    names ascendcl nnopbase opapi acl_op_compiler (and acl_rt_impl, and the component
#    libraries msprofiler profapi ms_tools_ext ascend_dump acl_tdt_channel acl_tdt_queue,
#    and the math libraries cann_ops_fft ops_solver).
run(${C_COMPILER} ${san} ${SRC_DIR}/consumer.c -I${prefix}/include -I${prefix}/include/aclnn
    -L${prefix}/lib64 -lascendcl -lnnopbase -lopapi -lacl_op_compiler -lacl_rt_impl
    -lmsprofiler -lprofapi -lms_tools_ext -lascend_dump -lacl_tdt_channel -lacl_tdt_queue
    -lcann_ops_fft -lops_solver
    -Wl,-rpath,${prefix}/lib64 -o ${WORK_DIR}/consumer_cann)
run(${WORK_DIR}/consumer_cann)
#    CANN's sparse library (hicann/ops-sparse): cann_ops_sparse.h from include/, -lops_sparse.
run(${C_COMPILER} ${san} ${SRC_DIR}/consumer_sparse.c -I${prefix}/include -L${prefix}/lib64
    -lops_sparse -lascendcl -Wl,-rpath,${prefix}/lib64 -o ${WORK_DIR}/consumer_sparse)
run(${WORK_DIR}/consumer_sparse)
# libcpuacl does not record libjemalloc.so.2 (mem/jemalloc.h: a plain python3 could not dlopen
# it); each kind of consumer must still load it at start-up, so its device memory is jemalloc's.
foreach(b fp/consumer_fp fp/consumer_ascendcl consumer_pc consumer_l consumer_cann)
  execute_process(COMMAND ldd ${WORK_DIR}/${b} OUTPUT_VARIABLE deps)
  if(NOT deps MATCHES "libjemalloc\\.so\\.2 => /")
    message(FATAL_ERROR "${b} does not load libjemalloc.so.2 at start-up:\n${deps}")
  endif()
endforeach()
# 5. as a CANN user does: `source <prefix>/set_env.sh`, then cc ... -lascendcl with no
#    -L/-rpath of its own. The binary records NEEDED libascendcl.so (the filter library
#    of cmake/link_names.cmake), not libcpuacl.so.0, and runs through set_env.sh alone.
if(NOT EXISTS ${prefix}/set_env.sh)
  message(FATAL_ERROR "install is missing set_env.sh")
endif()
set(senv ". ${prefix}/set_env.sh && . ${prefix}/set_env.sh")
run(sh -c "${senv} && ${C_COMPILER} ${san} ${SRC_DIR}/consumer.c -I\"\$ASCEND_TOOLKIT_HOME/include\" -L\"\$ASCEND_TOOLKIT_HOME/lib64\" -lascendcl -o ${WORK_DIR}/consumer_env")
execute_process(COMMAND readelf -d ${WORK_DIR}/consumer_env OUTPUT_VARIABLE dyn)
if(NOT dyn MATCHES "NEEDED[^\n]*\\[libascendcl\\.so\\]" OR dyn MATCHES "libcpuacl")
  message(FATAL_ERROR "a -lascendcl program should need libascendcl.so only:\n${dyn}")
endif()
execute_process(COMMAND env -u LD_LIBRARY_PATH ${WORK_DIR}/consumer_env
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(rc EQUAL 0)
  message(FATAL_ERROR "consumer_env ran without set_env.sh: the test proves nothing")
endif()
run(sh -c "${senv} && ${WORK_DIR}/consumer_env")
# Sourcing twice adds nothing twice; the variables CANN's script exports are set.
run(sh ${CMAKE_CURRENT_LIST_DIR}/set_env_twice.sh ${prefix})
# The link names and the library carry a RUNPATH; installed tools start without set_env.sh.
foreach(f lib/libascendcl.so lib/libcpuacl.so)
  execute_process(COMMAND readelf -d ${prefix}/${f} OUTPUT_VARIABLE dyn)
  if(NOT dyn MATCHES "RUNPATH[^\n]*\\$ORIGIN")
    message(FATAL_ERROR "${f} has no RUNPATH $ORIGIN:\n${dyn}")
  endif()
endforeach()
if(EXISTS ${prefix}/bin/cpuacl-bench)
  run(env -u LD_LIBRARY_PATH ${prefix}/bin/cpuacl-bench --help)
endif()
message(STATUS "install test: find_package, pkg-config, -lascendcl, CANN-tree and set_env.sh consumers all ran")
