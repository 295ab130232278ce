/* SPDX-License-Identifier: Apache-2.0 */
/* Profiling (acl/acl_prof.h, mstx/ms_tools_ext.h) and dump (acl/acl_dump.h)
 * in the call sequences a user writes: the op_summary lists the operators
 * run, the msprof json holds the marks and ranges; the dump files hold the
 * tensors' bytes (eager and in a captured model's replays), the callback gets
 * the same; plus the misuse codes of both. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "acl/acl.h"
#include "acl/acl_dump.h"
#include "acl/acl_prof.h"
#include "addop.h"
#include "aclnnop/aclnn_mul.h"
#include "mstx/ms_tools_ext.h"
#include "testutil.h"

enum { N = 6 };
static aclrtStream g_s;
static float *g_x, *g_y, *g_z;
static aclTensor *g_tx, *g_ty, *g_tz;

static void run_add(void)
{
    add_on(g_s, g_tx, g_ty, g_tz);
}

static void run_mul(void)
{
    uint64_t ws = 0;
    aclOpExecutor *e = NULL;
    CHECK(aclnnMulGetWorkspaceSize(g_tx, g_ty, g_tz, &ws, &e) == 0);
    CHECK(aclnnMul(NULL, ws, e, g_s) == 0);
}

/* The one entry of dir whose name starts with prefix (full path into out). */
static int find_entries(const char *dir, const char *prefix, char out[][1024], int max)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (strncmp(e->d_name, prefix, strlen(prefix)) == 0 && n < max)
            snprintf(out[n++], 1024, "%s/%s", dir, e->d_name);
    closedir(d);
    return n;
}

static void prof(const char *root)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/prof", root);
    uint32_t devs[1] = {0};
    aclprofConfig *cfg = aclprofCreateConfig(
        devs, 1, ACL_AICORE_NONE, NULL, ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_MSPROFTX);
    CHECK(cfg);
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclprofStart(cfg));
    CHECK_OK(aclprofInit(path, strlen(path)));
    CHECK_ACL(ACL_ERROR_REPEAT_INITIALIZE, aclprofInit(path, strlen(path)));
    CHECK_ACL(ACL_ERROR_PROF_NOT_RUN, aclprofStop(cfg));
    CHECK_OK(aclprofStart(cfg));
    CHECK_ACL(ACL_ERROR_PROF_ALREADY_RUN, aclprofStart(cfg));

    mstxRangeId r = mstxRangeStartA("whole_step", g_s);
    CHECK(r != 0);
    mstxMarkA("before_add", NULL);
    run_add();
    mstxDomainHandle_t dom = mstxDomainCreateA("my_domain");
    CHECK(dom);
    mstxRangeId dr = mstxDomainRangeStartA(dom, "mul_range", g_s);
    run_mul();
    CHECK_OK(aclrtSynchronizeStream(g_s));
    mstxDomainRangeEnd(dom, dr);
    mstxDomainMarkA(dom, "domain_mark", NULL);
    mstxDomainDestroy(dom);
    CHECK_OK(aclprofMarkEx("markex_msg", 10, g_s));
    void *stamp = aclprofCreateStamp();
    CHECK_OK(aclprofSetStampTraceMessage(stamp, "stamp_push", 10));
    CHECK_OK(aclprofPush(stamp));
    CHECK_OK(aclprofPop());
    CHECK_ACL(ACL_ERROR_FAILURE, aclprofPop());
    aclprofDestroyStamp(stamp);
    mstxRangeEnd(r);

    uint32_t other[1] = {0};
    aclprofConfig *cfg2 = aclprofCreateConfig(other, 1, ACL_AICORE_NONE, NULL, ACL_PROF_TASK_TIME);
    CHECK_ACL(ACL_ERROR_INVALID_PROFILING_CONFIG, aclprofStop(cfg2));
    CHECK_OK(aclprofDestroyConfig(cfg2));
    CHECK_OK(aclprofStop(cfg));
    run_add(); /* after stop: not in the summary */
    CHECK_OK(aclrtSynchronizeStream(g_s));
    CHECK_OK(aclprofFinalize());
    CHECK_OK(aclprofDestroyConfig(cfg));
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclprofFinalize());

    char prof_dirs[2][1024];
    CHECK(find_entries(path, "PROF_", prof_dirs, 2) == 1);
    char out[1100];
    snprintf(out, sizeof(out), "%s/mindstudio_profiler_output", prof_dirs[0]);
    char files[2][1024];
    CHECK(find_entries(out, "op_summary_", files, 2) == 1);
    char *csv = test_read_file(files[0], NULL);
    CHECK(strstr(csv, "Op Name,OP Type") != NULL);
    CHECK(strstr(csv, ",aclnnAdd,Add,") != NULL);
    CHECK(strstr(csv, ",aclnnMul,Mul,") != NULL);
    CHECK(strstr(csv, "\"2,3;2,3\"") != NULL); /* input shapes */
    int rows = 0;
    for (char *p = csv; (p = strchr(p, '\n')); p++)
        rows++;
    CHECK(rows == 3); /* header + the two operators run while collecting */
    free(csv);
    CHECK(find_entries(out, "op_statistic_", files, 2) == 1);
    csv = test_read_file(files[0], NULL);
    CHECK(strstr(csv, "\nAdd,AI_CPU,1,") && strstr(csv, "\nMul,AI_CPU,1,"));
    free(csv);
    CHECK(find_entries(out, "msprof_", files, 2) == 1);
    char *js = test_read_file(files[0], NULL);
    const char *want[] = {"whole_step", "before_add", "mul_range",    "domain_mark", "my_domain",
                          "markex_msg", "stamp_push", "\"aclnnAdd\"", "\"aclnnMul\""};
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
        if (!strstr(js, want[i])) {
            fprintf(stderr, "msprof json lacks %s\n", want[i]);
            exit(1);
        }
    free(js);
    /* misuse */
    uint32_t bad[1] = {999};
    CHECK(aclprofCreateConfig(bad, 1, ACL_AICORE_NONE, NULL, ACL_PROF_TASK_TIME) == NULL);
    CHECK(aclprofCreateConfig(devs, 1, ACL_AICORE_NONE, NULL, 1ULL << 60) == NULL);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclprofInit(NULL, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclprofModelSubscribe(0, NULL));
}

static int g_chunks;
static char g_chunk_name[4096];
static uint32_t g_chunk_len;

static int32_t on_chunk(const acldumpChunk *c, int32_t len)
{
    (void)len;
    g_chunks++;
    snprintf(g_chunk_name, sizeof(g_chunk_name), "%s", c->fileName);
    g_chunk_len = c->bufLen;
    return 0;
}

/* Check a dump file of Add/Mul (mode all): x, y in, z out. */
static void check_dump(const char *file, const float *x, const float *y, const float *z)
{
    size_t len;
    char *b = test_read_file(file, &len);
    CHECK(len > 16 && memcmp(b, "CPUACLD1", 8) == 0);
    uint32_t ni, no;
    memcpy(&ni, b + 8, 4);
    memcpy(&no, b + 12, 4);
    CHECK(ni == 2 && no == 1);
    size_t at = 16;
    const float *want[3] = {x, y, z};
    for (int k = 0; k < 3; k++) {
        uint32_t kind, ndim;
        int32_t dt;
        memcpy(&kind, b + at, 4);
        memcpy(&dt, b + at + 4, 4);
        memcpy(&ndim, b + at + 12, 4);
        CHECK(kind == (k < 2 ? 0u : 1u) && dt == ACL_FLOAT && ndim == 2);
        at += 16;
        int64_t d0, d1;
        memcpy(&d0, b + at, 8);
        memcpy(&d1, b + at + 8, 8);
        CHECK(d0 == 2 && d1 == 3);
        at += 16;
        uint64_t nb;
        memcpy(&nb, b + at, 8);
        at += 8;
        CHECK(nb == N * sizeof(float));
        CHECK(memcmp(b + at, want[k], nb) == 0);
        at += nb;
    }
    CHECK(at == len);
    free(b);
}

static void dump(const char *root)
{
    char dpath[512], cfgfile[600];
    snprintf(dpath, sizeof(dpath), "%s/dump", root);
    snprintf(cfgfile, sizeof(cfgfile), "%s/acl_dump.json", root);
    FILE *f = fopen(cfgfile, "w");
    fprintf(f,
            "{\"dump\":{\"dump_path\":\"%s\",\"dump_list\":[{}],\"dump_mode\":\"all\","
            "\"dump_op_switch\":\"on\",\"dump_data\":\"tensor\"}}",
            dpath);
    fclose(f);
    CHECK_ACL(ACL_ERROR_DUMP_NOT_RUN, aclmdlSetDump(cfgfile));
    CHECK_ACL(ACL_ERROR_DUMP_NOT_RUN, aclmdlFinalizeDump());
    CHECK_OK(aclmdlInitDump());
    CHECK_ACL(ACL_ERROR_REPEAT_INITIALIZE, aclmdlInitDump()); /* the reference's code */
    CHECK_OK(aclmdlSetDump(cfgfile));
    CHECK(acldumpGetPath(DATA_DUMP) && strcmp(acldumpGetPath(DATA_DUMP), dpath) == 0);

    float want_x[N], want_y[N], want_z[N];
    for (int i = 0; i < N; i++) {
        g_x[i] = (float)i + 0.25f;
        g_y[i] = 10.0f * (float)i;
    }
    run_add();
    CHECK_OK(aclrtSynchronizeStream(g_s));
    memcpy(want_x, g_x, sizeof(want_x));
    memcpy(want_y, g_y, sizeof(want_y));
    memcpy(want_z, g_z, sizeof(want_z));
    CHECK(want_z[5] == 5.25f + 50.0f);

    /* <dump_path>/<stamp>/<device>/Add.aclnnAdd.<task>.<stream>.<timestamp> */
    char stamps[2][1024], devdir[1100];
    CHECK(find_entries(dpath, "20", stamps, 2) == 1);
    snprintf(devdir, sizeof(devdir), "%s/0", stamps[0]);
    char files[8][1024];
    CHECK(find_entries(devdir, "Add.aclnnAdd.", files, 8) == 1);
    check_dump(files[0], want_x, want_y, want_z);

    /* A captured model: each replay dumps the operator again, with that replay's data. */
    aclmdlRI ri;
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *e = NULL;
    CHECK(aclnnMulGetWorkspaceSize(g_tx, g_ty, g_tz, &ws, &e) == 0);
    CHECK_OK(aclmdlRICaptureBegin(g_s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK(aclnnMul(NULL, ws, e, g_s) == 0);
    CHECK_OK(aclmdlRICaptureEnd(g_s, &ri));
    aclDestroyScalar(alpha);
    for (int rep = 0; rep < 2; rep++) {
        for (int i = 0; i < N; i++)
            g_y[i] = (float)(rep + 2);
        CHECK_OK(aclmdlRIExecuteAsync(ri, g_s));
        CHECK_OK(aclrtSynchronizeStream(g_s));
    }
    CHECK(find_entries(devdir, "Mul.aclnnMul.", files, 8) == 2);
    for (int i = 0; i < N; i++)
        want_y[i] = 3.0f, want_z[i] = g_x[i] * 3.0f; /* the second replay's data */
    /* The later task number is the second replay. */
    int later = strcmp(files[0], files[1]) < 0 ? 1 : 0;
    if (strlen(files[0]) != strlen(files[1]))
        later = strlen(files[0]) < strlen(files[1]) ? 1 : 0;
    check_dump(files[later], g_x, want_y, want_z);
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclmdlFinalizeDump());
    run_add(); /* after finalize: not dumped */
    CHECK_OK(aclrtSynchronizeStream(g_s));
    CHECK(find_entries(devdir, "Add.aclnnAdd.", files, 8) == 1);

    /* The callback way. */
    CHECK_OK(acldumpRegCallback(on_chunk, 0));
    CHECK_OK(aclmdlInitDump());
    run_add();
    CHECK_OK(aclrtSynchronizeStream(g_s));
    CHECK_OK(aclmdlFinalizeDump());
    acldumpUnregCallback();
    CHECK(g_chunks == 1 && strstr(g_chunk_name, "Add.aclnnAdd.") && g_chunk_len > 3 * 24);

    /* misuse */
    CHECK_OK(aclmdlInitDump());
    CHECK_ACL(ACL_ERROR_INVALID_FILE, aclmdlSetDump("/nonexistent/dump.json"));
    f = fopen(cfgfile, "w");
    fprintf(f,
            "{\"dump\":{\"dump_path\":\"%s\",\"dump_mode\":\"everything\","
            "\"dump_op_switch\":\"on\"}}",
            dpath);
    fclose(f);
    CHECK_ACL(ACL_ERROR_INVALID_DUMP_CONFIG, aclmdlSetDump(cfgfile));
    f = fopen(cfgfile, "w");
    fprintf(f, "not json");
    fclose(f);
    CHECK_ACL(ACL_ERROR_PARSE_FILE, aclmdlSetDump(cfgfile));
    CHECK_OK(aclmdlFinalizeDump());
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, acldumpRegCallback(NULL, 0));
}

int main(void)
{
    char root[] = "/tmp/cpuacl_prof_dump_XXXXXX";
    CHECK(mkdtemp(root));
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclmdlInitDump());
    TEST_OPEN();
    CHECK_OK(aclrtCreateStream(&g_s));
    CHECK_OK(aclrtMalloc((void **)&g_x, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&g_y, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&g_z, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    for (int i = 0; i < N; i++)
        g_x[i] = g_y[i] = (float)i;
    g_tx = tensor(g_x);
    g_ty = tensor(g_y);
    g_tz = tensor(g_z);

    prof(root);
    dump(root);

    aclDestroyTensor(g_tx);
    aclDestroyTensor(g_ty);
    aclDestroyTensor(g_tz);
    FREE_DEVICE(g_x, g_y, g_z);
    CHECK_OK(aclrtDestroyStream(g_s));
    TEST_CLOSE();
    char cmd[600];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
    CHECK(system(cmd) == 0);
    printf("prof_dump: ok\n");
    return 0;
}
