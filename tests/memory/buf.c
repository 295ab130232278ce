/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared buffers (aclrtAllocBuf ..., docs/memory.md): data area, valid length, the
 * 96-byte private area, reference copies sharing one data area (counted: the data lives
 * until the last copy goes), chains, the same objects through the acltdt queue calls, a
 * threaded reference-copy stress with payload checks, and the misuse codes (destroyed
 * handles rejected).
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "acl/acl.h"
#include "acl/acl_tdt_queue.h"
#include "testutil.h"

static aclrtMbuf g_shared;

static void *ref_worker(void *arg)
{
    int id = (int)(intptr_t)arg;
    for (int i = 0; i < 2000; i++) {
        aclrtMbuf r = NULL;
        CHECK_OK(aclrtCopyBufRef(g_shared, &r));
        void *d = NULL;
        size_t n = 0;
        CHECK_OK(aclrtGetBufData(r, &d, &n));
        CHECK(n == 4096);
        for (size_t k = 0; k < n; k += 512)
            CHECK(((unsigned char *)d)[k] == (unsigned char)k);
        unsigned char u = (unsigned char)id, back = 0;
        CHECK_OK(aclrtSetBufUserData(r, &u, 1, 95)); /* its own record: private */
        CHECK_OK(aclrtGetBufUserData(r, &back, 1, 95));
        CHECK(back == u);
        CHECK_OK(aclrtFreeBuf(r));
    }
    return NULL;
}

/* Two threads racing on one buffer (issue 33, item 4): one copies references of it and frees
 * them, the other frees it. Exactly one free of the original succeeds, every copy made is a
 * live buffer with the payload, and nothing is freed twice (ASan/TSan builds check). */
struct race {
    aclrtMbuf buf;
    _Atomic int go;
    int frees_ok, copies_ok;
};

static void *race_copier(void *arg)
{
    struct race *r = arg;
    while (!atomic_load(&r->go))
        sched_yield();
    for (int k = 0; k < 4; k++) {
        aclrtMbuf c = NULL;
        aclError rc = aclrtCopyBufRef(r->buf, &c);
        CHECK(rc == ACL_SUCCESS || rc == ACL_ERROR_INVALID_PARAM);
        if (rc == ACL_SUCCESS) {
            void *d = NULL;
            size_t n = 0;
            CHECK_OK(aclrtGetBufData(c, &d, &n));
            CHECK(n == 64 && ((unsigned char *)d)[63] == 0xab);
            CHECK_OK(aclrtFreeBuf(c));
            r->copies_ok++;
        }
    }
    int ok = aclrtFreeBuf(r->buf) == ACL_SUCCESS;
    __atomic_fetch_add(&r->frees_ok, ok, __ATOMIC_RELAXED);
    return NULL;
}

static void *race_freer(void *arg)
{
    struct race *r = arg;
    atomic_store(&r->go, 1);
    int ok = aclrtFreeBuf(r->buf) == ACL_SUCCESS;
    __atomic_fetch_add(&r->frees_ok, ok, __ATOMIC_RELAXED);
    return NULL;
}

static void test_free_races(void)
{
    for (int it = 0; it < 500; it++) {
        struct race r = {0};
        CHECK_OK(aclrtAllocBuf(&r.buf, 64));
        void *d = NULL;
        size_t n = 0;
        CHECK_OK(aclrtGetBufData(r.buf, &d, &n));
        memset(d, 0xab, n);
        pthread_t a, b;
        CHECK(pthread_create(&a, NULL, race_copier, &r) == 0);
        CHECK(pthread_create(&b, NULL, race_freer, &r) == 0);
        CHECK(pthread_join(a, NULL) == 0 && pthread_join(b, NULL) == 0);
        CHECK(__atomic_load_n(&r.frees_ok, __ATOMIC_RELAXED) == 1);
        CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFreeBuf(r.buf));
    }
}

int main(void)
{
    aclrtMbuf b = NULL;
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtAllocBuf(&b, 16));
    TEST_OPEN();

    /* ---- one buffer ---- */
    CHECK_OK(aclrtAllocBuf(&b, 1000));
    void *data = NULL;
    size_t size = 0, len = 1;
    CHECK_OK(aclrtGetBufData(b, &data, &size));
    CHECK(data && size == 1000);
    CHECK_OK(aclrtGetBufDataLen(b, &len));
    CHECK(len == 0); /* not set yet */
    memset(data, 0xab, 1000);
    CHECK_OK(aclrtSetBufDataLen(b, 600));
    CHECK_OK(aclrtGetBufDataLen(b, &len));
    CHECK(len == 600);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtSetBufDataLen(b, 1001));
    char msg[96], got[96];
    for (int i = 0; i < 96; i++)
        msg[i] = (char)(i * 3);
    CHECK_OK(aclrtSetBufUserData(b, msg, 96, 0));
    CHECK_OK(aclrtGetBufUserData(b, got, 40, 10));
    CHECK(!memcmp(got, msg + 10, 40));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtSetBufUserData(b, msg, 90, 7));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetBufUserData(b, got, 1, 97));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetBufUserData(b, NULL, 1, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetBufData(b, NULL, &size));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtAllocBuf(NULL, 4));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtAllocBuf(&b, (size_t)1 << 33)); /* > 4G */

    /* ---- reference copies share the data area ---- */
    aclrtMbuf r = NULL;
    CHECK_OK(aclrtCopyBufRef(b, &r));
    CHECK(r && r != b);
    void *rdata = NULL;
    size_t rsize = 0;
    CHECK_OK(aclrtGetBufData(r, &rdata, &rsize));
    CHECK(rdata == data && rsize == 1000);
    CHECK_OK(aclrtGetBufDataLen(r, &len));
    CHECK(len == 600);
    CHECK_OK(aclrtGetBufUserData(r, got, 96, 0));
    CHECK(!memcmp(got, msg, 96));
    ((unsigned char *)rdata)[5] = 0x11;
    CHECK(((unsigned char *)data)[5] == 0x11);
    CHECK_OK(aclrtSetBufDataLen(r, 7)); /* lengths are per record */
    CHECK_OK(aclrtGetBufDataLen(b, &len));
    CHECK(len == 600);
    CHECK_OK(aclrtFreeBuf(b));                           /* the copy keeps the data alive */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFreeBuf(b)); /* destroyed: rejected */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetBufDataLen(b, &len));
    CHECK(((unsigned char *)rdata)[5] == 0x11 && ((unsigned char *)rdata)[999] == 0xab);
    CHECK_OK(aclrtFreeBuf(r));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCopyBufRef(r, &b));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFreeBuf(NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFreeBuf((aclrtMbuf)&len)); /* foreign */

    /* ---- chains ---- */
    aclrtMbuf head, m[130];
    CHECK_OK(aclrtAllocBuf(&head, 8));
    for (int i = 0; i < 3; i++) {
        CHECK_OK(aclrtAllocBuf(&m[i], 16 + (size_t)i));
        CHECK_OK(aclrtAppendBufChain(head, m[i]));
    }
    uint32_t num = 0;
    CHECK_OK(aclrtGetBufChainNum(head, &num));
    CHECK(num == 4);
    aclrtMbuf x = NULL;
    CHECK_OK(aclrtGetBufFromChain(head, 0, &x));
    CHECK(x == head);
    CHECK_OK(aclrtGetBufFromChain(head, 2, &x));
    CHECK(x == m[1]);
    CHECK_OK(aclrtGetBufData(x, &data, &size));
    CHECK(size == 17);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetBufFromChain(head, 4, &x));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtAppendBufChain(head, m[0])); /* twice */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtAppendBufChain(head, head));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFreeBuf(m[0])); /* owned by its head */
    for (int i = 3; i < 127; i++) {                         /* up to 128 buffers with the head */
        CHECK_OK(aclrtAllocBuf(&m[i], 1));
        CHECK_OK(aclrtAppendBufChain(head, m[i]));
    }
    CHECK_OK(aclrtAllocBuf(&m[127], 1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtAppendBufChain(head, m[127]));
    CHECK_OK(aclrtFreeBuf(m[127]));
    CHECK_OK(aclrtGetBufChainNum(head, &num));
    CHECK(num == 128);
    CHECK_OK(aclrtFreeBuf(head)); /* the chain goes with it */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetBufDataLen(m[0], &len));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetBufDataLen(m[126], &len));

    /* ---- the same objects through a TDT queue ---- */
    acltdtQueueAttr *qa = acltdtCreateQueueAttr();
    CHECK(qa);
    uint32_t qid = 0;
    CHECK_OK(acltdtCreateQueue(qa, &qid));
    CHECK_OK(aclrtAllocBuf(&b, 64));
    CHECK_OK(aclrtGetBufData(b, &data, &size));
    memcpy(data, "payload through the queue", 26);
    CHECK_OK(aclrtSetBufDataLen(b, 26));
    CHECK_OK(acltdtEnqueue(qid, b, 0));
    /* issue 33, item 4: the queue owns an enqueued buffer; freeing or enqueuing it again is
     * refused (it was freed, and the dequeue returned the freed record) */
    CHECK(acltdtFreeBuf(b) == ACL_ERROR_INVALID_PARAM);
    const char *why = aclGetRecentErrMsg();
    CHECK(why && strstr(why, "in a queue"));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFreeBuf(b));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtEnqueue(qid, b, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtAppendBufChain(b, m[0]));
    acltdtBuf out = NULL;
    CHECK_OK(acltdtDequeue(qid, &out, 0));
    CHECK(out == b);
    CHECK_OK(aclrtGetBufDataLen(out, &len));
    CHECK(len == 26);
    CHECK_OK(acltdtGetBufData(out, &data, &size));
    CHECK(!memcmp(data, "payload through the queue", 26));
    CHECK_OK(acltdtFreeBuf(out));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtFreeBuf(b));
    CHECK_OK(acltdtDestroyQueue(qid));
    CHECK_OK(acltdtDestroyQueueAttr(qa));

    /* ---- threads copying references of one buffer ---- */
    CHECK_OK(aclrtAllocBuf(&g_shared, 4096));
    CHECK_OK(aclrtGetBufData(g_shared, &data, &size));
    for (size_t k = 0; k < size; k++)
        ((unsigned char *)data)[k] = (unsigned char)k;
    pthread_t th[4];
    for (int i = 0; i < 4; i++)
        CHECK(pthread_create(&th[i], NULL, ref_worker, (void *)(intptr_t)i) == 0);
    for (int i = 0; i < 4; i++)
        CHECK(pthread_join(th[i], NULL) == 0);
    unsigned char u = 0xee;
    CHECK_OK(aclrtGetBufUserData(g_shared, &u, 1, 95));
    CHECK(u == 0); /* the copies' private areas were their own */
    CHECK_OK(aclrtFreeBuf(g_shared));
    test_free_races();

    TEST_CLOSE();
    printf("memory_buf: ok\n");
    return 0;
}
