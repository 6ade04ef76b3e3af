// User-written kernels (cunum/user_kernels.hpp): the arguments of a call
// become one block of words (Note [User kernel words]) over a coalesced loop,
// and the backend runs the variant's generated source (Note [User kernel
// plans]).
#include "cunum/user_kernels.hpp"

#include <algorithm>

#include "backend/backend.hpp"
#include "cunum/error.hpp"

namespace cunum::user {

namespace {
constexpr int kMaxWords = 512;  // 4 KiB: CUDA's classic limit on a kernel's parameters

uint64_t fnv1a(const std::string& s, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

// The strides (bytes) of `a` broadcast to `shape` (right-aligned; 0 where a
// has length 1 or lacks the dim). ValueError when a does not broadcast.
std::vector<int64_t> broadcast_strides(const ndarray& a, const Shape& shape, const std::string& name) {
  const int nd = static_cast<int>(shape.size()), ad = a.ndim();
  if (ad > nd) throw ValueError("cunum: argument '" + name + "' of shape " + shape_str(a.shape()) +
                                " does not broadcast to " + shape_str(shape));
  std::vector<int64_t> st(nd, 0);
  for (int d = 0; d < ad; ++d) {
    const int64_t len = a.shape()[d];
    const int t = nd - ad + d;
    if (len == shape[t]) st[t] = len == 1 ? 0 : a.strides()[d];
    else if (len != 1)
      throw ValueError("cunum: argument '" + name + "' of shape " + shape_str(a.shape()) +
                       " does not broadcast to " + shape_str(shape));
  }
  return st;
}

// Drops dims of length 1 and merges a dim into the next one where every
// operand's strides allow (outer stride == inner stride * inner length).
void coalesce(std::vector<int64_t>& shape, std::vector<std::vector<int64_t>*> strides) {
  std::vector<int64_t> sh;
  std::vector<std::vector<int64_t>> st(strides.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    bool merge = !sh.empty();
    for (size_t k = 0; k < strides.size() && merge; ++k) merge = st[k].back() == (*strides[k])[d] * shape[d];
    if (merge) {
      sh.back() *= shape[d];
      for (size_t k = 0; k < strides.size(); ++k) st[k].back() = (*strides[k])[d];
    } else {
      sh.push_back(shape[d]);
      for (size_t k = 0; k < strides.size(); ++k) st[k].push_back((*strides[k])[d]);
    }
  }
  shape = sh;
  for (size_t k = 0; k < strides.size(); ++k) *strides[k] = st[k];
}

int64_t product(const std::vector<int64_t>& v) {
  int64_t n = 1;
  for (int64_t x : v) n *= x;
  return n;
}

void check_args(const KernelSpec& spec, const std::vector<Arg>& args, Device device) {
  if (args.size() != spec.params.size())
    throw TypeError("cunum: kernel '" + spec.name + "' takes " + std::to_string(spec.params.size()) +
                    " arguments (" + std::to_string(args.size()) + " given)");
  for (size_t k = 0; k < args.size(); ++k) {
    const ParamSpec& p = spec.params[k];
    if (p.kind == ArgKind::Scalar) continue;
    if (!args[k].array) throw TypeError("cunum: argument '" + p.name + "' of kernel '" + spec.name + "' must be an array");
    if (args[k].array->device() != device)
      throw ValueError("cunum: argument '" + p.name + "' of kernel '" + spec.name + "' is on " +
                       args[k].array->device().str() + ", the kernel runs on " + device.str());
    if (args[k].array->dtype() != p.arg_dtype)
      throw TypeError("cunum: argument '" + p.name + "' has dtype " + std::string(dtype_name(args[k].array->dtype())) +
                      ", the kernel was resolved for " + std::string(dtype_name(p.arg_dtype)));
  }
}

// Words of the raw and scalar parameters (the same for both loop kinds).
void put_value(const ParamSpec& p, const Arg& a, int64_t* w) {
  if (p.kind == ArgKind::Scalar) {
    w[0] = w[1] = 0;
    a.value.store(p.dtype, w);
    return;
  }
  const ndarray& r = *a.array;
  w[0] = reinterpret_cast<int64_t>(r.data());
  for (int d = 0; d < r.ndim(); ++d) {
    w[1 + d] = r.shape()[d];
    w[1 + r.ndim() + d] = r.strides()[d];
  }
}
}  // namespace

Kernel::Kernel(KernelSpec spec) : spec_(std::move(spec)) {}

const Kernel::Compiled& Kernel::compiled(const Variant& v) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = variants_.find(v);
  if (it != variants_.end()) return *it->second;
  auto c = std::make_unique<Compiled>();
  c->nwords = kernel_words(spec_, v);
  if (c->nwords > kMaxWords)
    throw ValueError("cunum: kernel '" + spec_.name + "' has too many parameters and dimensions (" +
                     std::to_string(c->nwords * 8) + " bytes of parameters; the limit is 4096)");
  c->source = kernel_source(spec_, v);
  uint64_t h = fnv1a(c->source);
  for (const std::string& o : spec_.options) h = fnv1a(o + '\0', h);
  c->hash = h;
  return *variants_.emplace(v, std::move(c)).first->second;
}

void Kernel::elementwise(const std::vector<Arg>& args, const Shape& shape, Device device, int64_t size) const {
  check_args(spec_, args, device);
  // The loop's dims and each Array operand's strides in one flat stack
  // buffer, coalesced in place: a call allocates nothing here.
  const int nd0 = static_cast<int>(shape.size());
  int ops[kMaxWords], nops = 0;
  for (size_t k = 0; k < args.size(); ++k)
    if (spec_.params[k].kind == ArgKind::Array) ops[nops++] = static_cast<int>(k);
  if (nops * (nd0 + 1) > kMaxWords)
    throw ValueError("cunum: kernel '" + spec_.name + "' has too many parameters and dimensions");
  int64_t sh[kMaxWords];
  int64_t st[kMaxWords];  // st[j * nd0 + d]
  for (int d = 0; d < nd0; ++d) sh[d] = shape[d];
  for (int j = 0; j < nops; ++j) {
    const ndarray& a = *args[ops[j]].array;
    const int ad = a.ndim();
    if (ad == nd0 && a.shape() == shape) {  // the common case: no broadcasting
      for (int d = 0; d < nd0; ++d) st[j * nd0 + d] = a.strides()[d];
    } else {
      const std::vector<int64_t> b = broadcast_strides(a, shape, spec_.params[ops[j]].name);
      for (int d = 0; d < nd0; ++d) st[j * nd0 + d] = b[d];
    }
  }
  int64_t n = 1;
  for (int d = 0; d < nd0; ++d) n *= sh[d];
  if (nops == 0 && size >= 0) n = size;
  if (n == 0) return;
  // Coalesce (as coalesce() above), writing dims back at position `nd`.
  int nd = 0;
  for (int d = 0; d < nd0; ++d) {
    if (sh[d] == 1) continue;
    bool merge = nd > 0;
    for (int j = 0; j < nops && merge; ++j) merge = st[j * nd0 + nd - 1] == st[j * nd0 + d] * sh[d];
    if (merge) {
      sh[nd - 1] *= sh[d];
      for (int j = 0; j < nops; ++j) st[j * nd0 + nd - 1] = st[j * nd0 + d];
    } else {
      sh[nd] = sh[d];
      for (int j = 0; j < nops; ++j) st[j * nd0 + nd] = st[j * nd0 + d];
      ++nd;
    }
  }
  if (nops == 0 && size >= 0 && nd == 0 && n != 1) sh[nd++] = n;
  Variant v;
  v.nd = nd;
  for (size_t k = 0; k < args.size(); ++k)
    if (spec_.params[k].kind == ArgKind::Raw) v.raw_ndims.push_back(args[k].array->ndim());
  const Compiled& c = compiled(v);
  int64_t w[kMaxWords];
  w[0] = n;
  for (int d = 0; d < nd; ++d) w[1 + d] = sh[d];
  int at = 1 + nd, j = 0;
  for (size_t k = 0; k < args.size(); ++k) {
    const ParamSpec& p = spec_.params[k];
    if (p.kind == ArgKind::Array) {
      w[at] = reinterpret_cast<int64_t>(args[k].array->data());
      for (int d = 0; d < nd; ++d) w[at + 1 + d] = st[j * nd0 + d];
      at += 1 + nd;
      ++j;
    } else {
      put_value(p, args[k], w + at);
      at += p.kind == ArgKind::Scalar ? 2 : 1 + 2 * args[k].array->ndim();
    }
  }
  launch(c, device, n, 0, false, w);
}

void Kernel::reduce(const std::vector<Arg>& args, const Shape& shape, const std::vector<int>& axes,
                    Device device) const {
  check_args(spec_, args, device);
  const int nd = static_cast<int>(shape.size());
  std::vector<bool> red(nd, false);
  for (int a : axes) red.at(a) = true;
  std::vector<int64_t> kept_shape, red_shape;
  for (int d = 0; d < nd; ++d) (red[d] ? red_shape : kept_shape).push_back(shape[d]);
  const int nk = static_cast<int>(kept_shape.size());
  std::vector<std::vector<int64_t>> kst(args.size()), rst(args.size());
  std::vector<std::vector<int64_t>*> kept_ops, red_ops;
  Variant v;
  for (size_t k = 0; k < args.size(); ++k) {
    const ParamSpec& p = spec_.params[k];
    if (p.kind == ArgKind::Raw) v.raw_ndims.push_back(args[k].array->ndim());
    if (p.kind != ArgKind::Array) continue;
    const ndarray& a = *args[k].array;
    if (!p.output) {
      const std::vector<int64_t> st = broadcast_strides(a, shape, p.name);
      for (int d = 0; d < nd; ++d) (red[d] ? rst[k] : kst[k]).push_back(st[d]);
      red_ops.push_back(&rst[k]);
    } else if (a.ndim() == nk) {  // reduced dims dropped
      for (int d = 0; d < nk; ++d) {
        if (a.shape()[d] != kept_shape[d])
          throw ValueError("cunum: output '" + p.name + "' has shape " + shape_str(a.shape()) + ", expected " +
                           shape_str(Shape(kept_shape.begin(), kept_shape.end())));
        kst[k].push_back(a.shape()[d] == 1 ? 0 : a.strides()[d]);
      }
    } else if (a.ndim() == nd) {  // keepdims
      for (int d = 0; d < nd; ++d) {
        if (a.shape()[d] != (red[d] ? 1 : shape[d]))
          throw ValueError("cunum: output '" + p.name + "' has shape " + shape_str(a.shape()) +
                           " that does not fit the reduction");
        if (!red[d]) kst[k].push_back(a.shape()[d] == 1 ? 0 : a.strides()[d]);
      }
    } else {
      throw ValueError("cunum: output '" + p.name + "' has shape " + shape_str(a.shape()) +
                       " that does not fit the reduction");
    }
    kept_ops.push_back(&kst[k]);
  }
  const int64_t nout = product(kept_shape), m = product(red_shape);
  if (nout == 0) return;
  coalesce(kept_shape, kept_ops);
  coalesce(red_shape, red_ops);
  v.nd = static_cast<int>(kept_shape.size());
  v.nd_red = static_cast<int>(red_shape.size());
  const Compiled& c = compiled(v);
  int64_t w[kMaxWords];
  w[0] = nout;
  w[1] = m;
  for (int d = 0; d < v.nd; ++d) w[2 + d] = kept_shape[d];
  for (int d = 0; d < v.nd_red; ++d) w[2 + v.nd + d] = red_shape[d];
  int at = 2 + v.nd + v.nd_red;
  for (size_t k = 0; k < args.size(); ++k) {
    const ParamSpec& p = spec_.params[k];
    if (p.kind == ArgKind::Array) {
      w[at++] = reinterpret_cast<int64_t>(args[k].array->data());
      for (int d = 0; d < v.nd; ++d) w[at++] = kst[k][d];
      if (!p.output)
        for (int d = 0; d < v.nd_red; ++d) w[at++] = rst[k][d];
    } else {
      put_value(p, args[k], w + at);
      at += p.kind == ArgKind::Scalar ? 2 : 1 + 2 * args[k].array->ndim();
    }
  }
  // One pass unless the backend splits it (Note [Split user reductions]).
  w[at++] = 0;
  w[at++] = 1;
  w[at++] = 0;
  CUNUM_ASSERT(at == c.nwords);
  launch(c, device, nout, m, true, w);
}

void Kernel::launch(const Compiled& c, Device device, int64_t n, int64_t m, bool reduction, const int64_t* w) const {
  backend::UserKernelPlan plan;
  plan.source = &c.source;
  plan.hash = c.hash;
  plan.options = &spec_.options;
  plan.reduction = reduction;
  plan.n = n;
  plan.m = m;
  plan.words = w;
  plan.nwords = c.nwords;
  plan.name = spec_.name.c_str();
  backend::get(device).user_kernel(plan);
}

}  // namespace cunum::user
