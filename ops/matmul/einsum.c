/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Einsum: output[out-term] = sum over the other labels of input1[term1] *
 * input2[term2], for the equations CANN documents ("abcd,abced->abce" and
 * "a,b->ab").
 *
 *  ES1. One loop over every assignment of the labels (the output's outer,
 *      the summed ones inner); each label's size comes from the inputs,
 *      which must agree, and the output's dims are its labels' sizes.
 *  ES2. Float types multiply and add in double, integers in int64 with
 *      wrap-around as torch's integer einsum; the sum is stored once into
 *      output's type (tensors and output of one type).
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_einsum.h"
#include "ops/engine/engine.h"
#include "ops/matmul/table.h"

#define ES_LABELS 8

struct es_plan {
    struct ops_tensor a, b, out;
    int nl, nout;            /* labels, of which the first nout are the output's */
    int64_t size[ES_LABELS]; /* per label */
    int64_t sa[ES_LABELS];   /* per label: its stride in a's contiguous copy (0: absent) */
    int64_t sb[ES_LABELS];
    int ck; /* CK_F64 or CK_I64 (ES2) */
};

static int32_t es_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct es_plan *p = e->plan;
    const size_t es = (size_t)ops_ck_size(p->ck);
    char *a = malloc((size_t)p->a.numel * es), *b = malloc((size_t)p->b.numel * es);
    char *o = malloc((size_t)(p->out.numel ? p->out.numel : 1) * es);
    int32_t rc = 0;
    if (!a || !b || !o) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    ops_gather_nd(a, p->ck, ops_base(&p->a, addr), p->a.dt, p->a.ndim, p->a.dims, p->a.strides);
    ops_gather_nd(b, p->ck, ops_base(&p->b, addr), p->b.dt, p->b.ndim, p->b.dims, p->b.strides);
    int64_t nsum = 1;
    for (int l = p->nout; l < p->nl; l++)
        nsum *= p->size[l];
    int64_t idx[ES_LABELS] = {0};
    for (int64_t oi = 0; oi < p->out.numel; oi++) {
        double fs = 0;
        uint64_t is = 0;
        for (int l = p->nout; l < p->nl; l++)
            idx[l] = 0;
        for (int64_t si = 0; si < nsum; si++) {
            int64_t ia = 0, ib = 0;
            for (int l = 0; l < p->nl; l++)
                ia += idx[l] * p->sa[l], ib += idx[l] * p->sb[l];
            if (p->ck == CK_F64)
                fs += ((const double *)(void *)a)[ia] * ((const double *)(void *)b)[ib];
            else
                is += (uint64_t)((const int64_t *)(void *)a)[ia] *
                      (uint64_t)((const int64_t *)(void *)b)[ib];
            for (int l = p->nl - 1; l >= p->nout; l--) /* the summed labels' odometer */
                if (++idx[l] < p->size[l])
                    break;
                else
                    idx[l] = 0;
        }
        if (p->ck == CK_F64)
            ((double *)(void *)o)[oi] = fs;
        else
            ((int64_t *)(void *)o)[oi] = (int64_t)is;
        for (int l = p->nout - 1; l >= 0; l--) /* the output labels' odometer */
            if (++idx[l] < p->size[l])
                break;
            else
                idx[l] = 0;
    }
    if (p->out.numel)
        ops_scatter_nd(o, p->ck, ops_base(&p->out, addr), p->out.dt, p->out.ndim, p->out.dims,
                       p->out.strides);
done:
    free(a);
    free(b);
    free(o);
    return rc;
}

aclnnStatus aclnnEinsumGetWorkspaceSize(const aclTensorList *tensors, const char *equation,
                                        aclTensor *output, WS)
{
    const char *name = "aclnnEinsum";
    OPS_CHECK_NULLS(name, tensors, equation, output, workspaceSize, executor);
    static const char *const known[] = {"abcd,abced->abce", "a,b->ab"};
    if (strcmp(equation, known[0]) && strcmp(equation, known[1]))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: equation \"%s\" is not one CANN supports (\"%s\", \"%s\")", name,
                       equation, known[0], known[1]);
    if (tensors->n != 2 || !tensors->v[0] || !tensors->v[1])
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: tensors must hold two tensors", name);
    const aclTensor *t[2] = {tensors->v[0], tensors->v[1]};
    aclnnStatus rc;
    int dt;
    if ((rc = ops_need_dt(name, "tensors", t[0]->dtype, OPS_DT_Einsum, &dt)) ||
        (rc = ops_need_dt(name, "output", output->dtype, OPS_DT_Einsum, &dt)))
        return rc;
    if (t[1]->dtype != t[0]->dtype || output->dtype != t[0]->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: tensors and output must have one type", name);
    /* the terms: term1, term2 and the output's, labels in order of first use (ES1) */
    const char *arrow = strstr(equation, "->"), *comma = strchr(equation, ',');
    const char *term[3] = {equation, comma + 1, arrow + 2};
    const int len[3] = {(int)(comma - equation), (int)(arrow - comma - 1), (int)strlen(arrow + 2)};
    char lab[ES_LABELS];
    int nl = 0;
    for (int i = 0; i < len[2]; i++)
        lab[nl++] = term[2][i];
    const int nout = nl;
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < len[k]; i++)
            if (!memchr(lab, term[k][i], (size_t)nl))
                lab[nl++] = term[k][i];
    int64_t size[ES_LABELS];
    for (int l = 0; l < nl; l++)
        size[l] = -1;
    for (int k = 0; k < 2; k++) {
        if ((int)t[k]->ndim != len[k])
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: tensors[%d] has %u dims, its term %d",
                           name, k, t[k]->ndim, len[k]);
        for (int i = 0; i < len[k]; i++) {
            int l = (int)((const char *)memchr(lab, term[k][i], (size_t)nl) - lab);
            if (size[l] >= 0 && size[l] != t[k]->dims[i])
                return ops_err(ACLNN_ERR_PARAM_INVALID,
                               "%s: label %c has sizes %lld and %lld in tensors", name, lab[l],
                               (long long)size[l], (long long)t[k]->dims[i]);
            size[l] = t[k]->dims[i];
        }
    }
    for (int k = 0; k < 2; k++)
        if (ops_numel(t[k]->dims, (int)t[k]->ndim) == 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: empty tensors are not supported", name);
    if ((rc = ops_check_shape(name, size, nout, output, "output")))
        return rc;
    struct aclOpExecutor *e = ops_exec_plan(name, 2, 1, sizeof(struct es_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct es_plan *p = e->plan;
    if ((rc = ops_tensor_from(&p->a, t[0], ops_exec_slot(e, t[0]), name, "tensors")) ||
        (rc = ops_tensor_from(&p->b, t[1], ops_exec_slot(e, t[1]), name, "tensors")) ||
        (rc = ops_tensor_from(&p->out, output, ops_exec_slot(e, output), name, "output"))) {
        ops_exec_discard(e);
        return rc;
    }
    p->nl = nl, p->nout = nout;
    memcpy(p->size, size, sizeof(size));
    memset(p->sa, 0, sizeof(p->sa)); /* a label absent from a term strides 0 there */
    memset(p->sb, 0, sizeof(p->sb));
    int64_t *st[2] = {p->sa, p->sb};
    for (int k = 0; k < 2; k++) {
        int64_t s = 1;
        for (int i = len[k] - 1; i >= 0; i--) {
            int l = (int)((const char *)memchr(lab, term[k][i], (size_t)nl) - lab);
            st[k][l] = s;
            s *= t[k]->dims[i];
        }
    }
    p->ck = ops_dt_is_float(dt) ? CK_F64 : CK_I64;
    e->run = es_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Einsum)
