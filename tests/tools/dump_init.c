/* SPDX-License-Identifier: Apache-2.0 */
/* The "dump" section of aclInit's configuration file: it sets the same dump configuration an
 * aclmdlSetDump of that file would (an operator run writes its tensors under dump_path), the
 * aclmdlInitDump session calls then see aclInit's session, aclFinalize ends it, and invalid
 * content fails aclInit with the code aclmdlSetDump gives for the same file. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "acl/acl.h"
#include "acl/acl_dump.h"
#include "addop.h"

enum { N = 6 };

/* One aclnnAdd on device 0, synchronised. */
static void run_add(void)
{
    aclrtStream s;
    float *x, *y, *z;
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(aclrtMalloc((void **)&x, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&y, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&z, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    for (int i = 0; i < N; i++)
        x[i] = y[i] = (float)i;
    aclTensor *tx = tensor(x), *ty = tensor(y), *tz = tensor(z);
    add_on(s, tx, ty, tz);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(z[5] == 10.0f);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(tz);
    FREE_DEVICE(x, y, z);
    CHECK_OK(aclrtDestroyStream(s));
}

/* Files named Add.aclnnAdd.* under <dir>/<stamp>/0 (every stamp directory). */
static int count_dumps(const char *dir)
{
    int n = 0;
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char sub[1200];
        snprintf(sub, sizeof(sub), "%s/%s/0", dir, e->d_name);
        DIR *s = opendir(sub);
        if (!s)
            continue;
        struct dirent *f;
        while ((f = readdir(s)))
            n += strncmp(f->d_name, "Add.aclnnAdd.", 13) == 0;
        closedir(s);
    }
    closedir(d);
    return n;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    CHECK(f);
    fputs(text, f);
    fclose(f);
}

int main(void)
{
    char root[] = "/tmp/cpuacl_dump_init_XXXXXX";
    CHECK(mkdtemp(root));
    char dpath[512], cfg[600], text[1400];
    snprintf(dpath, sizeof(dpath), "%s/dump", root);
    snprintf(cfg, sizeof(cfg), "%s/acl.json", root);

    /* 1. aclInit with a dump section: operators are dumped without aclmdlInitDump. */
    snprintf(text, sizeof(text),
             "{\"dump\":{\"dump_path\":\"%s\",\"dump_list\":[{}],\"dump_mode\":\"all\","
             "\"dump_op_switch\":\"on\",\"dump_data\":\"tensor\"}}",
             dpath);
    write_file(cfg, text);
    CHECK_OK(aclInit(cfg));
    CHECK_OK(aclrtSetDevice(0));
    CHECK(acldumpGetPath(DATA_DUMP) && strcmp(acldumpGetPath(DATA_DUMP), dpath) == 0);
    /* aclInit's session: no second one, and no aclmdlInitDump session to set or end. */
    CHECK_ACL(ACL_ERROR_DUMP_ALREADY_RUN, aclmdlInitDump());
    CHECK_ACL(ACL_ERROR_DUMP_NOT_RUN, aclmdlSetDump(cfg));
    CHECK_ACL(ACL_ERROR_DUMP_NOT_RUN, aclmdlFinalizeDump());
    run_add();
    CHECK(count_dumps(dpath) == 1);
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());

    /* 2. aclFinalize ended it: a plain aclInit dumps nothing, and aclmdlInitDump works. */
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    run_add();
    CHECK(count_dumps(dpath) == 1);
    CHECK_OK(aclmdlInitDump());
    CHECK_OK(aclmdlFinalizeDump());
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());

    /* 3. A file without a dump section (or empty): no dump configuration. */
    write_file(cfg, "{\"cpuacl\":{}}");
    CHECK_OK(aclInit(cfg));
    CHECK_OK(aclmdlInitDump());
    CHECK_OK(aclmdlFinalizeDump());
    CHECK_OK(aclFinalize());

    /* 4. Invalid dump content: aclInit fails with aclmdlSetDump's code for the same file,
     * and the library stays uninitialised. */
    const char *bad[] = {
        "{\"dump\":{\"dump_path\":\"%s\",\"dump_mode\":\"everything\",\"dump_op_switch\":\"on\"}}",
        "{\"dump\":{\"dump_path\":\"%s\",\"dump_op_switch\":\"maybe\"}}",
        "{\"dump\":{\"dump_path\":\"%s\",\"dump_list\":{}}}",
        "{\"dump\":[\"%s\"]}",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        snprintf(text, sizeof(text), bad[i], dpath);
        write_file(cfg, text);
        CHECK_ACL(ACL_ERROR_INVALID_DUMP_CONFIG, aclInit(cfg));
        CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclmdlInitDump());
        CHECK_OK(aclInit(NULL));
        CHECK_OK(aclmdlInitDump());
        CHECK_ACL(ACL_ERROR_INVALID_DUMP_CONFIG, aclmdlSetDump(cfg));
        CHECK_OK(aclmdlFinalizeDump());
        CHECK_OK(aclFinalize());
    }

    char cmd[600];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
    CHECK(system(cmd) == 0);
    printf("dump_init: ok\n");
    return 0;
}
