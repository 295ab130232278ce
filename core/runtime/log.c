/* SPDX-License-Identifier: Apache-2.0 */
/*
 * CANN's log: the application log (aclAppLog, whose entry point is core/api/base.c)
 * and the runtime's recorded errors (core_err, module ASCENDCL): lines at or above
 * the level set by ASCEND_GLOBAL_LOG_LEVEL, to stdout (ASCEND_SLOG_PRINT_TO_STDOUT=1)
 * or the plog file of the ASCEND_PROCESS_LOG_PATH directory. Behaviour: docs/runtime.md.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl_platform.h"
#include "core/runtime/base.h"
#include "core/runtime/runtime.h"

#define LOG_LINE_MAX 1024
static const char log_trunc_mark[] = "...[truncated]";

static int log_threshold(void)
{
    const char *s = getenv("ASCEND_GLOBAL_LOG_LEVEL");
    if (s && s[0] >= '0' && s[0] <= '4' && !s[1])
        return s[0] - '0'; /* 4: nothing is logged */
    return ACL_ERROR;
}

static void mkdir_p(char *path)
{
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            (void)mkdir(path, 0750);
            *p = '/';
        }
    (void)mkdir(path, 0750);
}

/* Write one formatted line (len bytes) to stdout or the process's plog file. */
static void log_write(const char *out, size_t len, bool to_stdout)
{
    if (to_stdout) {
        fwrite(out, 1, len, stdout);
        fflush(stdout);
        return;
    }
    char path[4096];
    const char *dir = getenv("ASCEND_PROCESS_LOG_PATH");
    const char *home = getenv("HOME");
    if (dir && *dir)
        snprintf(path, sizeof(path), "%s/plog", dir);
    else
        snprintf(path, sizeof(path), "%s/ascend/log/plog", home && *home ? home : "/tmp");
    mkdir_p(path);
    size_t pl = strlen(path);
    snprintf(path + pl, sizeof(path) - pl, "/plog-%d.log", (int)getpid());
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
    if (fd < 0)
        return;
    /* One write per line with O_APPEND: concurrent lines do not interleave. */
    ssize_t w = write(fd, out, len);
    (void)w;
    close(fd);
}

/* Format one line as CANN does:
 *   [LEVEL] MODULE(pid,program):YYYY-MM-DD-hh:mm:ss.mmm.uuu [file:line]tid func: msg
 * func may be NULL (then "msg" alone follows the tid). Returns its length, or -1. */
static int log_format(char *out, size_t size, int level, const char *module, const char *file,
                      unsigned line, const char *func, const char *msg)
{
    static const char *const names[] = {"DEBUG", "INFO", "WARNING", "ERROR"};
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    localtime_r(&ts.tv_sec, &tm);
    const char *base = file ? strrchr(file, '/') : NULL;
    base = base ? base + 1 : file ? file : "";
    int len = snprintf(
        out, size, "[%s] %s(%d,%s):%04d-%02d-%02d-%02d:%02d:%02d.%03ld.%03ld [%s:%u]%ld %s%s%s\n",
        names[level], module, (int)getpid(), program_invocation_short_name, tm.tm_year + 1900,
        tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000,
        ts.tv_nsec / 1000 % 1000, base, line, (long)syscall(SYS_gettid), func ? func : "",
        func ? ": " : "", msg);
    if (len < 0)
        return -1;
    if ((size_t)len >= size)
        len = (int)size - 1;
    return len;
}

/* Where recorded errors go: LOG_UNREAD until the variables are read, then LOG_OFF, LOG_STDOUT
 * or LOG_PLOG. A plain flag read on every core_err and written by core_log_configure; relaxed
 * order suffices: it publishes no other data, and a racing reader at worst uses the old mode. */
enum { LOG_UNREAD = 0, LOG_OFF, LOG_STDOUT, LOG_PLOG };
static _Atomic int g_err_log = LOG_UNREAD;

void core_log_configure(void)
{
    const char *so = getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    int mode = LOG_OFF;
    if (log_threshold() > ACL_ERROR)
        mode = LOG_OFF; /* ASCEND_GLOBAL_LOG_LEVEL=4: nothing */
    else if (so && so[0] == '1' && !so[1])
        mode = LOG_STDOUT;
    else if (getenv("ASCEND_GLOBAL_LOG_LEVEL") || getenv("ASCEND_PROCESS_LOG_PATH"))
        mode = LOG_PLOG; /* a CANN log variable set: the plog file, as CANN writes it */
    atomic_store_explicit(&g_err_log, mode, memory_order_relaxed);
}

void core_log_error(const char *file, int line, const char *msg)
{
    int mode = atomic_load_explicit(&g_err_log, memory_order_relaxed);
    if (mode == LOG_UNREAD) {
        core_log_configure();
        mode = atomic_load_explicit(&g_err_log, memory_order_relaxed);
    }
    if (mode == LOG_OFF)
        return;
    char out[LOG_LINE_MAX + 512];
    int len = log_format(out, sizeof(out), ACL_ERROR, "ASCENDCL", file, (unsigned)line, NULL, msg);
    if (len > 0)
        log_write(out, (size_t)len, mode == LOG_STDOUT);
}

void core_app_log(aclLogLevel logLevel, const char *func, const char *file, uint32_t line,
                  const char *fmt, va_list ap)
{
    if ((int)logLevel < log_threshold())
        return;
    char msg[LOG_LINE_MAX];
    int n = vsnprintf(msg, sizeof(msg), fmt, ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof(msg)) /* cut, and say so, within the 1024 bytes */
        memcpy(msg + sizeof(msg) - sizeof(log_trunc_mark), log_trunc_mark, sizeof(log_trunc_mark));
    char out[LOG_LINE_MAX + 512];
    int len = log_format(out, sizeof(out), logLevel, "APP", file, line, func ? func : "", msg);
    if (len < 0)
        return;
    const char *so = getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    log_write(out, (size_t)len, so && so[0] == '1');
}
