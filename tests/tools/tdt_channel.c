/* SPDX-License-Identifier: Apache-2.0 */
/* TDT channels (acl/acl_tdt.h): a sender and a receiver in the call sequence a
 * user writes, capacity and timeout rules, stop/destroy waking blocked threads,
 * the misuse codes, and a multi-producer stress that checks every payload. */
#include <pthread.h>
#include <stdint.h>
#include <unistd.h>

#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "testutil.h"

static acltdtDataset *make_set(int64_t *dims, float *a, size_t na, int32_t *b, size_t nb)
{
    acltdtDataset *d = acltdtCreateDataset();
    CHECK(d);
    acltdtDataItem *i0 = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 2, ACL_FLOAT, a,
                                              na * sizeof(float));
    acltdtDataItem *i1 = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, ACL_INT32, b,
                                              nb * sizeof(int32_t));
    CHECK(i0 && i1);
    CHECK_OK(acltdtAddDataItem(d, i0));
    CHECK_OK(acltdtAddDataItem(d, i1));
    return d;
}

static void free_set(acltdtDataset *d)
{
    for (size_t i = 0; i < acltdtGetDatasetSize(d); i++)
        CHECK_OK(acltdtDestroyDataItem(acltdtGetDataItem(d, i)));
    CHECK_OK(acltdtDestroyDataset(d));
}

/* ---- stress: P producers, one consumer, payloads and per-producer order ---- */
#define P 3
static int g_n;
static acltdtChannelHandle *g_ch;

struct msg {
    uint32_t prod, seq;
    uint32_t body[15];
};

static void *producer(void *arg)
{
    uint32_t p = (uint32_t)(uintptr_t)arg;
    struct msg m;
    int64_t dim = (int64_t)sizeof(m) / 4;
    for (int s = 0; s < g_n; s++) {
        m.prod = p;
        m.seq = (uint32_t)s;
        for (int k = 0; k < 15; k++)
            m.body[k] = p * 1000003u + (uint32_t)s * 7919u + (uint32_t)k;
        acltdtDataset *d = acltdtCreateDataset();
        acltdtDataItem *it =
            acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, &dim, 1, ACL_UINT32, &m, sizeof(m));
        CHECK(d && it);
        CHECK_OK(acltdtAddDataItem(d, it));
        CHECK_OK(acltdtSendTensor(g_ch, d, -1));
        memset(&m, 0xEE, sizeof(m)); /* the channel holds its own copy */
        free_set(d);
    }
    return NULL;
}

static void stress(void)
{
    g_n = (int)(3000 * test_stress_scale());
    if (g_n < 200)
        g_n = 200;
    g_ch = acltdtCreateChannelWithCapacity(0, "stress", 4);
    CHECK(g_ch);
    pthread_t th[P];
    for (uintptr_t p = 0; p < P; p++)
        CHECK(pthread_create(&th[p], NULL, producer, (void *)p) == 0);
    uint32_t next[P] = {0};
    acltdtDataset *r = acltdtCreateDataset();
    for (int i = 0; i < P * g_n; i++) {
        CHECK_OK(acltdtReceiveTensor(g_ch, r, -1));
        CHECK(acltdtGetDatasetSize(r) == 1);
        acltdtDataItem *it = acltdtGetDataItem(r, 0);
        CHECK(acltdtGetDataSizeFromItem(it) == sizeof(struct msg));
        const struct msg *m = acltdtGetDataAddrFromItem(it);
        CHECK(m->prod < P);
        CHECK(m->seq == next[m->prod]); /* FIFO per producer, nothing lost or doubled */
        next[m->prod]++;
        for (int k = 0; k < 15; k++)
            CHECK(m->body[k] == m->prod * 1000003u + m->seq * 7919u + (uint32_t)k);
    }
    for (int p = 0; p < P; p++) {
        pthread_join(th[p], NULL);
        CHECK(next[p] == (uint32_t)g_n);
    }
    size_t sz = 99;
    CHECK_OK(acltdtQueryChannelSize(g_ch, &sz));
    CHECK(sz == 0);
    CHECK_OK(acltdtDestroyDataset(r));
    CHECK_OK(acltdtDestroyChannel(g_ch));
}

static void *blocked_receiver(void *arg)
{
    acltdtChannelHandle *ch = arg;
    acltdtDataset *r = acltdtCreateDataset();
    aclError rc = acltdtReceiveTensor(ch, r, -1);
    acltdtDestroyDataset(r);
    return (void *)(intptr_t)rc;
}

int main(void)
{
    /* Before aclInit a channel cannot be made. */
    CHECK(acltdtCreateChannelWithCapacity(0, "early", 4) == NULL);
    TEST_OPEN();

    /* ---- the user's sequence: create, send two tensors, receive, compare ---- */
    acltdtChannelHandle *ch = acltdtCreateChannelWithCapacity(0, "train_input", 2);
    CHECK(ch);
    float a[6] = {1, 2, 3, 4, 5, 6};
    int32_t b[2] = {-7, 42};
    int64_t dims[2] = {2, 3};
    acltdtDataset *s = make_set(dims, a, 6, b, 2);
    CHECK_OK(acltdtSendTensor(ch, s, 1000));
    a[0] = 100; /* changed after the send: the channel holds the sent copy */
    CHECK_OK(acltdtSendTensor(ch, s, 0));
    size_t sz = 0;
    CHECK_OK(acltdtQueryChannelSize(ch, &sz));
    CHECK(sz == 2);
    /* Full: non-blocking and timed sends fail with QUEUE_FULL. */
    CHECK_ACL(ACL_ERROR_RT_QUEUE_FULL, acltdtSendTensor(ch, s, 0));
    CHECK_ACL(ACL_ERROR_RT_QUEUE_FULL, acltdtSendTensor(ch, s, 20));

    acltdtDataset *r = acltdtCreateDataset();
    CHECK_OK(acltdtReceiveTensor(ch, r, -1));
    CHECK(acltdtGetDatasetSize(r) == 2);
    CHECK(strcmp(acltdtGetDatasetName(r), "train_input") == 0);
    acltdtDataItem *r0 = acltdtGetDataItem(r, 0), *r1 = acltdtGetDataItem(r, 1);
    CHECK(acltdtGetTensorTypeFromItem(r0) == ACL_TENSOR_DATA_TENSOR);
    CHECK(acltdtGetDataTypeFromItem(r0) == ACL_FLOAT);
    CHECK(acltdtGetDataTypeFromItem(r1) == ACL_INT32);
    CHECK(acltdtGetDimNumFromItem(r0) == 2 && acltdtGetDimNumFromItem(r1) == 1);
    int64_t got[2] = {0, 0};
    CHECK_OK(acltdtGetDimsFromItem(r0, got, 2));
    CHECK(got[0] == 2 && got[1] == 3);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtGetDimsFromItem(r0, got, 1));
    CHECK(acltdtGetDataSizeFromItem(r0) == sizeof(float) * 6);
    const float *ra = acltdtGetDataAddrFromItem(r0);
    CHECK(ra != a && ra[0] == 1 && ra[5] == 6);
    const int32_t *rb = acltdtGetDataAddrFromItem(r1);
    CHECK(rb[0] == -7 && rb[1] == 42);
    /* Received items belong to the dataset. */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtDestroyDataItem(r0));
    CHECK_ACL(ACL_ERROR_FEATURE_UNSUPPORTED, acltdtAddDataItem(r, acltdtGetDataItem(s, 0)));
    /* Second receive into the same dataset: the second copy (a[0] was 100 by then). */
    CHECK_OK(acltdtReceiveTensor(ch, r, 0));
    CHECK(((const float *)acltdtGetDataAddrFromItem(acltdtGetDataItem(r, 0)))[0] == 100);
    /* Empty: non-blocking and timed receives fail with QUEUE_EMPTY. */
    CHECK_ACL(ACL_ERROR_RT_QUEUE_EMPTY, acltdtReceiveTensor(ch, r, 0));
    CHECK_ACL(ACL_ERROR_RT_QUEUE_EMPTY, acltdtReceiveTensor(ch, r, 15));

    /* Clean drops what is queued. */
    CHECK_OK(acltdtSendTensor(ch, s, 0));
    CHECK_OK(acltdtCleanChannel(ch));
    CHECK_OK(acltdtQueryChannelSize(ch, &sz));
    CHECK(sz == 0);

    /* Stop wakes a receiver blocked forever; it fails. */
    pthread_t th;
    CHECK(pthread_create(&th, NULL, blocked_receiver, ch) == 0);
    usleep(20000);
    CHECK_OK(acltdtStopChannel(ch));
    void *ret;
    pthread_join(th, &ret);
    CHECK((aclError)(intptr_t)ret == ACL_ERROR_FAILURE);
    CHECK_ACL(ACL_ERROR_FAILURE, acltdtSendTensor(ch, s, 0));
    CHECK_OK(acltdtDestroyChannel(ch));

    /* Destroy wakes a blocked receiver too. */
    ch = acltdtCreateChannel(0, "plain");
    CHECK(ch);
    CHECK(pthread_create(&th, NULL, blocked_receiver, ch) == 0);
    usleep(20000);
    CHECK_OK(acltdtDestroyChannel(ch));
    pthread_join(th, &ret);
    /* FAILURE if it was blocked; INVALID_PARAM if it came after the destroy. */
    CHECK((aclError)(intptr_t)ret == ACL_ERROR_FAILURE ||
          (aclError)(intptr_t)ret == ACL_ERROR_INVALID_PARAM);

    /* ---- misuse ---- */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtDestroyChannel(ch)); /* destroyed handle */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtSendTensor(ch, s, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtSendTensor(NULL, s, 0));
    CHECK(acltdtCreateChannelWithCapacity(0, "c", 1) == NULL);     /* capacity [2, 8192] */
    CHECK(acltdtCreateChannelWithCapacity(0, "c", 8193) == NULL);
    CHECK(acltdtCreateChannelWithCapacity(0, NULL, 8) == NULL);
    char longname[200];
    memset(longname, 'x', sizeof(longname) - 1);
    longname[199] = 0;
    CHECK(acltdtCreateChannel(0, longname) == NULL);
    CHECK(acltdtCreateChannel(999, "dev") == NULL);
    ch = acltdtCreateChannel(0, "nocap");
    CHECK_ACL(ACL_ERROR_FEATURE_UNSUPPORTED, acltdtQueryChannelSize(ch, &sz));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtSendTensor(ch, s, -2));
    acltdtDataset *user = make_set(dims, a, 6, b, 2);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtReceiveTensor(ch, user, 0)); /* not empty */
    CHECK_OK(acltdtDestroyChannel(ch));
    CHECK(acltdtGetDataItem(s, 2) == NULL);
    CHECK(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 2, ACL_FLOAT, NULL, 8) == NULL);
    CHECK(acltdtCreateDataItem((acltdtTensorType)9, dims, 2, ACL_FLOAT, a, 8) == NULL);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acltdtDestroyDataset(NULL));
    free_set(user);
    free_set(s);
    CHECK_OK(acltdtDestroyDataset(r));

    stress();
    TEST_CLOSE();
    printf("tdt_channel: ok\n");
    return 0;
}
