/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Operators that are a view computation plus strided copies on move.c's move
 * plan (move.h): SplitTensor, SplitWithSize, Stack, Flatten, Expand, SliceV2, StridedSlice (and
 * StridedSliceV2's ops_strided_slice, shape.h),
 * ChannelShuffle, ConfusionTranspose, Diag, DiagPart and DiagFlat.
 *
 * Each builds, in phase 1, the source view each output element reads:
 *  VW1. SplitTensor / SplitWithSize: one move per output, self's sub-view
 *      from the piece's start along dim. Stack: one move per input into out's
 *      sub-view at index k of the new dim (converted as Cat converts, MV4).
 *  VW2. Expand: size's entries (-1 keeps self's size) broadcast self (leading
 *      new dims, size-1 dims) with zero source strides. SliceV2: per listed
 *      axis, Slice's clamping, the start's offset and the step's stride;
 *      ops_strided_slice (StridedSliceV2) the same with any nonzero step (a
 *      negative one: a negative source stride, the dim walked backwards).
 *  VW3. Reshapes (Flatten's out, ConfusionTranspose's reshaped side) give a
 *      tensor of one shape the strides of another by PyTorch's view rule
 *      (view_strides): always possible for a contiguous tensor, otherwise
 *      when each merged group of dims is itself contiguous; a view that is
 *      not possible is refused with 161002 naming the tensor.
 *  VW4. ChannelShuffle: the channel dim C splits into (groups, C / groups) and
 *      the two are swapped: out channel j * groups + g = self channel
 *      g * (C / groups) + j.
 *  VW5. Diag: a 1-d self gives a square matrix with self on diagonal d (a
 *      zero move, MV7, then the diagonal); a 2-d self gives its diagonal d as
 *      a vector (source stride s0 + s1). DiagFlat: self flattened (row-major)
 *      on diagonal d of a square matrix. InplaceFillDiagonal writes fillValue
 *      at (i, i, ..., i), i < min(dims) (all dims equal beyond 2); a 2-d
 *      matrix taller than wide with wrap continues every C + 1 rows
 *      (row-major flat index j (C + 1), torch.fill_diagonal_).
 *  VW6. Flip: self's view starting at the last element of each flipped dim, that dim's
 *      stride negated (torch.flip; dims wrap, none named twice).
 *  VW8. SliceV3 (ops-math's experimental slice_v3, TensorFlow's Slice): y = x[begin[d] :
 *      begin[d] + size[d]] on every dim; begin and size have one entry per dim, each >= 0, the
 *      slice inside the dim (CANN's README gives the formula only; TensorFlow's size -1, "to the
 *      end", is refused: an open guess).
 *  VW9. Transposev (ops-math's experimental transposev): Permute with perm a tensor (INT32 or
 *      INT64, one entry per dim of x, each in [-rank, rank)), read at each launch, as CANN's
 *      kernel reads it: the move is built then (mv_launch); a perm that is not a permutation
 *      fails the launch before any write (507015). out receives the permuted tensor in
 *      row-major order: CANN's kernel writes its memory so, and its example gives out x's
 *      shape, so out is checked for x's type, x's element count and a dense layout only.
 *  VW10. ConcatV2 and PackV2 (ops-math's experimental concat_v2, pack_v2): Cat and Stack of two
 *      tensors of one type and shape (ConcatV2: but along d) along d (PackV2: d in [0, rank],
 *      the new dim). CANN's kernels write the result in row-major order over out's memory and
 *      their examples give out another shape of that element count, so out is checked for the
 *      type, the element count and a dense layout only: two moves into out's memory seen with
 *      the result's shape.
 *  VW11. BroadcastV2 (ops-math's experimental broadcast_v2, Ascend C's Broadcast): y = x with
 *      its dim `axis` (of size 1) broadcast to num; dim is x's rank (1 or 2, Ascend C's
 *      template); bufferMode and isReuseSource are Ascend C's buffer options, unused. A dim of
 *      size other than 1 ("num times its length", CANN's README) is refused: an open guess.
 *  VW12. Split (ops-math's experimental split, numpy.split): indices_or_sections of one entry k
 *      splits x along axis into k equal pieces (the dim divisible by k), of more entries
 *      a0 <= a1 <= ... (inside the dim) into [0, a0), [a0, a1), ..., [a_last, N); axis -1
 *      splits x flattened (CANN's README: "-1 flattens to one dim"; x then dense, each piece
 *      1-d), any other axis wraps against x's dims. Ordered split points are required
 *      (numpy takes any and clamps: an open guess).
 *  VW7. StridedSlice (TensorFlow's strided slice, numpy's basic indexing): the spec entries
 *      (begin, end, strides, one per entry) walk self's dims; an ellipsis entry (the one bit of
 *      ellipsisMask; none: an implicit one at the end) stands for the dims no other entry
 *      takes, a newAxisMask entry adds a dim of 1 and takes none (an ellipsis bit wins over
 *      it), a shrinkAxisMask entry takes element begin (negative from the end, inside the
 *      dim) and drops the dim, every other entry is a slice: begin / end masked to the dim's
 *      start / end in the stride's direction, else counted from the end when negative and
 *      clamped to [0, N] (stride > 0) or [-1, N - 1] (stride < 0). out has the resulting
 *      shape; the move runs over self's dims (counts, first element, stride per dim) into out's
 *      strides of the dims that stay (a dropped dim has 1 element).
 *  VW13. StridedSliceAssignV2 (ops-math's conversion/strided_slice_assign_v2): the reverse
 *      move, inputValue into the strided view of varRef that SliceV2 would read (Python slice
 *      clamping per listed axis; positive strides, 1 on the last dim as CANN's docs require).
 * Types: every supported type; out of self's type (Stack: promoted and cast).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_broadcast_v2.h"
#include "aclnnop/aclnn_channel_shuffle.h"
#include "aclnnop/aclnn_concat_v2.h"
#include "aclnnop/aclnn_confusion_transpose.h"
#include "aclnnop/aclnn_diag.h"
#include "aclnnop/aclnn_diag_flat.h"
#include "aclnnop/aclnn_diag_part.h"
#include "aclnnop/aclnn_expand.h"
#include "aclnnop/aclnn_expandv.h"
#include "aclnnop/aclnn_fill_diagonal.h"
#include "aclnnop/aclnn_flatten.h"
#include "aclnnop/aclnn_flip.h"
#include "aclnnop/aclnn_pack_v2.h"
#include "aclnnop/aclnn_slice_v2.h"
#include "aclnnop/aclnn_slice_v3.h"
#include "aclnnop/aclnn_split.h"
#include "aclnnop/aclnn_split_tensor.h"
#include "aclnnop/aclnn_split_with_size.h"
#include "aclnnop/aclnn_stack.h"
#include "aclnnop/aclnn_strided_slice.h"
#include "aclnnop/aclnn_strided_slice_assign_v2.h"
#include "aclnnop/aclnn_transposev.h"
#include "ops/engine/engine.h"
#include "ops/engine/ew_build.h" /* ops_scalar_to */
#include "ops/shape/move.h"
#include "ops/shape/shape.h"
#include "ops/shape/table.h"

/* ---- helpers ----------------------------------------------------------------------------------
 */

static struct mv *mv_at(struct aclOpExecutor *e, int i)
{
    return &((struct mv_plan *)e->plan)->m[i];
}

/* One move over the index space dims[nd]: source strides sst from self's view, destination
 * strides dst (NULL: out's own, out then having the shape dims). soff is added to the source. */
static void mv_fill(struct mv *m, int nd, const int64_t *dims, const int64_t *sst,
                    const int64_t *dst, int64_t soff)
{
    m->nd = nd;
    for (int k = 0; k < nd; k++) {
        m->dims[k] = dims[k];
        m->sst[k] = sst[k];
        m->dstr[k] = dst[k];
    }
    m->soff += soff;
}

/* VW3: strides for the tensor (dims, st) seen with shape nd[nn] (same element count);
 * false when that view is not strided. PyTorch's computeStride. */
static bool view_strides(const int64_t *od, const int64_t *os, int on, const int64_t *nd, int nn,
                         int64_t *ns)
{
    int64_t numel = ops_numel(od, on);
    if (numel == 0 || on == 0) { /* any strides do: nothing is read, or one element */
        int64_t s = 1;
        for (int k = nn - 1; k >= 0; k--) {
            ns[k] = s;
            s *= nd[k] > 1 ? nd[k] : 1;
        }
        return true;
    }
    int vi = nn - 1;
    int64_t chunk = os[on - 1], tensor_numel = 1, view_numel = 1;
    for (int ti = on - 1; ti >= 0; ti--) {
        tensor_numel *= od[ti];
        if (ti == 0 || (od[ti - 1] != 1 && os[ti - 1] != tensor_numel * chunk)) {
            while (vi >= 0 && (view_numel < tensor_numel || nd[vi] == 1)) {
                ns[vi] = view_numel * chunk;
                view_numel *= nd[vi];
                vi--;
            }
            if (view_numel != tensor_numel)
                return false;
            if (ti > 0) {
                chunk = os[ti - 1];
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    return vi == -1;
}

/* The one-to-one executor: self -> out over out's shape (checked against want). */
static aclnnStatus one_move(const char *name, unsigned types, const aclTensor *self,
                            const aclTensor *out, const int64_t *want, int nw,
                            struct aclOpExecutor **pe, struct ops_tensor *x, struct ops_tensor *o)
{
    aclnnStatus rc;
    if ((rc = mv_check_types(name, types, self, "self", out)) ||
        (rc = ops_check_out_shape(name, out, want, nw)))
        return rc;
    return mv_single(name, self, out, pe, x, o);
}

/* Entry k of a tensor list named lname: not NULL, at most 8 dims; what[40] gets its name. */
static aclnnStatus list_entry(const char *name, const aclTensorList *l, const char *lname,
                              uint64_t k, char *what)
{
    snprintf(what, 40, "%s[%llu]", lname, (unsigned long long)k);
    if (!l->v[k])
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, what);
    return ops_check_dims(l->v[k], name, what);
}

/* self of at least 1 dim, dim wrapped into d. */
static aclnnStatus split_dim(const char *name, const aclTensor *self, int64_t dim, int *d)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")))
        return rc;
    if (self->ndim == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self must have at least 1 dim", name);
    return ops_wrap_dim(name, dim, (int)self->ndim, d);
}

/* ---- SplitTensor / SplitWithSize (VW1) --------------------------------------------------------
 */

/* flat: self (dense) split as the 1-d tensor of its elements (Split's axis -1, VW12). */
static aclnnStatus split_op(const char *name, unsigned types, const aclTensor *self, int64_t dim,
                            const int64_t *sizes, uint64_t n, const aclTensorList *out, bool flat,
                            uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    int nd = (int)self->ndim, d, dt;
    if ((rc = flat ? ops_check_dims(self, name, "self") : split_dim(name, self, dim, &d)) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &dt)))
        return rc;
    int64_t fdims[1] = {ops_numel(self->dims, nd)}, unit[1] = {1};
    const int64_t *sdims = flat ? fdims : self->dims;
    if (flat) {
        nd = 1;
        d = 0;
    }
    if (out->n != n)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has %llu tensors; the split gives %llu",
                       name, (unsigned long long)out->n, (unsigned long long)n);
    if (n > 32766)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %llu pieces, at most 32766", name,
                       (unsigned long long)n);
    for (uint64_t k = 0; k < n; k++) {
        const aclTensor *t = out->v[k];
        char what[40];
        if ((rc = list_entry(name, out, "out", k, what)))
            return rc;
        if (t->dtype != self->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s has data type %s and self %s; they must be the same", name, what,
                           ops_dt_name(t->dtype), ops_dt_name(self->dtype));
        int64_t want[OPS_MAX_DIMS];
        memcpy(want, sdims, (size_t)nd * sizeof(int64_t));
        want[d] = sizes[k];
        if ((rc = ops_check_shape(name, want, nd, t, what)))
            return rc;
    }
    struct aclOpExecutor *e = mv_exec_new(name, 1, (uint16_t)n, (int)n);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor x;
    if ((rc = OPS_VIEWS(e, {&x, self, "self"})))
        return rc;
    int64_t pos = 0;
    for (uint64_t k = 0; k < n; k++) {
        struct ops_tensor o;
        if ((rc = ops_tensor_from(&o, out->v[k], ops_exec_slot(e, out->v[k]), name, "out[]"))) {
            ops_exec_discard(e);
            return rc;
        }
        struct mv *m = mv_at(e, (int)k);
        mv_ends(m, &x, &o);
        const int64_t *xs = flat ? unit : x.strides;
        mv_fill(m, nd, o.dims, xs, o.strides, sizes[k] ? pos * xs[d] : 0);
        pos += sizes[k];
    }
    return mv_finish(e, ws, ex);
}

aclnnStatus aclnnSplitTensorGetWorkspaceSize(const aclTensor *self, uint64_t splitSections,
                                             int64_t dim, aclTensorList *out, WS)
{
    const char *name = "aclnnSplitTensor";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    int d;
    if ((rc = split_dim(name, self, dim, &d)))
        return rc;
    int64_t size = self->dims[d];
    if (splitSections == 0 && size != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: splitSections must be positive", name);
    /* torch.split: pieces of splitSections, the last one shorter; one piece for size 0. */
    uint64_t n = size == 0 ? 1 : ((uint64_t)size + splitSections - 1) / splitSections;
    if (n > 32766)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %llu pieces, at most 32766", name,
                       (unsigned long long)n);
    int64_t *sizes = malloc((size_t)n * sizeof(int64_t));
    if (!sizes)
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    for (uint64_t k = 0; k < n; k++) {
        uint64_t left = (uint64_t)size - k * splitSections;
        sizes[k] = (int64_t)(left < splitSections ? left : splitSections);
    }
    rc = split_op(name, OPS_DT_SplitTensor, self, dim, sizes, n, out, false, workspaceSize,
                  executor);
    free(sizes);
    return rc;
}
PHASE2(SplitTensor)

aclnnStatus aclnnSplitWithSizeGetWorkspaceSize(const aclTensor *self, const aclIntArray *splitSize,
                                               int64_t dim, aclTensorList *out, WS)
{
    const char *name = "aclnnSplitWithSize";
    OPS_CHECK_NULLS(name, self, splitSize, out, workspaceSize, executor);
    aclnnStatus rc;
    int d;
    if ((rc = split_dim(name, self, dim, &d)))
        return rc;
    int64_t sum = 0;
    for (uint64_t k = 0; k < splitSize->n; k++) {
        if (splitSize->v[k] < 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: splitSize[%llu] = %lld is negative", name,
                           (unsigned long long)k, (long long)splitSize->v[k]);
        if (__builtin_add_overflow(sum, splitSize->v[k], &sum))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: splitSize's sum overflows", name);
    }
    if (sum != self->dims[d])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: splitSize sums to %lld; dim %d of self has %lld", name, (long long)sum,
                       d, (long long)self->dims[d]);
    return split_op(name, OPS_DT_SplitWithSize, self, dim, splitSize->v, splitSize->n, out, false,
                    workspaceSize, executor);
}
PHASE2(SplitWithSize)

/* ---- Stack (VW1) ------------------------------------------------------------------------------
 */

aclnnStatus aclnnStackGetWorkspaceSize(const aclTensorList *tensors, int64_t dim, aclTensor *out,
                                       WS)
{
    const char *name = "aclnnStack";
    OPS_CHECK_NULLS(name, tensors, out, workspaceSize, executor);
    uint64_t n = tensors->n;
    if (n == 0 || n > 32766)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: tensors has %llu entries (1 to 32766)", name,
                       (unsigned long long)n);
    aclnnStatus rc;
    int prom = DT_NONE, odt;
    const aclTensor *first = tensors->v[0];
    for (uint64_t k = 0; k < n; k++) {
        const aclTensor *t = tensors->v[k];
        char what[40];
        int dt;
        if ((rc = list_entry(name, tensors, "tensors", k, what)) ||
            (rc = ops_need_dt(name, what, t->dtype, OPS_DT_Stack, &dt)))
            return rc;
        if (!ops_same_shape(t, first)) {
            char a[160], b[160];
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has shape %s, tensors[0] %s", name,
                           what, ops_shape_str(a, sizeof a, t->dims, (int)t->ndim),
                           ops_shape_str(b, sizeof b, first->dims, (int)first->ndim));
        }
        prom = k ? ops_promote(prom, dt) : dt;
    }
    if ((rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_Stack, &odt)))
        return rc;
    if (!ops_can_cast(prom, odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the tensors promote to %s, which cannot be cast to out's %s", name,
                       ops_dt_name(ops_dt_acl(prom)), ops_dt_name(out->dtype));
    int nd = (int)first->ndim, d;
    if (nd + 1 > OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the tensors have %d dims, at most %d", name,
                       nd, OPS_MAX_DIMS - 1);
    if ((rc = ops_wrap_dim(name, dim, nd + 1, &d)))
        return rc;
    int64_t want[OPS_MAX_DIMS];
    for (int k = 0, j = 0; k <= nd; k++)
        want[k] = k == d ? (int64_t)n : first->dims[j++];
    if ((rc = ops_check_out_shape(name, out, want, nd + 1)))
        return rc;
    struct aclOpExecutor *e = mv_exec_new(name, (uint16_t)n, 1, (int)n);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    uint16_t cnt = (uint16_t)n;
    ops_exec_ir(e, &cnt, 1);
    struct ops_tensor *tin = calloc((size_t)n, sizeof(*tin));
    if (!tin) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    }
    rc = ACLNN_SUCCESS;
    for (uint64_t k = 0; k < n && !rc; k++)
        rc = ops_tensor_from(&tin[k], tensors->v[k], ops_exec_slot(e, tensors->v[k]), name,
                             "tensors[]");
    struct ops_tensor o;
    if (!rc)
        rc = ops_tensor_from(&o, out, ops_exec_slot(e, out), name, "out");
    if (rc) {
        free(tin);
        ops_exec_discard(e);
        return rc;
    }
    int64_t dst[OPS_MAX_DIMS];
    for (int k = 0, j = 0; k <= nd; k++)
        if (k != d)
            dst[j++] = o.strides[k];
    for (uint64_t k = 0; k < n; k++) {
        struct mv *m = mv_at(e, (int)k);
        mv_ends(m, &tin[k], &o);
        mv_cast(m, prom);
        mv_fill(m, nd, tin[k].dims, tin[k].strides, dst, 0);
        m->doff += (int64_t)k * o.strides[d];
    }
    free(tin);
    return mv_finish(e, workspaceSize, executor);
}
PHASE2(Stack)

/* ---- Flatten (VW3) ----------------------------------------------------------------------------
 */

aclnnStatus aclnnFlattenGetWorkspaceSize(const aclTensor *self, int64_t axis, aclTensor *out, WS)
{
    const char *name = "aclnnFlatten";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")))
        return rc;
    int nd = (int)self->ndim, a;
    /* axis in [-nd, nd]: out is (prod dims[:axis], prod dims[axis:]); a 0-d self is 1 x 1. */
    if (axis < -nd || axis > nd || (nd == 0 && axis != 0 && axis != -1 && axis != 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: axis %lld is outside [%d, %d]", name,
                       (long long)axis, -nd, nd);
    a = nd ? (int)(axis < 0 ? axis + nd : axis) : 0;
    int64_t want[2] = {ops_numel(self->dims, a), ops_numel(self->dims + a, nd - a)};
    struct aclOpExecutor *e;
    struct ops_tensor x, o;
    if ((rc = one_move(name, OPS_DT_Flatten, self, out, want, 2, &e, &x, &o)))
        return rc;
    int64_t dst[OPS_MAX_DIMS];
    if (!view_strides(o.dims, o.strides, 2, x.dims, nd, dst)) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out's strides cannot hold self's shape", name);
    }
    mv_fill(mv_at(e, 0), nd, x.dims, x.strides, dst, 0);
    return mv_finish(e, workspaceSize, executor);
}
PHASE2(Flatten)

/* ---- Expand (VW2) -----------------------------------------------------------------------------
 */

/* Expand and Expandv (ops-math's experimental form), types: the row's. */
static aclnnStatus expand_op(const char *name, unsigned types, const aclTensor *self,
                             const aclIntArray *size, const aclTensor *out, uint64_t *workspaceSize,
                             aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, self, size, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")))
        return rc;
    int nd = (int)self->ndim, R = (int)size->n;
    if (size->n < (uint64_t)nd || size->n > OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: size has %llu entries; it needs %d (self's dims) to %d", name,
                       (unsigned long long)size->n, nd, OPS_MAX_DIMS);
    int pad = R - nd;
    int64_t want[OPS_MAX_DIMS];
    for (int i = 0; i < R; i++) {
        int64_t s = size->v[i], have = i < pad ? -2 : self->dims[i - pad];
        if (s == -1 && have != -2)
            s = have;
        if (s < 0 || (have >= 0 && have != 1 && have != s))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: size[%d] = %lld does not expand self's size %lld there", name, i,
                           (long long)size->v[i], (long long)(have < 0 ? 1 : have));
        want[i] = s;
    }
    struct aclOpExecutor *e;
    struct ops_tensor x, o;
    if ((rc = one_move(name, types, self, out, want, R, &e, &x, &o)))
        return rc;
    int64_t sst[OPS_MAX_DIMS];
    for (int i = 0; i < R; i++)
        sst[i] = i < pad || x.dims[i - pad] == 1 ? 0 : x.strides[i - pad];
    mv_fill(mv_at(e, 0), R, want, sst, o.strides, 0);
    return mv_finish(e, workspaceSize, executor);
}
aclnnStatus aclnnExpandGetWorkspaceSize(const aclTensor *self, const aclIntArray *size,
                                        aclTensor *out, WS)
{
    return expand_op("aclnnExpand", OPS_DT_Expand, self, size, out, workspaceSize, executor);
}
PHASE2(Expand)
aclnnStatus aclnnExpandvGetWorkspaceSize(const aclTensor *self, const aclIntArray *shape,
                                         aclTensor *out, WS)
{
    return expand_op("aclnnExpandv", OPS_DT_Expandv, self, shape, out, workspaceSize, executor);
}
PHASE2(Expandv)

/* ---- Flip (VW6) -------------------------------------------------------------------------------
 * torch.flip: out[i] = self[i with i[d] -> size(d) - 1 - i[d] for each d in dims] (dims wrap,
 * none twice); the source view starts at the last element of each flipped dim and walks it
 * with the negated stride, so element bits move as in every other view. */

aclnnStatus aclnnFlipGetWorkspaceSize(const aclTensor *self, const aclIntArray *dims,
                                      aclTensor *out, WS)
{
    const char *name = "aclnnFlip";
    OPS_CHECK_NULLS(name, self, dims, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")))
        return rc;
    bool flip[OPS_MAX_DIMS] = {false};
    int nd = (int)self->ndim;
    for (uint64_t i = 0; i < dims->n; i++) {
        int d;
        if ((rc = ops_wrap_dim(name, dims->v[i], nd ? nd : 1, &d)))
            return rc;
        if (flip[d])
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dims names dim %d twice", name, d);
        flip[d] = true;
    }
    struct aclOpExecutor *e;
    struct ops_tensor x, o;
    if ((rc = one_move(name, OPS_DT_Flip, self, out, self->dims, nd, &e, &x, &o)))
        return rc;
    int64_t sst[OPS_MAX_DIMS], soff = 0;
    for (int d = 0; d < nd; d++) {
        sst[d] = flip[d] ? -x.strides[d] : x.strides[d];
        if (flip[d] && x.dims[d] > 0)
            soff += (x.dims[d] - 1) * x.strides[d];
    }
    mv_fill(mv_at(e, 0), nd, x.dims, sst, o.strides, soff);
    return mv_finish(e, workspaceSize, executor);
}
PHASE2(Flip)

/* ---- SliceV2 (VW2) ----------------------------------------------------------------------------
 */

/* VW2: out (of shape want) = self's elements at first + i * step per dim; a step may be negative
 * (the dim walked backwards: StridedSliceV2's reversed slices), never 0. */
static aclnnStatus strided_move(const char *name, unsigned types, const aclTensor *self,
                                const int64_t *want, const int64_t *first, const int64_t *step,
                                const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    int nd = (int)self->ndim;
    struct aclOpExecutor *e;
    struct ops_tensor x, o;
    aclnnStatus rc;
    if ((rc = one_move(name, types, self, out, want, nd, &e, &x, &o)))
        return rc;
    int64_t sst[OPS_MAX_DIMS], off = 0;
    bool empty = ops_numel(want, nd) == 0;
    for (int k = 0; k < nd; k++) {
        sst[k] = x.strides[k] * (want[k] > 1 ? step[k] : 1);
        off += empty ? 0 : first[k] * x.strides[k];
    }
    mv_fill(mv_at(e, 0), nd, want, sst, o.strides, off);
    return mv_finish(e, ws, ex);
}

aclnnStatus ops_strided_slice(const aclTensor *self, const int64_t *first, const int64_t *step,
                              aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "StridedSliceV2";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "x")) || (rc = ops_check_dims(out, name, "y")))
        return rc;
    if (out->ndim != self->ndim)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: y has %u dims, x %u", name,
                       (unsigned)out->ndim, (unsigned)self->ndim);
    for (uint32_t k = 0; k < self->ndim; k++) { /* every index taken lies in self */
        int64_t n = out->dims[k], d = self->dims[k], last;
        if (n > 0 && (step[k] == 0 || first[k] < 0 || first[k] >= d ||
                      __builtin_mul_overflow(n - 1, step[k], &last) ||
                      __builtin_add_overflow(first[k], last, &last) || last < 0 || last >= d))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: dim %u takes %lld elements from %lld by %lld, outside its %lld",
                           name, k, (long long)n, (long long)first[k], (long long)step[k],
                           (long long)d);
    }
    return strided_move(name, OPS_DT_SliceV2, self, out->dims, first, step, out, workspaceSize,
                        executor);
}

aclnnStatus aclnnSliceV2GetWorkspaceSize(const aclTensor *self, const aclIntArray *starts,
                                         const aclIntArray *ends, const aclIntArray *axes,
                                         const aclIntArray *steps, aclTensor *out, WS)
{
    const char *name = "aclnnSliceV2";
    OPS_CHECK_NULLS(name, self, starts, ends, axes, steps, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")))
        return rc;
    int nd = (int)self->ndim;
    uint64_t n = starts->n;
    if (ends->n != n || axes->n != n || steps->n != n)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: starts, ends, axes and steps have %llu, %llu, %llu, %llu entries; they "
                       "must be equal",
                       name, (unsigned long long)n, (unsigned long long)ends->n,
                       (unsigned long long)axes->n, (unsigned long long)steps->n);
    int64_t want[OPS_MAX_DIMS], first[OPS_MAX_DIMS] = {0}, step[OPS_MAX_DIMS];
    bool seen[OPS_MAX_DIMS] = {false};
    memcpy(want, self->dims, (size_t)nd * sizeof(int64_t));
    for (int k = 0; k < nd; k++)
        step[k] = 1;
    for (uint64_t i = 0; i < n; i++) {
        int d;
        if ((rc = ops_wrap_dim(name, axes->v[i], nd, &d)))
            return rc;
        if (seen[d])
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: axes[%llu] repeats dim %d", name,
                           (unsigned long long)i, d);
        seen[d] = true;
        int64_t N = self->dims[d], s = starts->v[i], t = ends->v[i], st = steps->v[i];
        if (st <= 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: steps[%llu] = %lld must be positive", name,
                           (unsigned long long)i, (long long)st);
        want[d] = mv_slice_len(N, &s, &t, st);
        first[d] = s;
        step[d] = st;
    }
    return strided_move(name, OPS_DT_SliceV2, self, want, first, step, out, workspaceSize,
                        executor);
}
PHASE2(SliceV2)

/* ---- ChannelShuffle (VW4) ---------------------------------------------------------------------
 */

aclnnStatus aclnnChannelShuffleGetWorkspaceSize(const aclTensor *self, int64_t groups,
                                                aclTensor *out, WS)
{
    const char *name = "aclnnChannelShuffle";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")))
        return rc;
    int nd = (int)self->ndim;
    if (nd < 3 || nd > OPS_MAX_DIMS - 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %d dims (3 to 7 are supported)", name,
                       nd);
    int64_t C = self->dims[1];
    if (groups <= 0 || C % groups)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: groups %lld must be positive and divide the %lld channels", name,
                       (long long)groups, (long long)C);
    struct aclOpExecutor *e;
    struct ops_tensor x, o;
    if ((rc = one_move(name, OPS_DT_ChannelShuffle, self, out, self->dims, nd, &e, &x, &o)))
        return rc;
    /* index space (N, C/g, g, rest...) in out's order */
    int64_t dims[OPS_MAX_DIMS], sst[OPS_MAX_DIMS], dst[OPS_MAX_DIMS], q = C / groups;
    dims[0] = x.dims[0], sst[0] = x.strides[0], dst[0] = o.strides[0];
    dims[1] = q, sst[1] = x.strides[1], dst[1] = o.strides[1] * groups;
    dims[2] = groups, sst[2] = x.strides[1] * q, dst[2] = o.strides[1];
    for (int k = 2; k < nd; k++)
        dims[k + 1] = x.dims[k], sst[k + 1] = x.strides[k], dst[k + 1] = o.strides[k];
    mv_fill(mv_at(e, 0), nd + 1, dims, sst, dst, 0);
    return mv_finish(e, workspaceSize, executor);
}
PHASE2(ChannelShuffle)

/* ---- ConfusionTranspose (VW3) -----------------------------------------------------------------
 */

aclnnStatus aclnnConfusionTransposeGetWorkspaceSize(const aclTensor *x, const aclIntArray *perm,
                                                    const aclIntArray *shape, bool transpose_first,
                                                    aclTensor *out, WS)
{
    const char *name = "aclnnConfusionTranspose";
    OPS_CHECK_NULLS(name, x, perm, shape, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(x, name, "x")))
        return rc;
    int nx = (int)x->ndim, ns = (int)shape->n;
    if (shape->n > OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: shape has %llu entries, at most %d", name,
                       (unsigned long long)shape->n, OPS_MAX_DIMS);
    int64_t sh[OPS_MAX_DIMS];
    for (int k = 0; k < ns; k++) {
        if (shape->v[k] < 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: shape[%d] = %lld is negative", name, k,
                           (long long)shape->v[k]);
        sh[k] = shape->v[k];
    }
    if (ops_numel(sh, ns) != ops_numel(x->dims, nx))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: shape has %lld elements, x %lld", name,
                       (long long)ops_numel(sh, ns), (long long)ops_numel(x->dims, nx));
    /* perm permutes x (transpose first) or the reshaped x */
    int np = transpose_first ? nx : ns, p[OPS_MAX_DIMS];
    const int64_t *pd = transpose_first ? x->dims : sh;
    bool seen[OPS_MAX_DIMS] = {false};
    if (perm->n != (uint64_t)np)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: perm has %llu entries for %d dims", name,
                       (unsigned long long)perm->n, np);
    for (int k = 0; k < np; k++) {
        int d;
        if ((rc = ops_wrap_dim(name, perm->v[k], np, &d)))
            return rc;
        if (seen[d])
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: perm repeats dim %d", name, d);
        seen[d] = true;
        p[k] = d;
    }
    int64_t want[OPS_MAX_DIMS], pdims[OPS_MAX_DIMS];
    for (int k = 0; k < np; k++)
        pdims[k] = pd[p[k]];
    if (transpose_first)
        memcpy(want, sh, sizeof sh);
    else
        memcpy(want, pdims, sizeof pdims);
    struct aclOpExecutor *e;
    struct ops_tensor xv, o;
    if ((rc = one_move(name, OPS_DT_ConfusionTranspose, x, out, want, transpose_first ? ns : np, &e,
                       &xv, &o)))
        return rc;
    int64_t sst[OPS_MAX_DIMS], dst[OPS_MAX_DIMS], rs[OPS_MAX_DIMS];
    if (transpose_first) { /* index space: x permuted; out seen with that shape */
        for (int k = 0; k < np; k++)
            sst[k] = xv.strides[p[k]];
        if (!view_strides(o.dims, o.strides, ns, pdims, np, dst)) {
            ops_exec_discard(e);
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out's strides cannot hold x's shape",
                           name);
        }
    } else { /* index space: out's shape; x seen with shape, then permuted */
        if (!view_strides(xv.dims, xv.strides, nx, sh, ns, rs)) {
            ops_exec_discard(e);
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x's strides cannot be seen as shape",
                           name);
        }
        for (int k = 0; k < np; k++) {
            sst[k] = rs[p[k]];
            dst[k] = o.strides[k];
        }
    }
    mv_fill(mv_at(e, 0), np, pdims, sst, dst, 0);
    return mv_finish(e, workspaceSize, executor);
}
PHASE2(ConfusionTranspose)

/* ---- Diag / DiagFlat (VW5) --------------------------------------------------------------------
 */

/* A vector of n elements (source strides vs[vn] over vdims, row-major) onto diagonal d of the
 * square out, the rest zero. */
static aclnnStatus diag_build(const char *name, unsigned types, const aclTensor *self,
                              int64_t diagonal, const aclTensor *out, bool flat, uint64_t *ws,
                              aclOpExecutor **ex)
{
    aclnnStatus rc;
    if ((rc = mv_check_types(name, types, self, "self", out)))
        return rc;
    int nd = (int)self->ndim;
    if (!flat && nd != 1 && nd != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %d dims; 1 or 2 are supported", name,
                       nd);
    int64_t ad = diagonal < 0 ? -diagonal : diagonal;
    if (ad > (int64_t)1 << 40)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: diagonal %lld is too far out", name,
                       (long long)diagonal);
    if (!flat && nd == 2) { /* the diagonal of a matrix */
        int64_t R = self->dims[0], C = self->dims[1];
        int64_t len = diagonal >= 0 ? (C - diagonal < R ? C - diagonal : R)
                                    : (R + diagonal < C ? R + diagonal : C);
        len = len < 0 ? 0 : len;
        struct aclOpExecutor *e;
        struct ops_tensor x, o;
        if ((rc = one_move(name, types, self, out, &len, 1, &e, &x, &o)))
            return rc;
        int64_t sst = x.strides[0] + x.strides[1];
        int64_t off =
            len ? (diagonal >= 0 ? diagonal * x.strides[1] : -diagonal * x.strides[0]) : 0;
        mv_fill(mv_at(e, 0), 1, &len, &sst, o.strides, off);
        return mv_finish(e, ws, ex);
    }
    int64_t n = ops_numel(self->dims, nd), side = n + ad;
    int64_t want[2] = {side, side};
    if ((rc = ops_check_out_shape(name, out, want, 2)))
        return rc;
    struct aclOpExecutor *e = mv_exec_new(name, 1, 1, 2);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor x, o;
    if ((rc = OPS_VIEWS(e, {&x, self, "self"}, {&o, out, "out"})))
        return rc;
    struct mv *z = mv_at(e, 0), *m = mv_at(e, 1);
    mv_ends(z, &x, &o);
    z->zero = true;
    mv_fill(z, 2, o.dims, o.strides, o.strides, 0);
    mv_ends(m, &x, &o);
    /* self's elements in row-major order, each one step along out's diagonal */
    int64_t dst[OPS_MAX_DIMS], ds = o.strides[0] + o.strides[1], acc = 1;
    for (int k = nd - 1; k >= 0; k--) {
        dst[k] = ds * acc;
        acc *= x.dims[k] ? x.dims[k] : 1;
    }
    mv_fill(m, nd, x.dims, x.strides, dst, 0);
    if (n)
        m->doff += diagonal >= 0 ? diagonal * o.strides[1] : -diagonal * o.strides[0];
    return mv_finish(e, ws, ex);
}

aclnnStatus aclnnDiagGetWorkspaceSize(const aclTensor *self, int64_t diagonal, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnDiag", self, out, workspaceSize, executor);
    return diag_build("aclnnDiag", OPS_DT_Diag, self, diagonal, out, false, workspaceSize,
                      executor);
}
PHASE2(Diag)

/* DiagPart (ops-math's experimental form): the main diagonal of a 2-d x, Diag's move. */
aclnnStatus aclnnDiagPartGetWorkspaceSize(const aclTensor *x, aclTensor *y, WS)
{
    const char *name = "aclnnDiagPart";
    OPS_CHECK_NULLS(name, x, y, workspaceSize, executor);
    if (x->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %u dims (2)", name, (unsigned)x->ndim);
    return diag_build(name, OPS_DT_DiagPart, x, 0, y, false, workspaceSize, executor);
}
PHASE2(DiagPart)

aclnnStatus aclnnDiagFlatGetWorkspaceSize(const aclTensor *self, int64_t diagonal, aclTensor *out,
                                          WS)
{
    OPS_CHECK_NULLS("aclnnDiagFlat", self, out, workspaceSize, executor);
    return diag_build("aclnnDiagFlat", OPS_DT_DiagFlat, self, diagonal, out, true, workspaceSize,
                      executor);
}
PHASE2(DiagFlat)

struct filld_plan {
    struct ops_tensor x;
    int64_t n, cols; /* positions; cols > 0: the 2-d wrapped walk over flat j * (cols + 1) */
    unsigned char cval[16];
};

static int32_t filld_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct filld_plan *p = e->plan;
    const struct ops_tensor *x = &p->x;
    int64_t esz = ops_dt_size(x->dt), dstep = 0;
    char *b = ops_base(x, addr);
    for (int d = 0; d < x->ndim; d++)
        dstep += x->strides[d];
    for (int64_t j = 0; j < p->n; j++) {
        int64_t off;
        if (p->cols) {
            int64_t f = j * (p->cols + 1);
            off = f / p->cols * x->strides[0] + f % p->cols * x->strides[1];
        } else {
            off = j * dstep;
        }
        memcpy(b + off * esz, p->cval, (size_t)esz);
    }
    return 0;
}

aclnnStatus aclnnInplaceFillDiagonalGetWorkspaceSize(aclTensor *selfRef, const aclScalar *fillValue,
                                                     bool wrap, WS)
{
    const char *name = "aclnnInplaceFillDiagonal";
    OPS_CHECK_NULLS(name, selfRef, fillValue, workspaceSize, executor);
    aclnnStatus rc;
    int dt, vdt;
    if ((rc = ops_check_dims(selfRef, name, "selfRef")) ||
        (rc = ops_need_dt(name, "selfRef", selfRef->dtype, OPS_DT_FillDiagonal, &dt)) ||
        (rc = ops_check_scalar(name, "fillValue", fillValue, &vdt)))
        return rc;
    if (!ops_dt_in(fillValue->dtype, OPS_DT2_FillDiagonal))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: fillValue has data type %s, not supported",
                       name, ops_dt_name(fillValue->dtype));
    int nd = (int)selfRef->ndim;
    if (nd < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: selfRef has %d dims, at least 2 are needed",
                       name, nd);
    int64_t n = selfRef->dims[0];
    for (int d = 1; d < nd; d++) {
        if (nd > 2 && selfRef->dims[d] != selfRef->dims[0])
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: selfRef of more than 2 dims must have all dims equal", name);
        n = selfRef->dims[d] < n ? selfRef->dims[d] : n;
    }
    OPS_PLAN(e, p, name, 0, 1, struct filld_plan, NULL, {&p->x, selfRef, "selfRef"});
    int64_t R = selfRef->dims[0], C = selfRef->dims[nd - 1];
    if (nd == 2 && wrap && R > C + 1 && C > 0) { /* flat j (C + 1) < R C */
        p->cols = C;
        n = (R * C - 1) / (C + 1) + 1;
    }
    p->n = n;
    ops_scalar_to(p->cval, dt, fillValue);
    e->run = n > 0 ? filld_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(InplaceFillDiagonal)

/* ---- StridedSlice (VW7) ------------------------------------------------------------------------
 */

aclnnStatus aclnnStridedSliceGetWorkspaceSize(const aclTensor *self, const aclIntArray *begin,
                                              const aclIntArray *end, const aclIntArray *strides,
                                              int64_t beginMask, int64_t endMask,
                                              int64_t ellipsisMask, int64_t newAxisMask,
                                              int64_t shrinkAxisMask, aclTensor *out, WS)
{
    const char *name = "aclnnStridedSlice";
    OPS_CHECK_NULLS(name, self, begin, end, strides, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")))
        return rc;
    const int nd = (int)self->ndim;
    const uint64_t n = begin->n;
    if (end->n != n || strides->n != n)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: begin, end and strides have %llu, %llu, %llu entries; they must be "
                       "equal",
                       name, (unsigned long long)n, (unsigned long long)end->n,
                       (unsigned long long)strides->n);
    if (n > 64 || (ellipsisMask & (ellipsisMask - 1)))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s", name,
                       n > 64 ? "more than 64 spec entries"
                              : "ellipsisMask has more than one bit set");
    /* the dims the entries other than the ellipsis and the new axes take */
    int taken = 0;
    bool has_ell = false;
    for (uint64_t i = 0; i < n; i++) {
        bool ell = (ellipsisMask >> i) & 1, na = (newAxisMask >> i) & 1;
        has_ell |= ell;
        taken += !ell && !na;
    }
    if (taken > nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the spec takes %d dims, self has %d", name,
                       taken, nd);
    int64_t cnt[OPS_MAX_DIMS], first[OPS_MAX_DIMS], step[OPS_MAX_DIMS], want[OPS_MAX_DIMS];
    int keep[OPS_MAX_DIMS]; /* out's dim of each of self's dims, -1 when dropped */
    int d = 0, no = 0;
    for (uint64_t i = 0; i <= n; i++) {
        const bool last = i == n; /* the implicit ellipsis after the spec */
        if (last || ((ellipsisMask >> i) & 1)) {
            if (last && has_ell)
                break;
            for (int r = last ? nd - d : nd - taken; r > 0; r--, d++) {
                if (no >= OPS_MAX_DIMS)
                    goto too_many;
                cnt[d] = want[no] = self->dims[d];
                first[d] = 0;
                step[d] = 1;
                keep[d] = no++;
            }
            continue;
        }
        if ((newAxisMask >> i) & 1) {
            if (no >= OPS_MAX_DIMS)
                goto too_many;
            want[no++] = 1;
            continue;
        }
        const int64_t N = self->dims[d], s = strides->v[i];
        if (s == 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: strides[%llu] is 0", name,
                           (unsigned long long)i);
        if ((shrinkAxisMask >> i) & 1) {
            int64_t b = begin->v[i] < 0 ? begin->v[i] + N : begin->v[i];
            if (s < 0 || b < 0 || b >= N)
                return ops_err(ACLNN_ERR_PARAM_INVALID,
                               "%s: entry %llu shrinks dim %d (%lld elements) at begin %lld with "
                               "stride %lld (it must be inside the dim, the stride positive)",
                               name, (unsigned long long)i, d, (long long)N, (long long)begin->v[i],
                               (long long)s);
            cnt[d] = 1;
            first[d] = b;
            step[d] = 1;
            keep[d++] = -1;
            continue;
        }
        const int64_t lo = s > 0 ? 0 : -1, hi = s > 0 ? N : N - 1;
        int64_t b = (beginMask >> i) & 1 ? (s > 0 ? lo : hi) : begin->v[i];
        int64_t e = (endMask >> i) & 1 ? (s > 0 ? hi : lo) : end->v[i];
        if (!((beginMask >> i) & 1))
            b = b < 0 ? b + N : b;
        if (!((endMask >> i) & 1))
            e = e < 0 ? e + N : e;
        b = b < lo ? lo : b > hi ? hi : b;
        e = e < lo ? lo : e > hi ? hi : e;
        int64_t c = s > 0 ? (e - b + s - 1) / s : (b - e - s - 1) / -s;
        c = c > 0 ? c : 0;
        if (no >= OPS_MAX_DIMS)
            goto too_many;
        cnt[d] = want[no] = c;
        first[d] = c ? b : 0;
        step[d] = s;
        keep[d++] = no++;
    }
    struct aclOpExecutor *e;
    struct ops_tensor x, o;
    if ((rc = mv_check_types(name, OPS_DT_StridedSlice, self, "self", out)) ||
        (rc = ops_check_out_shape(name, out, want, no)) ||
        (rc = mv_single(name, self, out, &e, &x, &o)))
        return rc;
    int64_t sst[OPS_MAX_DIMS], dst[OPS_MAX_DIMS], off = 0;
    const bool empty = ops_numel(cnt, nd) == 0;
    for (int k = 0; k < nd; k++) {
        sst[k] = x.strides[k] * step[k];
        dst[k] = keep[k] >= 0 ? o.strides[keep[k]] : 0;
        off += empty ? 0 : first[k] * x.strides[k];
    }
    mv_fill(mv_at(e, 0), nd, cnt, sst, dst, off);
    return mv_finish(e, workspaceSize, executor);
too_many:
    return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out would have more than %d dims", name,
                   OPS_MAX_DIMS);
}
PHASE2(StridedSlice)

/* ---- StridedSliceAssignV2 (VW13) ---------------------------------------------------------------
 * ops-math's conversion/strided_slice_assign_v2: varRef[begin:end:strides along axesOptional] =
 * inputValue, a move from inputValue into the strided view of varRef. axesOptional NULL means
 * dims 0 .. len(begin) - 1; each axis wraps, none twice; begin and end clamp as Python slices
 * (negative counting from the end, mv_slice_len); strides are positive and the last dim's is 1
 * (CANN's docs); inputValue has the slice's shape and varRef's type. */
aclnnStatus aclnnStridedSliceAssignV2GetWorkspaceSize(
    aclTensor *varRef, const aclTensor *inputValue, const aclIntArray *begin,
    const aclIntArray *end, const aclIntArray *strides, const aclIntArray *axesOptional, WS)
{
    const char *name = "aclnnStridedSliceAssignV2";
    OPS_CHECK_NULLS(name, varRef, inputValue, begin, end, strides, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(varRef, name, "varRef")))
        return rc;
    int nd = (int)varRef->ndim;
    uint64_t n = begin->n;
    if (end->n != n || strides->n != n || (axesOptional && axesOptional->n != n))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: begin, end, strides (and axesOptional) must have equal lengths, they "
                       "have %llu, %llu, %llu",
                       name, (unsigned long long)n, (unsigned long long)end->n,
                       (unsigned long long)strides->n);
    if (nd < 1 || n > (uint64_t)nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %llu slices for a varRef of %d dims", name,
                       (unsigned long long)n, nd);
    int64_t want[OPS_MAX_DIMS], first[OPS_MAX_DIMS] = {0}, step[OPS_MAX_DIMS];
    bool seen[OPS_MAX_DIMS] = {false};
    memcpy(want, varRef->dims, (size_t)nd * sizeof(int64_t));
    for (int k = 0; k < nd; k++)
        step[k] = 1;
    for (uint64_t i = 0; i < n; i++) {
        int d = (int)i;
        if (axesOptional && (rc = ops_wrap_dim(name, axesOptional->v[i], nd, &d)))
            return rc;
        if (seen[d])
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: axesOptional repeats dim %d", name, d);
        seen[d] = true;
        int64_t s = begin->v[i], t = end->v[i], st = strides->v[i];
        if (st <= 0 || (d == nd - 1 && st != 1))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: strides[%llu] = %lld for dim %d; strides must be positive, 1 on "
                           "the last dim",
                           name, (unsigned long long)i, (long long)st, d);
        want[d] = mv_slice_len(varRef->dims[d], &s, &t, st);
        first[d] = s;
        step[d] = st;
    }
    struct aclOpExecutor *e;
    struct ops_tensor x, o;
    if ((rc =
             mv_check_types(name, OPS_DT_StridedSliceAssignV2, inputValue, "inputValue", varRef)) ||
        (rc = ops_check_shape(name, want, nd, inputValue, "inputValue")) ||
        (rc = mv_single(name, inputValue, varRef, &e, &x, &o)))
        return rc;
    int64_t dst[OPS_MAX_DIMS], doff = 0;
    bool empty = ops_numel(want, nd) == 0;
    for (int k = 0; k < nd; k++) {
        dst[k] = o.strides[k] * step[k];
        doff += empty ? 0 : first[k] * o.strides[k];
    }
    struct mv *m = mv_at(e, 0);
    mv_fill(m, nd, want, x.strides, dst, 0);
    m->doff += doff;
    return mv_finish(e, workspaceSize, executor);
}
PHASE2(StridedSliceAssignV2)

/* ---- SliceV3 (VW8) ---------------------------------------------------------------------------
 */

aclnnStatus aclnnSliceV3GetWorkspaceSize(const aclTensor *x, const aclIntArray *begin,
                                         const aclIntArray *size, aclTensor *y, WS)
{
    const char *name = "aclnnSliceV3";
    OPS_CHECK_NULLS(name, x, begin, size, y, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(x, name, "x")))
        return rc;
    const int nd = (int)x->ndim;
    if (begin->n != (uint64_t)nd || size->n != (uint64_t)nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: begin and size have %llu and %llu entries, x has %d dims", name,
                       (unsigned long long)begin->n, (unsigned long long)size->n, nd);
    int64_t step[OPS_MAX_DIMS];
    for (int d = 0; d < nd; d++) {
        const int64_t b = begin->v[d], n = size->v[d];
        if (b < 0 || n < 0 || b > x->dims[d] || n > x->dims[d] - b)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: dim %d: begin %lld, size %lld leave its %lld elements", name, d,
                           (long long)b, (long long)n, (long long)x->dims[d]);
        step[d] = 1;
    }
    return strided_move(name, OPS_DT_SliceV3, x, size->v, begin->v, step, y, workspaceSize,
                        executor);
}
PHASE2(SliceV3)

/* ---- Transposev (VW9) ------------------------------------------------------------------------
 */

struct tv_plan {
    struct ops_tensor x, perm, o;
    struct mv m; /* the move's ends; dims and strides come at the launch */
};

static int32_t tv_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct tv_plan *p = e->plan;
    const int nd = p->x.ndim;
    int64_t perm[OPS_MAX_DIMS];
    bool seen[OPS_MAX_DIMS] = {false};
    ops_loader(CK_I64, p->perm.dt)(perm, ops_base(&p->perm, addr),
                                   p->perm.strides[0] * ops_dt_size(p->perm.dt), nd);
    for (int k = 0; k < nd; k++) { /* VW9: a permutation, checked before any write */
        int64_t d = perm[k] < 0 ? perm[k] + nd : perm[k];
        if (d < 0 || d >= nd || seen[d])
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        seen[d] = true;
        perm[k] = d;
    }
    struct mv m = p->m;
    m.nd = nd;
    int64_t st = 1;
    for (int k = nd - 1; k >= 0; k--) { /* out row-major over the permuted shape */
        m.dims[k] = p->x.dims[perm[k]];
        m.sst[k] = p->x.strides[perm[k]];
        m.dstr[k] = st;
        st *= m.dims[k];
    }
    mv_launch(&m, addr);
    return 0;
}

aclnnStatus aclnnTransposevGetWorkspaceSize(const aclTensor *x, const aclTensor *perm,
                                            aclTensor *out, WS)
{
    const char *name = "aclnnTransposev";
    OPS_CHECK_NULLS(name, x, perm, out, workspaceSize, executor);
    aclnnStatus rc;
    int pdt;
    if ((rc = mv_check_types(name, OPS_DT_Transposev, x, "x", out)) ||
        (rc = ops_check_dims(perm, name, "perm")) ||
        (rc = ops_need_dt(name, "perm", perm->dtype, OPS_DT2_Transposev, &pdt)))
        return rc;
    const int nd = (int)x->ndim;
    if (nd < 1 || perm->ndim != 1 || perm->dims[0] != nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: perm must be 1-d with one entry per dim of x (x has %d dims, 1 to 8)",
                       name, nd);
    if (ops_numel(out->dims, (int)out->ndim) != ops_numel(x->dims, nd) || !ops_view_dense(out))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: out must be dense and hold x's element count (the permuted tensor "
                       "in row-major order)",
                       name);
    OPS_PLAN(e, p, name, 2, 1, struct tv_plan, NULL, {&p->x, x, "x"}, {&p->perm, perm, "perm"},
             {&p->o, out, "out"});
    mv_ends(&p->m, &p->x, &p->o);
    e->run = p->x.numel ? tv_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Transposev)

/* ---- ConcatV2, PackV2 (VW10), BroadcastV2 (VW11) ---------------------------------------------
 */

/* Two moves of a and b (one type, a's dims but along dim cat when cat >= 0) into out's dense
 * memory seen as the result: along dim cat (ConcatV2) or stacked on a new dim d (PackV2). */
static aclnnStatus pair_move(const char *name, unsigned types, const aclTensor *a,
                             const aclTensor *b, const char *const *names, int cat, int d,
                             const aclTensor *out, WS)
{
    aclnnStatus rc;
    if ((rc = mv_check_types(name, types, a, names[0], out)) ||
        (rc = mv_check_types(name, types, b, names[1], out)))
        return rc;
    const int nd = (int)a->ndim;
    int64_t want[OPS_MAX_DIMS + 1], total;
    bool same = b->ndim == a->ndim;
    for (int k = 0; same && k < nd; k++)
        same = k == cat || b->dims[k] == a->dims[k];
    if (!same)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s and %s must have one shape%s", name,
                       names[0], names[1], cat >= 0 ? " but along the concatenated dim" : "");
    if (cat >= 0) {
        memcpy(want, a->dims, (size_t)nd * sizeof(int64_t));
        want[cat] += b->dims[cat];
    } else {
        for (int k = 0, j = 0; k <= nd; k++)
            want[k] = k == d ? 2 : a->dims[j++];
    }
    const int wn = cat >= 0 ? nd : nd + 1;
    total = ops_numel(want, wn);
    if (ops_numel(out->dims, (int)out->ndim) != total || !ops_view_dense(out))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s must be dense and hold the result's %lld elements (written in "
                       "row-major order)",
                       name, names[2], (long long)total);
    struct aclOpExecutor *e = mv_exec_new(name, 2, 1, 2);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor ta, tb, o;
    if ((rc = OPS_VIEWS(e, {&ta, a, names[0]}, {&tb, b, names[1]}, {&o, out, names[2]})))
        return rc;
    int64_t wst[OPS_MAX_DIMS + 1], st = 1, dst[OPS_MAX_DIMS];
    for (int k = wn - 1; k >= 0; k--) { /* the result's row-major strides over out's memory */
        wst[k] = st;
        st *= want[k];
    }
    for (int k = 0, j = 0; k < wn; k++)
        if (cat >= 0 || k != d)
            dst[j++] = wst[k];
    const struct ops_tensor *in[2] = {&ta, &tb};
    for (int i = 0; i < 2; i++) {
        struct mv *m = mv_at(e, i);
        mv_ends(m, in[i], &o);
        mv_fill(m, nd, in[i]->dims, in[i]->strides, dst, 0);
        if (i == 1)
            m->doff += cat >= 0 ? a->dims[cat] * wst[cat] : wst[d];
    }
    return mv_finish(e, workspaceSize, executor);
}

aclnnStatus aclnnConcatV2GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, int64_t d,
                                          aclTensor *y, WS)
{
    const char *name = "aclnnConcatV2";
    OPS_CHECK_NULLS(name, x1, x2, y, workspaceSize, executor);
    aclnnStatus rc;
    int dim;
    if ((rc = ops_check_dims(x1, name, "x1")) || (rc = ops_check_dims(x2, name, "x2")))
        return rc;
    if (x1->ndim == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 must have at least 1 dim", name);
    if ((rc = ops_wrap_dim(name, d, (int)x1->ndim, &dim)))
        return rc;
    static const char *const names[3] = {"x1", "x2", "y"};
    return pair_move(name, OPS_DT_ConcatV2, x1, x2, names, dim, -1, y, workspaceSize, executor);
}
PHASE2(ConcatV2)

aclnnStatus aclnnPackV2GetWorkspaceSize(const aclTensor *x, const aclTensor *y, int64_t d,
                                        aclTensor *z, WS)
{
    const char *name = "aclnnPackV2";
    OPS_CHECK_NULLS(name, x, y, z, workspaceSize, executor);
    aclnnStatus rc;
    int dim;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(y, name, "y")))
        return rc;
    if (x->ndim >= OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %u dims, the result may have %d", name,
                       (unsigned)x->ndim, OPS_MAX_DIMS);
    if ((rc = ops_wrap_dim(name, d, (int)x->ndim + 1, &dim)))
        return rc;
    static const char *const names[3] = {"x", "y", "z"};
    return pair_move(name, OPS_DT_PackV2, x, y, names, -1, dim, z, workspaceSize, executor);
}
PHASE2(PackV2)

aclnnStatus aclnnBroadcastV2GetWorkspaceSize(const aclTensor *x, int64_t bufferMode, int64_t dim,
                                             int64_t isReuseSource, int64_t axis, int64_t num,
                                             aclTensor *y, WS)
{
    const char *name = "aclnnBroadcastV2";
    (void)bufferMode; /* Ascend C's buffer options (VW11) */
    (void)isReuseSource;
    OPS_CHECK_NULLS(name, x, y, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(x, name, "x")))
        return rc;
    const int nd = (int)x->ndim;
    if ((nd != 1 && nd != 2) || dim != nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dim is %lld and x has %d dims (dim is x's rank, 1 or 2)", name,
                       (long long)dim, nd);
    if (axis < 0 || axis >= nd || x->dims[axis] != 1 || num < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: axis %lld must name a dim of x of size 1 and num (%lld) be positive",
                       name, (long long)axis, (long long)num);
    int64_t want[2] = {x->dims[0], nd > 1 ? x->dims[1] : 0};
    want[axis] = num;
    struct aclOpExecutor *e;
    struct ops_tensor xv, o;
    if ((rc = one_move(name, OPS_DT_BroadcastV2, x, y, want, nd, &e, &xv, &o)))
        return rc;
    int64_t sst[2] = {xv.strides[0], nd > 1 ? xv.strides[1] : 0};
    sst[axis] = 0;
    mv_fill(mv_at(e, 0), nd, want, sst, o.strides, 0);
    return mv_finish(e, workspaceSize, executor);
}
PHASE2(BroadcastV2)

/* ---- Split (VW12) ----------------------------------------------------------------------------
 */

aclnnStatus aclnnSplitGetWorkspaceSize(const aclTensor *x, const aclIntArray *indices_or_sections,
                                       int64_t axis, aclTensorList *y, WS)
{
    const char *name = "aclnnSplit";
    OPS_CHECK_NULLS(name, x, indices_or_sections, y, workspaceSize, executor);
    aclnnStatus rc;
    int d = 0;
    const bool flat = axis == -1;
    if ((rc = ops_check_dims(x, name, "x")))
        return rc;
    if (flat && !ops_view_dense(x))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: axis -1 splits x flattened, which must then be dense", name);
    if (!flat && (rc = split_dim(name, x, axis, &d)))
        return rc;
    const int64_t N = flat ? ops_numel(x->dims, (int)x->ndim) : x->dims[d];
    const uint64_t m = indices_or_sections->n;
    const int64_t *v = indices_or_sections->v;
    if (m == 0 || m > 32765)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: indices_or_sections has %llu entries (1 to 32765)", name,
                       (unsigned long long)m);
    const uint64_t n = m == 1 ? (v[0] > 0 ? (uint64_t)v[0] : 0) : m + 1;
    if (m == 1 && (v[0] <= 0 || N % v[0] != 0 || v[0] > 32766))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %lld sections do not split the %lld elements evenly", name,
                       (long long)v[0], (long long)N);
    int64_t *sizes = malloc(n * sizeof(int64_t));
    if (!sizes)
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    for (uint64_t k = 0; k < n; k++) {
        int64_t lo = m == 1 ? (int64_t)k * (N / v[0]) : k ? v[k - 1] : 0;
        int64_t hi = m == 1 ? lo + N / v[0] : k < m ? v[k] : N;
        if (lo < 0 || hi < lo || hi > N) {
            free(sizes);
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: the split points must rise from 0 to at most %lld", name,
                           (long long)N);
        }
        sizes[k] = hi - lo;
    }
    rc = split_op(name, OPS_DT_Split, x, flat ? 0 : axis, sizes, n, y, flat, workspaceSize,
                  executor);
    free(sizes);
    return rc;
}
PHASE2(Split)
