/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Mixed-radix Stockham FFT and Bluestein's algorithm (fft/engine.h).
 *
 * A Stockham pass of radix r over a sub-length len (len = r*m) with s interleaved
 * sub-sequences reads a_k = x[q + s*(p + k*m)] for k < r and writes
 *     y[q + s*(r*p + j)] = (sum_k a_k w_r^(jk)) * w_len^(jp),  j < r,
 * for p < m and q < s; the next pass runs on len = m with s*r sub-sequences, reading y. After
 * the last pass the result is in natural order (no bit reversal). Twiddles w_len^(jp) are
 * tabulated per pass at plan time.
 */
#include "fft/engine.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FFT_MAX_PASSES 64

typedef struct {
    size_t radix, len, m, stride; /* len = radix*m; stride = s, the sub-sequences */
    fft_cplx *tw;                 /* tw[(j-1)*m + p] = w_len^(jp), j in [1, radix) */
    fft_cplx *root;               /* root[t] = w_radix^t (generic radices only) */
} fft_pass;

struct fft_engine {
    size_t n;
    size_t npass;
    fft_pass pass[FFT_MAX_PASSES];
    /* Bluestein (blue != NULL): chirp[j] = exp(-i pi j^2/n), filt = DFT_M of the conjugate
     * chirp laid out circularly, blue the power-of-two engine of length m. */
    fft_engine *blue;
    size_t m;
    fft_cplx *chirp, *filt;
};

static fft_cplx cexp_frac(size_t num, size_t den)
{
    /* exp(-2 pi i num/den) with num reduced first, so large n keep full accuracy. */
    double a = -2.0 * M_PI * (double)(num % den) / (double)den;
    return (fft_cplx){cos(a), sin(a)};
}

static inline fft_cplx cmul(fft_cplx a, fft_cplx b)
{
    return (fft_cplx){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

static size_t largest_prime_factor(size_t n)
{
    size_t big = 1;
    for (size_t p = 2; p * p <= n; p++)
        while (n % p == 0) {
            big = p;
            n /= p;
        }
    return n > 1 ? (n > big ? n : big) : big;
}

size_t fft_engine_len(const fft_engine *e) { return e->n; }

size_t fft_engine_scratch(const fft_engine *e)
{
    if (e->blue)
        return e->m + fft_engine_scratch(e->blue);
    return e->n;
}

void fft_engine_free(fft_engine *e)
{
    if (!e)
        return;
    for (size_t i = 0; i < e->npass; i++) {
        free(e->pass[i].tw);
        free(e->pass[i].root);
    }
    fft_engine_free(e->blue);
    free(e->chirp);
    free(e->filt);
    free(e);
}

static int plan_passes(fft_engine *e)
{
    size_t rest = e->n, s = 1;
    while (rest > 1) {
        size_t r;
        if (rest % 4 == 0)
            r = 4;
        else if (rest % 2 == 0)
            r = 2;
        else if (rest % 3 == 0)
            r = 3;
        else if (rest % 5 == 0)
            r = 5;
        else {
            r = 7;
            while (rest % r)
                r += 2;
        }
        fft_pass *ps = &e->pass[e->npass++];
        ps->radix = r;
        ps->len = rest;
        ps->m = rest / r;
        ps->stride = s;
        if (r > 1 && ps->m > 0) {
            ps->tw = malloc((r - 1) * ps->m * sizeof(fft_cplx));
            if (!ps->tw)
                return -1;
            for (size_t j = 1; j < r; j++)
                for (size_t p = 0; p < ps->m; p++)
                    ps->tw[(j - 1) * ps->m + p] = cexp_frac(j * p, rest);
        }
        if (r > 5) {
            ps->root = malloc(r * sizeof(fft_cplx));
            if (!ps->root)
                return -1;
            for (size_t t = 0; t < r; t++)
                ps->root[t] = cexp_frac(t, r);
        }
        rest /= r;
        s *= r;
    }
    return 0;
}

static int plan_bluestein(fft_engine *e)
{
    size_t n = e->n, m = 1;
    while (m < 2 * n - 1)
        m <<= 1;
    e->m = m;
    e->blue = fft_engine_new(m);
    e->chirp = malloc(n * sizeof(fft_cplx));
    e->filt = calloc(m, sizeof(fft_cplx));
    fft_cplx *scratch = malloc((m > 0 ? fft_engine_scratch(e->blue ? e->blue : e) : 1) *
                               sizeof(fft_cplx));
    if (!e->blue || !e->chirp || !e->filt || !scratch) {
        free(scratch);
        return -1;
    }
    for (size_t j = 0; j < n; j++) {
        /* exp(-i pi j^2/n) = exp(-2 pi i (j^2 mod 2n)/(2n)) */
        size_t jj = (size_t)(((unsigned __int128)j * j) % (2 * n));
        e->chirp[j] = cexp_frac(jj, 2 * n);
    }
    e->filt[0] = (fft_cplx){e->chirp[0].re, -e->chirp[0].im};
    for (size_t j = 1; j < n; j++) {
        fft_cplx c = {e->chirp[j].re, -e->chirp[j].im};
        e->filt[j] = c;
        e->filt[m - j] = c;
    }
    fft_engine_run(e->blue, e->filt, scratch, 0);
    /* Fold the 1/m of the inverse convolution into the filter. */
    for (size_t k = 0; k < m; k++) {
        e->filt[k].re /= (double)m;
        e->filt[k].im /= (double)m;
    }
    free(scratch);
    return 0;
}

fft_engine *fft_engine_new(size_t n)
{
    if (n == 0)
        return NULL;
    fft_engine *e = calloc(1, sizeof(*e));
    if (!e)
        return NULL;
    e->n = n;
    int rc = largest_prime_factor(n) > FFT_MAX_DIRECT_RADIX ? plan_bluestein(e) : plan_passes(e);
    if (rc) {
        fft_engine_free(e);
        return NULL;
    }
    return e;
}

/* One Stockham pass, x -> y. */
static void run_pass(const fft_pass *ps, const fft_cplx *x, fft_cplx *y)
{
    const size_t r = ps->radix, m = ps->m, s = ps->stride;
    const fft_cplx *tw = ps->tw;
    switch (r) {
    case 2:
        for (size_t p = 0; p < m; p++) {
            fft_cplx w = tw[p];
            for (size_t q = 0; q < s; q++) {
                fft_cplx a = x[q + s * p], b = x[q + s * (p + m)];
                y[q + s * (2 * p)] = (fft_cplx){a.re + b.re, a.im + b.im};
                y[q + s * (2 * p + 1)] = cmul((fft_cplx){a.re - b.re, a.im - b.im}, w);
            }
        }
        break;
    case 3: {
        const double c = -0.5, sn = -0.86602540378443864676; /* w_3 = c + i sn */
        for (size_t p = 0; p < m; p++) {
            fft_cplx w1 = tw[p], w2 = tw[m + p];
            for (size_t q = 0; q < s; q++) {
                fft_cplx a0 = x[q + s * p], a1 = x[q + s * (p + m)], a2 = x[q + s * (p + 2 * m)];
                double tr = a1.re + a2.re, ti = a1.im + a2.im;
                double ur = a0.re + c * tr, ui = a0.im + c * ti;
                double vr = -sn * (a1.im - a2.im), vi = sn * (a1.re - a2.re);
                y[q + s * (3 * p)] = (fft_cplx){a0.re + tr, a0.im + ti};
                y[q + s * (3 * p + 1)] = cmul((fft_cplx){ur + vr, ui + vi}, w1);
                y[q + s * (3 * p + 2)] = cmul((fft_cplx){ur - vr, ui - vi}, w2);
            }
        }
        break;
    }
    case 4:
        for (size_t p = 0; p < m; p++) {
            fft_cplx w1 = tw[p], w2 = tw[m + p], w3 = tw[2 * m + p];
            for (size_t q = 0; q < s; q++) {
                fft_cplx a0 = x[q + s * p], a1 = x[q + s * (p + m)];
                fft_cplx a2 = x[q + s * (p + 2 * m)], a3 = x[q + s * (p + 3 * m)];
                fft_cplx t0 = {a0.re + a2.re, a0.im + a2.im}, t1 = {a0.re - a2.re, a0.im - a2.im};
                fft_cplx t2 = {a1.re + a3.re, a1.im + a3.im}, t3 = {a1.re - a3.re, a1.im - a3.im};
                /* -i * t3 (forward: w_4 = -i) */
                fft_cplx mt3 = {t3.im, -t3.re};
                y[q + s * (4 * p)] = (fft_cplx){t0.re + t2.re, t0.im + t2.im};
                y[q + s * (4 * p + 1)] = cmul((fft_cplx){t1.re + mt3.re, t1.im + mt3.im}, w1);
                y[q + s * (4 * p + 2)] = cmul((fft_cplx){t0.re - t2.re, t0.im - t2.im}, w2);
                y[q + s * (4 * p + 3)] = cmul((fft_cplx){t1.re - mt3.re, t1.im - mt3.im}, w3);
            }
        }
        break;
    case 5: {
        const double c1 = 0.30901699437494742410, c2 = -0.80901699437494742410;
        const double s1 = -0.95105651629515357212, s2 = -0.58778525229247312917;
        for (size_t p = 0; p < m; p++) {
            fft_cplx w1 = tw[p], w2 = tw[m + p], w3 = tw[2 * m + p], w4 = tw[3 * m + p];
            for (size_t q = 0; q < s; q++) {
                fft_cplx a0 = x[q + s * p], a1 = x[q + s * (p + m)], a2 = x[q + s * (p + 2 * m)];
                fft_cplx a3 = x[q + s * (p + 3 * m)], a4 = x[q + s * (p + 4 * m)];
                double b1r = a1.re + a4.re, b1i = a1.im + a4.im, d1r = a1.re - a4.re, d1i = a1.im - a4.im;
                double b2r = a2.re + a3.re, b2i = a2.im + a3.im, d2r = a2.re - a3.re, d2i = a2.im - a3.im;
                double u1r = a0.re + c1 * b1r + c2 * b2r, u1i = a0.im + c1 * b1i + c2 * b2i;
                double u2r = a0.re + c2 * b1r + c1 * b2r, u2i = a0.im + c2 * b1i + c1 * b2i;
                /* i*(s1 d1 + s2 d2) and i*(s2 d1 - s1 d2) */
                double v1r = -(s1 * d1i + s2 * d2i), v1i = s1 * d1r + s2 * d2r;
                double v2r = -(s2 * d1i - s1 * d2i), v2i = s2 * d1r - s1 * d2r;
                y[q + s * (5 * p)] = (fft_cplx){a0.re + b1r + b2r, a0.im + b1i + b2i};
                y[q + s * (5 * p + 1)] = cmul((fft_cplx){u1r + v1r, u1i + v1i}, w1);
                y[q + s * (5 * p + 2)] = cmul((fft_cplx){u2r + v2r, u2i + v2i}, w2);
                y[q + s * (5 * p + 3)] = cmul((fft_cplx){u2r - v2r, u2i - v2i}, w3);
                y[q + s * (5 * p + 4)] = cmul((fft_cplx){u1r - v1r, u1i - v1i}, w4);
            }
        }
        break;
    }
    default: {
        const fft_cplx *root = ps->root;
        for (size_t p = 0; p < m; p++)
            for (size_t q = 0; q < s; q++)
                for (size_t j = 0; j < r; j++) {
                    double br = 0, bi = 0;
                    size_t t = 0;
                    for (size_t k = 0; k < r; k++) {
                        fft_cplx a = x[q + s * (p + k * m)];
                        fft_cplx w = root[t];
                        br += a.re * w.re - a.im * w.im;
                        bi += a.re * w.im + a.im * w.re;
                        t += j;
                        if (t >= r)
                            t -= r;
                    }
                    fft_cplx b = {br, bi};
                    y[q + s * (r * p + j)] = j ? cmul(b, tw[(j - 1) * m + p]) : b;
                }
        break;
    }
    }
}

static void run_forward(const fft_engine *e, fft_cplx *x, fft_cplx *scratch)
{
    if (e->blue) {
        size_t n = e->n, m = e->m;
        fft_cplx *a = scratch, *sub = scratch + m;
        for (size_t j = 0; j < n; j++)
            a[j] = cmul(x[j], e->chirp[j]);
        memset(a + n, 0, (m - n) * sizeof(fft_cplx));
        run_forward(e->blue, a, sub);
        /* inverse DFT of a*filt as conj(DFT(conj(a*filt))) */
        for (size_t k = 0; k < m; k++) {
            fft_cplx c = cmul(a[k], e->filt[k]);
            a[k] = (fft_cplx){c.re, -c.im};
        }
        run_forward(e->blue, a, sub);
        for (size_t k = 0; k < n; k++)
            x[k] = cmul((fft_cplx){a[k].re, -a[k].im}, e->chirp[k]);
        return;
    }
    fft_cplx *src = x, *dst = scratch;
    for (size_t i = 0; i < e->npass; i++) {
        run_pass(&e->pass[i], src, dst);
        fft_cplx *t = src;
        src = dst;
        dst = t;
    }
    if (src != x)
        memcpy(x, src, e->n * sizeof(fft_cplx));
}

void fft_engine_run(const fft_engine *e, fft_cplx *x, fft_cplx *scratch, int inverse)
{
    if (inverse)
        for (size_t j = 0; j < e->n; j++)
            x[j].im = -x[j].im;
    run_forward(e, x, scratch);
    if (inverse)
        for (size_t j = 0; j < e->n; j++)
            x[j].im = -x[j].im;
}
