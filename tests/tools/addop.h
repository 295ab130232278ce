/* SPDX-License-Identifier: Apache-2.0 */
/* The operator the dump tests run: z = x + y on 2x3 float tensors (prof_dump.c, dump_init.c). */
#ifndef CPUACL_TESTS_TOOLS_ADDOP_H
#define CPUACL_TESTS_TOOLS_ADDOP_H

#include "aclnnop/aclnn_add.h"
#include "testutil.h"

static aclTensor *tensor(float *dev)
{
    int64_t dims[2] = {2, 3}, strides[2] = {3, 1};
    aclTensor *t = aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, dims, 2, dev);
    CHECK(t);
    return t;
}

/* Queue aclnnAdd(x, y, alpha 1) -> z on s. */
static void add_on(aclrtStream s, aclTensor *x, aclTensor *y, aclTensor *z)
{
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *e = NULL;
    CHECK(aclnnAddGetWorkspaceSize(x, y, alpha, z, &ws, &e) == 0);
    CHECK(aclnnAdd(NULL, ws, e, s) == 0);
    aclDestroyScalar(alpha);
}

#endif
