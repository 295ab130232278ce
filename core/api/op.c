/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API surface of acl/acl_op.h (single-operator execution): today the
 * operator attributes, aclopCreateAttr, aclopDestroyAttr and the
 * aclopSetAttr* setters. Calls the op room (core/op/attr.h). Attribute sets
 * are plain objects: no aclInit needed, a NULL set or name is
 * ACL_ERROR_INVALID_PARAM, a destroyed set the caller's bug.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/op/attr.h"

aclopAttr *aclopCreateAttr(void)
{
    aclopAttr *a = core_op_attr_new();
    if (!a)
        core_err(ACL_ERROR_BAD_ALLOC, "aclopCreateAttr: out of memory");
    return a;
}

void aclopDestroyAttr(const aclopAttr *attr)
{
    if (attr) /* NULL: nothing to do, as in AscendCL */
        core_op_attr_free(attr);
}

/* The checks every setter shares: the set and the name, then n values at values (a
 * list's; scalars pass 0, NULL). */
static aclError check(const aclopAttr *attr, const char *name, int n, const void *values,
                      const char *fn)
{
    if (!attr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL attribute set", fn);
    if (!name)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL attribute name", fn);
    if (n < 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: attribute %s: negative count %d", fn, name,
                        n);
    if (n > 0 && !values)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: attribute %s: NULL values for a count of %d",
                        fn, name, n);
    return ACL_SUCCESS;
}

/* check(), then store v. */
static aclError set(aclopAttr *attr, const char *name, int n, const void *values,
                    struct core_op_attr_value v, const char *fn)
{
    aclError ret = check(attr, name, n, values, fn);
    if (ret != ACL_SUCCESS)
        return ret;
    v.n = (size_t)n;
    return core_op_attr_set(attr, name, &v, fn);
}

aclError aclopSetAttrBool(aclopAttr *attr, const char *attrName, uint8_t attrValue)
{
    struct core_op_attr_value v = {.type = CORE_OP_ATTR_BOOL, .u.b = attrValue != 0};
    return set(attr, attrName, 0, NULL, v, "aclopSetAttrBool");
}

aclError aclopSetAttrInt(aclopAttr *attr, const char *attrName, int64_t attrValue)
{
    struct core_op_attr_value v = {.type = CORE_OP_ATTR_INT, .u.i = attrValue};
    return set(attr, attrName, 0, NULL, v, "aclopSetAttrInt");
}

aclError aclopSetAttrFloat(aclopAttr *attr, const char *attrName, float attrValue)
{
    struct core_op_attr_value v = {.type = CORE_OP_ATTR_FLOAT, .u.f = attrValue};
    return set(attr, attrName, 0, NULL, v, "aclopSetAttrFloat");
}

aclError aclopSetAttrString(aclopAttr *attr, const char *attrName, const char *attrValue)
{
    aclError ret = check(attr, attrName, 0, NULL, "aclopSetAttrString");
    if (ret != ACL_SUCCESS)
        return ret;
    if (!attrValue)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclopSetAttrString: attribute %s: NULL value",
                        attrName);
    struct core_op_attr_value v = {.type = CORE_OP_ATTR_STRING, .u.s = attrValue};
    return core_op_attr_set(attr, attrName, &v, "aclopSetAttrString");
}

aclError aclopSetAttrDataType(aclopAttr *attr, const char *attrName, aclDataType attrValue)
{
    struct core_op_attr_value v = {.type = CORE_OP_ATTR_DTYPE, .u.dt = attrValue};
    return set(attr, attrName, 0, NULL, v, "aclopSetAttrDataType");
}

/* The setters of a plain list: numValues values of ctype, of kind, in member. */
#define LIST_SETTER(fn, ctype, kind, member)                                                       \
    aclError fn(aclopAttr *attr, const char *attrName, int numValues, const ctype *values)         \
    {                                                                                              \
        struct core_op_attr_value v = {.type = kind, .u.member = values};                          \
        return set(attr, attrName, numValues, values, v, #fn);                                     \
    }

LIST_SETTER(aclopSetAttrListDataType, aclDataType, CORE_OP_ATTR_LIST_DTYPE, dts)
LIST_SETTER(aclopSetAttrListBool, uint8_t, CORE_OP_ATTR_LIST_BOOL, bytes)
LIST_SETTER(aclopSetAttrListInt, int64_t, CORE_OP_ATTR_LIST_INT, ints)
LIST_SETTER(aclopSetAttrListFloat, float, CORE_OP_ATTR_LIST_FLOAT, floats)

aclError aclopSetAttrListString(aclopAttr *attr, const char *attrName, int numValues,
                                const char **values)
{
    const char *fn = "aclopSetAttrListString";
    aclError ret = check(attr, attrName, numValues, values, fn);
    if (ret != ACL_SUCCESS)
        return ret;
    for (int i = 0; i < numValues; i++)
        if (!values[i])
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: attribute %s: values[%d] is NULL", fn,
                            attrName, i);
    struct core_op_attr_value v = {
        .type = CORE_OP_ATTR_LIST_STRING, .n = (size_t)numValues, .u.strs = values};
    return core_op_attr_set(attr, attrName, &v, fn);
}

aclError aclopSetAttrListListInt(aclopAttr *attr, const char *attrName, int numLists,
                                 const int *numValues, const int64_t *const values[])
{
    const char *fn = "aclopSetAttrListListInt";
    aclError ret = check(attr, attrName, numLists, values, fn);
    if (ret != ACL_SUCCESS)
        return ret;
    if (!numValues) /* required even for no lists, as in AscendCL */
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: attribute %s: NULL numValues", fn, attrName);
    for (int i = 0; i < numLists; i++) {
        if (!values[i])
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: attribute %s: values[%d] is NULL", fn,
                            attrName, i);
        if (numValues[i] < 0)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: attribute %s: negative numValues[%d] = %d", fn, attrName, i,
                            numValues[i]);
    }
    struct core_op_attr_value v = {
        .type = CORE_OP_ATTR_LIST_LIST_INT, .n = (size_t)numLists, .u.given = {numValues, values}};
    return core_op_attr_set(attr, attrName, &v, fn);
}
