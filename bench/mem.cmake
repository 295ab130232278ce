# SPDX-License-Identifier: Apache-2.0
# bm_mem: memory API micro-benchmarks (bench/bm_mem.cc) beside their baselines:
# aclrtMemcpy / aclrtMemcpyAsync bandwidth by size and kind vs memcpy(3), the
# host cost of a 64 B async copy submit, aclrtMalloc+aclrtFree vs jemalloc
# mallocx/dallocx and glibc malloc/free, and the huge-page coverage of device
# memory from /proc/self/smaps. Included from bench/CMakeLists.txt (after
# find_package(benchmark)); PkgConfig::JEMALLOC comes from the top level.
add_executable(bm_mem ${CMAKE_CURRENT_LIST_DIR}/bm_mem.cc)
target_link_libraries(bm_mem PRIVATE cpuacl cpuacl_warnings benchmark::benchmark
                      PkgConfig::JEMALLOC Threads::Threads)
