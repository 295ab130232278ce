/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Runs cpuacl-bench and checks what it wrote.
 *
 *   bench_output_check json BENCH DIR
 *       cpuacl-bench --quick --reps 3 --study launch,roundtrip --json DIR/out.json:
 *       the JSON's structure (machine, config, figures, noise) and that every
 *       figure's value (and median, min, max) is a positive finite number,
 *       with its samples (reps of them, whose median, min and max are the
 *       figure's), its spread (iqr, mad) and whether it was loaded.
 *   bench_output_check out BENCH DIR
 *       cpuacl-bench --quick --reps 1 --study launch --out DIR/report: the
 *       trace is valid JSON in the Chrome trace format (a traceEvents array
 *       of objects; complete events carry ph, ts, dur, pid, tid), the HTML
 *       is self-contained (inline SVG and script, no remote resources), has
 *       a summary and, for every study, a section with a chart whose title
 *       holds a number and a sortable table; report.json parses with
 *       figures.
 *   bench_output_check ops BENCH DIR
 *       cpuacl-bench --quick --reps 1 --study ops --json DIR/ops.json: the
 *       throughput rows of issue 16 are there (aclnnAdd at three sizes and
 *       aclnnRelu beside memcpy moving as many bytes, aclnnMatmul beside
 *       sgemm, the numpy rows), each a positive number referring to its
 *       floor, the goals (Add / Relu 64 MiB >= 0.8x memcpy, Matmul >= 0.9x
 *       sgemm) in the target object; the numpy rows have values when this
 *       machine's python3 imports numpy, else null with "not installed".
 *   bench_output_check memcpy BENCH DIR
 *       cpuacl-bench --quick --reps 1 --study memcpy --json DIR/memcpy.json:
 *       the copy rows of issue 16, each a positive number referring to its
 *       floor: the asynchronous copies to memcpy(3) run by the stream's
 *       worker (kernel_*), the synchronous ones to memcpy(3) on the caller,
 *       the 64 MiB goals (>= 0.95x) in the target object.
 *   bench_output_check paths BENCH DIR
 *       output paths refused before any study runs, exit status 2 with the
 *       documented message and no study output: --json in a missing
 *       directory, --json naming a directory, --json in /sys (unwritable
 *       even for root), --out naming a file, --out under a file.
 *   bench_output_check compare BENCH DIR
 *       cpuacl-bench compare on synthetic results written here: figures
 *       whose samples do not overlap are 'slower' / 'faster' by their
 *       direction (exit 1 when one is slower), interleaved samples 'same',
 *       single values 'untested'; a run against itself is all 'same' (exit
 *       0); a file that is not a result is exit 2.
 *   bench_output_check sweep BENCH DIR
 *       cpuacl-bench --quick --reps 1 --study multistream --json: the
 *       in-process figures and, for every worker count of the sweep (1, 2,
 *       4, .. the allowed cpus, and twice that), its child's rates, chained
 *       rate, busy share and ideal, each a positive number.
 *
 * Exit 0 pass, 1 fail.
 */
#define _GNU_SOURCE
#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int fails;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    fails++;
}

/* Run argv (its stdout and stderr into the file `log`, unless NULL); the
 * exit status. */
static int run_logged(char *const argv[], const char *log)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        FILE *f = log ? freopen(log, "w", stdout) : stdout;
        if (!f || (log && dup2(fileno(stdout), 2) < 0))
            _exit(126);
        execv(argv[0], argv);
        fprintf(stderr, "exec %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int st;
    if (waitpid(pid, &st, 0) != pid)
        return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

static int run(char *const argv[])
{
    return run_logged(argv, NULL);
}

static char *slurp(const char *path, size_t *len);

/* `argv` exits with `want` and its output contains each of `has` (NULL-
 * terminated) and none of `hasnt`. */
static void expect_run(const char *what, char *const argv[], const char *log, int want,
                       const char *const *has, const char *const *hasnt)
{
    int rc = run_logged(argv, log);
    char *out = slurp(log, NULL);
    if (rc != want)
        fail("%s: exit status %d, want %d; output:\n%s", what, rc, want, out ? out : "");
    for (size_t i = 0; has && has[i] && out; i++)
        if (!strstr(out, has[i]))
            fail("%s: no \"%s\" in its output:\n%s", what, has[i], out);
    for (size_t i = 0; hasnt && hasnt[i] && out; i++)
        if (strstr(out, hasnt[i]))
            fail("%s: \"%s\" in its output:\n%s", what, hasnt[i], out);
    if (out && !fails)
        printf("%s: exit %d as expected: %.*s", what, rc, (int)strcspn(out, "\n") + 1, out);
    free(out);
}

/* cpuacl-bench --quick --reps REPS --study STUDY OUTFLAG PATH: 0, or fails
 * the check and returns the exit status. */
static int run_bench(const char *bench, const char *reps, const char *study, const char *outflag,
                     const char *path)
{
    char *cmd[] = {(char *)bench, "--quick",       "--reps",     (char *)reps, "--study",
                   (char *)study, (char *)outflag, (char *)path, NULL};
    int rc = run(cmd);
    if (rc != 0)
        fail("cpuacl-bench exited with %d", rc);
    return rc;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail("cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t k;
    while (buf && (k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            char *b = realloc(buf, 2 * cap + 1);
            if (!b) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = b;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf)
        buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

static cJSON *parse_file(const char *path)
{
    char *text = slurp(path, NULL);
    if (!text)
        return NULL;
    cJSON *j = cJSON_Parse(text);
    if (!j)
        fail("%s is not valid JSON (near: %.40s)", path,
             cJSON_GetErrorPtr() ? cJSON_GetErrorPtr() : "?");
    free(text);
    return j;
}

static const cJSON *need(const cJSON *o, const char *name, const char *what)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!v)
        fail("%s: missing \"%s\"", what, name);
    return v;
}

static bool need_string(const cJSON *o, const char *name, const char *what, bool nonempty)
{
    const cJSON *v = need(o, name, what);
    if (!v)
        return false;
    if (!cJSON_IsString(v) || (nonempty && !*v->valuestring)) {
        fail("%s: \"%s\" is not a%s string", what, name, nonempty ? " non-empty" : "");
        return false;
    }
    return true;
}

static bool need_number(const cJSON *o, const char *name, const char *what, bool positive)
{
    const cJSON *v = need(o, name, what);
    if (!v)
        return false;
    if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) || (positive && !(v->valuedouble > 0))) {
        fail("%s: \"%s\" is not a %snumber (%s)", what, name, positive ? "positive " : "",
             cJSON_IsNumber(v) ? "value out of range" : "wrong type");
        return false;
    }
    return true;
}

/* baseline / limit: null, or {"key": string, "ratio": number|null}. */
static void check_ref(const cJSON *f, const char *name, const char *what)
{
    const cJSON *r = need(f, name, what);
    if (!r || cJSON_IsNull(r))
        return;
    if (!cJSON_IsObject(r)) {
        fail("%s: \"%s\" is neither null nor an object", what, name);
        return;
    }
    need_string(r, "key", what, true);
    const cJSON *x = need(r, "ratio", what);
    if (x && !cJSON_IsNull(x) && !(cJSON_IsNumber(x) && x->valuedouble > 0))
        fail("%s: %s ratio is neither null nor a positive number", what, name);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* samples: [] (a single value) or reps numbers whose median, min and max
 * are the figure's; spread {iqr, mad} (>= 0) with 2 or more; loaded. */
static void check_samples(const cJSON *f, const char *what, double v, double lo, double hi)
{
    const cJSON *s = cJSON_GetObjectItem(f, "samples");
    const cJSON *l = cJSON_GetObjectItem(f, "loaded");
    if (!cJSON_IsBool(l))
        fail("%s: loaded is not a boolean", what);
    if (!cJSON_IsArray(s)) {
        fail("%s: no samples array", what);
        return;
    }
    int n = cJSON_GetArraySize(s);
    if (n == 0)
        return;
    int reps = cJSON_GetObjectItem(f, "reps")->valueint;
    if (n != reps) {
        fail("%s: %d samples for %d reps", what, n, reps);
        return;
    }
    double x[128];
    int k = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, s)
    {
        if (!cJSON_IsNumber(e) || k >= 128) {
            fail("%s: a sample is not a number", what);
            return;
        }
        x[k++] = e->valuedouble;
    }
    qsort(x, (size_t)k, sizeof(x[0]), cmp_double);
    double med = k % 2 ? x[k / 2] : (x[k / 2 - 1] + x[k / 2]) / 2;
    if (fabs(x[0] - lo) > 1e-9 * fabs(lo) || fabs(x[k - 1] - hi) > 1e-9 * fabs(hi))
        fail("%s: samples span %g..%g, min..max says %g..%g", what, x[0], x[k - 1], lo, hi);
    if (fabs(med - v) > 1e-6 * fabs(v) && !(x[(k - 1) / 2] <= v && v <= x[k / 2]))
        fail("%s: the samples' median %g is not the value %g", what, med, v);
    const cJSON *sp = cJSON_GetObjectItem(f, "spread");
    if (k >= 2) {
        const cJSON *iqr = cJSON_GetObjectItem(sp, "iqr"), *mad = cJSON_GetObjectItem(sp, "mad");
        if (!cJSON_IsNumber(iqr) || !cJSON_IsNumber(mad) || iqr->valuedouble < 0 ||
            mad->valuedouble < 0 || iqr->valuedouble > hi - lo + 1e-9 * fabs(hi))
            fail("%s: spread is not {iqr, mad} within the samples' range", what);
    }
}

/* The noise array: one record per study run, each with its load averages,
 * run-queue wait (a number or null), loaded and why. */
static void check_noise(const cJSON *root, const char *w)
{
    const cJSON *nz = cJSON_GetObjectItem(root, "noise");
    if (!cJSON_IsArray(nz) || cJSON_GetArraySize(nz) < 2) {
        fail("%s: no noise array with a record per study", w);
        return;
    }
    const cJSON *n;
    cJSON_ArrayForEach(n, nz)
    {
        need_string(n, "study", "noise", true);
        need_number(n, "seconds", "noise", true);
        const cJSON *lb = cJSON_GetObjectItem(n, "loadavg_before");
        if (!cJSON_IsArray(lb) || cJSON_GetArraySize(lb) != 3)
            fail("noise: loadavg_before is not 3 numbers");
        const cJSON *q = cJSON_GetObjectItem(n, "rq_wait_ms");
        if (!q || !(cJSON_IsNull(q) || (cJSON_IsNumber(q) && q->valuedouble >= 0)))
            fail("noise: rq_wait_ms is neither null nor a number >= 0");
        if (!cJSON_IsBool(cJSON_GetObjectItem(n, "loaded")))
            fail("noise: loaded is not a boolean");
        need_string(n, "why", "noise", false);
    }
}

/* `expect`: NULL-terminated key prefixes of which some figure must exist. */
static int check_report(const char *path, const char *const *expect, unsigned reps)
{
    cJSON *root = parse_file(path);
    if (!root)
        return 1;
    const char *w = path;
    if (!cJSON_IsObject(root)) {
        fail("%s: root is not an object", w);
        cJSON_Delete(root);
        return 1;
    }
    need_string(root, "tool", w, true);
    need_string(root, "version", w, true);
    const cJSON *m = need(root, "machine", w);
    if (m) {
        need_string(m, "cpu_model", "machine", true);
        need_number(m, "ncpu", "machine", true);
        need_number(m, "memory_kib", "machine", true);
        need_string(m, "kernel", "machine", true);
        need_string(m, "thp_enabled", "machine", true);
    }
    const cJSON *c = need(root, "config", w);
    if (c) {
        const cJSON *o = need(c, "options", "config");
        if (o) {
            need_string(o, "mode", "config.options", true);
            if (need_number(o, "reps", "config.options", true) &&
                cJSON_GetObjectItem(o, "reps")->valueint != (int)reps)
                fail("config.options.reps is not %u", reps);
            need_string(o, "studies", "config.options", true);
            const cJSON *p = need(o, "pin", "config.options");
            if (p && !cJSON_IsBool(p))
                fail("config.options.pin is not a boolean");
        }
        const cJSON *e = need(c, "env", "config");
        if (e && !cJSON_IsObject(e))
            fail("config.env is not an object");
        need_number(c, "workers", "config", true);
        need_number(c, "spin_us", "config", false);
        need(c, "argv", "config");
    }
    check_noise(root, w);
    const cJSON *figs = need(root, "figures", w);
    int n = 0, n_absent = 0;
    size_t nexp = 0;
    while (expect[nexp])
        nexp++;
    bool *saw = calloc(nexp + 1, sizeof(*saw));
    if (figs && !cJSON_IsArray(figs))
        fail("figures is not an array");
    const cJSON *f;
    cJSON_ArrayForEach(f, figs)
    {
        char what[96];
        const cJSON *k = cJSON_GetObjectItem(f, "key");
        snprintf(what, sizeof(what), "figure %d (%s)", n, cJSON_IsString(k) ? k->valuestring : "?");
        n++;
        if (!cJSON_IsObject(f)) {
            fail("%s is not an object", what);
            continue;
        }
        need_string(f, "study", what, true);
        need_string(f, "key", what, true);
        need_string(f, "name", what, true);
        need_string(f, "unit", what, true);
        need_string(f, "better", what, true);
        need_string(f, "note", what, false);
        /* a figure not measured (a peer not installed) has no value and
         * a note saying so; every other one a positive number */
        const cJSON *val = cJSON_GetObjectItem(f, "value");
        const cJSON *note = cJSON_GetObjectItem(f, "note");
        if (cJSON_IsNull(val) && cJSON_IsString(note) &&
            strstr(note->valuestring, "not installed")) {
            n_absent++;
            for (size_t i = 0; i < nexp && cJSON_IsString(k) && saw; i++)
                saw[i] |= strncmp(k->valuestring, expect[i], strlen(expect[i])) == 0;
            continue;
        }
        bool ok = need_number(f, "value", what, true);
        ok &= need_number(f, "median", what, true);
        ok &= need_number(f, "min", what, true);
        ok &= need_number(f, "max", what, true);
        ok &= need_number(f, "reps", what, true);
        if (ok) {
            double v = cJSON_GetObjectItem(f, "value")->valuedouble;
            double lo = cJSON_GetObjectItem(f, "min")->valuedouble;
            double hi = cJSON_GetObjectItem(f, "max")->valuedouble;
            if (!(lo <= v && v <= hi))
                fail("%s: not min <= value <= max (%g %g %g)", what, lo, v, hi);
            check_samples(f, what, v, lo, hi);
        }
        check_ref(f, "baseline", what);
        check_ref(f, "limit", what);
        const cJSON *t = need(f, "target", what);
        if (t && !cJSON_IsObject(t))
            fail("%s: target is not an object", what);
        const cJSON *met = need(f, "met", what);
        if (met && !cJSON_IsBool(met) && !cJSON_IsNull(met))
            fail("%s: met is neither a boolean nor null", what);
        for (size_t i = 0; i < nexp && cJSON_IsString(k) && saw; i++)
            saw[i] |= strncmp(k->valuestring, expect[i], strlen(expect[i])) == 0;
    }
    if (n < 5)
        fail("%s: only %d figures", w, n);
    for (size_t i = 0; i < nexp && saw; i++)
        if (!saw[i])
            fail("%s: no figure %s*", w, expect[i]);
    free(saw);
    printf("%s: %d figures checked (%d not measured: not installed)\n", path, n, n_absent);
    cJSON_Delete(root);
    return 0;
}

static const cJSON *figure_by_key(const cJSON *root, const char *key)
{
    const cJSON *f;
    cJSON_ArrayForEach(f, cJSON_GetObjectItem(root, "figures"))
    {
        const cJSON *k = cJSON_GetObjectItem(f, "key");
        if (cJSON_IsString(k) && strcmp(k->valuestring, key) == 0)
            return f;
    }
    return NULL;
}

/* f's baseline ('b') or limit ('l') refers to `ref` with a positive ratio. */
static void check_ref_to(const cJSON *f, const char *key, char which, const char *ref)
{
    const cJSON *r = cJSON_GetObjectItem(f, which == 'b' ? "baseline" : "limit");
    const cJSON *k = cJSON_GetObjectItem(r, "key"), *x = cJSON_GetObjectItem(r, "ratio");
    if (!cJSON_IsString(k) || strcmp(k->valuestring, ref) != 0)
        fail("%s: %s is not %s", key, which == 'b' ? "baseline" : "limit", ref);
    else if (!cJSON_IsNumber(x) || !(x->valuedouble > 0))
        fail("%s: no positive ratio to %s", key, ref);
}

/* f's target against its baseline is ">= x", met true or false. */
static void check_goal(const cJSON *f, const char *key, double x)
{
    const cJSON *t = cJSON_GetObjectItem(cJSON_GetObjectItem(f, "target"), "baseline");
    const cJSON *op = cJSON_GetObjectItem(t, "op"), *tx = cJSON_GetObjectItem(t, "x");
    if (!cJSON_IsString(op) || strcmp(op->valuestring, ">=") != 0 || !cJSON_IsNumber(tx) ||
        fabs(tx->valuedouble - x) > 1e-9 || !cJSON_IsBool(cJSON_GetObjectItem(t, "met")))
        fail("%s: no goal >= %gx of its baseline with met true/false", key, x);
}

/* A study's row: a positive number referring to its floor (baseline), and
 * maybe a limit and a ">= goal" target; a numpy row is null with "numpy not
 * installed" when numpy is absent. */
struct row {
    const char *key, *base, *limit;
    double goal; /* 0: none */
    bool numpy;
};

/* Check rows[0, n) of the report at path; what names the study in the last line. */
static void check_rows(const char *path, const struct row *rows, size_t n, bool have_numpy,
                       const char *what)
{
    cJSON *root = parse_file(path);
    if (!root)
        return;
    for (size_t i = 0; i < n; i++) {
        const char *key = rows[i].key;
        const cJSON *f = figure_by_key(root, key);
        if (!f) {
            fail("%s: no figure %s", path, key);
            continue;
        }
        const cJSON *v = cJSON_GetObjectItem(f, "value"), *note = cJSON_GetObjectItem(f, "note");
        if (rows[i].numpy && !have_numpy) {
            if (!cJSON_IsNull(v) || !cJSON_IsString(note) ||
                !strstr(note->valuestring, "numpy not installed"))
                fail("%s: numpy is absent, yet not null with \"numpy not installed\"", key);
            continue;
        }
        if (!cJSON_IsNumber(v) || !(v->valuedouble > 0) || !isfinite(v->valuedouble)) {
            fail("%s: value is not a positive number", key);
            continue;
        }
        check_ref_to(f, key, 'b', rows[i].base);
        if (rows[i].limit)
            check_ref_to(f, key, 'l', rows[i].limit);
        if (rows[i].goal > 0)
            check_goal(f, key, rows[i].goal);
    }
    printf("%s: %s rows checked\n", path, what);
    cJSON_Delete(root);
}

/* The ops study's throughput rows (issue 16), see the top of the file. */
static void check_ops(const char *path, bool have_numpy)
{
    static const struct row rows[] = {
        {"ops.add_f32_256K", "ops.memcpy_moved_768K", NULL, 0, false},
        {"ops.add_f32_4M", "ops.memcpy_moved_12M", NULL, 0, false},
        {"ops.add_f32_64M", "ops.memcpy_moved_192M", NULL, 0.8, false},
        {"ops.relu_f32_64M", "ops.memcpy_moved_128M", NULL, 0.8, false},
        {"ops.matmul_f32_64x2048x2048", "ops.sgemm_64x2048x2048", NULL, 0.9, false},
        {"ops.matmul_f32_512x512x512", "ops.sgemm_512x512x512", NULL, 0.9, false},
        {"ops.numpy_matmul_64x2048x2048", "ops.matmul_f32_64x2048x2048", "ops.sgemm_64x2048x2048",
         0, true},
        {"ops.numpy_matmul_512x512x512", "ops.matmul_f32_512x512x512", "ops.sgemm_512x512x512", 0,
         true},
        {"ops.numpy_add_256K", "ops.add_f32_256K", "ops.memcpy_moved_768K", 0, true},
        {"ops.numpy_add_4M", "ops.add_f32_4M", "ops.memcpy_moved_12M", 0, true},
        {"ops.numpy_add_64M", "ops.add_f32_64M", "ops.memcpy_moved_192M", 0, true},
    };
    check_rows(path, rows, sizeof(rows) / sizeof(rows[0]), have_numpy,
               have_numpy ? "ops (numpy present)" : "ops (numpy absent)");
}

/* The memcpy study's copy rows (issue 16), see the top of the file. */
static void check_memcpy(const char *path)
{
    static const struct row rows[] = {
        {"memcpy.kernel_4K", "memcpy.libc_4K", NULL, 0, false},
        {"memcpy.async_h2d_4K", "memcpy.kernel_4K", NULL, 0, false},
        {"memcpy.kernel_64M", "memcpy.libc_64M", "limits.memcpy", 0, false},
        {"memcpy.async_h2d_64M", "memcpy.kernel_64M", "limits.memcpy", 0.95, false},
        {"memcpy.h2h_64M", "memcpy.libc_64M", "limits.memcpy", 0.95, false},
        {"memcpy.h2d_64M", "memcpy.libc_64M", "limits.memcpy", 0.95, false},
    };
    check_rows(path, rows, sizeof(rows) / sizeof(rows[0]), false, "memcpy");
}

/* Does this machine's python3 (as cpuacl-bench looks for it) import numpy? */
static bool numpy_present(void)
{
    char *cmd[] = {"/bin/sh", "-c",
                   "p=/usr/bin/python3; [ -x $p ] || p=python3; "
                   "exec $p -c 'import numpy' 2>/dev/null",
                   NULL};
    return run(cmd) == 0;
}

static void check_trace(const char *path)
{
    cJSON *root = parse_file(path);
    if (!root)
        return;
    const cJSON *ev = cJSON_GetObjectItemCaseSensitive(root, "traceEvents");
    if (!cJSON_IsArray(ev)) {
        fail("%s: no traceEvents array", path);
        cJSON_Delete(root);
        return;
    }
    int n = 0, complete = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, ev)
    {
        char what[64];
        snprintf(what, sizeof(what), "trace event %d", n);
        n++;
        if (!cJSON_IsObject(e)) {
            fail("%s is not an object", what);
            continue;
        }
        if (!need_string(e, "ph", what, true))
            continue;
        need_number(e, "pid", what, false);
        const char *ph = cJSON_GetObjectItem(e, "ph")->valuestring;
        if (strcmp(ph, "X") == 0) {
            complete++;
            need_string(e, "name", what, true);
            need_number(e, "ts", what, false);
            need_number(e, "dur", what, false);
            need_number(e, "tid", what, false);
        }
        if (fails > 20)
            break;
    }
    /* the traced phase runs 4000 kernels on 4 streams */
    if (complete < 1000)
        fail("%s: only %d complete (ph X) events", path, complete);
    printf("%s: %d events, %d complete\n", path, n, complete);
    cJSON_Delete(root);
}

/* Does the text between p and end hold a digit? */
static bool has_digit(const char *p, const char *end)
{
    for (; p < end; p++)
        if (*p >= '0' && *p <= '9')
            return true;
    return false;
}

static void check_html(const char *path, const char *const *studies)
{
    size_t len = 0;
    char *t = slurp(path, &len);
    if (!t)
        return;
    if (!strstr(t, "<svg"))
        fail("%s: no inline SVG chart", path);
    if (strstr(t, "<script src") || strstr(t, "src=\"http") || strstr(t, "src='http") ||
        strstr(t, "href=\"http") || strstr(t, "href='http") || strstr(t, "<link") ||
        strstr(t, "@import"))
        fail("%s: not self-contained (a remote resource)", path);
    if (!strstr(t, "</html>"))
        fail("%s: truncated", path);
    if (!strstr(t, "<h2>Summary</h2>") || !strstr(t, "Goals:") || !strstr(t, "Noise:"))
        fail("%s: no summary with goals and noise", path);
    /* every study: a section with a chart titled with a number, a table */
    int charts = 0;
    for (size_t i = 0; studies[i]; i++) {
        char tag[64];
        snprintf(tag, sizeof(tag), "<section id='%s'>", studies[i]);
        const char *sec = strstr(t, tag);
        if (!sec) {
            fail("%s: no section for %s", path, studies[i]);
            continue;
        }
        const char *end = strstr(sec, "</section>");
        const char *h = strstr(sec, "<h3 class='answer'>");
        const char *svg = h ? strstr(h, "<svg") : NULL;
        const char *he = h ? strstr(h, "</h3>") : NULL;
        if (!end || !h || h > end || !svg || svg > end || !he)
            fail("%s: study %s has no chart with a title", path, studies[i]);
        else if (!has_digit(h, he))
            fail("%s: the chart title of %s states no number: %.*s", path, studies[i],
                 (int)(he - h), h);
        else
            charts++;
        const char *tb = strstr(sec, "<table class='sortable'>");
        if (!tb || tb > end)
            fail("%s: study %s has no sortable table", path, studies[i]);
    }
    if (!strstr(t, "<script>") || !strstr(t, "function srt("))
        fail("%s: no sorting script", path);
    printf("%s: %zu bytes, %d charts titled with a number\n", path, len, charts);
    free(t);
}

/* Output paths are refused before any study runs (exit 2, a message). */
static void check_paths(const char *bench, const char *dir)
{
    char log[2048], file[2048], missing[2048], under[2048];
    snprintf(log, sizeof(log), "%s/paths.log", dir);
    snprintf(file, sizeof(file), "%s/a_file", dir);
    snprintf(missing, sizeof(missing), "%s/no/such/dir/out.json", dir);
    snprintf(under, sizeof(under), "%s/a_file/report", dir);
    FILE *f = fopen(file, "w");
    if (f)
        fclose(f);
    /* no study may start: the first line of a run names the device */
    static const char *const no_run[] = {"device 0 with", "limits", NULL};
    struct {
        const char *what, *opt;
        const char *path;
        const char *msg;
    } cases[] = {
        {"--json in a missing directory", "--json", missing, "its directory does not exist"},
        {"--json naming a directory", "--json", dir, "is a directory"},
        {"--json where nothing may be written", "--json", "/sys/cpuacl-bench-test.json",
         "cannot write /sys/cpuacl-bench-test.json"},
        {"--out naming a file", "--out", file, "exists and is not a directory"},
        {"--out under a file", "--out", under, "cannot create directory"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char *argv[] = {(char *)bench,         "--study", "launch", (char *)cases[i].opt,
                        (char *)cases[i].path, NULL};
        char prefix[32];
        snprintf(prefix, sizeof(prefix), "cpuacl-bench: %s: ", cases[i].opt);
        const char *has[] = {prefix, cases[i].msg, NULL};
        expect_run(cases[i].what, argv, log, 2, has, no_run);
    }
    struct stat st;
    if (stat("/sys/cpuacl-bench-test.json", &st) == 0)
        fail("a probe file was left in /sys");
}

/* A synthetic result: figures with given samples. */
struct synth {
    const char *key, *better;
    double s[9];
    int n;
};

static void write_synth(const char *path, const struct synth *f, int n)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "tool", "cpuacl-bench");
    cJSON_AddStringToObject(root, "date", "synthetic");
    cJSON *figs = cJSON_AddArrayToObject(root, "figures");
    for (int i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "key", f[i].key);
        cJSON_AddStringToObject(o, "unit", "ns");
        cJSON_AddStringToObject(o, "better", f[i].better);
        double v[9];
        memcpy(v, f[i].s, sizeof(v));
        qsort(v, (size_t)f[i].n, sizeof(v[0]), cmp_double);
        cJSON_AddNumberToObject(o, "median", v[f[i].n / 2]);
        cJSON_AddItemToObject(o, "samples",
                              cJSON_CreateDoubleArray(f[i].s, f[i].n > 1 ? f[i].n : 0));
        cJSON_AddBoolToObject(o, "loaded", false);
        cJSON_AddItemToArray(figs, o);
    }
    char *text = cJSON_Print(root);
    FILE *out = fopen(path, "w");
    if (out) {
        fputs(text, out);
        fclose(out);
    }
    free(text);
    cJSON_Delete(root);
}

/* Is there a line of `text` starting with `key` and containing `word`? */
static bool line_has(const char *text, const char *key, const char *word)
{
    for (const char *p = text; p && *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (strncmp(p, key, strlen(key)) == 0 && p[strlen(key)] == ' ') {
            char line[512];
            snprintf(line, sizeof(line), "%.*s", (int)(n < 511 ? n : 511), p);
            return strstr(line, word) != NULL;
        }
        p = nl ? nl + 1 : NULL;
    }
    return false;
}

static void check_compare(const char *bench, const char *dir)
{
    char a[2048], b[2048], bad[2048], log[2048];
    snprintf(a, sizeof(a), "%s/a.json", dir);
    snprintf(b, sizeof(b), "%s/b.json", dir);
    snprintf(bad, sizeof(bad), "%s/bad.json", dir);
    snprintf(log, sizeof(log), "%s/compare.log", dir);
    /* A: 7 samples each; B: shifted past every A sample (U = 0 or 49:
     * exact p = 2/3432 = 0.00058), or interleaved with A (p = 0.71) */
    static const struct synth A[] = {
        {"t.slower", "lower", {10, 11, 12, 13, 14, 15, 16}, 7},
        {"t.faster", "lower", {10, 11, 12, 13, 14, 15, 16}, 7},
        {"r.slower", "higher", {10, 11, 12, 13, 14, 15, 16}, 7},
        {"t.same", "lower", {10, 12, 14, 16, 18, 20, 22}, 7},
        {"i.differs", "info", {1, 2, 3, 4, 5, 6, 7}, 7},
        {"t.single", "lower", {5}, 1},
        {"t.only_a", "lower", {1, 2, 3}, 3},
    };
    static const struct synth B[] = {
        {"t.slower", "lower", {20, 21, 22, 23, 24, 25, 26}, 7},
        {"t.faster", "lower", {1, 2, 3, 4, 5, 6, 7}, 7},
        {"r.slower", "higher", {1, 2, 3, 4, 5, 6, 7}, 7},
        {"t.same", "lower", {11, 13, 15, 17, 19, 21, 23}, 7},
        {"i.differs", "info", {11, 12, 13, 14, 15, 16, 17}, 7},
        {"t.single", "lower", {6}, 1},
    };
    write_synth(a, A, 7);
    write_synth(b, B, 6);
    char *argv[] = {(char *)bench, "compare", a, b, NULL};
    static const char *const has[] = {"1 faster, 2 slower, 1 same, 1 differ, 1 untested",
                                      "only in A 1", NULL};
    expect_run("compare A B", argv, log, 1, has, NULL);
    char *out = slurp(log, NULL);
    static const struct {
        const char *key, *word;
    } lines[] = {
        {"t.slower", "slower"}, {"t.slower", "1.769x"},   {"t.slower", "0.0006"},
        {"t.faster", "faster"}, {"r.slower", "slower"},   {"t.same", "same"},
        {"t.same", "1.062x"},   {"i.differs", "differs"}, {"t.single", "untested"},
    };
    for (size_t i = 0; out && i < sizeof(lines) / sizeof(lines[0]); i++)
        if (!line_has(out, lines[i].key, lines[i].word))
            fail("compare: the line of %s does not say %s:\n%s", lines[i].key, lines[i].word, out);
    free(out);
    /* a run against itself: nothing differs, exit 0 */
    char *self[] = {(char *)bench, "compare", a, a, NULL};
    static const char *const same[] = {"0 faster, 0 slower, 6 same", NULL};
    expect_run("compare A A", self, log, 0, same, NULL);
    /* not a result: exit 2 */
    FILE *f = fopen(bad, "w");
    if (f) {
        fputs("{\"figures\": []}\n", f);
        fclose(f);
    }
    char *notres[] = {(char *)bench, "compare", a, bad, NULL};
    static const char *const msg[] = {"is not a cpuacl-bench result", NULL};
    expect_run("compare A not-a-result", notres, log, 2, msg, NULL);
    char *one[] = {(char *)bench, "compare", a, NULL};
    static const char *const use[] = {"usage: cpuacl-bench compare", NULL};
    expect_run("compare with one file", one, log, 2, use, NULL);
}

/*
 * The worker counts cpuacl-bench's sweep runs with these allowed cpus:
 * 1, 2, 4, .. below n, n, and 2n (up to 64).
 */
static int sweep_counts(unsigned *w)
{
    cpu_set_t set;
    int n = 1, k = 0;
    if (sched_getaffinity(0, sizeof(set), &set) == 0)
        n = CPU_COUNT(&set);
    for (int x = 1; x < n && x < 64; x *= 2)
        w[k++] = (unsigned)x;
    w[k++] = n < 64 ? (unsigned)n : 64;
    if (2 * n <= 64)
        w[k++] = 2u * (unsigned)n;
    return k;
}

int main(int argc, char **argv)
{
    if (argc != 4 ||
        (strcmp(argv[1], "json") && strcmp(argv[1], "out") && strcmp(argv[1], "sweep") &&
         strcmp(argv[1], "ops") && strcmp(argv[1], "memcpy") && strcmp(argv[1], "paths") &&
         strcmp(argv[1], "compare"))) {
        fprintf(stderr, "usage: bench_output_check json|out|sweep|ops|memcpy|paths|compare "
                        "CPUACL_BENCH DIR\n");
        return 1;
    }
    const char *bench = argv[2], *dir = argv[3];
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "mkdir %s: %s\n", dir, strerror(errno));
        return 1;
    }
    char p1[2048], p2[4096];
    if (strcmp(argv[1], "paths") == 0) {
        check_paths(bench, dir);
    } else if (strcmp(argv[1], "compare") == 0) {
        check_compare(bench, dir);
    } else if (strcmp(argv[1], "json") == 0) {
        snprintf(p1, sizeof(p1), "%s/out.json", dir);
        unlink(p1);
        static const char *const expect[] = {"limits.", "launch.", "roundtrip.", NULL};
        if (run_bench(bench, "3", "launch,roundtrip", "--json", p1) == 0)
            check_report(p1, expect, 3);
    } else if (strcmp(argv[1], "ops") == 0) {
        snprintf(p1, sizeof(p1), "%s/ops.json", dir);
        unlink(p1);
        static const char *const expect[] = {"limits.", "ops.", NULL};
        if (run_bench(bench, "1", "ops", "--json", p1) == 0) {
            check_report(p1, expect, 1);
            check_ops(p1, numpy_present());
        }
    } else if (strcmp(argv[1], "memcpy") == 0) {
        snprintf(p1, sizeof(p1), "%s/memcpy.json", dir);
        unlink(p1);
        static const char *const expect[] = {"limits.", "memcpy.", NULL};
        if (run_bench(bench, "1", "memcpy", "--json", p1) == 0) {
            check_report(p1, expect, 1);
            check_memcpy(p1);
        }
    } else if (strcmp(argv[1], "sweep") == 0) {
        snprintf(p1, sizeof(p1), "%s/multistream.json", dir);
        unlink(p1);
        int rc = run_bench(bench, "1", "multistream", "--json", p1);
        /* every worker count of the sweep, with its rates, chain, busy share */
        static char keys[16 * 5][48];
        const char *expect[16 * 5 + 8];
        unsigned w[16];
        int nw = sweep_counts(w), k = 0;
        expect[k++] = "limits.";
        expect[k++] = "multistream.rate_8";
        expect[k++] = "multistream.chain_rate_8";
        expect[k++] = "multistream.lat_p50_8";
        for (int i = 0; i < nw; i++) {
            static const char *const what[] = {"rate_1", "rate_8", "chain_8", "util_8", "ideal"};
            for (int j = 0; j < 5; j++) {
                char *key = keys[i * 5 + j];
                snprintf(key, sizeof(keys[0]), "multistream.w%u_%s", w[i], what[j]);
                expect[k++] = key;
            }
        }
        expect[k] = NULL;
        if (rc == 0)
            check_report(p1, expect, 1);
    } else {
        snprintf(p1, sizeof(p1), "%s/report", dir);
        static const char *const expect[] = {"limits.", "launch.", NULL};
        if (run_bench(bench, "2", "launch,capture", "--out", p1) == 0) {
            snprintf(p2, sizeof(p2), "%s/trace.json", p1);
            check_trace(p2);
            snprintf(p2, sizeof(p2), "%s/report.html", p1);
            static const char *const studies[] = {"limits", "launch", "capture", NULL};
            check_html(p2, studies);
            snprintf(p2, sizeof(p2), "%s/report.json", p1);
            check_report(p2, expect, 2);
        }
    }
    printf("%s\n", fails ? "FAIL" : "PASS");
    return fails ? 1 : 0;
}
