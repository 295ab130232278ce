/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sparse/descr.c: the generic API's descriptors: sparse matrices (CSR, CSC, COO), dense
 * matrices, dense and sparse vectors, their Const forms, getters, setters and attributes.
 * A descriptor only records the caller's pointers and sizes; nothing is copied. Each is
 * registered while live (sparse/handle.c HN1).
 */
#include <stdlib.h>

#include "sparse/sparse.h"

/* Register a freshly calloc'ed descriptor and hand it out, or free it. */
static aclsparseStatus_t hand_out(void *obj, enum sparse_kind kind, void **out, const char *fn)
{
    if (!obj || sparse_reg_add(obj, kind) != 0) {
        free(obj);
        return sparse_fail(ACL_SPARSE_STATUS_ALLOC_FAILED, fn, "out of memory");
    }
    *out = obj;
    return ACL_SPARSE_STATUS_SUCCESS;
}

static aclsparseStatus_t dead(const void *d, const char *fn, const char *what)
{
    if (d == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "%s is NULL", what);
    return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                       "%s %p is not a live descriptor (destroyed, or of another kind)", what, d);
}

/* ---- Dense vector ------------------------------------------------------------------------- */

static aclsparseStatus_t dnvec_create(void **out, int64_t size, void *values, aclDataType type,
                                      bool is_const, const char *fn)
{
    if (out == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "dnVecDescr is NULL");
    if (size < 0)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "size %lld < 0", (long long)size);
    if (size > 0 && values == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "values is NULL for size %lld",
                           (long long)size);
    if (!sparse_value_type_ok(type))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "valueType %d is not supported",
                           (int)type);
    struct aclsparseDnVecDescr *d = calloc(1, sizeof *d);
    if (d) {
        d->size = size;
        d->values = values;
        d->value_type = type;
        d->is_const = is_const;
    }
    return hand_out(d, SPARSE_KIND_DNVEC, out, fn);
}

aclsparseStatus_t aclsparseCreateDnVec(aclsparseDnVecDescr_t *dnVecDescr, int64_t size,
                                       void *values, aclDataType valueType)
{
    return dnvec_create((void **)dnVecDescr, size, values, valueType, false,
                        "aclsparseCreateDnVec");
}

aclsparseStatus_t aclsparseCreateConstDnVec(aclsparseConstDnVecDescr_t *dnVecDescr, int64_t size,
                                            const void *values, aclDataType valueType)
{
    return dnvec_create((void **)dnVecDescr, size, (void *)values, valueType, true,
                        "aclsparseCreateConstDnVec");
}

aclsparseStatus_t aclsparseDestroyDnVec(aclsparseConstDnVecDescr_t dnVecDescr)
{
    if (!sparse_reg_remove(dnVecDescr, SPARSE_KIND_DNVEC))
        return dead(dnVecDescr, "aclsparseDestroyDnVec", "dnVecDescr");
    free((void *)dnVecDescr);
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseDnVecGet(aclsparseDnVecDescr_t dnVecDescr, int64_t *size,
                                    void **values, aclDataType *valueType)
{
    if (!sparse_reg_live(dnVecDescr, SPARSE_KIND_DNVEC))
        return dead(dnVecDescr, "aclsparseDnVecGet", "dnVecDescr");
    if (size)
        *size = dnVecDescr->size;
    if (values)
        *values = dnVecDescr->values;
    if (valueType)
        *valueType = dnVecDescr->value_type;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseConstDnVecGet(aclsparseConstDnVecDescr_t dnVecDescr, int64_t *size,
                                         const void **values, aclDataType *valueType)
{
    return aclsparseDnVecGet((aclsparseDnVecDescr_t)dnVecDescr, size, (void **)values,
                             valueType);
}

aclsparseStatus_t aclsparseDnVecGetValues(aclsparseDnVecDescr_t dnVecDescr, void **values)
{
    static const char fn[] = "aclsparseDnVecGetValues";
    if (!sparse_reg_live(dnVecDescr, SPARSE_KIND_DNVEC))
        return dead(dnVecDescr, fn, "dnVecDescr");
    if (values == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "values is NULL");
    *values = dnVecDescr->values;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseConstDnVecGetValues(aclsparseConstDnVecDescr_t dnVecDescr,
                                               const void **values)
{
    return aclsparseDnVecGetValues((aclsparseDnVecDescr_t)dnVecDescr, (void **)values);
}

aclsparseStatus_t aclsparseDnVecSetValues(aclsparseDnVecDescr_t dnVecDescr, void *values)
{
    static const char fn[] = "aclsparseDnVecSetValues";
    if (!sparse_reg_live(dnVecDescr, SPARSE_KIND_DNVEC))
        return dead(dnVecDescr, fn, "dnVecDescr");
    if (values == NULL && dnVecDescr->size > 0)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "values is NULL");
    dnVecDescr->values = values;
    return ACL_SPARSE_STATUS_SUCCESS;
}

/* ---- Sparse vector ------------------------------------------------------------------------ */

static aclsparseStatus_t spvec_create(void **out, int64_t size, int64_t nnz, void *indices,
                                      void *values, aclsparseIndexType_t it,
                                      aclsparseIndexBase_t base, aclDataType type, bool is_const,
                                      const char *fn)
{
    if (out == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "spVecDescr is NULL");
    if (size < 0 || nnz < 0 || nnz > size)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "size %lld, nnz %lld: need 0 <= nnz <= size", (long long)size,
                           (long long)nnz);
    if (nnz > 0 && (indices == NULL || values == NULL))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "indices or values is NULL for nnz %lld", (long long)nnz);
    if (!sparse_index_type_ok(it) || !sparse_base_ok(base) || !sparse_value_type_ok(type))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "idxType %d, idxBase %d or valueType %d out of range", (int)it,
                           (int)base, (int)type);
    struct aclsparseSpVecDescr *d = calloc(1, sizeof *d);
    if (d) {
        d->size = size;
        d->nnz = nnz;
        d->indices = indices;
        d->values = values;
        d->idx_type = it;
        d->base = base;
        d->value_type = type;
        d->is_const = is_const;
    }
    return hand_out(d, SPARSE_KIND_SPVEC, out, fn);
}

aclsparseStatus_t aclsparseCreateSpVec(aclsparseSpVecDescr_t *spVecDescr, int64_t size,
                                       int64_t nnz, void *indices, void *values,
                                       aclsparseIndexType_t idxType, aclsparseIndexBase_t idxBase,
                                       aclDataType valueType)
{
    return spvec_create((void **)spVecDescr, size, nnz, indices, values, idxType, idxBase,
                        valueType, false, "aclsparseCreateSpVec");
}

aclsparseStatus_t aclsparseCreateConstSpVec(aclsparseConstSpVecDescr_t *spVecDescr, int64_t size,
                                            int64_t nnz, const void *indices, const void *values,
                                            aclsparseIndexType_t idxType,
                                            aclsparseIndexBase_t idxBase, aclDataType valueType)
{
    return spvec_create((void **)spVecDescr, size, nnz, (void *)indices, (void *)values, idxType,
                        idxBase, valueType, true, "aclsparseCreateConstSpVec");
}

aclsparseStatus_t aclsparseDestroySpVec(aclsparseConstSpVecDescr_t spVecDescr)
{
    if (!sparse_reg_remove(spVecDescr, SPARSE_KIND_SPVEC))
        return dead(spVecDescr, "aclsparseDestroySpVec", "spVecDescr");
    free((void *)spVecDescr);
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseSpVecGet(aclsparseSpVecDescr_t spVecDescr, int64_t *size, int64_t *nnz,
                                    void **indices, void **values, aclsparseIndexType_t *idxType,
                                    aclsparseIndexBase_t *idxBase, aclDataType *valueType)
{
    if (!sparse_reg_live(spVecDescr, SPARSE_KIND_SPVEC))
        return dead(spVecDescr, "aclsparseSpVecGet", "spVecDescr");
    if (size)
        *size = spVecDescr->size;
    if (nnz)
        *nnz = spVecDescr->nnz;
    if (indices)
        *indices = spVecDescr->indices;
    if (values)
        *values = spVecDescr->values;
    if (idxType)
        *idxType = spVecDescr->idx_type;
    if (idxBase)
        *idxBase = spVecDescr->base;
    if (valueType)
        *valueType = spVecDescr->value_type;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseConstSpVecGet(aclsparseConstSpVecDescr_t spVecDescr, int64_t *size,
                                         int64_t *nnz, const void **indices, const void **values,
                                         aclsparseIndexType_t *idxType,
                                         aclsparseIndexBase_t *idxBase, aclDataType *valueType)
{
    return aclsparseSpVecGet((aclsparseSpVecDescr_t)spVecDescr, size, nnz, (void **)indices,
                             (void **)values, idxType, idxBase, valueType);
}

aclsparseStatus_t aclsparseSpVecGetIndexBase(aclsparseConstSpVecDescr_t spVecDescr,
                                             aclsparseIndexBase_t *idxBase)
{
    if (!sparse_reg_live(spVecDescr, SPARSE_KIND_SPVEC))
        return dead(spVecDescr, "aclsparseSpVecGetIndexBase", "spVecDescr");
    if (idxBase)
        *idxBase = spVecDescr->base;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseSpVecGetValues(aclsparseSpVecDescr_t spVecDescr, void **values)
{
    static const char fn[] = "aclsparseSpVecGetValues";
    if (!sparse_reg_live(spVecDescr, SPARSE_KIND_SPVEC))
        return dead(spVecDescr, fn, "spVecDescr");
    if (values == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "values is NULL");
    *values = spVecDescr->values;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseConstSpVecGetValues(aclsparseConstSpVecDescr_t spVecDescr,
                                               const void **values)
{
    return aclsparseSpVecGetValues((aclsparseSpVecDescr_t)spVecDescr, (void **)values);
}

aclsparseStatus_t aclsparseSpVecSetValues(aclsparseSpVecDescr_t spVecDescr, void *values)
{
    if (!sparse_reg_live(spVecDescr, SPARSE_KIND_SPVEC))
        return dead(spVecDescr, "aclsparseSpVecSetValues", "spVecDescr");
    spVecDescr->values = values;
    return ACL_SPARSE_STATUS_SUCCESS;
}

/* ---- Sparse matrix ------------------------------------------------------------------------ */

static aclsparseStatus_t spmat_create(void **out, aclsparseFormat_t format, int64_t rows,
                                      int64_t cols, int64_t nnz, void *outer, void *inner,
                                      void *values, aclsparseIndexType_t outer_type,
                                      aclsparseIndexType_t inner_type, aclsparseIndexBase_t base,
                                      aclDataType type, bool is_const, const char *fn)
{
    if (out == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "spMatDescr is NULL");
    if (rows < 0 || cols < 0 || nnz < 0)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "rows %lld, cols %lld, nnz %lld: none may be negative",
                           (long long)rows, (long long)cols, (long long)nnz);
    if (!sparse_index_type_ok(outer_type) || !sparse_index_type_ok(inner_type))
        /* CSR's offset/index types: NOT_SUPPORTED in CANN; CSC's and COO's: INVALID_VALUE. */
        return sparse_fail(format == ACL_SPARSE_FORMAT_CSR ? ACL_SPARSE_STATUS_NOT_SUPPORTED
                                                           : ACL_SPARSE_STATUS_INVALID_VALUE,
                           fn, "index types %d/%d: need ACL_SPARSE_INDEX_32I or _64I",
                           (int)outer_type, (int)inner_type);
    struct aclsparseSpMatDescr *d = calloc(1, sizeof *d);
    if (d) {
        d->format = format;
        d->rows = rows;
        d->cols = cols;
        d->nnz = nnz;
        d->outer = outer;
        d->inner = inner;
        d->values = values;
        d->outer_type = outer_type;
        d->inner_type = inner_type;
        d->base = base;
        d->value_type = type;
        d->fill = ACL_SPARSE_FILL_MODE_LOWER;
        d->diag = ACL_SPARSE_DIAG_TYPE_NON_UNIT;
        d->is_const = is_const;
    }
    return hand_out(d, SPARSE_KIND_SPMAT, out, fn);
}

aclsparseStatus_t aclsparseCreateCsr(aclsparseSpMatDescr_t *spMatDescr, int64_t rows,
                                     int64_t cols, int64_t nnz, void *csrRowOffsets,
                                     void *csrColInd, void *csrValues,
                                     aclsparseIndexType_t csrRowOffsetsType,
                                     aclsparseIndexType_t csrColIndType,
                                     aclsparseIndexBase_t idxBase, aclDataType valueType)
{
    return spmat_create((void **)spMatDescr, ACL_SPARSE_FORMAT_CSR, rows, cols, nnz,
                        csrRowOffsets, csrColInd, csrValues, csrRowOffsetsType, csrColIndType,
                        idxBase, valueType, false, "aclsparseCreateCsr");
}

aclsparseStatus_t aclsparseCreateConstCsr(aclsparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                          int64_t cols, int64_t nnz, const void *csrRowOffsets,
                                          const void *csrColInd, const void *csrValues,
                                          aclsparseIndexType_t csrRowOffsetsType,
                                          aclsparseIndexType_t csrColIndType,
                                          aclsparseIndexBase_t idxBase, aclDataType valueType)
{
    return spmat_create((void **)spMatDescr, ACL_SPARSE_FORMAT_CSR, rows, cols, nnz,
                        (void *)csrRowOffsets, (void *)csrColInd, (void *)csrValues,
                        csrRowOffsetsType, csrColIndType, idxBase, valueType, true,
                        "aclsparseCreateConstCsr");
}

aclsparseStatus_t aclsparseCreateCsc(aclsparseSpMatDescr_t *spMatDescr, int64_t rows,
                                     int64_t cols, int64_t nnz, void *cscColOffsets,
                                     void *cscRowInd, void *cscValues,
                                     aclsparseIndexType_t cscColOffsetsType,
                                     aclsparseIndexType_t cscRowIndType,
                                     aclsparseIndexBase_t idxBase, aclDataType valueType)
{
    return spmat_create((void **)spMatDescr, ACL_SPARSE_FORMAT_CSC, rows, cols, nnz,
                        cscColOffsets, cscRowInd, cscValues, cscColOffsetsType, cscRowIndType,
                        idxBase, valueType, false, "aclsparseCreateCsc");
}

aclsparseStatus_t aclsparseCreateConstCsc(aclsparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                          int64_t cols, int64_t nnz, const void *cscColOffsets,
                                          const void *cscRowInd, const void *cscValues,
                                          aclsparseIndexType_t cscColOffsetsType,
                                          aclsparseIndexType_t cscRowIndType,
                                          aclsparseIndexBase_t idxBase, aclDataType valueType)
{
    return spmat_create((void **)spMatDescr, ACL_SPARSE_FORMAT_CSC, rows, cols, nnz,
                        (void *)cscColOffsets, (void *)cscRowInd, (void *)cscValues,
                        cscColOffsetsType, cscRowIndType, idxBase, valueType, true,
                        "aclsparseCreateConstCsc");
}

aclsparseStatus_t aclsparseCreateCoo(aclsparseSpMatDescr_t *spMatDescr, int64_t rows,
                                     int64_t cols, int64_t nnz, void *cooRowInd, void *cooColInd,
                                     void *cooValues, aclsparseIndexType_t cooIdxType,
                                     aclsparseIndexBase_t idxBase, aclDataType valueType)
{
    return spmat_create((void **)spMatDescr, ACL_SPARSE_FORMAT_COO, rows, cols, nnz, cooRowInd,
                        cooColInd, cooValues, cooIdxType, cooIdxType, idxBase, valueType, false,
                        "aclsparseCreateCoo");
}

aclsparseStatus_t aclsparseCreateConstCoo(aclsparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                          int64_t cols, int64_t nnz, const void *cooRowInd,
                                          const void *cooColInd, const void *cooValues,
                                          aclsparseIndexType_t cooIdxType,
                                          aclsparseIndexBase_t idxBase, aclDataType valueType)
{
    return spmat_create((void **)spMatDescr, ACL_SPARSE_FORMAT_COO, rows, cols, nnz,
                        (void *)cooRowInd, (void *)cooColInd, (void *)cooValues, cooIdxType,
                        cooIdxType, idxBase, valueType, true, "aclsparseCreateConstCoo");
}

static aclsparseStatus_t set_pointers(aclsparseSpMatDescr_t d, aclsparseFormat_t format,
                                      void *outer, void *inner, void *values, const char *fn)
{
    if (!sparse_reg_live(d, SPARSE_KIND_SPMAT))
        return dead(d, fn, "descr");
    if (d->format != format)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "descr holds format %d, not %d", (int)d->format, (int)format);
    /* CSR/CSC offsets exist even when nnz is 0 (rows + 1 entries). */
    if ((format != ACL_SPARSE_FORMAT_COO && outer == NULL) ||
        (d->nnz > 0 && (outer == NULL || inner == NULL || values == NULL)))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "a pointer is NULL for nnz %lld",
                           (long long)d->nnz);
    d->outer = outer;
    d->inner = inner;
    d->values = values;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseCsrSetPointers(aclsparseSpMatDescr_t descr, void *rowOffsets,
                                          void *colIndices, void *values)
{
    return set_pointers(descr, ACL_SPARSE_FORMAT_CSR, rowOffsets, colIndices, values,
                        "aclsparseCsrSetPointers");
}

aclsparseStatus_t aclsparseCscSetPointers(aclsparseSpMatDescr_t descr, void *colOffsets,
                                          void *rowIndices, void *values)
{
    return set_pointers(descr, ACL_SPARSE_FORMAT_CSC, colOffsets, rowIndices, values,
                        "aclsparseCscSetPointers");
}

aclsparseStatus_t aclsparseCooSetPointers(aclsparseSpMatDescr_t descr, void *rowIndices,
                                          void *colIndices, void *values)
{
    return set_pointers(descr, ACL_SPARSE_FORMAT_COO, rowIndices, colIndices, values,
                        "aclsparseCooSetPointers");
}

aclsparseStatus_t aclsparseDestroySpMat(aclsparseConstSpMatDescr_t spMatDescr)
{
    if (spMatDescr == NULL) /* CANN: destroying NULL succeeds */
        return ACL_SPARSE_STATUS_SUCCESS;
    if (!sparse_reg_remove(spMatDescr, SPARSE_KIND_SPMAT))
        return dead(spMatDescr, "aclsparseDestroySpMat", "spMatDescr");
    free((void *)spMatDescr);
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseSpMatGetFormat(aclsparseConstSpMatDescr_t spMatDescr,
                                          aclsparseFormat_t *format)
{
    if (!sparse_reg_live(spMatDescr, SPARSE_KIND_SPMAT))
        return dead(spMatDescr, "aclsparseSpMatGetFormat", "spMatDescr");
    if (format)
        *format = spMatDescr->format;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseSpMatGetValues(aclsparseSpMatDescr_t spMatDescr, void **values)
{
    static const char fn[] = "aclsparseSpMatGetValues";
    if (!sparse_reg_live(spMatDescr, SPARSE_KIND_SPMAT))
        return dead(spMatDescr, fn, "spMatDescr");
    if (values == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "values is NULL");
    *values = spMatDescr->values;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseConstSpMatGetValues(aclsparseConstSpMatDescr_t spMatDescr,
                                               const void **values)
{
    return aclsparseSpMatGetValues((aclsparseSpMatDescr_t)spMatDescr, (void **)values);
}

aclsparseStatus_t aclsparseSpMatSetValues(aclsparseSpMatDescr_t spMatDescr, void *values)
{
    if (!sparse_reg_live(spMatDescr, SPARSE_KIND_SPMAT))
        return dead(spMatDescr, "aclsparseSpMatSetValues", "spMatDescr");
    spMatDescr->values = values;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseSpMatGetSize(aclsparseConstSpMatDescr_t spMatDescr, int64_t *rows,
                                        int64_t *cols, int64_t *nnz)
{
    if (!sparse_reg_live(spMatDescr, SPARSE_KIND_SPMAT))
        return dead(spMatDescr, "aclsparseSpMatGetSize", "spMatDescr");
    if (rows)
        *rows = spMatDescr->rows;
    if (cols)
        *cols = spMatDescr->cols;
    if (nnz)
        *nnz = spMatDescr->nnz;
    return ACL_SPARSE_STATUS_SUCCESS;
}

static aclsparseStatus_t attr_check(const void *d, aclsparseSpMatAttribute_t attribute,
                                    const void *data, size_t size, const char *fn)
{
    if (!sparse_reg_live(d, SPARSE_KIND_SPMAT))
        return dead(d, fn, "spMatDescr");
    if (data == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "data is NULL");
    if (attribute != ACL_SPARSE_SPMAT_FILL_MODE && attribute != ACL_SPARSE_SPMAT_DIAG_TYPE)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "attribute %d is not known",
                           (int)attribute);
    size_t want = attribute == ACL_SPARSE_SPMAT_FILL_MODE ? sizeof(aclsparseFillMode_t)
                                                          : sizeof(aclsparseDiagType_t);
    if (size != want || (uintptr_t)data % _Alignof(aclsparseFillMode_t) != 0)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "dataSize %zu (need %zu) or data misaligned", size, want);
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseSpMatSetAttribute(aclsparseSpMatDescr_t spMatDescr,
                                             aclsparseSpMatAttribute_t attribute,
                                             const void *data, size_t dataSize)
{
    static const char fn[] = "aclsparseSpMatSetAttribute";
    aclsparseStatus_t st = attr_check(spMatDescr, attribute, data, dataSize, fn);
    if (st != ACL_SPARSE_STATUS_SUCCESS)
        return st;
    if (attribute == ACL_SPARSE_SPMAT_FILL_MODE) {
        aclsparseFillMode_t v = *(const aclsparseFillMode_t *)data;
        if (v != ACL_SPARSE_FILL_MODE_LOWER && v != ACL_SPARSE_FILL_MODE_UPPER)
            return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "fill mode %d", (int)v);
        spMatDescr->fill = v;
    } else {
        aclsparseDiagType_t v = *(const aclsparseDiagType_t *)data;
        if (v != ACL_SPARSE_DIAG_TYPE_NON_UNIT && v != ACL_SPARSE_DIAG_TYPE_UNIT)
            return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "diag type %d", (int)v);
        spMatDescr->diag = v;
    }
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseSpMatGetAttribute(aclsparseConstSpMatDescr_t spMatDescr,
                                             aclsparseSpMatAttribute_t attribute, void *data,
                                             size_t dataSize)
{
    aclsparseStatus_t st =
        attr_check(spMatDescr, attribute, data, dataSize, "aclsparseSpMatGetAttribute");
    if (st != ACL_SPARSE_STATUS_SUCCESS)
        return st;
    if (attribute == ACL_SPARSE_SPMAT_FILL_MODE)
        *(aclsparseFillMode_t *)data = spMatDescr->fill;
    else
        *(aclsparseDiagType_t *)data = spMatDescr->diag;
    return ACL_SPARSE_STATUS_SUCCESS;
}

/* ---- Dense matrix ------------------------------------------------------------------------- */

static aclsparseStatus_t dnmat_create(void **out, int64_t rows, int64_t cols, int64_t ld,
                                      void *values, aclDataType type, aclsparseOrder_t order,
                                      bool is_const, const char *fn)
{
    if (out == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "dnMatDescr is NULL");
    if (rows <= 0 || cols <= 0 || ld <= 0)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "rows %lld, cols %lld, ld %lld: each must be > 0", (long long)rows,
                           (long long)cols, (long long)ld);
    if (values == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "values is NULL");
    if (!sparse_value_type_ok(type))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "valueType %d is not supported",
                           (int)type);
    if (order != ACL_SPARSE_ORDER_ROW && order != ACL_SPARSE_ORDER_COL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "order %d", (int)order);
    if (ld < (order == ACL_SPARSE_ORDER_ROW ? cols : rows))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "ld %lld is below the %s (%lld)", (long long)ld,
                           order == ACL_SPARSE_ORDER_ROW ? "column count" : "row count",
                           (long long)(order == ACL_SPARSE_ORDER_ROW ? cols : rows));
    struct aclsparseDnMatDescr *d = calloc(1, sizeof *d);
    if (d) {
        d->rows = rows;
        d->cols = cols;
        d->ld = ld;
        d->values = values;
        d->value_type = type;
        d->order = order;
        d->is_const = is_const;
    }
    return hand_out(d, SPARSE_KIND_DNMAT, out, fn);
}

aclsparseStatus_t aclsparseCreateDnMat(aclsparseDnMatDescr_t *dnMatDescr, int64_t rows,
                                       int64_t cols, int64_t ld, void *values,
                                       aclDataType valueType, aclsparseOrder_t order)
{
    return dnmat_create((void **)dnMatDescr, rows, cols, ld, values, valueType, order, false,
                        "aclsparseCreateDnMat");
}

aclsparseStatus_t aclsparseCreateConstDnMat(aclsparseConstDnMatDescr_t *dnMatDescr, int64_t rows,
                                            int64_t cols, int64_t ld, const void *values,
                                            aclDataType valueType, aclsparseOrder_t order)
{
    return dnmat_create((void **)dnMatDescr, rows, cols, ld, (void *)values, valueType, order,
                        true, "aclsparseCreateConstDnMat");
}

aclsparseStatus_t aclsparseDestroyDnMat(aclsparseConstDnMatDescr_t dnMatDescr)
{
    if (!sparse_reg_remove(dnMatDescr, SPARSE_KIND_DNMAT))
        return dead(dnMatDescr, "aclsparseDestroyDnMat", "dnMatDescr");
    free((void *)dnMatDescr);
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseDnMatGet(aclsparseDnMatDescr_t dnMatDescr, int64_t *rows,
                                    int64_t *cols, int64_t *ld, void **values,
                                    aclDataType *valueType, aclsparseOrder_t *order)
{
    if (!sparse_reg_live(dnMatDescr, SPARSE_KIND_DNMAT))
        return dead(dnMatDescr, "aclsparseDnMatGet", "dnMatDescr");
    if (rows)
        *rows = dnMatDescr->rows;
    if (cols)
        *cols = dnMatDescr->cols;
    if (ld)
        *ld = dnMatDescr->ld;
    if (values)
        *values = dnMatDescr->values;
    if (valueType)
        *valueType = dnMatDescr->value_type;
    if (order)
        *order = dnMatDescr->order;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseConstDnMatGet(aclsparseConstDnMatDescr_t dnMatDescr, int64_t *rows,
                                         int64_t *cols, int64_t *ld, const void **values,
                                         aclDataType *valueType, aclsparseOrder_t *order)
{
    return aclsparseDnMatGet((aclsparseDnMatDescr_t)dnMatDescr, rows, cols, ld, (void **)values,
                             valueType, order);
}

aclsparseStatus_t aclsparseDnMatGetValues(aclsparseDnMatDescr_t dnMatDescr, void **values)
{
    static const char fn[] = "aclsparseDnMatGetValues";
    if (!sparse_reg_live(dnMatDescr, SPARSE_KIND_DNMAT))
        return dead(dnMatDescr, fn, "dnMatDescr");
    if (values == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "values is NULL");
    *values = dnMatDescr->values;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseConstDnMatGetValues(aclsparseConstDnMatDescr_t dnMatDescr,
                                               const void **values)
{
    return aclsparseDnMatGetValues((aclsparseDnMatDescr_t)dnMatDescr, (void **)values);
}

aclsparseStatus_t aclsparseDnMatSetValues(aclsparseDnMatDescr_t dnMatDescr, void *values)
{
    static const char fn[] = "aclsparseDnMatSetValues";
    if (!sparse_reg_live(dnMatDescr, SPARSE_KIND_DNMAT))
        return dead(dnMatDescr, fn, "dnMatDescr");
    if (values == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "values is NULL");
    dnMatDescr->values = values;
    return ACL_SPARSE_STATUS_SUCCESS;
}
