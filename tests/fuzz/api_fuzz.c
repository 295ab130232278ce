/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API-sequence fuzzer (issues 11, 33), libFuzzer. An input is a sequence of
 * 4-byte operations (opcode, slot, arg, arg) run by two threads at once
 * (even operations on one, odd on the other) between aclInit and
 * aclFinalize. Handles come from small shared tables that keep destroyed
 * (stale) handles, from the other device's objects (foreign), or from the
 * input bytes (garbage); sizes and flags come from the input. Families:
 * the runtime core (opcodes 0-33), shared buffers and tdt queues (34-45),
 * IPC keys (46-49), tensors of hostile geometry through aclnnAdd/aclnnCast
 * (50-51), GE graphs built and run through include/ge/cpuacl_ge.h (52).
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

#include <unistd.h>

#include "acl/acl.h"
#include "acl/acl_tdt_queue.h"
#include "acl/error_codes/rt_error_codes.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_cast.h"
#include "cpuacl/cpuacl.h"
#include "ge/cpuacl_ge.h"

#define NSLOT 4
static _Atomic(void *) g_ctx[NSLOT], g_stream[NSLOT], g_event[NSLOT], g_model[NSLOT], g_mem[NSLOT],
    g_grp[NSLOT];
static _Atomic(void *) g_buf[NSLOT];
static _Atomic uint32_t g_qid[NSLOT];
static uint64_t g_tid[2];
/* IPC keys, one table per thread (a key is a string: no cross-thread races in the
 * harness); a closed export's key stays (stale). */
#define KEYLEN 80
static char g_key[2][NSLOT][KEYLEN];

/* Codes any handle-taking call may return (documented for bad input). */
#define COMMON                                                                                     \
    ACL_SUCCESS, ACL_ERROR_INVALID_PARAM, ACL_ERROR_UNINITIALIZE, ACL_ERROR_RT_CONTEXT_NULL,       \
        ACL_ERROR_RT_INVALID_HANDLE, ACL_ERROR_RT_STREAM_CONTEXT, ACL_ERROR_RT_PARAM_INVALID,      \
        ACL_ERROR_RT_INVALID_DEVICEID
/* Codes of streams under capture (reference section 6). */
#define CAPTURE                                                                                    \
    ACL_ERROR_RT_STREAM_CAPTURED, ACL_ERROR_RT_STREAM_NOT_CAPTURED, ACL_ERROR_RT_MODEL_CAPTURED,   \
        ACL_ERROR_RT_CAPTURE_DEPENDENCY, ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,                  \
        ACL_ERROR_RT_STREAM_UNJOINED, ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED,                       \
        ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT, ACL_ERROR_STREAM_CAPTURE_CONFLICT,                   \
        ACL_ERROR_RT_EVENT_CAPTURED, ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT,                        \
        ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD, ACL_ERROR_STREAM_TASK_GROUP_STATUS,              \
        ACL_ERROR_RT_STREAM_MODEL, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,                               \
        ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC
/* Results reported by synchronisation (task failures, timeouts). */
#define SYNC                                                                                       \
    ACL_ERROR_RT_AICORE_EXCEPTION, ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,                               \
        ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, ACL_ERROR_RT_FEATURE_NOT_SUPPORT
#define OOM                                                                                        \
    ACL_ERROR_BAD_ALLOC, ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, ACL_ERROR_RT_MEMORY_ALLOCATION,         \
        ACL_ERROR_RT_NO_STREAM_RESOURCE, ACL_ERROR_RT_NO_EVENT_RESOURCE
/* Codes of queues and shared buffers (acl_tdt_queue.h, acl_rt.h). */
#define TDT                                                                                        \
    ACL_ERROR_FAILURE, ACL_ERROR_INVALID_QUEUE_ID, ACL_ERROR_RT_QUEUE_FULL,                        \
        ACL_ERROR_RT_QUEUE_EMPTY, ACL_ERROR_RT_NO_PERMISSION, ACL_ERROR_FEATURE_UNSUPPORTED
/* Codes of IPC memory (acl_rt.h). */
#define IPC                                                                                        \
    ACL_ERROR_RT_NO_PERMISSION, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, ACL_ERROR_RT_MEMORY_ALLOCATION
/* GE status codes (graph/engine.h): success, parameter, build and run failures. */
#define GE                                                                                         \
    0, 145000, 1343229962, 1343229963, 1343238149, 1343242242, 1343242248, 1343242270, 1343242279, \
        1343242281, 1343242291, 1343242295, 1343242261, 1343242245, 50331649
#define END (-1)

static int g_trace = -1; /* FUZZ_TRACE=1: print every call and its code */

static void check(const char *call, aclError rc, ...)
{
    if (g_trace < 0)
        g_trace = getenv("FUZZ_TRACE") != NULL;
    if (g_trace) {
        const char *m = rc ? aclGetRecentErrMsg() : NULL;
        fprintf(stderr, "api_fuzz: %s -> %d %s\n", call, (int)rc, m ? m : "");
    }
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

/* A queue id: from the table (live or destroyed), or a value from the input. */
static uint32_t pick_qid(uint8_t sel, uint8_t raw)
{
    return sel & 0x80 ? (uint32_t)raw * 0x01010101u >> (sel & 7) : atomic_load(&g_qid[sel % NSLOT]);
}

/* An IPC key: one this thread was given (live or closed), or forged from the input bytes x:
 * random text, a well-formed key naming another process (pid 1, the parent, a pid that does
 * not exist) or this one with a random file number and token, a real key with its token
 * changed, truncated, or not terminated within the 65 bytes. */
static const char *pick_key(char *buf, uint8_t sel, const uint8_t *x, int t)
{
    const char *k = g_key[t][sel % NSLOT];
    int pids[4] = {1, (int)getppid(), 0x3ffffff0, (int)getpid()};
    switch ((sel >> 2) % 8) {
    case 0:
    case 1:
        return k;
    case 2:
        return NULL;
    case 3:
        for (int i = 0; i < 16; i++)
            buf[i] = (char)(x[i] | 1);
        buf[x[0] % 17] = 0;
        return buf;
    case 4:
        snprintf(buf, KEYLEN, "cpuacl:%d:%d:%02x%02x%02x%02x%02x%02x%02x%02x", pids[x[1] % 4],
                 x[2] % 64, x[3], x[4], x[5], x[6], x[7], x[8], x[9], x[10]);
        return buf;
    case 5: /* a real key, token changed */
        snprintf(buf, KEYLEN, "%s", k);
        if (buf[0])
            buf[strlen(buf) - 1 - x[1] % 4] ^= (char)(x[2] & 7);
        return buf;
    case 6: /* a real key truncated */
        snprintf(buf, KEYLEN, "%s", k);
        buf[x[1] % (strlen(buf) + 1)] = 0;
        return buf;
    default: /* longer than a key: no terminator within 65 bytes */
        memset(buf, 'c', KEYLEN - 1);
        buf[KEYLEN - 1] = 0;
        memcpy(buf, k, strlen(k));
        return buf;
    }
}

static void run_tdt_op(int op, uint8_t a, uint8_t b, uint8_t c, const uint8_t *x, int t);
static void run_ipc_op(int op, uint8_t a, uint8_t b, uint8_t c, const uint8_t *x, int t);
static void run_tensor_op(uint8_t a, uint8_t b, uint8_t c, const uint8_t *x);
static void run_ge_op(uint8_t a, uint8_t b, uint8_t c, const uint8_t *x, int t);

/* New families (issue 33): opcodes 34.. ; x: the 16 input bytes after the operation (more
 * arguments, not consumed: they are the following operations too). New operations go at the
 * end (NOP grows): a seed whose opcode bytes are below NOP keeps its meaning, so the seeds'
 * opcode bytes are kept below it (the older ones were rewritten to o[0] % 34 when NOP grew
 * from 34). */
#define NOP (34 + 12 + 4 + 2 + 1)

static void run_op(const uint8_t *o, int t)
{
    uint8_t op = o[0] % NOP, a = o[1], b = o[2], c = o[3];
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
        rc =
            aclrtLaunchCallback(h_nop, NULL, (aclrtCallbackBlockType)(c % 3), pick(g_stream, a, b));
        check("aclrtLaunchCallback", rc, COMMON, CAPTURE, OOM, ACL_ERROR_STREAM_NOT_SUBSCRIBE, END);
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
    case 33:
        rc = aclrtStreamQuery(pick(g_stream, a, b), &(aclrtStreamStatus){0});
        check("aclrtStreamQuery", rc, COMMON, CAPTURE, END);
        break;
    default:
        if (op < 34 + 12)
            run_tdt_op(op - 34, a, b, c, o + 4, t);
        else if (op < 34 + 12 + 4)
            run_ipc_op(op - 34 - 12, a, b, c, o + 4, t);
        else if (op < 34 + 12 + 4 + 2)
            run_tensor_op(a, b, c, o + 4);
        else
            run_ge_op(a, b, c, o + 4, t);
        break;
    }
}

/* Shared buffers and queues: handles live, freed (stale), NULL or garbage; a buffer moved
 * into a queue stays in the table (freeing it or enqueuing it again must be refused). */
static void run_tdt_op(int op, uint8_t a, uint8_t b, uint8_t c, const uint8_t *x, int t)
{
    aclError rc;
    void *h = NULL, *p = NULL;
    size_t n = 0;
    uint32_t u = 0;
    switch (op) {
    case 0: { /* allocate: sizes 0, small, or past 4G */
        size_t sz = c & 0x80 ? ((size_t)1 << 32) + b : (size_t)b * (c & 0x7F);
        rc = c & 1 ? acltdtAllocBuf(sz, x[0] % 3, (acltdtBuf *)&h) : aclrtAllocBuf(&h, sz);
        check("acltdtAllocBuf", rc, COMMON, OOM, END);
        if (!rc)
            atomic_store(&g_buf[a % NSLOT], h);
        break;
    }
    case 1: /* free: double frees, frees of queued or chained buffers, garbage */
        h = pick(g_buf, a, b);
        rc = c & 1 ? acltdtFreeBuf(h) : aclrtFreeBuf(h);
        check("acltdtFreeBuf", rc, COMMON, TDT, END);
        break;
    case 2: /* data area: write what GetBufData says is there, then set / get the length */
        h = pick(g_buf, a, b);
        rc = acltdtGetBufData(h, c & 1 ? &p : NULL, &n);
        check("acltdtGetBufData", rc, COMMON, TDT, END);
        if (!rc && p)
            memset(p, c, n);
        rc = aclrtSetBufDataLen(h, c & 2 ? n : (size_t)x[0] * x[1]);
        check("aclrtSetBufDataLen", rc, COMMON, TDT, END);
        rc = c & 4 ? acltdtGetBufDataLen(h, &n) : aclrtGetBufDataLen(h, c & 8 ? NULL : &n);
        check("acltdtGetBufDataLen", rc, COMMON, TDT, END);
        break;
    case 3: /* another reference to the same data */
        rc = c & 1 ? acltdtCopyBufRef(pick(g_buf, a, b), (acltdtBuf *)&h)
                   : aclrtCopyBufRef(pick(g_buf, a, b), c & 2 ? NULL : &h);
        check("acltdtCopyBufRef", rc, COMMON, OOM, TDT, END);
        if (!rc)
            atomic_store(&g_buf[c % NSLOT], h);
        break;
    case 4: { /* user data: sizes and offsets from the input */
        uint8_t ud[128];
        size_t sz = x[0] % 130, off = x[1] & 0x80 ? SIZE_MAX - x[1] : x[1] % 80;
        h = pick(g_buf, a, b);
        rc = c & 1 ? acltdtSetBufUserData(h, c & 2 ? NULL : ud, sz, off)
                   : aclrtGetBufUserData(h, c & 2 ? NULL : ud, sz > sizeof(ud) ? sizeof(ud) : sz,
                                         off);
        check("acltdtBufUserData", rc, COMMON, TDT, END);
        break;
    }
    case 5: /* chains: append (to itself, twice, freed), count, index */
        rc = c & 1 ? acltdtAppendBufChain(pick(g_buf, a, x[0]), pick(g_buf, b, x[1]))
                   : aclrtAppendBufChain(pick(g_buf, a, x[0]), pick(g_buf, b, x[1]));
        check("acltdtAppendBufChain", rc, COMMON, TDT, END);
        rc = acltdtGetBufChainNum(pick(g_buf, a, x[0]), c & 2 ? NULL : &u);
        check("acltdtGetBufChainNum", rc, COMMON, TDT, END);
        rc = aclrtGetBufFromChain(pick(g_buf, a, x[0]), c & 4 ? u : x[2], &h);
        check("aclrtGetBufFromChain", rc, COMMON, TDT, END);
        break;
    case 6: { /* create: NULL attributes or a depth from the input */
        acltdtQueueAttr *qa = c & 1 ? acltdtCreateQueueAttr() : NULL;
        uint32_t depth = x[0] & 0x80 ? UINT32_MAX - x[0] : x[0] % 9;
        if (qa)
            check("acltdtSetQueueAttr",
                  acltdtSetQueueAttr(qa, ACL_TDT_QUEUE_DEPTH_UINT32, c & 2 ? 2 : sizeof(depth),
                                     &depth),
                  COMMON, END);
        rc = acltdtCreateQueue(qa, &u);
        check("acltdtCreateQueue", rc, COMMON, OOM, TDT, END);
        if (!rc)
            atomic_store(&g_qid[a % NSLOT], u);
        if (qa)
            check("acltdtDestroyQueueAttr", acltdtDestroyQueueAttr(qa), COMMON, END);
        break;
    }
    case 7:
        check("acltdtDestroyQueue", acltdtDestroyQueue(pick_qid(a, b)), COMMON, TDT, END);
        break;
    case 8: /* enqueue a buffer: live, freed, queued already, garbage; short timeouts */
        rc = acltdtEnqueue(pick_qid(a, x[0]), pick(g_buf, b, x[1]), c % 4 == 3 ? 0 : c % 4);
        check("acltdtEnqueue", rc, COMMON, TDT, END);
        break;
    case 9:
        rc = acltdtDequeue(pick_qid(a, x[0]), c & 0x80 ? NULL : (acltdtBuf *)&h, c % 4);
        check("acltdtDequeue", rc, COMMON, TDT, END);
        if (!rc)
            atomic_store(&g_buf[b % NSLOT], h);
        break;
    case 10: { /* copy in: sizes up to past the host buffer's end are clipped by the harness */
        size_t sz = (size_t)b * 16, usz = x[0] % 80;
        rc = acltdtEnqueueData(pick_qid(a, x[1]), c & 0x80 ? NULL : g_host[t], sz,
                               c & 0x40 ? NULL : g_host[t] + 2048, usz, c % 3, x[2] & 1);
        check("acltdtEnqueueData", rc, COMMON, TDT, END);
        break;
    }
    default: { /* copy out into buffers of the input's sizes */
        size_t sz = (size_t)b * 16, usz = x[0] % 80;
        rc = acltdtDequeueData(pick_qid(a, x[1]), c & 0x80 ? NULL : g_host[t], sz,
                               c & 0x40 ? NULL : &n, g_host[t] + 2048, usz, c % 3);
        check("acltdtDequeueData", rc, COMMON, TDT, END);
        break;
    }
    }
}

/* A dimension, stride or offset from one byte: 0, small, negative, or near the int64 limits. */
static int64_t geo(uint8_t u)
{
    switch (u >> 5) {
    case 0:
        return u & 3;
    case 1:
    case 6:
    case 7:
        return 1 + (u & 7);
    case 2:
        return -(int64_t)(u & 7) - 1;
    case 3:
        return INT64_MAX - (u & 7);
    case 4:
        return (int64_t)1 << (31 + (u & 15));
    default:
        return INT64_MIN + (u & 7);
    }
}

struct geom {
    int64_t dims[4], strides[4], sdims[1], off;
    uint64_t nd, nsd;
    aclDataType dt;
    bool nostride;
};

/* Geometry from 12 input bytes: rank, view dims, strides (or none), offset, storage dims
 * (none, one from the input, or the extent the view needs), data type (or an unknown one). */
static void geom_from(struct geom *g, const uint8_t *x)
{
    static const aclDataType dts[6] = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32,
                                       ACL_INT8,  ACL_DOUBLE,  (aclDataType)99};
    g->nd = (x[0] & 0x7F) % 5;
    for (int k = 0; k < 4; k++) {
        g->dims[k] = geo(x[1 + k]);
        g->strides[k] = geo(x[5 + k]);
    }
    g->off = x[9] & 0x80 ? geo(x[9]) : x[9] & 7;
    g->nsd = x[10] % 3 ? 1 : 0;
    g->sdims[0] = x[10] % 3 == 1 ? geo(x[11]) : 0;
    g->dt = dts[x[11] % 6];
    g->nostride = x[0] & 0x80;
}

/* Element size of the fuzzed data types (0: unknown). */
static int64_t esize(aclDataType dt)
{
    return dt == ACL_DOUBLE                     ? 8
           : dt == ACL_FLOAT || dt == ACL_INT32 ? 4
           : dt == ACL_FLOAT16                  ? 2
           : dt == ACL_INT8                     ? 1
                                                : 0;
}

/* Bytes [lo, hi) of the data the view reaches, computed without overflow; false if the view
 * does not fit [0, max) (or is empty: nothing to run). */
static bool geom_fits(const struct geom *g, int64_t max)
{
    __int128 lo = g->off, hi = g->off, st = 1;
    for (int k = (int)g->nd - 1; k >= 0; k--) {
        if (g->dims[k] <= 0)
            return false;
        __int128 s = g->nostride ? st : g->strides[k], span = s * (g->dims[k] - 1);
        if (span < 0)
            lo += span;
        else
            hi += span;
        st *= g->dims[k];
        if (st > max)
            return false;
    }
    __int128 es = esize(g->dt);
    return es > 0 && lo >= 0 && (hi + 1) * es <= max;
}

static aclTensor *geom_tensor(struct geom *g, void *data)
{
    if (g->nsd == 1 && g->sdims[0] == 0) /* the extent the view needs, when it fits */
        g->sdims[0] = geom_fits(g, 1 << 16) ? (1 << 16) / esize(g->dt) : 1;
    return aclCreateTensor(g->dims, g->nd, g->dt, g->nostride ? NULL : g->strides, g->off,
                           ACL_FORMAT_ND, g->sdims, g->nsd, data);
}

/* Tensors of hostile geometry through an operator's two phases: aclnnAdd (self, a one-element
 * other, out of self's shape, contiguous, or of a second geometry) or aclnnCast. Phase 1's
 * result is checked; when it succeeds, needs at most 64 KiB of workspace and both views fit
 * 64 KiB buffers, the operator runs on fresh device buffers and the stream is synchronized.
 * An executor that is not launched is destroyed. */
static void run_tensor_op(uint8_t a, uint8_t b, uint8_t c, const uint8_t *x)
{
    enum { BUF = 1 << 16 };
    struct geom gs, go;
    uint8_t y[12];
    geom_from(&gs, x);
    for (int i = 0; i < 12; i++) /* the out geometry: self's dims, other strides */
        y[i] = i >= 1 && i <= 4 && !(c & 0x40) ? x[i] : (uint8_t)(x[i] ^ b);
    y[0] = c & 0x40 ? b : (uint8_t)(x[0] | 0x80); /* self's rank, contiguous */
    y[11] = c & 0x20 ? (uint8_t)(a % 6) : x[11];
    geom_from(&go, y);
    void *ds = NULL, *dout = NULL, *dother = NULL, *ws = NULL;
    bool run = c & 1 && geom_fits(&gs, BUF) && geom_fits(&go, BUF);
    if (run && (aclrtMalloc(&ds, BUF, ACL_MEM_MALLOC_HUGE_FIRST) ||
                aclrtMalloc(&dout, BUF, ACL_MEM_MALLOC_HUGE_FIRST) ||
                aclrtMalloc(&dother, 64, ACL_MEM_MALLOC_HUGE_FIRST)))
        run = false;
    if (run) {
        /* CAPTURE: the other half may hold a global capture, which refuses this
         * thread's synchronous calls (as for the memset of run_op) */
        check("aclrtMemset", aclrtMemset(ds, BUF, a, BUF), COMMON, CAPTURE, END);
        check("aclrtMemset", aclrtMemset(dother, 64, b, 64), COMMON, CAPTURE, END);
    }
    aclTensor *self = geom_tensor(&gs, ds), *out = geom_tensor(&go, dout);
    int64_t one = 1;
    aclTensor *other = aclCreateTensor(&one, 1, gs.dt == (aclDataType)99 ? ACL_FLOAT : gs.dt, NULL,
                                       0, ACL_FORMAT_ND, &one, 1, dother);
    float alpha_v = (float)(int8_t)a;
    aclScalar *alpha = aclCreateScalar(&alpha_v, ACL_FLOAT);
    uint64_t wsz = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st = b & 1 ? aclnnCastGetWorkspaceSize(self, go.dt, out, &wsz, &ex)
                           : aclnnAddGetWorkspaceSize(self, other, alpha, out, &wsz, &ex);
    check(b & 1 ? "aclnnCastGetWorkspaceSize" : "aclnnAddGetWorkspaceSize", st, ACLNN_SUCCESS,
          ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID, ACLNN_ERR_INNER_CREATE_EXECUTOR, END);
    if (!st && run && wsz <= BUF &&
        (wsz == 0 || !aclrtMalloc(&ws, wsz, ACL_MEM_MALLOC_HUGE_FIRST))) {
        aclrtStream s = NULL;
        if (!aclrtCreateStream(&s)) {
            st = b & 1 ? aclnnCast(ws, wsz, ex, s) : aclnnAdd(ws, wsz, ex, s);
            check("aclnnAdd/Cast", st, ACLNN_SUCCESS, ACLNN_ERR_RUNTIME_ERROR, END);
            ex = NULL; /* consumed by the launch, whatever its result */
            check("aclrtSynchronizeStream", aclrtSynchronizeStream(s), COMMON, CAPTURE, SYNC, END);
            check("aclrtDestroyStream", aclrtDestroyStream(s), COMMON, CAPTURE, END);
        }
    }
    if (!st && ex)
        check("aclDestroyAclOpExecutor", aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS, END);
    aclDestroyTensor(self);
    aclDestroyTensor(out);
    aclDestroyTensor(other);
    aclDestroyScalar(alpha);
    aclrtFree(ws);
    aclrtFree(ds);
    aclrtFree(dout);
    aclrtFree(dother);
}

/* GE: one session per input, made by the first graph operation (GE initialized with it),
 * destroyed before aclFinalize. */
static pthread_mutex_t g_ge_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t g_ge_sess;
static uint32_t g_ge_id[2];

static uint64_t ge_session(void)
{
    pthread_mutex_lock(&g_ge_lock);
    if (!g_ge_sess) {
        check("cpuaclGeInitialize", cpuaclGeInitialize(NULL, NULL, 0), GE, END);
        check("cpuaclGeSessionCreate", cpuaclGeSessionCreate(NULL, NULL, 0, &g_ge_sess), GE, END);
    }
    uint64_t s = g_ge_sess;
    pthread_mutex_unlock(&g_ge_lock);
    return s;
}

static void ge_end(void)
{
    if (!g_ge_sess)
        return;
    check("cpuaclGeSessionDestroy", cpuaclGeSessionDestroy(g_ge_sess), GE, END);
    check("cpuaclGeFinalize", cpuaclGeFinalize(), GE, END);
    g_ge_sess = 0;
}

static cpuaclGeTensor ge_desc(const struct geom *g, void *data, uint64_t size)
{
    cpuaclGeTensor d = {.dtype = g->dt, .format = 2, .placement = 1, .data = data, .size = size};
    d.ndim = g->nostride && g->nd == 0 ? -1 : (int32_t)g->nd; /* -1: unknown rank */
    memcpy(d.dims, g->dims, sizeof(g->dims));
    return d;
}

/* GE: Data x (shape and type from the input: zero, negative, huge dims, an unknown type or
 * rank) -> one operator (Relu, Sigmoid, Abs, Cast with a dst_type attribute of any kind and
 * value, Add/Mul of x with itself, an unknown type) -> output. Added, built; when the build
 * succeeds and both sides fit 64 KiB, run on a stream with run descriptions that match or
 * not (another shape from the input), synchronized. Removed, or left for the session's
 * destroy. */
static void run_ge_op(uint8_t a, uint8_t b, uint8_t c, const uint8_t *x, int t)
{
    static const char *const types[] = {"Relu", "Sigmoid", "Abs", "Cast", "Add", "Mul", "NoSuchOp"};
    enum { BUF = 1 << 16 };
    uint64_t sess = ge_session();
    struct geom gx, gr;
    geom_from(&gx, x);
    uint8_t y[12];
    for (int i = 0; i < 12; i++)
        y[i] = c & 0x40 ? (uint8_t)(x[i] ^ b) : x[i];
    geom_from(&gr, y);
    const char *type = types[a % 7];
    cpuaclGeGraph *g = cpuaclGeGraphCreate(type);
    if (!g)
        return;
    int32_t nx = cpuaclGeGraphAddNode(g, "Data", "x");
    int32_t ny = cpuaclGeGraphAddNode(g, type, "y");
    cpuaclGeTensor dx = ge_desc(&gx, NULL, 0);
    if (nx >= 0)
        check("cpuaclGeGraphSetDesc", cpuaclGeGraphSetDesc(g, nx, 0, "x", &dx), GE, END);
    if (ny >= 0) {
        bool two = a % 7 == 4 || a % 7 == 5;
        check("cpuaclGeGraphSetInput", cpuaclGeGraphSetInput(g, ny, two ? "x1" : "x", nx, NULL, 0),
              GE, END);
        if (two)
            check("cpuaclGeGraphSetInput",
                  cpuaclGeGraphSetInput(g, ny, "x2", nx, NULL, b & 0x80 ? 1 : 0), GE, END);
        if (a % 7 == 3 || b & 0x20) {
            cpuaclGeAttrValue v = {.kind = b & 0x20 ? 1 + (b >> 2) % 8 : CPUACL_GE_ATTR_INT,
                                   .i = b & 0x10 ? geo(x[12]) : x[12] % 12,
                                   .f = (double)geo(x[13])};
            check("cpuaclGeGraphSetAttr", cpuaclGeGraphSetAttr(g, ny, "dst_type", &v), GE, END);
        }
    }
    check("cpuaclGeGraphSetInputs", cpuaclGeGraphSetInputs(g, &nx, 1), GE, END);
    int32_t zero = 0;
    check("cpuaclGeGraphSetOutputs", cpuaclGeGraphSetOutputs(g, &ny, &zero, 1), GE, END);
    uint32_t id = (uint32_t)t << 24 | ++g_ge_id[t];
    check("cpuaclGeSessionAddGraph", cpuaclGeSessionAddGraph(sess, id, g, NULL, NULL, 0), GE, END);
    uint32_t rc = cpuaclGeSessionBuildGraph(sess, id, NULL, 0);
    check("cpuaclGeSessionBuildGraph", rc, GE, END);
    cpuaclGeTensor out;
    size_t n = 1;
    if (!rc && c & 1 && geom_fits(&gx, BUF) && !cpuaclGeSessionGetOutputs(sess, id, &out, &n) &&
        n == 1 && out.size <= BUF) {
        void *din = NULL, *dout = NULL;
        aclrtStream s = NULL;
        if (!aclrtMalloc(&din, BUF, ACL_MEM_MALLOC_HUGE_FIRST) &&
            !aclrtMalloc(&dout, BUF, ACL_MEM_MALLOC_HUGE_FIRST) && !aclrtCreateStream(&s)) {
            check("aclrtMemset", aclrtMemset(din, BUF, a, BUF), COMMON, CAPTURE, END);
            /* run descriptions: the built shape, or another one from the input */
            cpuaclGeTensor in = ge_desc(c & 0x40 ? &gr : &gx, din, c & 2 ? BUF : out.size);
            out.data = dout;
            out.placement = 1;
            out.size = c & 4 ? BUF : out.size;
            rc = cpuaclGeSessionRunAsync(sess, id, s, &in, 1, &out, 1);
            check("cpuaclGeSessionRunAsync", rc, GE, END);
            check("aclrtSynchronizeStream", aclrtSynchronizeStream(s), COMMON, SYNC, END);
        }
        if (s)
            check("aclrtDestroyStream", aclrtDestroyStream(s), COMMON, END);
        aclrtFree(din);
        aclrtFree(dout);
    }
    if (c & 8)
        check("cpuaclGeSessionRemoveGraph", cpuaclGeSessionRemoveGraph(sess, id), GE, END);
}

/* IPC memory keys: export device memory (whole, interior, freed, host), then close, set pid
 * white lists, import with real and forged keys. An import in the exporting process is
 * refused, so a key never imports successfully here: the fuzzer checks the refusals. */
static void run_ipc_op(int op, uint8_t a, uint8_t b, uint8_t c, const uint8_t *x, int t)
{
    aclError rc;
    char kb[KEYLEN];
    switch (op) {
    case 0: {
        char *k = g_key[t][c % NSLOT], tmp[KEYLEN];
        size_t len = x[0] % 8 ? 65 : x[0] % KEYLEN; /* 65, or 0..79 */
        rc = aclrtIpcMemGetExportKey(pick_ptr(a, b, t), (size_t)x[1] * 4096 + (x[2] & 0x3F), tmp,
                                     len, x[3] % 3);
        check("aclrtIpcMemGetExportKey", rc, COMMON, IPC, OOM, END);
        if (!rc)
            snprintf(k, KEYLEN, "%s", tmp);
        break;
    }
    case 1: {
        int32_t pids[4] = {(int32_t)getpid(), (int32_t)getppid(),
                           (int32_t)((uint32_t)x[0] << 24 | x[1]), x[2] & 1 ? -1 : 0};
        rc = aclrtIpcMemSetImportPid(pick_key(kb, a, x, t), b & 1 ? NULL : pids,
                                     b & 2 ? (size_t)c * 2 : (size_t)(c % 5));
        check("aclrtIpcMemSetImportPid", rc, COMMON, IPC, END);
        break;
    }
    case 2: {
        void *p = NULL;
        const char *k = pick_key(kb, a, x, t);
        rc = aclrtIpcMemImportByKey(c & 0x80 ? NULL : &p, k, b % 3);
        check("aclrtIpcMemImportByKey", rc, COMMON, IPC, END);
        if (!rc) /* cannot happen in the exporting process: still, give it back */
            check("aclrtIpcMemClose", aclrtIpcMemClose(k), COMMON, IPC, END);
        break;
    }
    default:
        check("aclrtIpcMemClose", aclrtIpcMemClose(pick_key(kb, a, x, t)), COMMON, IPC, END);
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
    /* at most 64 operations: keeps each input quick; zero padding behind them, since an
     * operation of the new families reads 16 more bytes as arguments */
    static uint8_t in[4 * 64 + 16];
    if (size > 4 * 64)
        size = 4 * 64;
    memset(in, 0, sizeof(in));
    memcpy(in, data, size);
    data = in;
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
        atomic_store(&g_buf[i], NULL);
        atomic_store(&g_qid[i], 0);
        for (int t = 0; t < 2; t++)
            g_key[t][i][0] = 0;
    }
    g_ge_id[0] = g_ge_id[1] = 0;
    atomic_store(&g_done, 0);
    atomic_store(&g_started, 0);
    struct half h0 = {data, size, 0}, h1 = {data, size, 1};
    pthread_t t1;
    if (pthread_create(&t1, NULL, half_main, &h1) != 0)
        abort();
    half_main(&h0);
    pthread_join(t1, NULL);
    ge_end();
    if (aclFinalize() != ACL_SUCCESS)
        abort();
    return 0;
}
