/* SPDX-License-Identifier: Apache-2.0 */
/*
 * 1-bit Adam's sign bits: SignBitsPack packs the signs of a float vector into UINT8 bytes,
 * SignBitsUnpack turns bytes back into +1 / -1.
 *
 *  SGN1. Bit i % 8 of byte i / 8 (the lowest bit first) is element i's sign bit: 1 when the
 *      element is >= 0 (so -0.0 gives 1 and NaN 0: CANN's kernel compares x >= 0), 0 when
 *      it is negative; a last byte of fewer than 8 elements is padded with 0 bits (CANN pads
 *      with -1.0). Unpacking gives +1.0 for a 1 bit and -1.0 for a 0 bit.
 *  SGN2. Both outputs are 2-d, [size, total / size]: the packed ceil(n / 8) bytes, or the
 *      8 * n unpacked values, must divide by size (> 0), and out's first dim is size.
 */
#include <stdlib.h>

#include "aclnnop/aclnn_sign_bits_pack.h"
#include "aclnnop/aclnn_sign_bits_unpack.h"
#include "ops/engine/engine.h"
#include "ops/quant/table.h"

struct sb_plan {
    struct ops_tensor in, out;
    bool pack;
};

static int32_t sb_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct sb_plan *p = e->plan;
    const struct ops_tensor *in = &p->in, *o = &p->out;
    int64_t n = in->numel, nb = p->pack ? (n + 7) / 8 : n;
    double *v = malloc((size_t)(p->pack ? n : 8 * n) * sizeof(double) + 8);
    uint8_t *b = calloc((size_t)nb + 1, 1);
    if (!v || !b) {
        free(v);
        free(b);
        return ACL_ERROR_BAD_ALLOC;
    }
    if (p->pack) { /* SGN1 */
        ops_gather_nd(v, CK_F64, ops_base(in, addr), in->dt, in->ndim, in->dims, in->strides);
        for (int64_t i = 0; i < n; i++)
            if (v[i] >= 0)
                b[i >> 3] |= (uint8_t)(1u << (i & 7));
        ops_scatter_nd(b, CK_RAW1, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    } else {
        ops_gather_nd(b, CK_RAW1, ops_base(in, addr), in->dt, in->ndim, in->dims, in->strides);
        for (int64_t i = 0; i < 8 * n; i++)
            v[i] = b[i >> 3] >> (i & 7) & 1 ? 1.0 : -1.0;
        ops_scatter_nd(v, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    }
    free(v);
    free(b);
    return 0;
}

/* The checks both share (SGN2): self 1-d, out [size, total / size]. */
static aclnnStatus sb_op(const char *name, const aclTensor *self, int64_t size, bool pack,
                         const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")))
        return rc;
    if (self->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %u dims (1)", name,
                       (unsigned)self->ndim);
    if (size <= 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: size %lld must be positive", name,
                       (long long)size);
    int64_t n = self->dims[0], total = pack ? (n + 7) / 8 : 8 * n;
    if (total % size)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %lld %s do not divide by size %lld", name,
                       (long long)total, pack ? "packed bytes" : "unpacked values",
                       (long long)size);
    int64_t want[2] = {size, total / size};
    if ((rc = ops_check_shape(name, want, 2, out, "out")))
        return rc;
    OPS_PLAN(e, p, name, 1, 1, struct sb_plan, NULL, {&p->in, self, "self"}, {&p->out, out, "out"});
    p->pack = pack;
    e->run = n ? sb_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnSignBitsPackGetWorkspaceSize(const aclTensor *self, int64_t size, aclTensor *out,
                                              WS)
{
    const char *name = "aclnnSignBitsPack";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    int dt;
    aclnnStatus rc;
    if ((rc = ops_need_dt(name, "self", self->dtype, OPS_DT_SignBitsPack, &dt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT2_SignBitsPack, &dt)))
        return rc;
    return sb_op(name, self, size, true, out, workspaceSize, executor);
}

aclnnStatus aclnnSignBitsUnpackGetWorkspaceSize(const aclTensor *self, int64_t size,
                                                aclDataType dtype, aclTensor *out, WS)
{
    const char *name = "aclnnSignBitsUnpack";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    int dt, od;
    aclnnStatus rc;
    if ((rc = ops_need_dt(name, "self", self->dtype, OPS_DT_SignBitsUnpack, &dt)) ||
        (rc = ops_need_dt(name, "dtype", dtype, OPS_DT2_SignBitsUnpack, &od)))
        return rc;
    if (out->dtype != dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out is %s, dtype says %s", name,
                       ops_dt_name(out->dtype), ops_dt_name(dtype));
    return sb_op(name, self, size, false, out, workspaceSize, executor);
}

PHASE2(SignBitsPack)
PHASE2(SignBitsUnpack)
