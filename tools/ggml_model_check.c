// SPDX-License-Identifier: Apache-2.0
// A tiny llama-style transformer built from ggml operators and run with greedy decoding
// on two ggml backends (ggml's CPU backend and CANN0, i.e. ggml-cann on cpuacl); the
// generated token ids must be equal. Prints the largest logit difference and the
// per-step timings (medians). Built against a ggml checkout by tools/ggml-model-check.sh;
// not part of the cpuacl build (it needs ggml's headers and libraries).
//
// The model's weights are deterministic pseudo-random numbers (splitmix64 seeded per
// tensor), quantised on the host with ggml_quantize_chunk to the chosen type, and
// uploaded unchanged to each backend, so both backends compute the same model.
//
// Per layer: rms_norm * w, q/k/v projections (mul_mat), rope (NORMAL on even layers, NEOX
// on odd ones), k and v written into an f16 cache with set_rows, attention over the
// cache (flash_attn_ext, or mul_mat + soft_max_ext + mul_mat), output projection,
// residual add, rms_norm * w, a gated MLP (swiglu on even layers, gelu(gate) * up on odd
// ones), residual add. Then rms_norm * w and the lm head on the last position.
// Grouped-query attention: n_head query heads share n_head_kv key/value heads.
//
// A third run, on the CPU backend with the weights dequantised to float32, is the model as
// its weights define it: it tells which backend's rounding moved a near tie.
//
// --op-perf OP instead times one operator alone on both backends (op_perf_main): the
// operators ggml's test-backend-ops has no perf case for (GET_ROWS, RMS_NORM), for the
// cpuacl-bench ggml study.
//
// Exit: 0 pass (see usage()), 1 fail or a backend failed, 77 a backend is missing.
#include "ggml-alloc.h"
#include "ggml-backend.h"
#include "ggml-cpu.h"
#include "ggml.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GRAPH_NODES 4096
#define MAX_LAYERS 64
#define MAX_RUNS 8

struct cfg {
    int n_vocab, n_embd, n_head, n_head_kv, n_layer, n_ff, n_ctx;
    int n_prompt, n_gen;
    enum ggml_type wtype; // projections and lm head
    enum ggml_type etype; // token embedding (get_rows)
    int fa;               // 1: flash_attn_ext, 0: mul_mat + soft_max_ext + mul_mat
    uint64_t seed;
    float eps;
};

// One weight as the host holds it: already in its ggml type, ready to upload.
struct hostw {
    char name[48];
    enum ggml_type type;
    int64_t ne0, ne1;
    void *data;
    size_t size;
};

struct layer {
    struct ggml_tensor *attn_norm, *wq, *wk, *wv, *wo, *ffn_norm, *w_gate, *w_up, *w_down;
    struct ggml_tensor *k_cache, *v_cache;
};

struct model {
    struct ggml_context *ctx_w, *ctx_kv;
    ggml_backend_buffer_t buf_w, buf_kv;
    struct ggml_tensor *tok_embd, *out_norm, *output;
    struct layer layers[MAX_LAYERS];
};

// The result of one greedy run on one backend.
struct run {
    char name[32];
    int threads;
    int *tokens;      // n_gen generated ids
    float *logits;    // n_gen x n_vocab, the logits each token was chosen from
    double *step_ms;  // n_gen: step 0 is the prompt (prefill), the rest decode steps
    double *step_cpu; // the same steps in CPU time of the whole process (all threads)
};

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// uniform in [-1, 1)
static float urand(uint64_t *s)
{
    return (float)((double)(splitmix64(s) >> 11) * (2.0 / 9007199254740992.0) - 1.0);
}

static double clock_ms(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// Weight k of the model: values offset + scale * u, u uniform in [-1, 1), from a stream
// seeded by (seed, k), then converted to `type`.
static int make_weight(struct hostw *w, const char *name, enum ggml_type type, int64_t ne0,
                       int64_t ne1, float offset, float scale, uint64_t seed, int k)
{
    snprintf(w->name, sizeof w->name, "%s", name);
    w->type = type;
    w->ne0 = ne0;
    w->ne1 = ne1;
    if (ne0 % ggml_blck_size(type) != 0) {
        fprintf(stderr, "%s: row of %lld is not a multiple of %s's block %lld\n", name,
                (long long)ne0, ggml_type_name(type), (long long)ggml_blck_size(type));
        return -1;
    }
    size_t n = (size_t)(ne0 * ne1);
    float *f = malloc(n * sizeof *f);
    w->size = ggml_row_size(type, ne0) * (size_t)ne1;
    w->data = malloc(w->size);
    if (!f || !w->data) {
        free(f);
        return -1;
    }
    uint64_t s = seed * 0x100000001b3ULL + (uint64_t)k * 0x9e3779b97f4a7c15ULL;
    for (size_t i = 0; i < n; i++)
        f[i] = offset + scale * urand(&s);
    if (type == GGML_TYPE_F32)
        memcpy(w->data, f, n * sizeof *f);
    else if (type == GGML_TYPE_F16)
        ggml_fp32_to_fp16_row(f, w->data, (int64_t)n);
    else
        ggml_quantize_chunk(type, f, w->data, 0, ne1, ne0, NULL);
    free(f);
    return 0;
}

// All weights in a fixed order: tok_embd, out_norm, output, then 9 per layer.
static int make_weights(const struct cfg *c, struct hostw **out, int *count)
{
    int n = 3 + 9 * c->n_layer, k = 0, rc = 0;
    struct hostw *w = calloc((size_t)n, sizeof *w);
    if (!w)
        return -1;
    const int hd = c->n_embd / c->n_head;
    const float s_embd = sqrtf(3.0f / (float)c->n_embd), s_ff = sqrtf(3.0f / (float)c->n_ff);
    rc |= make_weight(&w[k], "tok_embd", c->etype, c->n_embd, c->n_vocab, 0, 1.0f, c->seed, k), k++;
    rc |= make_weight(&w[k], "out_norm", GGML_TYPE_F32, c->n_embd, 1, 1, 0.1f, c->seed, k), k++;
    // logits with a standard deviation of about 4: clear winners, as a trained model's
    rc |= make_weight(&w[k], "output", c->wtype, c->n_embd, c->n_vocab, 0, 4 * s_embd, c->seed, k),
        k++;
    for (int l = 0; l < c->n_layer && !rc; l++) {
        char nm[48];
#define W(suffix, type, ne0, ne1, off, sc)                                                         \
    snprintf(nm, sizeof nm, "blk.%d." suffix, l);                                                  \
    rc |= make_weight(&w[k], nm, type, ne0, ne1, off, sc, c->seed, k), k++
        W("attn_norm", GGML_TYPE_F32, c->n_embd, 1, 1, 0.1f);
        W("wq", c->wtype, c->n_embd, hd * c->n_head, 0, s_embd);
        W("wk", c->wtype, c->n_embd, hd * c->n_head_kv, 0, s_embd);
        W("wv", c->wtype, c->n_embd, hd * c->n_head_kv, 0, s_embd);
        W("wo", c->wtype, hd * c->n_head, c->n_embd, 0, 0.5f * s_embd);
        W("ffn_norm", GGML_TYPE_F32, c->n_embd, 1, 1, 0.1f);
        W("w_gate", c->wtype, c->n_embd, c->n_ff, 0, s_embd);
        W("w_up", c->wtype, c->n_embd, c->n_ff, 0, s_embd);
        W("w_down", c->wtype, c->n_ff, c->n_embd, 0, 0.5f * s_ff);
#undef W
    }
    *out = w;
    *count = k;
    return rc ? -1 : 0;
}

// The same weights converted exactly to float32: the model as the quantised weights
// define it, computed without rounding activations to f16 or Q8_0.
static int dequantise_weights(const struct hostw *w, int nw, struct hostw **out)
{
    struct hostw *d = calloc((size_t)nw, sizeof *d);
    if (!d)
        return -1;
    for (int i = 0; i < nw; i++) {
        d[i] = w[i];
        d[i].type = GGML_TYPE_F32;
        d[i].size = sizeof(float) * (size_t)(w[i].ne0 * w[i].ne1);
        d[i].data = malloc(d[i].size);
        if (!d[i].data)
            return -1;
        if (w[i].type == GGML_TYPE_F32)
            memcpy(d[i].data, w[i].data, d[i].size);
        else
            ggml_get_type_traits(w[i].type)->to_float(w[i].data, d[i].data, w[i].ne0 * w[i].ne1);
    }
    *out = d;
    return 0;
}

static struct ggml_tensor *find(struct ggml_context *ctx, const char *name)
{
    struct ggml_tensor *t = ggml_get_tensor(ctx, name);
    if (!t) {
        fprintf(stderr, "no tensor %s\n", name);
        abort();
    }
    return t;
}

static int load_model(struct model *m, const struct cfg *c, const struct hostw *w, int nw,
                      ggml_backend_t be)
{
    struct ggml_init_params ip = {ggml_tensor_overhead() * (size_t)(nw + 1), NULL, true};
    m->ctx_w = ggml_init(ip);
    for (int i = 0; i < nw; i++) {
        struct ggml_tensor *t = w[i].ne1 == 1
                                    ? ggml_new_tensor_1d(m->ctx_w, w[i].type, w[i].ne0)
                                    : ggml_new_tensor_2d(m->ctx_w, w[i].type, w[i].ne0, w[i].ne1);
        ggml_set_name(t, w[i].name);
    }
    m->buf_w = ggml_backend_alloc_ctx_tensors(m->ctx_w, be);
    if (!m->buf_w)
        return -1;
    ggml_backend_buffer_set_usage(m->buf_w, GGML_BACKEND_BUFFER_USAGE_WEIGHTS);
    for (int i = 0; i < nw; i++)
        ggml_backend_tensor_set(find(m->ctx_w, w[i].name), w[i].data, 0, w[i].size);
    m->tok_embd = find(m->ctx_w, "tok_embd");
    m->out_norm = find(m->ctx_w, "out_norm");
    m->output = find(m->ctx_w, "output");
    for (int l = 0; l < c->n_layer; l++) {
        char nm[48];
        struct layer *L = &m->layers[l];
#define G(field, suffix)                                                                           \
    snprintf(nm, sizeof nm, "blk.%d." suffix, l);                                                  \
    L->field = find(m->ctx_w, nm)
        G(attn_norm, "attn_norm");
        G(wq, "wq");
        G(wk, "wk");
        G(wv, "wv");
        G(wo, "wo");
        G(ffn_norm, "ffn_norm");
        G(w_gate, "w_gate");
        G(w_up, "w_up");
        G(w_down, "w_down");
#undef G
    }
    // the key/value cache: one f16 row of n_head_kv * head_dim per position
    struct ggml_init_params kp = {ggml_tensor_overhead() * (size_t)(2 * c->n_layer + 1), NULL,
                                  true};
    m->ctx_kv = ggml_init(kp);
    const int hd = c->n_embd / c->n_head;
    for (int l = 0; l < c->n_layer; l++) {
        m->layers[l].k_cache =
            ggml_new_tensor_2d(m->ctx_kv, GGML_TYPE_F16, (int64_t)hd * c->n_head_kv, c->n_ctx);
        m->layers[l].v_cache =
            ggml_new_tensor_2d(m->ctx_kv, GGML_TYPE_F16, (int64_t)hd * c->n_head_kv, c->n_ctx);
    }
    m->buf_kv = ggml_backend_alloc_ctx_tensors(m->ctx_kv, be);
    if (!m->buf_kv)
        return -1;
    ggml_backend_buffer_clear(m->buf_kv, 0);
    return 0;
}

static void free_model(struct model *m)
{
    if (m->buf_w)
        ggml_backend_buffer_free(m->buf_w);
    if (m->buf_kv)
        ggml_backend_buffer_free(m->buf_kv);
    if (m->ctx_w)
        ggml_free(m->ctx_w);
    if (m->ctx_kv)
        ggml_free(m->ctx_kv);
}

struct inputs {
    struct ggml_tensor *tokens, *pos, *kv_idx, *mask, *logits;
};

// The graph for n tokens at positions pos0 .. pos0 + n - 1 (the cache holds pos0 rows).
static struct ggml_cgraph *build_graph(struct ggml_context *ctx, const struct model *m,
                                       const struct cfg *c, int pos0, int n, struct inputs *in)
{
    const int hd = c->n_embd / c->n_head, nh = c->n_head, nkv = c->n_head_kv;
    const int n_kv = pos0 + n;
    const float kq_scale = 1.0f / sqrtf((float)hd);
    struct ggml_cgraph *gf = ggml_new_graph_custom(ctx, GRAPH_NODES, false);

    in->tokens = ggml_new_tensor_1d(ctx, GGML_TYPE_I32, n);
    in->pos = ggml_new_tensor_1d(ctx, GGML_TYPE_I32, n);
    in->kv_idx = ggml_new_tensor_1d(ctx, GGML_TYPE_I64, n);
    in->mask = ggml_new_tensor_2d(ctx, GGML_TYPE_F16, n_kv, n);
    ggml_set_input(in->tokens);
    ggml_set_input(in->pos);
    ggml_set_input(in->kv_idx);
    ggml_set_input(in->mask);

    struct ggml_tensor *x = ggml_get_rows(ctx, m->tok_embd, in->tokens); // [n_embd, n]
    for (int l = 0; l < c->n_layer; l++) {
        const struct layer *L = &m->layers[l];
        const int rope_mode = (l & 1) ? GGML_ROPE_TYPE_NEOX : GGML_ROPE_TYPE_NORMAL;
        struct ggml_tensor *cur = ggml_mul(ctx, ggml_rms_norm(ctx, x, c->eps), L->attn_norm);

        struct ggml_tensor *q = ggml_reshape_3d(ctx, ggml_mul_mat(ctx, L->wq, cur), hd, nh, n);
        struct ggml_tensor *k = ggml_reshape_3d(ctx, ggml_mul_mat(ctx, L->wk, cur), hd, nkv, n);
        struct ggml_tensor *v = ggml_mul_mat(ctx, L->wv, cur); // [hd * nkv, n]
        q = ggml_rope_ext(ctx, q, in->pos, NULL, hd, rope_mode, c->n_ctx, 10000.0f, 1.0f, 0.0f,
                          1.0f, 32.0f, 1.0f);
        k = ggml_rope_ext(ctx, k, in->pos, NULL, hd, rope_mode, c->n_ctx, 10000.0f, 1.0f, 0.0f,
                          1.0f, 32.0f, 1.0f);
        // write this step's keys and values into the cache before anything reads it
        ggml_build_forward_expand(
            gf, ggml_set_rows(ctx, L->k_cache, ggml_reshape_2d(ctx, k, hd * nkv, n), in->kv_idx));
        ggml_build_forward_expand(gf, ggml_set_rows(ctx, L->v_cache, v, in->kv_idx));

        // [hd, n_kv, nkv] views of the cache's first n_kv rows
        struct ggml_tensor *K = ggml_view_3d(ctx, L->k_cache, hd, n_kv, nkv, L->k_cache->nb[1],
                                             (size_t)hd * ggml_element_size(L->k_cache), 0);
        struct ggml_tensor *V = ggml_view_3d(ctx, L->v_cache, hd, n_kv, nkv, L->v_cache->nb[1],
                                             (size_t)hd * ggml_element_size(L->v_cache), 0);
        struct ggml_tensor *Q = ggml_permute(ctx, q, 0, 2, 1, 3); // [hd, n, nh]
        struct ggml_tensor *o;
        if (c->fa) {
            o = ggml_flash_attn_ext(ctx, Q, K, V, in->mask, kq_scale, 0.0f, 0.0f); // [hd, nh, n]
            ggml_flash_attn_ext_set_prec(o, GGML_PREC_F32);
            o = ggml_reshape_2d(ctx, o, hd * nh, n);
        } else {
            struct ggml_tensor *kq = ggml_mul_mat(ctx, K, Q); // [n_kv, n, nh]
            kq = ggml_soft_max_ext(ctx, kq, in->mask, kq_scale, 0.0f);
            struct ggml_tensor *Vt =
                ggml_cont(ctx, ggml_permute(ctx, V, 1, 0, 2, 3)); // [n_kv, hd, nkv]
            struct ggml_tensor *kqv = ggml_mul_mat(ctx, Vt, kq);  // [hd, n, nh]
            o = ggml_cont_2d(ctx, ggml_permute(ctx, kqv, 0, 2, 1, 3), hd * nh, n);
        }
        x = ggml_add(ctx, x, ggml_mul_mat(ctx, L->wo, o));

        cur = ggml_mul(ctx, ggml_rms_norm(ctx, x, c->eps), L->ffn_norm);
        struct ggml_tensor *g = ggml_mul_mat(ctx, L->w_gate, cur);
        struct ggml_tensor *u = ggml_mul_mat(ctx, L->w_up, cur);
        struct ggml_tensor *h =
            (l & 1) ? ggml_mul(ctx, ggml_gelu(ctx, g), u) : ggml_swiglu_split(ctx, g, u);
        x = ggml_add(ctx, x, ggml_mul_mat(ctx, L->w_down, h));
    }
    // only the last position's logits are needed
    x = ggml_view_2d(ctx, x, c->n_embd, 1, x->nb[1], (size_t)(n - 1) * x->nb[1]);
    x = ggml_mul(ctx, ggml_rms_norm(ctx, x, c->eps), m->out_norm);
    in->logits = ggml_mul_mat(ctx, m->output, x); // [n_vocab, 1]
    ggml_set_output(in->logits);
    ggml_build_forward_expand(gf, in->logits);
    return gf;
}

static int argmax(const float *v, int n)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (v[i] > v[best])
            best = i;
    return best;
}

// Backend dev with `threads` threads if it is the CPU backend; NULL (said) when missing.
static ggml_backend_t backend_open(const char *dev, int threads)
{
    ggml_backend_t be = ggml_backend_init_by_name(dev, NULL);
    if (!be)
        fprintf(stderr, "backend %s: not available\n", dev);
    else if (ggml_backend_is_cpu(be))
        ggml_backend_cpu_set_n_threads(be, threads);
    return be;
}

// Greedy generation: the prompt, then n_gen - 1 single-token steps fed back.
static int run_backend(const char *dev, int threads, const struct cfg *c, const struct hostw *w,
                       int nw, const int *prompt, struct run *r)
{
    snprintf(r->name, sizeof r->name, "%s", dev);
    r->threads = threads;
    ggml_backend_t be = backend_open(dev, threads);
    if (!be)
        return 77;
    struct model m;
    memset(&m, 0, sizeof m);
    int rc = load_model(&m, c, w, nw, be);
    ggml_gallocr_t ga = ggml_gallocr_new(ggml_backend_get_default_buffer_type(be));
    const size_t gmem =
        ggml_tensor_overhead() * GRAPH_NODES + ggml_graph_overhead_custom(GRAPH_NODES, false);
    int *tok = malloc(sizeof(int) * (size_t)c->n_prompt);
    int32_t *pos = malloc(sizeof(int32_t) * (size_t)c->n_prompt);
    int64_t *idx = malloc(sizeof(int64_t) * (size_t)c->n_prompt);
    ggml_fp16_t *mask = malloc(sizeof(ggml_fp16_t) * (size_t)c->n_ctx * (size_t)c->n_prompt);
    const ggml_fp16_t zero = ggml_fp32_to_fp16(0.0f), ninf = ggml_fp32_to_fp16(-INFINITY);
    if (!tok || !pos || !idx || !mask || !ga)
        rc = -1;
    if (!rc)
        memcpy(tok, prompt, sizeof(int) * (size_t)c->n_prompt);
    int pos0 = 0, n = c->n_prompt;
    for (int step = 0; step < c->n_gen && !rc; step++) {
        const double t0 = clock_ms(CLOCK_MONOTONIC), c0 = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
        struct ggml_init_params gp = {gmem, NULL, true};
        struct ggml_context *ctx = ggml_init(gp);
        struct inputs in;
        struct ggml_cgraph *gf = build_graph(ctx, &m, c, pos0, n, &in);
        if (!ggml_gallocr_alloc_graph(ga, gf)) {
            fprintf(stderr, "%s: graph allocation failed\n", dev);
            rc = -1;
            ggml_free(ctx);
            break;
        }
        const int n_kv = pos0 + n;
        for (int i = 0; i < n; i++) {
            pos[i] = pos0 + i;
            idx[i] = pos0 + i;
            for (int j = 0; j < n_kv; j++) // causal: position pos0 + i sees 0 .. pos0 + i
                mask[(size_t)i * n_kv + j] = j <= pos0 + i ? zero : ninf;
        }
        ggml_backend_tensor_set(in.tokens, tok, 0, sizeof(int32_t) * (size_t)n);
        ggml_backend_tensor_set(in.pos, pos, 0, sizeof(int32_t) * (size_t)n);
        ggml_backend_tensor_set(in.kv_idx, idx, 0, sizeof(int64_t) * (size_t)n);
        ggml_backend_tensor_set(in.mask, mask, 0, ggml_nbytes(in.mask));
        if (ggml_backend_graph_compute(be, gf) != GGML_STATUS_SUCCESS) {
            fprintf(stderr, "%s: graph compute failed at step %d\n", dev, step);
            rc = -1;
            ggml_free(ctx);
            break;
        }
        float *lg = r->logits + (size_t)step * c->n_vocab;
        ggml_backend_tensor_get(in.logits, lg, 0, sizeof(float) * (size_t)c->n_vocab);
        ggml_free(ctx);
        r->step_ms[step] = clock_ms(CLOCK_MONOTONIC) - t0;
        r->step_cpu[step] = clock_ms(CLOCK_PROCESS_CPUTIME_ID) - c0;
        r->tokens[step] = argmax(lg, c->n_vocab);
        tok[0] = r->tokens[step];
        pos0 += n;
        n = 1;
    }
    free(tok);
    free(pos);
    free(idx);
    free(mask);
    if (ga)
        ggml_gallocr_free(ga);
    free_model(&m);
    ggml_backend_free(be);
    return rc ? 1 : 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(const double *v, int n)
{
    if (n <= 0)
        return 0;
    double *s = malloc(sizeof(double) * (size_t)n);
    memcpy(s, v, sizeof(double) * (size_t)n);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    double med = n & 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    free(s);
    return med;
}

// How two runs compare, step by step while both were fed the same tokens: the steps up
// to and including the first where their greedy choices differ.
struct diff {
    int first;                                // first step whose tokens differ, -1 if none
    int steps;                                // steps compared
    double maxdiff;                           // largest |logit difference|
    double maxabs;                            // largest |logit| of the first run
    double min_margin;                        // smallest top-1 minus top-2 logit of the first run
    double margin_a, margin_b, diff_at_first; // at the first differing step
    int nonfinite;
};

static double margin(const float *l, int n)
{
    float top1 = -INFINITY, top2 = -INFINITY;
    for (int j = 0; j < n; j++) {
        if (l[j] > top1) {
            top2 = top1;
            top1 = l[j];
        } else if (l[j] > top2)
            top2 = l[j];
    }
    return (double)top1 - (double)top2;
}

static struct diff compare(const struct run *a, const struct run *b, const struct cfg *c)
{
    struct diff d = {.first = -1, .min_margin = INFINITY};
    for (int s = 0; s < c->n_gen; s++) {
        const float *la = a->logits + (size_t)s * c->n_vocab;
        const float *lb = b->logits + (size_t)s * c->n_vocab;
        double step_max = 0;
        for (int j = 0; j < c->n_vocab; j++) {
            if (!isfinite(la[j]) || !isfinite(lb[j]))
                d.nonfinite++;
            double e = fabs((double)la[j] - (double)lb[j]);
            step_max = e > step_max ? e : step_max;
            d.maxabs = fabs(la[j]) > d.maxabs ? fabs(la[j]) : d.maxabs;
        }
        d.maxdiff = step_max > d.maxdiff ? step_max : d.maxdiff;
        double ma = margin(la, c->n_vocab);
        d.min_margin = ma < d.min_margin ? ma : d.min_margin;
        d.steps = s + 1;
        if (a->tokens[s] != b->tokens[s]) {
            d.first = s;
            d.margin_a = ma;
            d.margin_b = margin(lb, c->n_vocab);
            d.diff_at_first = step_max;
            break; // later steps were fed different tokens
        }
    }
    return d;
}

static int parse_type(const char *s, enum ggml_type *t)
{
    static const struct {
        const char *name;
        enum ggml_type type;
    } tab[] = {{"f32", GGML_TYPE_F32},
               {"f16", GGML_TYPE_F16},
               {"q8_0", GGML_TYPE_Q8_0},
               {"q4_0", GGML_TYPE_Q4_0}};
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (!strcmp(s, tab[i].name)) {
            *t = tab[i].type;
            return 0;
        }
    return -1;
}

// --op-perf: one operator alone, timed on a backend as test-backend-ops' perf mode times
// its cases (runs of the same graph, us per run), for the operators ggml's
// test-backend-ops has no perf case for. The shapes are the cfg's: get_rows reads 1 row of
// an --etype table [--embd, --vocab] into float32 (a decode step's token embedding), rms_norm
// normalises --prompt rows of --embd float32 values (a prefill's). The output of each
// backend is kept for the comparison with the reference backend's.
struct op_result {
    double us;    // median us per run over the batches
    int runs;     // runs in all
    float *out;   // the output, float32
    size_t n;     // its elements
};

static int op_perf(const char *dev, int threads, bool get_rows, const struct cfg *c,
                   const struct hostw *w, struct op_result *res)
{
    ggml_backend_t be = backend_open(dev, threads);
    if (!be)
        return 77;
    struct ggml_init_params gp = {ggml_tensor_overhead() * 8 + ggml_graph_overhead(), NULL, true};
    struct ggml_context *ctx = ggml_init(gp);
    if (!ctx) {
        ggml_backend_free(be);
        return 1;
    }
    struct ggml_tensor *a = ggml_new_tensor_2d(ctx, w->type, w->ne0, w->ne1), *idx = NULL, *y;
    if (get_rows) {
        idx = ggml_new_tensor_1d(ctx, GGML_TYPE_I32, 1);
        y = ggml_get_rows(ctx, a, idx);
    } else {
        y = ggml_rms_norm(ctx, a, c->eps);
    }
    struct ggml_cgraph *gf = ggml_new_graph(ctx);
    ggml_build_forward_expand(gf, y);
    ggml_backend_buffer_t buf = ggml_backend_alloc_ctx_tensors(ctx, be);
    int rc = buf ? 0 : -1;
    if (!rc) {
        ggml_backend_tensor_set(a, w->data, 0, w->size);
        if (idx) {
            const int32_t row = (int32_t)(c->seed % (uint64_t)c->n_vocab);
            ggml_backend_tensor_set(idx, &row, 0, sizeof row);
        }
    }
    // the first run pays for first touches (ggml-cann's pool); the second sizes the batches
    double t = 0;
    for (int i = 0; i < 2 && !rc; i++) {
        const double t0 = clock_ms(CLOCK_MONOTONIC);
        rc = ggml_backend_graph_compute(be, gf) == GGML_STATUS_SUCCESS ? 0 : -1;
        t = clock_ms(CLOCK_MONOTONIC) - t0;
    }
    enum { BATCHES = 7 };
    double per[BATCHES];
    const int n = t > 0 ? (int)(50.0 / t) + 1 : 1000; // about 50 ms a batch
    res->runs = 2;
    for (int b = 0; b < BATCHES && !rc; b++) {
        const double t0 = clock_ms(CLOCK_MONOTONIC);
        for (int i = 0; i < n && !rc; i++)
            rc = ggml_backend_graph_compute(be, gf) == GGML_STATUS_SUCCESS ? 0 : -1;
        per[b] = (clock_ms(CLOCK_MONOTONIC) - t0) * 1e3 / n;
        res->runs += n;
    }
    if (!rc) {
        res->us = median(per, BATCHES);
        res->n = (size_t)ggml_nelements(y);
        res->out = malloc(res->n * sizeof(float));
        if (res->out)
            ggml_backend_tensor_get(y, res->out, 0, res->n * sizeof(float));
        else
            rc = -1;
    } else {
        fprintf(stderr, "%s: %s failed\n", dev, get_rows ? "get_rows" : "rms_norm");
    }
    if (buf)
        ggml_backend_buffer_free(buf);
    ggml_free(ctx);
    ggml_backend_free(be);
    return rc ? 1 : 0;
}

// --op-perf OP on the reference backend then on the device, same threads: one line per
// backend as test-backend-ops prints its perf cases, then the device's largest difference
// from the reference relative to the reference's largest |value|.
static int op_perf_main(const char *op, const struct cfg *c, const char *ref, const char *dev,
                        int threads)
{
    const bool get_rows = !strcmp(op, "get_rows");
    char label[96];
    if (get_rows)
        snprintf(label, sizeof label, "GET_ROWS(type=%s,n=%d,rows=%d,idx=1)",
                 ggml_type_name(c->etype), c->n_embd, c->n_vocab);
    else if (!strcmp(op, "rms_norm"))
        snprintf(label, sizeof label, "RMS_NORM(type=f32,n=%d,rows=%d)", c->n_embd, c->n_prompt);
    else {
        fprintf(stderr, "--op-perf: unknown operator '%s' (get_rows, rms_norm)\n", op);
        return 2;
    }
    struct op_result r[2];
    memset(r, 0, sizeof r);
    const char *be[2] = {ref, dev};
    struct hostw w; // the input, made once for both backends
    memset(&w, 0, sizeof w);
    if (make_weight(&w, "op input", get_rows ? c->etype : GGML_TYPE_F32, c->n_embd,
                    get_rows ? c->n_vocab : c->n_prompt, 0.0f, 1.0f, c->seed, 1)) {
        free(w.data);
        return 2;
    }
    int rc = 0;
    for (int i = 0; i < 2 && !rc; i++) {
        rc = op_perf(be[i], threads, get_rows, c, &w, &r[i]);
        if (!rc)
            printf("op-perf: %s %s: %d runs - %.2f us/run (%d thread%s)\n", be[i], label,
                   r[i].runs, r[i].us, threads, threads == 1 ? "" : "s");
    }
    if (!rc) {
        double maxabs = 0, maxdiff = 0;
        for (size_t i = 0; i < r[0].n && i < r[1].n; i++) {
            const double d = fabs((double)r[1].out[i] - r[0].out[i]);
            maxabs = fabs(r[0].out[i]) > maxabs ? fabs(r[0].out[i]) : maxabs;
            maxdiff = d > maxdiff || d != d ? d : maxdiff;
        }
        printf("op-perf: max |%s - %s| = %.3g (relative %.2g)\n", dev, ref, maxdiff,
               maxabs > 0 ? maxdiff / maxabs : 0);
        if (r[0].n != r[1].n || !(maxdiff <= 0.01 * maxabs)) {
            printf("FAIL: %s's %s differs from %s's\n", dev, op, ref);
            rc = 1;
        }
    }
    free(w.data);
    free(r[0].out);
    free(r[1].out);
    return rc;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: ggml-model-check [--wtype f32|f16|q8_0|q4_0] [--etype f32|f16|q8_0]\n"
            "  [--attn fa|softmax] [--vocab N] [--embd N] [--head N] [--head-kv N]\n"
            "  [--layer N] [--ff N] [--ctx N] [--prompt N] [--gen N] [--seed N]\n"
            "  [--ref CPU] [--dev CANN0] [--threads 1,2] [--tokens] [--strict] [--max-rel X]\n"
            "  [--op-perf get_rows|rms_norm]\n"
            "Runs greedy generation on --ref (ggml's CPU backend, once per thread count),\n"
            "on --dev, and on --ref with the weights dequantised to float32. Exit 0 when\n"
            "--dev generated --ref's tokens (or, without --strict, differs only at a near\n"
            "tie and generated the float32 run's tokens) and its logits are within\n"
            "--max-rel (default 0.02) x max |logit| of the float32 run's.\n"
            "--op-perf OP times one operator alone on --ref then on --dev with the first\n"
            "thread count, as test-backend-ops perf does (runs of one graph, us per run):\n"
            "get_rows reads 1 row of an --etype table [--embd, --vocab] into float32,\n"
            "rms_norm normalises --prompt rows of --embd floats. Exit 0 when --dev's output\n"
            "is within 1%% of max |--ref's|.\n");
}

int main(int argc, char **argv)
{
    struct cfg c = {.n_vocab = 2048,
                    .n_embd = 512,
                    .n_head = 8,
                    .n_head_kv = 4,
                    .n_layer = 4,
                    .n_ff = 1408,
                    .n_ctx = 256,
                    .n_prompt = 8,
                    .n_gen = 32,
                    .wtype = GGML_TYPE_Q8_0,
                    .etype = GGML_TYPE_Q8_0,
                    .fa = 1,
                    .seed = 20261124,
                    .eps = 1e-5f};
    const char *ref = "CPU", *dev = "CANN0", *threads_arg = "1", *op = NULL;
    int etype_set = 0, print_tokens = 0, strict = 0;
    double max_rel = 0.02; // largest |device - float32 computation| / max |logit|
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
#define INTARG(flag, field)                                                                        \
    if (!strcmp(a, flag) && v) {                                                                   \
        c.field = atoi(v);                                                                         \
        i++;                                                                                       \
        continue;                                                                                  \
    }
        INTARG("--vocab", n_vocab)
        INTARG("--embd", n_embd)
        INTARG("--head", n_head)
        INTARG("--head-kv", n_head_kv)
        INTARG("--layer", n_layer)
        INTARG("--ff", n_ff)
        INTARG("--ctx", n_ctx)
        INTARG("--prompt", n_prompt)
        INTARG("--gen", n_gen)
#undef INTARG
        if (!strcmp(a, "--wtype") && v && !parse_type(v, &c.wtype)) {
            i++;
        } else if (!strcmp(a, "--etype") && v && !parse_type(v, &c.etype)) {
            etype_set = 1;
            i++;
        } else if (!strcmp(a, "--attn") && v && (!strcmp(v, "fa") || !strcmp(v, "softmax"))) {
            c.fa = !strcmp(v, "fa");
            i++;
        } else if (!strcmp(a, "--seed") && v) {
            c.seed = strtoull(v, NULL, 0);
            i++;
        } else if (!strcmp(a, "--ref") && v) {
            ref = argv[++i];
        } else if (!strcmp(a, "--dev") && v) {
            dev = argv[++i];
        } else if (!strcmp(a, "--threads") && v) {
            threads_arg = argv[++i];
        } else if (!strcmp(a, "--strict")) {
            strict = 1;
        } else if (!strcmp(a, "--max-rel") && v) {
            max_rel = atof(argv[++i]);
        } else if (!strcmp(a, "--tokens")) {
            print_tokens = 1;
        } else if (!strcmp(a, "--op-perf") && v) {
            op = argv[++i];
        } else {
            usage();
            return 2;
        }
    }
    // ggml-cann reads token embeddings of f32, f16, bf16 and Q8_0 only (no Q4_0 get_rows)
    if (!etype_set)
        c.etype = c.wtype == GGML_TYPE_Q4_0 ? GGML_TYPE_Q8_0 : c.wtype;
    int thr[MAX_RUNS], nthr = 0;
    for (const char *p = threads_arg; *p && nthr < MAX_RUNS - 1;) {
        thr[nthr++] = atoi(p) > 0 ? atoi(p) : 1;
        p = strchr(p, ',');
        if (!p)
            break;
        p++;
    }
    if (!nthr) // --threads "": one
        thr[nthr++] = 1;
    if (op) {
        if (c.n_embd < 1 || c.n_vocab < 1 || c.n_prompt < 1) {
            fprintf(stderr, "inconsistent operator shape\n");
            return 2;
        }
        return op_perf_main(op, &c, ref, dev, thr[0]);
    }
    if (c.n_head <= 0 || c.n_head_kv <= 0 || c.n_embd % c.n_head || c.n_head % c.n_head_kv ||
        c.n_layer < 1 || c.n_layer > MAX_LAYERS || c.n_prompt < 1 || c.n_gen < 1 ||
        c.n_prompt + c.n_gen > c.n_ctx || c.n_vocab < 2) {
        fprintf(stderr, "inconsistent model shape\n");
        return 2;
    }

    struct hostw *w = NULL;
    int nw = 0;
    if (make_weights(&c, &w, &nw)) {
        fprintf(stderr, "weight generation failed\n");
        return 2;
    }
    size_t wbytes = 0;
    for (int i = 0; i < nw; i++)
        wbytes += w[i].size;
    int *prompt = malloc(sizeof(int) * (size_t)c.n_prompt);
    uint64_t ps = c.seed ^ 0x5eedULL;
    for (int i = 0; i < c.n_prompt; i++)
        prompt[i] = (int)(splitmix64(&ps) % (uint64_t)c.n_vocab);

    printf("model: vocab %d, embd %d, heads %d/%d (kv), layers %d, ff %d, ctx %d; weights %s "
           "(embedding %s), %.1f MiB; attention %s; prompt %d tokens, %d generated; seed %llu\n",
           c.n_vocab, c.n_embd, c.n_head, c.n_head_kv, c.n_layer, c.n_ff, c.n_ctx,
           ggml_type_name(c.wtype), ggml_type_name(c.etype), (double)wbytes / (1 << 20),
           c.fa ? "flash_attn_ext" : "mul_mat+soft_max_ext", c.n_prompt, c.n_gen,
           (unsigned long long)c.seed);

    // runs[0 .. nthr-1]: the reference backend per thread count; runs[nthr]: the device;
    // runs[nthr + 1]: the reference backend on the weights dequantised to float32
    struct run runs[MAX_RUNS + 1];
    memset(runs, 0, sizeof runs);
    struct hostw *wf = NULL;
    int nruns = nthr + 2, rc = 0;
    if (dequantise_weights(w, nw, &wf)) {
        fprintf(stderr, "weight dequantisation failed\n");
        return 2;
    }
    for (int i = 0; i < nruns; i++) {
        runs[i].tokens = calloc((size_t)c.n_gen, sizeof(int));
        runs[i].logits = calloc((size_t)c.n_gen * (size_t)c.n_vocab, sizeof(float));
        runs[i].step_ms = calloc((size_t)c.n_gen, sizeof(double));
        runs[i].step_cpu = calloc((size_t)c.n_gen, sizeof(double));
        const char *name = i == nthr ? dev : ref;
        int t = i < nthr ? thr[i] : thr[0];
        int r = run_backend(name, t, &c, i == nthr + 1 ? wf : w, nw, prompt, &runs[i]);
        if (r) {
            rc = r;
            break;
        }
    }

    if (!rc) {
        const struct run *a = &runs[0], *b = &runs[nthr], *x = &runs[nthr + 1];
        struct diff ab = compare(a, b, &c), ax = compare(a, x, &c), bx = compare(b, x, &c);
        for (int i = 1; i < nthr; i++)
            if (memcmp(runs[i].tokens, a->tokens, sizeof(int) * (size_t)c.n_gen))
                printf("note: %s with %d threads generated other tokens than with %d\n", ref,
                       runs[i].threads, a->threads);
        if (print_tokens) {
            const struct run *show[] = {a, b, x};
            const char *label[] = {ref, dev, "f32 reference"};
            for (int i = 0; i < 3; i++) {
                printf("tokens %-14s", label[i]);
                for (int s = 0; s < c.n_gen; s++)
                    printf(" %d", show[i]->tokens[s]);
                printf("\n");
            }
        }
        if (ab.first < 0)
            printf("tokens: equal, %d of %d\n", c.n_gen, c.n_gen);
        else
            printf(
                "tokens: DIFFER at step %d (%s %d, %s %d): there the top-1 margins are %.3g (%s) "
                "and %.3g (%s), the logit difference %.3g%s\n",
                ab.first, a->name, a->tokens[ab.first], b->name, b->tokens[ab.first], ab.margin_a,
                a->name, ab.margin_b, b->name, ab.diff_at_first,
                ab.diff_at_first >= ab.margin_a || ab.diff_at_first >= ab.margin_b ? " (a near tie)"
                                                                                   : "");
        printf("logits: max |%s - %s| = %.3g over %d steps (max |logit| %.3g, relative %.2g); "
               "smallest top-1 margin %.3g; %d not finite\n",
               a->name, b->name, ab.maxdiff, ab.steps, ab.maxabs,
               ab.maxabs > 0 ? ab.maxdiff / ab.maxabs : 0, ab.min_margin, ab.nonfinite);
        printf("reference (%s, weights dequantised to f32): max |%s - ref| = %.3g over %d steps, "
               "max |%s - ref| = %.3g over %d steps\n",
               ref, a->name, ax.maxdiff, ax.steps, b->name, bx.maxdiff, bx.steps);
        for (int i = 0; i < nthr + 1; i++) {
            char label[48];
            if (i < nthr)
                snprintf(label, sizeof label, "%.31s (%d thread%s)", runs[i].name, runs[i].threads,
                         runs[i].threads == 1 ? "" : "s");
            else
                snprintf(label, sizeof label, "%.31s", runs[i].name);
            printf("time: %-18s prompt %8.2f ms (cpu %8.2f), decode step median %7.2f ms "
                   "(cpu %7.2f) over %d steps\n",
                   label, runs[i].step_ms[0], runs[i].step_cpu[0],
                   median(runs[i].step_ms + 1, c.n_gen - 1),
                   median(runs[i].step_cpu + 1, c.n_gen - 1), c.n_gen - 1);
        }
        // A token difference is accepted (unless --strict) only where it is a near tie that
        // the reference backend's own rounding decided: the logit difference at that step is
        // at least the reference backend's top-1 margin, and the device generated exactly the
        // tokens of the float32 computation of the same weights.
        const bool near_tie = ab.first >= 0 && ab.diff_at_first >= ab.margin_a;
        const bool dev_exact = bx.first < 0;
        const double rel = bx.maxabs > 0 ? bx.maxdiff / bx.maxabs : 0;
        rc = 0;
        if (ab.nonfinite || bx.nonfinite) {
            printf("FAIL: logits that are not finite\n");
            rc = 1;
        } else if (ab.first >= 0 && (strict || !near_tie || !dev_exact)) {
            printf("FAIL: %s generated other tokens than %s\n", b->name, a->name);
            rc = 1;
        } else if (rel > max_rel) {
            printf("FAIL: %s's logits are %.2g (relative) from the float32 computation, more than "
                   "%.2g\n",
                   b->name, rel, max_rel);
            rc = 1;
        } else if (ab.first >= 0) {
            printf("ok: tokens differ from %s only at a near tie that %s's rounding decided; %s "
                   "generated the float32 computation's tokens\n",
                   a->name, a->name, b->name);
        } else {
            printf("ok\n");
        }
    }
    for (int i = 0; i < nruns; i++) {
        free(runs[i].tokens);
        free(runs[i].logits);
        free(runs[i].step_ms);
        free(runs[i].step_cpu);
    }
    for (int i = 0; i < nw; i++) {
        free(w[i].data);
        free(wf[i].data);
    }
    free(w);
    free(wf);
    free(prompt);
    return rc;
}
