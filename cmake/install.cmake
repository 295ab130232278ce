# SPDX-License-Identifier: Apache-2.0
# Install: headers, the library and its AscendCL link names, a CMake package and
# a pkg-config file.
include(CMakePackageConfigHelpers)

install(TARGETS cpuacl cpuacl_jemalloc EXPORT cpuaclTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")
# The operator-prototype headers also where a CANN toolkit keeps them
# (${ASCEND_OPP_PATH}/built-in/op_proto/inc, set_env.sh's ASCEND_OPP_PATH = <prefix>/opp):
# the graph examples of CANN's operator repositories build with -I there.
install(FILES include/all_ops.h include/array_ops.h include/elewise_calculation_ops.h
  include/experiment_ops.h include/nn_other.h include/nn_training_ops.h
  include/ops_proto_legacy.h include/ops_proto_nn.h include/state_ops.h
  DESTINATION opp/built-in/op_proto/inc)
# The link names (libascendcl.so ...) are installed by cmake/link_names.cmake.
# A CANN toolkit tree keeps its libraries in lib64/ (ggml's CANN backend links from
# ${CANN_INSTALL_DIR}/lib64): lib64 is a relative link to the library directory, made
# only when the prefix has no lib64 of its own.
if(NOT CMAKE_INSTALL_LIBDIR STREQUAL "lib64")
  install(CODE "set(_l64 \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/lib64\")
    if(NOT EXISTS \"\${_l64}\" AND NOT IS_SYMLINK \"\${_l64}\")
      file(CREATE_LINK ${CMAKE_INSTALL_LIBDIR} \"\${_l64}\" SYMBOLIC)
    endif()")
endif()

set(cfgdir ${CMAKE_INSTALL_LIBDIR}/cmake/cpuacl)
install(EXPORT cpuaclTargets NAMESPACE cpuacl:: DESTINATION ${cfgdir})
configure_package_config_file(cmake/cpuaclConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/cpuaclConfig.cmake INSTALL_DESTINATION ${cfgdir})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/cpuaclConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/cpuaclConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/cpuaclConfigVersion.cmake DESTINATION ${cfgdir})

# The .pc file finds the prefix relative to itself, so the install is relocatable.
file(RELATIVE_PATH PC_REL_PREFIX /p/${CMAKE_INSTALL_LIBDIR}/pkgconfig /p)
configure_file(cmake/cpuacl.pc.in ${CMAKE_CURRENT_BINARY_DIR}/cpuacl.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/cpuacl.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# <prefix>/set_env.sh (cmake/set_env.sh.in), written at install time for the prefix
# actually installed to (cmake --install --prefix P).
if(IS_ABSOLUTE "${CPUACL_PYTHON_INSTALL_DIR}")
  set(_pyexpr "${CPUACL_PYTHON_INSTALL_DIR}")
else()
  set(_pyexpr "\${CMAKE_INSTALL_PREFIX}/${CPUACL_PYTHON_INSTALL_DIR}")
endif()
install(CODE "set(CPUACL_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(CPUACL_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
  set(CPUACL_PYDIR \"${_pyexpr}\")
  configure_file(\"${CMAKE_CURRENT_SOURCE_DIR}/cmake/set_env.sh.in\"
    \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/set_env.sh\" @ONLY)
  message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/set_env.sh\")
  # The same script where older CANN toolkits keep it (some samples source bin/setenv.bash).
  configure_file(\"${CMAKE_CURRENT_SOURCE_DIR}/cmake/set_env.sh.in\"
    \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/bin/setenv.bash\" @ONLY)")
