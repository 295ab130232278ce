/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The scaling study: one operator on a device of W workers against the same
 * operator on a device of 1 worker, in the same run (issue 31's goal: >= 0.9 W
 * times the one-worker rate). A device's worker count is fixed at aclInit, so
 * each count runs in a child process (cpuacl-bench --child-scaling W with
 * CPUACL_WORKERS=W), alternating 1 and W, and the parent pools the children's
 * repetitions: aclnnAdd float32 on 64 MiB tensors (split into blocks over the
 * workers: ops/engine/ew.c EW3) and aclnnMatmul float32 512x512x512 (OpenBLAS
 * with the device's worker count: ops/matmul/matmul.c MM4). Each child also
 * times cblas_sgemm 512x512x512 called directly, with the thread count the
 * library gave OpenBLAS (its W): the limit of the Matmul row, so that
 * OpenBLAS's own 1 -> W scaling on this machine stands beside the goal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_ops.h"
#include "bench_report.h"
#include "bench_study.h"
#include "bench_util.h"

#define SC_EW_BYTES ((size_t)64 << 20)
#define SC_MM 512

static void *sc_buf(size_t bytes, int byte)
{
    void *d = NULL;
    if (aclrtMalloc(&d, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
        return NULL;
    if (aclrtMemset(d, bytes, byte, bytes) != ACL_SUCCESS) { /* 0x3D3D3D3D: 0.046 */
        aclrtFree(d);
        return NULL;
    }
    return d;
}

static void sc_print(FILE *out, const char *tag, const struct br_acc *a)
{
    fprintf(out, "%s", tag);
    for (unsigned i = 0; i < a->n; i++)
        fprintf(out, " %.6g", a->v[i]);
    fprintf(out, "\n");
}

int bs_scaling_child(struct bs_ctx *c, FILE *out)
{
    aclrtStream s;
    CK(aclrtCreateStream(&s));
    int rc = -1;
    const int64_t n = (int64_t)(SC_EW_BYTES / 4);
    void *x = sc_buf(SC_EW_BYTES, 0x3D), *y = sc_buf(SC_EW_BYTES, 0x3D),
         *z = sc_buf(SC_EW_BYTES, 0);
    void *a = sc_buf((size_t)SC_MM * SC_MM * 4, 0x3D), *b = sc_buf((size_t)SC_MM * SC_MM * 4, 0x3D),
         *o = sc_buf((size_t)SC_MM * SC_MM * 4, 0);
    float one = 1.0f;
    struct bop_ew_op add = {NULL, NULL, NULL, aclCreateScalar(&one, ACL_FLOAT)};
    struct bop_mm_op mm = {NULL, NULL, NULL};
    if (!x || !y || !z || !a || !b || !o || !add.alpha)
        goto out;
    int64_t d1[1] = {n}, d2[2] = {SC_MM, SC_MM};
    add.x = bop_tensor(x, ACL_FLOAT, 1, d1, NULL);
    add.y = bop_tensor(y, ACL_FLOAT, 1, d1, NULL);
    add.z = bop_tensor(z, ACL_FLOAT, 1, d1, NULL);
    mm.a = bop_tensor(a, ACL_FLOAT, 2, d2, NULL);
    mm.b = bop_tensor(b, ACL_FLOAT, 2, d2, NULL);
    mm.o = bop_tensor(o, ACL_FLOAT, 2, d2, NULL);
    struct br_acc ew = {0}, mmr = {0}, sg = {0};
    bop_step("scaling: Add 64 MiB");
    if (bop_time_launches(s, bop_add_launch, &add, c->full ? 8 : 4, c->reps, &ew,
                          3.0 * (double)SC_EW_BYTES))
        goto out;
    bop_step("scaling: Matmul 512");
    if (bop_time_launches(s, bop_matmul_launch, &mm, c->full ? 32 : 16, c->reps, &mmr,
                          2.0 * SC_MM * SC_MM * SC_MM))
        goto out;
    bop_step("scaling: sgemm 512, direct");
    bop_sgemm_t *g = bop_load_sgemm(); /* cpuacl's OpenBLAS, its thread count the workers' */
    if (!g)
        goto out;
    for (unsigned r = 0; r < c->reps; r++)
        br_acc_add(&sg, bop_time_sgemm(g, SC_MM, SC_MM, SC_MM, c->full ? 32 : 16));
    sc_print(out, "ew", &ew);
    sc_print(out, "mm", &mmr);
    sc_print(out, "sg", &sg);
    rc = 0;
out:
    aclDestroyTensor(add.x), aclDestroyTensor(add.y), aclDestroyTensor(add.z);
    aclDestroyTensor(mm.a), aclDestroyTensor(mm.b), aclDestroyTensor(mm.o);
    if (add.alpha)
        aclDestroyScalar(add.alpha);
    aclrtFree(x), aclrtFree(y), aclrtFree(z), aclrtFree(a), aclrtFree(b), aclrtFree(o);
    aclrtDestroyStream(s);
    return rc;
}

/* "tag v v v" into acc; false on another line. */
static bool sc_parse(const char *line, const char *tag, struct br_acc *acc)
{
    size_t k = strlen(tag);
    if (strncmp(line, tag, k) != 0 || line[k] != ' ')
        return false;
    const char *p = line + k;
    for (;;) {
        char *end;
        double v = strtod(p, &end);
        if (end == p)
            break;
        if (v > 0)
            br_acc_add(acc, v);
        p = end;
    }
    return true;
}

static int study_scaling(struct bs_ctx *c)
{
    int cpus[256];
    int ncpu = bu_allowed_cpus(cpus, 256);
    unsigned W = ncpu > 2 ? (unsigned)ncpu : 2;
    if (W > 64)
        W = 64;
    const unsigned rounds = c->full ? 4 : 2;
    unsigned child_reps = (c->reps + rounds - 1) / rounds;
    if (child_reps < 2)
        child_reps = 2;
    const size_t cap = 1u << 14;
    char *out = malloc(cap);
    if (!out)
        return -1;
    static struct br_acc ew[2], mm[2], sg[2]; /* zeroed; big (BR_MAX_REPS values) */
    memset(ew, 0, sizeof(ew));
    memset(mm, 0, sizeof(mm));
    memset(sg, 0, sizeof(sg));
    int rc = 0;
    for (unsigned r = 0; r < rounds && rc == 0; r++)
        for (unsigned k = 0; k < 2 && rc == 0; k++) { /* 1, W, 1, W, ...: interleaved */
            unsigned w = k ? W : 1;
            static char what[64]; /* static: the watchdog may print it later */
            snprintf(what, sizeof(what), "scaling: %u worker(s), child process", w);
            bs_progress(c, what);
            char wbuf[16], rbuf[16], envw[48], why[160];
            snprintf(wbuf, sizeof(wbuf), "%u", w);
            snprintf(rbuf, sizeof(rbuf), "%u", child_reps);
            snprintf(envw, sizeof(envw), "CPUACL_WORKERS=%u", w);
            const char *args[] = {
                "--child-scaling", wbuf, "--reps", rbuf, c->full ? "--full" : "--quick",
                "--no-pin",        NULL};
            const char *env[] = {envw, NULL};
            if (bu_run_self(args, env, c->full ? 280 : 55, out, cap, why, sizeof(why)) != 0) {
                fprintf(stderr, "cpuacl-bench: scaling with %u workers: %s\n", w, why);
                rc = -1;
                break;
            }
            bool got_ew = false, got_mm = false, got_sg = false;
            for (char *line = out; line && *line;) {
                char *nl = strchr(line, '\n');
                if (nl)
                    *nl = 0;
                got_ew |= sc_parse(line, "ew", &ew[k]);
                got_mm |= sc_parse(line, "mm", &mm[k]);
                got_sg |= sc_parse(line, "sg", &sg[k]);
                line = nl ? nl + 1 : NULL;
            }
            if (!got_ew || !got_mm || !got_sg) {
                fprintf(stderr, "cpuacl-bench: scaling with %u workers: no figures\n", w);
                rc = -1;
            }
        }
    free(out);
    if (rc)
        return rc;
    struct br_results *R = c->res;
    char key[32], label[64];
    struct br_figure *f = br_add(R, "scaling", "ew_w1", "Add f32 64 MiB, 1 worker", "GB/s",
                                 BR_HIGHER, &ew[0], NULL, NULL);
    br_set_note(f, "child processes, CPUACL_WORKERS=1, bytes moved (3 x 64 MiB) per second");
    snprintf(key, sizeof(key), "ew_w%u", W);
    snprintf(label, sizeof(label), "Add f32 64 MiB, %u workers", W);
    f = br_add(R, "scaling", key, label, "GB/s", BR_HIGHER, &ew[1], "scaling.ew_w1", NULL);
    br_set_target(f, 'b', '>', 0.9 * W);
    br_set_note(f, "one multi-block task split over the workers; goal >= 0.9 x %u", W);
    f = br_add(R, "scaling", "sg_w1", "sgemm 512x512x512 direct, 1 thread", "GFLOP/s", BR_HIGHER,
               &sg[0], NULL, NULL);
    br_set_note(f, "OpenBLAS cblas_sgemm called by the bench in the 1-worker child");
    char sg_key[32], limit[48];
    snprintf(sg_key, sizeof(sg_key), "sg_w%u", W);
    snprintf(label, sizeof(label), "sgemm 512x512x512 direct, %u threads", W);
    f = br_add(R, "scaling", sg_key, label, "GFLOP/s", BR_HIGHER, &sg[1], "scaling.sg_w1", NULL);
    br_set_note(f, "OpenBLAS's own scaling on this machine, %u threads vs 1: the Matmul rows' limit",
                W);
    f = br_add(R, "scaling", "mm_w1", "Matmul f32 512x512x512, 1 worker", "GFLOP/s", BR_HIGHER,
               &mm[0], NULL, "scaling.sg_w1");
    br_set_note(f, "child processes, CPUACL_WORKERS=1 (OpenBLAS with 1 thread)");
    snprintf(key, sizeof(key), "mm_w%u", W);
    snprintf(label, sizeof(label), "Matmul f32 512x512x512, %u workers", W);
    snprintf(limit, sizeof(limit), "scaling.%s", sg_key);
    f = br_add(R, "scaling", key, label, "GFLOP/s", BR_HIGHER, &mm[1], "scaling.mm_w1", limit);
    br_set_target(f, 'b', '>', 0.9 * W);
    br_set_note(f, "OpenBLAS with the device's %u workers as threads; goal >= 0.9 x %u", W, W);
    return 0;
}

const struct bs_study bs_scaling_study = {
    "scaling",
    "one operator on W workers vs 1 worker: Add 64 MiB, Matmul 512 (issue 31)",
    "aclnnAdd float32 on 64 MiB tensors (bytes moved per second) and aclnnMatmul\n"
    "float32 512x512x512 (GFLOP/s) on a device of 1 worker and on one of W workers\n"
    "(W = the allowed cpus, at least 2), each count in a child process\n"
    "(CPUACL_WORKERS; a device's workers are fixed at aclInit), alternating\n"
    "1, W, 1, W so that both see the same machine; the repetitions are pooled.\n"
    "W workers vs 1: goal >= 0.9 x W. Each child also times cblas_sgemm\n"
    "512x512x512 called directly with OpenBLAS's thread count as the library set\n"
    "it (the workers'): the Matmul rows' limit, OpenBLAS's own scaling beside it.",
    study_scaling,
};
