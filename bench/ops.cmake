# SPDX-License-Identifier: Apache-2.0
# bm_ops: operator micro-benchmarks (bench/bm_ops.cc) beside their baselines:
# aclnnAdd on 64 MiB vs memcpy(3), aclnnMm 1024^3 vs cblas_sgemm, and the
# host cost of a small eager launch. Included from bench/CMakeLists.txt
# (after find_package(benchmark)).
find_package(PkgConfig REQUIRED)
pkg_check_modules(BM_OPS_BLAS REQUIRED IMPORTED_TARGET openblas)
add_executable(bm_ops ${CMAKE_CURRENT_LIST_DIR}/bm_ops.cc)
target_link_libraries(bm_ops PRIVATE cpuacl cpuacl_warnings benchmark::benchmark
                      PkgConfig::BM_OPS_BLAS Threads::Threads)

# The ops study's files beyond bench_ops.c / bench_ops_host.c (listed in
# bench/CMakeLists.txt): elementwise and matmul throughput, and numpy.
target_sources(cpuacl-bench PRIVATE ${CMAKE_CURRENT_LIST_DIR}/bench_ops_bw.c
                                    ${CMAKE_CURRENT_LIST_DIR}/bench_ops_numpy.c
                                    ${CMAKE_CURRENT_LIST_DIR}/bench_ops_family.c)
