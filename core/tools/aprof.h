/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The msprof reporting interface (profiling/aprof_pub.h), object side (core/tools/aprof.c):
 * what core/api/aprof.c calls. Each returns a MsprofErrorCode and records a message under fn.
 */
#ifndef CPUACL_CORE_TOOLS_APROF_H
#define CPUACL_CORE_TOOLS_APROF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profiling/aprof_pub.h"

#define APROF_BATCH_MAX 64 /* records in one MsprofReportBatchAdditionalInfo (choice) */

int32_t core_aprof_init(uint32_t dataType, const void *data, uint32_t dataLen, const char *fn);
int32_t core_aprof_register(uint32_t moduleId, ProfCommandHandle handle, const char *fn);
/* An API report (t1 > 0: a range t0..t1) or event (t1 0) of (level, type). */
int32_t core_aprof_report(uint16_t level, uint32_t type, uint16_t magic, uint64_t t0, uint64_t t1,
                          const char *fn);
/* Compact or additional records: length bytes of records of `each` bytes (batch: several). */
int32_t core_aprof_records(const void *data, uint32_t length, size_t each, bool batch,
                           const char *fn);
int32_t core_aprof_reg_type(uint16_t level, uint32_t typeId, const char *name, const char *fn);
/* The profiling output path (NULL before aclprofInit); the buffer stays valid. */
char *core_aprof_path(void);
int32_t core_aprof_model_device(uint32_t model, uint32_t dev, bool set, const char *fn);
/* Whether model was set on some device (MsprofSetDeviceIdByGeModelIdx). */
bool core_aprof_model_known(uint32_t model);
bool core_aprof_collecting(void);
uint64_t core_aprof_counts(bool compact);
uint64_t core_aprof_now(void);

#endif
