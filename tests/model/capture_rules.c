/* SPDX-License-Identifier: Apache-2.0 */
/* Capture rules (reference 6.1-6.4): each refused call, its exact code, and the state after. */
#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cpuacl/cpuacl.h"
#include "softcheck.h"
#include "isolate.h"
#include "testutil.h"
#include "capture.h"

static aclrtContext g_ctx;

/* The stream is out of capture and runs work eagerly. */
static void expect_normal(aclrtStream s, int line)
{
    aclmdlRICaptureStatus st = ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
    aclmdlRI m = BAD_RI;
    aclError rc = aclmdlRICaptureGetInfo(s, &st, &m);
    if (rc != ACL_SUCCESS || st != ACL_MODEL_RI_CAPTURE_STATUS_NONE || m != NULL) {
        fprintf(stderr, "line %d: stream still in capture (rc %d, status %d, model %p)\n", line,
                (int)rc, (int)st, m);
        g_failed = 1;
    }
    int before = atomic_load(&g_hits);
    rc = cpuaclLaunchKernel(s, k_hit, NULL);
    if (rc == ACL_SUCCESS)
        rc = aclrtSynchronizeStream(s);
    if (rc != ACL_SUCCESS || atomic_load(&g_hits) != before + 1) {
        const char *msg = aclGetRecentErrMsg();
        fprintf(stderr, "line %d: eager kernel on the stream did not run (rc %d, %s)\n", line,
                (int)rc, msg ? msg : "no message");
        g_failed = 1;
    }
    aclrtStreamStatus ss = ACL_STREAM_STATUS_NOT_READY;
    rc = aclrtStreamQuery(s, &ss);
    if (rc != ACL_SUCCESS || ss != ACL_STREAM_STATUS_COMPLETE) {
        fprintf(stderr, "line %d: aclrtStreamQuery after capture: rc %d status %d\n", line, (int)rc,
                (int)ss);
        g_failed = 1;
    }
}
#define EXPECT_NORMAL(s) expect_normal((s), __LINE__)

static void expect_status(aclrtStream s, aclmdlRICaptureStatus want, aclmdlRI want_model, int line)
{
    aclmdlRICaptureStatus st = (aclmdlRICaptureStatus)99;
    aclmdlRI m = BAD_RI;
    aclError rc = aclmdlRICaptureGetInfo(s, &st, &m);
    if (rc != ACL_SUCCESS || st != want || (want_model && m != want_model) ||
        (want != ACL_MODEL_RI_CAPTURE_STATUS_NONE && m == NULL)) {
        fprintf(stderr, "line %d: GetInfo rc %d status %d model %p, expected status %d model %p\n",
                line, (int)rc, (int)st, m, (int)want, want_model);
        g_failed = 1;
    }
}
#define EXPECT_STATUS(s, st, m) expect_status((s), (st), (m), __LINE__)

static aclmdlRI capturing_model(aclrtStream s)
{
    aclmdlRI m = NULL;
    CHECK_OK(aclmdlRICaptureGetInfo(s, NULL, &m));
    CHECK(m != NULL);
    return m;
}

/* Run a model once on `s` and check that its single k_hit kernel(s) ran `n` times. */
static void expect_runs(aclmdlRI ri, aclrtStream s, int n, int line)
{
    int before = atomic_load(&g_hits);
    aclError rc = aclmdlRIExecuteAsync(ri, s);
    if (rc == ACL_SUCCESS)
        rc = aclrtSynchronizeStream(s);
    if (rc != ACL_SUCCESS || atomic_load(&g_hits) != before + n) {
        const char *msg = aclGetRecentErrMsg();
        fprintf(stderr, "line %d: model run rc %d, kernels ran %d, expected %d (%s)\n", line,
                (int)rc, atomic_load(&g_hits) - before, n, msg ? msg : "no message");
        g_failed = 1;
    }
}
#define EXPECT_RUNS(ri, s, n) expect_runs((ri), (s), (n), __LINE__)

/* ---- NULL / default stream ------------------------------------------------ */

static void test_null_stream(void)
{
    aclrtStream s = new_stream(), dflt = NULL;
    aclmdlRI ri = BAD_RI;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclmdlRICaptureBegin(NULL, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclmdlRICaptureBegin(NULL, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    /* The default stream by its real handle is still the default stream. */
    CHECK_OK(aclrtCtxGetCurrentDefaultStream(&dflt));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM,
               aclmdlRICaptureBegin(dflt, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    /* Unknown mode. */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureBegin(s, (aclmdlRICaptureMode)7));
    EXPECT_NORMAL(s);

    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureEnd(NULL, &ri));
    EXPECT(ri == NULL); /* "*modelRI set to NULL first" (reference 6.1) */
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureGetInfo(NULL, NULL, &ri));
    aclmdlRICaptureStatus st;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureGetInfo(NULL, &st, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureTaskGrpBegin(NULL));
    aclrtTaskGrp g;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureTaskGrpEnd(NULL, &g));

    /* End(s, NULL) while capturing: refused, the capture goes on. */
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureEnd(s, NULL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureTaskGrpEnd(s, NULL));
    CHECK_OK(cpuaclLaunchKernel(s, k_hit, NULL));
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    CHECK(ri != NULL);
    EXPECT_RUNS(ri, s, 1);
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyStream(s));
}

/* ---- Begin / End pairing ---------------------------------------------------- */

static void test_begin_on_capturing(void)
{
    aclrtStream s1 = new_stream(), s2 = new_stream();
    aclrtEvent e1 = new_event(), e2 = new_event();
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    aclmdlRI cur = capturing_model(s1);
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED,
               aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED,
               aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(cpuaclLaunchKernel(s1, k_hit, NULL));
    join_stream(s2, s1, e1);
    /* A joined stream is capturing too. */
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED,
               aclmdlRICaptureBegin(s2, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED,
               aclmdlRICaptureToModelRIBegin(s2, cur, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    /* The refusals did not disturb the capture. */
    EXPECT_STATUS(s1, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE, cur);
    EXPECT_STATUS(s2, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE, cur);
    CHECK_OK(cpuaclLaunchKernel(s2, k_hit, NULL));
    join_stream(s1, s2, e2);
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    EXPECT(ri == cur);
    EXPECT_RUNS(ri, s1, 2);
    CHECK_OK(aclmdlRIDestroy(ri));
    /* An empty capture is a valid (empty) model. */
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    CHECK(ri != NULL);
    EXPECT_RUNS(ri, s2, 0);
    CHECK_OK(aclmdlRIDestroy(ri));
    EXPECT_NORMAL(s1);
    EXPECT_NORMAL(s2);
    DESTROY_EVENTS(e1, e2);
    DESTROY_STREAMS(s1, s2);
}

static void test_end_not_capturing(void)
{
    aclrtStream s = new_stream();
    aclmdlRI ri = BAD_RI;
    EXPECT_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclmdlRICaptureEnd(s, &ri));
    EXPECT(ri == NULL);
    EXPECT_NORMAL(s);
    /* After a successful End the stream is not capturing any more. */
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    aclmdlRI ri2 = BAD_RI;
    EXPECT_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclmdlRICaptureEnd(s, &ri2));
    EXPECT(ri2 == NULL);
    /* Task-group calls on a stream that does not capture. */
    EXPECT_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclmdlRICaptureTaskGrpBegin(s));
    aclrtTaskGrp g;
    EXPECT_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclmdlRICaptureTaskGrpEnd(s, &g));
    CHECK_OK(aclmdlRIDestroy(ri));
    EXPECT_NORMAL(s);
    CHECK_OK(aclrtDestroyStream(s));
}

static void test_end_on_joined(void)
{
    aclrtStream s1 = new_stream(), s2 = new_stream();
    aclrtEvent e1 = new_event(), e2 = new_event();
    aclmdlRI ri = BAD_RI;
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    aclmdlRI cur = capturing_model(s1);
    CHECK_OK(cpuaclLaunchKernel(s1, k_hit, NULL));
    join_stream(s2, s1, e1);
    CHECK_OK(cpuaclLaunchKernel(s2, k_hit, NULL));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED, aclmdlRICaptureEnd(s2, &ri));
    EXPECT(ri == NULL);
    /* (choice) End on the wrong stream does not touch the capture: it can
     * still be completed on its origin stream. */
    EXPECT_STATUS(s1, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE, cur);
    EXPECT_STATUS(s2, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE, cur);
    join_stream(s1, s2, e2);
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    EXPECT(ri == cur);
    EXPECT_RUNS(ri, s1, 2);
    CHECK_OK(aclmdlRIDestroy(ri));
    EXPECT_NORMAL(s1);
    EXPECT_NORMAL(s2);
    DESTROY_EVENTS(e1, e2);
    DESTROY_STREAMS(s1, s2);
}

/* ---- End on another thread -------------------------------------------------- */

struct end_job {
    aclrtStream s;
    aclmdlRI ri;
    aclError rc;
    int has_msg;
};

static void *end_thread(void *p)
{
    struct end_job *j = p;
    CHECK_OK(aclrtSetCurrentContext(g_ctx));
    j->ri = BAD_RI;
    j->rc = aclmdlRICaptureEnd(j->s, &j->ri);
    j->has_msg = aclGetRecentErrMsg() != NULL; /* messages are per thread */
    return NULL;
}

static void test_end_other_thread(aclmdlRICaptureMode mode)
{
    aclrtStream s1 = new_stream(), s2 = new_stream();
    aclrtEvent e1 = new_event(), e2 = new_event();
    int hits0 = atomic_load(&g_hits);
    CHECK_OK(aclmdlRICaptureBegin(s1, mode));
    CHECK_OK(cpuaclLaunchKernel(s1, k_hit, NULL));
    join_stream(s2, s1, e1);
    CHECK_OK(cpuaclLaunchKernel(s2, k_hit, NULL));
    join_stream(s1, s2, e2);
    struct end_job j = {.s = s1};
    pthread_t t;
    CHECK(pthread_create(&t, NULL, end_thread, &j) == 0);
    CHECK(pthread_join(t, NULL) == 0);
    EXPECT(atomic_load(&g_hits) == hits0); /* nothing captured ran */
    if (mode == ACL_MODEL_RI_CAPTURE_MODE_RELAXED) {
        if (j.rc != ACL_SUCCESS || j.ri == NULL || j.ri == BAD_RI) {
            fprintf(stderr, "%s:%d: RELAXED capture ended on another thread: rc %d ri %p\n",
                    __FILE__, __LINE__, (int)j.rc, j.ri);
            g_failed = 1;
        } else {
            EXPECT_RUNS(j.ri, s1, 2);
            CHECK_OK(aclmdlRIDestroy(j.ri));
        }
    } else {
        if (j.rc != ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD || !j.has_msg || j.ri != NULL) {
            fprintf(stderr,
                    "%s:%d: mode %d End on another thread: rc %d (want %d), message %d, ri %p\n",
                    __FILE__, __LINE__, (int)mode, (int)j.rc,
                    ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD, j.has_msg, j.ri);
            g_failed = 1;
        }
        /* Torn down: End on the right thread now finds no capture. */
        aclmdlRI ri = BAD_RI;
        EXPECT_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclmdlRICaptureEnd(s1, &ri));
        EXPECT(ri == NULL);
        EXPECT(atomic_load(&g_hits) == hits0);
    }
    EXPECT_NORMAL(s1);
    EXPECT_NORMAL(s2);
    /* The events left the capture too. */
    CHECK_OK(aclrtRecordEvent(e1, s1));
    EXPECT_ERR(ACL_SUCCESS, aclrtSynchronizeEvent(e1));
    DESTROY_EVENTS(e1, e2);
    DESTROY_STREAMS(s1, s2);
}

/* ---- task groups ------------------------------------------------------------ */

static void test_open_task_group(void)
{
    aclrtStream s1 = new_stream(), s2 = new_stream();
    aclrtEvent e1 = new_event(), e2 = new_event();
    aclmdlRI ri = BAD_RI;
    aclrtTaskGrp g = NULL;
    int hits0 = atomic_load(&g_hits);

    /* Open group on the origin stream at End. */
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(aclmdlRICaptureTaskGrpBegin(s1));
    EXPECT_ERR(ACL_ERROR_STREAM_TASK_GROUP_STATUS, aclmdlRICaptureTaskGrpBegin(s1));
    CHECK_OK(cpuaclLaunchKernel(s1, k_hit, NULL));
    EXPECT_ERR(ACL_ERROR_STREAM_TASK_GROUP_STATUS, aclmdlRICaptureEnd(s1, &ri));
    EXPECT(ri == NULL);
    EXPECT_NORMAL(s1);

    /* TaskGrpEnd with no open group. */
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    EXPECT_ERR(ACL_ERROR_STREAM_TASK_GROUP_STATUS, aclmdlRICaptureTaskGrpEnd(s1, &g));
    CHECK_OK(aclmdlRICaptureTaskGrpBegin(s1));
    CHECK_OK(cpuaclLaunchKernel(s1, k_hit, NULL));
    CHECK_OK(aclmdlRICaptureTaskGrpEnd(s1, &g));
    CHECK(g != NULL);
    EXPECT_ERR(ACL_ERROR_STREAM_TASK_GROUP_STATUS, aclmdlRICaptureTaskGrpEnd(s1, &g));
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri)); /* closed group: fine */
    CHECK(ri != NULL);
    EXPECT_RUNS(ri, s1, 1);
    CHECK_OK(aclmdlRIDestroy(ri));

    /* Open group on a joined stream at End. */
    hits0 = atomic_load(&g_hits);
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    join_stream(s2, s1, e1);
    CHECK_OK(aclmdlRICaptureTaskGrpBegin(s2));
    CHECK_OK(cpuaclLaunchKernel(s2, k_hit, NULL));
    join_stream(s1, s2, e2);
    ri = BAD_RI;
    EXPECT_ERR(ACL_ERROR_STREAM_TASK_GROUP_STATUS, aclmdlRICaptureEnd(s1, &ri));
    EXPECT(ri == NULL);
    EXPECT(atomic_load(&g_hits) == hits0);
    EXPECT_NORMAL(s1);
    EXPECT_NORMAL(s2);
    DESTROY_EVENTS(e1, e2);
    DESTROY_STREAMS(s1, s2);
}

/* ---- unjoined lanes --------------------------------------------------------- */

enum unjoined_case {
    UJ_NO_RECORD,         /* s2 joined, ran a kernel, never recorded back */
    UJ_RECORD_NOT_WAITED, /* s2 recorded, nobody waited on it */
    UJ_TASK_AFTER_JOIN,   /* s2 rejoined, then issued another task */
    UJ_ONLY_WAIT,         /* s2 joined and did nothing else */
    UJ_THIRD_LEVEL,       /* s3 joined through s2 and never came back */
    UJ_THIRD_AFTER_JOIN,  /* s3 rejoined s2, then issued a task */
    UJ_NONE,              /* control: a correct three-level capture */
};

static void test_unjoined(enum unjoined_case c)
{
    aclrtStream s1 = new_stream(), s2 = new_stream(), s3 = new_stream();
    aclrtEvent e1 = new_event(), e2 = new_event(), e3 = new_event(), e4 = new_event();
    int hits0 = atomic_load(&g_hits);
    aclmdlRI ri = BAD_RI;
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(cpuaclLaunchKernel(s1, k_hit, NULL));
    join_stream(s2, s1, e1);
    if (c != UJ_ONLY_WAIT)
        CHECK_OK(cpuaclLaunchKernel(s2, k_hit, NULL));
    if (c == UJ_THIRD_LEVEL || c == UJ_THIRD_AFTER_JOIN || c == UJ_NONE) {
        join_stream(s3, s2, e3);
        CHECK_OK(cpuaclLaunchKernel(s3, k_hit, NULL));
        if (c != UJ_THIRD_LEVEL) {
            join_stream(s2, s3, e4);
            if (c == UJ_THIRD_AFTER_JOIN)
                CHECK_OK(cpuaclLaunchKernel(s3, k_hit, NULL));
        }
        CHECK_OK(cpuaclLaunchKernel(s2, k_hit, NULL));
    }
    if (c != UJ_NO_RECORD && c != UJ_ONLY_WAIT)
        CHECK_OK(aclrtRecordEvent(e2, s2));
    if (c != UJ_NO_RECORD && c != UJ_RECORD_NOT_WAITED && c != UJ_ONLY_WAIT)
        CHECK_OK(aclrtStreamWaitEvent(s1, e2));
    if (c == UJ_TASK_AFTER_JOIN)
        CHECK_OK(cpuaclLaunchKernel(s2, k_hit, NULL));
    CHECK_OK(cpuaclLaunchKernel(s1, k_hit, NULL));
    if (c == UJ_NONE) {
        CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
        CHECK(ri != NULL);
        EXPECT(atomic_load(&g_hits) == hits0);
        EXPECT_RUNS(ri, s1, 5);
        CHECK_OK(aclmdlRIDestroy(ri));
    } else {
        EXPECT_ERR(ACL_ERROR_RT_STREAM_UNJOINED, aclmdlRICaptureEnd(s1, &ri));
        EXPECT(ri == NULL);
        EXPECT(atomic_load(&g_hits) == hits0);
    }
    EXPECT_NORMAL(s1);
    EXPECT_NORMAL(s2);
    EXPECT_NORMAL(s3);
    aclrtEvent ev[4] = {e1, e2, e3, e4};
    for (int i = 0; i < 4; i++) {
        CHECK_OK(aclrtRecordEvent(ev[i], s2)); /* out of the capture: plain records */
        CHECK_OK(aclrtStreamWaitEvent(s3, ev[i]));
        CHECK_OK(aclrtDestroyEvent(ev[i]));
    }
    CHECK_OK(aclrtSynchronizeStream(s3));
    DESTROY_STREAMS(s1, s2, s3);
}

/* ---- events: outside records, default stream, wrong kind, conflicts ---------- */

static void test_outside_event(void)
{
    aclrtStream s1 = new_stream(), s2 = new_stream(), other = new_stream();
    aclrtEvent eo = new_event(), e1 = new_event(), never = new_event();
    aclmdlRI ri = BAD_RI;
    CHECK_OK(aclrtRecordEvent(eo, other)); /* recorded outside any capture */
    CHECK_OK(aclrtSynchronizeStream(other));

    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    aclmdlRI cur = capturing_model(s1);
    CHECK_OK(cpuaclLaunchKernel(s1, k_hit, NULL));
    EXPECT_ERR(ACL_ERROR_RT_CAPTURE_DEPENDENCY, aclrtStreamWaitEvent(s1, eo));
    EXPECT_STATUS(s1, ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED, cur);
    /* Work on an invalidated capture is refused with the invalidation code. */
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, cpuaclLaunchKernel(s1, k_hit, NULL));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, aclmdlRICaptureEnd(s1, &ri));
    EXPECT(ri == NULL);
    EXPECT_NORMAL(s1);
    /* Out of the capture the same wait is an ordinary wait. */
    EXPECT_ERR(ACL_SUCCESS, aclrtStreamWaitEvent(s1, eo));
    EXPECT_NORMAL(s1);

    /* A joined stream waiting on an outside event invalidates the whole capture. */
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    cur = capturing_model(s1);
    join_stream(s2, s1, e1);
    EXPECT_ERR(ACL_ERROR_RT_CAPTURE_DEPENDENCY, aclrtStreamWaitEvent(s2, eo));
    EXPECT_STATUS(s1, ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED, cur);
    EXPECT_STATUS(s2, ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED, cur);
    ri = BAD_RI;
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, aclmdlRICaptureEnd(s1, &ri));
    EXPECT(ri == NULL);
    EXPECT_NORMAL(s1);
    EXPECT_NORMAL(s2);

    /* An event never recorded: 107024, at the wait (cpuacl) or at End
     * (reference 6.4 "waits on an event never recorded -> 107024 at End"). */
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    aclError wrc = aclrtStreamWaitEvent(s1, never);
    const char *wmsg = aclGetRecentErrMsg();
    ri = BAD_RI;
    aclError erc = aclmdlRICaptureEnd(s1, &ri);
    const char *emsg = aclGetRecentErrMsg();
    if (wrc == ACL_ERROR_RT_CAPTURE_DEPENDENCY) {
        EXPECT(wmsg != NULL);
        EXPECT(erc == ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED && emsg != NULL);
    } else {
        EXPECT(wrc == ACL_SUCCESS);
        EXPECT(erc == ACL_ERROR_RT_CAPTURE_DEPENDENCY && emsg != NULL);
    }
    EXPECT(ri == NULL);
    EXPECT_NORMAL(s1);

    DESTROY_EVENTS(eo, e1, never);
    DESTROY_STREAMS(s1, s2, other);
}

static void test_default_stream_event(void)
{
    aclrtStream s1 = new_stream(), dflt = NULL;
    aclrtEvent e1 = new_event();
    aclmdlRI ri = BAD_RI;
    CHECK_OK(aclrtCtxGetCurrentDefaultStream(&dflt));

    /* Wait on a captured event from the default stream (NULL). */
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    aclmdlRI cur = capturing_model(s1);
    CHECK_OK(cpuaclLaunchKernel(s1, k_hit, NULL));
    CHECK_OK(aclrtRecordEvent(e1, s1));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT, aclrtStreamWaitEvent(NULL, e1));
    /* The default stream did not join. */
    EXPECT_STATUS(dflt, ACL_MODEL_RI_CAPTURE_STATUS_NONE, NULL);
    /* A failing captured wait invalidates the capture (reference 6.4). */
    EXPECT_STATUS(s1, ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED, cur);
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, aclmdlRICaptureEnd(s1, &ri));
    EXPECT(ri == NULL);
    EXPECT_NORMAL(s1);

    /* Same through the default stream's real handle. */
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(aclrtRecordEvent(e1, s1));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT, aclrtStreamWaitEvent(dflt, e1));
    ri = BAD_RI;
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, aclmdlRICaptureEnd(s1, &ri));
    EXPECT(ri == NULL);
    EXPECT_NORMAL(s1);

    /* Recording a captured event on the default stream: reference 6.2
     * ("recording/waiting a capture event on the default stream -> 107031"). */
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(aclrtRecordEvent(e1, s1));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT, aclrtRecordEvent(e1, NULL));
    EXPECT_STATUS(s1, ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED, NULL);
    ri = BAD_RI;
    aclError rc = aclmdlRICaptureEnd(s1, &ri);
    EXPECT(rc == ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED);
    EXPECT(aclGetRecentErrMsg() != NULL);
    EXPECT(ri == NULL);
    if (rc == ACL_SUCCESS && ri)
        CHECK_OK(aclmdlRIDestroy(ri));
    /* The refused record left nothing behind on the default stream. */
    CHECK_OK(aclrtSynchronizeDevice());
    EXPECT_NORMAL(s1);
    EXPECT_NORMAL(dflt);

    CHECK_OK(aclrtDestroyEvent(e1));
    CHECK_OK(aclrtDestroyStream(s1));
}

static void test_event_kind_and_conflict(void)
{
    aclrtStream sa = new_stream(), sb = new_stream();
    aclrtEvent ipc, ea = new_event(), eb = new_event();
    aclmdlRI ri = BAD_RI;
    CHECK_OK(aclrtCreateEventExWithFlag(&ipc, ACL_EVENT_IPC));

    /* IPC events cannot be recorded in a capture (reference 6.4). */
    CHECK_OK(aclmdlRICaptureBegin(sa, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    EXPECT_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtRecordEvent(ipc, sa));
    EXPECT_STATUS(sa, ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED, NULL);
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, aclmdlRICaptureEnd(sa, &ri));
    EXPECT(ri == NULL);
    EXPECT_NORMAL(sa);

    /* Two captures: a stream of one waits on an event of the other (107032). */
    CHECK_OK(aclmdlRICaptureBegin(sa, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(aclmdlRICaptureBegin(sb, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(aclrtRecordEvent(ea, sa));
    CHECK_OK(aclrtRecordEvent(eb, sb));
    EXPECT_ERR(ACL_ERROR_STREAM_CAPTURE_CONFLICT, aclrtStreamWaitEvent(sb, ea));
    EXPECT_STATUS(sa, ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED, NULL);
    EXPECT_STATUS(sb, ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED, NULL);
    ri = BAD_RI;
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, aclmdlRICaptureEnd(sa, &ri));
    EXPECT(ri == NULL);
    ri = BAD_RI;
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, aclmdlRICaptureEnd(sb, &ri));
    EXPECT(ri == NULL);
    EXPECT_NORMAL(sa);
    EXPECT_NORMAL(sb);

    DESTROY_EVENTS(ipc, ea, eb);
    DESTROY_STREAMS(sa, sb);
}

/* ---- sync / query while capturing ------------------------------------------ */

static void test_sync_query(void)
{
    aclrtStream s1 = new_stream(), s2 = new_stream(), other = new_stream();
    aclrtEvent e0, e1, e2 = new_event();
    CHECK_OK(aclrtCreateEvent(&e0)); /* timed events, as aclrtEventElapsedTime needs */
    CHECK_OK(aclrtCreateEvent(&e1));
    CHECK_OK(aclrtRecordEvent(e0, other));
    CHECK_OK(aclrtSynchronizeStream(other));

    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    aclmdlRI cur = capturing_model(s1);
    CHECK_OK(cpuaclLaunchKernel(s1, k_hit, NULL));
    join_stream(s2, s1, e1);
    CHECK_OK(cpuaclLaunchKernel(s2, k_hit, NULL));

    aclrtStreamStatus ss;
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED, aclrtSynchronizeStream(s1));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED, aclrtSynchronizeStreamWithTimeout(s1, 1000));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED, aclrtStreamQuery(s1, &ss));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED, aclrtSynchronizeStream(s2));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED, aclrtStreamQuery(s2, &ss));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED, aclrtSynchronizeDevice());
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED, aclrtSynchronizeDeviceWithTimeout(1000));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED, aclrtDestroyStream(s1));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED, aclrtDestroyStream(s2));

    aclrtEventRecordedStatus es;
    aclrtEventWaitStatus ws;
    float ms;
    EXPECT_ERR(ACL_ERROR_RT_EVENT_CAPTURED, aclrtSynchronizeEvent(e1));
    EXPECT_ERR(ACL_ERROR_RT_EVENT_CAPTURED, aclrtSynchronizeEventWithTimeout(e1, 1000));
    EXPECT_ERR(ACL_ERROR_RT_EVENT_CAPTURED, aclrtQueryEventStatus(e1, &es));
    EXPECT_ERR(ACL_ERROR_RT_EVENT_CAPTURED, aclrtQueryEventWaitStatus(e1, &ws));
    EXPECT_ERR(ACL_ERROR_RT_EVENT_CAPTURED, aclrtEventElapsedTime(&ms, e0, e1));
    EXPECT_ERR(ACL_ERROR_RT_EVENT_CAPTURED, aclrtEventElapsedTime(&ms, e1, e0));

    /* Streams outside the capture synchronise as usual. */
    int h = atomic_load(&g_hits);
    CHECK_OK(cpuaclLaunchKernel(other, k_hit, NULL));
    EXPECT_ERR(ACL_SUCCESS, aclrtSynchronizeStream(other));
    EXPECT(atomic_load(&g_hits) == h + 1);
    EXPECT_ERR(ACL_SUCCESS, aclrtSynchronizeEvent(e0));

    /* None of the refusals broke the capture. */
    EXPECT_STATUS(s1, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE, cur);
    EXPECT_STATUS(s2, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE, cur);
    join_stream(s1, s2, e2);
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    EXPECT(ri == cur);
    EXPECT_RUNS(ri, other, 2);

    /* After End the events work normally again. */
    EXPECT_ERR(ACL_SUCCESS, aclrtSynchronizeEvent(e1));
    EXPECT_ERR(ACL_SUCCESS, aclrtQueryEventWaitStatus(e1, &ws));
    CHECK_OK(aclrtRecordEvent(e0, s1));
    CHECK_OK(cpuaclLaunchKernel(s1, k_hit, NULL));
    join_stream(s2, s1, e1);
    CHECK_OK(aclrtSynchronizeStream(s2));
    EXPECT_ERR(ACL_SUCCESS, aclrtSynchronizeEvent(e1));
    EXPECT_ERR(ACL_SUCCESS, aclrtQueryEventStatus(e1, &es));
    EXPECT(es == ACL_EVENT_RECORDED_STATUS_COMPLETE);
    ms = -1;
    EXPECT_ERR(ACL_SUCCESS, aclrtEventElapsedTime(&ms, e0, e1));
    EXPECT(ms >= 0);
    EXPECT_ERR(ACL_SUCCESS, aclrtSynchronizeDevice());
    CHECK_OK(aclmdlRIDestroy(ri));
    DESTROY_EVENTS(e0, e1, e2);
    DESTROY_STREAMS(s1, s2, other);
}

/* ---- execute / destroy ------------------------------------------------------ */

static void test_execute_rules(void)
{
    aclrtStream s1 = new_stream(), s2 = new_stream(), s3 = new_stream();
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIExecuteAsync(NULL, s1));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIExecute(NULL, -1));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIExecuteAsync(BAD_RI, s1));

    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    aclmdlRI cur = capturing_model(s1);
    CHECK_OK(cpuaclLaunchKernel(s1, k_hit, NULL));
    EXPECT_ERR(ACL_ERROR_RT_MODEL_CAPTURED, aclmdlRIExecuteAsync(cur, s2));
    EXPECT_ERR(ACL_ERROR_RT_MODEL_CAPTURED, aclmdlRIExecuteAsync(cur, NULL));
    EXPECT_ERR(ACL_ERROR_RT_MODEL_CAPTURED, aclmdlRIExecute(cur, -1));
    /* Destroying a model being captured is refused (code not in the reference). */
    aclError rc = aclmdlRIDestroy(cur);
    EXPECT(rc != ACL_SUCCESS);
    EXPECT(aclGetRecentErrMsg() != NULL);
    EXPECT_STATUS(s1, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE, cur);
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    EXPECT(ri == cur);

    /* Executing on a capturing stream. */
    CHECK_OK(aclmdlRICaptureBegin(s3, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURED, aclmdlRIExecuteAsync(ri, s3));
    EXPECT_STATUS(s3, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE, NULL);
    aclmdlRI empty = NULL;
    CHECK_OK(aclmdlRICaptureEnd(s3, &empty)); /* nothing got into the capture */
    CHECK_OK(aclmdlRIDebugJsonPrint(empty, "/dev/null", ACL_MDLRI_DEBUG_JSON_PRINT_SUMMARY));
    CHECK_OK(aclmdlRIDestroy(empty));

    EXPECT_RUNS(ri, s2, 1);
    EXPECT_RUNS(ri, s3, 1);
    EXPECT_RUNS(ri, NULL, 1); /* default stream */
    int h = atomic_load(&g_hits);
    EXPECT_ERR(ACL_SUCCESS, aclmdlRIExecute(ri, -1));
    EXPECT(atomic_load(&g_hits) == h + 1);
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIExecute(ri, 0));
    EXPECT_ERR(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIExecute(ri, -2));
    CHECK_OK(aclmdlRIDestroy(ri));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIExecuteAsync(ri, s2));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIDestroy(ri));
    DESTROY_STREAMS(s1, s2, s3);
}

static atomic_int g_release, g_started;

static int32_t k_block(void *a)
{
    (void)a;
    atomic_store(&g_started, 1);
    while (!atomic_load(&g_release))
        sched_yield();
    return 0;
}

static void test_destroy_running(void)
{
    aclrtStream s1 = new_stream(), s2 = new_stream();
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRIDestroy(NULL));
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(cpuaclLaunchKernel(s1, k_block, NULL));
    CHECK_OK(cpuaclLaunchKernel(s1, k_hit, NULL));
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    atomic_store(&g_release, 0);
    atomic_store(&g_started, 0);
    int h = atomic_load(&g_hits);
    CHECK_OK(aclmdlRIExecuteAsync(ri, s2));
    CHECK_OK(aclmdlRIExecuteAsync(ri, s2)); /* a second one queued behind it */
    for (int i = 0; i < 20000 && !atomic_load(&g_started); i++) {
        struct timespec ts = {0, 500000};
        nanosleep(&ts, NULL);
    }
    CHECK(atomic_load(&g_started));
    EXPECT_ERR(ACL_ERROR_RT_MODEL_RUNNING, aclmdlRIDestroy(ri));
    /* Re-capturing into a running model is refused too. */
    aclError rc = aclmdlRICaptureToModelRIBegin(s1, ri, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    EXPECT(rc == ACL_ERROR_RT_MODEL_RUNNING);
    if (rc == ACL_SUCCESS) {
        aclmdlRI r2;
        CHECK_OK(aclmdlRICaptureEnd(s1, &r2));
    }
    atomic_store(&g_release, 1);
    CHECK_OK(aclrtSynchronizeStream(s2));
    EXPECT(atomic_load(&g_hits) == h + 2);
    EXPECT_ERR(ACL_SUCCESS, aclmdlRIDestroy(ri));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIDestroy(ri));
    DESTROY_STREAMS(s1, s2);
}

/* ---- GetInfo ---------------------------------------------------------------- */

static void test_getinfo(void)
{
    aclrtStream s1 = new_stream(), s2 = new_stream(), s3 = new_stream(), other = new_stream();
    aclrtEvent e1 = new_event(), e2 = new_event(), e3 = new_event(), e4 = new_event(),
               eo = new_event();
    aclmdlRICaptureStatus st;
    aclmdlRI m;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureGetInfo(s1, NULL, NULL));
    EXPECT_STATUS(s1, ACL_MODEL_RI_CAPTURE_STATUS_NONE, NULL);
    st = ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
    EXPECT_ERR(ACL_SUCCESS, aclmdlRICaptureGetInfo(s1, &st, NULL));
    EXPECT(st == ACL_MODEL_RI_CAPTURE_STATUS_NONE);
    m = BAD_RI;
    EXPECT_ERR(ACL_SUCCESS, aclmdlRICaptureGetInfo(s1, NULL, &m));
    EXPECT(m == NULL);

    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureGetInfo(s1, NULL, NULL));
    m = NULL;
    EXPECT_ERR(ACL_SUCCESS, aclmdlRICaptureGetInfo(s1, NULL, &m));
    EXPECT(m != NULL);
    st = ACL_MODEL_RI_CAPTURE_STATUS_NONE;
    EXPECT_ERR(ACL_SUCCESS, aclmdlRICaptureGetInfo(s1, &st, NULL));
    EXPECT(st == ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE);
    EXPECT_STATUS(s1, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE, m);
    EXPECT_STATUS(s2, ACL_MODEL_RI_CAPTURE_STATUS_NONE, NULL);
    /* Joined streams (two levels) report the same model. */
    join_stream(s2, s1, e1);
    EXPECT_STATUS(s2, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE, m);
    join_stream(s3, s2, e2);
    EXPECT_STATUS(s3, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE, m);
    EXPECT_STATUS(other, ACL_MODEL_RI_CAPTURE_STATUS_NONE, NULL);
    /* A second capture reports its own model. */
    CHECK_OK(aclmdlRICaptureBegin(other, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    aclmdlRI m2 = capturing_model(other);
    EXPECT(m2 != m);
    aclmdlRI r2 = NULL;
    CHECK_OK(aclmdlRICaptureEnd(other, &r2));
    EXPECT(r2 == m2);
    CHECK_OK(aclmdlRIDestroy(r2));
    /* Rejoin; End returns the model GetInfo reported. */
    join_stream(s2, s3, e3);
    join_stream(s1, s2, e4);
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    EXPECT(ri == m);
    EXPECT_STATUS(s1, ACL_MODEL_RI_CAPTURE_STATUS_NONE, NULL);
    EXPECT_STATUS(s2, ACL_MODEL_RI_CAPTURE_STATUS_NONE, NULL);
    EXPECT_STATUS(s3, ACL_MODEL_RI_CAPTURE_STATUS_NONE, NULL);
    CHECK_OK(aclmdlRIDestroy(ri));

    /* INVALIDATED, seen from every stream of the capture. */
    CHECK_OK(aclrtRecordEvent(eo, other));
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    m = capturing_model(s1);
    join_stream(s2, s1, e1);
    join_stream(s3, s2, e2);
    EXPECT_ERR(ACL_ERROR_RT_CAPTURE_DEPENDENCY, aclrtStreamWaitEvent(s3, eo));
    EXPECT_STATUS(s1, ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED, m);
    EXPECT_STATUS(s2, ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED, m);
    EXPECT_STATUS(s3, ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED, m);
    ri = BAD_RI;
    EXPECT_ERR(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, aclmdlRICaptureEnd(s1, &ri));
    EXPECT(ri == NULL);
    EXPECT_STATUS(s1, ACL_MODEL_RI_CAPTURE_STATUS_NONE, NULL);
    EXPECT_STATUS(s3, ACL_MODEL_RI_CAPTURE_STATUS_NONE, NULL);
    /* The invalidated model was destroyed with the capture. */
    EXPECT_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIDestroy(m));
    EXPECT_NORMAL(s1);
    EXPECT_NORMAL(s2);
    EXPECT_NORMAL(s3);
    aclrtEvent ev[5] = {e1, e2, e3, e4, eo};
    for (int i = 0; i < 5; i++)
        CHECK_OK(aclrtDestroyEvent(ev[i]));
    DESTROY_STREAMS(s1, s2, s3, other);
}

/* ---- exchange mode ---------------------------------------------------------- */

static void *exchange_default_thread(void *p)
{
    aclmdlRICaptureMode *out = p;
    aclmdlRICaptureMode m = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
    if (aclmdlRICaptureThreadExchangeMode(&m) != ACL_SUCCESS)
        m = (aclmdlRICaptureMode)99;
    *out = m;
    return NULL;
}

static void test_exchange_mode(void)
{
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureThreadExchangeMode(NULL));
    aclmdlRICaptureMode m = ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL;
    EXPECT_ERR(ACL_SUCCESS, aclmdlRICaptureThreadExchangeMode(&m));
    EXPECT(m == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL); /* the default */
    m = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
    EXPECT_ERR(ACL_SUCCESS, aclmdlRICaptureThreadExchangeMode(&m));
    EXPECT(m == ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL);
    /* Unknown mode: refused, nothing changes. */
    m = (aclmdlRICaptureMode)9;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureThreadExchangeMode(&m));
    /* Per thread: a new thread starts at GLOBAL whatever this one set. */
    aclmdlRICaptureMode other = (aclmdlRICaptureMode)99;
    pthread_t t;
    CHECK(pthread_create(&t, NULL, exchange_default_thread, &other) == 0);
    CHECK(pthread_join(t, NULL) == 0);
    EXPECT(other == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    m = ACL_MODEL_RI_CAPTURE_MODE_GLOBAL;
    EXPECT_ERR(ACL_SUCCESS, aclmdlRICaptureThreadExchangeMode(&m));
    EXPECT(m == ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
    /* Begin does not change the thread's exchange mode. */
    aclrtStream s = new_stream();
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    m = ACL_MODEL_RI_CAPTURE_MODE_GLOBAL;
    EXPECT_ERR(ACL_SUCCESS, aclmdlRICaptureThreadExchangeMode(&m));
    EXPECT(m == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyStream(s));
}

/* ---- reference 6.3: unsafe calls under each mode ---------------------------- */

/* aclrtMemcpy/aclrtMemset/aclrtMalloc are looked up at run time so that this
 * file builds and runs before the memory functions exist in the library; the
 * table is skipped (and says so) until they do. */
typedef aclError (*memcpy_fn)(void *, size_t, const void *, size_t, aclrtMemcpyKind);
typedef aclError (*memset_fn)(void *, size_t, int32_t, size_t);
typedef aclError (*malloc_fn)(void **, size_t, aclrtMemMallocPolicy);
typedef aclError (*free_fn)(void *);
static memcpy_fn p_memcpy;
static memset_fn p_memset;
static void *g_buf_a, *g_buf_b;

/* Reference 6.3: is an unsafe call allowed? cap_mode = mode of the one active
 * capture, same = the caller began it, ex = the caller's exchange mode. */
static int unsafe_allowed(int cap_mode, int same, int ex)
{
    int ctx_mode = cap_mode, thr_mode = same ? cap_mode : 3; /* 3: none */
    if (ex == ACL_MODEL_RI_CAPTURE_MODE_RELAXED)
        return 1;
    if (ex == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)
        return ctx_mode != ACL_MODEL_RI_CAPTURE_MODE_GLOBAL &&
               thr_mode != ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL;
    return thr_mode != ACL_MODEL_RI_CAPTURE_MODE_GLOBAL &&
           thr_mode != ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL;
}

struct unsafe_job {
    int ex;
    aclError rc_cpy, rc_set;
    int msg_cpy, msg_set;
    unsigned char seen;
};

static void unsafe_calls(struct unsafe_job *j)
{
    aclmdlRICaptureMode m = (aclmdlRICaptureMode)j->ex;
    CHECK_OK(aclmdlRICaptureThreadExchangeMode(&m));
    static unsigned char tag = 1;
    tag = (unsigned char)(tag % 200 + 1);
    unsigned char src[64];
    memset(src, tag, sizeof(src));
    j->rc_set = p_memset(g_buf_a, 64, tag, 64);
    j->msg_set = aclGetRecentErrMsg() != NULL;
    j->rc_cpy = p_memcpy(g_buf_b, 64, g_buf_a, 64, ACL_MEMCPY_DEVICE_TO_DEVICE);
    j->msg_cpy = aclGetRecentErrMsg() != NULL;
    unsigned char back[64] = {0};
    j->seen = 0;
    if (j->rc_cpy == ACL_SUCCESS && j->rc_set == ACL_SUCCESS) {
        aclmdlRICaptureMode r = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
        CHECK_OK(aclmdlRICaptureThreadExchangeMode(&r));
        if (p_memcpy(back, 64, g_buf_b, 64, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS)
            j->seen = back[0] == tag && back[63] == tag ? 1 : 2;
        CHECK_OK(aclmdlRICaptureThreadExchangeMode(&r));
    }
    CHECK_OK(aclmdlRICaptureThreadExchangeMode(&m)); /* restore */
    CHECK(m == (aclmdlRICaptureMode)j->ex);
}

static void *unsafe_thread(void *p)
{
    CHECK_OK(aclrtSetCurrentContext(g_ctx));
    unsafe_calls(p);
    return NULL;
}

static void check_unsafe(int cap_mode, int same, int ex, int line)
{
    struct unsafe_job j = {.ex = ex};
    if (same) {
        unsafe_calls(&j);
    } else {
        pthread_t t;
        CHECK(pthread_create(&t, NULL, unsafe_thread, &j) == 0);
        CHECK(pthread_join(t, NULL) == 0);
    }
    int ok = unsafe_allowed(cap_mode, same, ex);
    aclError want = ok ? ACL_SUCCESS : ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT;
    if (j.rc_cpy != want || j.rc_set != want || (!ok && (!j.msg_cpy || !j.msg_set)) ||
        (ok && j.seen != 1)) {
        fprintf(stderr,
                "line %d: capture mode %d, %s thread, exchange mode %d: memcpy %d memset %d "
                "(want %d), messages %d/%d, data %d\n",
                line, cap_mode, same ? "same" : "other", ex, (int)j.rc_cpy, (int)j.rc_set,
                (int)want, j.msg_cpy, j.msg_set, j.seen);
        g_failed = 1;
    }
}

static void test_unsafe_table(void)
{
    p_memcpy = (memcpy_fn)dlsym(RTLD_DEFAULT, "aclrtMemcpy");
    p_memset = (memset_fn)dlsym(RTLD_DEFAULT, "aclrtMemset");
    malloc_fn p_malloc = (malloc_fn)dlsym(RTLD_DEFAULT, "aclrtMalloc");
    free_fn p_free = (free_fn)dlsym(RTLD_DEFAULT, "aclrtFree");
    if (!p_memcpy || !p_memset || !p_malloc || !p_free) {
        printf("capture_rules: aclrtMemcpy/aclrtMemset/aclrtMalloc not in the library yet: "
               "reference 6.3 mode table SKIPPED\n");
        return;
    }
    CHECK_OK(p_malloc(&g_buf_a, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(p_malloc(&g_buf_b, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    aclrtStream s = new_stream();
    /* No capture: always allowed. */
    for (int ex = 0; ex < 3; ex++)
        check_unsafe(3, 1, ex, __LINE__);
    for (int cm = 0; cm < 3; cm++) {
        CHECK_OK(aclmdlRICaptureBegin(s, (aclmdlRICaptureMode)cm));
        CHECK_OK(cpuaclLaunchKernel(s, k_hit, NULL));
        for (int same = 1; same >= 0; same--)
            for (int ex = 0; ex < 3; ex++)
                check_unsafe(cm, same, ex, __LINE__);
        /* A refused unsafe call does not invalidate the capture. */
        EXPECT_STATUS(s, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE, NULL);
        aclmdlRI ri = NULL;
        EXPECT_ERR(ACL_SUCCESS, aclmdlRICaptureEnd(s, &ri));
        if (ri) {
            /* The allowed sync copies ran at once and were not captured: a
             * replay copies nothing into buf_b. */
            CHECK_OK(p_memset(g_buf_a, 64, 0xEE, 64));
            EXPECT_RUNS(ri, s, 1);
            unsigned char back[64] = {0};
            CHECK_OK(p_memcpy(back, 64, g_buf_b, 64, ACL_MEMCPY_DEVICE_TO_HOST));
            EXPECT(back[0] != 0xEE);
            CHECK_OK(aclmdlRIDestroy(ri));
        }
    }
    CHECK_OK(aclrtDestroyStream(s));
    CHECK_OK(p_free(g_buf_a));
    CHECK_OK(p_free(g_buf_b));
}

static void setup(void)
{
    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&g_ctx));
}

static void teardown(void)
{
    TEST_CLOSE();
}

static void test_end_other_thread_global(void)
{
    test_end_other_thread(ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
}

static void test_end_other_thread_thread_local(void)
{
    test_end_other_thread(ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL);
}

static void test_end_other_thread_relaxed(void)
{
    test_end_other_thread(ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
}

static void test_unjoined_all(void)
{
    for (int c = UJ_NO_RECORD; c <= UJ_NONE; c++)
        test_unjoined((enum unjoined_case)c);
}

int main(void)
{
    int failures = 0;
    RUN(test_exchange_mode, 300);
    RUN(test_null_stream, 300);
    RUN(test_begin_on_capturing, 300);
    RUN(test_end_not_capturing, 300);
    RUN(test_end_on_joined, 300);
    RUN(test_end_other_thread_global, 300);
    RUN(test_end_other_thread_thread_local, 300);
    RUN(test_end_other_thread_relaxed, 300);
    RUN(test_open_task_group, 300);
    RUN(test_unjoined_all, 300);
    RUN(test_outside_event, 300);
    RUN(test_default_stream_event, 300);
    RUN(test_event_kind_and_conflict, 300);
    RUN(test_sync_query, 300);
    RUN(test_execute_rules, 300);
    RUN(test_destroy_running, 300);
    RUN(test_getinfo, 300);
    RUN(test_unsafe_table, 300);
    if (failures)
        fprintf(stderr, "capture_rules: %d test(s) FAILED\n", failures);
    return failures ? 1 : 0;
}
