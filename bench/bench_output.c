/* SPDX-License-Identifier: Apache-2.0 */
/* JSON and HTML back ends of cpuacl-bench (bench_output.h). */
#define _GNU_SOURCE
#include "bench_output.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "bench_stats.h"

extern char **environ;

/* ------------------------------------------------------------------------
 * The machine
 * ---------------------------------------------------------------------- */
static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = 0;
}

/* The bracketed choice of a /sys "a [b] c" file, or "unknown". */
static void read_bracketed(const char *path, char *out, size_t cap)
{
    snprintf(out, cap, "unknown");
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char line[256];
    if (fgets(line, sizeof(line), f)) {
        char *a = strchr(line, '['), *b = a ? strchr(a, ']') : NULL;
        if (a && b) {
            *b = 0;
            snprintf(out, cap, "%s", a + 1);
        }
    }
    fclose(f);
}

void bo_machine_read(struct bo_machine *m)
{
    memset(m, 0, sizeof(*m));
    snprintf(m->cpu_model, sizeof(m->cpu_model), "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[512];
        while (fgets(line, sizeof(line), f)) {
            /* x86: "model name"; arm64: no model name, fall back to
             * "CPU part" is not helpful: keep "unknown" there. */
            if (strncmp(line, "model name", 10) == 0) {
                char *c = strchr(line, ':');
                if (c) {
                    c++;
                    while (*c == ' ' || *c == '\t')
                        c++;
                    snprintf(m->cpu_model, sizeof(m->cpu_model), "%s", c);
                    trim(m->cpu_model);
                }
                break;
            }
        }
        fclose(f);
    }
    m->ncpu_online = (int)sysconf(_SC_NPROCESSORS_ONLN);
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0)
        m->ncpu_allowed = CPU_COUNT(&set);
    f = fopen("/proc/meminfo", "r");
    if (f) {
        char line[256];
        while (fgets(line, sizeof(line), f)) {
            unsigned long long kib;
            if (sscanf(line, "MemTotal: %llu kB", &kib) == 1) {
                m->mem_total_kib = kib;
                break;
            }
        }
        fclose(f);
    }
    struct utsname u;
    if (uname(&u) == 0)
        snprintf(m->kernel, sizeof(m->kernel), "%s %s %s %s", u.sysname, u.release, u.version,
                 u.machine);
    read_bracketed("/sys/kernel/mm/transparent_hugepage/enabled", m->thp_enabled,
                   sizeof(m->thp_enabled));
    read_bracketed("/sys/kernel/mm/transparent_hugepage/defrag", m->thp_defrag,
                   sizeof(m->thp_defrag));
}

/* ------------------------------------------------------------------------
 * JSON
 * ---------------------------------------------------------------------- */
static const char *better_name(enum br_better b)
{
    return b == BR_LOWER ? "lower" : b == BR_HIGHER ? "higher" : "info";
}

/* {"key": k, "ratio": x|null} or null when the figure has no such reference. */
static cJSON *ref_json(const struct br_results *r, const struct br_figure *f, char ref)
{
    const char *k = ref == 'b' ? f->base_key : f->limit_key;
    if (!*k)
        return cJSON_CreateNull();
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "key", k);
    double x;
    if (br_ratio(r, f->key, ref, &x))
        cJSON_AddNumberToObject(o, "ratio", x);
    else
        cJSON_AddNullToObject(o, "ratio");
    return o;
}

static cJSON *target_json(const struct br_results *r, const struct br_figure *f, char ref)
{
    const struct br_target *t = &f->target[ref == 'b' ? 0 : 1];
    if (!t->op)
        return cJSON_CreateNull();
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "op", t->op == '<' ? "<=" : ">=");
    cJSON_AddNumberToObject(o, "x", t->x);
    int met = br_target_met(r, f, ref);
    if (met < 0)
        cJSON_AddNullToObject(o, "met");
    else
        cJSON_AddBoolToObject(o, "met", met);
    return o;
}

static cJSON *figure_json(const struct br_results *r, const struct br_figure *f)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "study", f->study);
    cJSON_AddStringToObject(o, "key", f->key);
    cJSON_AddStringToObject(o, "name", f->label);
    cJSON_AddNumberToObject(o, "value", f->value);
    cJSON_AddStringToObject(o, "unit", f->unit);
    cJSON_AddStringToObject(o, "better", better_name(f->better));
    cJSON_AddNumberToObject(o, "median", f->value);
    cJSON_AddNumberToObject(o, "min", f->lo);
    cJSON_AddNumberToObject(o, "max", f->hi);
    cJSON_AddNumberToObject(o, "reps", f->reps);
    /* every repetition's value, and the spread beside median/min/max */
    cJSON *sj = cJSON_AddArrayToObject(o, "samples");
    for (unsigned i = 0; i < f->nsamples; i++)
        cJSON_AddItemToArray(sj, cJSON_CreateNumber(f->samples[i]));
    if (f->nsamples >= 2) {
        cJSON *sp = cJSON_AddObjectToObject(o, "spread");
        cJSON_AddNumberToObject(sp, "iqr", bst_iqr(f->samples, f->nsamples));
        cJSON_AddNumberToObject(sp, "mad", bst_mad(f->samples, f->nsamples));
    } else {
        cJSON_AddNullToObject(o, "spread");
    }
    cJSON_AddBoolToObject(o, "loaded", br_loaded(r, f));
    cJSON_AddItemToObject(o, "baseline", ref_json(r, f, 'b'));
    cJSON_AddItemToObject(o, "limit", ref_json(r, f, 'l'));
    cJSON *t = cJSON_CreateObject();
    cJSON_AddItemToObject(t, "baseline", target_json(r, f, 'b'));
    cJSON_AddItemToObject(t, "limit", target_json(r, f, 'l'));
    cJSON_AddItemToObject(o, "target", t);
    /* "met": false if any target was missed, true if all were met, null
     * when the figure has no computable target. */
    int mb = br_target_met(r, f, 'b'), ml = br_target_met(r, f, 'l');
    if (mb < 0 && ml < 0)
        cJSON_AddNullToObject(o, "met");
    else
        cJSON_AddBoolToObject(o, "met", mb != 0 && ml != 0);
    cJSON_AddStringToObject(o, "note", f->note);
    return o;
}

static cJSON *run_json(const struct bo_run *run, const struct br_results *r)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "tool", "cpuacl-bench");
    cJSON_AddStringToObject(root, "version", run->version);
    /* 2: samples, spread and loaded per figure; the noise array */
    cJSON_AddNumberToObject(root, "schema", 2);
    char when[64];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
    cJSON_AddStringToObject(root, "date", when);

    const struct bo_machine *m = &run->machine;
    cJSON *mj = cJSON_AddObjectToObject(root, "machine");
    cJSON_AddStringToObject(mj, "cpu_model", m->cpu_model);
    cJSON_AddNumberToObject(mj, "ncpu", m->ncpu_online);
    cJSON_AddNumberToObject(mj, "ncpu_allowed", m->ncpu_allowed);
    cJSON_AddNumberToObject(mj, "memory_kib", (double)m->mem_total_kib);
    cJSON_AddStringToObject(mj, "kernel", m->kernel);
    cJSON_AddStringToObject(mj, "thp_enabled", m->thp_enabled);
    cJSON_AddStringToObject(mj, "thp_defrag", m->thp_defrag);

    cJSON *cj = cJSON_AddObjectToObject(root, "config");
    cJSON *argv = cJSON_AddArrayToObject(cj, "argv");
    for (int i = 0; i < run->argc; i++)
        cJSON_AddItemToArray(argv, cJSON_CreateString(run->argv[i]));
    cJSON *oj = cJSON_AddObjectToObject(cj, "options");
    cJSON_AddStringToObject(oj, "mode", run->mode);
    cJSON_AddNumberToObject(oj, "reps", run->reps);
    cJSON_AddBoolToObject(oj, "pin", run->pin);
    cJSON_AddStringToObject(oj, "studies", run->studies);
    cJSON *ej = cJSON_AddObjectToObject(cj, "env");
    for (char **e = environ; e && *e; e++) {
        if (strncmp(*e, "CPUACL_", 7) != 0)
            continue;
        const char *eq = strchr(*e, '=');
        if (!eq)
            continue;
        char name[128];
        snprintf(name, sizeof(name), "%.*s", (int)(eq - *e), *e);
        cJSON_AddStringToObject(ej, name, eq + 1);
    }
    cJSON_AddNumberToObject(cj, "workers", run->workers);
    cJSON *wc = cJSON_AddArrayToObject(cj, "worker_cpus");
    for (uint32_t i = 0; i < run->workers && i < 64; i++)
        cJSON_AddItemToArray(wc, cJSON_CreateNumber(run->worker_cpus[i]));
    cJSON_AddNumberToObject(cj, "host_cpu", run->host_cpu);
    cJSON *pj = cJSON_AddObjectToObject(cj, "baseline_pair");
    cJSON_AddNumberToObject(pj, "producer_cpu", run->producer_cpu);
    cJSON_AddNumberToObject(pj, "consumer_cpu", run->consumer_cpu);
    cJSON_AddNumberToObject(cj, "ring_slots", run->ring_slots);
    cJSON_AddNumberToObject(cj, "spin_us", run->spin_us);

    cJSON *rj = cJSON_AddObjectToObject(root, "run");
    cJSON_AddNumberToObject(rj, "seconds", run->seconds);
    cJSON_AddStringToObject(rj, "failed", run->failed ? run->failed : "");
    if (run->trace_file)
        cJSON_AddStringToObject(rj, "trace_file", run->trace_file);
    if (run->trace_status)
        cJSON_AddStringToObject(rj, "trace", run->trace_status);

    cJSON *sk = cJSON_AddArrayToObject(root, "skipped");
    for (size_t i = 0; i < r->nskipped; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "study", r->skipped[i].study);
        cJSON_AddStringToObject(o, "what", r->skipped[i].what);
        cJSON_AddStringToObject(o, "why", r->skipped[i].why);
        cJSON_AddItemToArray(sk, o);
    }
    cJSON *nj = cJSON_AddArrayToObject(root, "noise");
    for (size_t i = 0; i < r->nnoise; i++) {
        const struct br_noise *n = &r->noise[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "study", n->study);
        cJSON_AddNumberToObject(o, "seconds", n->seconds);
        cJSON_AddItemToObject(o, "loadavg_before", cJSON_CreateDoubleArray(n->load_before, 3));
        cJSON_AddItemToObject(o, "loadavg_after", cJSON_CreateDoubleArray(n->load_after, 3));
        if (n->rq_wait_ms >= 0) {
            cJSON_AddNumberToObject(o, "rq_wait_ms", n->rq_wait_ms);
            cJSON_AddNumberToObject(o, "rq_wait_share", n->rq_share);
        } else {
            cJSON_AddNullToObject(o, "rq_wait_ms");
            cJSON_AddNullToObject(o, "rq_wait_share");
        }
        cJSON_AddBoolToObject(o, "loaded", n->loaded);
        cJSON_AddStringToObject(o, "why", n->why);
        cJSON_AddItemToArray(nj, o);
    }
    cJSON *fj = cJSON_AddArrayToObject(root, "figures");
    for (size_t i = 0; i < r->n; i++)
        cJSON_AddItemToArray(fj, figure_json(r, &r->v[i]));
    return root;
}

int bo_write_json(const char *path, const struct br_results *r, const struct bo_run *run)
{
    cJSON *root = run_json(run, r);
    char *text = root ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    if (!text) {
        fprintf(stderr, "cpuacl-bench: out of memory writing %s\n", path);
        return -1;
    }
    FILE *f = fopen(path, "w");
    int rc = 0;
    if (!f || fputs(text, f) < 0 || fputc('\n', f) == EOF)
        rc = -1;
    if (f && fclose(f) != 0)
        rc = -1;
    if (rc)
        perror(path);
    cJSON_free(text);
    return rc;
}

/* ------------------------------------------------------------------------
 * Output paths, checked before any study runs
 * ---------------------------------------------------------------------- */
int bo_check_file(const char *path, char *why, size_t cap)
{
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            snprintf(why, cap, "%s is a directory", path);
            return -1;
        }
        /* no O_TRUNC: the file keeps its content until the results replace it */
        int fd = open(path, O_WRONLY | O_CLOEXEC);
        if (fd < 0) {
            snprintf(why, cap, "cannot write %s: %s", path, strerror(errno));
            return -1;
        }
        close(fd);
        return 0;
    }
    if (errno != ENOENT) {
        snprintf(why, cap, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    /* create it to learn whether the directory takes it, then remove it */
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) {
        int e = errno;
        char dir[4096];
        snprintf(dir, sizeof(dir), "%s", path);
        char *slash = strrchr(dir, '/');
        struct stat ds;
        if (slash)
            *(slash == dir ? slash + 1 : slash) = 0;
        bool dir_exists = stat(slash ? dir : ".", &ds) == 0 && S_ISDIR(ds.st_mode);
        if (e == ENOENT && !dir_exists)
            snprintf(why, cap, "cannot write %s: its directory does not exist", path);
        else if (e == ENOTDIR)
            snprintf(why, cap, "cannot write %s: a part of its directory is not a directory", path);
        else
            snprintf(why, cap, "cannot write %s: %s", path, strerror(e));
        return -1;
    }
    close(fd);
    unlink(path);
    return 0;
}

int bo_prepare_dir(const char *dir, char *why, size_t cap)
{
    struct stat st;
    if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
        snprintf(why, cap, "%s exists and is not a directory", dir);
        return -1;
    }
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(why, cap, "cannot create directory %s: %s", dir, strerror(errno));
        return -1;
    }
    char probe[4096];
    if (snprintf(probe, sizeof(probe), "%s/report.html", dir) >= (int)sizeof(probe)) {
        snprintf(why, cap, "path too long: %.200s", dir);
        return -1;
    }
    return bo_check_file(probe, why, cap);
}
