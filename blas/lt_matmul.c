/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclBLASLt matmul (docs/blas.md): matrix layouts, matmul descriptors,
 * preferences, algorithm queries and aclblasLtMatmul,
 * D = epilogue(alpha op(A) op(B) + beta C [+ bias]), on the GEMM path of
 * aclBLAS (blas_gemm_typed, OpenBLAS). The descriptors live in their opaque
 * structs (Create allocates one, Init fills a caller's). Layouts may be
 * column- or row-major (ACLBLASLT_MATRIX_LAYOUT_ORDER) and strided-batched.
 * One algorithm (id 0, no workspace) is offered.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "blas/blas_entry.h"
#include "cann_ops_blasLt.h"

typedef struct {
    uint32_t type;
    int32_t order, batch;
    uint64_t rows, cols;
    int64_t ld, stride;
} lt_layout;

typedef struct {
    int32_t compute, scale_type, transa, transb, bias_type, a_mode, b_mode;
    uint32_t epilogue;
    const void *bias, *a_scale, *b_scale;
} lt_desc;

typedef struct {
    uint32_t search;
    uint64_t max_ws;
} lt_pref;

_Static_assert(sizeof(lt_layout) <= sizeof(aclblasLtMatrixLayoutOpaque_t), "layout fits");
_Static_assert(sizeof(lt_desc) <= sizeof(aclblasLtMatmulDescOpaque_t), "desc fits");
_Static_assert(sizeof(lt_pref) <= sizeof(aclblasLtMatmulPreferenceOpaque_t), "pref fits");

/* The opaque structs hold our descriptors (only ever accessed as these types). */
static inline lt_layout *LAYOUT(aclblasLtMatrixLayout_t p)
{
    return (lt_layout *)(void *)p;
}
static inline lt_desc *DESC(aclblasLtMatmulDesc_t p)
{
    return (lt_desc *)(void *)p;
}
static inline lt_pref *PREF(aclblasLtMatmulPreference_t p)
{
    return (lt_pref *)(void *)p;
}

/* Set: the size must be the attribute's exactly; get: at least it (sizeWritten the size). */
static aclblasStatus_t attr_set(const char *fn, void *field, size_t size, const void *buf,
                                size_t sizeInBytes)
{
    BLAS_ARG(buf, "%s: buf is NULL", fn);
    BLAS_ARG(sizeInBytes == size, "%s: sizeInBytes %zu, the attribute has %zu", fn, sizeInBytes,
             size);
    memcpy(field, buf, size);
    return ACLBLAS_STATUS_SUCCESS;
}

static aclblasStatus_t attr_get(const char *fn, const void *field, size_t size, void *buf,
                                size_t sizeInBytes, size_t *sizeWritten)
{
    if (sizeWritten)
        *sizeWritten = size;
    if (!buf && sizeInBytes == 0 && sizeWritten)
        return ACLBLAS_STATUS_SUCCESS; /* size query */
    BLAS_ARG(buf, "%s: buf is NULL", fn);
    BLAS_ARG(sizeInBytes >= size, "%s: sizeInBytes %zu < %zu", fn, sizeInBytes, size);
    memcpy(buf, field, size);
    return ACLBLAS_STATUS_SUCCESS;
}

/* ---- layouts ---- */

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixLayoutCreate(aclblasLtMatrixLayout_t *matLayout,
                                                                aclDataType type, uint64_t rows,
                                                                uint64_t cols, int64_t ld)
{
    const char *fn = "aclblasLtMatrixLayoutCreate";
    BLAS_ARG(matLayout && ld >= 0, "%s: matLayout is NULL or ld negative", fn);
    aclblasLtMatrixLayout_t l = calloc(1, sizeof(*l));
    if (!l)
        return blas_fail(ACLBLAS_STATUS_ALLOC_FAILED, "%s: out of memory", fn);
    *LAYOUT(l) = (lt_layout){(uint32_t)type, ACLBLASLT_ORDER_COL, 1, rows, cols, ld, 0};
    *matLayout = l;
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasLtMatrixLayoutDestroy(const aclblasLtMatrixLayout_t matLayout)
{
    BLAS_ARG(matLayout, "aclblasLtMatrixLayoutDestroy: matLayout is NULL");
    free(matLayout);
    return ACLBLAS_STATUS_SUCCESS;
}

static void *layout_field(lt_layout *l, int attr, size_t *size)
{
    switch (attr) {
    case ACLBLASLT_MATRIX_LAYOUT_TYPE:
        *size = 4;
        return &l->type;
    case ACLBLASLT_MATRIX_LAYOUT_ORDER:
        *size = 4;
        return &l->order;
    case ACLBLASLT_MATRIX_LAYOUT_BATCH_COUNT:
        *size = 4;
        return &l->batch;
    case ACLBLASLT_MATRIX_LAYOUT_ROWS:
        *size = 8;
        return &l->rows;
    case ACLBLASLT_MATRIX_LAYOUT_COLS:
        *size = 8;
        return &l->cols;
    case ACLBLASLT_MATRIX_LAYOUT_LD:
        *size = 8;
        return &l->ld;
    case ACLBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET:
        *size = 8;
        return &l->stride;
    default:
        return NULL;
    }
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixLayoutSetAttribute(
    aclblasLtMatrixLayout_t matLayout, aclblasLtMatrixLayoutAttribute_t attr, const void *buf,
    size_t sizeInBytes)
{
    const char *fn = "aclblasLtMatrixLayoutSetAttribute";
    BLAS_ARG(matLayout && buf, "%s: matLayout or buf is NULL", fn);
    size_t size = 0;
    void *f = layout_field(LAYOUT(matLayout), attr, &size);
    BLAS_ARG(f, "%s: attribute %d unknown", fn, attr);
    return attr_set(fn, f, size, buf, sizeInBytes);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixLayoutGetAttribute(
    const aclblasLtMatrixLayout_t matLayout, aclblasLtMatrixLayoutAttribute_t attr, void *buf,
    size_t sizeInBytes, size_t *sizeWritten)
{
    const char *fn = "aclblasLtMatrixLayoutGetAttribute";
    BLAS_ARG(matLayout && buf, "%s: matLayout or buf is NULL", fn);
    size_t size = 0;
    void *f = layout_field(LAYOUT(matLayout), attr, &size);
    BLAS_ARG(f, "%s: attribute %d unknown", fn, attr);
    return attr_get(fn, f, size, buf, sizeInBytes, sizeWritten);
}

/* ---- matmul descriptors ---- */

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulDescInit(aclblasLtMatmulDesc_t matmulDesc,
                                                            aclblasComputeType_t computeType,
                                                            aclDataType scaleType)
{
    BLAS_ARG(matmulDesc, "aclblasLtMatmulDescInit: matmulDesc is NULL");
    memset(matmulDesc, 0, sizeof(*matmulDesc));
    *DESC(matmulDesc) = (lt_desc){computeType,
                                  scaleType,
                                  ACLBLAS_OP_N,
                                  ACLBLAS_OP_N,
                                  ACL_DT_UNDEFINED,
                                  0,
                                  0,
                                  ACLBLASLT_EPILOGUE_DEFAULT,
                                  NULL,
                                  NULL,
                                  NULL};
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulDescCreate(aclblasLtMatmulDesc_t *matmulDesc,
                                                              aclblasComputeType_t computeType,
                                                              aclDataType scaleType)
{
    const char *fn = "aclblasLtMatmulDescCreate";
    BLAS_ARG(matmulDesc, "%s: matmulDesc is NULL", fn);
    aclblasLtMatmulDesc_t d = malloc(sizeof(*d));
    if (!d)
        return blas_fail(ACLBLAS_STATUS_ALLOC_FAILED, "%s: out of memory", fn);
    aclblasLtMatmulDescInit(d, computeType, scaleType);
    *matmulDesc = d;
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasLtMatmulDescDestroy(const aclblasLtMatmulDesc_t matmulDesc)
{
    BLAS_ARG(matmulDesc, "aclblasLtMatmulDescDestroy: matmulDesc is NULL");
    free(matmulDesc);
    return ACLBLAS_STATUS_SUCCESS;
}

/* The attributes ops-blas stores; others NOT_SUPPORTED (scale modes accepted, unused). */
static void *desc_field(lt_desc *d, int attr, size_t *size)
{
    switch (attr) {
    case ACLBLASLT_MATMUL_DESC_TRANSA:
        *size = 4;
        return &d->transa;
    case ACLBLASLT_MATMUL_DESC_TRANSB:
        *size = 4;
        return &d->transb;
    case ACLBLASLT_MATMUL_DESC_EPILOGUE:
        *size = 4;
        return &d->epilogue;
    case ACLBLASLT_MATMUL_DESC_BIAS_DATA_TYPE:
        *size = 4;
        return &d->bias_type;
    case ACLBLASLT_MATMUL_DESC_BIAS_POINTER:
        *size = sizeof(void *);
        return &d->bias;
    case ACLBLASLT_MATMUL_DESC_A_SCALE_POINTER:
        *size = sizeof(void *);
        return &d->a_scale;
    case ACLBLASLT_MATMUL_DESC_B_SCALE_POINTER:
        *size = sizeof(void *);
        return &d->b_scale;
    case ACLBLASLT_MATMUL_DESC_A_SCALE_MODE:
        *size = 4;
        return &d->a_mode;
    case ACLBLASLT_MATMUL_DESC_B_SCALE_MODE:
        *size = 4;
        return &d->b_mode;
    default:
        return NULL;
    }
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulDescSetAttribute(
    aclblasLtMatmulDesc_t matmulDesc, aclblasLtMatmulDescAttribute_t attr, const void *buf,
    size_t sizeInBytes)
{
    const char *fn = "aclblasLtMatmulDescSetAttribute";
    BLAS_ARG(matmulDesc && buf, "%s: matmulDesc or buf is NULL", fn);
    size_t size = 0;
    void *f = desc_field(DESC(matmulDesc), attr, &size);
    BLAS_CHECK(f, ACLBLAS_STATUS_NOT_SUPPORTED, "%s: attribute %d not supported", fn, attr);
    return attr_set(fn, f, size, buf, sizeInBytes);
}

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasLtMatmulDescGetAttribute(aclblasLtMatmulDesc_t desc, aclblasLtMatmulDescAttribute_t attr,
                                void *buf, size_t sizeInBytes, size_t *sizeWritten)
{
    const char *fn = "aclblasLtMatmulDescGetAttribute";
    BLAS_ARG(desc, "%s: desc is NULL", fn);
    size_t size = 0;
    void *f = desc_field(DESC(desc), attr, &size);
    BLAS_CHECK(f, ACLBLAS_STATUS_NOT_SUPPORTED, "%s: attribute %d not supported", fn, attr);
    return attr_get(fn, f, size, buf, sizeInBytes, sizeWritten);
}

/* ---- preferences ---- */

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasLtMatmulPreferenceCreate(aclblasLtMatmulPreference_t *pref)
{
    const char *fn = "aclblasLtMatmulPreferenceCreate";
    BLAS_ARG(pref, "%s: pref is NULL", fn);
    *pref = calloc(1, sizeof(**pref));
    if (!*pref)
        return blas_fail(ACLBLAS_STATUS_ALLOC_FAILED, "%s: out of memory", fn);
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasLtMatmulPreferenceDestroy(const aclblasLtMatmulPreference_t pref)
{
    BLAS_ARG(pref, "aclblasLtMatmulPreferenceDestroy: pref is NULL");
    free(pref);
    return ACLBLAS_STATUS_SUCCESS;
}

static void *pref_field(lt_pref *p, int attr, size_t *size)
{
    switch (attr) {
    case ACLBLASLT_MATMUL_PREF_SEARCH_MODE:
        *size = 4;
        return &p->search;
    case ACLBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES:
        *size = 8;
        return &p->max_ws;
    default:
        return NULL;
    }
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulPreferenceSetAttribute(
    aclblasLtMatmulPreference_t pref, aclblasLtMatmulPreferenceAttribute_t attr, const void *buf,
    size_t sizeInBytes)
{
    const char *fn = "aclblasLtMatmulPreferenceSetAttribute";
    BLAS_ARG(pref && buf, "%s: pref or buf is NULL", fn);
    size_t size = 0;
    void *f = pref_field(PREF(pref), attr, &size);
    BLAS_ARG(f, "%s: attribute %d unknown", fn, attr);
    return attr_set(fn, f, size, buf, sizeInBytes);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulPreferenceGetAttribute(
    aclblasLtMatmulPreference_t pref, aclblasLtMatmulPreferenceAttribute_t attr, void *buf,
    size_t sizeInBytes, size_t *sizeWritten)
{
    const char *fn = "aclblasLtMatmulPreferenceGetAttribute";
    BLAS_ARG(pref, "%s: pref is NULL", fn);
    size_t size = 0;
    void *f = pref_field(PREF(pref), attr, &size);
    BLAS_ARG(f, "%s: attribute %d unknown", fn, attr);
    return attr_get(fn, f, size, buf, sizeInBytes, sizeWritten);
}

/* ---- algorithms: one, id 0, no workspace ---- */

static int lt_type_ok(int t)
{
    return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16;
}

static aclblasStatus_t lt_types(const char *fn, int compute, int scale, int at, int bt, int ct,
                                int dt)
{
    BLAS_CHECK(lt_type_ok(at) && at == bt && (ct == dt) && (dt == at || dt == ACL_FLOAT) &&
                   scale == ACL_FLOAT && compute >= ACLBLAS_COMPUTE_32F &&
                   compute <= ACLBLAS_COMPUTE_32F_FAST_TF32,
               ACLBLAS_STATUS_NOT_SUPPORTED,
               "%s: compute %d scale %d A %d B %d C %d D %d not supported", fn, compute, scale, at,
               bt, ct, dt);
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulAlgoInit(aclblasLtHandle_t lightHandle,
                                                            aclblasComputeType_t computeType,
                                                            aclDataType scaleType,
                                                            aclDataType Atype, aclDataType Btype,
                                                            aclDataType Ctype, aclDataType Dtype,
                                                            int algoId, aclblasLtMatmulAlgo_t *algo)
{
    const char *fn = "aclblasLtMatmulAlgoInit";
    aclblasStatus_t lst = blas_lt_live(lightHandle, fn);
    if (lst)
        return lst;
    BLAS_ARG(algo, "%s: algo is NULL", fn);
    aclblasStatus_t st = lt_types(fn, computeType, scaleType, Atype, Btype, Ctype, Dtype);
    if (st)
        return st;
    BLAS_ARG(algoId == 0, "%s: algoId %d unknown (0 only)", fn, algoId);
    memset(algo, 0, sizeof(*algo));
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulAlgoGetIds(
    aclblasLtHandle_t lightHandle, aclblasComputeType_t computeType, aclDataType scaleType,
    aclDataType Atype, aclDataType Btype, aclDataType Ctype, aclDataType Dtype, int *algoIdsArray,
    int algoIdsArrayLength, int *numAlgoIds)
{
    const char *fn = "aclblasLtMatmulAlgoGetIds";
    aclblasStatus_t lst = blas_lt_live(lightHandle, fn);
    if (lst)
        return lst;
    BLAS_ARG(algoIdsArray && numAlgoIds && algoIdsArrayLength > 0,
             "%s: algoIdsArray or numAlgoIds NULL, or length <= 0", fn);
    aclblasStatus_t st = lt_types(fn, computeType, scaleType, Atype, Btype, Ctype, Dtype);
    if (st)
        return st;
    algoIdsArray[0] = 0;
    *numAlgoIds = 1;
    return ACLBLAS_STATUS_SUCCESS;
}

/* The algorithm configuration: fields kept in algo->data; ID is read-only. */
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulAlgoConfigSetAttribute(
    aclblasLtMatmulAlgo_t *algo, aclblasLtMatmulAlgoConfigAttributes_t attr, const void *buf,
    size_t sizeInBytes)
{
    const char *fn = "aclblasLtMatmulAlgoConfigSetAttribute";
    BLAS_ARG(algo && buf, "%s: algo or buf is NULL", fn);
    BLAS_CHECK(attr >= ACLBLASLT_ALGO_CONFIG_TILE_ID && attr <= ACLBLASLT_ALGO_CONFIG_CUSTOM_OPTION,
               ACLBLAS_STATUS_NOT_SUPPORTED, "%s: attribute %d read-only or not supported", fn,
               attr);
    return attr_set(fn, algo->data + 4 * (attr - 1), 4, buf, sizeInBytes);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulAlgoConfigGetAttribute(
    const aclblasLtMatmulAlgo_t *algo, aclblasLtMatmulAlgoConfigAttributes_t attr, void *buf,
    size_t sizeInBytes, size_t *sizeWritten)
{
    const char *fn = "aclblasLtMatmulAlgoConfigGetAttribute";
    BLAS_ARG(algo, "%s: algo is NULL", fn);
    static const int32_t zero = 0;
    if (attr == ACLBLASLT_ALGO_CONFIG_ID)
        return attr_get(fn, &zero, 4, buf, sizeInBytes, sizeWritten);
    BLAS_CHECK(attr >= ACLBLASLT_ALGO_CONFIG_TILE_ID && attr <= ACLBLASLT_ALGO_CONFIG_CUSTOM_OPTION,
               ACLBLAS_STATUS_NOT_SUPPORTED, "%s: attribute %d not supported", fn, attr);
    return attr_get(fn, algo->data + 4 * (attr - 1), 4, buf, sizeInBytes, sizeWritten);
}

/* m, n, k of a problem from its layouts; NOT_SUPPORTED / INVALID_VALUE on a mismatch. */
static aclblasStatus_t lt_problem(const char *fn, const lt_desc *d, const lt_layout *a,
                                  const lt_layout *b, const lt_layout *c, const lt_layout *dd,
                                  int64_t *m, int64_t *n, int64_t *k)
{
    BLAS_ARG(blas_op_ok(d->transa) && blas_op_ok(d->transb), "%s: transA/transB invalid", fn);
    int64_t am = d->transa == ACLBLAS_OP_N ? (int64_t)a->rows : (int64_t)a->cols;
    int64_t ak = d->transa == ACLBLAS_OP_N ? (int64_t)a->cols : (int64_t)a->rows;
    int64_t bk = d->transb == ACLBLAS_OP_N ? (int64_t)b->rows : (int64_t)b->cols;
    int64_t bn = d->transb == ACLBLAS_OP_N ? (int64_t)b->cols : (int64_t)b->rows;
    BLAS_ARG(ak == bk && (int64_t)dd->rows == am && (int64_t)dd->cols == bn &&
                 c->rows == dd->rows && c->cols == dd->cols,
             "%s: shapes do not agree (A %llux%llu, B %llux%llu, C %llux%llu, D %llux%llu)", fn,
             (unsigned long long)a->rows, (unsigned long long)a->cols, (unsigned long long)b->rows,
             (unsigned long long)b->cols, (unsigned long long)c->rows, (unsigned long long)c->cols,
             (unsigned long long)dd->rows, (unsigned long long)dd->cols);
    const lt_layout *all[4] = {a, b, c, dd};
    for (int i = 0; i < 4; i++) {
        const lt_layout *l = all[i];
        BLAS_CHECK(l->order == ACLBLASLT_ORDER_COL || l->order == ACLBLASLT_ORDER_ROW,
                   ACLBLAS_STATUS_NOT_SUPPORTED, "%s: order %d not supported (COL or ROW)", fn,
                   l->order);
        uint64_t inner = l->order == ACLBLASLT_ORDER_COL ? l->rows : l->cols;
        BLAS_ARG(l->ld >= (int64_t)(inner > 1 ? inner : 1), "%s: ld %lld too small", fn,
                 (long long)l->ld);
        BLAS_ARG(l->batch >= 1 && l->batch == dd->batch, "%s: batch counts differ", fn);
    }
    uint32_t e = d->epilogue;
    BLAS_CHECK(e == ACLBLASLT_EPILOGUE_DEFAULT || e == ACLBLASLT_EPILOGUE_RELU ||
                   e == ACLBLASLT_EPILOGUE_BIAS || e == ACLBLASLT_EPILOGUE_RELU_BIAS ||
                   e == ACLBLASLT_EPILOGUE_GELU || e == ACLBLASLT_EPILOGUE_GELU_BIAS,
               ACLBLAS_STATUS_NOT_SUPPORTED, "%s: epilogue %u not supported", fn, e);
    BLAS_ARG(!(e & ACLBLASLT_EPILOGUE_BIAS) || d->bias, "%s: bias epilogue without a bias pointer",
             fn);
    *m = am, *n = bn, *k = ak;
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmulAlgoGetHeuristic(
    aclblasLtHandle_t lightHandle, aclblasLtMatmulDesc_t matmulDesc, aclblasLtMatrixLayout_t Adesc,
    aclblasLtMatrixLayout_t Bdesc, aclblasLtMatrixLayout_t Cdesc, aclblasLtMatrixLayout_t Ddesc,
    aclblasLtMatmulPreference_t pref, int requestedAlgoCount,
    aclblasLtMatmulHeuristicResult_t heuristicResultsArray[], int *returnAlgoCount)
{
    const char *fn = "aclblasLtMatmulAlgoGetHeuristic";
    aclblasStatus_t lst = blas_lt_live(lightHandle, fn);
    if (lst)
        return lst;
    BLAS_ARG(matmulDesc && Adesc && Bdesc && Cdesc && Ddesc && pref && heuristicResultsArray &&
                 returnAlgoCount && requestedAlgoCount > 0,
             "%s: a pointer is NULL or requestedAlgoCount <= 0", fn);
    const lt_desc *d = DESC(matmulDesc);
    aclblasStatus_t st = lt_types(fn, d->compute, d->scale_type, LAYOUT(Adesc)->type,
                                  LAYOUT(Bdesc)->type, LAYOUT(Cdesc)->type, LAYOUT(Ddesc)->type);
    if (st)
        return st;
    int64_t m, n, k;
    st = lt_problem(fn, d, LAYOUT(Adesc), LAYOUT(Bdesc), LAYOUT(Cdesc), LAYOUT(Ddesc), &m, &n, &k);
    if (st)
        return st;
    aclblasLtMatmulHeuristicResult_t *r = &heuristicResultsArray[0];
    memset(r, 0, sizeof(*r));
    r->workspaceSize = 0;
    r->state = ACLBLAS_STATUS_SUCCESS;
    r->wavesCount = 1.0f;
    *returnAlgoCount = 1;
    return ACLBLAS_STATUS_SUCCESS;
}

/* ---- the matmul task ---- */

typedef struct {
    lt_desc d;
    lt_layout a, b, c, dd;
    int64_t m, n, k;
    float alpha, beta;
} lt_job;

static int64_t lt_at(const lt_layout *l, int64_t i, int64_t j)
{
    return l->order == ACLBLASLT_ORDER_COL ? i + j * l->ld : i * l->ld + j;
}

/* A row-major matrix is its transpose column-major: flip the op. */
static int lt_op(int op, const lt_layout *l)
{
    if (l->order == ACLBLASLT_ORDER_COL)
        return op;
    return op == ACLBLAS_OP_N ? ACLBLAS_OP_T : ACLBLAS_OP_N;
}

static int32_t k_lt(void *arg)
{
    blas_task *t = arg;
    const lt_job *j = (const lt_job *)t->tail;
    size_t ea = blas_dtype_size((int)j->a.type), eb = blas_dtype_size((int)j->b.type);
    size_t ec = blas_dtype_size((int)j->c.type), ed = blas_dtype_size((int)j->dd.type);
    float *acc = malloc(sizeof(float) * (size_t)(j->m * j->n));
    if (!acc)
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    for (int32_t b = 0; b < j->dd.batch; b++) {
        const char *A = (const char *)t->A + (int64_t)b * j->a.stride * (int64_t)ea;
        const char *B = (const char *)t->B + (int64_t)b * j->b.stride * (int64_t)eb;
        const char *C = (const char *)t->x + (int64_t)b * j->c.stride * (int64_t)ec;
        char *D = (char *)t->C + (int64_t)b * j->dd.stride * (int64_t)ed;
        double one[2] = {1, 0}, zero[2] = {0, 0};
        int32_t rc = blas_gemm_typed(lt_op(j->d.transa, &j->a), lt_op(j->d.transb, &j->b), j->m,
                                     j->n, j->k, one, A, (int)j->a.type, j->a.ld, B, (int)j->b.type,
                                     j->b.ld, zero, acc, ACL_FLOAT, j->m);
        if (rc) {
            free(acc);
            return rc;
        }
        uint32_t e = j->d.epilogue;
        int bias_t = j->d.bias_type == ACL_DT_UNDEFINED ? (int)j->dd.type : j->d.bias_type;
        for (int64_t c = 0; c < j->n; c++)
            for (int64_t r = 0; r < j->m; r++) {
                double v = (double)j->alpha * acc[r + c * j->m];
                if (j->beta != 0.0f)
                    v += (double)j->beta * blas_ld(C, (int)j->c.type, lt_at(&j->c, r, c));
                if (e & ACLBLASLT_EPILOGUE_BIAS)
                    v += blas_ld(j->d.bias, bias_t, r);
                if (e == ACLBLASLT_EPILOGUE_RELU || e == ACLBLASLT_EPILOGUE_RELU_BIAS)
                    v = v > 0 ? v : 0;
                if (e == ACLBLASLT_EPILOGUE_GELU || e == ACLBLASLT_EPILOGUE_GELU_BIAS)
                    v = 0.5 * v * (1 + tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
                blas_st(D, (int)j->dd.type, lt_at(&j->dd, r, c), v);
            }
    }
    free(acc);
    return 0;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatmul(
    aclblasLtHandle_t lightHandle, aclblasLtMatmulDesc_t computeDesc, const void *alpha,
    const void *A, aclblasLtMatrixLayout_t Adesc, const void *B, aclblasLtMatrixLayout_t Bdesc,
    const void *beta, const void *C, aclblasLtMatrixLayout_t Cdesc, void *D,
    aclblasLtMatrixLayout_t Ddesc, const aclblasLtMatmulAlgo_t *algo, void *workspace,
    size_t workspaceSizeInBytes, aclrtStream stream)
{
    const char *fn = "aclblasLtMatmul";
    aclblasStatus_t lst = blas_lt_live(lightHandle, fn);
    if (lst)
        return lst;
    BLAS_ARG(computeDesc && Adesc && Bdesc && Cdesc && Ddesc, "%s: a descriptor is NULL", fn);
    BLAS_ARG(alpha && beta, "%s: alpha or beta is NULL", fn);
    const lt_desc *d = DESC(computeDesc);
    aclblasStatus_t st = lt_types(fn, d->compute, d->scale_type, LAYOUT(Adesc)->type,
                                  LAYOUT(Bdesc)->type, LAYOUT(Cdesc)->type, LAYOUT(Ddesc)->type);
    if (st)
        return st;
    int64_t m, n, k;
    st = lt_problem(fn, d, LAYOUT(Adesc), LAYOUT(Bdesc), LAYOUT(Cdesc), LAYOUT(Ddesc), &m, &n, &k);
    if (st)
        return st;
    if (m == 0 || n == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(A && B && D, "%s: A, B or D is NULL", fn);
    float be = *(const float *)beta;
    BLAS_ARG(be == 0.0f || C, "%s: C is NULL with beta != 0", fn);
    BLAS_ARG(!workspace || ((uintptr_t)workspace & 0xF) == 0, "%s: workspace not 16-byte aligned",
             fn);
    BLAS_ARG(!algo || workspaceSizeInBytes >= algo->max_workspace_bytes,
             "%s: workspace smaller than the algorithm needs", fn);
    st = blas_need_lib(fn);
    if (st)
        return st;
    BLAS_TASK(fn, sizeof(lt_job));
    lt_job *j = (lt_job *)t->tail;
    *j = (lt_job){*d,
                  *LAYOUT(Adesc),
                  *LAYOUT(Bdesc),
                  *LAYOUT(Cdesc),
                  *LAYOUT(Ddesc),
                  m,
                  n,
                  k,
                  *(const float *)alpha,
                  be};
    t->A = A, t->B = B, t->x = C, t->C = D;
    return blas_queue(stream, k_lt, t, fn);
}

/* ---- matrix transform: C = alpha op(A) + beta op(B) ---- */

typedef struct {
    int32_t scale_type, pointer_mode, transa, transb;
} lt_tdesc;
_Static_assert(sizeof(lt_tdesc) <= sizeof(aclblasLtMatrixTransformDescOpaque_t), "tdesc fits");
static inline lt_tdesc *TDESC(aclblasLtMatrixTransformDesc_t p)
{
    return (lt_tdesc *)(void *)p;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixTransformDescCreate(
    aclblasLtMatrixTransformDesc_t *transformDesc, aclDataType scaleType)
{
    const char *fn = "aclblasLtMatrixTransformDescCreate";
    BLAS_ARG(transformDesc, "%s: transformDesc is NULL", fn);
    aclblasLtMatrixTransformDesc_t d = calloc(1, sizeof(*d));
    if (!d)
        return blas_fail(ACLBLAS_STATUS_ALLOC_FAILED, "%s: out of memory", fn);
    *TDESC(d) = (lt_tdesc){scaleType, 0, ACLBLAS_OP_N, ACLBLAS_OP_N};
    *transformDesc = d;
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasLtMatrixTransformDescDestroy(const aclblasLtMatrixTransformDesc_t transformDesc)
{
    BLAS_ARG(transformDesc, "aclblasLtMatrixTransformDescDestroy: transformDesc is NULL");
    free(transformDesc);
    return ACLBLAS_STATUS_SUCCESS;
}

static int32_t *tdesc_field(lt_tdesc *d, int attr)
{
    switch (attr) {
    case ACLBLASLT_MATRIX_TRANSFORM_DESC_SCALE_TYPE:
        return &d->scale_type;
    case ACLBLASLT_MATRIX_TRANSFORM_DESC_POINTER_MODE:
        return &d->pointer_mode;
    case ACLBLASLT_MATRIX_TRANSFORM_DESC_TRANSA:
        return &d->transa;
    case ACLBLASLT_MATRIX_TRANSFORM_DESC_TRANSB:
        return &d->transb;
    default:
        return NULL;
    }
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixTransformDescSetAttribute(
    aclblasLtMatrixTransformDesc_t transformDesc, aclblasLtMatrixTransformDescAttribute_t attr,
    const void *buf, size_t sizeInBytes)
{
    const char *fn = "aclblasLtMatrixTransformDescSetAttribute";
    BLAS_ARG(transformDesc && buf, "%s: transformDesc or buf is NULL", fn);
    BLAS_ARG(sizeInBytes == sizeof(int32_t), "%s: sizeInBytes %zu, the attribute has 4", fn,
             sizeInBytes);
    int32_t *f = tdesc_field(TDESC(transformDesc), attr);
    BLAS_CHECK(f, ACLBLAS_STATUS_NOT_SUPPORTED, "%s: attribute %d not supported", fn, attr);
    memcpy(f, buf, sizeof(int32_t));
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixTransformDescGetAttribute(
    aclblasLtMatrixTransformDesc_t transformDesc, aclblasLtMatrixTransformDescAttribute_t attr,
    void *buf, size_t sizeInBytes, size_t *sizeWritten)
{
    const char *fn = "aclblasLtMatrixTransformDescGetAttribute";
    BLAS_ARG(transformDesc, "%s: transformDesc is NULL", fn);
    int32_t *f = tdesc_field(TDESC(transformDesc), attr);
    BLAS_CHECK(f, ACLBLAS_STATUS_NOT_SUPPORTED, "%s: attribute %d not supported", fn, attr);
    return attr_get(fn, f, sizeof(int32_t), buf, sizeInBytes, sizeWritten);
}

typedef struct {
    lt_tdesc d;
    lt_layout a, b, c;
    float alpha, beta;
    int has_b;
} lt_tjob;

/* op(X)[i, j] of a layout whose op(X) is rows x cols of C. */
static double lt_op_at(const void *p, const lt_layout *l, int op, int64_t i, int64_t j)
{
    return op == ACLBLAS_OP_N ? blas_ld(p, (int)l->type, lt_at(l, i, j))
                              : blas_ld(p, (int)l->type, lt_at(l, j, i));
}

static int32_t k_transform(void *arg)
{
    blas_task *t = arg;
    const lt_tjob *j = (const lt_tjob *)t->tail;
    size_t ea = blas_dtype_size((int)j->a.type), eb = blas_dtype_size((int)j->b.type);
    size_t ec = blas_dtype_size((int)j->c.type);
    for (int32_t b = 0; b < j->c.batch; b++) {
        const char *A = (const char *)t->A + (int64_t)b * j->a.stride * (int64_t)ea;
        const char *B =
            j->has_b ? (const char *)t->B + (int64_t)b * j->b.stride * (int64_t)eb : NULL;
        char *C = (char *)t->C + (int64_t)b * j->c.stride * (int64_t)ec;
        for (int64_t c = 0; c < (int64_t)j->c.cols; c++)
            for (int64_t r = 0; r < (int64_t)j->c.rows; r++) {
                double v = (double)j->alpha * lt_op_at(A, &j->a, j->d.transa, r, c);
                if (B)
                    v += (double)j->beta * lt_op_at(B, &j->b, j->d.transb, r, c);
                blas_st(C, (int)j->c.type, lt_at(&j->c, r, c), v);
            }
    }
    return 0;
}

static aclblasStatus_t lt_tlayout_ok(const char *fn, const lt_layout *l, const lt_layout *c, int op)
{
    BLAS_CHECK(lt_type_ok((int)l->type) &&
                   (l->order == ACLBLASLT_ORDER_COL || l->order == ACLBLASLT_ORDER_ROW),
               ACLBLAS_STATUS_NOT_SUPPORTED, "%s: type %u / order %d not supported", fn, l->type,
               l->order);
    BLAS_ARG(op == ACLBLAS_OP_N || op == ACLBLAS_OP_T, "%s: op %d not N or T", fn, op);
    uint64_t r = op == ACLBLAS_OP_N ? l->rows : l->cols,
             cc = op == ACLBLAS_OP_N ? l->cols : l->rows;
    BLAS_ARG(r == c->rows && cc == c->cols, "%s: op(A) / op(B) shape differs from C's", fn);
    uint64_t inner = l->order == ACLBLASLT_ORDER_COL ? l->rows : l->cols;
    BLAS_ARG(l->ld >= (int64_t)(inner > 1 ? inner : 1), "%s: ld %lld too small", fn,
             (long long)l->ld);
    BLAS_ARG(l->batch == c->batch, "%s: batch counts differ", fn);
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLtMatrixTransform(
    aclblasLtHandle_t lightHandle, aclblasLtMatrixTransformDesc_t transformDesc, const void *alpha,
    const void *A, aclblasLtMatrixLayout_t Adesc, const void *beta, const void *B,
    aclblasLtMatrixLayout_t Bdesc, void *C, aclblasLtMatrixLayout_t Cdesc, aclrtStream stream)
{
    const char *fn = "aclblasLtMatrixTransform";
    aclblasStatus_t lst = blas_lt_live(lightHandle, fn);
    if (lst)
        return lst;
    BLAS_ARG(transformDesc && Adesc && Cdesc, "%s: transformDesc, Adesc or Cdesc is NULL", fn);
    BLAS_ARG(alpha, "%s: alpha is NULL", fn);
    const lt_tdesc *d = TDESC(transformDesc);
    const lt_layout *la = LAYOUT(Adesc), *lc = LAYOUT(Cdesc);
    if (lc->rows == 0 || lc->cols == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_CHECK(d->scale_type == ACL_FLOAT, ACLBLAS_STATUS_NOT_SUPPORTED,
               "%s: scale type %d not supported (ACL_FLOAT)", fn, d->scale_type);
    float be = beta ? *(const float *)beta : 0.0f;
    int has_b = be != 0.0f;
    BLAS_ARG(!has_b || (B && Bdesc), "%s: B or Bdesc is NULL with beta != 0", fn);
    aclblasStatus_t st = lt_tlayout_ok(fn, la, lc, d->transa);
    if (!st)
        st = lt_tlayout_ok(fn, lc, lc, ACLBLAS_OP_N);
    if (!st && has_b)
        st = lt_tlayout_ok(fn, LAYOUT(Bdesc), lc, d->transb);
    if (st)
        return st;
    BLAS_ARG(A && C, "%s: A or C is NULL", fn);
    BLAS_TASK(fn, sizeof(lt_tjob));
    lt_tjob *j = (lt_tjob *)t->tail;
    *j = (lt_tjob){*d, *la, has_b ? *LAYOUT(Bdesc) : *lc, *lc, *(const float *)alpha, be, has_b};
    t->A = A, t->B = B, t->C = C;
    return blas_queue(stream, k_transform, t, fn);
}
