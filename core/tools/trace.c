/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Timeline tracing, written as Chrome trace JSON (chrome://tracing, Perfetto UI): a process
 * per device ("device N", pid N), a track per stream ("stream <id>", tid <id>; the default
 * and model streams say so), one complete event ("ph":"X") per task named by what it did
 * ("aclnnAdd", "aclop Add", "memcpy H2D 4 MiB", "event record", "model replay 3", "kernel
 * <function>"), the worker that ran it as an argument; flow arrows ("s" -> "f") from each
 * event record to the stream waits it released; a model replay as a slice containing its
 * nodes; captures begun and ended as instants on their stream.
 *
 * The records are the workers' (sched/worker.h: one per task, from its first run to the run
 * that finished it), with the note each kind's descriptor took from the task before it ran
 * (core/stream/task.h); stream names and capture marks are kept here, under g_lock, by the
 * host calls that make them. Tracing is on when the configuration sets trace_events or a
 * trace file (CPUACL_TRACE=path): the file is opened at aclInit, so an unwritable path fails
 * there, and written at aclFinalize; cpuaclTraceDump (core/api/tools.c) writes a snapshot at
 * any time.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr */
#endif
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/err.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/stream/task.h"
#include "core/tools/trace.h"
#include "sched/sched.h"
#include "sched/worker.h"

/* ---- what the host notes: stream names, capture marks -------------------------------- */

struct trace_stream {
    int32_t dev;
    uint32_t id;
    char role[48];
};

struct trace_mark {
    uint64_t ns;
    int32_t dev;
    uint32_t id, model;
    const char *what; /* static storage */
};

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static struct trace_stream *g_streams; /* g_lock */
static size_t g_nstreams, g_capstreams;
static struct trace_mark *g_marks; /* g_lock */
static size_t g_nmarks, g_capmarks;
static FILE *g_file; /* the trace file, open from aclInit to aclFinalize (g_rt.lock) */
static char g_path[4096];
static bool g_created; /* g_file did not exist before aclInit */

void core_trace_stream(int32_t dev, uint32_t id, const char *role)
{
    pthread_mutex_lock(&g_lock);
    size_t i = 0;
    while (i < g_nstreams && (g_streams[i].dev != dev || g_streams[i].id != id))
        i++;
    if (i == g_nstreams &&
        core_grow((void **)&g_streams, &g_capstreams, g_nstreams, sizeof(*g_streams)))
        g_nstreams++;
    if (i < g_nstreams) {
        struct trace_stream *t = &g_streams[i];
        t->dev = dev;
        t->id = id;
        snprintf(t->role, sizeof(t->role), "%s", role ? role : "");
    }
    pthread_mutex_unlock(&g_lock);
}

void core_trace_mark(int32_t dev, uint32_t id, const char *what, uint32_t model)
{
    uint64_t now = sched_now_ns();
    pthread_mutex_lock(&g_lock);
    if (core_grow((void **)&g_marks, &g_capmarks, g_nmarks, sizeof(*g_marks)))
        g_marks[g_nmarks++] = (struct trace_mark){now, dev, id, model, what};
    pthread_mutex_unlock(&g_lock);
}

/* Interned names: a list, searched under g_lock (a submitter's call while tracing). */
struct trace_name {
    struct trace_name *next;
    char s[];
};
static struct trace_name *g_names; /* g_lock; never freed: records point at them */

const char *core_trace_intern(const char *prefix, const char *s)
{
    size_t lp = strlen(prefix), ls = strlen(s);
    pthread_mutex_lock(&g_lock);
    struct trace_name *n = g_names;
    while (n && !(!strncmp(n->s, prefix, lp) && !strcmp(n->s + lp, s)))
        n = n->next;
    if (!n && (n = malloc(sizeof(*n) + lp + ls + 1))) {
        memcpy(n->s, prefix, lp);
        memcpy(n->s + lp, s, ls + 1);
        n->next = g_names;
        g_names = n;
    }
    pthread_mutex_unlock(&g_lock);
    return n ? n->s : NULL;
}

/* ---- what the workers note ---------------------------------------------------------- */

/* sched_trace_note: the kind's descriptor reads the task (core/stream/task.h). */
static void note_task(const struct sched_task *t, uint64_t note[3])
{
    const struct core_task_desc *d = core_task_desc(t->kind);
    if (d && d->note)
        d->note(t, note);
}

void core_trace_node(struct sched_worker *w, struct sched_stream *s, const struct sched_task *node,
                     uint64_t t0)
{
    struct sched_trace_rec r = {.start_ns = t0, .stream = s->trace_id, .kind = node->kind};
    note_task(node, r.note);
    r.end_ns = sched_now_ns();
    sched_trace_add(w, &r);
}

/* ---- init, finalize, dump ---------------------------------------------------------- */

aclError core_trace_init(const char *path, const char *where)
{
    sched_trace_note = note_task;
    if (!path[0])
        return ACL_SUCCESS;
    /* Opened to append, so that a failing aclInit leaves a file that was there as it was;
     * emptied when the trace is written. */
    bool existed = access(path, F_OK) == 0;
    FILE *f = fopen(path, "a");
    if (!f) {
        int e = errno;
        if (!strcmp(where, "CPUACL_TRACE"))
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "aclInit: CPUACL_TRACE='%s': cannot open the trace file for writing: "
                            "%s (errno %d)",
                            path, strerror(e), e);
        return core_err(ACL_ERROR_FILE_ATTR_INVALID,
                        "aclInit: '%s': cpuacl.trace_file = '%s': cannot open the trace file for "
                        "writing: %s (errno %d)",
                        where, path, strerror(e), e);
    }
    g_file = f;
    g_created = !existed;
    snprintf(g_path, sizeof(g_path), "%s", path);
    return ACL_SUCCESS;
}

static aclError write_trace(FILE *f, const char *path, const char *fn);

aclError core_trace_fini(void)
{
    aclError rc = ACL_SUCCESS;
    if (g_file) {
        /* A regular file loses what it held (opened to append); a pipe or device is written
         * as it is. */
        struct stat sb;
        if (fstat(fileno(g_file), &sb) == 0 && S_ISREG(sb.st_mode) &&
            ftruncate(fileno(g_file), 0)) {
            int e = errno;
            fclose(g_file);
            rc = core_err(ACL_ERROR_RT_FILE_WRITE,
                          "aclFinalize: trace: cannot empty '%s': %s (errno %d)", g_path,
                          strerror(e), e);
        } else {
            rc = write_trace(g_file, g_path, "aclFinalize");
        }
        g_file = NULL;
    }
    /* The next aclInit's trace starts empty. The workers have stopped (every device was torn
     * down), so no record is being written; relaxed: their next start publishes the stores. */
    for (uint32_t i = 0; i < SCHED_MAX_WORKERS; i++) {
        struct sched_worker *w = sched_worker_get(i);
        if (w && w->trace) {
            atomic_store_explicit(&w->ntrace, 0, memory_order_relaxed);
            atomic_store_explicit(&w->trace_lost, 0, memory_order_relaxed);
        }
    }
    pthread_mutex_lock(&g_lock);
    g_nstreams = g_nmarks = 0;
    pthread_mutex_unlock(&g_lock);
    return rc;
}

void core_trace_fini_discard(void)
{
    if (g_file) {
        fclose(g_file);
        if (g_created)
            remove(g_path); /* created empty by core_trace_init: not a trace */
        g_file = NULL;
    }
}

aclError core_trace_dump(const char *path, const char *fn)
{
    if (!sched_trace_on)
        return core_err(ACL_ERROR_FEATURE_UNSUPPORTED,
                        "%s: tracing is off (set CPUACL_TRACE or CPUACL_TRACE_EVENTS, or "
                        "cpuacl.trace_file in the aclInit config)",
                        fn);
    FILE *f = fopen(path, "w");
    if (!f)
        return core_err(ACL_ERROR_RT_FILE_OPEN, "%s: cannot open '%s' for writing: %s (errno %d)",
                        fn, path, strerror(errno), errno);
    return write_trace(f, path, fn);
}

/* ---- the writer --------------------------------------------------------------------- */

/* One record with where it was taken. */
struct rec_ref {
    const struct sched_trace_rec *r;
    uint32_t dev, worker;
};

/* A JSON string's contents (quotes not included). */
static void put_json_str(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
}

/* Microseconds with three decimals, from ns, exactly (no rounding of a double). */
static void put_us(FILE *f, uint64_t ns)
{
    fprintf(f, "%" PRIu64 ".%03u", ns / 1000, (unsigned)(ns % 1000));
}

/* "4 MiB", "1.5 KiB", "100 B". */
static void size_text(uint64_t b, char *out, size_t n)
{
    static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    unsigned u = 0;
    uint64_t scale = 1;
    while (u < 4 && b >= scale * 1024)
        scale *= 1024, u++;
    if (b % scale == 0)
        snprintf(out, n, "%" PRIu64 " %s", b / scale, unit[u]);
    else
        snprintf(out, n, "%.1f %s", (double)b / (double)scale, unit[u]);
}

/* A function's symbol, or NULL (a static function of a program linked without -rdynamic). */
static const char *symbol(uint64_t fn)
{
    Dl_info info;
    if (fn && dladdr((void *)(uintptr_t)fn, &info) && info.dli_sname &&
        info.dli_saddr == (void *)(uintptr_t)fn)
        return info.dli_sname;
    return NULL;
}

/* The event's name and category. */
static const char *task_name(const struct sched_trace_rec *r, char *buf, size_t n)
{
    static const char *const dir[] = {"H2H", "H2D", "D2H", "D2D"};
    const char *given = (const char *)(uintptr_t)r->note[0];
    char sz[32];
    const char *sym;
    switch (r->kind) {
    case CORE_T_KERNEL:
        sym = symbol(r->note[1]);
        snprintf(buf, n, sym ? "kernel %s" : "kernel", sym);
        return buf;
    case CORE_T_HOSTFUNC:
        sym = symbol(r->note[1]);
        snprintf(buf, n, sym ? "host func %s" : "host func", sym);
        return buf;
    case CORE_T_OWNED:
        return given ? given : "kernel";
    case CORE_T_MEMCPY:
    case CORE_T_MEMCPY2D:
        size_text(r->note[1], sz, sizeof(sz));
        if (r->note[2] < 4)
            snprintf(buf, n, "%s %s %s", given ? given : "memcpy", dir[r->note[2]], sz);
        else
            snprintf(buf, n, "%s %s", given ? given : "memcpy", sz);
        return buf;
    case CORE_T_MEMSET:
        size_text(r->note[1], sz, sizeof(sz));
        snprintf(buf, n, "memset %s", sz);
        return buf;
    case CORE_T_MODEL_EXEC:
        snprintf(buf, n, "model replay %" PRIu64, r->note[1]);
        return buf;
    case CORE_T_MODEL_LANE:
        snprintf(buf, n, "model replay %" PRIu64 " lane %" PRIu64, r->note[1], r->note[2]);
        return buf;
    default:
        break;
    }
    if (given)
        return given;
    /* the kind's name, words apart: "event record", "value wait" */
    snprintf(buf, n, "%s", core_task_kind_name(r->kind));
    for (char *p = buf; *p; p++)
        if (*p == '_')
            *p = ' ';
    return buf;
}

static const char *task_cat(uint8_t kind)
{
    switch (kind) {
    case CORE_T_KERNEL:
    case CORE_T_OWNED:
    case CORE_T_BLOCKS: /* an operator's or kernel's blocks on the device's workers */
        return "compute";
    case CORE_T_MEMCPY:
    case CORE_T_MEMCPY2D:
    case CORE_T_MEMCPY_FAIL:
    case CORE_T_MEMSET:
    case CORE_T_REDUCE:
        return "memory";
    case CORE_T_RECORD:
    case CORE_T_WAIT:
    case CORE_T_RESET:
    case CORE_T_XWAIT:
    case CORE_T_XRESET:
    case CORE_T_XRECORD:
    case CORE_T_NOTIFY_RECORD:
    case CORE_T_NOTIFY_WAIT:
    case CORE_T_VALUE_WRITE:
    case CORE_T_VALUE_WAIT:
        return "sync";
    case CORE_T_MODEL_EXEC:
    case CORE_T_MODEL_LANE:
        return "model";
    default:
        return "host";
    }
}

/* Records and waits are the arrows' ends: at least this long, so that the arrow's point in
 * time (the middle) falls inside the slice for any viewer rounding ts to the ns. */
#define FLOW_MIN_NS 4

static uint64_t shown_dur(const struct sched_trace_rec *r)
{
    uint64_t d = r->end_ns - r->start_ns;
    if ((r->kind == CORE_T_RECORD || r->kind == CORE_T_WAIT) && d < FLOW_MIN_NS)
        d = FLOW_MIN_NS;
    return d;
}

static int cmp_key(const void *a, const void *b)
{
    const struct sched_trace_rec *x = ((const struct rec_ref *)a)->r,
                                 *y = ((const struct rec_ref *)b)->r;
    if (x->note[1] != y->note[1])
        return x->note[1] < y->note[1] ? -1 : 1;
    if (x->note[2] != y->note[2])
        return x->note[2] < y->note[2] ? -1 : 1;
    return 0;
}

static int cmp_stream(const void *a, const void *b)
{
    const struct trace_stream *x = a, *y = b;
    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

/* One flow arrow's end ("s" or "f") in the middle of r's slice. */
static void put_flow(FILE *f, char ph, uint64_t id, const struct rec_ref *x, uint64_t t0)
{
    fprintf(f,
            ",\n{\"name\":\"event\",\"cat\":\"event\",\"ph\":\"%c\",\"bp\":\"e\",\"id\":%" PRIu64
            ",\"pid\":%u,\"tid\":%" PRIu32 ",\"ts\":",
            ph, id, x->dev, x->r->stream);
    put_us(f, x->r->start_ns - t0 + shown_dur(x->r) / 2);
    fputc('}', f);
}

/* Write the whole trace to f (closed here); ACL_ERROR_RT_FILE_WRITE with path and errno,
 * recorded under fn. */
static aclError write_trace(FILE *f, const char *path, const char *fn)
{
    /* Every record: the workers' buffers, read up to the count each published. */
    size_t n = 0, cap = 0, nsync = 0;
    struct rec_ref *all = NULL;
    uint64_t dropped = 0;
    for (uint32_t i = 0; i < SCHED_MAX_WORKERS; i++) {
        struct sched_worker *w = sched_worker_get(i);
        if (!w || !w->trace)
            continue;
        /* relaxed: a statistic (A2) */
        dropped += atomic_load_explicit(&w->trace_lost, memory_order_relaxed);
        /* acquire: pairs with the release after each record (sched_trace_add). */
        uint32_t k = atomic_load_explicit(&w->ntrace, memory_order_acquire);
        for (uint32_t j = 0; j < k; j++) {
            if (!core_grow((void **)&all, &cap, n, sizeof(*all))) {
                free(all);
                fclose(f);
                return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: trace: out of memory", fn);
            }
            all[n++] = (struct rec_ref){&w->trace[j], i / CORE_MAX_WORKERS_PER_DEVICE,
                                        i % CORE_MAX_WORKERS_PER_DEVICE};
            nsync += w->trace[j].kind == CORE_T_RECORD || w->trace[j].kind == CORE_T_WAIT;
        }
    }
    pthread_mutex_lock(&g_lock);
    uint64_t t0 = UINT64_MAX;
    for (size_t i = 0; i < n; i++)
        if (all[i].r->start_ns < t0)
            t0 = all[i].r->start_ns;
    for (size_t i = 0; i < g_nmarks; i++)
        if (g_marks[i].ns < t0)
            t0 = g_marks[i].ns;

    errno = 0; /* what a failed write leaves tells why (ferror below) */
    fprintf(f,
            "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"producer\":\"cpuacl\","
            "\"dropped_records\":%" PRIu64 "},\"traceEvents\":[\n",
            dropped);
    /* Names: a process per device that ran something, a track per stream seen. */
    bool first = true;
    uint64_t devs[CORE_MAX_DEVICES / 64 + 1] = {0};
    for (size_t i = 0; i < n; i++)
        devs[all[i].dev / 64] |= 1ull << (all[i].dev % 64);
    for (size_t i = 0; i < g_nmarks; i++)
        devs[g_marks[i].dev / 64] |= 1ull << (g_marks[i].dev % 64);
    for (uint32_t d = 0; d < CORE_MAX_DEVICES; d++)
        if (devs[d / 64] >> (d % 64) & 1) {
            fprintf(f,
                    "%s{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%u,\"args\":{\"name\":"
                    "\"device %u\"}},\n{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":%u,"
                    "\"args\":{\"sort_index\":%u}}",
                    first ? "" : ",\n", d, d, d, d);
            first = false;
        }
    /* streams: the named ones, plus every other stream a record or mark names */
    size_t nst = g_nstreams;
    struct trace_stream *st = malloc((g_nstreams + n + g_nmarks + 1) * sizeof(*st));
    if (st) {
        if (g_nstreams) /* g_streams is NULL when no stream was named */
            memcpy(st, g_streams, g_nstreams * sizeof(*st));
        for (size_t i = 0; i < n; i++) /* runs of one stream's tasks give one entry */
            if (!i || all[i].dev != all[i - 1].dev || all[i].r->stream != all[i - 1].r->stream)
                st[nst++] = (struct trace_stream){(int32_t)all[i].dev, all[i].r->stream, {0}};
        for (size_t i = 0; i < g_nmarks; i++)
            st[nst++] = (struct trace_stream){g_marks[i].dev, g_marks[i].id, {0}};
        qsort(st, nst, sizeof(*st), cmp_stream); /* stable enough: named entries win below */
        for (size_t i = 0; i < nst;) {
            size_t j = i;
            const char *role = "";
            for (; j < nst && !cmp_stream(&st[i], &st[j]); j++)
                if (st[j].role[0])
                    role = st[j].role;
            if (devs[st[i].dev / 64] >> (st[i].dev % 64) & 1) {
                fprintf(f,
                        "%s{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%" PRIu32
                        ",\"args\":{\"name\":\"stream %" PRIu32 "%s",
                        first ? "" : ",\n", st[i].dev, st[i].id, st[i].id, role[0] ? " (" : "");
                put_json_str(f, role);
                fprintf(f,
                        "%s\"}},\n{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":%d,"
                        "\"tid\":%" PRIu32 ",\"args\":{\"sort_index\":%" PRIu32 "}}",
                        role[0] ? ")" : "", st[i].dev, st[i].id, st[i].id);
                first = false;
            }
            i = j;
        }
        free(st);
    }
    /* The tasks. */
    char buf[256];
    for (size_t i = 0; i < n; i++) {
        const struct sched_trace_rec *r = all[i].r;
        fprintf(f, "%s{\"name\":\"", first ? "" : ",\n");
        first = false;
        put_json_str(f, task_name(r, buf, sizeof(buf)));
        fprintf(f, "\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":%u,\"tid\":%" PRIu32 ",\"ts\":",
                task_cat(r->kind), all[i].dev, r->stream);
        put_us(f, r->start_ns - t0);
        fputs(",\"dur\":", f);
        put_us(f, shown_dur(r));
        fprintf(f, ",\"args\":{\"worker\":%u,\"stream\":%" PRIu32, all[i].worker, r->stream);
        switch (r->kind) {
        case CORE_T_MEMCPY:
        case CORE_T_MEMCPY2D:
        case CORE_T_MEMSET:
            fprintf(f, ",\"bytes\":%" PRIu64, r->note[1]);
            break;
        case CORE_T_RECORD:
        case CORE_T_WAIT:
            fprintf(f, ",\"event\":%" PRIu64 ",\"record\":%" PRIu64, (r->note[1] & 0xFFFFFF) - 1,
                    r->note[2] >> 24);
            break;
        case CORE_T_MODEL_EXEC:
        case CORE_T_MODEL_LANE:
            fprintf(f, ",\"model\":%" PRIu64 ",\"lane\":%" PRIu64, r->note[1], r->note[2]);
            break;
        case CORE_T_KERNEL:
        case CORE_T_HOSTFUNC:
            fprintf(f, ",\"function\":\"0x%" PRIx64 "\"", r->note[1]);
            break;
        default:
            break;
        }
        fputs("}}", f);
    }
    /* Capture marks. */
    for (size_t i = 0; i < g_nmarks; i++) {
        const struct trace_mark *m = &g_marks[i];
        fprintf(f,
                "%s{\"name\":\"%s (model %" PRIu32 ")\",\"cat\":\"model\",\"ph\":\"i\","
                "\"s\":\"t\",\"pid\":%d,\"tid\":%" PRIu32 ",\"ts\":",
                first ? "" : ",\n", m->what, m->model, m->dev, m->id);
        first = false;
        put_us(f, m->ns - t0);
        fprintf(f, ",\"args\":{\"model\":%" PRIu32 "}}", m->model);
    }
    pthread_mutex_unlock(&g_lock);
    /* Arrows: each wait from the record it waited for (same event, same record). */
    struct rec_ref *recs = nsync ? malloc(nsync * sizeof(*recs)) : NULL;
    size_t nrec = 0;
    for (size_t i = 0; recs && i < n; i++)
        if (all[i].r->kind == CORE_T_RECORD)
            recs[nrec++] = all[i];
    if (recs)
        qsort(recs, nrec, sizeof(*recs), cmp_key);
    uint64_t flow = 0;
    for (size_t i = 0; recs && i < n; i++) {
        if (all[i].r->kind != CORE_T_WAIT)
            continue;
        const struct rec_ref *src = bsearch(&all[i], recs, nrec, sizeof(*recs), cmp_key);
        if (!src)
            continue; /* recorded before tracing, or the record was dropped */
        flow++;
        put_flow(f, 's', flow, src, t0);
        put_flow(f, 'f', flow, &all[i], t0);
    }
    free(recs);
    free(all);
    fputs("\n]}\n", f);
    int e = ferror(f) ? (errno ? errno : EIO) : 0;
    if (fclose(f) && !e)
        e = errno ? errno : EIO;
    if (e)
        return core_err(ACL_ERROR_RT_FILE_WRITE, "%s: trace: cannot write '%s': %s (errno %d)", fn,
                        path, strerror(e), e);
    return ACL_SUCCESS;
}
