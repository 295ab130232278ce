/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl-bench: the command users run first. It opens device 0 with default
 * settings (aclInit(NULL): only CPUACL_* environment variables apply), runs
 * the selected studies (bench_studies.c), and prints one table with every
 * figure beside its ratio to a baseline and to a physical limit measured in
 * the same run, then one grep-able line starting "cpuacl-bench:".
 *
 * Output paths (--json, --out) are checked before any study runs. Around
 * each study it reads the load average and its threads' run-queue wait
 * (bench_noise.h) and marks the study's figures taken under load. The
 * progress bar (or --progress lines) shows each study's expected time and
 * the run's.
 *
 * `cpuacl-bench compare A.json B.json` compares two runs (bench_compare.c).
 *
 * Exit status: 0 success, 1 a study or the runtime failed (or hung: a
 * watchdog ends the run when a step makes no progress for 60 s, 300 s with
 * --full), 2 bad usage (including an output path that cannot be written).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "bench_compare.h"
#include "bench_noise.h"
#include "bench_output.h"
#include "bench_report.h"
#include "bench_studies.h"
#include "bench_util.h"
#include "cpuacl/cpuacl.h"

#define DEFAULT_REPS_QUICK 7u
#define DEFAULT_REPS_FULL 11u

struct opts {
    bool selected[64]; /* by registry index (bs_nstudies <= 64, checked in main) */
    bool any_selected;
    unsigned reps; /* 0 = mode default */
    bool full;
    bool pin;
    bool progress;
    bool no_bar;
    const char *json;     /* --json FILE */
    const char *out;      /* --out DIR */
    const char *ggml_src; /* --ggml-src DIR */
    /* internal: what a child process of this tool runs (not in --help) */
    const char *child_trace; /* --child-trace PATH: the traced phase of --out */
    unsigned child_ms;       /* --child-multistream W: multistream with W workers */
    unsigned child_sc;       /* --child-scaling W: the scaling study's child, W workers */
};

static void usage(FILE *out)
{
    fprintf(out, "usage: cpuacl-bench [--study NAME[,NAME...]] [--reps N] [--quick | --full]\n"
                 "                    [--json FILE] [--out DIR] [--no-pin] [--progress]\n"
                 "                    [--no-progress-bar] [--ggml-src DIR] [--list] [--help]\n"
                 "       cpuacl-bench compare [--alpha P] A.json B.json\n");
}

static void help(void)
{
    usage(stdout);
    printf("\n"
           "Measures the cpuacl runtime (device 0, default settings: aclInit(NULL), so\n"
           "only CPUACL_* environment variables apply) and, in the same run, the\n"
           "physical limits and baselines it is compared with. Every figure is the\n"
           "median over N repetitions (their interquartile range beside it); each\n"
           "is printed with its ratio to a named baseline and to a named\n"
           "physical limit (value / reference: for times,\n"
           "above 1x is slower; for rates, below 1x is slower) and, where the project\n"
           "has one, a target (shown, not asserted). The last line starts with\n"
           "'cpuacl-bench:' and carries the headline ratios and the cache-line\n"
           "round trip (cl_rtt) the latency ratios refer to: on a VM it follows\n"
           "where the vCPUs sit, so compare runs with similar cl_rtt.\n"
           "\n"
           "Noise: before and after each study the load average and the run-queue\n"
           "wait of this process's threads are read; a study whose threads waited\n"
           "for a CPU 5%% or more of its time, or that started with a load average\n"
           "above the cpus + 1, is taken under load: its values carry a '*' in the\n"
           "table, \"loaded\": true in the JSON and a warning in the report.\n"
           "\n"
           "Options:\n"
           "  --study NAME[,NAME...]  run only these studies (default: all); `limits`\n"
           "                          is always measured, every ratio refers to it\n"
           "  --reps N                repetitions per figure, 1..%u (default: %u quick,\n"
           "                          %u full)\n"
           "  --quick                 short runs (the default: all studies in under a\n"
           "                          minute, 25-55 s on 2 cores)\n"
           "  --full                  longer runs, more samples and configurations\n"
           "  --no-pin                do not pin the host thread, the baseline threads\n"
           "                          and the device's workers (by default the workers\n"
           "                          are pinned, CPUACL_PIN_WORKERS=1 unless set, the\n"
           "                          host runs on a core other than worker 0's, and\n"
           "                          the baselines use the same two cores)\n"
           "  --json FILE             also write the results as JSON to FILE: every\n"
           "                          figure (study, key, name, value, unit, median,\n"
           "                          min, max, reps, samples: every repetition's\n"
           "                          value, spread: iqr and mad, loaded, baseline\n"
           "                          and limit keys with ratios, targets and whether\n"
           "                          they were met), the noise of each study, the\n"
           "                          machine (cpu model, cpus, memory, kernel, THP\n"
           "                          mode) and the configuration (options, CPUACL_*\n"
           "                          environment, workers, spin)\n"
           "  --out DIR               write DIR/report.json (as --json), DIR/report.html\n"
           "                          (self-contained: a summary, a chart per study\n"
           "                          titled with its answer, sortable tables; opens\n"
           "                          with no network) and DIR/trace.json: a Chrome/Perfetto\n"
           "                          timeline of a short 4-stream run, recorded in a\n"
           "                          child process with CPUACL_TRACE_EVENTS set, so\n"
           "                          tracing never runs during the measured studies\n"
           "                          FILE and DIR are checked before any study runs:\n"
           "                          a path that cannot be written is exit status 2\n"
           "  --ggml-src DIR          a ggml source tree for the ggml study (which is\n"
           "                          skipped without it): it builds ggml against this\n"
           "                          cpuacl in DIR/build-cpuacl-bench\n"
           "  --progress              progress lines on stderr (each study with its\n"
           "                          expected time and the run's)\n"
           "  --no-progress-bar       no progress bar (drawn on stderr when it is a\n"
           "                          terminal)\n"
           "  --list                  list the studies and exit\n"
           "  --help                  this text\n"
           "\n"
           "Studies:\n",
           BR_MAX_REPS, DEFAULT_REPS_QUICK, DEFAULT_REPS_FULL);
    for (size_t i = 0; i < bs_nstudies; i++) {
        printf("  %s: %s\n", bs_studies[i]->name, bs_studies[i]->summary);
        const char *h = bs_studies[i]->help;
        while (*h) {
            const char *nl = strchr(h, '\n');
            size_t n = nl ? (size_t)(nl - h) : strlen(h);
            printf("      %.*s\n", (int)n, h);
            h += n + (nl ? 1 : 0);
        }
    }
    printf("\n"
           "Runtime settings (environment): CPUACL_WORKERS, CPUACL_SPIN_US,\n"
           "CPUACL_PIN_WORKERS, CPUACL_RING_SLOTS, CPUACL_DEVICE_COUNT; see\n"
           "docs/runtime.md. Every CPUACL_* variable set is recorded in the JSON. Do\n"
           "not set CPUACL_TRACE/CPUACL_TRACE_EVENTS for the studies (tracing costs\n"
           "time per task); --out records its trace in a separate process.\n"
           "\n"
           "Comparing two runs:\n"
           "  cpuacl-bench compare [--alpha P] A.json B.json\n"
           "      For each figure in both files (by key): A's and B's medians, the ratio\n"
           "      B/A and the two-sided Mann-Whitney U test of their samples (as\n"
           "      google-benchmark's compare.py): p < P (default 0.05) is 'faster' or\n"
           "      'slower' by the figure's direction, else 'same'; fewer than 2\n"
           "      samples a side is 'untested'. Exit status: 0 no figure slower, 1 some\n"
           "      figure significantly slower, 2 bad usage or a file that is not a\n"
           "      cpuacl-bench --json result.\n"
           "\n"
           "Examples:\n"
           "  cpuacl-bench --out report          the default studies, report/report.html\n"
           "  cpuacl-bench --json b.json && cpuacl-bench compare a.json b.json\n"
           "  cpuacl-bench --study capture,peers --reps 11 --json capture.json\n"
           "  CPUACL_WORKERS=2 cpuacl-bench --study multistream --full\n"
           "                                     (the sweep over worker counts runs\n"
           "                                     whatever CPUACL_WORKERS says)\n"
           "\n"
           "Exit status: 0 success, 1 a study failed or the runtime hung (no progress\n"
           "for 60 s, 300 s with --full: the run stops and says where), 2 bad usage,\n"
           "including an output path that cannot be written (\"cpuacl-bench: --json:\n"
           "cannot write FILE: ...\", before any study runs).\n");
}

static int bad_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "cpuacl-bench: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    usage(stderr);
    fprintf(stderr, "Try 'cpuacl-bench --help' for more information.\n");
    return 2;
}

/* Select studies from a comma-separated list. 0 or 2 (bad usage). */
static int select_studies(struct opts *o, const char *list)
{
    char *dup = strdup(list);
    if (!dup)
        return 2;
    int rc = 0;
    bool any = false;
    char *save = NULL;
    for (char *t = strtok_r(dup, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        int s = bs_find(t);
        if (s < 0) {
            rc = bad_usage("unknown study '%s' (see --list)", t);
            break;
        }
        o->selected[s] = true;
        any = true;
    }
    if (rc == 0 && !any)
        rc = bad_usage("--study needs at least one study name%s", "");
    o->any_selected = o->any_selected || any;
    free(dup);
    return rc;
}

static int parse_reps(struct opts *o, const char *v)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (errno || end == v || *end || n < 1 || n > (long)BR_MAX_REPS) {
        char msg[64];
        snprintf(msg, sizeof(msg), "--reps wants an integer in 1..%u, got '%%s'", BR_MAX_REPS);
        return bad_usage(msg, v);
    }
    o->reps = (unsigned)n;
    return 0;
}

/* 0 = run, 1 = done (exit 0), 2 = bad usage. */
static int parse(int argc, char **argv, struct opts *o)
{
    memset(o, 0, sizeof(*o));
    o->pin = true;
    bool quick = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        const char *eq = strchr(a, '=');
        char name[32];
        if (strncmp(a, "--", 2) == 0 && eq && (size_t)(eq - a) < sizeof(name)) {
            memcpy(name, a, (size_t)(eq - a));
            name[eq - a] = 0;
            val = eq + 1;
            a = name;
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            help();
            return 1;
        } else if (strcmp(a, "--list") == 0) {
            for (size_t k = 0; k < bs_nstudies; k++)
                printf("%-12s %s\n", bs_studies[k]->name, bs_studies[k]->summary);
            return 1;
        } else if (strcmp(a, "--child-trace") == 0 || strcmp(a, "--child-multistream") == 0 ||
                   strcmp(a, "--child-scaling") == 0) {
            /* internal (bench_studies.c, trace_in_child): no checks beyond a value */
            if (!val && i + 1 < argc)
                val = argv[++i];
            if (!val || !*val)
                return bad_usage("option '%s' needs a value", a);
            if (a[8] == 't')
                o->child_trace = val;
            else {
                char *end;
                unsigned long n = strtoul(val, &end, 10);
                if (*end || n == 0 || n > 1024)
                    return bad_usage("--child-multistream/scaling wants a worker count, got '%s'",
                                     val);
                if (a[8] == 's')
                    o->child_sc = (unsigned)n;
                else
                    o->child_ms = (unsigned)n;
            }
        } else if (strcmp(a, "--study") == 0 || strcmp(a, "--reps") == 0 ||
                   strcmp(a, "--json") == 0 || strcmp(a, "--out") == 0 ||
                   strcmp(a, "--ggml-src") == 0) {
            if (!val) {
                if (i + 1 >= argc)
                    return bad_usage("option '%s' needs a value", a);
                val = argv[++i];
            }
            if (!*val)
                return bad_usage("option '%s' needs a non-empty value", a);
            int rc = 0;
            if (a[2] == 's')
                rc = select_studies(o, val);
            else if (a[2] == 'r')
                rc = parse_reps(o, val);
            else if (a[2] == 'j')
                o->json = val;
            else if (a[2] == 'g')
                o->ggml_src = val;
            else
                o->out = val;
            if (rc)
                return rc;
        } else if (val) {
            return bad_usage("option '%s' takes no value", a);
        } else if (strcmp(a, "--quick") == 0) {
            quick = true;
        } else if (strcmp(a, "--full") == 0) {
            o->full = true;
        } else if (strcmp(a, "--no-pin") == 0) {
            o->pin = false;
        } else if (strcmp(a, "--progress") == 0) {
            o->progress = true;
        } else if (strcmp(a, "--no-progress-bar") == 0) {
            o->no_bar = true;
        } else if (a[0] == '-') {
            return bad_usage("unknown option '%s'", a);
        } else {
            return bad_usage("unexpected argument '%s'", a);
        }
    }
    if (quick && o->full)
        return bad_usage("--quick and --full exclude each other%s", "");
    if (!o->reps)
        o->reps = o->full ? DEFAULT_REPS_FULL : DEFAULT_REPS_QUICK;
    return 0;
}

/*
 * Watchdog: a study step that makes no progress for `limit_s` seconds is a
 * runtime hang (a lost wake-up, a stuck worker), not a slow machine: report
 * where it stopped, with the worker counters, and exit 1 rather than hang.
 */
struct watchdog {
    pthread_t thread;
    unsigned limit_s;
    uint32_t workers;
};

static void *watchdog_main(void *arg)
{
    struct watchdog *w = arg;
    uint64_t last = atomic_load_explicit(&bs_beat, memory_order_relaxed);
    unsigned still = 0;
    for (;;) {
        sleep(1);
        uint64_t now = atomic_load_explicit(&bs_beat, memory_order_relaxed);
        if (now != last) {
            last = now;
            still = 0;
            continue;
        }
        if (++still < w->limit_s)
            continue;
        const char *step = atomic_load_explicit(&bs_step, memory_order_relaxed);
        fprintf(stderr,
                "cpuacl-bench: no progress for %u s in step '%s': the runtime looks hung "
                "(a lost wake-up?)\n",
                w->limit_s, step ? step : "start");
        for (uint32_t i = 0; i < w->workers; i++) {
            cpuaclWorkerStats st;
            if (cpuaclGetWorkerStats(0, i, &st) == ACL_SUCCESS)
                fprintf(stderr,
                        "cpuacl-bench:   worker %u: tasks %llu, parks %llu, kicks %llu, "
                        "streams %u\n",
                        i, (unsigned long long)st.tasks, (unsigned long long)st.parks,
                        (unsigned long long)st.wakeups, st.streams);
        }
        fflush(stderr);
        fflush(stdout);
        _exit(1);
    }
    return NULL;
}

static uint32_t ring_slots_from_env(void)
{
    const char *v = getenv("CPUACL_RING_SLOTS");
    if (v) {
        char *end;
        unsigned long n = strtoul(v, &end, 10);
        if (*v && !*end && n >= 64 && n <= 65536 && (n & (n - 1)) == 0)
            return (uint32_t)n;
    }
    return 1024;
}

/* One "name=ratio" field of the summary line, when both figures exist. */
static void summary_field(const struct br_results *R, const char *name, const char *key, char ref,
                          const char *refname, char *buf, size_t cap, size_t *k)
{
    const struct br_figure *f = br_find(R, key);
    double x;
    if (!f || !br_ratio(R, key, ref, &x) || *k >= cap)
        return;
    const struct br_target *t = &f->target[ref == 'b' ? 0 : 1];
    int w;
    if (t->op) {
        int met = br_target_met(R, f, ref);
        w = snprintf(buf + *k, cap - *k, " %s=%.2fx_%s(%s%g:%s)", name, x, refname,
                     t->op == '<' ? "<=" : ">=", t->x, met ? "met" : "MISSED");
    } else {
        w = snprintf(buf + *k, cap - *k, " %s=%.2fx_%s", name, x, refname);
    }
    if (w > 0)
        *k += (size_t)w < cap - *k ? (size_t)w : cap - *k - 1;
}

/*
 * The traced phase of --out, in a child process (this tool again, with
 * --child-trace): the child turns tracing on (CPUACL_TRACE_EVENTS before
 * aclInit), runs bs_trace_phase and writes `path`; this process's studies
 * never run with tracing on. `status` gets "written", or why not.
 */
static void trace_in_child(const char *path, char *status, size_t cap)
{
    const char *args[] = {"--child-trace", path, NULL};
    /* CPUACL_TRACE removed: no second file at the child's aclFinalize */
    const char *env[] = {"CPUACL_TRACE_EVENTS=65536", "CPUACL_TRACE", NULL};
    char out[256], why[160];
    /* 60 s is far beyond the phase's few milliseconds: a hang, not noise. */
    if (bu_run_self(args, env, 60, out, sizeof(out), why, sizeof(why)) != 0)
        snprintf(status, cap, "failed: %.140s", why);
    else if (access(path, R_OK) != 0)
        snprintf(status, cap, "failed: the traced run wrote no file");
    else
        snprintf(status, cap, "written");
}

/* The child side of trace_in_child. Exit status 0 or 1. */
static int child_trace(const char *path)
{
    int rc = 1;
    aclError e = aclInit(NULL);
    if (e == ACL_SUCCESS && aclrtSetDevice(0) == ACL_SUCCESS) {
        rc = bs_trace_phase(path) == 0 ? 0 : 1;
        aclrtResetDevice(0);
    }
    if (e == ACL_SUCCESS)
        aclFinalize();
    return rc;
}

static double spin_us_from_env(void)
{
    const char *v = getenv("CPUACL_SPIN_US");
    if (v && *v) {
        char *end;
        double x = strtod(v, &end);
        if (!*end && x >= 0)
            return x;
    }
    return 50.0; /* docs/runtime.md */
}

/*
 * aclInit(NULL), device 0, and the studies' context from the options and
 * the runtime (worker count, worker 0's core; the host thread pinned to
 * another core unless --no-pin). 0, or 1 with the reason on stderr.
 */
static int open_device(const struct opts *o, struct bs_ctx *ctx, cpuaclWorkerStats *w0)
{
    /* The runtime's workers float by default (docs/runtime.md, pin_workers); measured
     * placements pin them, as the host and the baselines are pinned. Children inherit it. */
    if (o->pin)
        setenv("CPUACL_PIN_WORKERS", "1", 0);
    aclError e = aclInit(NULL);
    if (e != ACL_SUCCESS && e != ACL_ERROR_REPEAT_INITIALIZE) {
        fprintf(stderr, "cpuacl-bench: aclInit failed: %d\n", (int)e);
        return 1;
    }
    e = aclrtSetDevice(0);
    if (e != ACL_SUCCESS) {
        fprintf(stderr, "cpuacl-bench: aclrtSetDevice(0) failed: %d\n", (int)e);
        aclFinalize();
        return 1;
    }
    memset(ctx, 0, sizeof(*ctx));
    ctx->reps = o->reps;
    ctx->full = o->full;
    ctx->ggml_src = o->ggml_src;
    ctx->progress = o->progress && !o->child_ms && !o->child_sc;
    ctx->bar = !o->no_bar && !o->child_ms && !o->child_sc && isatty(STDERR_FILENO);
    ctx->device = 0;
    ctx->ring_slots = ring_slots_from_env();
    memset(w0, 0, sizeof(*w0));
    w0->cpu = -1;
    if (cpuaclGetWorkerCount(0, &ctx->workers) != ACL_SUCCESS ||
        cpuaclGetWorkerStats(0, 0, w0) != ACL_SUCCESS) {
        fprintf(stderr, "cpuacl-bench: cannot read the device's workers\n");
        aclrtResetDevice(0);
        aclFinalize();
        return 1;
    }
    ctx->pair.producer_cpu = ctx->pair.consumer_cpu = ctx->host_cpu = -1;
    if (o->pin) {
        bu_pick_pair(w0->cpu, &ctx->pair.consumer_cpu, &ctx->pair.producer_cpu);
        ctx->host_cpu = ctx->pair.producer_cpu;
        if (bu_pin_self(ctx->host_cpu) != 0)
            ctx->host_cpu = -1;
    }
    return 0;
}

/* The child side of multistream's worker sweep and of the scaling study.
 * Exit status 0 or 1. */
static int child_multistream(const struct opts *o, struct bs_ctx *ctx)
{
    int rc = 1;
    unsigned want = o->child_sc ? o->child_sc : o->child_ms;
    if (ctx->workers != want) {
        fprintf(stderr, "cpuacl-bench: asked for %u workers, the device has %u\n", want,
                ctx->workers);
    } else {
        struct br_results R;
        br_init(&R);
        ctx->res = &R;
        rc = (o->child_sc ? bs_scaling_child(ctx, stdout) : bs_multistream_child(ctx, stdout)) == 0
                 ? 0
                 : 1;
        br_fini(&R);
    }
    bu_unpin_self();
    aclrtResetDevice(0);
    aclFinalize();
    return rc;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "compare") == 0)
        return bc_main(argc - 1, argv + 1);
    struct opts o;
    if (bs_nstudies > sizeof(o.selected) / sizeof(o.selected[0])) {
        fprintf(stderr, "cpuacl-bench: too many studies in the registry\n");
        return 1;
    }
    int prc = parse(argc, argv, &o);
    if (prc == 1)
        return 0;
    if (prc)
        return 2;
    bu_affinity_save();
    if (o.child_trace)
        return child_trace(o.child_trace);
    /* Output paths before anything runs: a typo costs no minutes. */
    char why[512];
    if (o.json && bo_check_file(o.json, why, sizeof(why)) != 0) {
        fprintf(stderr, "cpuacl-bench: --json: %s\n", why);
        return 2;
    }
    if (o.out && bo_prepare_dir(o.out, why, sizeof(why)) != 0) {
        fprintf(stderr, "cpuacl-bench: --out: %s\n", why);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    /* the machine, before this thread is pinned (the allowed-CPU count) */
    static struct bo_run run;
    if (o.json || o.out)
        bo_machine_read(&run.machine);

    /* --out: the directory, then the traced run (before aclInit here). */
    static char json_path[PATH_MAX], html_path[PATH_MAX], trace_path[PATH_MAX];
    char trace_status[160] = "";
    if (o.out) {
        if (snprintf(json_path, sizeof(json_path), "%s/report.json", o.out) >=
                (int)sizeof(json_path) ||
            snprintf(html_path, sizeof(html_path), "%s/report.html", o.out) >=
                (int)sizeof(html_path) ||
            snprintf(trace_path, sizeof(trace_path), "%s/trace.json", o.out) >=
                (int)sizeof(trace_path)) {
            fprintf(stderr, "cpuacl-bench: --out path too long\n");
            return 2;
        }
        if (!o.no_bar && isatty(STDERR_FILENO))
            fprintf(stderr, "cpuacl-bench: traced 4-stream run (child process)\n");
        trace_in_child(trace_path, trace_status, sizeof(trace_status));
        if (strcmp(trace_status, "written") != 0)
            fprintf(stderr, "cpuacl-bench: trace.json: %s\n", trace_status);
    }

    struct bs_ctx ctx;
    cpuaclWorkerStats w0;
    if (open_device(&o, &ctx, &w0) != 0)
        return 1;
    if (o.child_ms || o.child_sc)
        return child_multistream(&o, &ctx);
    struct br_results R;
    br_init(&R);
    ctx.res = &R;

    int cpus[256];
    int ncpu = bu_allowed_cpus(cpus, 256);
    char host[32] = "unpinned", wcpu[32] = "unpinned";
    if (ctx.host_cpu >= 0)
        snprintf(host, sizeof(host), "on cpu %d", ctx.host_cpu);
    if (w0.cpu >= 0)
        snprintf(wcpu, sizeof(wcpu), "on cpu %d", (int)w0.cpu);
    printf("cpuacl-bench %d.%d.%d: %d cpu(s), device 0 with %u worker(s) (worker 0 %s), "
           "host thread %s; %s, %u reps per figure (medians)\n",
           CPUACL_VERSION_MAJOR, CPUACL_VERSION_MINOR, CPUACL_VERSION_PATCH, ncpu, ctx.workers,
           wcpu, host, o.full ? "full" : "quick", ctx.reps);
    /* the runtime's settings, and what chooses the kernels: cpuacl's SIMD
     * builds and OpenBLAS's (a machine's environment may set those) */
    static const char *const envs[] = {
        "CPUACL_WORKERS",      "CPUACL_SPIN_US",      "CPUACL_PIN_WORKERS",
        "CPUACL_RING_SLOTS",   "CPUACL_DEVICE_COUNT", "CPUACL_SIMD",
        "CPUACL_SIMD_NO_FP16", "OPENBLAS_CORETYPE",   "OPENBLAS_NUM_THREADS"};
    bool any_env = false;
    for (size_t i = 0; i < sizeof(envs) / sizeof(envs[0]); i++) {
        const char *v = getenv(envs[i]);
        if (v) {
            printf("%s %s=%s", any_env ? "" : "settings from the environment:", envs[i], v);
            any_env = true;
        }
    }
    printf("%s\n", any_env ? "" : "default runtime settings");

    static struct watchdog wd;
    wd.limit_s = o.full ? 300 : 60;
    wd.workers = ctx.workers;
    if (pthread_create(&wd.thread, NULL, watchdog_main, &wd) == 0)
        pthread_detach(wd.thread);

    /* limits first (every ratio refers to it), then the selection in
     * registry order. */
    int failed = 0;
    char failed_names[128] = "";
    char run_names[256] = "";
    bool run_it[64];
    ctx.study_count = 0;
    for (size_t i = 0; i < bs_nstudies; i++) {
        bool is_limits = strcmp(bs_studies[i]->name, "limits") == 0;
        run_it[i] = is_limits || !o.any_selected || o.selected[i];
        if (run_it[i]) {
            size_t k = strlen(run_names);
            snprintf(run_names + k, sizeof(run_names) - k, "%s%s", k ? "," : "",
                     bs_studies[i]->name);
            ctx.study_count++;
        }
    }
    uint64_t t_start = bu_now_ns();
    ctx.study_index = 0;
    /* The ETA: each study's expected cost, scaled by how the studies run so
     * far compared with theirs (a slower machine, a loaded one). */
    double est[64], done_est = 0, done_real = 0;
    for (size_t i = 0; i < bs_nstudies; i++)
        est[i] = run_it[i] ? bs_cost_s(bs_studies[i]->name, o.full, ctx.reps) : 0;
    int ncpu_online = (int)sysconf(_SC_NPROCESSORS_ONLN);
    for (size_t i = 0; i < bs_nstudies; i++) {
        if (!run_it[i])
            continue;
        double speed = done_est > 0 ? done_real / done_est : 1.0;
        ctx.study_est_s = est[i] * speed;
        ctx.rest_est_s = 0;
        for (size_t j = i + 1; j < bs_nstudies; j++)
            ctx.rest_est_s += est[j] * speed;
        if (ctx.progress && !ctx.bar)
            fprintf(stderr, "cpuacl-bench: running %s (%u/%u, ~%.0f s; ~%.0f s left in the run)\n",
                    bs_studies[i]->name, ctx.study_index + 1, ctx.study_count, ctx.study_est_s,
                    ctx.study_est_s + ctx.rest_est_s);
        struct bn_sample before, after;
        bn_read(&before);
        ctx.study_t0_ns = before.t_ns;
        int rc = bs_studies[i]->run(&ctx);
        bn_read(&after);
        struct br_noise nz;
        bn_noise(bs_studies[i]->name, &before, &after, ncpu_online, &nz);
        br_add_noise(&R, &nz);
        done_est += est[i];
        done_real += nz.seconds;
        if (ctx.progress && !ctx.bar)
            fprintf(stderr, "cpuacl-bench: %s took %.1f s%s%s\n", bs_studies[i]->name, nz.seconds,
                    nz.loaded ? ", under load: " : "", nz.why);
        ctx.study_index++;
        if (rc) {
            failed++;
            size_t k = strlen(failed_names);
            snprintf(failed_names + k, sizeof(failed_names) - k, "%s%s", k ? "," : "",
                     bs_studies[i]->name);
            fprintf(stderr, "cpuacl-bench: study %s failed (%d)\n", bs_studies[i]->name, rc);
        }
    }
    double secs = (double)(bu_now_ns() - t_start) / 1e9;
    bs_bar_clear(&ctx);
    if (ctx.progress || ctx.bar)
        fprintf(stderr, "cpuacl-bench: %u studies in %.1f s\n", ctx.study_count, secs);

    printf("\n");
    br_print_table(&R, stdout);
    printf("\n");

    /* The grep-able summary line: name=ratio_refname per figure. */
    static const struct {
        const char *name, *key;
        char ref;
        const char *refname;
    } summary[] = {
        {"submit", "launch.submit", 'l', "ring_push"},
        {"roundtrip_p50", "roundtrip.p50", 'l', "cacheline_rtt"},
        {"rate", "launch.rate", 'l', "ring_rate"},
        {"rate", "launch.rate", 'b', "mutex_cv_rate"},
        {"event_p50", "event.lat_p50", 'l', "cacheline_rtt"},
        {"multistream8", "multistream.rate_8", 'b', "1_stream"},
        {"capture1000", "capture.capture_1000", 'b', "eager_submit"},
        {"replay1000", "capture.replay_1000", 'b', "eager"},
        {"replay1000", "capture.replay_1000", 'l', "5ns"},
        {"memcpy64M", "memcpy.h2d_64M", 'b', "memcpy3"},
        {"alloc4K", "alloc.acl_4K", 'b', "jemalloc"},
        /* issue 16's rows: every goal of its table is in this line */
        {"capture10", "capture.capture_10", 'b', "eager_submit"},
        {"capture100000", "capture.capture_100000", 'b', "eager_submit"},
        {"memcpyasync64M", "memcpy.async_h2d_64M", 'b', "kernel_memcpy3"},
        {"memcpyh2h64M", "memcpy.h2h_64M", 'b', "memcpy3"},
        {"alloc64M", "alloc.acl_64M", 'b', "jemalloc"},
        {"add_small", "ops.add_small_host", 'l', "100ns"},
        /* issue 27: operators by their CANN type */
        {"aclop_small", "ops.aclop_small_host", 'b', "aclnn"},
        {"aclop_handle", "ops.aclop_handle_host", 'b', "aclnn"},
        {"add64M", "ops.add_f32_64M", 'b', "memcpy"},
        {"relu64M", "ops.relu_f32_64M", 'b', "memcpy"},
        {"matmul64x2048", "ops.matmul_f32_64x2048x2048", 'b', "sgemm"},
        {"matmul512", "ops.matmul_f32_512x512x512", 'b', "sgemm"},
    };
    char line[2048];
    size_t k = 0;
    line[0] = 0;
    for (size_t i = 0; i < sizeof(summary) / sizeof(summary[0]); i++)
        summary_field(&R, summary[i].name, summary[i].key, summary[i].ref, summary[i].refname, line,
                      sizeof(line), &k);
    /* The round trip every latency ratio above refers to: on a VM it follows
     * where the vCPUs sit (~60 ns sharing a cache, ~430 ns apart, measured
     * on the same guest), so it belongs beside the ratios. */
    const struct br_figure *rtt = br_find(&R, "limits.cl_rtt");
    char rtt_field[32] = "";
    if (rtt && rtt->value == rtt->value)
        snprintf(rtt_field, sizeof(rtt_field), " cl_rtt=%.0fns", rtt->value);
    printf("cpuacl-bench:%s%s workers=%u reps=%u mode=%s time=%.1fs%s%s\n", line, rtt_field,
           ctx.workers, ctx.reps, o.full ? "full" : "quick", secs, failed ? " failed=" : "",
           failed ? failed_names : "");

    int out_failed = 0;
    if (o.json || o.out) {
        char version[32];
        snprintf(version, sizeof(version), "%d.%d.%d", CPUACL_VERSION_MAJOR, CPUACL_VERSION_MINOR,
                 CPUACL_VERSION_PATCH);
        run.version = version;
        run.argc = argc;
        run.argv = argv;
        run.mode = o.full ? "full" : "quick";
        run.reps = ctx.reps;
        run.pin = o.pin;
        run.studies = run_names;
        run.workers = ctx.workers;
        for (uint32_t i = 0; i < ctx.workers && i < 64; i++) {
            cpuaclWorkerStats st;
            run.worker_cpus[i] = cpuaclGetWorkerStats(0, i, &st) == ACL_SUCCESS ? st.cpu : -1;
        }
        run.host_cpu = ctx.host_cpu;
        run.producer_cpu = ctx.pair.producer_cpu;
        run.consumer_cpu = ctx.pair.consumer_cpu;
        run.ring_slots = ctx.ring_slots;
        run.spin_us = spin_us_from_env();
        run.seconds = secs;
        run.failed = failed_names;
        if (o.out) {
            run.trace_status = trace_status;
            run.trace_file = strcmp(trace_status, "written") == 0 ? trace_path : NULL;
        }
        if (o.json && bo_write_json(o.json, &R, &run) != 0)
            out_failed++;
        if (o.out) {
            if (bo_write_json(json_path, &R, &run) != 0 || bo_write_html(html_path, &R, &run) != 0)
                out_failed++;
            else
                printf("cpuacl-bench: report written to %s (report.html, report.json%s)\n", o.out,
                       run.trace_file ? ", trace.json" : "");
        }
        if (o.json && !out_failed)
            printf("cpuacl-bench: results written to %s\n", o.json);
    }

    br_fini(&R);
    bu_unpin_self();
    aclrtResetDevice(0);
    aclFinalize();
    return failed || out_failed ? 1 : 0;
}
