/* SPDX-License-Identifier: Apache-2.0 */
/* securec's bounded functions as samples call them, and their error codes: sizes of 0 or
 * above the maximum (ERANGE, destination untouched), NULL destination (EINVAL), NULL source
 * (EINVAL_AND_RESET, destination cleared), too long (ERANGE_AND_RESET), overlap
 * (EOVERLAP_AND_RESET); the printf family returns -1 on error or truncation. */
#include <stdio.h>
#include <stdlib.h>

#include "securec.h"
#include "testutil.h"

int main(void)
{
    char buf[16], big[64];
    /* memset_s / memcpy_s / memmove_s */
    CHECK(memset_s(buf, sizeof(buf), 'x', sizeof(buf)) == EOK && buf[15] == 'x');
    CHECK(memset_s(buf, sizeof(buf), 0, 4) == EOK && buf[3] == 0 && buf[4] == 'x');
    CHECK(memset_s(buf, sizeof(buf), 'y', 17) == ERANGE_AND_RESET && buf[15] == 'y');
    CHECK(memset_s(buf, 0, 0, 0) == ERANGE);
    CHECK(memset_s(NULL, 4, 0, 4) == EINVAL);
    CHECK(memcpy_s(buf, sizeof(buf), "0123456789", 11) == EOK && strcmp(buf, "0123456789") == 0);
    CHECK(memcpy_s(buf, sizeof(buf), big, 17) == ERANGE_AND_RESET && buf[0] == 0 && buf[15] == 0);
    memcpy(buf, "abc", 4);
    CHECK(memcpy_s(buf, sizeof(buf), NULL, 1) == EINVAL_AND_RESET && buf[0] == 0);
    memcpy(buf, "abc", 4);
    CHECK(memcpy_s(buf, 0, "z", 1) == ERANGE && buf[0] == 'a');
    CHECK(memcpy_s(buf, (size_t)SECUREC_MEM_MAX_LEN + 1, "z", 1) == ERANGE && buf[0] == 'a');
    CHECK(memcpy_s(NULL, 4, "z", 1) == EINVAL);
    memcpy(big, "0123456789", 11);
    CHECK(memcpy_s(big + 2, 60, big, 8) == EOVERLAP_AND_RESET && big[2] == 0);
    memcpy(big, "0123456789", 11);
    CHECK(memmove_s(big + 2, 60, big, 8) == EOK && memcmp(big, "0101234567", 10) == 0);
    CHECK(memcpy_s(buf, sizeof(buf), "q", 0) == EOK);
    /* strcpy_s / strncpy_s */
    CHECK(strcpy_s(buf, sizeof(buf), "hello") == EOK && strcmp(buf, "hello") == 0);
    CHECK(strcpy_s(buf, 6, "hello") == EOK);
    CHECK(strcpy_s(buf, 5, "hello") == ERANGE_AND_RESET && buf[0] == 0);
    CHECK(strcpy_s(buf, sizeof(buf), NULL) == EINVAL_AND_RESET && buf[0] == 0);
    CHECK(strcpy_s(NULL, 4, "a") == EINVAL);
    strcpy(buf, "keep");
    CHECK(strcpy_s(buf, 0, "a") == ERANGE && strcmp(buf, "keep") == 0);
    strcpy(big, "abcdef");
    CHECK(strcpy_s(big + 1, 32, big) == EOVERLAP_AND_RESET && big[1] == 0);
    CHECK(strncpy_s(buf, sizeof(buf), "hello world", 5) == EOK && strcmp(buf, "hello") == 0);
    CHECK(strncpy_s(buf, sizeof(buf), "hi", 10) == EOK && strcmp(buf, "hi") == 0);
    CHECK(strncpy_s(buf, 4, "hello", 4) == ERANGE_AND_RESET && buf[0] == 0);
    CHECK(strncpy_s(buf, 4, "hello", 3) == EOK && strcmp(buf, "hel") == 0);
    /* strcat_s / strncat_s */
    strcpy(buf, "ab");
    CHECK(strcat_s(buf, sizeof(buf), "cd") == EOK && strcmp(buf, "abcd") == 0);
    CHECK(strcat_s(buf, 6, "efg") == ERANGE_AND_RESET && buf[0] == 0);
    strcpy(buf, "ab");
    CHECK(strncat_s(buf, sizeof(buf), "cdef", 2) == EOK && strcmp(buf, "abcd") == 0);
    memset(buf, 'x', sizeof(buf)); /* not a string within destMax */
    CHECK(strcat_s(buf, sizeof(buf), "a") == EINVAL_AND_RESET && buf[0] == 0);
    CHECK(strcat_s(buf, sizeof(buf), NULL) == EINVAL_AND_RESET);
    /* sprintf_s / snprintf_s */
    CHECK(sprintf_s(buf, sizeof(buf), "%d-%s", 42, "ok") == 5 && strcmp(buf, "42-ok") == 0);
    CHECK(sprintf_s(buf, 5, "%s", "hello") == -1 && buf[0] == 0);
    CHECK(sprintf_s(NULL, 5, "x") == -1);
    CHECK(sprintf_s(buf, sizeof(buf), NULL) == -1);
    CHECK(snprintf_s(buf, sizeof(buf), 3, "%s", "hello") == -1 && strcmp(buf, "hel") == 0);
    CHECK(snprintf_s(buf, sizeof(buf), 10, "%s", "hello") == 5 && strcmp(buf, "hello") == 0);
    CHECK(snprintf_s(buf, 4, 10, "%s", "hello") == -1 && buf[0] == 0);
    CHECK(snprintf_s(buf, sizeof(buf), sizeof(buf) - 1, "%s", "exactly15chars!") == 15);
    printf("runtime_securec: ok\n");
    return 0;
}
