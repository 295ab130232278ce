/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Kernel functions beyond the basic launch (issue 15): parameter layout and
 * attributes from a kernel's exported descriptor (cpuacl/cpuacl_kernel.h),
 * launches by argument array and SIMT launches, the kernel failure state behind
 * per-binary exception callbacks, and information cached on captured tasks. The
 * entry points are core/api/kernel.c (core/kernel/kernel.h).
 *
 * A launch by argument array packs the parameters by the descriptor into one
 * host block and goes through core_bin_launch_host_args (core/kernel/binary.c),
 * so it is snapshotted at the call, captured like every other launch, and
 * keeps its binary alive until it ran.
 *
 * SIMT launches: a CPU has no threads inside a block, so the kernel is called
 * once per thread of the grid: blockIdx = the thread's linear index over the
 * whole grid (block-major: block b, thread t -> b * threadsPerBlock + t),
 * numBlocks = blocks * threadsPerBlock. The dynamic buffer size is checked
 * against the descriptor's dynUbufPerBlock and recorded as the launch's
 * DYN_UBUF_SIZE attribute; the kernel gets no buffer from the runtime.
 */
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/kernel/function.h"
#include "core/kernel/kernel.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/hooks.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"

__thread int32_t core_kernel_t_fail;
__thread struct core_kernel_fault core_kernel_t_fault;

int32_t core_kernel_failed(void *func, void *bin, void *args, size_t size)
{
    core_kernel_t_fault = (struct core_kernel_fault){func, bin, args,
                                                     size > UINT32_MAX ? UINT32_MAX : (uint32_t)size};
    int32_t code = core_kernel_t_fail;
    core_kernel_t_fail = 0;
    return code;
}

/* The descriptor of func, or an error naming what is missing. */
static aclError desc_of(const void *func, struct core_func_info *fi, bool need, const char *fn)
{
    aclError rc = core_bin_func_info(func, fi, fn);
    if (rc)
        return rc;
    if (fi->desc && fi->desc->version != CPUACL_KERNEL_DESC_VERSION)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the kernel's descriptor has version %u (this runtime reads %u)", fn,
                        fi->desc->version, CPUACL_KERNEL_DESC_VERSION);
    if (need && !fi->desc)
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: the kernel's binary exports no parameter descriptor "
                        "(<kernel>" CPUACL_KERNEL_DESC_SUFFIX ", cpuacl/cpuacl_kernel.h)", fn);
    if (fi->desc && fi->desc->numParams && !fi->desc->params)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the kernel's descriptor has %u parameters "
                        "but no parameter table", fn, fi->desc->numParams);
    return ACL_SUCCESS;
}

aclError core_func_param_count(const void *func, size_t *paramCount, const char *fn)
{
    struct core_func_info fi;
    aclError rc = desc_of(func, &fi, true, fn);
    if (rc)
        return rc;
    *paramCount = fi.desc->numParams;
    return ACL_SUCCESS;
}

aclError core_func_param_info(const void *func, size_t paramIndex, size_t *paramOffset,
                              size_t *paramSize, const char *fn)
{
    struct core_func_info fi;
    aclError rc = desc_of(func, &fi, true, fn);
    if (rc)
        return rc;
    if (paramIndex >= fi.desc->numParams)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: paramIndex %zu is out of range [0, %u)", fn,
                        paramIndex, fi.desc->numParams);
    *paramOffset = fi.desc->params[paramIndex].offset;
    *paramSize = fi.desc->params[paramIndex].size;
    return ACL_SUCCESS;
}

aclError core_func_attribute(aclrtFuncHandle funcHandle, aclrtFuncAttribute attrType,
                             int64_t *attrValue, const char *fn)
{
    struct core_func_info fi;
    aclError rc = desc_of(funcHandle, &fi, false, fn);
    if (rc)
        return rc;
    const cpuaclKernelDesc *d = fi.desc;
    switch (attrType) {
    case ACL_FUNC_ATTR_KERNEL_TYPE:
        /* without a descriptor: an AI CPU registration, else a plain (AI Core) kernel */
        *attrValue = d ? (int64_t)d->kernelType
                       : fi.aicpu ? ACL_KERNEL_TYPE_AICPU : ACL_KERNEL_TYPE_AICORE;
        break;
    case ACL_FUNC_ATTR_KERNEL_RATIO: /* cube ratio in bits 16..31, vector in 0..15 */
        *attrValue = d ? (int64_t)((uint32_t)d->cubeRatio << 16 | d->vectorRatio) : 0;
        break;
    default:
        *attrValue = d ? (int64_t)d->schedMode : 0;
        break;
    }
    return ACL_SUCCESS;
}

aclError core_func_dyn_ubuf(const void *func, size_t *dynamicUbufSize, const char *fn)
{
    struct core_func_info fi;
    aclError rc = desc_of(func, &fi, false, fn);
    if (rc)
        return rc;
    *dynamicUbufSize = fi.desc ? (size_t)fi.desc->dynUbufPerBlock : 0; /* not SIMT: 0 */
    return ACL_SUCCESS;
}

/* Pack args[] by the descriptor into a new host block (*out, *size; free it). */
static aclError pack_args(const cpuaclKernelDesc *d, void **args, unsigned char **out, size_t *size,
                          const char *fn)
{
    size_t end = 0;
    for (uint32_t i = 0; i < d->numParams; i++) {
        size_t e = (size_t)d->params[i].offset + d->params[i].size;
        if (e > end)
            end = e;
    }
    if (d->numParams && !args)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: args is NULL for a kernel of %u parameters",
                        fn, d->numParams);
    unsigned char *b = core_calloc(1, end ? end : 1);
    if (!b)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    for (uint32_t i = 0; i < d->numParams; i++) {
        if (!args[i] && d->params[i].size) {
            free(b);
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: args[%u] is NULL", fn, i);
        }
        if (d->params[i].size)
            memcpy(b + d->params[i].offset, args[i], d->params[i].size);
    }
    *out = b;
    *size = end;
    return ACL_SUCCESS;
}

/* Pack args by the descriptor of fi and launch the block (the launch takes a copy). */
static aclError launch_packed(const struct core_func_info *fi, void **args, uint32_t nb,
                              aclrtStream stream, const aclrtLaunchKernelCfg *cfg, const char *fn)
{
    unsigned char *block = NULL;
    size_t size = 0;
    aclError rc = pack_args(fi->desc, args, &block, &size, fn);
    if (rc)
        return rc;
    rc = core_bin_launch_host_args(fi->func, nb, stream, cfg, block, size, NULL, 0, fn);
    free(block);
    return rc;
}

aclError core_func_launch_array(const void *func, uint32_t numBlocks, aclrtStream stream,
                                const aclrtLaunchKernelCfg *cfg, void **args, const char *fn)
{
    struct core_func_info fi;
    aclError rc = desc_of(func, &fi, true, fn);
    return rc ? rc : launch_packed(&fi, args, numBlocks, stream, cfg, fn);
}

/* Threads of a SIMT grid as CPU blocks; checks dims and the dynamic buffer. */
static aclError simt_setup(const void *func, dim3 grid, dim3 block, size_t dyn, uint32_t *nblocks,
                           struct core_func_info *fi, const char *fn)
{
    aclError rc = desc_of(func, fi, false, fn);
    if (rc)
        return rc;
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: a grid or block dimension is 0", fn);
    uint64_t n = (uint64_t)grid.x * grid.y * grid.z;
    uint64_t t = (uint64_t)block.x * block.y * block.z;
    if (n > UINT32_MAX || t > UINT32_MAX || n * t > UINT32_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %llu blocks of %llu threads exceed 2^32 kernel calls", fn,
                        (unsigned long long)n, (unsigned long long)t);
    uint64_t avail = fi->desc ? fi->desc->dynUbufPerBlock : 0;
    if (dyn > avail)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: dynUbufSize %zu exceeds the %llu bytes per block the kernel allows "
                        "(aclrtFunctionGetAvailDynUbufPerBlock)", fn, dyn,
                        (unsigned long long)avail);
    *nblocks = (uint32_t)(n * t);
    return ACL_SUCCESS;
}

/* cfg plus DYN_UBUF_SIZE = dyn (the explicit argument wins over cfg's, as documented). */
static aclError cfg_with_dyn(const aclrtLaunchKernelCfg *cfg, size_t dyn, aclrtLaunchKernelCfg *out,
                             aclrtLaunchKernelAttr **attrs, const char *fn)
{
    size_t n = cfg ? cfg->numAttrs : 0;
    if (n && !cfg->attrs)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: cfg->attrs is NULL with numAttrs %zu", fn, n);
    aclrtLaunchKernelAttr *a = core_calloc(n + 1, sizeof(*a));
    if (!a)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (cfg->attrs[i].id != ACL_RT_LAUNCH_KERNEL_ATTR_DYN_UBUF_SIZE)
            a[k++] = cfg->attrs[i];
    if (dyn) {
        a[k].id = ACL_RT_LAUNCH_KERNEL_ATTR_DYN_UBUF_SIZE;
        a[k].value.dynUBufSize = (uint32_t)dyn;
        k++;
    }
    *out = (aclrtLaunchKernelCfg){a, k};
    *attrs = a;
    return ACL_SUCCESS;
}

aclError core_func_launch_simt_array(const void *func, dim3 gridDim, dim3 blockDim,
                                     size_t dynUbufSize, aclrtStream stream,
                                     const aclrtLaunchKernelCfg *cfg, void **args, const char *fn)
{
    struct core_func_info fi;
    uint32_t nb = 0;
    aclError rc = simt_setup(func, gridDim, blockDim, dynUbufSize, &nb, &fi, fn);
    if (!rc && !fi.desc)
        rc = desc_of(func, &fi, true, fn); /* records the missing-descriptor error */
    aclrtLaunchKernelCfg c;
    aclrtLaunchKernelAttr *attrs;
    if (rc || (rc = cfg_with_dyn(cfg, dynUbufSize, &c, &attrs, fn)))
        return rc;
    rc = launch_packed(&fi, args, nb, stream, &c, fn);
    free(attrs);
    return rc;
}

aclError core_func_launch_simt_host(const void *func, dim3 gridDim, dim3 blockDim,
                                    size_t dynUbufSize, aclrtStream stream,
                                    const aclrtLaunchKernelCfg *cfg, const void *hostArgs,
                                    size_t argsSize, const aclrtPlaceHolderInfo *placeHolderArray,
                                    size_t placeHolderNum, const char *fn)
{
    struct core_func_info fi;
    uint32_t nb = 0;
    aclError rc = simt_setup(func, gridDim, blockDim, dynUbufSize, &nb, &fi, fn);
    if (rc)
        return rc;
    aclrtLaunchKernelCfg c;
    aclrtLaunchKernelAttr *attrs;
    rc = cfg_with_dyn(cfg, dynUbufSize, &c, &attrs, fn);
    if (rc)
        return rc;
    rc = core_bin_launch_host_args(fi.func, nb, stream, &c, hostArgs, argsSize, placeHolderArray,
                                   placeHolderNum, fn);
    free(attrs);
    return rc;
}

/* ---- information cached on the last captured task --------------------------------- */

/*
 * aclrtCacheLastTaskOpInfo / aclrtCacheLastTaskExtendInfo attach host bytes to the task
 * the calling thread captured last (core_capture_end notes it). The bytes live in
 * g_ti, keyed by the model's handle, lane and position; aclmdlRITaskGetParams reports the
 * op info (opInfoPtr / opInfoSize) and aclmdlRIDebugJsonPrint the extended info. Entries
 * of destroyed models are dropped at the next cache call (their handle no longer
 * resolves) and at unload of the library.
 */
__thread struct core_last_cap core_t_last_cap __attribute__((tls_model("initial-exec")));
#define t_last core_t_last_cap

struct task_info {
    uint64_t model;
    uint32_t lane, pos;
    void *op;
    size_t op_size;
    char *ext;
    size_t ext_size;
    struct task_info *next;
};
static pthread_mutex_t ti_lock = PTHREAD_MUTEX_INITIALIZER;
static struct task_info *g_ti; /* ti_lock */

static void ti_free(struct task_info *t)
{
    free(t->op);
    free(t->ext);
    free(t);
}

/* The entry of (model, lane, pos), made if absent; dead models' entries go. ti_lock held. */
static struct task_info *ti_get_locked(uint64_t model, uint32_t lane, uint32_t pos)
{
    struct task_info *hit = NULL;
    for (struct task_info **pp = &g_ti; *pp;) {
        struct task_info *t = *pp;
        if (!core_table_lookup(&g_rt.models, (void *)(uintptr_t)t->model)) {
            *pp = t->next;
            ti_free(t);
            continue;
        }
        if (t->model == model && t->lane == lane && t->pos == pos)
            hit = t;
        pp = &t->next;
    }
    if (hit)
        return hit;
    hit = core_calloc(1, sizeof(*hit));
    if (hit) {
        *hit = (struct task_info){.model = model, .lane = lane, .pos = pos, .next = g_ti};
        g_ti = hit;
    }
    return hit;
}

/* The thread's last captured task, if its stream still captures into that model. */
static aclError last_task(struct core_stream **s, const char *fn)
{
    if (!t_last.model)
        return core_err(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                        "%s: this thread has captured no task (aclmdlRICaptureBegin, then "
                        "launch a task)", fn);
    aclError rc = core_stream_resolve((aclrtStream)(uintptr_t)t_last.stream, s, fn);
    if (rc)
        return rc;
    aclmdlRI cur = NULL;
    aclmdlRICaptureStatus st;
    if (core_hooks.capture_info((aclrtStream)(uintptr_t)t_last.stream, &st, &cur, fn) != ACL_SUCCESS ||
        st != ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE ||
        (uint64_t)(uintptr_t)cur != t_last.model)
        return core_err(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                        "%s: the capture of this thread's last task has ended", fn);
    return ACL_SUCCESS;
}

aclError core_kernel_cache_last(const void *p, size_t n, bool op, const char *fn)
{
    struct core_stream *s;
    aclError rc = last_task(&s, fn);
    if (rc)
        return rc;
    if (op) { /* the reference: cached only while the stream's op-info switch is on */
        aclrtStreamAttrValue v;
        rc = core_stream_attribute((aclrtStream)(uintptr_t)t_last.stream,
                                   ACL_STREAM_ATTR_CACHE_OP_INFO, &v, fn);
        if (rc)
            return rc;
        if (!v.cacheOpInfoSwitch)
            return ACL_SUCCESS; /* nothing cached (docs/kernel.md) */
    }
    void *copy = core_malloc(n + 1);
    if (!copy)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    memcpy(copy, p, n);
    ((char *)copy)[n] = 0;
    pthread_mutex_lock(&ti_lock);
    struct task_info *t = ti_get_locked(t_last.model, t_last.lane, t_last.pos);
    if (t && op) {
        free(t->op);
        t->op = copy;
        t->op_size = n;
    } else if (t) {
        free(t->ext);
        t->ext = copy;
        t->ext_size = n;
    }
    pthread_mutex_unlock(&ti_lock);
    if (!t) {
        free(copy);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    return ACL_SUCCESS;
}

bool core_task_info(uint64_t model, uint32_t lane, uint32_t pos, const void **op, size_t *op_size,
                    const char **ext)
{
    bool found = false;
    pthread_mutex_lock(&ti_lock);
    for (struct task_info *t = g_ti; t && !found; t = t->next)
        if (t->model == model && t->lane == lane && t->pos == pos) {
            found = true;
            if (op) {
                *op = t->op;
                *op_size = t->op_size;
            }
            if (ext)
                *ext = t->ext;
        }
    pthread_mutex_unlock(&ti_lock);
    return found;
}

__attribute__((destructor)) static void task_info_fini(void)
{
    while (g_ti) {
        struct task_info *t = g_ti;
        g_ti = t->next;
        ti_free(t);
    }
}
