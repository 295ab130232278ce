/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Run each test function in its own child process (tests/model's capture
 * tests, tests/race, tests/host, tests/stream): the child calls setup(),
 * fn(), teardown() and exits with *failed; a crash or a hang (killed by
 * alarm(timeout_s)) in one test does not hide the results of the others,
 * and the parent never initialises the runtime. Prints "<name>: ok" or why
 * it failed; returns 0 or 1.
 */
#ifndef CPUACL_TESTS_ISOLATE_H
#define CPUACL_TESTS_ISOLATE_H

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

static inline int run_isolated_in(const char *name, void (*setup)(void), void (*fn)(void),
                                  void (*teardown)(void), const int *failed, unsigned timeout_s)
{
    /* CPUACL_TEST_CASE=<substring> runs only the matching cases (repeat runs) */
    const char *only = getenv("CPUACL_TEST_CASE");
    if (only && *only && !strstr(name, only))
        return 0;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
        alarm(timeout_s);
        setup();
        fn();
        teardown();
        exit(*failed ? 1 : 0);
    }
    int st = 0;
    CHECK(waitpid(pid, &st, 0) == pid);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        printf("%s: ok\n", name);
        return 0;
    }
    if (WIFSIGNALED(st))
        printf("%s: FAILED (killed by signal %d%s)\n", name, WTERMSIG(st),
               WTERMSIG(st) == SIGALRM ? ": timeout, hang" : "");
    else
        printf("%s: FAILED (exit %d)\n", name, WEXITSTATUS(st));
    return 1;
}

/* In a test file with setup(), teardown(), g_failed and `int failures`. */
#define RUN(fn, t) failures += run_isolated_in(#fn, setup, fn, teardown, &g_failed, (t))

#endif /* CPUACL_TESTS_ISOLATE_H */
