/* SPDX-License-Identifier: Apache-2.0 */
/* What configuration mistakes print (issue 32, item 8): unknown JSON keys and CPUACL_*
 * variables warned once on stderr with the nearest known name, JSON syntax errors with
 * line and column, each range error with its rule; and recorded runtime errors in CANN's
 * log format on stdout (ASCEND_SLOG_PRINT_TO_STDOUT=1) or in the plog file
 * (ASCEND_PROCESS_LOG_PATH), and nowhere at ASCEND_GLOBAL_LOG_LEVEL=4. */
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "acltest.h"

static char dir[] = "/tmp/cpuacl_config_messages_XXXXXX";

static const char *write_file(const char *name, const char *text)
{
    return write_test_file(dir, name, text);
}

/* Everything written to fd (1 or 2) while capture is on goes to a file, read back. */
static int saved_fd = -1;
static char cap_path[300];

static void capture_begin(int fd)
{
    snprintf(cap_path, sizeof cap_path, "%s/capture.txt", dir);
    fflush(fd == 1 ? stdout : stderr);
    int f = open(cap_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    CHECK(f >= 0);
    saved_fd = dup(fd);
    CHECK(saved_fd >= 0 && dup2(f, fd) == fd);
    close(f);
}

static char *capture_end(int fd)
{
    static char text[16384];
    fflush(fd == 1 ? stdout : stderr);
    CHECK(dup2(saved_fd, fd) == fd);
    close(saved_fd);
    FILE *f = fopen(cap_path, "r");
    CHECK(f != NULL);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    return text;
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* aclInit(path) fails with `want` and a message containing every one of `parts`. */
static void check_init_message(aclError want, const char *path, const char *const *parts)
{
    aclError got = aclInit(path);
    const char *m = aclGetRecentErrMsg();
    if (got != want || !m) {
        fprintf(stderr, "aclInit(%s) = %d, want %d (%s)\n", path ? path : "NULL", (int)got,
                (int)want, m ? m : "no message");
        exit(1);
    }
    for (; *parts; parts++)
        if (!strstr(m, *parts)) {
            fprintf(stderr, "aclInit(%s): message '%s' lacks '%s'\n", path ? path : "NULL", m,
                    *parts);
            exit(1);
        }
    printf("ok: %s\n", m);
}

static void env_message(const char *name, const char *value, const char *const *parts)
{
    setenv(name, value, 1);
    check_init_message(ACL_ERROR_INVALID_PARAM, NULL, parts);
    unsetenv(name);
}

int main(void)
{
    static const char *vars[] = {"CPUACL_DEVICE_COUNT",         "CPUACL_WORKERS",
                                 "CPUACL_PIN_WORKERS",          "CPUACL_SPIN_US",
                                 "CPUACL_RING_SLOTS",           "ASCEND_GLOBAL_LOG_LEVEL",
                                 "ASCEND_SLOG_PRINT_TO_STDOUT", "ASCEND_PROCESS_LOG_PATH"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        unsetenv(vars[i]);
    CHECK(mkdtemp(dir) != NULL);

    /* JSON syntax errors: line and column. A truncated file: the end of its last line. */
    check_init_message(ACL_ERROR_PARSE_FILE,
                       write_file("trunc.json", "{\n  \"cpuacl\": {\n    \"workers\": 2\n\n"),
                       (const char *const[]){"line 3, column 17", "after '    \"workers\": 2'",
                                             "end of the file", NULL});
    check_init_message(ACL_ERROR_PARSE_FILE,
                       write_file("comma.json", "{\n  \"cpuacl\": {\"workers\": 2,, }\n}\n"),
                       (const char *const[]){"line 2, column 28", "{\"workers\": 2,, '", NULL});
    check_init_message(ACL_ERROR_PARSE_FILE, write_file("array.json", "[1, 2]"),
                       (const char *const[]){"not a JSON object", NULL});

    /* Range errors state the rule. */
    check_init_message(ACL_ERROR_FILE_ATTR_INVALID,
                       write_file("neg.json", "{\"cpuacl\": {\"workers\": -1}}"),
                       (const char *const[]){"cpuacl.workers = -1", "must be >= 1", NULL});
    check_init_message(ACL_ERROR_FILE_ATTR_INVALID,
                       write_file("ring.json", "{\"cpuacl\": {\"ring_slots\": 1000}}"),
                       (const char *const[]){"must be a power of two in [64, 65536]", NULL});
    check_init_message(ACL_ERROR_FILE_ATTR_INVALID,
                       write_file("big.json", "{\"cpuacl\": {\"device_count\": 1000}}"),
                       (const char *const[]){"= 1000", "must be <= ", NULL});
    check_init_message(ACL_ERROR_FILE_ATTR_INVALID,
                       write_file("frac.json", "{\"cpuacl\": {\"spin_us\": 1.5}}"),
                       (const char *const[]){"must be an integer", NULL});
    check_init_message(ACL_ERROR_FILE_ATTR_INVALID,
                       write_file("str.json", "{\"cpuacl\": {\"workers\": \"2\"}}"),
                       (const char *const[]){"wrong type", "an integer in [1, ", NULL});
    env_message("CPUACL_RING_SLOTS", "1000",
                (const char *const[]){"CPUACL_RING_SLOTS=1000",
                                      "must be a power of two in [64, 65536]", NULL});
    env_message("CPUACL_WORKERS", "-1",
                (const char *const[]){"CPUACL_WORKERS=-1", "must be >= 1", NULL});
    env_message("CPUACL_WORKERS", "99999999999999999999999",
                (const char *const[]){"must be <= ", NULL});
    env_message("CPUACL_DEVICE_COUNT", "two",
                (const char *const[]){"'two'", "must be an integer in [1, ", NULL});
    env_message("CPUACL_PIN_WORKERS", "yes", (const char *const[]){"true or false", NULL});

    /* Unknown names: warned on stderr, once per name, with the nearest known name; the
     * configuration still loads and the known values apply. */
    const char *typo = write_file("typo.json", "{\"cpuacl\": {\"worker\": 1, \"ring_slot\": 64,"
                                               " \"zzzzzz\": 1, \"device_count\": 3}}");
    setenv("CPUACL_WORKER", "1", 1);
    setenv("CPUACL_DEVICE_COUNTS", "1", 1);
    capture_begin(2);
    CHECK(aclInit(typo) == ACL_SUCCESS);
    uint32_t n = 0;
    CHECK(aclrtGetDeviceCount(&n) == ACL_SUCCESS && n == 3);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(aclInit(typo) == ACL_SUCCESS); /* the second time: no warning again */
    CHECK(aclFinalize() == ACL_SUCCESS);
    char *err = capture_end(2);
    fputs(err, stderr);
    CHECK(count(err, "key 'cpuacl.worker' ignored (did you mean 'cpuacl.workers'?)") == 1);
    CHECK(count(err, "key 'cpuacl.ring_slot' ignored (did you mean 'cpuacl.ring_slots'?)") == 1);
    CHECK(count(err, "key 'cpuacl.zzzzzz' ignored\n") == 1); /* nothing near it */
    CHECK(count(err, "'CPUACL_WORKER' ignored (did you mean 'CPUACL_WORKERS'?)") == 1);
    CHECK(count(err, "'CPUACL_DEVICE_COUNTS' ignored (did you mean 'CPUACL_DEVICE_COUNT'?)") == 1);
    CHECK(count(err, "warning") == 5);
    unsetenv("CPUACL_WORKER");
    unsetenv("CPUACL_DEVICE_COUNTS");

    /* Recorded errors on stdout in CANN's format with ASCEND_SLOG_PRINT_TO_STDOUT=1. */
    setenv("ASCEND_SLOG_PRINT_TO_STDOUT", "1", 1);
    capture_begin(1);
    CHECK(aclInit(NULL) == ACL_SUCCESS);
    CHECK(aclrtSetDevice(77) == ACL_ERROR_RT_INVALID_DEVICEID);
    CHECK(aclFinalize() == ACL_SUCCESS);
    char *out = capture_end(1);
    fputs(out, stdout);
    char head[64];
    snprintf(head, sizeof head, "[ERROR] ASCENDCL(%d,", (int)getpid());
    const char *line = strstr(out, head);
    CHECK(line != NULL);
    const char *nl = strchr(line, '\n');
    CHECK(nl != NULL);
    /* ...:YYYY-MM-DD-hh:mm:ss.mmm.uuu [file.c:line]tid [cpuacl] error 107001: ... */
    const char *colon = strstr(line, "):");
    CHECK(colon && colon < nl && colon[6] == '-' && colon[9] == '-' && colon[12] == '-' &&
          colon[15] == ':' && colon[21] == '.' && colon[25] == '.');
    const char *src = strstr(line, " [");
    CHECK(src && src < nl && strstr(src, ".c:") && strstr(src, ".c:") < nl);
    CHECK(strstr(line, "error 107001") && strstr(line, "error 107001") < nl);
    unsetenv("ASCEND_SLOG_PRINT_TO_STDOUT");

    /* ... in the plog file with ASCEND_PROCESS_LOG_PATH, and nowhere at level 4. */
    setenv("ASCEND_PROCESS_LOG_PATH", dir, 1);
    CHECK(aclInit(NULL) == ACL_SUCCESS);
    CHECK(aclrtSetDevice(78) == ACL_ERROR_RT_INVALID_DEVICEID);
    CHECK(aclFinalize() == ACL_SUCCESS);
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 1);
    CHECK(aclInit(NULL) == ACL_SUCCESS);
    CHECK(aclrtSetDevice(79) == ACL_ERROR_RT_INVALID_DEVICEID);
    CHECK(aclFinalize() == ACL_SUCCESS);
    unsetenv("ASCEND_GLOBAL_LOG_LEVEL");
    unsetenv("ASCEND_PROCESS_LOG_PATH");
    char plog[400];
    snprintf(plog, sizeof plog, "%s/plog/plog-%d.log", dir, (int)getpid());
    FILE *f = fopen(plog, "r");
    CHECK(f != NULL);
    char text[8192];
    size_t len = fread(text, 1, sizeof text - 1, f);
    text[len] = 0;
    fclose(f);
    CHECK(strstr(text, head) && strstr(text, "device 78 does not exist"));
    CHECK(!strstr(text, "device 79"));

    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    printf("config_messages: ok\n");
    return 0;
}
