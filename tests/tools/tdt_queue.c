/* SPDX-License-Identifier: Apache-2.0 */
/* TDT queues (acl/acl_tdt_queue.h): attributes, enqueue/dequeue of shared
 * buffers and of plain data, the private user-data area, chains and reference
 * copies, grants, routes forwarding data, the misuse codes, and a stress of
 * two producers and two consumers that checks every payload. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <unistd.h>

#include "acl/acl.h"
#include "acl/acl_tdt_queue.h"
#include "testutil.h"

#define N_PROD 2
#define N_CONS 2
static int g_n;
static uint32_t g_qid;
static _Atomic uint32_t g_seen[N_PROD];
static unsigned char *g_hit[N_PROD];

static void *prod(void *arg)
{
    uint32_t p = (uint32_t)(uintptr_t)arg;
    for (int s = 0; s < g_n; s++) {
        uint64_t body[8];
        for (int k = 0; k < 8; k++)
            body[k] = ((uint64_t)p << 48) ^ ((uint64_t)s << 8) ^ (uint64_t)k;
        uint32_t hdr[2] = {p, (uint32_t)s};
        if (s & 1) {
            CHECK_OK(acltdtEnqueueData(g_qid, body, sizeof(body), hdr, sizeof(hdr), -1, 0));
        } else {
            acltdtBuf b;
            CHECK_OK(acltdtAllocBuf(sizeof(body), ACL_TDT_NORMAL_MEM, &b));
            void *d;
            size_t n;
            CHECK_OK(acltdtGetBufData(b, &d, &n));
            memcpy(d, body, sizeof(body));
            CHECK_OK(acltdtSetBufUserData(b, hdr, sizeof(hdr), 0));
            CHECK_OK(acltdtEnqueue(g_qid, b, -1));
        }
    }
    return NULL;
}

static void check_body(const uint32_t hdr[2], const uint64_t *body, size_t n)
{
    CHECK(n == 64 && hdr[0] < N_PROD && hdr[1] < (uint32_t)g_n);
    for (int k = 0; k < 8; k++)
        CHECK(body[k] == (((uint64_t)hdr[0] << 48) ^ ((uint64_t)hdr[1] << 8) ^ (uint64_t)k));
    CHECK(g_hit[hdr[0]][hdr[1]] == 0); /* each message exactly once */
    g_hit[hdr[0]][hdr[1]] = 1;         /* distinct bytes per message: no data race */
    atomic_fetch_add_explicit(&g_seen[hdr[0]], 1, memory_order_relaxed); /* a count */
}

static void *cons(void *arg)
{
    int quota = (int)(intptr_t)arg;
    for (int i = 0; i < quota; i++) {
        uint32_t hdr[2];
        if (i & 1) {
            uint64_t body[8];
            size_t got = 0;
            CHECK_OK(acltdtDequeueData(g_qid, body, sizeof(body), &got, hdr, sizeof(hdr), -1));
            check_body(hdr, body, got);
        } else {
            acltdtBuf b;
            CHECK_OK(acltdtDequeue(g_qid, &b, -1));
            void *d;
            size_t n, len;
            CHECK_OK(acltdtGetBufData(b, &d, &n));
            CHECK_OK(acltdtGetBufDataLen(b, &len));
            CHECK_OK(acltdtGetBufUserData(b, hdr, sizeof(hdr), 0));
            check_body(hdr, d, len);
            CHECK_OK(acltdtFreeBuf(b));
        }
    }
    return NULL;
}

static void stress(void)
{
    g_n = (int)(4000 * test_stress_scale());
    if (g_n < 200)
        g_n = 200;
    for (int p = 0; p < N_PROD; p++)
        g_hit[p] = calloc((size_t)g_n, 1);
    acltdtQueueAttr *attr = acltdtCreateQueueAttr();
    uint32_t depth = 3;
    CHECK_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &depth));
    CHECK_OK(acltdtCreateQueue(attr, &g_qid));
    CHECK_OK(acltdtDestroyQueueAttr(attr));
    pthread_t tp[N_PROD], tc[N_CONS];
    int total = N_PROD * g_n;
    for (int c = 0; c < N_CONS; c++)
        CHECK(pthread_create(&tc[c], NULL, cons,
                             (void *)(intptr_t)(total / N_CONS + (c == 0 ? total % N_CONS : 0))) ==
              0);
    for (uintptr_t p = 0; p < N_PROD; p++)
        CHECK(pthread_create(&tp[p], NULL, prod, (void *)p) == 0);
    for (int p = 0; p < N_PROD; p++)
        pthread_join(tp[p], NULL);
    for (int c = 0; c < N_CONS; c++)
        pthread_join(tc[c], NULL);
    for (int p = 0; p < N_PROD; p++) {
        CHECK(atomic_load(&g_seen[p]) == (uint32_t)g_n);
        for (int s = 0; s < g_n; s++)
            CHECK(g_hit[p][s] == 1);
        free(g_hit[p]);
    }
    acltdtBuf b;
    CHECK_ACL(ACL_ERROR_RT_QUEUE_EMPTY, acltdtDequeue(g_qid, &b, 0));
    CHECK_OK(acltdtDestroyQueue(g_qid));
}

static void *blocked_deq(void *arg)
{
    acltdtBuf b;
    return (void *)(intptr_t)acltdtDequeue((uint32_t)(uintptr_t)arg, &b, -1);
}

int main(void)
{
    uint32_t qid;
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, acltdtCreateQueue(NULL, &qid));
    TEST_OPEN();

    /* ---- attributes ---- */
    acltdtQueueAttr *attr = acltdtCreateQueueAttr();
    CHECK(attr);
    const char *name = "q_in";
    CHECK_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(name), &name));
    uint32_t depth = 2, d2 = 0;
    CHECK_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &depth));
    size_t ret = 0;
    CHECK_OK(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(d2), &ret, &d2));
    CHECK(d2 == 2 && ret == 4);
    const char *gn = NULL;
    CHECK_OK(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(gn), &ret, &gn));
    CHECK(strcmp(gn, "q_in") == 0);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              acltdtSetQueueAttr(attr, (acltdtQueueAttrType)7, sizeof(depth), &depth));
    CHECK_OK(acltdtCreateQueue(attr, &qid));
    CHECK_OK(acltdtDestroyQueueAttr(attr));

    /* ---- data with user data; capacity 2 ---- */
    const char msg1[] = "hello", msg2[] = "second message";
    uint8_t ud[96];
    for (int i = 0; i < 96; i++)
        ud[i] = (uint8_t)(i * 3);
    CHECK_OK(acltdtEnqueueData(qid, msg1, sizeof(msg1), ud, 96, 0, 0));
    CHECK_OK(acltdtEnqueueData(qid, msg2, sizeof(msg2), NULL, 0, 100, 0));
    CHECK_ACL(ACL_ERROR_RT_QUEUE_FULL, acltdtEnqueueData(qid, msg1, sizeof(msg1), NULL, 0, 0, 0));
    CHECK_ACL(ACL_ERROR_RT_QUEUE_FULL, acltdtEnqueueData(qid, msg1, sizeof(msg1), NULL, 0, 10, 0));
    char out[64];
    uint8_t uo[96];
    size_t got = 0;
    /* Too small a buffer: refused, and the data stays queued. */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtDequeueData(qid, out, 3, &got, NULL, 0, 0));
    CHECK_OK(acltdtDequeueData(qid, out, sizeof(out), &got, uo, 96, 0));
    CHECK(got == sizeof(msg1) && strcmp(out, "hello") == 0 && memcmp(uo, ud, 96) == 0);
    CHECK_OK(acltdtDequeueData(qid, out, sizeof(out), &got, NULL, 0, -1));
    CHECK(got == sizeof(msg2) && strcmp(out, msg2) == 0);
    CHECK_ACL(ACL_ERROR_RT_QUEUE_EMPTY, acltdtDequeueData(qid, out, sizeof(out), &got, NULL, 0, 0));
    CHECK_ACL(ACL_ERROR_RT_QUEUE_EMPTY, acltdtDequeueData(qid, out, sizeof(out), &got, NULL, 0, 10));

    /* ---- shared buffers: data length, user data, chain, reference copy ---- */
    acltdtBuf h, c1, ref;
    CHECK_OK(acltdtAllocBuf(32, ACL_TDT_NORMAL_MEM, &h));
    CHECK_OK(acltdtAllocBuf(16, ACL_TDT_NORMAL_MEM, &c1));
    void *hd, *cd;
    size_t hs, cs, len;
    CHECK_OK(acltdtGetBufData(h, &hd, &hs));
    CHECK_OK(acltdtGetBufData(c1, &cd, &cs));
    CHECK(hs == 32 && cs == 16);
    memset(hd, 0xAB, 32);
    memset(cd, 0xCD, 16);
    CHECK_OK(acltdtSetBufDataLen(h, 20));
    CHECK_OK(acltdtGetBufDataLen(h, &len));
    CHECK(len == 20);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtSetBufDataLen(h, 33));
    CHECK_OK(acltdtSetBufUserData(h, "ctx", 4, 92));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtSetBufUserData(h, "ctx", 4, 93));
    CHECK_OK(acltdtAppendBufChain(h, c1));
    uint32_t num = 0;
    CHECK_OK(acltdtGetBufChainNum(h, &num));
    CHECK(num == 2);
    acltdtBuf x;
    CHECK_OK(acltdtGetBufFromChain(h, 1, &x));
    CHECK(x == c1);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtGetBufFromChain(h, 2, &x));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtFreeBuf(c1)); /* chain member */
    CHECK_OK(acltdtCopyBufRef(h, &ref));
    void *rd;
    size_t rs;
    CHECK_OK(acltdtGetBufData(ref, &rd, &rs));
    CHECK(rd == hd && rs == 32); /* the same data area */
    CHECK_OK(acltdtEnqueue(qid, h, 0));
    acltdtBuf back;
    CHECK_OK(acltdtDequeue(qid, &back, 0));
    CHECK(back == h);
    char uctx[4];
    CHECK_OK(acltdtGetBufUserData(back, uctx, 4, 92));
    CHECK(strcmp(uctx, "ctx") == 0);
    CHECK_OK(acltdtGetBufChainNum(back, &num));
    CHECK(num == 2);
    CHECK_OK(acltdtFreeBuf(back)); /* frees the chain too */
    CHECK(((unsigned char *)rd)[31] == 0xAB); /* the reference keeps the data */
    CHECK_OK(acltdtFreeBuf(ref));

    /* ---- grants ---- */
    uint32_t perm = 0;
    CHECK_OK(acltdtAttachQueue(qid, 0, &perm));
    CHECK(perm == (ACL_TDT_QUEUE_PERMISSION_MANAGE | ACL_TDT_QUEUE_PERMISSION_DEQUEUE |
                   ACL_TDT_QUEUE_PERMISSION_ENQUEUE));
    CHECK_OK(acltdtGrantQueue(qid, 12345, ACL_TDT_QUEUE_PERMISSION_DEQUEUE, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtGrantQueue(qid, 12345, 8, 0));

    /* ---- routes: what is enqueued on src arrives on both destinations ---- */
    uint32_t q2, q3;
    CHECK_OK(acltdtCreateQueue(NULL, &q2));
    CHECK_OK(acltdtCreateQueue(NULL, &q3));
    acltdtQueueRouteList *rl = acltdtCreateQueueRouteList();
    acltdtQueueRoute *r1 = acltdtCreateQueueRoute(qid, q2), *r2 = acltdtCreateQueueRoute(qid, q3);
    CHECK_OK(acltdtAddQueueRoute(rl, r1));
    CHECK_OK(acltdtAddQueueRoute(rl, r2));
    CHECK(acltdtGetQueueRouteNum(rl) == 2);
    CHECK_OK(acltdtBindQueueRoutes(rl));
    acltdtQueueRoute *rr = acltdtCreateQueueRoute(0, 0);
    int32_t st = -1;
    CHECK_OK(acltdtGetQueueRoute(rl, 1, rr));
    CHECK_OK(acltdtGetQueueRouteParam(rr, ACL_TDT_QUEUE_ROUTE_STATUS_INT32, 4, &ret, &st));
    CHECK(st == ACL_TDT_QUEUE_ROUTE_BIND);
    CHECK_ACL(ACL_ERROR_FAILURE, acltdtBindQueueRoutes(rl)); /* bound already */
    CHECK_ACL(ACL_ERROR_FAILURE, acltdtDestroyQueue(q2));    /* in a bound route */
    acltdtQueueRouteQueryInfo *qi = acltdtCreateQueueRouteQueryInfo();
    int32_t mode = ACL_TDT_QUEUE_ROUTE_QUERY_SRC;
    CHECK_OK(acltdtSetQueueRouteQueryInfo(qi, ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM, 4, &mode));
    CHECK_OK(acltdtSetQueueRouteQueryInfo(qi, ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32, 4, &qid));
    acltdtQueueRouteList *found = acltdtCreateQueueRouteList();
    CHECK_OK(acltdtQueryQueueRoutes(qi, found));
    CHECK(acltdtGetQueueRouteNum(found) == 2);
    uint32_t dst = 0;
    CHECK_OK(acltdtGetQueueRoute(found, 0, rr));
    CHECK_OK(acltdtGetQueueRouteParam(rr, ACL_TDT_QUEUE_ROUTE_DST_UINT32, 4, &ret, &dst));
    CHECK(dst == q2 || dst == q3);
    CHECK_OK(acltdtEnqueueData(qid, "route", 6, NULL, 0, -1, 0));
    CHECK_OK(acltdtDequeueData(q2, out, sizeof(out), &got, NULL, 0, 0));
    CHECK(got == 6 && strcmp(out, "route") == 0);
    memset(out, 0, sizeof(out));
    CHECK_OK(acltdtDequeueData(q3, out, sizeof(out), &got, NULL, 0, 0));
    CHECK(got == 6 && strcmp(out, "route") == 0);
    CHECK_ACL(ACL_ERROR_RT_QUEUE_EMPTY, acltdtDequeueData(qid, out, sizeof(out), &got, NULL, 0, 0));
    CHECK_OK(acltdtUnbindQueueRoutes(rl));
    CHECK_OK(acltdtQueryQueueRoutes(qi, found));
    CHECK(acltdtGetQueueRouteNum(found) == 0);
    CHECK_OK(acltdtDestroyQueueRouteQueryInfo(qi));
    CHECK_OK(acltdtDestroyQueueRouteList(found));
    CHECK_OK(acltdtDestroyQueueRouteList(rl));
    CHECK_OK(acltdtDestroyQueueRoute(r1));
    CHECK_OK(acltdtDestroyQueueRoute(r2));
    CHECK_OK(acltdtDestroyQueueRoute(rr));

    /* ---- destroy wakes a blocked dequeuer; the id is dead afterwards ---- */
    pthread_t th;
    CHECK(pthread_create(&th, NULL, blocked_deq, (void *)(uintptr_t)q2) == 0);
    usleep(20000);
    CHECK_OK(acltdtDestroyQueue(q2));
    void *rv;
    pthread_join(th, &rv);
    CHECK((aclError)(intptr_t)rv == ACL_ERROR_FAILURE ||
          (aclError)(intptr_t)rv == ACL_ERROR_INVALID_PARAM);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtDestroyQueue(q2));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtEnqueueData(q2, "x", 1, NULL, 0, 0, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtAttachQueue(q2, 0, &perm));

    /* ---- misuse ---- */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtEnqueueData(qid, "x", 1, ud, 97, 0, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtAllocBuf(8, 5, &x));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtEnqueue(qid, NULL, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtCreateQueue(NULL, NULL));
    attr = acltdtCreateQueueAttr();
    depth = 1;
    CHECK_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &depth));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtCreateQueue(attr, &q2));
    CHECK_OK(acltdtDestroyQueueAttr(attr));
    CHECK_OK(acltdtDestroyQueue(q3));
    CHECK_OK(acltdtDestroyQueue(qid));

    stress();
    TEST_CLOSE();
    printf("tdt_queue: ok\n");
    return 0;
}
