/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The compile side of aclop (acl_op.h's model calls, acl_op_compiler.h):
 * what AscendCL keeps for compiling and loading single-operator models, as
 * cpuacl keeps it. The kernels are built in, so "compiling" an instance is
 * checking and planning it (the plan cache); the single-op models of the
 * model directory are read by core/op/model.c. docs/op.md lists each call's
 * codes.
 *
 * Process-wide state, each behind g_lock (none of it is on an execution
 * path): the model directory (set once), the compile options (strings), the
 * compile flag, the registered kernel selectors (aclopRegisterCompileFunc)
 * and kernels (aclopCreateKernel).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/err.h"
#include "core/op/attr.h"
#include "core/op/compile.h"
#include "core/op/exec.h"
#include "core/op/model.h"
#include "core/runtime/fault.h"
#include "core/runtime/tensor_desc.h"

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;

/* ---- models ---------------------------------------------------------------------- */

static char *g_model_dir; /* g_lock */

aclError core_op_set_model_dir(const char *dir, const char *fn)
{
    if (!dir)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: modelDir is NULL", fn);
    char *real = realpath(dir, NULL);
    if (!real)
        return core_err(ACL_ERROR_READ_MODEL_FAILURE, "%s: modelDir %s does not resolve (%s)", fn,
                        dir, strerror(errno));
    pthread_mutex_lock(&g_lock);
    if (g_model_dir) {
        pthread_mutex_unlock(&g_lock);
        free(real);
        return core_err(ACL_ERROR_REPEAT_INITIALIZE,
                        "%s: the model directory was already set (%s); it may be set once per "
                        "process",
                        fn, g_model_dir);
    }
    size_t count = 0;
    aclError rc = core_op_model_load_dir(real, &count, fn);
    if (rc == ACL_SUCCESS)
        g_model_dir = real; /* as GE: set only when every model loaded */
    else
        free(real);
    pthread_mutex_unlock(&g_lock);
    return rc;
}

/* ---- compile options --------------------------------------------------------------- */

struct opt {
    const char *name;
    const char *dflt;
    const char *allowed; /* the values AscendCL documents, space-separated; NULL: any string */
};

#define N_OPTS 17
static const struct opt k_opts[N_OPTS] = {
    [ACL_PRECISION_MODE] = {"ACL_PRECISION_MODE", "allow_fp32_to_fp16",
                            "force_fp32 cube_fp16in_fp32out force_fp16 allow_fp32_to_fp16 "
                            "must_keep_origin_dtype allow_mix_precision allow_mix_precision_fp16 "
                            "allow_mix_precision_bf16 allow_fp32_to_bf16"},
    [ACL_AICORE_NUM] = {"ACL_AICORE_NUM", "", NULL},
    [ACL_AUTO_TUNE_MODE] = {"ACL_AUTO_TUNE_MODE", "", NULL},
    [ACL_OP_SELECT_IMPL_MODE] = {"ACL_OP_SELECT_IMPL_MODE", "high_precision",
                                 "high_precision high_performance high_precision_for_all "
                                 "high_performance_for_all"},
    [ACL_OPTYPELIST_FOR_IMPLMODE] = {"ACL_OPTYPELIST_FOR_IMPLMODE", "", NULL},
    [ACL_OP_DEBUG_LEVEL] = {"ACL_OP_DEBUG_LEVEL", "0", "0 1 2 3 4"},
    [ACL_DEBUG_DIR] = {"ACL_DEBUG_DIR", "./kernel_meta", NULL},
    [ACL_OP_COMPILER_CACHE_MODE] = {"ACL_OP_COMPILER_CACHE_MODE", "disable",
                                    "enable force disable"},
    [ACL_OP_COMPILER_CACHE_DIR] = {"ACL_OP_COMPILER_CACHE_DIR", "$HOME/atc_data", NULL},
    [ACL_OP_PERFORMANCE_MODE] = {"ACL_OP_PERFORMANCE_MODE", "", NULL},
    [ACL_OP_JIT_COMPILE] = {"ACL_OP_JIT_COMPILE", "disable", "enable disable"},
    [ACL_OP_DETERMINISTIC] = {"ACL_OP_DETERMINISTIC", "0", "0 1"},
    [ACL_CUSTOMIZE_DTYPES] = {"ACL_CUSTOMIZE_DTYPES", "", NULL},
    [ACL_OP_PRECISION_MODE] = {"ACL_OP_PRECISION_MODE", "", NULL},
    [ACL_ALLOW_HF32] = {"ACL_ALLOW_HF32", "", "true false"},
    [ACL_PRECISION_MODE_V2] = {"ACL_PRECISION_MODE_V2", "fp16",
                               "fp16 origin cube_fp16in_fp32out mixed_float16 mixed_bfloat16 "
                               "cube_hif8 mixed_hif8"},
    [ACL_OP_DEBUG_OPTION] = {"ACL_OP_DEBUG_OPTION", "", "oom"},
};
static char *g_opt[N_OPTS]; /* set values, g_lock; NULL: the default */

/* Whether v is one of the space-separated words of list. */
static bool word_of(const char *list, const char *v)
{
    size_t n = strlen(v);
    for (const char *w = list; *w;) {
        size_t len = strcspn(w, " ");
        if (len == n && !memcmp(w, v, n))
            return true;
        w += len + (w[len] == ' ');
    }
    return false;
}

static bool opt_known(aclCompileOpt opt)
{
    return (unsigned)opt < N_OPTS;
}

aclError core_op_set_compileopt(aclCompileOpt opt, const char *value, const char *fn)
{
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", fn);
    if (opt == ACL_AUTO_TUNE_MODE)
        return core_err(ACL_ERROR_FEATURE_UNSUPPORTED,
                        "%s: ACL_AUTO_TUNE_MODE was discarded (tuning is the AOE tool's)", fn);
    if (!opt_known(opt))
        return core_err(ACL_ERROR_INTERNAL_ERROR, "%s: option %d is not an aclCompileOpt", fn,
                        (int)opt);
    const struct opt *o = &k_opts[opt];
    if (o->allowed && !word_of(o->allowed, value))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s: \"%s\" is not one of its values (%s)", fn,
                        o->name, value, o->allowed);
    char *copy = core_strdup(value);
    if (!copy)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    pthread_mutex_lock(&g_lock);
    free(g_opt[opt]);
    g_opt[opt] = copy;
    pthread_mutex_unlock(&g_lock);
    return ACL_SUCCESS;
}

/* g_lock held: the value of opt (known). */
static const char *opt_value_locked(aclCompileOpt opt)
{
    return g_opt[opt] ? g_opt[opt] : k_opts[opt].dflt;
}

size_t core_op_compileopt_size(aclCompileOpt opt, const char *fn)
{
    if (!opt_known(opt)) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: option %d is not an aclCompileOpt", fn, (int)opt);
        return 0;
    }
    pthread_mutex_lock(&g_lock);
    size_t n = strlen(opt_value_locked(opt)) + 1;
    pthread_mutex_unlock(&g_lock);
    return n;
}

aclError core_op_get_compileopt(aclCompileOpt opt, char *value, size_t length, const char *fn)
{
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", fn);
    if (!opt_known(opt))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: option %d is not an aclCompileOpt", fn,
                        (int)opt);
    pthread_mutex_lock(&g_lock);
    const char *v = opt_value_locked(opt);
    size_t n = strlen(v) + 1;
    aclError rc = ACL_SUCCESS;
    if (length < n)
        rc = core_err(ACL_ERROR_FAILURE,
                      "%s: %s: length %zu is too small for the value (%zu bytes with its "
                      "terminator; see aclGetCompileoptSize)",
                      fn, k_opts[opt].name, length, n);
    else
        memcpy(value, v, n);
    pthread_mutex_unlock(&g_lock);
    return rc;
}

static aclOpCompileFlag g_flag = ACL_OP_COMPILE_DEFAULT; /* g_lock */

aclError core_op_set_compile_flag(aclOpCompileFlag flag, const char *fn)
{
    if (flag != ACL_OP_COMPILE_DEFAULT && flag != ACL_OP_COMPILE_FUZZ)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: flag %d is neither ACL_OP_COMPILE_DEFAULT nor ACL_OP_COMPILE_FUZZ", fn,
                        (int)flag);
    pthread_mutex_lock(&g_lock);
    g_flag = flag;
    pthread_mutex_unlock(&g_lock);
    return ACL_SUCCESS;
}

aclError core_op_compile_types(aclopEngineType engine, aclopCompileType compile, const char *opPath,
                               const char *fn)
{
    if (compile != ACL_COMPILE_SYS && compile != ACL_COMPILE_UNREGISTERED)
        return core_err(ACL_ERROR_API_NOT_SUPPORT,
                        "%s: compile type %d: must be ACL_COMPILE_SYS or ACL_COMPILE_UNREGISTERED",
                        fn, (int)compile);
    if (compile == ACL_COMPILE_UNREGISTERED)
        return core_err(ACL_ERROR_API_NOT_SUPPORT,
                        "%s: ACL_COMPILE_UNREGISTERED (an operator compiled from opPath) is not "
                        "supported: the operator types are built in",
                        fn);
    if (opPath)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: opPath must be NULL with ACL_COMPILE_SYS",
                        fn);
    if (engine != ACL_ENGINE_SYS)
        return core_err(ACL_ERROR_API_NOT_SUPPORT,
                        "%s: engine type %d: only ACL_ENGINE_SYS is supported (the kernels are "
                        "built in; AICORE and VECTOR name device engines)",
                        fn, (int)engine);
    return ACL_SUCCESS;
}

/* ---- the single-op graph dump ----------------------------------------------------- */

static void dump_desc(FILE *f, const char *role, int k, const aclTensorDesc *d)
{
    fprintf(f, "  %s %d: ", role, k);
    if (core_tdesc_type(d) == ACL_DT_UNDEFINED) {
        fprintf(f, "(optional, not given)\n");
        return;
    }
    fprintf(f, "dtype %d format %d shape [", (int)core_tdesc_type(d), (int)core_tdesc_format(d));
    for (size_t i = 0; i < core_tdesc_rank(d); i++)
        fprintf(f, "%s%lld", i ? ", " : "", (long long)core_tdesc_dim(d, i));
    fprintf(f, "]");
    if (d->name && *d->name)
        fprintf(f, " name \"%s\"", d->name);
    if (d->const_data)
        fprintf(f, " const (%zu bytes)", d->const_len);
    fprintf(f, "\n");
}

static const char *const k_kind[] = {
    [CORE_OP_ATTR_BOOL] = "bool",
    [CORE_OP_ATTR_INT] = "int",
    [CORE_OP_ATTR_FLOAT] = "float",
    [CORE_OP_ATTR_STRING] = "string",
    [CORE_OP_ATTR_DTYPE] = "data_type",
    [CORE_OP_ATTR_LIST_BOOL] = "list_bool",
    [CORE_OP_ATTR_LIST_INT] = "list_int",
    [CORE_OP_ATTR_LIST_FLOAT] = "list_float",
    [CORE_OP_ATTR_LIST_STRING] = "list_string",
    [CORE_OP_ATTR_LIST_LIST_INT] = "list_list_int",
    [CORE_OP_ATTR_LIST_DTYPE] = "list_data_type",
};

/* Value i of v (a scalar: i 0), as text. */
static void dump_value(FILE *f, const struct core_op_attr_value *v, size_t i)
{
    switch (v->type) {
    case CORE_OP_ATTR_BOOL:
        fputs(v->u.b ? "true" : "false", f);
        break;
    case CORE_OP_ATTR_INT:
        fprintf(f, "%lld", (long long)v->u.i);
        break;
    case CORE_OP_ATTR_FLOAT:
        fprintf(f, "%g", (double)v->u.f);
        break;
    case CORE_OP_ATTR_STRING:
        fprintf(f, "\"%s\"", v->u.s);
        break;
    case CORE_OP_ATTR_DTYPE:
        fprintf(f, "%d", (int)v->u.dt);
        break;
    case CORE_OP_ATTR_LIST_BOOL:
        fputs(v->u.bools[i] ? "true" : "false", f);
        break;
    case CORE_OP_ATTR_LIST_INT:
        fprintf(f, "%lld", (long long)v->u.ints[i]);
        break;
    case CORE_OP_ATTR_LIST_FLOAT:
        fprintf(f, "%g", (double)v->u.floats[i]);
        break;
    case CORE_OP_ATTR_LIST_STRING:
        fprintf(f, "\"%s\"", v->u.strs[i]);
        break;
    case CORE_OP_ATTR_LIST_DTYPE:
        fprintf(f, "%d", (int)v->u.dts[i]);
        break;
    case CORE_OP_ATTR_LIST_LIST_INT: {
        const int64_t *row;
        size_t len = core_op_attr_row(v, i, &row);
        fputc('[', f);
        for (size_t k = 0; k < len; k++)
            fprintf(f, "%s%lld", k ? ", " : "", (long long)row[k]);
        fputc(']', f);
        break;
    }
    }
}

static void dump_attr(FILE *f, const char *name, const struct core_op_attr_value *v)
{
    fprintf(f, "  attr %s: %s ", name, k_kind[v->type]);
    if (v->type < CORE_OP_ATTR_LIST_BOOL) { /* the scalars come first in the enum */
        dump_value(f, v, 0);
    } else {
        fputc('[', f);
        for (size_t i = 0; i < v->n; i++) {
            fputs(i ? ", " : "", f);
            dump_value(f, v, i);
        }
        fputc(']', f);
    }
    fputc('\n', f);
}

aclError core_op_dump_graph(const struct core_op_call *c, const char *path, const char *fn)
{
    size_t pl = strlen(path);
    char *file;
    if (pl >= 4 && !strcmp(path + pl - 4, ".txt")) {
        file = core_strdup(path);
    } else {
        struct stat st;
        if (stat(path, &st) || !S_ISDIR(st.st_mode))
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: graphDumpPath %s is not an existing directory (nor a .txt file)",
                            fn, path);
        file = core_malloc(pl + strlen(c->type) + 16);
        if (file)
            sprintf(file, "%s/%s_graph.txt", path, c->type);
    }
    if (!file)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    FILE *f = fopen(file, "w");
    if (!f) {
        aclError rc =
            core_err(ACL_ERROR_WRITE_FILE, "%s: cannot write %s (%s)", fn, file, strerror(errno));
        free(file);
        return rc;
    }
    fprintf(f, "graph %s (cpuacl single-operator graph)\n", c->type);
    for (int k = 0; k < c->nin; k++)
        fprintf(f, "node Data_%d -> %s:%d\n", k, c->type, k);
    fprintf(f, "node %s type %s {\n", c->type, c->type);
    for (int k = 0; k < c->nin; k++)
        dump_desc(f, "input", k, c->in_desc[k]);
    for (int k = 0; k < c->nout; k++)
        dump_desc(f, "output", k, c->out_desc[k]);
    for (size_t i = 0; i < core_op_attr_count(c->attr); i++)
        dump_attr(f, core_op_attr_name(c->attr, i), core_op_attr_at(c->attr, i));
    fprintf(f, "}\n");
    for (int k = 0; k < c->nout; k++)
        fprintf(f, "node %s:%d -> NetOutput:%d\n", c->type, k, k);
    bool ok = !ferror(f);
    ok &= fclose(f) == 0;
    aclError rc =
        ok ? ACL_SUCCESS : core_err(ACL_ERROR_WRITE_FILE, "%s: writing %s failed", fn, file);
    free(file);
    return rc;
}

/* ---- kernel selectors and kernels --------------------------------------------------- */

struct selector {
    struct selector *next;
    aclopCompileFunc func;
    char type[];
};

struct kernel {
    struct kernel *next;
    char *type, *id, *name;
    void *bin;
    int size;
    aclopEngineType engine;
    aclDataDeallocator dealloc;
};

static struct selector *g_selectors; /* g_lock */
static struct kernel *g_kernels;     /* g_lock */

static struct selector **selector_at_locked(const char *type)
{
    struct selector **s = &g_selectors;
    while (*s && strcmp((*s)->type, type))
        s = &(*s)->next;
    return s;
}

static bool kernel_known_locked(const char *type, const char *id)
{
    for (struct kernel *k = g_kernels; k; k = k->next)
        if (!strcmp(k->type, type) && !strcmp(k->id, id))
            return true;
    return false;
}

aclError core_op_register_selector(const char *type, aclopCompileFunc func, const char *fn)
{
    if (!type || !func)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, type ? "func" : "opType");
    size_t tl = strlen(type) + 1;
    struct selector *n = core_malloc(sizeof(*n) + tl);
    if (!n)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    n->func = func;
    memcpy(n->type, type, tl);
    pthread_mutex_lock(&g_lock);
    struct selector **at = selector_at_locked(type);
    if (*at) {
        pthread_mutex_unlock(&g_lock);
        free(n);
        return core_err(ACL_ERROR_BIN_SELECTOR_ALREADY_REGISTERED,
                        "%s: %s already has a compile function (unregister it first)", fn, type);
    }
    n->next = NULL;
    *at = n;
    pthread_mutex_unlock(&g_lock);
    return ACL_SUCCESS;
}

aclError core_op_unregister_selector(const char *type, const char *fn)
{
    if (!type)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: opType is NULL", fn);
    pthread_mutex_lock(&g_lock);
    struct selector **at = selector_at_locked(type), *gone = *at;
    if (gone)
        *at = gone->next;
    pthread_mutex_unlock(&g_lock);
    free(gone);
    return ACL_SUCCESS; /* none registered: nothing to do, as in AscendCL */
}

bool core_op_selector_registered(const char *type)
{
    pthread_mutex_lock(&g_lock);
    bool yes = *selector_at_locked(type) != NULL;
    pthread_mutex_unlock(&g_lock);
    return yes;
}

aclError core_op_create_kernel(const char *type, const char *id, const char *name, void *bin,
                               int size, aclopEngineType engine, aclDataDeallocator dealloc,
                               const char *fn)
{
    const char *null = !type   ? "opType"
                       : !id   ? "kernelId"
                       : !name ? "kernelName"
                       : !bin  ? "binData"
                               : NULL;
    if (null)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, null);
    if (size <= 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: binSize %d is not positive", fn, size);
    if ((unsigned)engine > ACL_ENGINE_VECTOR)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: engine type %d is not an aclopEngineType", fn,
                        (int)engine);
    struct kernel *k = core_calloc(1, sizeof(*k));
    if (k) {
        k->type = core_strdup(type);
        k->id = core_strdup(id);
        k->name = core_strdup(name);
    }
    if (!k || !k->type || !k->id || !k->name) {
        if (k) {
            free(k->type);
            free(k->id);
            free(k->name);
            free(k);
        }
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    k->bin = bin;
    k->size = size;
    k->engine = engine;
    k->dealloc = dealloc;
    pthread_mutex_lock(&g_lock);
    bool dup = kernel_known_locked(type, id);
    if (!dup) {
        k->next = g_kernels;
        g_kernels = k;
    }
    pthread_mutex_unlock(&g_lock);
    if (dup) {
        free(k->type);
        free(k->id);
        free(k->name);
        free(k);
        return core_err(ACL_ERROR_KERNEL_ALREADY_REGISTERED, "%s: %s already has a kernel %s", fn,
                        type, id);
    }
    return ACL_SUCCESS;
}

struct aclopKernelDesc {
    char *id;
    uint32_t block_dim;
    void *args;
    uint32_t arg_size;
    size_t nws;
    size_t *ws;
};

aclError core_op_set_kernel_args(aclopKernelDesc *d, const char *id, uint32_t blockDim,
                                 const void *args, uint32_t argSize, const char *fn)
{
    const char *null = !d ? "kernelDesc" : !id ? "kernelId" : !args ? "args" : NULL;
    if (null)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, null);
    char *idc = core_strdup(id);
    void *ac = argSize ? core_memdup(args, argSize) : NULL;
    if (!idc || (argSize && !ac)) {
        free(idc);
        free(ac);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    free(d->id);
    free(d->args);
    d->id = idc;
    d->block_dim = blockDim;
    d->args = ac;
    d->arg_size = argSize;
    return ACL_SUCCESS;
}

aclError core_op_set_kernel_workspaces(aclopKernelDesc *d, int n, const size_t *sizes,
                                       const char *fn)
{
    if (!d)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: kernelDesc is NULL", fn);
    if (n < 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: numWorkspaces %d is negative", fn, n);
    if (n && !sizes)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: workspaceSizes is NULL for %d workspaces", fn,
                        n);
    size_t *ws = core_realloc(d->ws, (d->nws + (size_t)n) * sizeof(size_t) + 1);
    if (!ws)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    if (n)
        memcpy(ws + d->nws, sizes, (size_t)n * sizeof(size_t));
    d->ws = ws;
    d->nws += (size_t)n;
    return ACL_SUCCESS;
}

aclError core_op_update_params(const struct core_op_call *c)
{
    pthread_mutex_lock(&g_lock);
    struct selector *s = *selector_at_locked(c->type);
    aclopCompileFunc func = s ? s->func : NULL;
    pthread_mutex_unlock(&g_lock);
    if (!func)
        return core_err(ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED,
                        "%s: %s has no compile function (aclopRegisterCompileFunc)", c->fn,
                        c->type);
    struct aclopKernelDesc d = {0};
    aclError rc = func(c->nin, c->in_desc, c->nout, c->out_desc, c->attr, &d);
    if (rc != ACL_SUCCESS) {
        rc = core_err(rc, "%s: %s: the compile function returned %d", c->fn, c->type, (int)rc);
    } else if (!d.id) {
        rc = core_err(ACL_ERROR_KERNEL_NOT_FOUND,
                      "%s: %s: the compile function chose no kernel (aclopSetKernelArgs)", c->fn,
                      c->type);
    } else {
        pthread_mutex_lock(&g_lock);
        bool known = kernel_known_locked(c->type, d.id);
        pthread_mutex_unlock(&g_lock);
        if (!known)
            rc = core_err(ACL_ERROR_KERNEL_NOT_FOUND,
                          "%s: %s: the compile function chose kernel %s, which aclopCreateKernel "
                          "did not register",
                          c->fn, c->type, d.id);
    }
    free(d.id);
    free(d.args);
    free(d.ws);
    return rc;
}
