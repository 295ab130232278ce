/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The acl_base utilities' object side, what core/api/base.c calls: data buffers
 * and float16 conversions (core/runtime/base.c), the thread's recent error
 * (core/runtime/err.c) and the application log (core/runtime/log.c).
 */
#ifndef CPUACL_CORE_RUNTIME_BASE_H
#define CPUACL_CORE_RUNTIME_BASE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

struct aclDataBuffer {
    void *data;
    size_t size;
};

/* A data buffer describing [data, data + size); NULL when out of memory. */
aclDataBuffer *core_databuf_new(void *data, size_t size);
void core_databuf_free(const aclDataBuffer *b);
static inline void core_databuf_set(aclDataBuffer *b, void *data, size_t size)
{
    b->data = data;
    b->size = size;
}
static inline void *core_databuf_addr(const aclDataBuffer *b)
{
    return b->data;
}
static inline size_t core_databuf_size(const aclDataBuffer *b)
{
    return b->size;
}

/* float16 <-> float32, rounding to nearest even; a NaN keeps its payload's top bits. */
float core_f16_to_float(aclFloat16 value);
aclFloat16 core_float_to_f16(float value);

/* The thread's latest error message, taken (the next call returns NULL until
 * another error), or NULL when there is none. */
const char *core_err_recent(void);
/* The thread's last error code; clear: reset it to ACL_SUCCESS. */
aclError core_err_last(bool clear);

/* One line of the application log when logLevel (a valid level) reaches
 * ASCEND_GLOBAL_LOG_LEVEL's threshold; fmt is not NULL. */
void core_app_log(aclLogLevel logLevel, const char *func, const char *file, uint32_t line,
                  const char *fmt, va_list ap);
/* A recorded error (core_err) as CANN's log line of module ASCENDCL at ERROR level,
 * to stdout with ASCEND_SLOG_PRINT_TO_STDOUT=1, else to the plog file when
 * ASCEND_GLOBAL_LOG_LEVEL or ASCEND_PROCESS_LOG_PATH is set; nowhere otherwise or at
 * level 4. The variables are read at the first error and again at aclInit
 * (core_log_configure). */
void core_log_error(const char *file, int line, const char *msg);
void core_log_configure(void);

#endif
