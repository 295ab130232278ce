/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The bounded ("_s") string and memory functions of Huawei's securec library that
 * AscendCL samples use, with its error codes (docs/runtime.md). Link with -lc_sec (a
 * link name of libcpuacl) or -lcpuacl.
 */
#ifndef CPUACL_SECUREC_H
#define CPUACL_SECUREC_H

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#ifndef SECUREC_DEFINED_ERRNO_TYPE
#define SECUREC_DEFINED_ERRNO_TYPE
#ifndef errno_t
typedef int errno_t;
#endif
#endif

#ifndef EOK
#define EOK 0
#endif
#ifndef EINVAL
#define EINVAL 22
#endif
#ifndef ERANGE
#define ERANGE 34
#endif
/* The error was found and the destination was cleared (code | 128). */
#ifndef EINVAL_AND_RESET
#define EINVAL_AND_RESET 150
#endif
#ifndef ERANGE_AND_RESET
#define ERANGE_AND_RESET 162
#endif
#ifndef EOVERLAP_AND_RESET
#define EOVERLAP_AND_RESET 182
#endif

/* Largest destination size accepted (larger: ERANGE, as an uninitialised size). */
#ifndef SECUREC_MEM_MAX_LEN
#define SECUREC_MEM_MAX_LEN 0x7fffffffUL
#endif
#ifndef SECUREC_STRING_MAX_LEN
#define SECUREC_STRING_MAX_LEN 0x7fffffffUL
#endif

#ifndef SECUREC_API
#define SECUREC_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

SECUREC_API errno_t memset_s(void *dest, size_t destMax, int c, size_t count);
SECUREC_API errno_t memcpy_s(void *dest, size_t destMax, const void *src, size_t count);
SECUREC_API errno_t memmove_s(void *dest, size_t destMax, const void *src, size_t count);
SECUREC_API errno_t strcpy_s(char *strDest, size_t destMax, const char *strSrc);
SECUREC_API errno_t strncpy_s(char *strDest, size_t destMax, const char *strSrc, size_t count);
SECUREC_API errno_t strcat_s(char *strDest, size_t destMax, const char *strSrc);
SECUREC_API errno_t strncat_s(char *strDest, size_t destMax, const char *strSrc, size_t count);
/* The printf family returns the characters written (without the terminating NUL) or -1. */
SECUREC_API int vsprintf_s(char *strDest, size_t destMax, const char *format, va_list argList)
    __attribute__((format(printf, 3, 0)));
SECUREC_API int sprintf_s(char *strDest, size_t destMax, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
SECUREC_API int vsnprintf_s(char *strDest, size_t destMax, size_t count, const char *format,
                            va_list argList) __attribute__((format(printf, 4, 0)));
SECUREC_API int snprintf_s(char *strDest, size_t destMax, size_t count, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

#ifdef __cplusplus
}
#endif

#endif
