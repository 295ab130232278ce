/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API-sequence fuzzer (issue 11), libFuzzer. An input is a sequence of
 * 4-byte operations (opcode, slot, arg, arg) run by two threads at once
 * (even operations on one, odd on the other) between aclInit and
 * aclFinalize. Handles come from small shared tables that keep destroyed
 * (stale) handles, from the other device's objects (foreign), or from the
 * input bytes (garbage); sizes and flags come from the input.
 *
 * Invariants: no crash, hang (libFuzzer -timeout) or leak (-detect_leaks
 * per input: finalize frees everything); every return code is one the
 * reference documents for the call (the lists below: success, the
 * argument / handle / context / state codes of acl_api.md); a code outside
 * its list aborts with the call and code named.
 */
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "acl/error_codes/rt_error_codes.h"
#include "cpuacl/cpuacl.h"

#define NSLOT 4
static _Atomic(void *) g_ctx[NSLOT], g_stream[NSLOT], g_event[NSLOT], g_model[NSLOT],
    g_mem[NSLOT], g_grp[NSLOT];
static uint64_t g_tid[2];

/* Codes any handle-taking call may return (documented for bad input). */
#define COMMON ACL_SUCCESS, ACL_ERROR_INVALID_PARAM, ACL_ERROR_UNINITIALIZE, \
               ACL_ERROR_RT_CONTEXT_NULL, ACL_ERROR_RT_INVALID_HANDLE, \
               ACL_ERROR_RT_STREAM_CONTEXT, ACL_ERROR_RT_PARAM_INVALID, \
               ACL_ERROR_RT_INVALID_DEVICEID
/* Codes of streams under capture (reference section 6). */
#define CAPTURE ACL_ERROR_RT_STREAM_CAPTURED, ACL_ERROR_RT_STREAM_NOT_CAPTURED, \
                ACL_ERROR_RT_MODEL_CAPTURED, ACL_ERROR_RT_CAPTURE_DEPENDENCY, \
                ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, ACL_ERROR_RT_STREAM_UNJOINED, \
                ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED, ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT, \
                ACL_ERROR_STREAM_CAPTURE_CONFLICT, ACL_ERROR_RT_EVENT_CAPTURED, \
                ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT, ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD, \
                ACL_ERROR_STREAM_TASK_GROUP_STATUS, ACL_ERROR_RT_STREAM_MODEL, \
                ACL_ERROR_RT_FEATURE_NOT_SUPPORT, ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC
/* Results reported by synchronisation (task failures, timeouts). */
#define SYNC ACL_ERROR_RT_AICORE_EXCEPTION, ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, \
             ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, ACL_ERROR_RT_FEATURE_NOT_SUPPORT
#define OOM ACL_ERROR_BAD_ALLOC, ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, ACL_ERROR_RT_MEMORY_ALLOCATION, \
            ACL_ERROR_RT_NO_STREAM_RESOURCE, ACL_ERROR_RT_NO_EVENT_RESOURCE
#define END (-1)

static void check(const char *call, aclError rc, ...)
{
    va_list ap;
    va_start(ap, rc);
    for (int c = va_arg(ap, int); c != END; c = va_arg(ap, int))
        if ((int)rc == c) {
            va_end(ap);
            return;
        }
    va_end(ap);
    const char *m = aclGetRecentErrMsg();
    fprintf(stderr, "api_fuzz: %s returned undocumented %d (%s)\n", call, (int)rc, m ? m : "");
    abort();
}

static int32_t k_ok(void *a)
{
    (void)a;
    return 0;
}

static int32_t k_fail(void *a)
{
    (void)a;
    return 3;
}

static void h_nop(void *a)
{
    (void)a;
}

/* A handle: from the table (live or stale), NULL, or garbage from the input. */
static void *pick(_Atomic(void *) *tab, uint8_t sel, uint8_t raw)
{
    switch (sel >> 6) {
    case 0:
    case 1:
        return atomic_load(&tab[sel % NSLOT]);
    case 2:
        return NULL;
    default: /* garbage: a plausible tag with random bits, or a small integer */
        return (void *)(uintptr_t)(raw & 1 ? ((uint64_t)(0xC0 | (raw >> 4)) << 56) |
                                                 ((uint64_t)raw << 24) | (raw & 7)
                                           : raw);
    }
}

static char g_host[2][4096];

static void *pick_ptr(uint8_t sel, uint8_t off, int t)
{
    if (sel & 0x80)
        return g_host[t] + (off & 0x3F) * 8;
    char *d = atomic_load(&g_mem[sel % NSLOT]);
    if (!d)
        return g_host[t];
    return d + (sel & 0x40 ? off * 64 : 0); /* interior or past the end */
}

static void run_op(const uint8_t *o, int t)
{
    uint8_t op = o[0] % 34, a = o[1], b = o[2], c = o[3];
    aclError rc;
    void *h = NULL;
    switch (op) {
    case 0:
        check("aclrtSetDevice", aclrtSetDevice(a % 3), COMMON, OOM, END);
        break;
    case 1:
        check("aclrtResetDevice", aclrtResetDevice(a % 3), COMMON, END);
        break;
    case 2:
        check("aclrtResetDeviceForce", aclrtResetDeviceForce(a % 3), COMMON, END);
        break;
    case 3:
        rc = aclrtCreateContext(&h, b % 3);
        check("aclrtCreateContext", rc, COMMON, OOM, END);
        if (!rc)
            atomic_store(&g_ctx[a % NSLOT], h);
        break;
    case 4:
        check("aclrtDestroyContext", aclrtDestroyContext(pick(g_ctx, a, b)), COMMON, END);
        break;
    case 5:
        check("aclrtSetCurrentContext", aclrtSetCurrentContext(pick(g_ctx, a, b)), COMMON, END);
        break;
    case 6:
        rc = aclrtCreateStreamWithConfig(&h, b, c);
        check("aclrtCreateStream", rc, COMMON, OOM, END);
        if (!rc)
            atomic_store(&g_stream[a % NSLOT], h);
        break;
    case 7:
    case 8:
        h = pick(g_stream, a, b);
        rc = op == 7 ? aclrtDestroyStream(h) : aclrtDestroyStreamForce(h);
        check("aclrtDestroyStream", rc, COMMON, CAPTURE, END);
        break;
    case 9:
        rc = cpuaclLaunchKernel(pick(g_stream, a, b), c & 1 ? k_fail : k_ok, NULL);
        check("cpuaclLaunchKernel", rc, COMMON, CAPTURE, OOM, END);
        break;
    case 10:
        rc = aclrtLaunchHostFunc(pick(g_stream, a, b), c & 1 ? h_nop : NULL, NULL);
        check("aclrtLaunchHostFunc", rc, COMMON, CAPTURE, OOM, END);
        break;
    case 11:
        h = pick(g_stream, a, b);
        rc = c & 1 ? aclrtSynchronizeStream(h)
                   : aclrtSynchronizeStreamWithTimeout(h, (int32_t)(int8_t)c);
        check("aclrtSynchronizeStream", rc, COMMON, CAPTURE, SYNC, END);
        break;
    case 12:
        rc = c & 1 ? aclrtCreateEvent(&h) : aclrtCreateEventWithFlag(&h, b);
        check("aclrtCreateEvent", rc, COMMON, OOM, END);
        if (!rc)
            atomic_store(&g_event[a % NSLOT], h);
        break;
    case 13:
        rc = aclrtRecordEvent(pick(g_event, a, c), pick(g_stream, b, c));
        check("aclrtRecordEvent", rc, COMMON, CAPTURE, OOM, END);
        break;
    case 14:
        rc = c & 1 ? aclrtStreamWaitEvent(pick(g_stream, b, c), pick(g_event, a, c))
                   : aclrtStreamWaitEventWithTimeout(pick(g_stream, b, c), pick(g_event, a, c),
                                                     (int32_t)(c >> 1));
        check("aclrtStreamWaitEvent", rc, COMMON, CAPTURE, OOM, END);
        break;
    case 15: {
        aclrtEventRecordedStatus st;
        h = pick(g_event, a, b);
        rc = c & 1 ? aclrtSynchronizeEventWithTimeout(h, 20) : aclrtQueryEventStatus(h, &st);
        check("aclrtSynchronizeEvent", rc, COMMON, CAPTURE, SYNC, END);
        break;
    }
    case 16:
        check("aclrtDestroyEvent", aclrtDestroyEvent(pick(g_event, a, b)), COMMON, END);
        break;
    case 17:
        rc = aclrtMalloc(&h, (size_t)b * 64 + c, (aclrtMemMallocPolicy)(c % 4));
        check("aclrtMalloc", rc, COMMON, OOM, END);
        if (!rc)
            atomic_store(&g_mem[a % NSLOT], h);
        break;
    case 18:
        check("aclrtFree", aclrtFree(pick_ptr(a, b, t)), COMMON, ACL_ERROR_RT_MEMORY_FREE, END);
        break;
    case 19:
    case 20: {
        void *dst = pick_ptr(a, c, t), *src = pick_ptr(b, c, t);
        size_t n = (size_t)(c & 0x3F) * 8;
        size_t dmax = (a & 0x80) ? sizeof(g_host[t]) - (size_t)(c & 0x3F) * 8 : n + (a & 3);
        if ((a & 0x80) && n > dmax)
            n = dmax;
        if ((b & 0x80) && n > sizeof(g_host[t]) - (size_t)(c & 0x3F) * 8)
            n = 0;
        aclrtMemcpyKind kind = (aclrtMemcpyKind)((a ^ b) % 8);
        rc = op == 19 ? aclrtMemcpy(dst, dmax, src, n, kind)
                      : aclrtMemcpyAsync(dst, dmax, src, n, kind, pick(g_stream, c, a));
        check("aclrtMemcpy", rc, COMMON, CAPTURE, SYNC, ACL_ERROR_RT_ADDR_UNALIGNED, END);
        break;
    }
    case 21: {
        void *dst = pick_ptr(a, c, t);
        size_t max = (a & 0x80) ? sizeof(g_host[t]) - (size_t)(c & 0x3F) * 8 : (size_t)b * 4;
        rc = aclrtMemset(dst, max, b, max < 256 ? max : 256);
        check("aclrtMemset", rc, COMMON, CAPTURE, END);
        break;
    }
    case 22:
        rc = aclmdlRICaptureBegin(pick(g_stream, a, b), (aclmdlRICaptureMode)(c % 4));
        check("aclmdlRICaptureBegin", rc, COMMON, CAPTURE, OOM, END);
        break;
    case 23:
        rc = aclmdlRICaptureEnd(pick(g_stream, a, b), (aclmdlRI *)&h);
        check("aclmdlRICaptureEnd", rc, COMMON, CAPTURE, OOM, END);
        if (!rc)
            atomic_store(&g_model[c % NSLOT], h);
        break;
    case 24:
        rc = aclmdlRIExecuteAsync(pick(g_model, a, c), pick(g_stream, b, c));
        check("aclmdlRIExecuteAsync", rc, COMMON, CAPTURE, ACL_ERROR_RT_MODEL_EXECUTE,
              ACL_ERROR_RT_MODEL_CONTEXT, END);
        break;
    case 25:
        rc = aclmdlRIDestroy(pick(g_model, a, b));
        check("aclmdlRIDestroy", rc, COMMON, CAPTURE, ACL_ERROR_RT_MODEL_RUNNING, END);
        break;
    case 26:
        rc = aclrtSubscribeReport(g_tid[c & 1], pick(g_stream, a, b));
        check("aclrtSubscribeReport", rc, COMMON, OOM, ACL_ERROR_REPEAT_SUBSCRIBE, END);
        break;
    case 27:
        rc = aclrtLaunchCallback(h_nop, NULL, (aclrtCallbackBlockType)(c % 3),
                                 pick(g_stream, a, b));
        check("aclrtLaunchCallback", rc, COMMON, CAPTURE, OOM, ACL_ERROR_STREAM_NOT_SUBSCRIBE,
              END);
        break;
    case 28:
        rc = aclrtProcessReport(c & 1 ? 1 : (int32_t)(int8_t)c);
        check("aclrtProcessReport", rc, COMMON, ACL_ERROR_THREAD_NOT_SUBSCRIBE,
              ACL_ERROR_WAIT_CALLBACK_TIMEOUT, END);
        break;
    case 29:
        rc = aclrtSynchronizeDeviceWithTimeout(c & 1 ? 50 : (int32_t)(int8_t)c);
        check("aclrtSynchronizeDevice", rc, COMMON, CAPTURE, SYNC, OOM, END);
        break;
    case 30:
        rc = aclrtSetStreamFailureMode(pick(g_stream, a, b), c % 3);
        check("aclrtSetStreamFailureMode", rc, COMMON, END);
        break;
    case 31:
        rc = c & 1 ? aclmdlRICaptureTaskGrpBegin(pick(g_stream, a, b))
                   : aclmdlRICaptureTaskGrpEnd(pick(g_stream, a, b), (aclrtTaskGrp *)&h);
        check("aclmdlRICaptureTaskGrp", rc, COMMON, CAPTURE, OOM,
              ACL_ERROR_STREAM_TASK_GROUP_STATUS, END);
        if (!rc && h)
            atomic_store(&g_grp[b % NSLOT], h);
        break;
    case 32:
        rc = c & 1 ? aclmdlRICaptureTaskUpdateBegin(pick(g_stream, a, b), pick(g_grp, b, c))
                   : aclmdlRICaptureTaskUpdateEnd(pick(g_stream, a, b));
        check("aclmdlRICaptureTaskUpdate", rc, COMMON, CAPTURE, OOM,
              ACL_ERROR_RT_MODEL_UPDATE_FAILED, END);
        break;
    default:
        rc = aclrtStreamQuery(pick(g_stream, a, b), &(aclrtStreamStatus){0});
        check("aclrtStreamQuery", rc, COMMON, CAPTURE, END);
        break;
    }
}

struct half {
    const uint8_t *d;
    size_t n;
    int t;
};

static _Atomic int g_done, g_started;

static void *half_main(void *arg)
{
    struct half *hf = arg;
    g_tid[hf->t] = (uint64_t)pthread_self();
    /* Neither thread runs an operation before both published their ids: a
     * subscription for "thread 1" made before thread 1 had started used the
     * id of the previous input's thread 1, which no thread processes, and a
     * blocking callback for it hung a synchronisation (the program's hang,
     * not the runtime's: tests/fuzz/corpus/regress-timing-hang-report-thread,
     * docs/reliability.md). */
    atomic_fetch_add(&g_started, 1);
    while (atomic_load(&g_started) < 2)
        sched_yield();
    check("aclrtSetDevice", aclrtSetDevice(0), COMMON, END);
    for (size_t i = (size_t)hf->t * 4; i + 4 <= hf->n; i += 8)
        run_op(hf->d + i, hf->t);
    /* A well-behaved report thread keeps processing until the program is
     * done: a blocking callback subscribed to this thread may still hold up
     * a stream the other thread synchronises (on an NPU that program would
     * hang too; the fuzzer looks for the runtime's hangs, not the program's). */
    atomic_fetch_add(&g_done, 1);
    while (atomic_load(&g_done) < 2)
        (void)aclrtProcessReport(1);
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4 * 64) /* at most 64 operations: keeps each input quick */
        size = 4 * 64;
    setenv("CPUACL_WORKERS", "2", 0);
    setenv("CPUACL_DEVICE_MEMORY_MB", "16", 0);
    if (aclInit(NULL) != ACL_SUCCESS)
        abort();
    for (int i = 0; i < NSLOT; i++) {
        atomic_store(&g_ctx[i], NULL);
        atomic_store(&g_stream[i], NULL);
        atomic_store(&g_event[i], NULL);
        atomic_store(&g_model[i], NULL);
        atomic_store(&g_mem[i], NULL);
        atomic_store(&g_grp[i], NULL);
    }
    atomic_store(&g_done, 0);
    atomic_store(&g_started, 0);
    struct half h0 = {data, size, 0}, h1 = {data, size, 1};
    pthread_t t1;
    if (pthread_create(&t1, NULL, half_main, &h1) != 0)
        abort();
    half_main(&h0);
    pthread_join(t1, NULL);
    if (aclFinalize() != ACL_SUCCESS)
        abort();
    return 0;
}
