/* SPDX-License-Identifier: Apache-2.0 */
/* A program built against an installed cpuacl: one kernel on one stream. */
#include <stdio.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"

static int32_t bump(void *arg)
{
    ++*(int *)arg;
    return 0;
}

int main(void)
{
    int n = 0;
    aclrtStream s;
    if (aclInit(NULL) || aclrtSetDevice(0) || aclrtCreateStream(&s))
        return 1;
    for (int i = 0; i < 100; i++)
        if (cpuaclLaunchKernel(s, bump, &n))
            return 1;
    if (aclrtSynchronizeStream(s) || n != 100)
        return 1;
    if (aclrtDestroyStream(s) || aclrtResetDevice(0) || aclFinalize())
        return 1;
    printf("consumer: ok\n");
    return 0;
}
