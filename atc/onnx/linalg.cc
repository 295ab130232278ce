/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/linalg.cc: matrices: Gemm, MatMul, Einsum, Det, Trilu.
 */
#include "onnx_pvt.h"

#include <algorithm>
#include <cctype>

namespace atc
{

/* y = alpha * op(A) op(B) + beta * C */
void conv_gemm(Ctx &c, const char *cann)
{
    known_attrs(c, {"alpha", "beta", "transA", "transB"});
    if (rank_of(c, 0, "A") != 2 || rank_of(c, 1, "B") != 2)
        refuse("A and B must be 2-D");
    float alpha = get_f(c, "alpha", 1.0f), beta = get_f(c, "beta", 1.0f);
    int32_t ot = in_shape(c, 0).dtype;
    int32_t n = add(c, cann);
    attr_b(c, n, "transpose_x1", get_i(c, "transA", 0) != 0);
    attr_b(c, n, "transpose_x2", get_i(c, "transB", 0) != 0);
    connect_in(c, n, "x1", 0);
    connect_in(c, n, "x2", 1);
    bool cin = has_in(c, 2) && beta != 0.0f;
    const Shape &cs = in_shape(c, 2);
    const Shape &ys = shape_of(c, c.node->output(0));
    bool as_bias = cin && alpha == 1.0f && beta == 1.0f && cs.known && cs.dims.size() == 1 &&
                   ys.known && ys.dims.size() == 2 && ys.dims[1] == cs.dims[0];
    if (as_bias)
        connect_in(c, n, "bias", 2);
    Ref y{n, 0};
    if (alpha != 1.0f) {
        int32_t m = add(c, "Mul", "/alpha");
        connect(c, m, "x1", y);
        connect(c, m, "x2", const_scalar(c, "/alpha_value", ot, alpha));
        y = {m, 0};
    }
    if (cin && !as_bias) {
        Ref cv = value(c, in_name(c, 2));
        if (beta != 1.0f) {
            int32_t m = add(c, "Mul", "/beta");
            connect(c, m, "x1", cv);
            connect(c, m, "x2", const_scalar(c, "/beta_value", ot, beta));
            cv = {m, 0};
        }
        int32_t a = add(c, "Add", "/c");
        connect(c, a, "x1", y);
        connect(c, a, "x2", cv);
        y = {a, 0};
    }
    set_out(c, 0, y);
}

void conv_matmul(Ctx &c, const char *)
{
    known_attrs(c, {});
    int ra = rank_of(c, 0, "A"), rb = rank_of(c, 1, "B");
    if (ra < 2 || rb < 2)
        refuse("1-D operands are not supported (ranks " + std::to_string(ra) + " and " +
               std::to_string(rb) + ")");
    int32_t n = add(c, ra == 2 && rb == 2 ? "MatMulV2" : "BatchMatMulV2");
    connect_in(c, n, "x1", 0);
    connect_in(c, n, "x2", 1);
    set_out(c, 0, {n, 0});
}

/* Trilu: Triu (upper 1, the default) or Tril, k (input 1, a constant) the diagonal. */
/* Trilu: k a constant (or absent): Triu / Tril with diagonal k; k fed at run time (a graph
 * input or a computed value): the Trilu type with its input k, which reads it at each
 * execution (y's shape does not depend on it), as CANN's ONNX parser maps Trilu. */
void conv_trilu(Ctx &c, const char *)
{
    known_attrs(c, {"upper"});
    int64_t k = 0;
    bool upper = get_i(c, "upper", 1) != 0;
    std::vector<int64_t> v;
    if (has_in(c, 1) && !const_ints(c, in_name(c, 1), &v)) {
        int32_t n = add(c, "Trilu");
        attr_i(c, n, "upper", upper);
        connect_in(c, n, "x", 0);
        connect_in(c, n, "k", 1);
        set_out(c, 0, {n, 0});
        return;
    }
    if (has_in(c, 1)) {
        if (v.size() != 1)
            refuse("k must hold one value");
        k = v[0];
    }
    int32_t n = one_input(c, upper ? "Triu" : "Tril");
    attr_i(c, n, "diagonal", k);
}

/* Einsum without repeated letters in an operand (no diagonals) and without ellipses: each
 * operand transposed to the order of its letters among all letters (the output's first,
 * then the summed ones) and unsqueezed to all of them; the product (Mul, broadcasting),
 * then ReduceSum over the summed letters. The implicit output (no "->") is the letters seen
 * once, in alphabetical order, as ONNX defines it. */
/* One operand's repeated letter (a diagonal): its two axes p < q moved last, viewed as one
 * of d * d (Reshape; 0 copies the other dims), and GatherV2 of positions k (d + 1) takes the
 * diagonal; the letter then stands once, last. */
static Ref einsum_diagonal(Ctx &c, const std::string &sfx, Ref v, std::string *o,
                           std::vector<int64_t> *dims)
{
    for (size_t p = 0; p < o->size(); p++) {
        size_t q = o->find((*o)[p], p + 1);
        if (q == std::string::npos)
            continue;
        if (dims->size() != o->size())
            refuse("a letter twice in one operand (a diagonal) needs its dims known");
        int64_t d = (*dims)[p];
        if (d < 0 || (*dims)[q] < 0)
            refuse("a letter twice in one operand (a diagonal) needs its dims known");
        if ((*dims)[q] != d)
            refuse("letter '" + std::string(1, (*o)[p]) + "' names dims " + std::to_string(d) +
                   " and " + std::to_string((*dims)[q]));
        std::vector<int64_t> perm, shape, nd, idx;
        std::string no;
        for (size_t k = 0; k < o->size(); k++)
            if (k != p && k != q) {
                perm.push_back((int64_t)k);
                shape.push_back(0);
                nd.push_back((*dims)[k]);
                no += (*o)[k];
            }
        perm.push_back((int64_t)p);
        perm.push_back((int64_t)q);
        shape.push_back(d * d);
        std::string ds = sfx + "/diag" + std::string(1, (*o)[p]);
        int32_t t = add(c, "Transpose", ds + "/transpose");
        connect(c, t, "x", v);
        connect(c, t, "perm", const_i64(c, ds + "/perm", perm));
        int32_t r = add(c, "Reshape", ds + "/reshape");
        connect(c, r, "x", {t, 0});
        connect(c, r, "shape", const_i64(c, ds + "/shape", shape));
        for (int64_t k = 0; k < d; k++)
            idx.push_back(k * (d + 1));
        int32_t g = add(c, "GatherV2", ds + "/gather");
        connect(c, g, "x", {r, 0});
        connect(c, g, "indices", const_i64(c, ds + "/indices", idx));
        connect(c, g, "axis", const_i64(c, ds + "/axis", {(int64_t)shape.size() - 1}, true));
        nd.push_back(d);
        *o = no + (*o)[p];
        *dims = nd;
        return einsum_diagonal(c, sfx, {g, 0}, o, dims);
    }
    return v;
}

void conv_einsum(Ctx &c, const char *)
{
    known_attrs(c, {"equation"});
    std::string eq;
    for (char ch : get_s(c, "equation", ""))
        if (ch != ' ')
            eq += ch;
    size_t arrow = eq.find("->");
    std::string lhs = eq.substr(0, arrow), out;
    std::vector<std::string> ops;
    for (size_t p = 0, q; p <= lhs.size(); p = q + 1) {
        q = lhs.find(',', p);
        if (q == std::string::npos)
            q = lhs.size();
        ops.push_back(lhs.substr(p, q - p));
    }
    if ((int)ops.size() != c.node->input_size())
        refuse("equation " + eq + " names " + std::to_string(ops.size()) +
               " operands, the node has " + std::to_string(c.node->input_size()));
    /* an ellipsis stands for the operand's dims the letters leave, aligned right across the
     * operands (broadcast): each becomes letters the equation does not use */
    std::string fresh;
    for (char ch = 'A'; ch <= 'Z'; ch++)
        if (eq.find(ch) == std::string::npos)
            fresh += ch;
    for (char ch = 'a'; ch <= 'z'; ch++)
        if (eq.find(ch) == std::string::npos)
            fresh += ch;
    size_t ell = 0;
    std::vector<size_t> own_ell(ops.size(), 0);
    for (size_t i = 0; i < ops.size(); i++) {
        size_t at = ops[i].find("...");
        if (at == std::string::npos)
            continue;
        int r = rank_of(c, (int)i, "an operand with an ellipsis");
        int letters = (int)ops[i].size() - 3;
        if (r < letters)
            refuse("operand " + std::to_string(i) + " has rank " + std::to_string(r) +
                   ", fewer than its " + std::to_string(letters) + " letters");
        own_ell[i] = (size_t)(r - letters);
        ell = std::max(ell, own_ell[i]);
    }
    if (ell > fresh.size())
        refuse("equation " + eq + ": the ellipsis spans more dims than free letters");
    std::string ell_letters = fresh.substr(0, ell);
    for (size_t i = 0; i < ops.size(); i++) {
        size_t at = ops[i].find("...");
        if (at != std::string::npos)
            ops[i] =
                ops[i].substr(0, at) + ell_letters.substr(ell - own_ell[i]) + ops[i].substr(at + 3);
    }
    std::map<char, int> seen;
    for (const auto &o : ops)
        for (char ch : o) {
            if (!std::isalpha((unsigned char)ch))
                refuse("equation " + eq + ": '" + std::string(1, ch) + "' is not a letter");
            seen[ch]++;
        }
    if (arrow != std::string::npos) {
        out = eq.substr(arrow + 2);
        size_t at = out.find("...");
        if (at != std::string::npos)
            out = out.substr(0, at) + ell_letters + out.substr(at + 3);
        for (char ch : out)
            if (!seen.count(ch) || std::count(out.begin(), out.end(), ch) > 1)
                refuse("equation " + eq + ": output letter '" + std::string(1, ch) +
                       "' is not valid");
    } else {
        /* the ellipsis' dims first, then the letters named once, in order */
        out = ell_letters;
        for (const auto &kv : seen)
            if (kv.second == 1 && ell_letters.find(kv.first) == std::string::npos)
                out += kv.first;
    }
    std::string all = out;
    for (const auto &kv : seen)
        if (out.find(kv.first) == std::string::npos)
            all += kv.first;
    Ref prod{-1, 0};
    for (size_t i = 0; i < ops.size(); i++) {
        if (rank_of(c, (int)i, "an operand") != (int)ops[i].size())
            refuse("operand " + std::to_string(i) + " has rank " +
                   std::to_string(rank_of(c, (int)i, "an operand")) + ", the equation gives it " +
                   std::to_string(ops[i].size()) + " letters");
        std::string sfx = "/operand" + std::to_string(i);
        Ref v = value(c, in_name(c, (int)i));
        std::string o = ops[i];
        std::vector<int64_t> odims = in_shape(c, (int)i).dims;
        v = einsum_diagonal(c, sfx, v, &o, &odims);
        /* its letters in the order of `all`, then the missing ones as unit dims */
        std::vector<int64_t> perm, missing;
        std::string order;
        for (size_t k = 0; k < all.size(); k++) {
            size_t at = o.find(all[k]);
            if (at == std::string::npos) {
                missing.push_back((int64_t)k);
            } else {
                perm.push_back((int64_t)at);
                order += all[k];
            }
        }
        bool ident = true;
        for (size_t k = 0; k < perm.size(); k++)
            ident = ident && perm[k] == (int64_t)k;
        if (!ident) {
            int32_t t = add(c, "Transpose", sfx + "/transpose");
            connect(c, t, "x", v);
            connect(c, t, "perm", const_i64(c, sfx + "/perm", perm));
            v = {t, 0};
        }
        if (!missing.empty()) {
            int32_t u = add(c, "Unsqueeze", sfx + "/unsqueeze");
            connect(c, u, "x", v);
            attr_ints(c, u, "axes", missing);
            v = {u, 0};
        }
        prod = prod.node < 0 ? v : apply2(c, "Mul", sfx + "/mul", prod, v);
    }
    std::vector<int64_t> sum;
    for (size_t k = out.size(); k < all.size(); k++)
        sum.push_back((int64_t)k);
    if (sum.empty()) {
        set_out(c, 0, ops.size() == 1 ? apply(c, "Identity", "", prod) : prod);
        return;
    }
    int32_t n = add(c, "ReduceSum");
    attr_b(c, n, "keep_dims", false);
    attr_b(c, n, "noop_with_empty_axes", false);
    connect(c, n, "x", prod);
    connect(c, n, "axes", const_i64(c, "/axes", sum));
    set_out(c, 0, {n, 0});
}

/* Det: sign * exp(log |det|) of CANN's LogMatrixDeterminant (an LU factorisation in double,
 * aclnnSlogdet's kernel); float32 or double. */
void conv_det(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    int32_t n = add(c, cann, "/slogdet");
    connect_in(c, n, "x", 0);
    Ref e = apply(c, "Exp", "/abs", {n, 1});
    set_out(c, 0, apply2(c, "Mul", "", Ref{n, 0}, e));
}

} // namespace atc
