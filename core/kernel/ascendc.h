/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Block launches with an Ascend C block context (core/kernel/ascendc.c, docs/ascendc.md):
 * the launch a `<<<blockDim>>>` kernel (cpuaclAscendcLaunch) and a kernel binary's launch
 * (core/kernel/binary.c) become. Each block runs on a fiber of the worker that claimed it,
 * with its index, count and unified buffer set (cpuaclAscendcCurrentBlock); a block waiting
 * in SyncAll yields its worker to the launch's other blocks.
 */
#ifndef CPUACL_CORE_KERNEL_ASCENDC_H
#define CPUACL_CORE_KERNEL_ASCENDC_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl_ascendc.h"

/* Runs block idx of n of a launch; ctx is the launch's context bytes. A block fails by
 * calling cpuaclAscendcFail (which does not return) or, for a kernel binary, by returning
 * non-zero (the launch's code). */
typedef int32_t (*core_ac_block_fn)(void *ctx, uint32_t idx, uint32_t n);
/* Called once when the launch is no longer needed (may be NULL). */
typedef void (*core_ac_release_fn)(void *ctx);

/* A launch of n blocks of fn (n checked by the caller) with ctx_size bytes of context for
 * the caller to fill (*ctx); name (the kernel's, copied) appears in messages. NULL (message
 * recorded) when out of memory. */
struct core_ac_launch;
struct core_ac_launch *core_ac_prepare(uint32_t n, const char *name, core_ac_block_fn fn,
                                       core_ac_release_fn release, size_t ctx_size, void **ctx,
                                       const char *api);
/* Submit a prepared launch (freed, release called, if the submission fails). */
aclError core_ac_submit(aclrtStream stream, struct core_ac_launch *l, const char *api);
/* From inside an owned launch (a kernel binary's, binary.c: core_owned_blocks in
 * core/launch.h), run the n blocks of fn(ctx, i, n), each with its block context, on the
 * calling worker and the idle workers of its device (min(n, workers) runners claiming block
 * indices, as a submitted launch's); returns when all finished: the first failure, or 0.
 * Outside an owned launch, in order on the calling thread (a block waiting in SyncAll lets
 * the next start). */
int32_t core_ac_run_owned(uint32_t n, const char *name, core_ac_block_fn fn, void *ctx);

/* The Ascend C interface behind cpuacl/cpuacl_ascendc.h (api: the entry point's name). */
aclError core_ascendc_launch(aclrtStream stream, uint32_t blockDim, const char *kernelName,
                             cpuaclAscendcEntry entry, const void *args, size_t argsSize,
                             const char *api);
const cpuaclAscendcBlock *core_ascendc_current(void);
void core_ascendc_sync_all(void);
void core_ascendc_vfail(int32_t code, const char *fmt, va_list ap) __attribute__((noreturn));

#endif
