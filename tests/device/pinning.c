/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Where device workers are pinned (docs/runtime.md, pin_workers; core_device_worker_cpu):
 * inside the process's affinity mask, and interleaved between the processes of one
 * machine when the launcher names a local rank and size. Each case runs in a child
 * (fork before aclInit), which reports the core its device 0 worker 0 may run on, read
 * from /proc/self/task/<tid>/status of the thread named cpuacl-w0.
 *  1. rank 0 and rank 1 of 2 (OMPI_COMM_WORLD_LOCAL_RANK/_SIZE), one worker each: their
 *     workers are on different cores when the process has two or more;
 *  2. a process restricted to one core (sched_setaffinity before aclInit): its worker is
 *     pinned to that core (the runtime used to pin to core 1 whatever the mask);
 *  3. MPICH's names (MPI_LOCALRANKID/MPI_LOCALNRANKS) behave as Open MPI's.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <sched.h>
#include <sys/wait.h>

#include "acltest.h"

/* The single core the thread named `name` may run on, or -1 (not found, or several). */
static int thread_core(const char *name)
{
    DIR *d = opendir("/proc/self/task");
    if (!d)
        return -1;
    int core = -1;
    struct dirent *e;
    while ((e = readdir(d)) && core < 0) {
        char path[300], comm[32] = "";
        snprintf(path, sizeof(path), "/proc/self/task/%s/comm", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        if (!fgets(comm, sizeof(comm), f))
            comm[0] = 0;
        fclose(f);
        comm[strcspn(comm, "\n")] = 0;
        if (strcmp(comm, name) != 0)
            continue;
        snprintf(path, sizeof(path), "/proc/self/task/%s/status", e->d_name);
        f = fopen(path, "r");
        if (!f)
            continue;
        char line[512];
        while (fgets(line, sizeof(line), f)) {
            int a, b;
            if (strncmp(line, "Cpus_allowed_list:", 18) != 0)
                continue;
            int n = sscanf(line + 18, " %d-%d", &a, &b);
            if (n == 1 && !strchr(line + 18, ','))
                core = a;
        }
        fclose(f);
    }
    closedir(d);
    return core;
}

/* In a child: set the environment (pairs name, value; NULL ends), restrict to `only_core`
 * if >= 0, init, set device 0, report worker 0's core (or -2 on a failed call). */
static int core_in_child(int only_core, const char *const *env)
{
    int fds[2];
    CHECK(pipe(fds) == 0);
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        for (; env && env[0]; env += 2)
            setenv(env[0], env[1], 1);
        setenv("CPUACL_WORKERS", "1", 1);
        setenv("CPUACL_PIN_WORKERS", "true", 1);
        if (only_core >= 0) {
            cpu_set_t set;
            CPU_ZERO(&set);
            CPU_SET(only_core, &set);
            if (sched_setaffinity(0, sizeof(set), &set) != 0)
                _exit(3);
        }
        int core = -2;
        if (aclInit(NULL) == ACL_SUCCESS && aclrtSetDevice(0) == ACL_SUCCESS)
            core = thread_core("cpuacl-w0");
        if (write(fds[1], &core, sizeof(core)) != sizeof(core))
            _exit(4);
        aclrtResetDevice(0);
        aclFinalize();
        _exit(0);
    }
    close(fds[1]);
    int core = -3, st = 0;
    if (read(fds[0], &core, sizeof(core)) != sizeof(core))
        core = -3;
    close(fds[0]);
    CHECK(waitpid(pid, &st, 0) == pid);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    return core;
}

int main(void)
{
    cpu_set_t mine;
    CPU_ZERO(&mine);
    CHECK(sched_getaffinity(0, sizeof(mine), &mine) == 0);
    int ncores = CPU_COUNT(&mine), first = -1, last = -1;
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &mine)) {
            if (first < 0)
                first = c;
            last = c;
        }
    /* 1: two local ranks of two, Open MPI's names. */
    static const char *const r0[] = {"OMPI_COMM_WORLD_LOCAL_RANK", "0",
                                     "OMPI_COMM_WORLD_LOCAL_SIZE", "2", NULL};
    static const char *const r1[] = {"OMPI_COMM_WORLD_LOCAL_RANK", "1",
                                     "OMPI_COMM_WORLD_LOCAL_SIZE", "2", NULL};
    int c0 = core_in_child(-1, r0), c1 = core_in_child(-1, r1);
    printf("rank 0 of 2: core %d, rank 1 of 2: core %d (%d cores)\n", c0, c1, ncores);
    CHECK(c0 >= 0 && CPU_ISSET(c0, &mine));
    CHECK(c1 >= 0 && CPU_ISSET(c1, &mine));
    if (ncores >= 2)
        CHECK(c0 != c1);
    /* 3: MPICH's names give the same placement. */
    static const char *const m1[] = {"MPI_LOCALRANKID", "1", "MPI_LOCALNRANKS", "2", NULL};
    CHECK(core_in_child(-1, m1) == c1);
    /* 2: one allowed core, the last (so the old rule, core 1, would miss it on 3+ cores,
     * and on 2 cores the first is tried as well). */
    int only[2] = {last, first};
    for (int k = 0; k < (ncores >= 2 ? 2 : 1); k++) {
        int c = core_in_child(only[k], NULL);
        printf("restricted to core %d: worker on core %d\n", only[k], c);
        CHECK(c == only[k]);
    }
    printf("pinning: ok\n");
    return 0;
}
