/* SPDX-License-Identifier: Apache-2.0 */
/* An installed-tree consumer of CANN's sparse library: includes cann_ops_sparse.h from
 * <prefix>/include and links -lops_sparse -lascendcl (tests/install/install_consumers.cmake).
 * One 2 x 2 CSR SpMV: y = [[1 2] [0 3]] * [1 1] = [3 3]. */
#include <stdio.h>

#include "acl/acl.h"
#include "cann_ops_sparse.h"

int main(void)
{
    int32_t off[3] = {0, 2, 3}, col[3] = {0, 1, 1};
    float val[3] = {1, 2, 3}, x[2] = {1, 1}, y[2] = {0, 0}, one = 1.0f, zero = 0.0f;
    aclrtStream s = NULL;
    aclsparseHandle_t h = NULL;
    aclsparseSpMatDescr_t a = NULL;
    aclsparseDnVecDescr_t vx = NULL, vy = NULL;
    if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS ||
        aclrtCreateStream(&s) != ACL_SUCCESS)
        return 1;
    if (aclsparseCreate(&h) || aclsparseSetStream(h, s) ||
        aclsparseCreateCsr(&a, 2, 2, 3, off, col, val, ACL_SPARSE_INDEX_32I,
                           ACL_SPARSE_INDEX_32I, ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT) ||
        aclsparseCreateDnVec(&vx, 2, x, ACL_FLOAT) || aclsparseCreateDnVec(&vy, 2, y, ACL_FLOAT) ||
        aclsparseSpMV(h, ACL_SPARSE_OP_NON_TRANSPOSE, &one, a, vx, &zero, vy, ACL_FLOAT,
                      ACL_SPARSE_SPMV_ALG_DEFAULT, NULL) ||
        aclrtSynchronizeStream(s) != ACL_SUCCESS) {
        fprintf(stderr, "consumer_sparse: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    if (y[0] != 3.0f || y[1] != 3.0f) {
        fprintf(stderr, "consumer_sparse: y = %g %g\n", y[0], y[1]);
        return 1;
    }
    aclsparseDestroySpMat(a);
    aclsparseDestroyDnVec(vx);
    aclsparseDestroyDnVec(vy);
    aclsparseDestroy(h);
    aclrtDestroyStream(s);
    aclrtResetDevice(0);
    aclFinalize();
    printf("consumer_sparse: ok\n");
    return 0;
}
