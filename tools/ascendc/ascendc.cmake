# SPDX-License-Identifier: Apache-2.0
# cpuacl's ascendc.cmake: the CMake entry an Ascend C project includes, installed where a
# CANN toolkit keeps its ascendc_kernel_cmake module (<prefix>/tikcpp/ascendc_kernel_cmake,
# what $ASCENDC_CMAKE_DIR names). It provides
#     ascendc_library(<target> STATIC|SHARED|OBJECT <source>...)
#     ascendc_fatbin_library(<target> <source>...)
#     ascendc_include_directories(<target> <PRIVATE|PUBLIC|INTERFACE> <dir>...)
#     ascendc_compile_definitions(<target> <PRIVATE|PUBLIC|INTERFACE> <def>...)
#     ascendc_compile_options(<target> <PRIVATE|PUBLIC|INTERFACE> <option>...)
# Kernel sources are lowered by kernel_rewrite.py (`<<<>>>` launches become calls of the
# runtime) and compiled by the host C++ compiler, C++17 -O2, against the install's
# kernel_operator.h; their blocks run on the device's workers. docs/ascendc-build.md.
# Written for CMake >= 3.16 (what the CANN samples require).

if(DEFINED _CPUACL_ASCENDC_CMAKE_INCLUDED)
  return()
endif()
set(_CPUACL_ASCENDC_CMAKE_INCLUDED TRUE)
set(ASCENDC_CPUACL TRUE)  # a project may test it: kernels run on the host CPU

# The install this module belongs to: <prefix>/tikcpp/ascendc_kernel_cmake/.
get_filename_component(_cpuacl_ascendc_prefix "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
set(_cpuacl_ascendc_rewriter "${CMAKE_CURRENT_LIST_DIR}/kernel_rewrite.py")

if(NOT ASCEND_CANN_PACKAGE_PATH)
  if(DEFINED ENV{ASCEND_CANN_PACKAGE_PATH} AND NOT "$ENV{ASCEND_CANN_PACKAGE_PATH}" STREQUAL "")
    set(ASCEND_CANN_PACKAGE_PATH "$ENV{ASCEND_CANN_PACKAGE_PATH}")
  else()
    set(ASCEND_CANN_PACKAGE_PATH "${_cpuacl_ascendc_prefix}")
  endif()
endif()

find_program(CPUACL_PYTHON3 NAMES python3 DOC "Python 3 for cpuacl's kernel rewriter")
if(NOT CPUACL_PYTHON3)
  message(FATAL_ERROR "ascendc.cmake: python3 not found (cpuacl's kernel rewriter, "
                      "${_cpuacl_ascendc_rewriter}, needs it)")
endif()

# SOC_VERSION: the documented chip names; the kernels run the same on the CPU, the value
# selects __NPU_ARCH__ as the chip's compiler would.
set(_cpuacl_socs_2201 Ascend910B1 Ascend910B2 Ascend910B2C Ascend910B3 Ascend910B4
    Ascend910B4-1 Ascend910_9362 Ascend910_9363 Ascend910_9372 Ascend910_9381 Ascend910_9382
    Ascend910_9391 Ascend910_9392)
set(_cpuacl_socs_2002 Ascend310P1 Ascend310P3 Ascend310P5 Ascend310P7)
set(_cpuacl_socs_1001 Ascend910A Ascend910B Ascend910PremiumA Ascend910ProA Ascend910ProB)
set(_cpuacl_socs_3002 Ascend310B1 Ascend310B2 Ascend310B3 Ascend310B4)
if("${SOC_VERSION}" STREQUAL "")
  set(SOC_VERSION Ascend910B3)
  message(STATUS "ascendc.cmake: SOC_VERSION not set, using ${SOC_VERSION} (the chip cpuacl "
                 "presents)")
endif()
set(ASCENDC_NPU_ARCH "")
string(TOLOWER "${SOC_VERSION}" _cpuacl_soc_lc)
foreach(_arch 2201 2002 1001 3002)
  foreach(_soc IN LISTS _cpuacl_socs_${_arch})
    string(TOLOWER "${_soc}" _soc_lc)
    if(_soc_lc STREQUAL _cpuacl_soc_lc)
      set(ASCENDC_NPU_ARCH ${_arch})
    endif()
  endforeach()
endforeach()
if(ASCENDC_NPU_ARCH STREQUAL "")
  string(REPLACE ";" " " _all "${_cpuacl_socs_2201};${_cpuacl_socs_2002};${_cpuacl_socs_1001};${_cpuacl_socs_3002}")
  message(FATAL_ERROR "ascendc.cmake: SOC_VERSION '${SOC_VERSION}' is not a supported chip; "
                      "one of: ${_all}")
endif()

# Lower the sources of target (kernel_rewrite.py) and return the generated .cpp files in
# out_var. mode: "" or "--fatbin". The kernel names are listed at configure time (the
# generated header files are outputs of the build rule); editing a source reconfigures.
function(_cpuacl_ascendc_lower target mode out_var)
  set(gen_dir "${CMAKE_CURRENT_BINARY_DIR}/${target}_cpuacl")
  set(hdr_dir "${CMAKE_CURRENT_BINARY_DIR}/include/${target}")
  file(MAKE_DIRECTORY "${gen_dir}" "${hdr_dir}")
  set(outs "")
  set(src_dirs "")
  set(i 0)
  foreach(src IN LISTS ARGN)
    get_filename_component(abs "${src}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${abs}")
      message(FATAL_ERROR "${target}: kernel source ${src} not found (${abs})")
    endif()
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${abs}")
    execute_process(COMMAND "${CPUACL_PYTHON3}" "${_cpuacl_ascendc_rewriter}" list "${abs}"
                    RESULT_VARIABLE rc OUTPUT_VARIABLE names ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${target}: ${err}")
    endif()
    string(REGEX MATCHALL "[^\n]+" names "${names}")
    set(hdrs "")
    if(NOT mode STREQUAL "--fatbin")
      foreach(k IN LISTS names)
        list(APPEND hdrs "${hdr_dir}/aclrtlaunch_${k}.h")
      endforeach()
    endif()
    get_filename_component(base "${abs}" NAME_WE)
    get_filename_component(dir "${abs}" DIRECTORY)
    list(APPEND src_dirs "${dir}")
    set(out "${gen_dir}/${i}_${base}.cpp")
    add_custom_command(OUTPUT "${out}" ${hdrs}
      COMMAND "${CPUACL_PYTHON3}" "${_cpuacl_ascendc_rewriter}" lower "${abs}" "${out}"
              --header-dir "${hdr_dir}" ${mode}
      DEPENDS "${abs}" "${_cpuacl_ascendc_rewriter}"
      COMMENT "Lowering Ascend C kernel source ${src}" VERBATIM)
    list(APPEND outs "${out}" ${hdrs})
    math(EXPR i "${i} + 1")
  endforeach()
  list(REMOVE_DUPLICATES src_dirs)
  set(${out_var} "${outs}" PARENT_SCOPE)
  set(${out_var}_DIRS "${src_dirs}" PARENT_SCOPE)
  set(${out_var}_HDR "${hdr_dir}" PARENT_SCOPE)
endfunction()

# What every kernel target gets: the sources' own directories (their quoted includes),
# kernel_operator.h, C++17 -O2, __NPU_ARCH__, position-independent code.
function(_cpuacl_ascendc_setup target src_dirs)
  target_include_directories(${target} PRIVATE ${src_dirs}
    "${_cpuacl_ascendc_prefix}/include/ascendc" "${_cpuacl_ascendc_prefix}/include")
  target_compile_definitions(${target} PRIVATE __NPU_ARCH__=${ASCENDC_NPU_ARCH})
  target_compile_options(${target} PRIVATE -O2)
  set_target_properties(${target} PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON
    POSITION_INDEPENDENT_CODE ON LINKER_LANGUAGE CXX)
endfunction()

function(ascendc_library target type)
  if(NOT type MATCHES "^(STATIC|SHARED|OBJECT)$")
    message(FATAL_ERROR "ascendc_library(${target} ${type} ...): the type is STATIC, SHARED "
                        "or OBJECT")
  endif()
  if(NOT ARGN)
    message(FATAL_ERROR "ascendc_library(${target}): no kernel source")
  endif()
  _cpuacl_ascendc_lower(${target} "" gen ${ARGN})
  add_library(${target} ${type} ${gen})
  _cpuacl_ascendc_setup(${target} "${gen_DIRS}")
  # Users include "aclrtlaunch_<kernel>.h" and acl/acl_base.h from it.
  target_include_directories(${target} INTERFACE "${gen_HDR}"
    "${_cpuacl_ascendc_prefix}/include")
  if(type STREQUAL "SHARED")
    target_link_libraries(${target} PRIVATE "${_cpuacl_ascendc_prefix}/lib64/libascendcl.so")
  elseif(type STREQUAL "STATIC")
    target_link_libraries(${target} INTERFACE "${_cpuacl_ascendc_prefix}/lib64/libascendcl.so")
  endif()
endfunction()

# A kernel binary: a loadable object <build>/fatbin/<target>/<target>.o, installed to
# <install prefix>/fatbin/<target>/<target>.o, exporting each kernel by its name
# (aclrtBinaryLoadFromFile, aclrtBinaryGetFunction).
function(ascendc_fatbin_library target)
  if(NOT ARGN)
    message(FATAL_ERROR "ascendc_fatbin_library(${target}): no kernel source")
  endif()
  _cpuacl_ascendc_lower(${target} "--fatbin" gen ${ARGN})
  add_library(${target} MODULE ${gen})
  _cpuacl_ascendc_setup(${target} "${gen_DIRS}")
  set_target_properties(${target} PROPERTIES PREFIX "" SUFFIX ".o" OUTPUT_NAME ${target}
    CXX_VISIBILITY_PRESET hidden
    LIBRARY_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/fatbin/${target}")
  target_link_libraries(${target} PRIVATE "${_cpuacl_ascendc_prefix}/lib64/libascendcl.so")
  install(TARGETS ${target} LIBRARY DESTINATION fatbin/${target})
endfunction()

function(ascendc_include_directories target)
  target_include_directories(${target} ${ARGN})
endfunction()

function(ascendc_compile_definitions target)
  target_compile_definitions(${target} ${ARGN})
endfunction()

function(ascendc_compile_options target)
  target_compile_options(${target} ${ARGN})
endfunction()
