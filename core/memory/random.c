/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Random-number tasks (aclrtRandomNumAsync): Philox4x32-10, the generator
 * the Ascend built-in task uses, with a 64-bit key (the seed) and the 128-bit
 * counter the caller keeps in 16 bytes of memory. The task reads the counter
 * when it runs, draws from counter, counter + 1, ... (four 32-bit words per
 * step) and writes the advanced counter back, so equal seed and counter give
 * equal numbers and consecutive tasks continue the sequence. Parameters given
 * by address (isAddr = 1) are read when the task runs. The entry point is in
 * core/api/memory.c; the generator is core/philox.h's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/half.h"
#include "core/launch.h"
#include "core/memory/memory.h"
#include "core/philox.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"

/* ---- parameters --------------------------------------------------------- */

static const void *param_ptr(const aclrtRandomParaInfo *p)
{
    if (p->isAddr) {
        void *a;
        memcpy(&a, p->valueOrAddr, sizeof(a));
        return a;
    }
    return p->valueOrAddr;
}

/* A value of the task's data type as a double. */
static double param_real(const aclrtRandomParaInfo *p, aclDataType dt)
{
    const void *v = param_ptr(p);
    switch ((int)dt) {
    case ACL_FLOAT: { float f; memcpy(&f, v, 4); return f; }
    case ACL_FLOAT16: { uint16_t h; memcpy(&h, v, 2); return half_f16_to_f32(h); }
    case ACL_BF16: { uint16_t h; memcpy(&h, v, 2); return half_bf16_to_f32(h); }
    case ACL_INT32: { int32_t i; memcpy(&i, v, 4); return i; }
    case ACL_UINT32: { uint32_t i; memcpy(&i, v, 4); return i; }
    case ACL_INT64: { int64_t i; memcpy(&i, v, 8); return (double)i; }
    default: { uint64_t i; memcpy(&i, v, 8); return (double)i; }
    }
}

/* An integer parameter (seed, count): 4 bytes if size says so, else 8. */
static uint64_t param_u64(const aclrtRandomParaInfo *p)
{
    const void *v = param_ptr(p);
    if (p->size == 4) {
        uint32_t u;
        memcpy(&u, v, 4);
        return u;
    }
    uint64_t u;
    memcpy(&u, v, 8);
    return u;
}

/* Integer bounds as 64-bit two's complement, ordered by the type's sign. */
static void param_int(const aclrtRandomParaInfo *p, aclDataType dt, int64_t *s, uint64_t *u)
{
    const void *v = param_ptr(p);
    switch ((int)dt) {
    case ACL_INT32: { int32_t i; memcpy(&i, v, 4); *s = i; *u = (uint64_t)(int64_t)i; break; }
    case ACL_UINT32: { uint32_t i; memcpy(&i, v, 4); *s = i; *u = i; break; }
    case ACL_INT64: { int64_t i; memcpy(&i, v, 8); *s = i; *u = (uint64_t)i; break; }
    default: { uint64_t i; memcpy(&i, v, 8); *s = (int64_t)i; *u = i; break; }
    }
}

static size_t dt_size(aclDataType dt)
{
    switch ((int)dt) {
    case ACL_FLOAT16: case ACL_BF16: return 2;
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 4;
    case ACL_INT64: case ACL_UINT64: return 8;
    default: return 0;
    }
}

static bool is_float(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
}

static void store_real(void *out, size_t i, aclDataType dt, double v)
{
    if (dt == ACL_FLOAT) {
        ((float *)out)[i] = (float)v;
    } else {
        uint16_t h = dt == ACL_FLOAT16 ? half_f32_to_f16((float)v) : half_f32_to_bf16((float)v);
        memcpy((char *)out + 2 * i, &h, 2);
    }
}

/* ---- the task ----------------------------------------------------------- */

static int32_t run_random(void *arg)
{
    const aclrtRandomNumTaskInfo *ti = arg;
    aclDataType dt = ti->dataType;
    const aclrtRandomNumFuncParaInfo *f = &ti->randomNumFuncParaInfo;
    uint64_t seed = param_u64(&ti->randomSeed), num = param_u64(&ti->randomNum);
    struct philox g = {.key = {(uint32_t)seed, (uint32_t)(seed >> 32)}, .used = 4};
    memcpy(g.ctr, ti->randomCounterAddr, 16);
    void *out = ti->randomResultAddr;

    switch ((int)f->funcType) {
    case ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK: {
        double ratio = param_real(&f->paramInfo.dropoutBitmaskInfo.dropoutRation, dt);
        if (!(ratio >= 0.0 && ratio <= 1.0))
            return ACL_ERROR_INVALID_PARAM;
        uint8_t *m = out;
        memset(m, 0, (num + 7) / 8);
        for (uint64_t i = 0; i < num; i++) /* bit i (LSB first): 1 = keep */
            if (philox_uniform01(&g) >= ratio)
                m[i / 8] |= (uint8_t)(1u << (i % 8));
        break;
    }
    case ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS:
        if (is_float(dt)) {
            double lo = param_real(&f->paramInfo.uniformDisInfo.min, dt);
            double hi = param_real(&f->paramInfo.uniformDisInfo.max, dt);
            if (!(lo < hi))
                return ACL_ERROR_INVALID_PARAM;
            for (uint64_t i = 0; i < num; i++)
                store_real(out, i, dt, lo + (hi - lo) * philox_uniform01(&g));
        } else {
            int64_t slo, shi;
            uint64_t ulo, uhi;
            param_int(&f->paramInfo.uniformDisInfo.min, dt, &slo, &ulo);
            param_int(&f->paramInfo.uniformDisInfo.max, dt, &shi, &uhi);
            bool sgn = dt == ACL_INT32 || dt == ACL_INT64;
            if (sgn ? !(slo < shi) : !(ulo < uhi))
                return ACL_ERROR_INVALID_PARAM;
            uint64_t range = uhi - ulo; /* modular: right for both signs */
            size_t w = dt_size(dt);
            for (uint64_t i = 0; i < num; i++) {
                uint64_t r = ((uint64_t)philox_next(&g) << 32) | philox_next(&g);
                uint64_t v = ulo + r % range; /* bias < range / 2^64 */
                memcpy((char *)out + w * i, &v, w); /* little-endian low bytes */
            }
        }
        break;
    case ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS:
    case ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS: {
        bool trunc = f->funcType == ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS;
        double mean = param_real(&f->paramInfo.normalDisInfo.mean, dt);
        double sd = param_real(&f->paramInfo.normalDisInfo.stddev, dt);
        if (!(sd >= 0.0))
            return ACL_ERROR_INVALID_PARAM;
        for (uint64_t i = 0; i < num;) { /* Box-Muller: two normals per pair */
            double u1 = 1.0 - philox_uniform01(&g), u2 = philox_uniform01(&g);
            double rad = sqrt(-2.0 * log(u1)), z[2] = {rad * cos(2 * M_PI * u2),
                                                        rad * sin(2 * M_PI * u2)};
            for (int k = 0; k < 2 && i < num; k++) {
                if (trunc && fabs(z[k]) > 2.0)
                    continue; /* truncated at two standard deviations: redraw */
                store_real(out, i++, dt, mean + sd * z[k]);
            }
        }
        break;
    }
    }
    memcpy(ti->randomCounterAddr, g.ctr, 16);
    return 0;
}

aclError core_mem_random_async(const aclrtRandomNumTaskInfo *taskInfo, const aclrtStream stream,
                               const char *fn)
{
    if (!taskInfo->randomResultAddr || !taskInfo->randomCounterAddr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: result or counter address is NULL", fn);
    aclDataType dt = taskInfo->dataType;
    int ft = (int)taskInfo->randomNumFuncParaInfo.funcType;
    if (!dt_size(dt))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: data type %d (INT32, INT64, UINT32, UINT64, BF16, FLOAT16, FLOAT)",
                        fn, (int)dt);
    if (ft < ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK ||
        ft > ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown function type %d", fn, ft);
    if (ft != ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS && !is_float(dt))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: normal distributions and dropout ratios take FLOAT, FLOAT16 or BF16",
                        fn);
    const aclrtRandomParaInfo *pn = &taskInfo->randomNum, *ps = &taskInfo->randomSeed;
    if ((pn->isAddr && !param_ptr(pn)) || (ps->isAddr && !param_ptr(ps)))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: seed or count address is NULL", fn);
    aclrtRandomNumTaskInfo *copy = core_malloc(sizeof(*copy));
    if (!copy)
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of memory", fn);
    *copy = *taskInfo;
    aclError rc = core_launch_owned(stream, run_random, copy, free, fn);
    if (rc)
        free(copy);
    return rc;
}
