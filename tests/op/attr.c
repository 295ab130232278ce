/* SPDX-License-Identifier: Apache-2.0 */
/* The operator-attribute calls of acl/acl_op.h (docs/op.md, "Attributes"): every setter of
 * every type, the error rows (NULL set, name, values, list elements; negative counts), empty
 * strings, names and lists, replacing a name (same type and another type), a set of many names,
 * and allocation failure at each allocation of each call. The values cannot be read back through
 * the public API: what is observable is the codes and messages, and under the asan preset that
 * nothing leaks and no freed or borrowed memory is touched (the sources are changed and freed
 * after each set). */
#include "acltest.h"

#include "cpuacl/cpuacl_test.h"

/* `call` returned `want`, left it as the last error and a message naming fn. */
#define CHECK_FAIL(want, fn, call)                                                                 \
    do {                                                                                           \
        aclError got_ = (call);                                                                    \
        aclError last_ = aclrtGetLastError(ACL_RT_THREAD_LEVEL);                                   \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        CHECK(got_ == (aclError)(want));                                                           \
        CHECK(last_ == got_);                                                                      \
        CHECK(m_ &&strstr(m_, fn));                                                                \
    } while (0)

/* No error was recorded since the last check. */
#define CHECK_CLEAN() CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS)

static const int64_t ints[3] = {1, -2, 3};
static const int64_t *const rows[2] = {ints, ints + 1};
static const int counts[2] = {3, 2};

/* Every setter once under name; want: the code each returns. */
static void set_all(aclopAttr *a, const char *name, aclError want)
{
    const uint8_t bools[2] = {1, 7};
    const float floats[2] = {0.5f, -1.0f};
    const char *strs[2] = {"a", ""};
    const aclDataType dts[2] = {ACL_FLOAT16, ACL_DT_UNDEFINED};
    CHECK(aclopSetAttrBool(a, name, 2) == want);
    CHECK(aclopSetAttrInt(a, name, INT64_MIN) == want);
    CHECK(aclopSetAttrFloat(a, name, 1.5f) == want);
    CHECK(aclopSetAttrString(a, name, "value") == want);
    CHECK(aclopSetAttrDataType(a, name, ACL_INT32) == want);
    CHECK(aclopSetAttrListBool(a, name, 2, bools) == want);
    CHECK(aclopSetAttrListInt(a, name, 3, ints) == want);
    CHECK(aclopSetAttrListFloat(a, name, 2, floats) == want);
    CHECK(aclopSetAttrListString(a, name, 2, strs) == want);
    CHECK(aclopSetAttrListListInt(a, name, 2, counts, rows) == want);
    CHECK(aclopSetAttrListDataType(a, name, 2, dts) == want);
}

static void null_rows(void)
{
    const aclError bad = ACL_ERROR_INVALID_PARAM;
    /* A NULL set, then a NULL name, for every setter. */
    set_all(NULL, "x", bad);
    CHECK_FAIL(bad, "aclopSetAttrBool", aclopSetAttrBool(NULL, "x", 1));
    aclopAttr *a = aclopCreateAttr();
    CHECK(a);
    set_all(a, NULL, bad);
    CHECK_FAIL(bad, "aclopSetAttrInt", aclopSetAttrInt(a, NULL, 1));
    CHECK_FAIL(bad, "aclopSetAttrFloat", aclopSetAttrFloat(a, NULL, 1));
    CHECK_FAIL(bad, "aclopSetAttrDataType", aclopSetAttrDataType(NULL, "x", ACL_FLOAT));

    /* Values: a NULL string, NULL lists with a count, negative counts, NULL elements. */
    CHECK_FAIL(bad, "aclopSetAttrString", aclopSetAttrString(a, "s", NULL));
    CHECK_FAIL(bad, "aclopSetAttrListBool", aclopSetAttrListBool(a, "l", 1, NULL));
    CHECK_FAIL(bad, "aclopSetAttrListInt", aclopSetAttrListInt(a, "l", 2, NULL));
    CHECK_FAIL(bad, "aclopSetAttrListFloat", aclopSetAttrListFloat(a, "l", 3, NULL));
    CHECK_FAIL(bad, "aclopSetAttrListString", aclopSetAttrListString(a, "l", 1, NULL));
    CHECK_FAIL(bad, "aclopSetAttrListDataType", aclopSetAttrListDataType(a, "l", 1, NULL));
    CHECK_FAIL(bad, "aclopSetAttrListListInt", aclopSetAttrListListInt(a, "l", 1, counts, NULL));
    CHECK_FAIL(bad, "aclopSetAttrListInt", aclopSetAttrListInt(a, "l", -1, ints));
    CHECK_FAIL(bad, "aclopSetAttrListListInt", aclopSetAttrListListInt(a, "l", -1, counts, rows));
    const char *holes[2] = {"a", NULL};
    CHECK_FAIL(bad, "aclopSetAttrListString", aclopSetAttrListString(a, "l", 2, holes));
    /* aclopSetAttrListListInt: numValues is required even for no lists; no NULL row, no
     * negative count. */
    CHECK_FAIL(bad, "aclopSetAttrListListInt", aclopSetAttrListListInt(a, "l", 0, NULL, NULL));
    CHECK_FAIL(bad, "aclopSetAttrListListInt", aclopSetAttrListListInt(a, "l", 2, NULL, rows));
    const int64_t *const hole_rows[2] = {ints, NULL};
    CHECK_FAIL(bad, "aclopSetAttrListListInt",
               aclopSetAttrListListInt(a, "l", 2, counts, hole_rows));
    const int negative[2] = {1, -1};
    CHECK_FAIL(bad, "aclopSetAttrListListInt", aclopSetAttrListListInt(a, "l", 2, negative, rows));
    /* Only the elements in the count are looked at. */
    CHECK_OK(aclopSetAttrListString(a, "l", 1, holes));
    CHECK_OK(aclopSetAttrListListInt(a, "l", 1, counts, hole_rows));
    CHECK_CLEAN();
    aclopDestroyAttr(a);
    /* Destroying NULL does nothing and records nothing. */
    aclopDestroyAttr(NULL);
    CHECK_CLEAN();
}

static void values(void)
{
    aclopAttr *a = aclopCreateAttr();
    CHECK(a);
    /* Every type under its own name, then every type again under one name (each set replaces the
     * value and the type: no leak under ASan). */
    const char *names[11] = {"b", "i", "f", "s", "dt", "lb", "li", "lf", "ls", "lli", "ldt"};
    for (int i = 0; i < 11; i++)
        set_all(a, names[i], ACL_SUCCESS);
    set_all(a, "same", ACL_SUCCESS);
    set_all(a, "same", ACL_SUCCESS);
    CHECK_CLEAN();

    /* Empty lists: count 0 with NULL values (and a NULL row array for no lists). */
    const int none = 0;
    CHECK_OK(aclopSetAttrListBool(a, "e", 0, NULL));
    CHECK_OK(aclopSetAttrListInt(a, "e", 0, NULL));
    CHECK_OK(aclopSetAttrListFloat(a, "e", 0, NULL));
    CHECK_OK(aclopSetAttrListString(a, "e", 0, NULL));
    CHECK_OK(aclopSetAttrListDataType(a, "e", 0, NULL));
    CHECK_OK(aclopSetAttrListListInt(a, "e", 0, &none, NULL));
    /* A list of empty lists. */
    const int zeros[2] = {0, 0};
    CHECK_OK(aclopSetAttrListListInt(a, "e2", 2, zeros, rows));
    /* The empty name and the empty string are ordinary values. */
    CHECK_OK(aclopSetAttrString(a, "", ""));
    CHECK_OK(aclopSetAttrInt(a, "", 0));

    /* Values and names are copied: change and free the sources after the call. */
    char *name = strdup("copied"), *value = strdup("text");
    int64_t *list = malloc(3 * sizeof(*list));
    CHECK(name && value && list);
    memcpy(list, ints, 3 * sizeof(*list));
    CHECK_OK(aclopSetAttrString(a, name, value));
    name[0] = 'X';
    free(value);
    CHECK_OK(aclopSetAttrListInt(a, "list", 3, list));
    const int64_t *const own_rows[1] = {list};
    CHECK_OK(aclopSetAttrListListInt(a, name, 1, counts, own_rows));
    free(list);
    free(name);
    CHECK_OK(aclopSetAttrString(a, "copied", "again")); /* replaces the copy made above */

    /* Many names: the set grows past its first capacity, in and out of name order. */
    char buf[16];
    for (int i = 0; i < 40; i++) {
        snprintf(buf, sizeof(buf), "n%02d", (i * 17) % 40);
        CHECK_OK(aclopSetAttrInt(a, buf, i));
    }
    for (int i = 0; i < 40; i++) {
        snprintf(buf, sizeof(buf), "n%02d", i);
        CHECK_OK(aclopSetAttrFloat(a, buf, (float)i));
    }
    CHECK_CLEAN();
    aclopDestroyAttr(a);
    CHECK_CLEAN();
}

/* Fail each allocation of set(a) in turn, from the first until the call succeeds; each failure
 * is ACL_ERROR_BAD_ALLOC naming fn and leaves a usable set. Returns the number of failures. */
#define FAIL_EACH(fn, call)                                                                        \
    do {                                                                                           \
        int n_ = 0;                                                                                \
        for (;; n_++) {                                                                            \
            cpuaclTestFailAlloc(n_);                                                               \
            aclError r_ = (call);                                                                  \
            uint64_t fired_ = 0;                                                                   \
            cpuaclTestAllocCount(&fired_);                                                         \
            cpuaclTestFailAlloc(-1);                                                               \
            if (!fired_) {                                                                         \
                CHECK(r_ == ACL_SUCCESS);                                                          \
                break;                                                                             \
            }                                                                                      \
            CHECK_FAIL(ACL_ERROR_BAD_ALLOC, fn, r_);                                               \
        }                                                                                          \
        failures += n_;                                                                            \
    } while (0)

static void alloc_failures(void)
{
    cpuaclTestFailAlloc(0);
    CHECK(aclopCreateAttr() == NULL);
    {
        aclError last = aclrtGetLastError(ACL_RT_THREAD_LEVEL);
        const char *m = aclGetRecentErrMsg();
        CHECK(last == ACL_ERROR_BAD_ALLOC && m && strstr(m, "aclopCreateAttr"));
    }
    cpuaclTestFailAlloc(-1);

    const uint8_t bools[2] = {1, 0};
    const float floats[2] = {1, 2};
    const char *strs[3] = {"x", "yy", "zzz"};
    const aclDataType dts[1] = {ACL_BF16};
    int failures = 0;
    /* Twice each: a new name (the value, the name, the entry array) and then replacing it
     * (the value only). The first names fill the entry array, so later ones grow it. */
    for (int round = 0; round < 2; round++) {
        aclopAttr *a = aclopCreateAttr();
        CHECK(a);
        for (int again = 0; again < 2; again++) {
            FAIL_EACH("aclopSetAttrBool", aclopSetAttrBool(a, "b", 1));
            FAIL_EACH("aclopSetAttrInt", aclopSetAttrInt(a, "i", 1));
            FAIL_EACH("aclopSetAttrFloat", aclopSetAttrFloat(a, "f", 1));
            FAIL_EACH("aclopSetAttrString", aclopSetAttrString(a, "s", "v"));
            FAIL_EACH("aclopSetAttrDataType", aclopSetAttrDataType(a, "dt", ACL_INT8));
            FAIL_EACH("aclopSetAttrListBool", aclopSetAttrListBool(a, "lb", 2, bools));
            FAIL_EACH("aclopSetAttrListInt", aclopSetAttrListInt(a, "li", 3, ints));
            FAIL_EACH("aclopSetAttrListFloat", aclopSetAttrListFloat(a, "lf", 2, floats));
            FAIL_EACH("aclopSetAttrListString", aclopSetAttrListString(a, "ls", 3, strs));
            FAIL_EACH("aclopSetAttrListListInt",
                      aclopSetAttrListListInt(a, "lli", 2, counts, rows));
            FAIL_EACH("aclopSetAttrListDataType", aclopSetAttrListDataType(a, "ldt", 1, dts));
        }
        aclopDestroyAttr(a);
    }
    /* Per round, new names: one for the name, one per owned array or string of the value, one
     * when the entry array grows (at 0, 4 and 8 entries): b 2, i 1, f 1, s 2, dt 2, lb 2, li 2,
     * lf 2, ls 6, lli 4, ldt 2 = 26. Replacing: the value's only: 0 0 0 1 0 1 1 1 4 3 1 = 12. */
    CHECK(failures == 2 * (26 + 12));
    CHECK_CLEAN();
}

int main(void)
{
    /* Attribute sets need no aclInit. Allocation failures are injected before it, while no
     * runtime thread allocates. */
    null_rows();
    values();
    alloc_failures();
    TEST_OPEN();
    null_rows();
    values();
    TEST_CLOSE();
    printf("op_attr: ok\n");
    return 0;
}
