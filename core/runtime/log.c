/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The application log (aclAppLog, whose entry point is core/api/base.c): messages
 * at or above the level set by ASCEND_GLOBAL_LOG_LEVEL, to stderr or the
 * ASCEND_PROCESS_LOG_PATH directory. Behaviour: docs/runtime.md.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
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

void core_app_log(aclLogLevel logLevel, const char *func, const char *file, uint32_t line,
                  const char *fmt, va_list ap)
{
    static const char *const names[] = {"DEBUG", "INFO", "WARNING", "ERROR"};
    if ((int)logLevel < log_threshold())
        return;
    char msg[LOG_LINE_MAX];
    int n = vsnprintf(msg, sizeof(msg), fmt, ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof(msg)) /* cut, and say so, within the 1024 bytes */
        memcpy(msg + sizeof(msg) - sizeof(log_trunc_mark), log_trunc_mark, sizeof(log_trunc_mark));
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    localtime_r(&ts.tv_sec, &tm);
    const char *base = file ? strrchr(file, '/') : NULL;
    base = base ? base + 1 : file ? file : "";
    char out[LOG_LINE_MAX + 512];
    int len = snprintf(
        out, sizeof(out),
        "[%s] APP(%d,%s):%04d-%02d-%02d-%02d:%02d:%02d.%03ld.%03ld [%s:%u]%ld %s: %s\n",
        names[logLevel], (int)getpid(), program_invocation_short_name, tm.tm_year + 1900,
        tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000,
        ts.tv_nsec / 1000 % 1000, base, line, (long)syscall(SYS_gettid), func ? func : "", msg);
    if (len < 0)
        return;
    if ((size_t)len >= sizeof(out))
        len = (int)sizeof(out) - 1;
    const char *so = getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    if (so && so[0] == '1') {
        fwrite(out, 1, (size_t)len, stdout);
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
    ssize_t w = write(fd, out, (size_t)len);
    (void)w;
    close(fd);
}

