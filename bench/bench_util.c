/* SPDX-License-Identifier: Apache-2.0 */
/* Helpers shared by the benchmark programs; see bench_util.h. */
#define _GNU_SOURCE
#include "bench_util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* ~1024 pause instructions is a few tens of us on current x86: long enough
 * for any cross-core hand-off, short enough not to starve a partner that
 * shares our core. */
enum { BU_SPIN_ROUNDS = 1024 };

void bu_backoff(unsigned *n)
{
    if (*n < BU_SPIN_ROUNDS) {
        ++*n;
        bu_cpu_relax();
    } else {
        sched_yield();
    }
}

static cpu_set_t g_saved;
static bool g_saved_ok;

void bu_affinity_save(void)
{
    CPU_ZERO(&g_saved);
    g_saved_ok = sched_getaffinity(0, sizeof(g_saved), &g_saved) == 0;
}

int bu_allowed_cpus(int *cpus, int max)
{
    cpu_set_t set;
    if (g_saved_ok)
        set = g_saved;
    else if (sched_getaffinity(0, sizeof(set), &set) != 0)
        return 0;
    int k = 0;
    for (int c = 0; c < CPU_SETSIZE && k < max; c++)
        if (CPU_ISSET(c, &set))
            cpus[k++] = c;
    return k;
}

/* The calling thread's mask before its last bu_pin_self (one level). */
static __thread cpu_set_t tl_prev;
static __thread bool tl_has_prev;

int bu_pin_self(int cpu)
{
    if (cpu < 0)
        return 0;
    if (!g_saved_ok)
        bu_affinity_save();
    tl_has_prev = pthread_getaffinity_np(pthread_self(), sizeof(tl_prev), &tl_prev) == 0;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return -pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

void bu_unpin_self(void)
{
    if (tl_has_prev)
        pthread_setaffinity_np(pthread_self(), sizeof(tl_prev), &tl_prev);
    tl_has_prev = false;
}

void bu_pick_pair(int prefer_consumer, int *consumer, int *producer)
{
    int cpus[CPU_SETSIZE];
    int n = bu_allowed_cpus(cpus, CPU_SETSIZE);
    *consumer = *producer = -1;
    if (n < 2)
        return;
    int c = cpus[0];
    for (int i = 0; i < n; i++)
        if (cpus[i] == prefer_consumer)
            c = prefer_consumer;
    *consumer = c;
    for (int i = 0; i < n; i++)
        if (cpus[i] != c) {
            *producer = cpus[i];
            break;
        }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void bu_sort(double *v, size_t n)
{
    qsort(v, n, sizeof(*v), cmp_double);
}

double bu_quantile_sorted(const double *v, size_t n, double q)
{
    if (n == 0)
        return 0.0;
    if (q <= 0.0)
        return v[0];
    if (q >= 1.0)
        return v[n - 1];
    /* nearest rank: the smallest value with at least q*n values <= it */
    size_t r = (size_t)(q * (double)n + 0.999999999);
    if (r < 1)
        r = 1;
    if (r > n)
        r = n;
    return v[r - 1];
}

double bu_median(double *v, size_t n)
{
    if (n == 0)
        return 0.0;
    bu_sort(v, n);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double bu_min(const double *v, size_t n)
{
    double m = n ? v[0] : 0.0;
    for (size_t i = 1; i < n; i++)
        if (v[i] < m)
            m = v[i];
    return m;
}

double bu_max(const double *v, size_t n)
{
    double m = n ? v[0] : 0.0;
    for (size_t i = 1; i < n; i++)
        if (v[i] > m)
            m = v[i];
    return m;
}

/* environ without the names in env, plus env's "NAME=value" entries. */
static char **child_environ(const char *const *env)
{
    size_t n = 0, k = 0, m = 0;
    while (environ && environ[n])
        n++;
    while (env && env[m])
        m++;
    char **v = calloc(n + m + 1, sizeof(*v));
    if (!v)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        bool drop = false;
        for (size_t j = 0; j < m && !drop; j++) {
            size_t len = strcspn(env[j], "=");
            drop = strncmp(environ[i], env[j], len) == 0 && environ[i][len] == '=';
        }
        if (!drop)
            v[k++] = environ[i];
    }
    for (size_t j = 0; j < m; j++)
        if (strchr(env[j], '='))
            v[k++] = (char *)env[j];
    v[k] = NULL;
    return v;
}

int bu_run_self(const char *const *args, const char *const *env, unsigned timeout_s, char *out,
                size_t cap, char *why, size_t whycap)
{
    char self[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (len <= 0) {
        snprintf(why, whycap, "cannot find this executable: %s", strerror(errno));
        return -1;
    }
    self[len] = 0;
    return bu_run_exe(self, args, env, timeout_s, out, cap, why, whycap);
}

int bu_run_exe(const char *self, const char *const *args, const char *const *env,
               unsigned timeout_s, char *out, size_t cap, char *why, size_t whycap)
{
    size_t na = 0;
    while (args[na])
        na++;
    char **argv = calloc(na + 2, sizeof(*argv));
    char **envp = child_environ(env);
    int fd[2] = {-1, -1};
    if (!argv || !envp || pipe2(fd, O_CLOEXEC) != 0) {
        snprintf(why, whycap, "cannot start a child: %s", strerror(errno ? errno : ENOMEM));
        free(argv);
        free(envp);
        return -1;
    }
    argv[0] = (char *)self;
    for (size_t i = 0; i < na; i++)
        argv[i + 1] = (char *)args[i];
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        /* only async-signal-safe calls from here to exec; a child whose
         * parent dies (killed mid-run) dies too instead of lingering */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (g_saved_ok)
            sched_setaffinity(0, sizeof(g_saved), &g_saved);
        if (dup2(fd[1], STDOUT_FILENO) < 0)
            _exit(126);
        execve(self, argv, envp);
        _exit(127);
    }
    int err = errno;
    close(fd[1]);
    free(argv);
    free(envp);
    if (pid < 0) {
        close(fd[0]);
        snprintf(why, whycap, "fork: %s", strerror(err));
        return -1;
    }
    size_t got = 0;
    bool timed_out = false;
    uint64_t deadline = bu_now_ns() + (uint64_t)timeout_s * 1000000000u;
    for (;;) {
        uint64_t now = bu_now_ns();
        if (now >= deadline) {
            timed_out = true;
            break;
        }
        struct pollfd p = {fd[0], POLLIN, 0};
        uint64_t left_ms = (deadline - now) / 1000000u + 1;
        int r = poll(&p, 1, left_ms > 1000 ? 1000 : (int)left_ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            break;
        if (r == 0)
            continue;
        char sink[4096];
        char *dst = got + 1 < cap ? out + got : sink;
        size_t room = got + 1 < cap ? cap - 1 - got : sizeof(sink);
        ssize_t k = read(fd[0], dst, room);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break; /* EOF: the child closed its output (exited) */
        if (dst != sink)
            got += (size_t)k;
    }
    close(fd[0]);
    if (cap)
        out[got < cap ? got : cap - 1] = 0;
    int st = 0;
    while (!timed_out) { /* output closed: the exit follows, within the deadline */
        pid_t w = waitpid(pid, &st, WNOHANG);
        if (w == pid)
            break;
        if (w < 0 && errno != EINTR) {
            snprintf(why, whycap, "waitpid: %s", strerror(errno));
            return -1;
        }
        timed_out = bu_now_ns() >= deadline;
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    if (timed_out) {
        kill(pid, SIGKILL);
        waitpid(pid, &st, 0);
        snprintf(why, whycap, "the child hung (killed after %u s)", timeout_s);
        return -1;
    }
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return 0;
    if (WIFEXITED(st))
        snprintf(why, whycap, "the child exited with %d", WEXITSTATUS(st));
    else
        snprintf(why, whycap, "the child died (signal %d)", WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    return -1;
}

int bu_exe_dir(char *dir, size_t cap)
{
    ssize_t len = cap > 1 ? readlink("/proc/self/exe", dir, cap - 1) : -1;
    if (len <= 0 || (size_t)len >= cap - 1)
        return -1;
    dir[len] = 0;
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    return 0;
}

int bu_find_python(char *path, size_t cap)
{
    if (access("/usr/bin/python3", X_OK) == 0) {
        snprintf(path, cap, "/usr/bin/python3");
        return 0;
    }
    const char *env = getenv("PATH");
    char *dirs = strdup(env ? env : "");
    int rc = -1;
    for (char *save = NULL, *d = dirs ? strtok_r(dirs, ":", &save) : NULL; d && rc;
         d = strtok_r(NULL, ":", &save)) {
        snprintf(path, cap, "%s/python3", *d ? d : ".");
        if (access(path, X_OK) == 0)
            rc = 0;
    }
    free(dirs);
    return rc;
}
