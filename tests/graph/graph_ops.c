/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The graph engine through its C interface (ge/cpuacl_ge.h): every operator
 * of all_ops.h inside a graph against a host reference (Sub, Div, RealDiv,
 * Sigmoid, Tanh, Exp, Sqrt, Cast, MatMul with bias and transpose, BatchMatMul
 * with adj, LayerNorm with its three outputs, ReduceSum/ReduceMean,
 * Transpose, Reshape, ConcatV2, MaxPool SAME, AvgPool VALID, BiasAdd NHWC, Conv3D,
 * MaxPool3D and AvgPool3D on NDHWC),
 * outputs that are a Data or a Const, independent branches on several lanes,
 * the memory plan's buffer reuse, and many runs of one graph from two
 * threads on their own streams.
 */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"
#include "ge/cpuacl_ge.h"
#include "testutil.h"

#define OKGE(call)                                                                                 \
    do {                                                                                           \
        uint32_t rc_ = (call);                                                                     \
        if (rc_ != 0) {                                                                            \
            fprintf(stderr, "%s:%d: %s returned %u (%s)\n", __FILE__, __LINE__, #call, rc_,        \
                    aclGetRecentErrMsg());                                                         \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static uint64_t g_sess;

/* ---- building helpers ------------------------------------------------------------- */

static int32_t node(cpuaclGeGraph *g, const char *type, const char *name)
{
    int32_t n = cpuaclGeGraphAddNode(g, type, name);
    CHECK(n >= 0);
    return n;
}

static void edge(cpuaclGeGraph *g, int32_t dst, const char *in, int32_t src, int32_t out)
{
    OKGE(cpuaclGeGraphSetInput(g, dst, in, src, NULL, out));
}

static void attr_i(cpuaclGeGraph *g, int32_t n, const char *a, int kind, int64_t v)
{
    cpuaclGeAttrValue x = {.kind = kind, .i = v};
    OKGE(cpuaclGeGraphSetAttr(g, n, a, &x));
}

static void attr_f(cpuaclGeGraph *g, int32_t n, const char *a, double v)
{
    cpuaclGeAttrValue x = {.kind = CPUACL_GE_ATTR_FLOAT, .f = v};
    OKGE(cpuaclGeGraphSetAttr(g, n, a, &x));
}

static void attr_s(cpuaclGeGraph *g, int32_t n, const char *a, const char *v)
{
    cpuaclGeAttrValue x = {.kind = CPUACL_GE_ATTR_STR, .s = v};
    OKGE(cpuaclGeGraphSetAttr(g, n, a, &x));
}

static void attr_ints(cpuaclGeGraph *g, int32_t n, const char *a, const int64_t *v, size_t cnt)
{
    cpuaclGeAttrValue x = {.kind = CPUACL_GE_ATTR_INTS, .ints = v, .n = cnt};
    OKGE(cpuaclGeGraphSetAttr(g, n, a, &x));
}

static cpuaclGeTensor tdesc(int32_t dt, int nd, const int64_t *dims, void *data, uint64_t size)
{
    cpuaclGeTensor t = {.dtype = dt, .format = 2, .ndim = nd, .data = data, .size = size};
    if (nd > 0)
        memcpy(t.dims, dims, (size_t)nd * sizeof(int64_t));
    return t;
}

static int32_t data_node(cpuaclGeGraph *g, const char *name, int64_t index, int nd,
                         const int64_t *dims)
{
    int32_t n = node(g, "Data", name);
    attr_i(g, n, "index", CPUACL_GE_ATTR_INT, index);
    cpuaclGeTensor t = tdesc(ACL_FLOAT, nd, dims, NULL, 0);
    OKGE(cpuaclGeGraphSetDesc(g, n, 0, "x", &t));
    return n;
}

static int32_t const_node(cpuaclGeGraph *g, const char *name, int32_t dt, int nd,
                          const int64_t *dims, const void *v, uint64_t bytes)
{
    int32_t n = node(g, "Const", name);
    cpuaclGeTensor t = tdesc(dt, nd, dims, (void *)v, bytes);
    cpuaclGeAttrValue x = {.kind = CPUACL_GE_ATTR_TENSOR, .tensor = &t};
    OKGE(cpuaclGeGraphSetAttr(g, n, "value", &x));
    return n;
}

static int32_t unary(cpuaclGeGraph *g, const char *type, int32_t x)
{
    int32_t n = node(g, type, type);
    edge(g, n, "x", x, 0);
    return n;
}

static int32_t binary(cpuaclGeGraph *g, const char *type, int32_t a, int32_t b)
{
    int32_t n = node(g, type, type);
    edge(g, n, "x1", a, 0);
    edge(g, n, "x2", b, 0);
    return n;
}

/* Add graph g as id, build, run synchronously on host data. */
static void run_host(uint32_t id, cpuaclGeGraph *g, cpuaclGeTensor *in, size_t nin,
                     cpuaclGeTensor *out, size_t nout)
{
    OKGE(cpuaclGeSessionAddGraph(g_sess, id, g, NULL, NULL, 0));
    OKGE(cpuaclGeSessionBuildGraph(g_sess, id, in, nin));
    cpuaclGeTensor desc[16];
    size_t n = 16;
    OKGE(cpuaclGeSessionGetOutputs(g_sess, id, desc, &n));
    CHECK(n == nout);
    for (size_t i = 0; i < n; i++)
        CHECK(desc[i].size == out[i].size);
    OKGE(cpuaclGeSessionRun(g_sess, id, in, nin, out, nout));
}

static void near(const float *got, const double *want, int n, double tol, const char *what)
{
    for (int i = 0; i < n; i++)
        if (!(fabs(got[i] - want[i]) <= tol * (1 + fabs(want[i])))) {
            fprintf(stderr, "%s[%d] = %.7g, expected %.7g\n", what, i, got[i], want[i]);
            exit(1);
        }
}

static void fill(float *v, int n, double scale, double shift)
{
    for (int i = 0; i < n; i++)
        v[i] = (float)(scale * ((i * 29 + 7) % 13) - shift);
}

/* ---- graphs -------------------------------------------------------------------------- */

static void test_elementwise(void)
{
    cpuaclGeGraph *g = cpuaclGeGraphCreate("ew");
    int64_t d[2] = {2, 3};
    int32_t x = data_node(g, "x", 0, 2, d), y = data_node(g, "y", 1, 2, d);
    int32_t o[8];
    o[0] = binary(g, "Sub", x, y);
    o[1] = binary(g, "Div", x, y);
    o[2] = binary(g, "RealDiv", y, x);
    o[3] = unary(g, "Sigmoid", x);
    o[4] = unary(g, "Tanh", x);
    o[5] = unary(g, "Sqrt", unary(g, "Exp", x));
    o[6] = node(g, "Cast", "cast");
    edge(g, o[6], "x", x, 0);
    attr_i(g, o[6], "dst_type", CPUACL_GE_ATTR_INT, ACL_FLOAT16);
    o[7] = unary(g, "Identity", x);
    int32_t outs[8] = {0};
    OKGE(cpuaclGeGraphSetInputs(g, (int32_t[]){x, y}, 2));
    OKGE(cpuaclGeGraphSetOutputs(g, o, outs, 8));
    float xv[6], yv[6], r[7][6];
    uint16_t half[6];
    float idv[6];
    fill(xv, 6, 0.4, 1.1);
    fill(yv, 6, -0.3, -2.05);
    cpuaclGeTensor in[2] = {tdesc(ACL_FLOAT, 2, d, xv, sizeof xv),
                            tdesc(ACL_FLOAT, 2, d, yv, sizeof yv)};
    cpuaclGeTensor out[8];
    for (int i = 0; i < 7; i++)
        out[i] = tdesc(ACL_FLOAT, 2, d, r[i], sizeof r[i]);
    out[6] = tdesc(ACL_FLOAT16, 2, d, half, sizeof half);
    out[7] = tdesc(ACL_FLOAT, 2, d, idv, sizeof idv);
    run_host(10, g, in, 2, out, 8);
    double w[6];
#define REF(k, expr, tol)                                                                          \
    do {                                                                                           \
        for (int i = 0; i < 6; i++) {                                                              \
            double a = xv[i], b = yv[i];                                                           \
            (void)a, (void)b;                                                                      \
            w[i] = (expr);                                                                         \
        }                                                                                          \
        near(r[k], w, 6, tol, #expr);                                                              \
    } while (0)
    REF(0, a - b, 1e-6);
    REF(1, a / b, 1e-6);
    REF(2, b / a, 1e-6);
    REF(3, 1 / (1 + exp(-a)), 1e-6);
    REF(4, tanh(a), 1e-6);
    REF(5, sqrt(exp(a)), 1e-6);
    for (int i = 0; i < 6; i++) {
        _Float16 h;
        memcpy(&h, &half[i], 2);
        CHECK(fabs((double)h - xv[i]) <= 1e-3 * (1 + fabs(xv[i])));
        CHECK(idv[i] == xv[i]);
    }
#undef REF
}

static void test_matmul(void)
{
    cpuaclGeGraph *g = cpuaclGeGraphCreate("mm");
    int64_t ad[2] = {3, 2}, bd[2] = {3, 4}, cd[3] = {2, 2, 3}, dd[3] = {2, 4, 3}, biasd[1] = {4};
    int32_t a = data_node(g, "a", 0, 2, ad), b = data_node(g, "b", 1, 2, bd);
    int32_t c = data_node(g, "c", 2, 3, cd), dn = data_node(g, "d", 3, 3, dd);
    float bias[4] = {0.5f, -1, 2, 0.25f};
    int32_t bi = const_node(g, "bias", ACL_FLOAT, 1, biasd, bias, sizeof bias);
    int32_t mm = node(g, "MatMul", "mm");
    edge(g, mm, "x1", a, 0);
    edge(g, mm, "x2", b, 0);
    edge(g, mm, "bias", bi, 0);
    attr_i(g, mm, "transpose_x1", CPUACL_GE_ATTR_BOOL, 1);
    int32_t bmm = node(g, "BatchMatMul", "bmm");
    edge(g, bmm, "x1", c, 0);
    edge(g, bmm, "x2", dn, 0);
    attr_i(g, bmm, "adj_x2", CPUACL_GE_ATTR_BOOL, 1);
    OKGE(cpuaclGeGraphSetOutputs(g, (int32_t[]){mm, bmm}, (int32_t[]){0, 0}, 2));
    float av[6], bv[12], cv[12], dv[24], r1[8], r2[16];
    fill(av, 6, 0.5, 1), fill(bv, 12, -0.25, -1), fill(cv, 12, 0.3, 0.5), fill(dv, 24, 0.2, 1);
    cpuaclGeTensor in[4] = {
        tdesc(ACL_FLOAT, 2, ad, av, sizeof av), tdesc(ACL_FLOAT, 2, bd, bv, sizeof bv),
        tdesc(ACL_FLOAT, 3, cd, cv, sizeof cv), tdesc(ACL_FLOAT, 3, dd, dv, sizeof dv)};
    int64_t o1[2] = {2, 4}, o2[3] = {2, 2, 4};
    cpuaclGeTensor out[2] = {tdesc(ACL_FLOAT, 2, o1, r1, sizeof r1),
                             tdesc(ACL_FLOAT, 3, o2, r2, sizeof r2)};
    run_host(11, g, in, 4, out, 2);
    double w1[8], w2[16];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 4; j++) {
            double s = bias[j];
            for (int k = 0; k < 3; k++)
                s += (double)av[k * 2 + i] * bv[k * 4 + j];
            w1[i * 4 + j] = s;
        }
    for (int bt = 0; bt < 2; bt++)
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 4; j++) {
                double s = 0;
                for (int k = 0; k < 3; k++)
                    s += (double)cv[(bt * 2 + i) * 3 + k] * dv[(bt * 4 + j) * 3 + k];
                w2[(bt * 2 + i) * 4 + j] = s;
            }
    near(r1, w1, 8, 1e-5, "MatMul(transpose_x1)+bias");
    near(r2, w2, 16, 1e-5, "BatchMatMul(adj_x2)");
}

static void test_shapes(void)
{
    cpuaclGeGraph *g = cpuaclGeGraphCreate("shapes");
    int64_t xd[2] = {2, 4}, pd[1] = {4}, one[1] = {1}, two[1] = {2};
    int32_t x = data_node(g, "x", 0, 2, xd);
    float gamma[4] = {1, 0.5f, 2, -1}, beta[4] = {0, 1, -1, 0.5f};
    int32_t ga = const_node(g, "gamma", ACL_FLOAT, 1, pd, gamma, sizeof gamma);
    int32_t be = const_node(g, "beta", ACL_FLOAT, 1, pd, beta, sizeof beta);
    int32_t ln = node(g, "LayerNorm", "ln");
    edge(g, ln, "x", x, 0);
    edge(g, ln, "gamma", ga, 0);
    edge(g, ln, "beta", be, 0);
    attr_i(g, ln, "begin_norm_axis", CPUACL_GE_ATTR_INT, 1);
    attr_i(g, ln, "begin_params_axis", CPUACL_GE_ATTR_INT, -1);
    attr_f(g, ln, "epsilon", 1e-5);
    int32_t ax1v = 1, ax0v = 0;
    int32_t ax1 = const_node(g, "ax1", ACL_INT32, 1, one, &ax1v, 4);
    int32_t ax0 = const_node(g, "ax0", ACL_INT32, 1, one, &ax0v, 4);
    int32_t rs = node(g, "ReduceSum", "rs");
    edge(g, rs, "x", x, 0);
    edge(g, rs, "axes", ax1, 0);
    attr_i(g, rs, "keep_dims", CPUACL_GE_ATTR_BOOL, 1);
    int32_t rm = node(g, "ReduceMean", "rm");
    edge(g, rm, "x", x, 0);
    edge(g, rm, "axes", ax0, 0);
    int64_t permv[2] = {1, 0}, shapev[1] = {-1};
    int32_t perm = const_node(g, "perm", ACL_INT64, 1, two, permv, sizeof permv);
    int32_t shp = const_node(g, "shape", ACL_INT64, 1, one, shapev, sizeof shapev);
    int32_t tr = node(g, "Transpose", "tr");
    edge(g, tr, "x", x, 0);
    edge(g, tr, "perm", perm, 0);
    int32_t rh = node(g, "Reshape", "rh");
    edge(g, rh, "x", x, 0);
    edge(g, rh, "shape", shp, 0);
    int32_t cat = node(g, "ConcatV2", "cat");
    OKGE(cpuaclGeGraphSetDynamicInputs(g, cat, "x", 2));
    int32_t dim0 = const_node(g, "dim", ACL_INT32, 0, NULL, &ax0v, 4);
    edge(g, cat, "x0", x, 0);
    edge(g, cat, "x1", x, 0);
    edge(g, cat, "concat_dim", dim0, 0);
    OKGE(cpuaclGeGraphSetOutputs(g, (int32_t[]){ln, ln, ln, rs, rm, tr, rh, cat},
                                 (int32_t[]){0, 1, 2, 0, 0, 0, 0, 0}, 8));
    float xv[8], y[8], mean[2], var[2], s[2], m[4], t[8], rsh[8], c[16];
    fill(xv, 8, 0.7, 2);
    cpuaclGeTensor in[1] = {tdesc(ACL_FLOAT, 2, xd, xv, sizeof xv)};
    int64_t d21[2] = {2, 1}, d42[2] = {4, 2}, d8[1] = {8}, d44[2] = {4, 4};
    cpuaclGeTensor out[8] = {
        tdesc(ACL_FLOAT, 2, xd, y, sizeof y),      tdesc(ACL_FLOAT, 2, d21, mean, sizeof mean),
        tdesc(ACL_FLOAT, 2, d21, var, sizeof var), tdesc(ACL_FLOAT, 2, d21, s, sizeof s),
        tdesc(ACL_FLOAT, 1, pd, m, sizeof m),      tdesc(ACL_FLOAT, 2, d42, t, sizeof t),
        tdesc(ACL_FLOAT, 1, d8, rsh, sizeof rsh),  tdesc(ACL_FLOAT, 2, d44, c, sizeof c)};
    run_host(12, g, in, 1, out, 8);
    double wy[8], wm[2], wv[2], ws[2], wmean[4], wt[8], wr[8], wc[16];
    for (int i = 0; i < 2; i++) {
        double mu = 0, v = 0;
        for (int j = 0; j < 4; j++)
            mu += xv[i * 4 + j] / 4.0;
        for (int j = 0; j < 4; j++)
            v += (xv[i * 4 + j] - mu) * (xv[i * 4 + j] - mu) / 4.0;
        wm[i] = mu, wv[i] = v, ws[i] = mu * 4;
        for (int j = 0; j < 4; j++)
            wy[i * 4 + j] = (xv[i * 4 + j] - mu) / sqrt(v + 1e-5) * gamma[j] + beta[j];
    }
    for (int j = 0; j < 4; j++) {
        wmean[j] = (xv[j] + xv[4 + j]) / 2.0;
        for (int i = 0; i < 2; i++)
            wt[j * 2 + i] = xv[i * 4 + j];
    }
    for (int i = 0; i < 8; i++)
        wr[i] = xv[i], wc[i] = xv[i], wc[8 + i] = xv[i];
    near(y, wy, 8, 1e-4, "LayerNorm y");
    near(mean, wm, 2, 1e-5, "LayerNorm mean");
    near(var, wv, 2, 1e-3, "LayerNorm variance");
    near(s, ws, 2, 1e-5, "ReduceSum keep_dims");
    near(m, wmean, 4, 1e-5, "ReduceMean");
    near(t, wt, 8, 0, "Transpose");
    near(rsh, wr, 8, 0, "Reshape");
    near(c, wc, 16, 0, "ConcatV2");
}

static void test_pools(void)
{
    cpuaclGeGraph *g = cpuaclGeGraphCreate("pools");
    int64_t xd[4] = {1, 1, 5, 5}, hd[4] = {1, 2, 2, 3}, bd[1] = {3};
    int32_t x = node(g, "Data", "x");
    attr_i(g, x, "index", CPUACL_GE_ATTR_INT, 0);
    cpuaclGeTensor xdesc = tdesc(ACL_FLOAT, 4, xd, NULL, 0);
    OKGE(cpuaclGeGraphSetDesc(g, x, 1, "y", &xdesc)); /* update_output_desc_y */
    int32_t h = data_node(g, "h", 1, 4, hd);
    int64_t k3[4] = {1, 1, 3, 3}, s2[4] = {1, 1, 2, 2}, k2[4] = {1, 1, 2, 2};
    int32_t mp = node(g, "MaxPool", "mp"), ap = node(g, "AvgPool", "ap");
    edge(g, mp, "x", x, 0);
    edge(g, ap, "x", x, 0);
    attr_ints(g, mp, "ksize", k3, 4), attr_ints(g, mp, "strides", s2, 4);
    attr_s(g, mp, "padding", "SAME"), attr_s(g, mp, "data_format", "NCHW");
    attr_ints(g, ap, "ksize", k2, 4), attr_ints(g, ap, "strides", s2, 4);
    attr_s(g, ap, "padding", "VALID"), attr_s(g, ap, "data_format", "NCHW");
    float bias[3] = {1, -2, 0.5f};
    int32_t bc = const_node(g, "bias", ACL_FLOAT, 1, bd, bias, sizeof bias);
    int32_t ba = node(g, "BiasAdd", "ba"); /* data_format defaults to NHWC */
    edge(g, ba, "x", h, 0);
    edge(g, ba, "bias", bc, 0);
    OKGE(cpuaclGeGraphSetOutputs(g, (int32_t[]){mp, ap, ba}, (int32_t[]){0, 0, 0}, 3));
    float xv[25], hv[12], m[9], a[4], b[12];
    fill(xv, 25, 0.9, 5);
    fill(hv, 12, 0.5, 1);
    int64_t md[4] = {1, 1, 3, 3}, ad[4] = {1, 1, 2, 2};
    cpuaclGeTensor in[2] = {tdesc(ACL_FLOAT, 4, xd, xv, sizeof xv),
                            tdesc(ACL_FLOAT, 4, hd, hv, sizeof hv)};
    cpuaclGeTensor out[3] = {tdesc(ACL_FLOAT, 4, md, m, sizeof m),
                             tdesc(ACL_FLOAT, 4, ad, a, sizeof a),
                             tdesc(ACL_FLOAT, 4, hd, b, sizeof b)};
    run_host(13, g, in, 2, out, 3);
    double wm[9], wa[4], wb[12];
    /* SAME, k3 s2 on 5: out 3, pad total (3-1)*2+3-5 = 2: 1 before, 1 after */
    for (int oy = 0; oy < 3; oy++)
        for (int ox = 0; ox < 3; ox++) {
            double best = -INFINITY;
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++) {
                    int iy = oy * 2 - 1 + i, ix = ox * 2 - 1 + j;
                    if (iy >= 0 && iy < 5 && ix >= 0 && ix < 5 && xv[iy * 5 + ix] > best)
                        best = xv[iy * 5 + ix];
                }
            wm[oy * 3 + ox] = best;
        }
    for (int oy = 0; oy < 2; oy++)
        for (int ox = 0; ox < 2; ox++)
            wa[oy * 2 + ox] = (xv[(oy * 2) * 5 + ox * 2] + xv[(oy * 2) * 5 + ox * 2 + 1] +
                               xv[(oy * 2 + 1) * 5 + ox * 2] + xv[(oy * 2 + 1) * 5 + ox * 2 + 1]) /
                              4;
    for (int i = 0; i < 12; i++)
        wb[i] = hv[i] + bias[i % 3];
    near(m, wm, 9, 0, "MaxPool SAME");
    near(a, wa, 4, 1e-6, "AvgPool VALID");
    near(b, wb, 12, 1e-6, "BiasAdd NHWC");
}

/* The 3-d types on channels-last data (the ONNX conformance covers NCDHW): Conv3D NDHWC with
 * an NCDHW filter and bias, MaxPool3D SAME, AvgPool3D with front/back pads and
 * count_include_pad false, on x [1, D3, H4, W4, C2]. */
#define XI(d, h, w, c) ((((d)*4 + (h)) * 4 + (w)) * 2 + (c))

static double pool3_ref(const float *xv, int d0, int h0, int w0, int c, bool is_max)
{
    double best = -INFINITY, sum = 0;
    int cnt = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            for (int k = 0; k < 2; k++) {
                int d = d0 + i, h = h0 + j, w = w0 + k;
                if (d < 0 || d >= 3 || h < 0 || h >= 4 || w < 0 || w >= 4)
                    continue;
                double v = xv[XI(d, h, w, c)];
                best = v > best ? v : best;
                sum += v;
                cnt++;
            }
    return is_max ? best : sum / cnt;
}

static void test_3d(void)
{
    cpuaclGeGraph *g = cpuaclGeGraphCreate("three_d");
    int64_t xd[5] = {1, 3, 4, 4, 2}, fd[5] = {2, 2, 2, 2, 2}, bd[1] = {2};
    int32_t x = data_node(g, "x", 0, 5, xd);
    float fv[32], bias[2] = {0.25f, -1};
    fill(fv, 32, 0.3, 7);
    int32_t f = const_node(g, "f", ACL_FLOAT, 5, fd, fv, sizeof fv);
    int32_t b = const_node(g, "b", ACL_FLOAT, 1, bd, bias, sizeof bias);
    int32_t cv = node(g, "Conv3D", "conv"), mp = node(g, "MaxPool3D", "mp");
    int32_t ap = node(g, "AvgPool3D", "ap");
    edge(g, cv, "x", x, 0), edge(g, cv, "filter", f, 0), edge(g, cv, "bias", b, 0);
    edge(g, mp, "x", x, 0), edge(g, ap, "x", x, 0);
    int64_t ones[5] = {1, 1, 1, 1, 1}, zero6[6] = {0}, k5[5] = {1, 2, 2, 2, 1};
    int64_t s5[5] = {1, 2, 2, 2, 1}, k3[3] = {2, 2, 2}, s3[3] = {1, 1, 1};
    int64_t p6[6] = {1, 1, 0, 0, 0, 0};
    attr_ints(g, cv, "strides", ones, 5), attr_ints(g, cv, "pads", zero6, 6);
    attr_s(g, cv, "data_format", "NDHWC"); /* dilations, groups: the defaults */
    attr_ints(g, mp, "ksize", k5, 5), attr_ints(g, mp, "strides", s5, 5);
    attr_s(g, mp, "padding", "SAME"); /* data_format defaults to NDHWC */
    attr_ints(g, ap, "ksize", k3, 3), attr_ints(g, ap, "strides", s3, 3);
    attr_ints(g, ap, "pads", p6, 6);
    attr_i(g, ap, "count_include_pad", CPUACL_GE_ATTR_BOOL, 0);
    OKGE(cpuaclGeGraphSetOutputs(g, (int32_t[]){cv, mp, ap}, (int32_t[]){0, 0, 0}, 3));
    float xv[96], c[36], m[16], a[72];
    fill(xv, 96, 0.7, 3);
    int64_t cd[5] = {1, 2, 3, 3, 2}, md[5] = {1, 2, 2, 2, 2}, ad[5] = {1, 4, 3, 3, 2};
    cpuaclGeTensor in[1] = {tdesc(ACL_FLOAT, 5, xd, xv, sizeof xv)};
    cpuaclGeTensor out[3] = {tdesc(ACL_FLOAT, 5, cd, c, sizeof c),
                             tdesc(ACL_FLOAT, 5, md, m, sizeof m),
                             tdesc(ACL_FLOAT, 5, ad, a, sizeof a)};
    run_host(17, g, in, 1, out, 3);
    double wc[36], wm[16], wa[72];
    for (int d = 0; d < 2; d++)
        for (int h = 0; h < 3; h++)
            for (int w = 0; w < 3; w++)
                for (int o = 0; o < 2; o++) {
                    double acc = bias[o];
                    for (int ci = 0; ci < 2; ci++)
                        for (int i = 0; i < 8; i++) /* filter [o][ci][kd][kh][kw] */
                            acc += fv[(o * 2 + ci) * 8 + i] *
                                   xv[XI(d + i / 4, h + i / 2 % 2, w + i % 2, ci)];
                    wc[((d * 3 + h) * 3 + w) * 2 + o] = acc;
                }
    /* SAME, k2 s2: D 3 -> 2 (pad 1 after), H and W 4 -> 2 (no pads) */
    for (int i = 0; i < 16; i++)
        wm[i] = pool3_ref(xv, i / 8 * 2, i / 4 % 2 * 2, i / 2 % 2 * 2, i % 2, true);
    /* D 3 + 1 + 1 -> 4 windows starting at -1 */
    for (int i = 0; i < 72; i++)
        wa[i] = pool3_ref(xv, i / 18 - 1, i / 6 % 3, i / 2 % 3, i % 2, false);
    near(c, wc, 36, 1e-5, "Conv3D NDHWC");
    near(m, wm, 16, 0, "MaxPool3D SAME NDHWC");
    near(a, wa, 72, 1e-6, "AvgPool3D pads NDHWC");
}

/* Outputs that are a Data and a Const: copies into the caller's buffers. */
static void test_passthrough(void)
{
    cpuaclGeGraph *g = cpuaclGeGraphCreate("pass");
    int64_t d[1] = {3};
    int32_t x = data_node(g, "x", 0, 1, d);
    float cv[3] = {7, 8, 9};
    int32_t c = const_node(g, "c", ACL_FLOAT, 1, d, cv, sizeof cv);
    OKGE(cpuaclGeGraphSetOutputs(g, (int32_t[]){x, c, x}, (int32_t[]){0, 0, 0}, 3));
    float xv[3] = {1, 2, 3}, a[3], b[3], e[3];
    cpuaclGeTensor in[1] = {tdesc(ACL_FLOAT, 1, d, xv, sizeof xv)};
    cpuaclGeTensor out[3] = {tdesc(ACL_FLOAT, 1, d, a, sizeof a),
                             tdesc(ACL_FLOAT, 1, d, b, sizeof b),
                             tdesc(ACL_FLOAT, 1, d, e, sizeof e)};
    run_host(14, g, in, 1, out, 3);
    for (int i = 0; i < 3; i++)
        CHECK(a[i] == xv[i] && b[i] == cv[i] && e[i] == xv[i]);
}

/* Four independent branches of 5 nodes, summed: four lanes, or one per worker when the
 * device has fewer (GC6; ctest runs this with 4 workers and with 1). A chain of 10
 * nodes: its 9 intermediates share 2 buffers. */
#define BR 4
#define DEPTH 5
#define N 1024

static void test_lanes_and_memory(void)
{
    cpuaclGeGraph *g = cpuaclGeGraphCreate("lanes");
    int64_t d[1] = {N};
    int32_t x = data_node(g, "x", 0, 1, d), tails[BR];
    static const char *const types[] = {"Relu", "Sigmoid", "Tanh", "Exp", "Sqrt"};
    for (int b = 0; b < BR; b++) {
        int32_t v = x;
        for (int k = 0; k < DEPTH; k++)
            v = unary(g, types[(b + k) % 4], v); /* Relu/Sigmoid/Tanh/Exp: no NaN */
        tails[b] = v;
    }
    int32_t s = binary(g, "Add", binary(g, "Add", tails[0], tails[1]),
                       binary(g, "Add", tails[2], tails[3]));
    OKGE(cpuaclGeGraphSetOutputs(g, &s, (int32_t[]){0}, 1));
    OKGE(cpuaclGeSessionAddGraph(g_sess, 15, g, NULL, NULL, 0));
    cpuaclGeTensor in = tdesc(ACL_FLOAT, 1, d, NULL, 0);
    OKGE(cpuaclGeSessionBuildGraph(g_sess, 15, &in, 1));
    cpuaclGeGraphStats st;
    OKGE(cpuaclGeSessionGraphStats(g_sess, 15, &st));
    uint32_t workers = 0;
    CHECK_OK(cpuaclGetWorkerCount(0, &workers));
    CHECK(st.lanes == (workers < BR ? workers : BR));
    CHECK(st.launches == BR * DEPTH + 3);
    CHECK(st.arena_bytes < st.unshared_bytes);

    static float xv[N], y[N];
    double w[N];
    fill(xv, N, 0.37, 2.2);
    for (int i = 0; i < N; i++) {
        double sum = 0;
        for (int b = 0; b < BR; b++) {
            double v = xv[i];
            for (int k = 0; k < DEPTH; k++) {
                switch ((b + k) % 4) {
                case 0:
                    v = v > 0 ? v : 0;
                    break;
                case 1:
                    v = 1 / (1 + exp(-v));
                    break;
                case 2:
                    v = tanh(v);
                    break;
                default:
                    v = exp(v);
                    break;
                }
            }
            sum += v;
        }
        w[i] = sum;
    }
    cpuaclGeTensor hin = tdesc(ACL_FLOAT, 1, d, xv, sizeof xv),
                   hout = tdesc(ACL_FLOAT, 1, d, y, sizeof y);
    OKGE(cpuaclGeSessionRun(g_sess, 15, &hin, 1, &hout, 1));
    near(y, w, N, 1e-5, "4 branches");

    cpuaclGeGraph *c = cpuaclGeGraphCreate("chain");
    int32_t v = data_node(c, "x", 0, 1, d);
    for (int k = 0; k < 10; k++)
        v = unary(c, k % 2 ? "Relu" : "Sigmoid", v);
    OKGE(cpuaclGeGraphSetOutputs(c, &v, (int32_t[]){0}, 1));
    OKGE(cpuaclGeSessionAddGraph(g_sess, 16, c, NULL, NULL, 0));
    OKGE(cpuaclGeSessionBuildGraph(g_sess, 16, &in, 1));
    OKGE(cpuaclGeSessionGraphStats(g_sess, 16, &st));
    CHECK(st.lanes == 1 && st.launches == 10 && st.buffers == 2);
    CHECK(st.arena_bytes == 2 * N * sizeof(float) && st.unshared_bytes == 9 * N * sizeof(float));
}

/* One built graph (id 15) run concurrently from two threads, each on its own
 * stream with its own buffers, many times with new inputs. */
struct worker {
    int seed;
    int bad;
};

static void *worker_main(void *arg)
{
    struct worker *wk = arg;
    CHECK(aclrtSetDevice(0) == ACL_SUCCESS);
    aclrtStream s;
    CHECK(aclrtCreateStream(&s) == ACL_SUCCESS);
    void *din, *dout;
    CHECK(aclrtMalloc(&din, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    CHECK(aclrtMalloc(&dout, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    int64_t d[1] = {N};
    float *h = malloc(N * sizeof(float)), *r = malloc(N * sizeof(float));
    CHECK(h && r);
    for (int it = 0; it < 20; it++) {
        /* Every element the same value v: the output is the same f(v) everywhere. */
        float v = (float)(wk->seed * 0.1 + it * 0.01);
        for (int i = 0; i < N; i++)
            h[i] = v;
        CHECK(aclrtMemcpy(din, N * 4, h, N * 4, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
        cpuaclGeTensor in = tdesc(ACL_FLOAT, 1, d, din, N * 4),
                       out = tdesc(ACL_FLOAT, 1, d, dout, N * 4);
        in.placement = out.placement = 1;
        OKGE(cpuaclGeSessionRunAsync(g_sess, 15, s, &in, 1, &out, 1));
        CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
        CHECK(aclrtMemcpy(r, N * 4, dout, N * 4, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS);
        for (int i = 1; i < N; i++)
            if (r[i] != r[0])
                wk->bad++;
        /* f is increasing in v: compare with a host evaluation of element 0 */
        double sum = 0;
        for (int b = 0; b < BR; b++) {
            double x = v;
            for (int k = 0; k < DEPTH; k++) {
                int t = (b + k) % 4;
                x = t == 0   ? (x > 0 ? x : 0)
                    : t == 1 ? 1 / (1 + exp(-x))
                    : t == 2 ? tanh(x)
                             : exp(x);
            }
            sum += x;
        }
        if (fabs(r[0] - sum) > 1e-4 * (1 + fabs(sum)))
            wk->bad++;
    }
    free(h);
    free(r);
    CHECK(aclrtFree(din) == ACL_SUCCESS);
    CHECK(aclrtFree(dout) == ACL_SUCCESS);
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
    return NULL;
}

int main(void)
{
    CHECK_OK(aclInit(NULL));
    OKGE(cpuaclGeInitialize(NULL, NULL, 0));
    OKGE(cpuaclGeSessionCreate(NULL, NULL, 0, &g_sess));
    CHECK_OK(aclrtSetDevice(0));
    test_elementwise();
    test_matmul();
    test_shapes();
    test_pools();
    test_3d();
    test_passthrough();
    test_lanes_and_memory();
    struct worker w[2] = {{1, 0}, {2, 0}};
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        CHECK(pthread_create(&t[i], NULL, worker_main, &w[i]) == 0);
    for (int i = 0; i < 2; i++)
        CHECK(pthread_join(t[i], NULL) == 0);
    CHECK(w[0].bad == 0 && w[1].bad == 0);
    OKGE(cpuaclGeSessionDestroy(g_sess));
    OKGE(cpuaclGeFinalize());
    TEST_CLOSE();
    printf("graph_ops: ok\n");
    return 0;
}
