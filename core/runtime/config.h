/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The runtime's configuration (core/runtime/config.c): defaults, then a JSON file,
 * then CPUACL_* environment variables.
 */
#ifndef CPUACL_CORE_CONFIG_H
#define CPUACL_CORE_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

#include "acl/acl_base.h"

struct core_config {
    uint32_t device_count;
    uint32_t workers;
    bool pin_workers;
    uint64_t spin_ns;
    uint32_t ring_slots;
    uint64_t device_memory; /* bytes of memory per device */
    bool async_h2h_reject;  /* async host-to-host copies: refuse at submit (newer CANN) */
    uint32_t trace_events;  /* per-worker trace records; 0 = tracing off */
    char trace_file[4096];  /* written at aclFinalize when tracing is on ("" = none) */
    bool trace_file_env;    /* trace_file came from CPUACL_TRACE (not the file's trace_file) */
};

/* This process's rank among the processes a launcher started on this machine
 * and their number (OMPI_COMM_WORLD_LOCAL_RANK/_SIZE, MPI_LOCALRANKID/
 * MPI_LOCALNRANKS, SLURM_LOCALID/SLURM_NTASKS_PER_NODE); 0 of 1 without one. */
void core_config_launcher(uint32_t *rank, uint32_t *size);

/* Defaults, then JSON (path may be NULL), then environment. 0 or an aclError. */
aclError core_config_load(struct core_config *cfg, const char *path);

#endif
