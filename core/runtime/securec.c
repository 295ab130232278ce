/* SPDX-License-Identifier: Apache-2.0 */
/*
 * securec's bounded functions (include/securec.h; docs/runtime.md "securec"). The rules:
 * a destination size of 0 or above the maximum is ERANGE and a NULL destination EINVAL,
 * both leaving the destination alone; any other violation clears the destination (the
 * whole buffer for mem*, the first byte for str*) and returns the *_AND_RESET code.
 */
#include <stdint.h>

#include "securec.h"

static int overlaps(const void *a, size_t na, const void *b, size_t nb)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return x < y + nb && y < x + na;
}

errno_t memset_s(void *dest, size_t destMax, int c, size_t count)
{
    if (destMax == 0 || destMax > SECUREC_MEM_MAX_LEN)
        return ERANGE;
    if (!dest)
        return EINVAL;
    if (count > destMax) {
        memset(dest, c, destMax);
        return ERANGE_AND_RESET;
    }
    memset(dest, c, count);
    return EOK;
}

static errno_t mem_args(void *dest, size_t destMax, const void *src, size_t count)
{
    if (destMax == 0 || destMax > SECUREC_MEM_MAX_LEN)
        return ERANGE;
    if (!dest)
        return EINVAL;
    if (!src) {
        memset(dest, 0, destMax);
        return EINVAL_AND_RESET;
    }
    if (count > destMax) {
        memset(dest, 0, destMax);
        return ERANGE_AND_RESET;
    }
    return EOK;
}

errno_t memcpy_s(void *dest, size_t destMax, const void *src, size_t count)
{
    errno_t rc = mem_args(dest, destMax, src, count);
    if (rc)
        return rc;
    if (count && dest != src && overlaps(dest, count, src, count)) {
        memset(dest, 0, destMax);
        return EOVERLAP_AND_RESET;
    }
    if (dest != src)
        memcpy(dest, src, count);
    return EOK;
}

errno_t memmove_s(void *dest, size_t destMax, const void *src, size_t count)
{
    errno_t rc = mem_args(dest, destMax, src, count);
    if (rc)
        return rc;
    memmove(dest, src, count);
    return EOK;
}

static errno_t str_args(char *d, size_t destMax, const char *s)
{
    if (destMax == 0 || destMax > SECUREC_STRING_MAX_LEN)
        return ERANGE;
    if (!d)
        return EINVAL;
    if (!s) {
        d[0] = '\0';
        return EINVAL_AND_RESET;
    }
    return EOK;
}

/* Copy n bytes of s and a NUL to d (room checked by the caller). */
static errno_t put(char *d, size_t destMax, char *at, const char *s, size_t n)
{
    if (overlaps(at, n + 1, s, n + 1)) {
        d[0] = '\0';
        return EOVERLAP_AND_RESET;
    }
    (void)destMax;
    memcpy(at, s, n);
    at[n] = '\0';
    return EOK;
}

errno_t strcpy_s(char *strDest, size_t destMax, const char *strSrc)
{
    errno_t rc = str_args(strDest, destMax, strSrc);
    if (rc)
        return rc;
    size_t n = strnlen(strSrc, destMax);
    if (n >= destMax) {
        strDest[0] = '\0';
        return ERANGE_AND_RESET;
    }
    return strDest == strSrc ? EOK : put(strDest, destMax, strDest, strSrc, n);
}

errno_t strncpy_s(char *strDest, size_t destMax, const char *strSrc, size_t count)
{
    errno_t rc = str_args(strDest, destMax, strSrc);
    if (rc)
        return rc;
    if (count > SECUREC_STRING_MAX_LEN) {
        strDest[0] = '\0';
        return ERANGE_AND_RESET;
    }
    size_t n = strnlen(strSrc, count < destMax ? count : destMax);
    if (n >= destMax) {
        strDest[0] = '\0';
        return ERANGE_AND_RESET;
    }
    return strDest == strSrc ? EOK : put(strDest, destMax, strDest, strSrc, n);
}

static errno_t cat(char *d, size_t destMax, const char *s, size_t count)
{
    errno_t rc = str_args(d, destMax, s);
    if (rc)
        return rc;
    if (count > SECUREC_STRING_MAX_LEN) {
        d[0] = '\0';
        return ERANGE_AND_RESET;
    }
    size_t have = strnlen(d, destMax);
    if (have == destMax) { /* the destination is not a string within destMax */
        d[0] = '\0';
        return EINVAL_AND_RESET;
    }
    size_t room = destMax - have; /* bytes left including the NUL */
    size_t n = strnlen(s, count < room ? count : room);
    if (n >= room) {
        d[0] = '\0';
        return ERANGE_AND_RESET;
    }
    return put(d, destMax, d + have, s, n);
}

errno_t strcat_s(char *strDest, size_t destMax, const char *strSrc)
{
    return cat(strDest, destMax, strSrc, SECUREC_STRING_MAX_LEN);
}

errno_t strncat_s(char *strDest, size_t destMax, const char *strSrc, size_t count)
{
    return cat(strDest, destMax, strSrc, count);
}

int vsnprintf_s(char *strDest, size_t destMax, size_t count, const char *format, va_list ap)
{
    if (!strDest || !format || destMax == 0 || destMax > SECUREC_STRING_MAX_LEN) {
        if (strDest && destMax > 0 && destMax <= SECUREC_STRING_MAX_LEN)
            strDest[0] = '\0';
        return -1;
    }
    if (count > SECUREC_STRING_MAX_LEN) {
        strDest[0] = '\0';
        return -1;
    }
    /* Truncating at count (< destMax) is allowed but reported with -1; running out of
     * destMax is an error that clears the destination. */
    size_t limit = count < destMax ? count + 1 : destMax;
    int n = vsnprintf(strDest, limit, format, ap);
    if (n < 0) {
        strDest[0] = '\0';
        return -1;
    }
    if ((size_t)n < limit)
        return n;
    if (count < destMax)
        return -1; /* truncated to count characters, kept */
    strDest[0] = '\0';
    return -1;
}

int vsprintf_s(char *strDest, size_t destMax, const char *format, va_list ap)
{
    return vsnprintf_s(strDest, destMax, destMax, format, ap);
}

int sprintf_s(char *strDest, size_t destMax, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    int n = vsprintf_s(strDest, destMax, format, ap);
    va_end(ap);
    return n;
}

int snprintf_s(char *strDest, size_t destMax, size_t count, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf_s(strDest, destMax, count, format, ap);
    va_end(ap);
    return n;
}
