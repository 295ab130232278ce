/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Host code in stream order (core/host/hostfn.c) as core/api/host.c calls it: cpuacl
 * kernels, host functions, callbacks and the report queues' subscriptions and processing.
 * The kernel launches are the library's hottest path: core/api/host.c tail-calls them and
 * they keep every check (and its message naming the cpuacl call) on their slow path.
 */
#ifndef CPUACL_CORE_HOST_HOSTFN_H
#define CPUACL_CORE_HOST_HOSTFN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "cpuacl/cpuacl.h"

/* cpuaclLaunchKernel and cpuaclLaunchKernelArgs, arguments included. */
aclError core_host_launch_kernel(aclrtStream stream, cpuaclKernel fn, void *args);
aclError core_host_launch_kernel_args(aclrtStream stream, cpuaclKernel fn, const void *args,
                                      size_t argsSize);
/* A host function (fn not NULL) on s resolved with its tag: to the stream's
 * aclrtSubscribeHostFunc thread (CB6) or the host pool. */
aclError core_host_func_launch(struct core_stream *s, uint64_t tag, aclrtHostFunc fn, void *args,
                               const char *name);

/* The two kinds of report queue (CB6): callbacks and subscribed host functions. */
enum core_report_kind { CORE_REPORT_CB, CORE_REPORT_HOSTFN };
/* A callback (fn not NULL, block type known) on s resolved with its tag and not capturing:
 * to the stream's subscribed thread (ACL_ERROR_STREAM_NOT_SUBSCRIBE without one). */
aclError core_report_callback(struct core_stream *s, uint64_t tag, aclrtCallback fn, void *userData,
                              aclrtCallbackBlockType blockType, const char *name);
/* Subscribe thread threadId to the stream's reports of a kind, or end that subscription;
 * run what arrives for the calling thread's queue of a kind within timeout ms (-1 or > 0,
 * checked; the runtime initialised). */
aclError core_report_subscription(uint64_t threadId, aclrtStream stream,
                                  enum core_report_kind kind, bool on, const char *fn);
aclError core_report_process(int32_t timeout, enum core_report_kind kind, const char *fn);

#endif
