/* SPDX-License-Identifier: Apache-2.0 */
/* Quantised weights for the WeightQuantBatchMatmul tests (ops_quant_matmul.c,
 * ops_quant_int8x.c): a weight [k, n] of INT4 (values -8..7) or INT8 values
 * (-128..127), drawn with ot_rand01, stored k-major (strides (1, k): ggml's
 * transposed view) or row-major from element off, with pad spare bytes after
 * the last one. Include after optest.h. */
#ifndef CPUACL_TESTS_OPS_QUANT_WEIGHT_H
#define CPUACL_TESTS_OPS_QUANT_WEIGHT_H

typedef struct {
    aclTensor *t;
    unsigned char *buf;
    int8_t *val; /* logical values [k * n], row-major */
} qweight;

static void qw_make(qweight *w, bool int4, int64_t k, int64_t n, bool kmajor, int64_t off,
                    size_t pad)
{
    w->val = malloc((size_t)(k * n));
    CHECK(w->val);
    const int64_t nel = off + k * n, bytes = int4 ? (nel + 1) / 2 : nel;
    w->buf = malloc((size_t)bytes + pad);
    CHECK(w->buf);
    memset(w->buf, 0xA5, (size_t)bytes + pad);
    int64_t st[2] = {kmajor ? 1 : n, kmajor ? k : 1};
    for (int64_t r = 0; r < k; r++)
        for (int64_t c = 0; c < n; c++) {
            const int v = int4 ? (int)(ot_rand01() * 16) - 8 : (int)(ot_rand01() * 256) - 128;
            w->val[r * n + c] = (int8_t)v;
            const int64_t i = off + r * st[0] + c * st[1];
            if (int4) {
                const unsigned char nib = (unsigned char)(v & 15);
                w->buf[i / 2] = (unsigned char)((i & 1) ? ((w->buf[i / 2] & 0x0F) | (nib << 4))
                                                        : ((w->buf[i / 2] & 0xF0) | nib));
            } else {
                w->buf[i] = (unsigned char)(int8_t)v;
            }
        }
    int64_t dims[2] = {k, n}, storage = nel;
    w->t = aclCreateTensor(dims, 2, int4 ? ACL_INT4 : ACL_INT8, st, off, ACL_FORMAT_ND, &storage, 1,
                           w->buf);
    CHECK(w->t);
}

static void qw_free(qweight *w)
{
    aclDestroyTensor(w->t);
    free(w->buf);
    free(w->val);
}

#endif
