/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sparse/convert.c: the legacy index conversions aclsparseXcsr2coo (CSR row offsets to COO
 * row indices) and aclsparseXcoo2csr (COO row indices to CSR row offsets), int32 indices,
 * index base zero or one. One task each on the handle's stream.
 *
 *  NV1. csr2coo writes, for every row i whose offsets are sane (start >= 0, end >= start),
 *       i + base at the positions [start, end) clipped to [0, nnz); an insane row is
 *       skipped and positions no row covers keep their values (CANN's documented
 *       behaviour). coo2csr counts only row indices within [base, m - 1 + base]; the others
 *       are skipped, so the offsets then add up to less than nnz (CANN's behaviour too).
 */
#include <stdlib.h>

#include "acl/acl.h"
#include "core/launch.h"
#include "sparse/sparse.h"

struct conv_task {
    bool to_coo;
    const int32_t *in;
    int32_t *out;
    int64_t nnz, m;
    int32_t base;
};

static int32_t conv_run(void *arg)
{
    const struct conv_task *t = arg;
    if (t->to_coo) {
        for (int64_t i = 0; i < t->m; i++) {
            int64_t s = (int64_t)t->in[i] - t->base, e = (int64_t)t->in[i + 1] - t->base;
            if (s < 0 || e < s)
                continue;
            if (e > t->nnz)
                e = t->nnz;
            for (int64_t k = s; k < e; k++)
                t->out[k] = (int32_t)(i + t->base);
        }
        return 0;
    }
    for (int64_t i = 0; i <= t->m; i++)
        t->out[i] = 0;
    for (int64_t k = 0; k < t->nnz; k++) {
        int64_t r = (int64_t)t->in[k] - t->base;
        if (r >= 0 && r < t->m)
            t->out[r + 1]++;
    }
    int64_t run = 0;
    for (int64_t i = 0; i <= t->m; i++) {
        run += t->out[i];
        t->out[i] = (int32_t)(run + t->base);
    }
    return 0;
}

static aclsparseStatus_t conv_launch(struct aclsparseContext *h, const struct conv_task *tmp,
                                     const char *fn)
{
    struct conv_task *t = malloc(sizeof *t);
    if (!t)
        return sparse_fail(ACL_SPARSE_STATUS_ALLOC_FAILED, fn, "out of memory");
    *t = *tmp;
    aclError rc = core_launch_owned(h->stream, conv_run, t, free, fn);
    if (rc != ACL_SUCCESS) {
        free(t);
        return sparse_fail(ACL_SPARSE_STATUS_EXECUTION_FAILED, fn,
                           "queuing on the handle's stream failed (aclError %d)", (int)rc);
    }
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseXcsr2coo(aclsparseHandle_t handle, const int32_t *csrRowPtr,
                                    int64_t nnz, int64_t m, int32_t *cooRowInd,
                                    aclsparseIndexBase_t idxBase)
{
    static const char fn[] = "aclsparseXcsr2coo";
    if (handle == NULL) /* CANN documents NOT_INITIALIZED for a NULL handle here */
        return sparse_fail(ACL_SPARSE_STATUS_NOT_INITIALIZED, fn, "handle is NULL");
    aclsparseStatus_t st;
    struct aclsparseContext *h = sparse_handle(handle, fn, &st);
    if (!h)
        return st;
    if (nnz < 0 || m < 0 || nnz > INT32_MAX || m > INT32_MAX)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "nnz %lld, m %lld: need 0 <= each <= INT32_MAX", (long long)nnz,
                           (long long)m);
    if ((m > 0 && csrRowPtr == NULL) || (nnz > 0 && cooRowInd == NULL) || !sparse_base_ok(idxBase))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "csrRowPtr or cooRowInd is NULL, or idxBase %d invalid", (int)idxBase);
    if (m == 0 && nnz != 0)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "m is 0 but nnz is %lld",
                           (long long)nnz);
    if (nnz == 0)
        return ACL_SPARSE_STATUS_SUCCESS;
    struct conv_task t = {.to_coo = true, .in = csrRowPtr, .out = cooRowInd, .nnz = nnz, .m = m,
                          .base = idxBase == ACL_SPARSE_INDEX_BASE_ONE};
    return conv_launch(h, &t, fn);
}

aclsparseStatus_t aclsparseXcoo2csr(aclsparseHandle_t handle, const int *cooRowInd, int nnz,
                                    int m, int *csrRowPtr, aclsparseIndexBase_t idxBase)
{
    static const char fn[] = "aclsparseXcoo2csr";
    aclsparseStatus_t st;
    struct aclsparseContext *h = sparse_handle(handle, fn, &st);
    if (!h)
        return st;
    if (csrRowPtr == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "csrRowPtr is NULL");
    if (nnz < 0 || m < 0 || (nnz > 0 && m == 0) || (nnz > 0 && cooRowInd == NULL) ||
        !sparse_base_ok(idxBase))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "nnz %d, m %d, cooRowInd %p, idxBase %d: invalid", nnz, m,
                           (const void *)cooRowInd, (int)idxBase);
    if (nnz == INT32_MAX && idxBase == ACL_SPARSE_INDEX_BASE_ONE)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "nnz + 1 does not fit csrRowPtr's int32");
    /* CANN counts rows in the handle's workspace: m * 4 bytes must fit (HN2). */
    size_t ws = h->user_ws ? h->user_ws_size : h->own_ws_size;
    if (nnz > 0 && (size_t)m * 4 > ws)
        return sparse_fail(ACL_SPARSE_STATUS_INSUFFICIENT_RESOURCES, fn,
                           "m %d needs %zu bytes of handle workspace, it has %zu "
                           "(aclsparseSetWorkspace)", m, (size_t)m * 4, ws);
    struct conv_task t = {.to_coo = false, .in = cooRowInd, .out = csrRowPtr, .nnz = nnz, .m = m,
                          .base = idxBase == ACL_SPARSE_INDEX_BASE_ONE};
    return conv_launch(h, &t, fn);
}
