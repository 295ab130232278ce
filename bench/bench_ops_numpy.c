/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ops study's numpy rows (issue 16): the matmul shapes and elementwise
 * sizes of bench_ops_bw.c again in numpy, in a child python3 (/usr/bin/python3
 * first, then python3 on PATH), in this run.
 *
 *  - np.matmul(a, b, out=c) on float32 [m, k] @ [k, n]: GFLOP/s;
 *  - np.add(x, y, out=z) on float32 tensors of each size: bytes moved per
 *    second (2 reads + 1 write, as aclnnAdd's rows).
 * Both write into a preallocated out, as the operators do (a fresh numpy
 * result would add page faults on every call). Like timeit, a repetition
 * times a loop of calls (as many as the operator's batch) after one warm
 * call; the child prints every repetition's value and the table takes the
 * median, min and max as for any figure.
 *
 * Each row has the matching aclnn row as its baseline (numpy / cpuacl, as
 * the peers study's rows) and the floor (sgemm direct, memcpy) as its limit.
 * Without numpy (or python3) the rows are there with no value ("-" in the
 * table, null in the JSON) and the note "numpy not installed".
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_ops.h"
#include "bench_report.h"
#include "bench_util.h"

/* The child: argv[1] reps, then "mm:MxKxNxITERS" and "add:BYTESxITERS";
 * prints "numpy VERSION", then one line per item: its argument and the
 * per-repetition values (flops or bytes per ns). "nonumpy" when numpy does
 * not import. */
/* clang-format off */
static const char k_script[] =
    "import sys, time\n"
    "try:\n"
    "    import numpy as np\n"
    "except Exception:\n"
    "    print('nonumpy'); sys.exit(0)\n"
    "print('numpy', np.__version__)\n"
    "reps = int(sys.argv[1])\n"
    "def run(f, n):\n"
    "    f()\n"
    "    v = []\n"
    "    for _ in range(reps):\n"
    "        t = time.perf_counter_ns()\n"
    "        for _ in range(n):\n"
    "            f()\n"
    "        v.append((time.perf_counter_ns() - t) / n)\n"
    "    return v\n"
    "for a in sys.argv[2:]:\n"
    "    kind, spec = a.split(':')\n"
    "    p = [int(x) for x in spec.split('x')]\n"
    "    if kind == 'mm':\n"
    "        m, k, n, it = p\n"
    "        A = np.full((m, k), 0.046, np.float32)\n"
    "        B = np.full((k, n), 0.046, np.float32)\n"
    "        C = np.zeros((m, n), np.float32)\n"
    "        v = run(lambda: np.matmul(A, B, out=C), it)\n"
    "        w = 2.0 * m * k * n\n"
    "    else:\n"
    "        nb, it = p\n"
    "        X = np.full(nb // 4, 0.747, np.float32)\n"
    "        Y = np.full(nb // 4, 0.747, np.float32)\n"
    "        Z = np.zeros(nb // 4, np.float32)\n"
    "        v = run(lambda: np.add(X, Y, out=Z), it)\n"
    "        w = 3.0 * nb\n"
    "    print(a, ' '.join('%.6g' % (w / t) for t in v), flush=True)\n"
    "    A = B = C = X = Y = Z = None\n";
/* clang-format on */

/* The line of `out` that starts with "arg ": its values into acc. */
static void parse_values(const char *out, const char *arg, struct br_acc *acc)
{
    size_t n = strlen(arg);
    for (const char *l = out; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        if (strncmp(l, arg, n) != 0 || l[n] != ' ')
            continue;
        const char *p = l + n;
        char *end;
        for (double x = strtod(p, &end); end != p && *p != '\n'; x = strtod(p, &end)) {
            if (x > 0 && isfinite(x))
                br_acc_add(acc, x);
            p = end;
        }
        return;
    }
}

/* One row: the child's values for `arg`, or no value with `why`. */
static void numpy_row(struct br_results *R, const char *out, const char *arg, const char *key,
                      const char *label, const char *unit, const char *base, const char *limit,
                      const char *note, const char *why)
{
    struct br_acc acc = {0};
    if (!why)
        parse_values(out, arg, &acc);
    struct br_figure *f;
    if (acc.n) {
        f = br_add(R, "ops", key, label, unit, BR_HIGHER, &acc, base, limit);
        br_set_note(f, "%s", note);
    } else {
        f = br_add_value(R, "ops", key, label, unit, BR_HIGHER, NAN, 0, base, limit);
        br_set_note(f, "%s", why ? why : "numpy gave no value");
    }
}

int bs_ops_numpy(struct bs_ctx *c)
{
    enum { MAXA = 16 };
    char argbuf[MAXA][48], reps[16], py[4096];
    const char *args[MAXA + 4];
    size_t na = 0;
    snprintf(reps, sizeof(reps), "%u", c->reps);
    args[na++] = "-c";
    args[na++] = k_script;
    args[na++] = reps;
    size_t first = na;
    for (size_t i = 0; i < bop_n_mm_shapes && na < MAXA; i++, na++) {
        const struct bop_mm_shape *h = &bop_mm_shapes[i];
        snprintf(argbuf[na - first], sizeof(argbuf[0]), "mm:%dx%dx%dx%d", h->m, h->k, h->n,
                 c->full ? h->iters_full : h->iters_quick);
        args[na] = argbuf[na - first];
    }
    for (size_t i = 0; i < bop_n_ew_sizes && na < MAXA; i++, na++) {
        const struct bop_ew_size *z = &bop_ew_sizes[i];
        snprintf(argbuf[na - first], sizeof(argbuf[0]), "add:%zux%d", z->bytes,
                 c->full ? z->iters_full : z->iters_quick);
        args[na] = argbuf[na - first];
    }
    args[na] = NULL;

    static char out[8192];
    char why[160];
    const char *missing = NULL;
    out[0] = 0;
    bop_step("ops: numpy (child python3)");
    const int nthr = bop_blas_threads();
    if (bu_find_python(py, sizeof(py)) != 0) {
        missing = "numpy not installed (no python3)";
    } else {
        /* numpy's BLAS gets as many threads as OpenBLAS has here (this
         * process loaded it on a pinned thread: one), so matmul compares
         * like with like */
        char e1[40], e2[40];
        const char *env[3] = {NULL, NULL, NULL};
        if (nthr > 0) {
            snprintf(e1, sizeof(e1), "OPENBLAS_NUM_THREADS=%d", nthr);
            snprintf(e2, sizeof(e2), "OMP_NUM_THREADS=%d", nthr);
            env[0] = e1, env[1] = e2;
        }
        if (bu_run_exe(py, args, env, 300, out, sizeof(out), why, sizeof(why)) != 0) {
            fprintf(stderr, "cpuacl-bench: ops: %s: %s\n", py, why);
            missing = "numpy run failed (see stderr)";
        } else if (strncmp(out, "numpy ", 6) != 0) {
            missing = "numpy not installed";
        }
    }
    char ver[32] = "";
    if (!missing)
        sscanf(out + 6, "%31s", ver);

    struct br_results *R = c->res;
    char note[96], thr[32] = "BLAS's own threads";
    if (nthr > 0)
        snprintf(thr, sizeof(thr), "%d BLAS thread%s", nthr, nthr > 1 ? "s" : "");
    for (size_t i = 0; i < bop_n_mm_shapes; i++) {
        const struct bop_mm_shape *h = &bop_mm_shapes[i];
        char key[48], label[64], base[56], limit[56];
        snprintf(key, sizeof(key), "numpy_matmul_%s", h->tag);
        snprintf(label, sizeof(label), "numpy matmul f32 %dx%d @ %dx%d", h->m, h->k, h->k, h->n);
        snprintf(base, sizeof(base), "ops.matmul_f32_%s", h->tag);
        snprintf(limit, sizeof(limit), "ops.sgemm_%s", h->tag);
        snprintf(note, sizeof(note), "numpy %s np.matmul(out=), child python3, %s; base: cpuacl",
                 ver, thr);
        numpy_row(R, out, args[first + i], key, label, "GFLOP/s", base, limit, note, missing);
    }
    for (size_t i = 0; i < bop_n_ew_sizes; i++) {
        const struct bop_ew_size *z = &bop_ew_sizes[i];
        char key[48], label[64], base[56], limit[56];
        snprintf(key, sizeof(key), "numpy_add_%s", z->tag);
        snprintf(label, sizeof(label), "numpy add f32 %zu %s (bytes moved)",
                 z->bytes >> (z->bytes >= ((size_t)1 << 20) ? 20 : 10),
                 z->bytes >= ((size_t)1 << 20) ? "MiB" : "KiB");
        snprintf(base, sizeof(base), "ops.add_f32_%s", z->tag);
        snprintf(limit, sizeof(limit), "ops.memcpy_moved_%s", z->moved_tag);
        snprintf(note, sizeof(note), "numpy %s np.add(out=), 2 reads + 1 write; base: cpuacl", ver);
        numpy_row(R, out, args[first + bop_n_mm_shapes + i], key, label, "GB/s", base, limit, note,
                  missing);
    }
    return 0;
}
