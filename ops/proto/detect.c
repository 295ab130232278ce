/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/detect.c: the detection types of the table: NonMaxSuppressionV6 (ops-cv's,
 * which CANN's ONNX parser maps ONNX's NonMaxSuppression onto), whose output's extent
 * depends on the data. The rule bounds selected_indices' rows by batches x classes x the
 * boxes a class may keep (the boxes, max_boxes_size when positive, max_output_size when
 * it is a constant); the kernel (ops/detect/nms.c, on the host) writes the rows kept,
 * zeroes the rest of the bound and reports the real rows (proto_step_fn_dims).
 * max_output_size, iou_threshold and score_threshold are read at each launch, so they may
 * be graph inputs: absent, max_output_size is 0 (nothing kept, as ONNX's default),
 * iou_threshold 0 and score_threshold none.
 */
#include <string.h>

#include "ops/detect/detect.h"
#include "ops/proto/proto_pvt.h"

/* One value of a scalar input (a 0-d or 1-element tensor) of type t, or PROTO_INPUT. */
static enum proto_status nms_scalar_in(struct proto_op *op, int i, aclDataType t)
{
    const struct core_op_val *v = proto_in(op, i);
    int len;
    const char *nm = proto_in_name(op->def, i, &len);
    if (!v)
        return PROTO_OK;
    if (v->dtype != t)
        return proto_fail(op, PROTO_DTYPE, "input %.*s has type %s, expected %s", len, nm,
                          proto_dtype_name(v->dtype), proto_dtype_name(t));
    if (proto_numel(v) != 1 || v->nd > 1)
        return proto_fail(op, PROTO_INPUT, "input %.*s must hold one value (a scalar or [1])", len,
                          nm);
    return PROTO_OK;
}

/* Boxes a class may keep at most, as known at build (the bound). */
static int64_t nms_cap(const struct proto_op *op, int64_t boxes)
{
    int64_t cap = boxes, mb = proto_attr_i(op, "max_boxes_size");
    if (mb > 0 && mb < cap)
        cap = mb;
    const struct core_op_val *m = proto_in(op, 2);
    if (m && m->data) {
        int32_t v;
        memcpy(&v, m->data, sizeof(v));
        if (v < cap)
            cap = v < 0 ? 0 : v;
    }
    return cap;
}

enum proto_status proto_infer_nms_v6(struct proto_op *op)
{
    const struct core_op_val *bx = &op->in[0], *sc = &op->in[1];
    char s1[96], s2[96];
    if (sc->dtype != bx->dtype)
        return proto_fail(op, PROTO_DTYPE, "input scores has type %s, boxes %s",
                          proto_dtype_name(sc->dtype), proto_dtype_name(bx->dtype));
    if (bx->nd != 3 || bx->dims[2] != 4 || sc->nd != 3 || sc->dims[0] != bx->dims[0] ||
        sc->dims[2] != bx->dims[1])
        return proto_fail(op, PROTO_INPUT,
                          "boxes %s and scores %s: expected [batches, boxes, 4] and [batches, "
                          "classes, boxes]",
                          proto_shape_str(s1, sizeof(s1), bx), proto_shape_str(s2, sizeof(s2), sc));
    enum proto_status st = nms_scalar_in(op, 2, ACL_INT32);
    if (!st)
        st = nms_scalar_in(op, 3, ACL_FLOAT);
    if (!st)
        st = nms_scalar_in(op, 4, ACL_FLOAT);
    if (st)
        return st;
    int64_t c = proto_attr_i(op, "center_point_box");
    if (c != 0 && c != 1)
        return proto_fail(op, PROTO_ATTR, "attribute center_point_box is %lld, expected 0 or 1",
                          (long long)c);
    if (proto_attr_i(op, "max_boxes_size") < 0)
        return proto_fail(op, PROTO_ATTR, "attribute max_boxes_size is %lld, expected >= 0",
                          (long long)proto_attr_i(op, "max_boxes_size"));
    struct core_op_val *y = &op->out[0];
    y->dtype = ACL_INT32;
    y->format = ACL_FORMAT_ND;
    y->nd = 2;
    y->dims[0] = bx->dims[0] * sc->dims[1] * nms_cap(op, bx->dims[1]);
    y->dims[1] = 3;
    op->bound[0] = 1; /* the rows kept */
    return PROTO_OK;
}

struct nms_arg {
    struct ops_nms a;
    int64_t cap, rows;           /* per class at build; the bound's rows */
    uint32_t max, iou, score, y; /* operands; max, iou, score UINT32_MAX when absent */
};

static int32_t nms_step(void *const *operands, const void *arg, int64_t (*dims)[PROTO_MAX_DIMS])
{
    const struct nms_arg *p = arg;
    struct ops_nms a = p->a;
    a.max = 0;
    if (p->max != UINT32_MAX) {
        int32_t v;
        memcpy(&v, operands[p->max], sizeof(v));
        a.max = v < p->cap ? v : p->cap;
    }
    if (p->iou != UINT32_MAX)
        memcpy(&a.iou, operands[p->iou], sizeof(float));
    a.has_score = p->score != UINT32_MAX;
    if (a.has_score)
        memcpy(&a.score, operands[p->score], sizeof(float));
    int32_t *y = operands[p->y];
    int64_t n = 0;
    int32_t rc = ops_nms_run(&a, operands[PIN(0)], operands[PIN(1)], y, p->rows, &n);
    if (rc)
        return rc;
    if (n < p->rows)
        memset(y + n * 3, 0, (size_t)(p->rows - n) * 3 * sizeof(int32_t));
    if (dims) {
        dims[0][0] = n;
        dims[0][1] = 3;
    }
    return 0;
}

enum proto_status proto_build_nms_v6(const struct proto_op *op, struct proto_plan_builder *b)
{
    const struct core_op_val *bx = &op->in[0], *sc = &op->in[1];
    struct nms_arg p = {.a = {.batches = bx->dims[0],
                              .classes = sc->dims[1],
                              .boxes = bx->dims[1],
                              .dtype = bx->dtype,
                              .center = proto_attr_i(op, "center_point_box") == 1},
                        .cap = nms_cap(op, bx->dims[1]),
                        .rows = op->out[0].dims[0],
                        .y = POUT(op, 0)};
    uint32_t *ref[3] = {&p.max, &p.iou, &p.score};
    for (int i = 2; i < 5; i++)
        *ref[i - 2] = proto_in(op, i) ? proto_in_index(op, i) : UINT32_MAX;
    return proto_step_fn_dims(b, nms_step, &p, sizeof(p));
}
