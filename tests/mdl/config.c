/* SPDX-License-Identifier: Apache-2.0 */
/* Load and execution configurations (docs/mdl.md, "Configuration handles"): every option of
 * aclmdlConfigAttr and aclmdlExecConfigAttr set with its type's size and a value at its range's
 * ends, then refused with a size of another type, a value past its range, a NULL where a pointer
 * is required; unknown options, NULL handles and values; path options copied (the caller's
 * string may change after the call, setting twice replaces) under ASan; external weights. */
#include "mdl_test.h"

enum kind { I32, SIZE, PTR, PTR_NN, STR };
struct opt {
    int attr;
    enum kind kind;
    int64_t lo, hi; /* I32/SIZE: range ends (hi -1: none) */
};

static const struct opt load_opts[] = {
    {ACL_MDL_PRIORITY_INT32, I32, 0, 7},
    {ACL_MDL_LOAD_TYPE_SIZET, SIZE, 1, 6},
    {ACL_MDL_PATH_PTR, STR, 0, 0},
    {ACL_MDL_MEM_ADDR_PTR, PTR_NN, 0, 0},
    {ACL_MDL_MEM_SIZET, SIZE, 0, -1},
    {ACL_MDL_WEIGHT_ADDR_PTR, PTR, 0, 0},
    {ACL_MDL_WEIGHT_SIZET, SIZE, 0, -1},
    {ACL_MDL_WORKSPACE_ADDR_PTR, PTR, 0, 0},
    {ACL_MDL_WORKSPACE_SIZET, SIZE, 0, -1},
    {ACL_MDL_INPUTQ_NUM_SIZET, SIZE, 0, -1},
    {ACL_MDL_INPUTQ_ADDR_PTR, PTR_NN, 0, 0},
    {ACL_MDL_OUTPUTQ_NUM_SIZET, SIZE, 0, -1},
    {ACL_MDL_OUTPUTQ_ADDR_PTR, PTR_NN, 0, 0},
    {ACL_MDL_WORKSPACE_MEM_OPTIMIZE, SIZE, 0, 1},
    {ACL_MDL_WEIGHT_PATH_PTR, STR, 0, 0},
    {ACL_MDL_MODEL_DESC_PTR, PTR, 0, 0},
    {ACL_MDL_MODEL_DESC_SIZET, SIZE, 0, -1},
    {ACL_MDL_KERNEL_PTR, PTR, 0, 0},
    {ACL_MDL_KERNEL_SIZET, SIZE, 0, -1},
    {ACL_MDL_KERNEL_ARGS_PTR, PTR, 0, 0},
    {ACL_MDL_KERNEL_ARGS_SIZET, SIZE, 0, -1},
    {ACL_MDL_STATIC_TASK_PTR, PTR, 0, 0},
    {ACL_MDL_STATIC_TASK_SIZET, SIZE, 0, -1},
    {ACL_MDL_DYNAMIC_TASK_PTR, PTR, 0, 0},
    {ACL_MDL_DYNAMIC_TASK_SIZET, SIZE, 0, -1},
    {ACL_MDL_MEM_MALLOC_POLICY_SIZET, SIZE, 0, -1},
    {ACL_MDL_FIFO_PTR, PTR, 0, 0},
    {ACL_MDL_FIFO_SIZET, SIZE, 0, -1},
    {ACL_MDL_WITHOUT_GRAPH_INT32, I32, 0, 1},
    {ACL_NPU_PERF_MODE, I32, INT32_MIN, INT32_MAX},
};

static const struct opt exec_opts[] = {
    {ACL_MDL_STREAM_SYNC_TIMEOUT, I32, -1, INT32_MAX},
    {ACL_MDL_EVENT_SYNC_TIMEOUT, I32, -1, INT32_MAX},
    {ACL_MDL_WORK_ADDR_PTR, PTR, 0, 0},
    {ACL_MDL_WORK_SIZET, SIZE, 0, -1},
    {ACL_MDL_MPAIMID_SIZET, SIZE, 0, -1},
    {ACL_MDL_AICQOS_SIZET, SIZE, 0, -1},
    {ACL_MDL_AICOST_SIZET, SIZE, 0, -1},
    {ACL_MDL_MEC_TIMETHR_SIZET, SIZE, 0, -1},
    {ACL_MDL_EXEC_PRIORITY_INT32, I32, 0, 7},
    {ACL_MDL_NPU_PERF_MODE, I32, INT32_MIN, INT32_MAX},
};

typedef aclError (*setter)(void *h, int attr, const void *value, size_t size);
static aclError set_load(void *h, int attr, const void *v, size_t n)
{
    return aclmdlSetConfigOpt(h, (aclmdlConfigAttr)attr, v, n);
}
static aclError set_exec(void *h, int attr, const void *v, size_t n)
{
    return aclmdlSetExecConfigOpt(h, (aclmdlExecConfigAttr)attr, v, n);
}

static void every_option(void *h, setter set, const char *fn, const struct opt *opts, size_t n)
{
    char path[32];
    for (size_t i = 0; i < n; i++) {
        const struct opt *o = &opts[i];
        int32_t i32;
        size_t sz;
        void *p;
        switch (o->kind) {
        case I32:
            i32 = (int32_t)o->lo;
            CHECK_OK(set(h, o->attr, &i32, sizeof(i32)));
            i32 = (int32_t)o->hi;
            CHECK_OK(set(h, o->attr, &i32, sizeof(i32)));
            CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, fn, "valueSize",
                           set(h, o->attr, &i32, sizeof(int64_t)));
            if (o->lo > INT32_MIN) {
                i32 = (int32_t)(o->lo - 1);
                CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, fn, "outside",
                               set(h, o->attr, &i32, sizeof(i32)));
            }
            if (o->hi < INT32_MAX) {
                i32 = (int32_t)(o->hi + 1);
                CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, fn, "outside",
                               set(h, o->attr, &i32, sizeof(i32)));
            }
            break;
        case SIZE:
            sz = (size_t)o->lo;
            CHECK_OK(set(h, o->attr, &sz, sizeof(sz)));
            sz = o->hi < 0 ? SIZE_MAX : (size_t)o->hi;
            CHECK_OK(set(h, o->attr, &sz, sizeof(sz)));
            CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, fn, "valueSize",
                           set(h, o->attr, &sz, sizeof(int32_t)));
            if (o->hi >= 0) {
                sz = (size_t)o->hi + 1;
                CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, fn, "outside",
                               set(h, o->attr, &sz, sizeof(sz)));
                if (o->lo > 0) {
                    sz = (size_t)o->lo - 1;
                    CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, fn, "outside",
                                   set(h, o->attr, &sz, sizeof(sz)));
                }
            }
            break;
        case STR:
            /* Copied: the caller's buffer changes after each call. */
            snprintf(path, sizeof(path), "/models/first.om");
            p = path;
            CHECK_OK(set(h, o->attr, &p, sizeof(p)));
            memset(path, 'x', sizeof(path) - 1);
            snprintf(path, sizeof(path), "/models/second.om");
            CHECK_OK(set(h, o->attr, &p, sizeof(p)));
            memset(path, 0, sizeof(path));
            __attribute__((fallthrough)); /* to the NULL and size rows */
        case PTR_NN:
            if (o->kind == PTR_NN) {
                p = path;
                CHECK_OK(set(h, o->attr, &p, sizeof(p)));
            }
            p = NULL;
            CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, fn, "points to NULL",
                           set(h, o->attr, &p, sizeof(p)));
            CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, fn, "valueSize",
                           set(h, o->attr, &p, sizeof(int32_t)));
            break;
        case PTR:
            p = path;
            CHECK_OK(set(h, o->attr, &p, sizeof(p)));
            p = NULL;
            CHECK_OK(set(h, o->attr, &p, sizeof(p)));
            CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, fn, "valueSize", set(h, o->attr, &p, 1));
            break;
        }
    }
    int32_t v = 0;
    CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, fn, "not an option", set(h, (int)n, &v, sizeof(v)));
    CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, fn, "not an option", set(h, 0xFFFF, &v, sizeof(v)));
    CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, fn, "not an option", set(h, -1, &v, sizeof(v)));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, fn, set(h, 0, NULL, sizeof(v)));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, fn, set(NULL, 0, &v, sizeof(v)));
}

static void load_config(void)
{
    CHECK(sizeof(load_opts) / sizeof(load_opts[0]) == ACL_NPU_PERF_MODE + 1);
    aclmdlConfigHandle *h = aclmdlCreateConfigHandle();
    CHECK(h);
    every_option(h, set_load, "aclmdlSetConfigOpt", load_opts,
                 sizeof(load_opts) / sizeof(load_opts[0]));
    /* External weights. */
    char mem[64];
    CHECK_OK(aclmdlSetExternalWeightAddress(h, "w.bin", mem, 64));
    CHECK_OK(aclmdlSetExternalWeightAddress(h, "w.bin", mem, 32)); /* replaces */
    CHECK_OK(aclmdlSetExternalWeightAddress(h, "v.bin", mem, 32));
    CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, "aclmdlSetExternalWeightAddress", "multiple of 32",
                   aclmdlSetExternalWeightAddress(h, "w.bin", mem, 33));
    CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, "aclmdlSetExternalWeightAddress", "multiple of 32",
                   aclmdlSetExternalWeightAddress(h, "w.bin", mem, 0));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlSetExternalWeightAddress",
               aclmdlSetExternalWeightAddress(NULL, "w.bin", mem, 32));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlSetExternalWeightAddress",
               aclmdlSetExternalWeightAddress(h, NULL, mem, 32));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlSetExternalWeightAddress",
               aclmdlSetExternalWeightAddress(h, "w.bin", NULL, 32));
    CHECK_OK(aclmdlDestroyConfigHandle(h));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlDestroyConfigHandle",
               aclmdlDestroyConfigHandle(NULL));
    /* Allocation failure: creating, and copying a path. */
    cpuaclTestFailAlloc(0);
    CHECK(aclmdlCreateConfigHandle() == NULL);
    cpuaclTestFailAlloc(-1);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_BAD_ALLOC);
    h = aclmdlCreateConfigHandle();
    const char *path = "/m.om";
    cpuaclTestFailAlloc(0);
    CHECK_FAIL(ACL_ERROR_BAD_ALLOC, "aclmdlSetConfigOpt",
               aclmdlSetConfigOpt(h, ACL_MDL_PATH_PTR, &path, sizeof(path)));
    cpuaclTestFailAlloc(0);
    CHECK_FAIL(ACL_ERROR_BAD_ALLOC, "aclmdlSetExternalWeightAddress",
               aclmdlSetExternalWeightAddress(h, "w.bin", (void *)path, 32));
    cpuaclTestFailAlloc(-1);
    aclmdlDestroyConfigHandle(h);
}

static void exec_config(void)
{
    CHECK(sizeof(exec_opts) / sizeof(exec_opts[0]) == ACL_MDL_NPU_PERF_MODE + 1);
    aclmdlExecConfigHandle *h = aclmdlCreateExecConfigHandle();
    CHECK(h);
    every_option(h, set_exec, "aclmdlSetExecConfigOpt", exec_opts,
                 sizeof(exec_opts) / sizeof(exec_opts[0]));
    CHECK_OK(aclmdlDestroyExecConfigHandle(h));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlDestroyExecConfigHandle",
               aclmdlDestroyExecConfigHandle(NULL));
    cpuaclTestFailAlloc(0);
    CHECK(aclmdlCreateExecConfigHandle() == NULL);
    cpuaclTestFailAlloc(-1);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_BAD_ALLOC);
}

int main(void)
{
    load_config();
    exec_config();
    TEST_OPEN();
    load_config();
    exec_config();
    TEST_CLOSE();
    printf("mdl_config: ok\n");
    return 0;
}
