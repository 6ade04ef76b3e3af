// einsum and einsum_path: NumPy's subscripts (explicit "->" or implicit,
// "..." broadcasting, repeated labels as diagonals), contracted pairwise,
// each pair one (batched) GEMM.
//
// Note [einsum pairwise]
// Every operand's labels are first made distinct (a repeated label is a
// diagonal: a strided view, no copy), and labels that no other operand and
// not the output name are summed away. Then two operands at a time, in the
// order of the path (NumPy's greedy search: the pair that removes the most
// elements, then the cheapest; optimize=False goes left to right), are
// contracted: their shared labels that are still needed later are batch
// dims, the other shared labels are the GEMM's k, and each side's own
// labels its m and n. A transpose and a reshape bring each operand to
// (batch, m, k) and (batch, k, n) (views when the strides allow, else one
// copy) and one strided-batched GEMM does the rest. The last operand is
// transposed to the output's order.
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "core/assign.hpp"
#include "cunum/error.hpp"
#include "cunum/linalg.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/products_internal.hpp"

namespace cunum {

namespace {
using Labels = std::vector<int>;  // 0-25 'a'-'z', 26-51 'A'-'Z', 52+ the dims of "..."

struct Parsed {
  std::vector<Labels> inputs;
  Labels output;
};

int label_of(char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  if (c >= 'A' && c <= 'Z') return 26 + c - 'A';
  throw ValueError(std::string("invalid subscript '") + c + "' in einstein sum subscripts string, subscripts must be letters");
}

// One operand's (or the output's) subscripts; "..." becomes the labels of
// `ell` broadcast dims (52 + position from the right).
Labels parse_term(const std::string& t, int ndim, int* ell_out, bool output, int ell_max) {
  Labels l;
  int ell_at = -1, letters = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '.') {
      if (t.compare(i, 3, "...") != 0 || ell_at >= 0)
        throw ValueError("einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...')");
      ell_at = int(l.size());
      i += 2;
      continue;
    }
    if (t[i] == ' ') continue;
    l.push_back(label_of(t[i]));
    ++letters;
  }
  int ell = 0;
  if (!output) {
    if (ell_at < 0 && letters != ndim)
      throw ValueError("operand has more dimensions than subscripts given in einstein sum, but no '...' ellipsis "
                       "provided to broadcast the extra dimensions.");
    if (ell_at >= 0) {
      ell = ndim - letters;
      if (ell < 0) throw ValueError("einstein sum subscripts string contains too many subscripts for operand");
    }
  } else {
    ell = ell_at >= 0 ? ell_max : 0;
  }
  if (ell_at >= 0) {
    Labels e;
    for (int k = ell; k > 0; --k) e.push_back(52 + k - 1);
    l.insert(l.begin() + ell_at, e.begin(), e.end());
  }
  if (ell_out) *ell_out = ell;
  return l;
}

Parsed parse(const std::string& subscripts, const std::vector<Shape>& shapes) {
  const size_t arrow = subscripts.find("->");
  const std::string lhs = subscripts.substr(0, arrow);
  std::vector<std::string> terms;
  size_t start = 0;
  for (;;) {
    const size_t comma = lhs.find(',', start);
    terms.push_back(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (terms.size() != shapes.size())
    throw ValueError("more operands provided to einstein sum function than specified in the subscripts string");
  Parsed p;
  int ell_max = 0;
  for (size_t i = 0; i < terms.size(); ++i) {
    int ell = 0;
    p.inputs.push_back(parse_term(terms[i], int(shapes[i].size()), &ell, false, 0));
    ell_max = std::max(ell_max, ell);
  }
  if (arrow != std::string::npos) {
    const std::string rhs = subscripts.substr(arrow + 2);
    // NumPy: dims an input's "..." stands for must reach an output with "...".
    if (ell_max > 0 && rhs.find('.') == std::string::npos)
      throw ValueError("output has more dimensions than subscripts given in einstein sum, but no '...' ellipsis "
                       "provided to broadcast the extra dimensions.");
    p.output = parse_term(rhs, 0, nullptr, true, ell_max);
    std::set<int> seen;
    for (int l : p.output) {
      if (!seen.insert(l).second)
        throw ValueError("einstein sum subscripts string includes output subscript multiple times");
      bool found = false;
      for (const Labels& in : p.inputs) found = found || std::count(in.begin(), in.end(), l);
      if (!found) throw ValueError("einstein sum subscripts string included output subscript which never appeared "
                                   "in an input");
    }
  } else {
    // Implicit: "..." first, then the letters that appear once, in order.
    for (int k = ell_max; k > 0; --k) p.output.push_back(52 + k - 1);
    std::map<int, int> count;
    for (const Labels& in : p.inputs)
      for (int l : in)
        if (l < 52) ++count[l];
    for (auto [l, c] : count)
      if (c == 1) p.output.push_back(l);
  }
  return p;
}

// NumPy's message for labels whose extents disagree: each operand's shape
// over the iteration's dims (the output's labels, then the others in
// alphabetical order), leading newaxes left out.
std::string mismatch_message(const Parsed& p, const std::vector<Shape>& shapes) {
  Labels iter = p.output;
  std::set<int> rest;
  for (const Labels& in : p.inputs)
    for (int l : in)
      if (!std::count(p.output.begin(), p.output.end(), l)) rest.insert(l);
  iter.insert(iter.end(), rest.begin(), rest.end());
  std::string m = "operands could not be broadcast together with remapped shapes [original->remapped]: ";
  for (size_t i = 0; i < shapes.size(); ++i) {
    std::vector<std::string> dims;
    for (int l : iter) {
      const auto at = std::find(p.inputs[i].begin(), p.inputs[i].end(), l);
      if (at == p.inputs[i].end()) {
        if (!dims.empty()) dims.push_back("newaxis");
      } else {
        dims.push_back(std::to_string(shapes[i][size_t(at - p.inputs[i].begin())]));
      }
    }
    m += shape_str(shapes[i]) + "->(";
    for (size_t d = 0; d < dims.size(); ++d) m += (d ? "," : "") + dims[d];
    m += (dims.size() == 1 ? ",) " : ") ");
  }
  return m;
}

// The extent of each label (1 broadcasts), checked across operands.
std::map<int, int64_t> extents(const Parsed& p, const std::vector<Shape>& shapes) {
  std::map<int, int64_t> ext;
  for (size_t i = 0; i < shapes.size(); ++i)
    for (size_t d = 0; d < shapes[i].size(); ++d) {
      const int l = p.inputs[i][d];
      const int64_t v = shapes[i][d];
      auto it = ext.find(l);
      if (it == ext.end() || it->second == 1) {
        ext[l] = v;
      } else if (v != 1 && v != it->second) {
        throw ValueError(mismatch_message(p, shapes));
      }
    }
  return ext;
}

double size_of(const std::set<int>& s, const std::map<int, int64_t>& ext) {
  double n = 1;
  for (int l : s) n *= double(ext.at(l));
  return n;
}

// NumPy's greedy path (numpy/_core/einsumfunc.py, _greedy_path): among the
// pairs that share a label (else every pair), the one whose result removes
// the most elements, then the one of least cost; pairs whose result exceeds
// the largest input or output are skipped (then the rest is one step).
std::vector<std::vector<int64_t>> greedy_path(std::vector<std::set<int>> sets, const std::set<int>& out,
                                              const std::map<int, int64_t>& ext, bool optimize) {
  std::vector<std::vector<int64_t>> path;
  if (!optimize) {  // one step of every operand (NumPy's path), contracted left to right
    std::vector<int64_t> all;
    for (size_t i = 0; i < sets.size(); ++i) all.push_back(int64_t(i));
    return {all};
  }
  if (sets.size() == 1) return {{0}};
  if (sets.size() == 2) return {{0, 1}};
  double limit = size_of(out, ext);
  for (const auto& s : sets) limit = std::max(limit, size_of(s, ext));
  while (sets.size() > 1) {
    struct Cand {
      double removed, cost;
      size_t i, j;
      std::set<int> result;
    };
    std::optional<Cand> best;
    for (int pass = 0; pass < 2 && !best; ++pass)
      for (size_t i = 0; i < sets.size(); ++i)
        for (size_t j = i + 1; j < sets.size(); ++j) {
          bool shared = false;
          for (int l : sets[i]) shared = shared || sets[j].count(l);
          if (pass == 0 && !shared) continue;
          std::set<int> keep = out;
          for (size_t o = 0; o < sets.size(); ++o)
            if (o != i && o != j) keep.insert(sets[o].begin(), sets[o].end());
          std::set<int> all = sets[i], result;
          all.insert(sets[j].begin(), sets[j].end());
          for (int l : all)
            if (keep.count(l)) result.insert(l);
          const double rs = size_of(result, ext);
          if (rs > limit) continue;
          const double removed = size_of(sets[i], ext) + size_of(sets[j], ext) - rs;
          const double cost = size_of(all, ext);
          if (!best || removed > best->removed || (removed == best->removed && cost < best->cost))
            best = Cand{removed, cost, i, j, result};
        }
    if (!best) {
      std::vector<int64_t> rest;
      for (size_t i = 0; i < sets.size(); ++i) rest.push_back(int64_t(i));
      path.push_back(rest);
      break;
    }
    path.push_back({int64_t(best->i), int64_t(best->j)});
    sets.erase(sets.begin() + long(best->j));
    sets.erase(sets.begin() + long(best->i));
    sets.push_back(best->result);
  }
  return path;
}

struct Term {
  ndarray a;
  Labels labels;
};

// Repeated labels of one operand become one dim (the diagonal view).
Term diagonalize(Term t) {
  for (;;) {
    int dup_a = -1, dup_b = -1;
    for (size_t i = 0; i < t.labels.size() && dup_a < 0; ++i)
      for (size_t j = i + 1; j < t.labels.size(); ++j)
        if (t.labels[i] == t.labels[j]) {
          dup_a = int(i), dup_b = int(j);
          break;
        }
    if (dup_a < 0) return t;
    if (t.a.shape()[dup_a] != t.a.shape()[dup_b])
      throw ValueError("dimensions in operand for collapsing index '" + std::string(1, char('a' + t.labels[dup_a])) +
                       "' don't match (" + std::to_string(t.a.shape()[dup_a]) + " != " +
                       std::to_string(t.a.shape()[dup_b]) + ")");
    Shape s = t.a.shape();
    Strides st = t.a.strides();
    st[dup_a] += st[dup_b];
    s.erase(s.begin() + dup_b);
    st.erase(st.begin() + dup_b);
    t.a = products::view(t.a, s, st);
    t.labels.erase(t.labels.begin() + dup_b);
  }
}

// Sums away the labels of t not in `keep`.
Term sum_out(Term t, const std::set<int>& keep) {
  std::vector<int64_t> axes;
  Labels left;
  for (size_t d = 0; d < t.labels.size(); ++d)
    if (keep.count(t.labels[d])) left.push_back(t.labels[d]);
    else axes.push_back(int64_t(d));
  if (axes.empty()) return t;
  ReduceOptions o;
  o.axis = axes;
  if (t.a.dtype() == DType::Bool) {
    t.a = any(t.a, o);
  } else {
    o.dtype = t.a.dtype();
    t.a = sum(t.a, o);
  }
  t.labels = left;
  return t;
}

// x's dims in the order of `order` (labels), broadcast to the extents.
ndarray arrange(const Term& t, const Labels& order, const std::map<int, int64_t>& ext) {
  std::vector<int64_t> perm;
  Shape full;
  for (int l : order) {
    perm.push_back(std::find(t.labels.begin(), t.labels.end(), l) - t.labels.begin());
    full.push_back(ext.at(l));
  }
  return broadcast_to(transpose(t.a, perm), full);
}

Term contract(const Term& x, const Term& y, const std::set<int>& keep, const std::map<int, int64_t>& ext, DType dt) {
  Labels batch, ka, kb, red;
  for (int l : x.labels) {
    const bool in_y = std::count(y.labels.begin(), y.labels.end(), l);
    if (in_y && keep.count(l)) batch.push_back(l);
    else if (in_y) red.push_back(l);
    else ka.push_back(l);
  }
  for (int l : y.labels)
    if (!std::count(x.labels.begin(), x.labels.end(), l)) kb.push_back(l);
  auto prod = [&](const Labels& ls) {
    int64_t n = 1;
    for (int l : ls) n *= ext.at(l);
    return n;
  };
  Labels oa = batch, ob = batch;
  oa.insert(oa.end(), ka.begin(), ka.end());
  oa.insert(oa.end(), red.begin(), red.end());
  ob.insert(ob.end(), red.begin(), red.end());
  ob.insert(ob.end(), kb.begin(), kb.end());
  const int64_t nb = prod(batch), m = prod(ka), n = prod(kb), k = prod(red);
  const ndarray a = reshape(arrange(x, oa, ext), {nb, m, k});
  const ndarray b = reshape(arrange(y, ob, ext), {nb, k, n});
  ndarray r = products::batched_product(a, b, dt, {nb});
  Shape rs;
  Labels rl = batch;
  rl.insert(rl.end(), ka.begin(), ka.end());
  rl.insert(rl.end(), kb.begin(), kb.end());
  for (int l : rl) rs.push_back(ext.at(l));
  return {reshape(r, rs), rl};
}

std::string label_name(int l) {
  if (l < 26) return std::string(1, char('a' + l));
  if (l < 52) return std::string(1, char('A' + l - 26));
  return "...";
}
}  // namespace

std::pair<std::vector<std::vector<int64_t>>, std::string> einsum_path(const std::string& subscripts,
                                                                      const std::vector<Shape>& shapes,
                                                                      const std::string& optimize) {
  const Parsed p = parse(subscripts, shapes);
  const auto ext = extents(p, shapes);
  std::vector<std::set<int>> sets;
  for (const Labels& l : p.inputs) sets.emplace_back(l.begin(), l.end());
  const std::set<int> out(p.output.begin(), p.output.end());
  auto path = greedy_path(sets, out, ext, optimize != "none" && optimize != "false");
  std::string report = "  Complete contraction:  " + subscripts + "\n  Pairwise steps: " + std::to_string(path.size()) +
                       "\n";
  for (const auto& step : path) {
    report += "  (";
    for (size_t i = 0; i < step.size(); ++i) report += (i ? ", " : "") + std::to_string(step[i]);
    report += ")\n";
  }
  (void)label_name;
  return {path, report};
}

ndarray einsum(const std::string& subscripts, const std::vector<ndarray>& operands, const ProductOptions& o,
               const std::string& optimize) {
  if (operands.empty()) throw ValueError("No input operands");
  std::vector<Shape> shapes;
  for (const ndarray& a : operands) shapes.push_back(a.shape());
  const Parsed p = parse(subscripts, shapes);
  const auto ext = extents(p, shapes);
  // The result dtype: dtype= (each operand cast to it under `casting`,
  // NumPy's default "safe" is the caller's), else the operands' promotion.
  DType dt = operands[0].dtype();
  for (const ndarray& a : operands) dt = promote_types(dt, a.dtype());
  // One operand whose labels all reach the output (a transpose and/or a
  // diagonal, nothing summed) and no out=: NumPy returns a view of it before
  // it looks at dtype= or casting=, so the result keeps the operand's dtype.
  const bool view_only = operands.size() == 1 && !o.out &&
                         std::set<int>(p.inputs[0].begin(), p.inputs[0].end()) ==
                             std::set<int>(p.output.begin(), p.output.end());
  if (o.dtype && !view_only) {
    for (const ndarray& a : operands)
      if (!can_cast(a.dtype(), *o.dtype, o.casting))
        throw TypeError("Cannot cast array data from dtype('" + std::string(dtype_name(a.dtype())) +
                        "') to dtype('" + std::string(dtype_name(*o.dtype)) + "') according to the rule '" +
                        std::string(casting_name(o.casting)) + "'");
    dt = *o.dtype;
  }
  std::vector<Term> terms;
  for (size_t i = 0; i < operands.size(); ++i)
    terms.push_back(diagonalize({operands[i].dtype() == dt ? operands[i] : operands[i].astype(dt), p.inputs[i]}));
  const std::set<int> out(p.output.begin(), p.output.end());
  auto needed = [&](size_t except_a, size_t except_b) {
    std::set<int> keep = out;
    for (size_t t = 0; t < terms.size(); ++t)
      if (t != except_a && t != except_b) keep.insert(terms[t].labels.begin(), terms[t].labels.end());
    return keep;
  };
  // Labels only one operand has (and not the output) are summed first.
  for (size_t i = 0; i < terms.size(); ++i) terms[i] = sum_out(terms[i], needed(i, i));
  std::vector<std::set<int>> sets;
  for (const Term& t : terms) sets.emplace_back(t.labels.begin(), t.labels.end());
  const auto path = greedy_path(sets, out, ext, optimize != "none" && optimize != "false");
  for (const auto& step : path) {
    if (step.size() < 2) continue;
    // A step of more than two operands (NumPy's fallback) contracts them left to right.
    std::vector<int64_t> idx = step;
    Term acc = terms[size_t(idx[0])];
    std::vector<size_t> gone{size_t(idx[0])};
    for (size_t s = 1; s < idx.size(); ++s) {
      const size_t j = size_t(idx[s]);
      gone.push_back(j);
      std::set<int> keep = out;
      for (size_t t = 0; t < terms.size(); ++t)
        if (std::find(gone.begin(), gone.end(), t) == gone.end()) keep.insert(terms[t].labels.begin(), terms[t].labels.end());
      acc = contract(sum_out(acc, [&] {
                       std::set<int> k2 = keep;
                       k2.insert(terms[j].labels.begin(), terms[j].labels.end());
                       return k2;
                     }()),
                     terms[j], keep, ext, dt);
    }
    std::sort(gone.begin(), gone.end());
    for (size_t g = gone.size(); g-- > 0;) terms.erase(terms.begin() + long(gone[g]));
    terms.push_back(acc);
  }
  Term last = sum_out(terms[0], out);
  ndarray r = arrange(last, p.output, ext);
  // (an empty result has no elements to repeat: it stays a view, as NumPy's)
  for (size_t d = 0; d < size_t(r.ndim()) && r.size() > 0; ++d)
    if (r.strides()[d] == 0 && r.shape()[d] > 1) {  // a broadcast label: a real array, not a view
      r = r.copy();
      break;
    }
  if (o.out) {
    core::assign(*o.out, r);
    return *o.out;
  }
  return r;
}

}  // namespace cunum
