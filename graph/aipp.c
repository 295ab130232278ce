/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The INSERT_OP_FILE build option (graph/aipp.h): the AIPP configuration
 * file of ATC's guide ("AIPP > configuration file template"), its checks,
 * the Aipp nodes it puts into the graph and the model file's AIPP section.
 *
 * The file: one or more `aipp_op { key : value ... }` blocks, `#` comments.
 * Values are numbers, true/false, the enum words of aipp_mode and
 * input_format, or quoted strings. Each key is checked against the
 * template's range with the line it is on; a key outside the template, a key
 * given twice or a syntax error names its line. The ranges of the dynamic
 * setters (aclmdlSetAIPP*) are the same ones: a static configuration is
 * turned into a parameter set through them and serialised into the block
 * of core/aipp.h, which becomes the Const `params` of the Aipp node.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_mdl.h"
#include "core/aipp.h"
#include "core/err.h"
#include "graph/aipp.h"

/* ---- the keys ----------------------------------------------------------------- */

enum kind { K_BOOL, K_INT, K_FLOAT, K_MODE, K_FORMAT, K_STR };

struct key {
    const char *name;
    enum kind kind;
    double lo, hi, dflt;
};

/* The template's keys, ranges and defaults (ATC guide, config_file_template). */
static const struct key g_keys[] = {
#define KEY_MODE 0
    {"aipp_mode", K_MODE, 1, 2, 0},
#define KEY_RANK 1
    {"related_input_rank", K_INT, 0, 1e9, 0},
#define KEY_NAME 2
    {"related_input_name", K_STR, 0, 0, 0},
#define KEY_MAX_SRC 3
    {"max_src_image_size", K_INT, 0, 1e15, 0},
#define KEY_SUPPORT_ROT 4
    {"support_rotation", K_BOOL, 0, 0, 0},
#define KEY_FORMAT 5
    {"input_format", K_FORMAT, 1, 4, 0},
#define KEY_SRC_W 6
    {"src_image_size_w", K_INT, 0, 4096, 0},
#define KEY_SRC_H 7
    {"src_image_size_h", K_INT, 0, 4096, 0},
#define KEY_CPAD 8
    {"cpadding_value", K_FLOAT, 0, 0, 0},
#define KEY_CROP 9
    {"crop", K_BOOL, 0, 1, 0},
#define KEY_LOAD_W 10
    {"load_start_pos_w", K_INT, 0, 4095, 0},
#define KEY_LOAD_H 11
    {"load_start_pos_h", K_INT, 0, 4095, 0},
#define KEY_CROP_W 12
    {"crop_size_w", K_INT, 0, 4096, 0},
#define KEY_CROP_H 13
    {"crop_size_h", K_INT, 0, 4096, 0},
#define KEY_RESIZE 14
    {"resize", K_BOOL, 0, 0, 0},
#define KEY_RESIZE_W 15
    {"resize_output_w", K_INT, 0, 1920, 0},
#define KEY_RESIZE_H 16
    {"resize_output_h", K_INT, 0, 4096, 0},
#define KEY_PADDING 17
    {"padding", K_BOOL, 0, 1, 0},
#define KEY_PAD_L 18
    {"left_padding_size", K_INT, 0, 32, 0},
#define KEY_PAD_R 19
    {"right_padding_size", K_INT, 0, 32, 0},
#define KEY_PAD_T 20
    {"top_padding_size", K_INT, 0, 32, 0},
#define KEY_PAD_B 21
    {"bottom_padding_size", K_INT, 0, 32, 0},
#define KEY_PAD_VALUE 22
    {"padding_value", K_FLOAT, -65504, 65504, 0},
#define KEY_ROT_ANGLE 23
    {"rotation_angle", K_INT, 0, 0, 0},
#define KEY_CSC 24
    {"csc_switch", K_BOOL, 0, 1, 0},
#define KEY_RBUV 25
    {"rbuv_swap_switch", K_BOOL, 0, 1, 0},
#define KEY_AX 26
    {"ax_swap_switch", K_BOOL, 0, 1, 0},
#define KEY_SINGLE_LINE 27
    {"single_line_mode", K_BOOL, 0, 0, 0},
#define KEY_MATRIX 28 /* 9 keys */
    {"matrix_r0c0", K_INT, -32677, 32676, 298},
    {"matrix_r0c1", K_INT, -32677, 32676, 516},
    {"matrix_r0c2", K_INT, -32677, 32676, 0},
    {"matrix_r1c0", K_INT, -32677, 32676, 298},
    {"matrix_r1c1", K_INT, -32677, 32676, -100},
    {"matrix_r1c2", K_INT, -32677, 32676, -208},
    {"matrix_r2c0", K_INT, -32677, 32676, 298},
    {"matrix_r2c1", K_INT, -32677, 32676, 0},
    {"matrix_r2c2", K_INT, -32677, 32676, 409},
#define KEY_OUT_BIAS 37 /* 3 keys */
    {"output_bias_0", K_INT, 0, 255, 16},
    {"output_bias_1", K_INT, 0, 255, 128},
    {"output_bias_2", K_INT, 0, 255, 128},
#define KEY_IN_BIAS 40 /* 3 keys */
    {"input_bias_0", K_INT, 0, 255, 16},
    {"input_bias_1", K_INT, 0, 255, 128},
    {"input_bias_2", K_INT, 0, 255, 128},
#define KEY_MEAN 43 /* 4 keys */
    {"mean_chn_0", K_INT, 0, 255, 0},
    {"mean_chn_1", K_INT, 0, 255, 0},
    {"mean_chn_2", K_INT, 0, 255, 0},
    {"mean_chn_3", K_INT, 0, 255, 0},
#define KEY_MIN 47 /* 4 keys */
    {"min_chn_0", K_FLOAT, 0, 255, 0},
    {"min_chn_1", K_FLOAT, 0, 255, 0},
    {"min_chn_2", K_FLOAT, 0, 255, 0},
    {"min_chn_3", K_FLOAT, 0, 255, 0},
#define KEY_VAR 51 /* 4 keys */
    {"var_reci_chn_0", K_FLOAT, -65504, 65504, 1},
    {"var_reci_chn_1", K_FLOAT, -65504, 65504, 1},
    {"var_reci_chn_2", K_FLOAT, -65504, 65504, 1},
    {"var_reci_chn_3", K_FLOAT, -65504, 65504, 1},
#define KEY_RAW_N 55
    {"raw_rgbir_to_f16_n", K_INT, 0, 31, 8},
#define NKEYS 56
};
_Static_assert(sizeof(g_keys) / sizeof(g_keys[0]) == NKEYS, "key table and its indexes agree");

static const char *const g_formats[] = {"", "YUV420SP_U8", "XRGB8888_U8", "RGB888_U8", "YUV400_U8"};

/* One aipp_op block. */
struct block {
    int line;        /* of aipp_op */
    double v[NKEYS]; /* values (defaults until set) */
    int at[NKEYS];   /* line of each key given, 0 = not given */
};

/* ---- the reader ----------------------------------------------------------------- */

struct reader {
    const char *path;
    const char *p, *end;
    int line;
    char tok[256];
    int tok_line;
    char kind; /* 'w' word, 's' string, '{', '}', ':', 0 end */
};

#define CONF_ERR(r, line, ...) conf_err((r)->path, line, __VA_ARGS__)

__attribute__((format(printf, 3, 4))) static uint32_t conf_err(const char *path, int line,
                                                               const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (line > 0)
        return graph_err(GE_GRAPH_PARAM_INVALID,
                         "aclgrphBuildModel: ge.insertOpFile %s: line %d: %s", path, line, msg);
    return graph_err(GE_GRAPH_PARAM_INVALID, "aclgrphBuildModel: ge.insertOpFile %s: %s", path,
                     msg);
}

/* The next token into r->tok / r->kind; false for a token too long or an
 * unterminated string (message recorded). */
static bool next(struct reader *r, uint32_t *rc)
{
    for (;;) {
        while (r->p < r->end && isspace((unsigned char)*r->p))
            r->line += *r->p++ == '\n';
        if (r->p < r->end && *r->p == '#') {
            while (r->p < r->end && *r->p != '\n')
                r->p++;
            continue;
        }
        break;
    }
    r->tok_line = r->line;
    r->tok[0] = 0;
    if (r->p == r->end) {
        r->kind = 0;
        return true;
    }
    char c = *r->p;
    if (c == '{' || c == '}' || c == ':') {
        r->kind = c;
        r->p++;
        return true;
    }
    size_t n = 0;
    if (c == '"') {
        r->p++;
        while (r->p < r->end && *r->p != '"' && *r->p != '\n' && n + 1 < sizeof(r->tok))
            r->tok[n++] = *r->p++;
        if (r->p == r->end || *r->p != '"') {
            *rc = CONF_ERR(r, r->tok_line, "unterminated string");
            return false;
        }
        r->p++;
        r->tok[n] = 0;
        r->kind = 's';
        return true;
    }
    while (r->p < r->end && !isspace((unsigned char)*r->p) && !strchr("{}:#\"", *r->p)) {
        if (n + 1 == sizeof(r->tok)) {
            *rc =
                CONF_ERR(r, r->tok_line, "a word of more than %zu characters", sizeof(r->tok) - 1);
            return false;
        }
        r->tok[n++] = *r->p++;
    }
    r->tok[n] = 0;
    r->kind = 'w';
    return true;
}

static const char *tok_name(const struct reader *r)
{
    switch (r->kind) {
    case 0:
        return "the end of the file";
    case '{':
        return "'{'";
    case '}':
        return "'}'";
    case ':':
        return "':'";
    default:
        return r->tok;
    }
}

/* The value of key k from the word or string in r->tok into b. */
static uint32_t value(struct reader *r, struct block *b, int k)
{
    const struct key *key = &g_keys[k];
    const char *t = r->tok;
    double v = 0;
    char *e = NULL;
    switch (key->kind) {
    case K_STR:
        if (r->kind != 's' && r->kind != 'w')
            return CONF_ERR(r, r->tok_line, "%s needs a value, found %s", key->name, tok_name(r));
        if (*t)
            return CONF_ERR(r, r->tok_line,
                            "related_input_name applies to Caffe models; use related_input_rank");
        break;
    case K_MODE:
        if (!strcmp(t, "static"))
            v = 1;
        else if (!strcmp(t, "dynamic"))
            v = 2;
        else
            return CONF_ERR(r, r->tok_line, "aipp_mode is \"%s\", expected static or dynamic", t);
        break;
    case K_FORMAT:
        for (int f = 1; f <= 4 && !v; f++)
            if (!strcmp(t, g_formats[f]))
                v = f;
        if (!v)
            return CONF_ERR(r, r->tok_line,
                            "input_format is \"%s\": cpuacl runs YUV420SP_U8, XRGB8888_U8, "
                            "RGB888_U8 and YUV400_U8",
                            t);
        break;
    case K_BOOL:
        if (!strcmp(t, "true") || !strcmp(t, "1"))
            v = 1;
        else if (strcmp(t, "false") && strcmp(t, "0"))
            return CONF_ERR(r, r->tok_line, "%s is \"%s\", expected true or false", key->name, t);
        if (v > key->hi)
            return CONF_ERR(r, r->tok_line, "%s true is not supported (a reserved feature)",
                            key->name);
        break;
    case K_INT:
    case K_FLOAT:
        errno = 0;
        v = key->kind == K_INT ? (double)strtoll(t, &e, 10) : strtod(t, &e);
        if (r->kind != 'w' || e == t || *e || errno || !isfinite(v))
            return CONF_ERR(r, r->tok_line, "%s is \"%s\", expected %s", key->name, t,
                            key->kind == K_INT ? "an integer" : "a number");
        if (v < key->lo || v > key->hi)
            return CONF_ERR(r, r->tok_line, "%s is %s, outside [%g, %g]", key->name, t, key->lo,
                            key->hi);
        break;
    }
    b->v[k] = v;
    return GE_OK;
}

/* Read every aipp_op block of the file text [p, end). */
static uint32_t parse(const char *path, const char *p, size_t len, struct block **out, size_t *n)
{
    struct reader r = {path, p, p + len, 1, {0}, 0, 0};
    struct block *v = NULL;
    size_t nb = 0;
    uint32_t rc = GE_OK;
    while (rc == GE_OK && next(&r, &rc) && r.kind) {
        if (r.kind != 'w' || strcmp(r.tok, "aipp_op")) {
            rc = CONF_ERR(&r, r.tok_line, "expected aipp_op, found %s", tok_name(&r));
            break;
        }
        struct block *nv = realloc(v, (nb + 1) * sizeof(*v));
        if (!nv) {
            rc = graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBuildModel: out of memory");
            break;
        }
        v = nv;
        struct block *b = &v[nb++];
        memset(b, 0, sizeof(*b));
        b->line = r.tok_line;
        for (int k = 0; k < NKEYS; k++)
            b->v[k] = g_keys[k].dflt;
        if (!next(&r, &rc))
            break;
        if (r.kind != '{') {
            rc = CONF_ERR(&r, r.tok_line, "expected '{' after aipp_op, found %s", tok_name(&r));
            break;
        }
        while (rc == GE_OK && next(&r, &rc) && r.kind != '}') {
            if (r.kind != 'w') {
                rc = r.kind ? CONF_ERR(&r, r.tok_line, "expected a key, found %s", tok_name(&r))
                            : CONF_ERR(&r, b->line, "the aipp_op block has no closing '}'");
                break;
            }
            int k = 0;
            while (k < NKEYS && strcmp(g_keys[k].name, r.tok))
                k++;
            if (k == NKEYS) {
                rc = CONF_ERR(&r, r.tok_line, "unknown key %s", r.tok);
                break;
            }
            if (b->at[k]) {
                rc = CONF_ERR(&r, r.tok_line, "%s is given twice (first on line %d)",
                              g_keys[k].name, b->at[k]);
                break;
            }
            b->at[k] = r.tok_line;
            if (!next(&r, &rc))
                break;
            if (r.kind != ':') {
                rc = CONF_ERR(&r, r.tok_line, "expected ':' after %s, found %s", g_keys[k].name,
                              tok_name(&r));
                break;
            }
            if (!next(&r, &rc))
                break;
            rc = value(&r, b, k);
        }
    }
    if (rc == GE_OK && !nb)
        rc = CONF_ERR(&r, 0, "no aipp_op block");
    if (rc != GE_OK) {
        free(v);
        return rc;
    }
    *out = v;
    *n = nb;
    return GE_OK;
}

/* ---- the graph ------------------------------------------------------------------- */

/* The description a Data node's inference reads (as graph/model.c's). */
static cpuaclGeTensor *data_desc(struct graph_node *n)
{
    return n->in_desc[0].ndim >= 0 ? &n->in_desc[0] : &n->out_desc[0];
}

/* The Data node of model input rank (graph_infer's numbering: the index
 * attribute, else the SetInputs position, else the order of addition among
 * the positions left); -1 when there is none. */
static int32_t data_at(const struct cpuaclGeGraph *g, int64_t rank, uint32_t *ndata)
{
    uint32_t nd = 0;
    for (uint32_t i = 0; i < g->nnodes; i++)
        nd += g->nodes[i].kind == GRAPH_DATA;
    *ndata = nd;
    if (rank < 0 || rank >= nd)
        return -1;
    int32_t *pos = malloc((nd + 1) * sizeof(int32_t));
    if (!pos)
        return -1;
    for (uint32_t k = 0; k < nd; k++)
        pos[k] = -1;
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; i < g->nnodes; i++) {
            const struct graph_node *n = &g->nodes[i];
            if (n->kind != GRAPH_DATA)
                continue;
            int64_t idx = graph_attr_int(n, "index", -1);
            for (uint32_t k = 0; idx < 0 && k < g->ninputs; k++)
                if (g->inputs[k] == (int32_t)i)
                    idx = k;
            if ((idx < 0) != (pass == 1))
                continue;
            if (pass == 1)
                for (idx = 0; idx < nd && pos[idx] >= 0; idx++)
                    ;
            if (idx >= 0 && idx < nd && pos[idx] < 0)
                pos[idx] = (int32_t)i;
        }
    int32_t r = pos[rank];
    free(pos);
    return r;
}

/* Section entry fields (docs/mdl.md, "Section 5: aipp"). */
struct entry {
    uint32_t input, mode, params_input, image_nd;
    int64_t image_dims[4];
    int32_t out_dtype, out_format;
    int64_t out_dims[4];
    uint64_t max_src;
    uint32_t block_len;
    unsigned char *block;
};

static void put32(FILE *f, uint32_t v)
{
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    fwrite(b, 1, 4, f);
}

static void put64(FILE *f, uint64_t v)
{
    put32(f, (uint32_t)v);
    put32(f, (uint32_t)(v >> 32));
}

/* The parameter block of a static block b for an input of c x h x w:
 * through the dynamic setters (their ranges and messages), then
 * core_aipp_check against the input. */
static uint32_t static_block(const char *path, const struct block *b, int64_t c, int64_t h,
                             int64_t w, const struct graph_aipp_gears *hw, struct entry *e)
{
    const double *v = b->v;
    int32_t fmt = (int32_t)v[KEY_FORMAT];
    bool crop = v[KEY_CROP] != 0, pad = v[KEY_PADDING] != 0;
    int32_t src_w = (int32_t)v[KEY_SRC_W], src_h = (int32_t)v[KEY_SRC_H];
    if (hw) {
        /* H*W gears: src 0 and neither crop nor padding (graph_aipp_insert
         * has checked); the source is each gear's H x W */
    } else if (!src_w || !src_h) {
        if (crop || pad)
            return conf_err(path, b->line,
                            "aipp_op: src_image_size_w and _h must be given when crop or "
                            "padding is on");
        src_w = (int32_t)w;
        src_h = (int32_t)h;
    }
    int32_t crop_w = (int32_t)v[KEY_CROP_W], crop_h = (int32_t)v[KEY_CROP_H];
    if (crop && (!crop_w || !crop_h)) {
        if (pad)
            return conf_err(path, b->line,
                            "aipp_op: crop_size_w and _h must be given when padding is on");
        crop_w = (int32_t)w;
        crop_h = (int32_t)h;
    }
    aclmdlAIPP *a = aclmdlCreateAIPP(1);
    if (!a)
        return graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBuildModel: out of memory");
    int16_t m[9];
    for (int k = 0; k < 9; k++)
        m[k] = (int16_t)v[KEY_MATRIX + k];
    const double *ob = v + KEY_OUT_BIAS, *ib = v + KEY_IN_BIAS;
    const double *mean = v + KEY_MEAN, *mn = v + KEY_MIN, *var = v + KEY_VAR;
    aclError rc = aclmdlSetAIPPInputFormat(a, (aclAippInputFormat)fmt);
    if (!rc && hw)
        core_aipp_set_src_auto(a);
    else if (!rc)
        rc = aclmdlSetAIPPSrcImageSize(a, src_w, src_h);
    if (!rc)
        rc = aclmdlSetAIPPCscParams(a, (int8_t)v[KEY_CSC], m[0], m[1], m[2], m[3], m[4], m[5], m[6],
                                    m[7], m[8], (uint8_t)ob[0], (uint8_t)ob[1], (uint8_t)ob[2],
                                    (uint8_t)ib[0], (uint8_t)ib[1], (uint8_t)ib[2]);
    if (!rc)
        rc = aclmdlSetAIPPRbuvSwapSwitch(a, (int8_t)v[KEY_RBUV]);
    if (!rc)
        rc = aclmdlSetAIPPAxSwapSwitch(a, (int8_t)v[KEY_AX]);
    if (!rc)
        rc = aclmdlSetAIPPCropParams(a, crop, (int32_t)v[KEY_LOAD_W], (int32_t)v[KEY_LOAD_H],
                                     crop_w, crop_h, 0);
    if (!rc)
        rc = aclmdlSetAIPPPaddingParams(a, pad, (int32_t)v[KEY_PAD_T], (int32_t)v[KEY_PAD_B],
                                        (int32_t)v[KEY_PAD_L], (int32_t)v[KEY_PAD_R], 0);
    if (!rc)
        rc = aclmdlSetAIPPDtcPixelMean(a, (int16_t)mean[0], (int16_t)mean[1], (int16_t)mean[2],
                                       (int16_t)mean[3], 0);
    if (!rc)
        rc = aclmdlSetAIPPDtcPixelMin(a, (float)mn[0], (float)mn[1], (float)mn[2], (float)mn[3], 0);
    if (!rc)
        rc = aclmdlSetAIPPPixelVarReci(a, (float)var[0], (float)var[1], (float)var[2],
                                       (float)var[3], 0);
    uint32_t st = GE_OK;
    if (rc) {
        st = conf_err(path, b->line, "aipp_op: %s", aclGetRecentErrMsg());
    } else {
        core_aipp_set_pad_value(a, (float)v[KEY_PAD_VALUE]);
        e->block_len = (uint32_t)core_aipp_block_bytes(1);
        e->block = malloc(e->block_len);
        if (!e->block || core_aipp_serialize(a, e->block, e->block_len))
            st = graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBuildModel: out of memory");
    }
    aclmdlDestroyAIPP(a);
    if (st != GE_OK)
        return st;
    struct core_aipp_image im;
    core_aipp_decode_image(e->block, 0, &im);
    char msg[256];
    /* the checks of the kernel: once, or with H*W gears at each gear's size */
    for (size_t k = 0; k < (hw ? hw->count : 1); k++) {
        struct core_aipp_set s;
        core_aipp_decode(e->block, e->block_len, &s);
        int64_t gh = hw ? (int64_t)hw->v[2 * k] : h, gw = hw ? (int64_t)hw->v[2 * k + 1] : w;
        core_aipp_resolve_src(&s, gh, gw);
        size_t bytes = core_aipp_src_bytes(fmt, s.src_w, s.src_h);
        if (core_aipp_check(&s, &im, gh, gw, c, bytes, msg, sizeof(msg))) {
            if (!hw)
                return conf_err(path, b->line, "aipp_op: %s", msg);
            return conf_err(path, b->line, "aipp_op: at the H*W gear (%lld,%lld): %s",
                            (long long)gh, (long long)gw, msg);
        }
    }
    return GE_OK;
}

/* Redirect every use of node `from`'s output 0 (inputs of nodes other than
 * `skip`, graph outputs) to node `to`'s output 0. */
static void redirect(struct cpuaclGeGraph *g, int32_t from, int32_t to, int32_t skip)
{
    for (uint32_t i = 0; i < g->nnodes; i++) {
        if ((int32_t)i == skip)
            continue;
        struct graph_node *n = &g->nodes[i];
        for (uint32_t k = 0; k < n->nin; k++)
            if (n->in[k].node == from && n->in[k].out == 0)
                n->in[k].node = to;
    }
    for (uint32_t k = 0; k < g->noutputs; k++)
        if (g->outputs[k].node == from && g->outputs[k].out == 0)
            g->outputs[k].node = to;
}

static uint32_t add_node(struct cpuaclGeGraph *g, const char *type, const char *name, int32_t *id)
{
    *id = cpuaclGeGraphAddNode(g, type, name);
    return *id < 0
               ? graph_err(GE_GRAPH_PARAM_INVALID, "aclgrphBuildModel: %s", aclGetRecentErrMsg())
               : GE_OK;
}

/* Insert block b (its input found) into g; e gets the section entry. */
static uint32_t insert(struct cpuaclGeGraph *g, const char *path, const struct block *b,
                       const struct graph_aipp_gears *gears, struct entry *e)
{
    int64_t max_batch = 0; /* the largest batch gear */
    for (size_t k = 0; gears->kind == 1 && k < gears->count; k++)
        if ((int64_t)gears->v[k] > max_batch)
            max_batch = (int64_t)gears->v[k];
    const struct graph_aipp_gears *hw = gears->kind == 2 ? gears : NULL;
    uint32_t ndata = 0;
    int64_t rank = (int64_t)b->v[KEY_RANK];
    int32_t d = data_at(g, rank, &ndata);
    if (d < 0)
        return conf_err(path, b->at[KEY_RANK] ? b->at[KEY_RANK] : b->line,
                        "related_input_rank %lld: the model has %u inputs", (long long)rank, ndata);
    cpuaclGeTensor od = *data_desc(&g->nodes[d]);
    const char *dname = g->nodes[d].name;
    if (od.ndim != 4 || (od.format != 0 && od.format != 1) || (od.dtype != 0 && od.dtype != 1))
        return conf_err(path, b->line,
                        "aipp_op: input %lld (%s) must be a 4-d float32 or float16 NCHW or NHWC "
                        "tensor (AIPP writes images), not %d dims of ge::DataType %d, "
                        "ge::Format %d",
                        (long long)rank, dname, (int)od.ndim, (int)od.dtype, (int)od.format);
    bool nhwc = od.format == 1;
    int64_t n = od.dims[0], c = od.dims[nhwc ? 3 : 1], h = od.dims[nhwc ? 1 : 2],
            w = od.dims[nhwc ? 2 : 3];
    bool hw_dims = hw && h == -1 && w == -1; /* the H*W gears set them */
    if (c < 1 || (!hw_dims && (h < 1 || w < 1)) || (n < 1 && !(n == -1 && max_batch > 0)))
        return conf_err(path, b->line,
                        "aipp_op: input %s has an unknown or empty dim (with gears AIPP takes a "
                        "-1 batch dim (dynamic batch) or -1 H and W (dynamic H*W))",
                        dname);
    if (!hw_dims)
        hw = NULL; /* an input the H*W gears do not touch: AIPP as without gears */
    int64_t nb = n > 0 ? n : max_batch; /* the images a parameter block is for */
    memset(e, 0, sizeof(*e));
    e->input = (uint32_t)rank;
    e->mode = (uint32_t)b->v[KEY_MODE];
    e->params_input = UINT32_MAX;
    e->out_dtype = od.dtype;
    e->out_format = od.format;
    memcpy(e->out_dims, od.dims, sizeof(e->out_dims));
    cpuaclGeTensor img = {.dtype = 4 /* DT_UINT8 */, .placement = od.placement};
    cpuaclGeTensor prm = {.dtype = 4, .format = 2 /* ND */, .ndim = 1};
    uint32_t rc = GE_OK;
    if (e->mode == 1) {
        if (!b->at[KEY_FORMAT])
            return conf_err(path, b->line, "aipp_op: a static aipp_op needs input_format");
        rc = static_block(path, b, c, h, w, hw, e);
        if (rc != GE_OK)
            return rc;
        struct core_aipp_set s;
        core_aipp_decode(e->block, e->block_len, &s);
        int64_t ch = s.format == ACL_RGB888_U8 ? 3 : s.format == ACL_XRGB8888_U8 ? 4 : 1;
        img.format = 1; /* NHWC */
        img.ndim = 4;
        /* with H*W gears [N, -1, -1, C]: each gear's H and W (a YUV420SP
         * image's rows x 1.5 there: core_mdl_gear_table's yuv_rows) */
        int64_t v1[4] = {n, hw ? -1 : s.src_h, hw ? -1 : s.src_w, ch};
        memcpy(e->image_dims, v1, sizeof(v1));
        e->image_nd = 4;
        memcpy(img.dims, v1, sizeof(v1));
        if (s.format == ACL_YUV420SP_U8 && !hw)
            img.dims[1] = (int64_t)s.src_h * 3 / 2; /* the bytes: Y, then UV at half height */
        prm.dims[0] = e->block_len;
        prm.data = e->block;
        prm.size = e->block_len;
    } else {
        if (b->at[KEY_FORMAT] || b->at[KEY_CSC] || b->at[KEY_CROP] || b->at[KEY_PADDING])
            return conf_err(path, b->line,
                            "aipp_op: a dynamic aipp_op takes its parameters at run time "
                            "(aclmdlSetInputAIPP): give only aipp_mode, related_input_rank and "
                            "max_src_image_size");
        uint64_t max = (uint64_t)b->v[KEY_MAX_SRC];
        if (!max || max % (uint64_t)nb)
            return conf_err(path, b->at[KEY_MAX_SRC] ? b->at[KEY_MAX_SRC] : b->line,
                            "max_src_image_size must be given for dynamic AIPP, a positive "
                            "multiple of the batch %lld%s",
                            (long long)nb, n > 0 ? "" : " (the largest batch gear)");
        if ((uint64_t)nb > CORE_AIPP_MAX_BATCH)
            return conf_err(path, b->line,
                            "dynamic AIPP takes at most %u images, the input has "
                            "%lld",
                            CORE_AIPP_MAX_BATCH, (long long)nb);
        e->max_src = max;
        img.format = 2; /* ND: the bytes of N images */
        img.ndim = 2;
        img.dims[0] = n;
        img.dims[1] = (int64_t)(max / (uint64_t)nb);
        e->image_nd = 2;
        e->image_dims[0] = img.dims[0];
        e->image_dims[1] = img.dims[1];
        prm.dims[0] = (int64_t)core_aipp_block_bytes((uint32_t)nb);
    }
    /* the Aipp node; the input's Data node now carries the image */
    char name[300];
    snprintf(name, sizeof(name), "%s_aipp", dname);
    int32_t an, pn;
    rc = add_node(g, "Aipp", name, &an);
    cpuaclGeAttrValue path_attr = {.kind = CPUACL_GE_ATTR_STR, .s = path};
    if (rc == GE_OK)
        rc = cpuaclGeGraphSetAttr(g, an, "aipp_config_path", &path_attr);
    if (rc == GE_OK && e->mode == 1) {
        snprintf(name, sizeof(name), "%s_aipp_params", g->nodes[d].name);
        rc = add_node(g, "Const", name, &pn);
        cpuaclGeAttrValue t = {.kind = CPUACL_GE_ATTR_TENSOR, .tensor = &prm};
        if (rc == GE_OK)
            rc = cpuaclGeGraphSetAttr(g, pn, "value", &t);
        if (rc == GE_OK)
            rc = cpuaclGeGraphSetDesc(g, pn, 1, "y", &prm);
    } else if (rc == GE_OK) {
        for (uint32_t i = 0; i < g->nnodes; i++)
            if (!strcmp(g->nodes[i].name, ACL_DYNAMIC_AIPP_NAME))
                return conf_err(path, b->line, "cpuacl takes one dynamic aipp_op a model");
        rc = add_node(g, "Data", ACL_DYNAMIC_AIPP_NAME, &pn);
        cpuaclGeAttrValue idx = {.kind = CPUACL_GE_ATTR_INT, .i = ndata};
        if (rc == GE_OK)
            rc = cpuaclGeGraphSetAttr(g, pn, "index", &idx);
        if (rc == GE_OK)
            rc = cpuaclGeGraphSetDesc(g, pn, 0, "x", &prm);
        e->params_input = ndata;
    }
    if (rc == GE_OK)
        rc = cpuaclGeGraphSetInput(g, an, "images", d, NULL, 0);
    if (rc == GE_OK)
        rc = cpuaclGeGraphSetInput(g, an, "params", pn, NULL, 0);
    if (rc == GE_OK)
        rc = cpuaclGeGraphSetDesc(g, an, 1, "features", &od);
    if (rc != GE_OK)
        return rc;
    redirect(g, d, an, an);
    *data_desc(&g->nodes[d]) = img;
    data_desc(&g->nodes[d])->data = NULL;
    return GE_OK;
}

static void encode(FILE *f, const struct entry *e, size_t n)
{
    put32(f, (uint32_t)n);
    for (size_t i = 0; i < n; i++) {
        put32(f, e[i].input);
        put32(f, e[i].mode);
        put32(f, e[i].params_input);
        put32(f, e[i].image_nd);
        for (int k = 0; k < 4; k++)
            put64(f, (uint64_t)e[i].image_dims[k]);
        put32(f, (uint32_t)e[i].out_dtype);
        put32(f, (uint32_t)e[i].out_format);
        for (int k = 0; k < 4; k++)
            put64(f, (uint64_t)e[i].out_dims[k]);
        put64(f, e[i].max_src);
        put32(f, e[i].block_len);
        if (e[i].block_len)
            fwrite(e[i].block, 1, e[i].block_len, f);
    }
}

uint32_t graph_aipp_insert(struct cpuaclGeGraph *g, const char *path,
                           const struct graph_aipp_gears *gears, void **section, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return graph_err(GE_GRAPH_PARAM_INVALID,
                         "aclgrphBuildModel: ge.insertOpFile %s: the file cannot be opened", path);
    char *text = NULL;
    size_t tlen = 0;
    FILE *m = open_memstream(&text, &tlen);
    char buf[4096];
    size_t k;
    while (m && (k = fread(buf, 1, sizeof(buf), f)) > 0)
        fwrite(buf, 1, k, m);
    fclose(f);
    if (!m || fclose(m)) {
        free(text);
        return graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBuildModel: out of memory");
    }
    struct block *b = NULL;
    size_t nb = 0;
    uint32_t rc = parse(path, text, tlen, &b, &nb);
    free(text);
    if (rc != GE_OK)
        return rc;
    struct entry *e = calloc(nb, sizeof(*e));
    if (!e)
        rc = graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBuildModel: out of memory");
    for (size_t i = 0; rc == GE_OK && i < nb; i++) {
        if (!b[i].at[KEY_MODE]) {
            rc = conf_err(path, b[i].line, "aipp_op: aipp_mode must be given (static or dynamic)");
            break;
        }
        for (size_t j = 0; j < i; j++)
            if (b[j].v[KEY_RANK] == b[i].v[KEY_RANK])
                rc = conf_err(path, b[i].line,
                              "aipp_op: related_input_rank %lld has an aipp_op already (line %d)",
                              (long long)b[i].v[KEY_RANK], b[j].line);
        /* CANN (GE's InsertAippOpUtil::CheckAndCopyAippOpParams): with
         * dynamic H*W no aipp_op crops or pads, a static one has source size 0 */
        const double *bv = b[i].v;
        if (rc == GE_OK && gears->kind == 2 && (bv[KEY_CROP] || bv[KEY_PADDING]))
            rc = conf_err(path, b[i].at[bv[KEY_CROP] ? KEY_CROP : KEY_PADDING],
                          "When --dynamic_image_size (ge.dynamicImageSize) is set, crop and "
                          "padding cannot be set to 'true'");
        else if (rc == GE_OK && gears->kind == 2 && bv[KEY_MODE] == 1 &&
                 (bv[KEY_SRC_W] || bv[KEY_SRC_H]))
            rc = conf_err(path, b[i].at[bv[KEY_SRC_W] ? KEY_SRC_W : KEY_SRC_H],
                          "When --dynamic_image_size (ge.dynamicImageSize) is set, "
                          "src_image_size_w and src_image_size_h must be set to '0'");
        if (rc == GE_OK)
            rc = insert(g, path, &b[i], gears, &e[i]);
    }
    if (rc == GE_OK) {
        char *sec = NULL;
        size_t slen = 0;
        FILE *o = open_memstream(&sec, &slen);
        if (o) {
            encode(o, e, nb);
            if (fclose(o))
                o = NULL;
        }
        if (!o) {
            free(sec);
            rc = graph_err(GE_GRAPH_MALLOC_FAILED, "aclgrphBuildModel: out of memory");
        } else {
            *section = sec;
            *len = slen;
        }
    }
    for (size_t i = 0; e && i < nb; i++)
        free(e[i].block);
    free(e);
    free(b);
    return rc;
}
