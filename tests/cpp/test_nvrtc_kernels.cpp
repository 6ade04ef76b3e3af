// Every built-in kernel the CUDA backend can generate is compiled with NVRTC
// here — no GPU needed — so a kernel that does not compile fails CI.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "backend/cuda/jit.hpp"
#include "backend/cuda/kernel_source.hpp"
#include "cunum/kernels/random_dists.hpp"
#include "cunum/error.hpp"
#include "cunum/user_kernels.hpp"

using namespace cunum;
using namespace cunum::backend::cuda;

namespace {
constexpr int kArch = 90;  // Hopper; the backend compiles for the device's own arch

// Generated sources all share the prelude and name their entry point
// "cunum_kernel": put many in one program, each in its own namespace.
struct Batch {
  std::string src;
  int n = 0;
  void add(const std::string& s) {
    const std::string inc = "#include";
    std::string body = s;
    // keep the includes once, at the top
    size_t pos = body.find("using namespace cunum;\n");
    std::string head = body.substr(0, pos + 23), rest = body.substr(pos + 23);
    if (n == 0) src += head;
    const std::string name = "cunum_kernel_" + std::to_string(n);
    for (size_t at = rest.find("cunum_kernel"); at != std::string::npos; at = rest.find("cunum_kernel", at + name.size()))
      rest.replace(at, 12, name);
    src += "namespace k" + std::to_string(n) + " {\n" + rest + "}\n";
    ++n;
  }
};

// Fused plans: the loop of `def` whose first input is `in0`, and the
// arguments naming input k and output o of step s.
int loop_of(const core::UfuncDef& def, DType in0) {
  for (int l = 0; l < def.nloops; ++l)
    if (def.loops[l].in[0] == in0) return l;
  ADD_FAILURE() << def.name << " has no loop for " << dtype_name(in0);
  return 0;
}
backend::FusedArg in(int k) { return {backend::FusedArg::Input, static_cast<int16_t>(k), 0}; }
backend::FusedArg val(int s, int o = 0) { return {backend::FusedArg::Value, static_cast<int16_t>(s), static_cast<int8_t>(o)}; }
// A plan of `nsteps` steps whose results are `results`, over operands of
// `dtypes`: nin inputs, then the outputs.
backend::FusedPlan plan_of(const backend::FusedStep* steps, int nsteps, const backend::FusedArg* results, int nin,
                           std::initializer_list<DType> dtypes, int nscalars = 0) {
  backend::FusedPlan p;
  p.steps = steps;
  p.nsteps = nsteps;
  p.results = results;
  p.nin = nin;
  p.nout = static_cast<int>(dtypes.size()) - nin;
  p.nscalars = nscalars;
  std::copy(dtypes.begin(), dtypes.end(), p.dtypes.begin());
  return p;
}
}  // namespace

// Every loop of every ufunc in the table, in the kernel shapes the backend
// generates: strided (64- and 32-bit indexing), contiguous, with a scalar
// operand, and with operands in other dtypes than the loop's (converted in
// registers: Note [Operand dtypes]).
TEST(NvrtcKernels, EveryUfuncLoopCompiles) {
  for (int u = 0; u < core::num_ufuncs(); ++u) {
    const core::UfuncDef& def = core::ufunc_def(u);
    Batch b;
    for (int l = 0; l < def.nloops; ++l) {
      const core::LoopSig& sig = def.loops[l];
      DType same[4], mixed[4];
      for (int i = 0; i < def.nin; ++i) {
        same[i] = sig.in[i];
        mixed[i] = sig.in[i] == DType::Int8 ? DType::Float64 : DType::Int8;
      }
      for (int k = 0; k < def.nout; ++k) {
        same[def.nin + k] = sig.out[k];
        mixed[def.nin + k] = sig.out[k] == DType::Complex128 ? DType::Bool : DType::Complex128;
      }
      b.add(ufunc_source(def, l, same, 2, true));
      b.add(ufunc_source(def, l, same, 1, false));
      b.add(ufunc_contiguous_source(def, l, same, 2, 2));
      if (l == 0 || l + 1 == def.nloops) {  // conversions: the first and last loops
        b.add(ufunc_source(def, l, mixed, 1, true));
        b.add(ufunc_contiguous_source(def, l, mixed, 2, 1));
      }
      if (def.nin == 2) {  // a Python scalar operand (Note [Scalar operands])
        b.add(ufunc_source(def, l, same, 1, true, 1));
        b.add(ufunc_contiguous_source(def, l, same, 2, 1, 0));
      }
    }
    EXPECT_NO_THROW(compile_to_cubin(b.src, kArch)) << def.name;
  }
}

TEST(NvrtcKernels, EveryCastFillIotaCompiles) {
  Batch b;
  for (int f = 0; f < kNumDTypes; ++f) {
    for (int t = 0; t < kNumDTypes; ++t) {
      b.add(cast_source(static_cast<DType>(f), static_cast<DType>(t), 2, true, false));
      b.add(cast_source(static_cast<DType>(f), static_cast<DType>(t), 1, false, true));
    }
    b.add(fill_source(static_cast<DType>(f), 3, true));
    b.add(iota_source(static_cast<DType>(f)));
  }
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// The copy family's fast kernels (Note [Copy kernels]) for every dtype pair:
// contiguous forward for every pair; reversed and the tiled transpose (in the
// tile sizes the backend picks: 64 only for items of up to 4 bytes) for one
// dtype and for casts into bool.
TEST(NvrtcKernels, EveryCopyKernelCompiles) {
  Batch b;
  for (int f = 0; f < kNumDTypes; ++f) {
    for (int t = 0; t < kNumDTypes; ++t) {
      const DType from = static_cast<DType>(f), to = static_cast<DType>(t);
      const size_t widest = std::max(itemsize(from), itemsize(to));
      if (widest < 16) b.add(cast_contiguous_source(from, to, static_cast<int>(16 / widest), 2, false));
      if (f != t && t != 0 && itemsize(from) + itemsize(to) != 8) continue;  // the rest: one dtype, into bool, 4 to 4 bytes
      if (widest < 16) b.add(cast_contiguous_source(from, to, static_cast<int>(16 / widest), 1, true));
      b.add(cast_transposed_source(from, to, 2, 32, 8, false));
      if (itemsize(to) <= 4) b.add(cast_transposed_source(from, to, 3, 64, 1, false));
      if (itemsize(from) == 4 && itemsize(to) == 4) b.add(cast_transposed_source(from, to, 2, 64, 1, true));
    }
  }
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// Rows and inner repeats (Note [Row copies]): every dtype pair for the
// copy rows, one dtype each for the broadcast and fill rows and repeats.
TEST(NvrtcKernels, EveryRowCopyCompiles) {
  Batch b;
  for (int f = 0; f < kNumDTypes; ++f)
    for (int t = 0; t < kNumDTypes; ++t) {
      const DType from = static_cast<DType>(f), to = static_cast<DType>(t);
      const size_t widest = std::max(itemsize(from), itemsize(to));
      const int vec = widest < 16 ? static_cast<int>(16 / widest) : 1;
      b.add(cast_rows_source(from, to, 2 + (f + t) % 2, vec, 4, RowSource::Copy));
      if (f != t) continue;
      b.add(cast_rows_source(from, to, 2, 1, 4, RowSource::Copy));
      b.add(cast_rows_source(from, to, 3, vec, 4, RowSource::Broadcast));
      b.add(cast_rows_source(from, to, 2 + (f + t) % 2, vec, 4, RowSource::CopyReplicated));
      b.add(cast_rows_source(from, to, 3, 1, 4, RowSource::CopyReplicated));
      b.add(cast_rows_source(from, to, 1, vec, 4, RowSource::Fill));
      b.add(cast_repeat_source(from, to, vec, 2));
      b.add(cast_repeat_source(from, to, 1, 3));
    }
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// Every row of CUNUM_FOR_EACH_REDUCTION over every loop dtype, in every
// strategy: the input in the loop dtype, and converted into it (the sums of
// small integers, an out= of another dtype), as the planner plans them.
TEST(NvrtcKernels, EveryReductionCompiles) {
  for (int r = 0; r < core::kNumReductions; ++r) {
    const auto id = static_cast<core::ReduceId>(r);
    const core::ReduceKind kind = core::reduce_info(id).kind;
    Batch b;
    for (int d = 0; d < kNumDTypes; ++d) {
      const DType dt = static_cast<DType>(d);
      DType loop = dt, out = dt;
      if (kind == core::ReduceKind::Sum && (is_bool(dt) || is_integer(dt)))
        loop = out = is_unsigned(dt) ? DType::UInt64 : DType::Int64;
      if (kind == core::ReduceKind::Truth) out = DType::Bool;
      if (kind == core::ReduceKind::Arg) out = DType::Int64;
      if (kind == core::ReduceKind::Moment) {  // var/std: integers in float64, M2 in the real compute type
        if (!is_inexact(dt)) loop = DType::Float64;
        out = loop == DType::Float16 || loop == DType::Complex64 ? DType::Float32
              : loop == DType::Complex128                        ? DType::Float64
                                                                  : loop;
      }
      for (int m = 0; m < kNumReduceModes; ++m)  // ranks 0, 1 and 2 spread over the modes
        b.add(reduce_source(id, dt, loop, out, (m + d) % 3, static_cast<ReduceMode>(m)));
      // the loop in the input's dtype, the result into float64 (out=)
      b.add(reduce_source(id, dt, dt, DType::Float64, 1, static_cast<ReduceMode>(d % kNumReduceModes)));
    }
    EXPECT_NO_THROW(compile_to_cubin(b.src, kArch)) << core::reduce_info(id).name;
  }
}

// The gather family (Note [Gather kernels]): every item size x index dtype x
// mode, with the ranks of the outer and inner dims, the index width and the
// unroll spread over them; then every rank pattern and index width for one.
TEST(NvrtcKernels, EveryGatherCompiles) {
  using backend::GatherMode;
  const DType index_dtypes[] = {DType::Bool,   DType::Int8,   DType::UInt8,  DType::Int16, DType::UInt16,
                                DType::Int32,  DType::UInt32, DType::Int64,  DType::UInt64};
  const int ranks[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 2}, {3, 0}, {0, 3}};
  const GatherMode modes[] = {GatherMode::Raise, GatherMode::Wrap, GatherMode::Clip};
  int v = 0;
  for (int itemsize : {1, 2, 4, 8, 16}) {
    Batch b;
    for (DType index : index_dtypes)
      for (GatherMode mode : modes) {
        const int* r = ranks[v % 7];
        b.add(gather_source({itemsize, index, r[0], r[1], mode, v % 2 == 0, 1 + v % 8}));
        ++v;
      }
    EXPECT_NO_THROW(compile_to_cubin(b.src, kArch)) << "item size " << itemsize;
  }
  Batch b;
  for (const auto& r : ranks)
    for (bool index32 : {false, true})
      for (GatherMode mode : modes) b.add(gather_source({4, DType::Int64, r[0], r[1], mode, index32, 4}));
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// The scan family (Note [Scan kernels]): every descriptor over every loop
// dtype in both strategies (lane ranks spread over them), then inputs and
// outputs in other dtypes than the loop's (converted in registers).
TEST(NvrtcKernels, EveryScanCompiles) {
  using backend::ScanOp;
  const ScanOp ops[] = {ScanOp::CumSum, ScanOp::CumProd, ScanOp::NanCumSum, ScanOp::NanCumProd};
  int v = 0;
  for (ScanOp op : ops)
    for (ScanStrategy strategy : {ScanStrategy::Tiles, ScanStrategy::Lanes}) {
      Batch b;
      for (int d = 0; d < kNumDTypes; ++d) {
        const DType t = static_cast<DType>(d);
        b.add(scan_source({op, t, t, t, v % 4, strategy, strategy == ScanStrategy::Tiles && v % 2 == 0}));
        ++v;
      }
      EXPECT_NO_THROW(compile_to_cubin(b.src, kArch)) << backend::scan_op_name(op);
    }
  Batch b;
  const DType mixed[][3] = {{DType::Int8, DType::Int64, DType::Int64},      {DType::Bool, DType::Int64, DType::Float32},
                            {DType::UInt16, DType::UInt64, DType::Int8},   {DType::Float16, DType::Float32, DType::Float16},
                            {DType::Float64, DType::Complex64, DType::Complex128},
                            {DType::Complex128, DType::Float64, DType::Int32}};
  for (const auto& m : mixed)
    for (ScanStrategy strategy : {ScanStrategy::Tiles, ScanStrategy::Lanes})
      b.add(scan_source({ScanOp::NanCumSum, m[0], m[1], m[2], 2, strategy, strategy == ScanStrategy::Tiles}));
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// Every sort-family kernel the CUDA backend generates (Note [Sort kernels]):
// per dtype, each op in the variants sort.cpp launches.
TEST(NvrtcKernels, EverySortKernelCompiles) {
  for (int d = 0; d < kNumDTypes; ++d) {
    const DType t = static_cast<DType>(d);
    const bool cplx = dtype_kind(t) == 'c';
    const int bits = static_cast<int>(itemsize(t)) * (cplx ? 4 : 8);
    Batch b;
    if (!cplx) {
      for (int w : {1, 2, 4, 8})
        if (w * 8 >= bits) {
          b.add(sort_source({.op = SortOp::Encode, .dtype = t, .key_bytes = w, .exact = true, .pack = w * 8 > bits}));
          b.add(sort_source({.op = SortOp::Decode, .dtype = t, .key_bytes = w}));
        }
    }
    for (int comp = 0; comp < (cplx ? 4 : 1); ++comp)
      for (int w : {4, 8})
        b.add(sort_source({.op = SortOp::Encode, .dtype = t, .key_bytes = w, .comp = comp, .perm = comp > 0,
                           .pack = w == 8, .iota = comp == 0}));
    b.add(sort_source({.op = SortOp::Encode, .dtype = t, .key_bytes = 8, .comp = 3, .perm = true}));
    b.add(sort_source({.op = SortOp::Finish, .dtype = t, .keys = true, .index = true}));
    b.add(sort_source({.op = SortOp::Finish, .dtype = t, .keys = true}));
    for (bool right : {false, true}) b.add(sort_source({.op = SortOp::Search, .dtype = t, .right = right}));
    for (bool eq : {false, true}) b.add(sort_source({.op = SortOp::RunFlags, .dtype = t, .equal_nan = eq}));
    EXPECT_NO_THROW(compile_to_cubin(b.src, kArch)) << dtype_name(t);
  }
  Batch b;
  b.add(sort_source({.op = SortOp::RunFlags, .dtype = DType::Bool, .flags = true}));
  for (bool perm : {false, true}) b.add(sort_source({.op = SortOp::RunScatter, .perm = perm}));
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// The scatter family (Note [Scatter kernels]): Assign per item size, and
// Add/Max/Min per dtype (native atomics and compare-and-swap loops), with
// index dtypes, modes, ranks and index widths spread over them.
TEST(NvrtcKernels, EveryScatterCompiles) {
  using backend::GatherMode;
  using backend::ScatterOp;
  const DType index_dtypes[] = {DType::Bool,  DType::Int8,   DType::UInt8, DType::Int16, DType::UInt16,
                                DType::Int32, DType::UInt32, DType::Int64, DType::UInt64};
  const int ranks[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 2}, {3, 0}, {0, 3}};
  const GatherMode modes[] = {GatherMode::Raise, GatherMode::Wrap, GatherMode::Clip};
  int v = 0;
  Batch assign;
  for (int itemsize : {1, 2, 4, 8, 16})
    for (DType index : index_dtypes) {
      const int* r = ranks[v % 7];
      assign.add(scatter_source({itemsize, DType::UInt8, index, r[0], r[1], modes[v % 3], ScatterOp::Assign,
                                 v % 2 == 0}));
      ++v;
    }
  EXPECT_NO_THROW(compile_to_cubin(assign.src, kArch));
  for (ScatterOp op : {ScatterOp::Add, ScatterOp::Max, ScatterOp::Min}) {
    Batch b;
    for (int d = 0; d < kNumDTypes; ++d) {
      const DType dt = static_cast<DType>(d);
      if (op != ScatterOp::Add && (dt == DType::Complex64 || dt == DType::Complex128)) continue;
      const int* r = ranks[v % 7];
      b.add(scatter_source({static_cast<int>(itemsize(dt)), dt, index_dtypes[v % 9], r[0], r[1], modes[v % 3], op,
                            v % 2 == 0}));
      ++v;
    }
    EXPECT_NO_THROW(compile_to_cubin(b.src, kArch)) << "op " << static_cast<int>(op);
  }
}

// The select family (Note [Select kernels]): count, scan, and the write of
// rows of every item size, of several items, and of positions.
TEST(NvrtcKernels, EverySelectCompiles) {
  Batch b;
  b.add(select_source({SelectStage::Count, 1, false, false}));
  b.add(select_source({SelectStage::Scan, 1, false, false}));
  for (int itemsize : {1, 2, 4, 8, 16})
    for (bool rows : {false, true}) b.add(select_source({SelectStage::Write, itemsize, false, rows}));
  b.add(select_source({SelectStage::Write, 8, true, false}));
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// The random family (Note [Random kernels]): every distribution for every
// output dtype of its kind, with and without the vector store.
TEST(NvrtcKernels, EveryRandomCompiles) {
  using random::DistKind;
  for (int d = 0; d < random::kNumRandomDists; ++d) {
    const auto dist = static_cast<random::Dist>(d);
    std::vector<DType> dtypes;
    switch (random::random_kind(dist)) {
      case DistKind::Real: dtypes = {DType::Float32, DType::Float64}; break;
      case DistKind::Count: dtypes = {DType::Int64}; break;
      case DistKind::Raw: dtypes = {DType::UInt32, DType::UInt64}; break;
      case DistKind::Integers:
        dtypes = {DType::Bool, DType::Int8, DType::UInt8, DType::Int16, DType::UInt16,
                  DType::Int32, DType::UInt32, DType::Int64, DType::UInt64};
        break;
    }
    Batch b;
    for (DType t : dtypes)
      for (bool vec : {false, true})
        for (bool index32 : {false, true}) b.add(random_source({d, t, vec, 0, index32}));
    // no parameter arrays (the same template; one dtype each, for the compile time)
    b.add(random_source({d, dtypes.front(), true, 0, true, /*scalar=*/true}));
    EXPECT_NO_THROW(compile_to_cubin(b.src, kArch, false)) << random::random_name(dist);
  }
}

// The integer and bool matrix products (Note [Gemm kernels]): every dtype
// cuBLAS lacks, with each pair of transposes.
TEST(NvrtcKernels, EveryGemmKernelCompiles) {
  Batch b;
  for (DType dt : {DType::Bool, DType::Int8, DType::UInt8, DType::Int16, DType::UInt16, DType::Int32, DType::UInt32,
                   DType::Int64, DType::UInt64})
    for (backend::GemmOp ta : {backend::GemmOp::N, backend::GemmOp::T})
      for (backend::GemmOp tb : {backend::GemmOp::N, backend::GemmOp::T}) b.add(gemm_source({dt, ta, tb}));
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// User-written kernels (cunum/user_kernels.hpp, docs/user-kernels.md): the
// generated elementwise and reduction sources, with every argument kind
// (broadcast array, raw array, scalar), CuPy's type names, a preamble and
// loop_prep/after_loop, compile with NVRTC against the prelude.
TEST(NvrtcKernels, UserKernelSourcesCompile) {
  using namespace cunum::user;
  auto compiles = [](const std::string& src, const char* name) {
    try {
      compile_program(src, name, kArch, {}, {});
    } catch (const cunum::Error& err) {
      ADD_FAILURE() << err.what() << "\n--- source ---\n" << src;
    }
  };
  KernelSpec e;
  e.name = "user_elementwise";
  e.params = {{"x", "float16", DType::Float16, DType::Float16, ArgKind::Array, false},
              {"t", "complex<float>", DType::Complex64, DType::Complex64, ArgKind::Raw, false},
              {"a", "double", DType::Float64, DType::Float64, ArgKind::Scalar, false},
              {"n", "long long", DType::Int64, DType::Int64, ArgKind::Array, false},
              {"y", "T", DType::Float16, DType::Float16, ArgKind::Array, true}};
  e.typedefs = {{"T", "float16"}};
  e.preamble = "__device__ float helper(float v) { return v + 1.0f; }";
  e.loop_prep = "const float scale = helper(2.0f)";
  e.operation = "y = (T)(x * a + abs(t[i % t.size()]) * scale + n); y = max(x, y); "
                "thrust::complex<double> c(1.0, 2.0); y += (T)(float)real(conj(c) * 2.0)";
  e.after_loop = "(void)_ind.size()";
  for (int nd : {0, 1, 3}) {
    const std::string src = kernel_source(e, Variant{nd, 0, {2}});
    compiles(src, "user_elementwise");
  }
  KernelSpec r;
  r.reduction = true;
  r.name = "user_reduce";
  r.params = {{"x", "complex<double>", DType::Complex128, DType::Complex128, ArgKind::Array, false},
              {"w", "double", DType::Float64, DType::Float64, ArgKind::Scalar, false},
              {"y", "double", DType::Float64, DType::Float64, ArgKind::Array, true}};
  r.map_expr = "abs(x) * w";
  r.reduce_expr = "max(a, b)";
  r.post_map_expr = "y = sqrt(a)";
  r.reduce_type = "double";
  for (bool identity : {false, true}) {
    r.has_identity = identity;
    r.identity = "0";
    for (auto [nk, nr] : {std::pair{0, 1}, std::pair{2, 2}}) {
      const std::string src = kernel_source(r, Variant{nk, nr, {}});
      compiles(src, "user_reduce");
    }
  }
  // A compile error carries NVRTC's log.
  KernelSpec bad = e;
  bad.operation = "y = undefined_name_42";
  try {
    compile_program(kernel_source(bad, Variant{1, 0, {1}}), "bad", kArch, {}, {});
    FAIL() << "expected a CompileError";
  } catch (const cunum::CompileError& err) {
    EXPECT_NE(err.log.find("undefined_name_42"), std::string::npos);
  }
  // RawModule's name expressions come back lowered.
  Program p = compile_program("template <class T> __global__ void f(T* x) { *x = T(1); }", "raw", kArch, {},
                              {"f<float>", "f<double>"});
  ASSERT_EQ(p.lowered.size(), 2u);
  EXPECT_NE(p.lowered[0], p.lowered[1]);
}

// The sequential engines (Note [Sequential engines]): XORWOW and MRG32k3a
// kernels (a run of blocks per thread after one skip-ahead) for a wide, a
// raw, an integer and a rejection-sampling distribution.
TEST(NvrtcKernels, EverySequentialEngineCompiles) {
  for (int engine : {1, 2}) {
    Batch b;
    for (bool vec : {false, true}) {
      b.add(random_source({static_cast<int>(random::Dist::Random), DType::Float32, vec, engine}));
      b.add(random_source({static_cast<int>(random::Dist::StandardNormal), DType::Float64, vec, engine}));
      // the float normals' 8 KB table beside the staged stores' 36 KB (static shared memory <= 48 KB)
      b.add(random_source({static_cast<int>(random::Dist::StandardNormal), DType::Float32, vec, engine}));
      b.add(random_source({static_cast<int>(random::Dist::RawBits), DType::UInt64, vec, engine}));
      b.add(random_source({static_cast<int>(random::Dist::Integers), DType::Int32, vec, engine}));
    }
    b.add(random_source({static_cast<int>(random::Dist::Gamma), DType::Float64, false, engine}));
    b.add(random_source({static_cast<int>(random::Dist::Binomial), DType::Int64, false, engine}));
    EXPECT_NO_THROW(compile_to_cubin(b.src, kArch, false)) << engine;
  }
}

// Fused kernels (Note [Fused kernels]): `(a * b + a) * b` in float32 in every
// shape the backend launches, then a graph mixing operand dtypes converted
// in registers, a scalar, a two-output ufunc, complex and float16 loops.
TEST(NvrtcKernels, FusedKernelsCompile) {
  using backend::FusedArg;
  using backend::FusedPlan;
  using backend::FusedStep;
  const core::UfuncDef& mul = core::ufunc_by_name("multiply");
  const core::UfuncDef& add = core::ufunc_by_name("add");
  const FusedStep chain[] = {{&mul, loop_of(mul, DType::Float32), {in(0), in(1)}},
                             {&add, loop_of(add, DType::Float32), {val(0), in(0)}},
                             {&mul, loop_of(mul, DType::Float32), {val(1), in(1)}}};
  const FusedArg chain_out[] = {val(2)};
  const FusedPlan p = plan_of(chain, 3, chain_out, 2, {DType::Float32, DType::Float32, DType::Float32});
  Batch b;
  b.add(fused_source(p, 0, true, 4));
  b.add(fused_source(p, 1, true, 0));
  b.add(fused_source(p, 3, false, 0));

  const core::UfuncDef& divmod = core::ufunc_by_name("divmod");
  const core::UfuncDef& sin = core::ufunc_by_name("sin");
  const core::UfuncDef& sub = core::ufunc_by_name("subtract");
  const FusedStep mixed[] = {
      {&mul, loop_of(mul, DType::Float64), {in(0), in(1)}},                        // int8 * float64
      {&divmod, loop_of(divmod, DType::Float64), {val(0), {FusedArg::Scalar, 0, 0}}},
      {&sin, loop_of(sin, DType::Complex64), {in(2)}},
      {&add, loop_of(add, DType::Complex128), {val(2), val(1, 1)}},                 // complex64 + float64
      {&sub, loop_of(sub, DType::Float16), {in(3), {FusedArg::Scalar, 1, 0}}}};
  const FusedArg mixed_out[] = {val(3), val(1, 0), val(4)};
  const FusedPlan q = plan_of(mixed, 5, mixed_out, 4,
                              {DType::Int8, DType::Float64, DType::Complex64, DType::Float16, DType::Complex128,
                               DType::Float32, DType::Float16},
                              2);
  b.add(fused_source(q, 0, true, 1));
  b.add(fused_source(q, 2, true, 0));
  b.add(fused_source(q, 4, false, 0));
  // bool inputs, read through their bytes (Note [Bool bytes]): vector, tail, strided
  const core::UfuncDef& lxor = core::ufunc_by_name("logical_xor");
  const FusedStep bools[] = {{&lxor, loop_of(lxor, DType::Bool), {in(0), in(1)}}};
  const FusedArg bools_out[] = {val(0)};
  const FusedPlan t = plan_of(bools, 1, bools_out, 2, {DType::Bool, DType::Bool, DType::Bool});
  b.add(fused_source(t, 0, true, 16));
  b.add(fused_source(t, 2, false, 0));
  // where steps (Note [Fused where]) in every result dtype: a bool input
  // condition choosing between an input and a scalar, then a value condition
  // (a complex or float16 input's truth value), a scalar condition, and the
  // where's value used by a ufunc
  const core::UfuncDef& neg = core::ufunc_by_name("negative");
  for (int d = 0; d < kNumDTypes; ++d) {
    const DType dt = static_cast<DType>(d);
    FusedStep wsteps[] = {{nullptr, 0, {in(0), in(1), {FusedArg::Scalar, 0, 0}}, dt},
                          {nullptr, 0, {in(2), val(0), in(1)}, dt},
                          {nullptr, 0, {{FusedArg::Scalar, 1, 0}, val(1), in(1)}, dt},
                          {&neg, loop_of(neg, dt == DType::Bool ? DType::Int8 : dt), {val(2)}}};
    const int nsteps = dt == DType::Bool ? 3 : 4;  // no negative of bool
    const FusedArg wout[] = {val(nsteps - 1)};
    const FusedPlan w = plan_of(wsteps, nsteps, wout, 3, {DType::Bool, dt, d % 2 ? DType::Complex64 : DType::Float16, dt}, 2);
    b.add(fused_source(w, 0, true, dt == DType::Bool ? 16 : 2));
    b.add(fused_source(w, 2, false, 0));
  }
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// This session's plumbing kernels: the sort kernels with int32 positions
// (Note [Sort kernels]: idx32, arrays under 2^31 items) and the one-segment
// Finish (no division), per dtype; the rows-kernel unrolls; the plain gather.
TEST(NvrtcKernels, PlumbingRound2KernelsCompile) {
  for (int d = 0; d < kNumDTypes; ++d) {
    const DType t = static_cast<DType>(d);
    const bool cplx = dtype_kind(t) == 'c';
    Batch b;
    for (int comp = 0; comp < (cplx ? 4 : 1); ++comp)
      for (int w : {4, 8})
        b.add(sort_source({.op = SortOp::Encode, .dtype = t, .key_bytes = w, .comp = comp, .perm = comp > 0,
                           .pack = w == 8, .iota = comp == 0, .idx32 = true}));
    b.add(sort_source({.op = SortOp::Encode, .dtype = t, .key_bytes = 8, .comp = 3, .perm = true, .idx32 = true}));
    for (bool idx32 : {false, true})
      for (bool segs : {false, true}) {
        b.add(sort_source({.op = SortOp::Finish, .dtype = t, .keys = true, .index = true, .idx32 = idx32,
                           .segs = segs}));
        b.add(sort_source({.op = SortOp::Finish, .dtype = t, .index = true, .idx32 = idx32, .segs = segs}));
      }
    b.add(sort_source({.op = SortOp::Finish, .dtype = t, .keys = true, .idx32 = true}));
    EXPECT_NO_THROW(compile_to_cubin(b.src, kArch)) << dtype_name(t);
  }
  // The rows kernel at every other CUNUM_COPY_ROW_UNROLL (4, the default, above; Note [Row copies]) and the
  // gather with plain source loads (CUNUM_GATHER_NC=0; the default read-only
  // loads are compiled by the gather test above).
  Batch b;
  for (int unroll : {1, 2, 8})
    for (RowSource source : {RowSource::Copy, RowSource::Broadcast, RowSource::Fill, RowSource::CopyReplicated})
      b.add(cast_rows_source(DType::Float32, DType::Float32, 3, 4, unroll, source));
  for (int itemsize : {1, 2, 4, 8, 16})
    b.add(gather_source({itemsize, DType::Int64, 0, 0, backend::GatherMode::Raise, false, 4, true, false}));
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// Automatic fusion's plans (Note [Automatic fusion]): `t = a * b;
// r = (t + c) * 2.5 > d; m = r & e` keeps the intermediate t a user still
// holds as a second output beside the last step, mixes input dtypes
// (uint8, float32, int16, float64, bool), a scalar and bool steps, and uses
// the most operands a kernel takes (6 inputs + 2 outputs).
TEST(NvrtcKernels, AutoFusedKernelsCompile) {
  using backend::FusedArg;
  using backend::FusedPlan;
  using backend::FusedStep;
  const core::UfuncDef& mul = core::ufunc_by_name("multiply");
  const core::UfuncDef& add = core::ufunc_by_name("add");
  const core::UfuncDef& gt = core::ufunc_by_name("greater");
  const core::UfuncDef& band = core::ufunc_by_name("bitwise_and");
  const core::UfuncDef& lor = core::ufunc_by_name("logical_or");
  const FusedStep steps[] = {{&mul, loop_of(mul, DType::Float32), {in(0), in(1)}},     // uint8 * float32
                             {&add, loop_of(add, DType::Float32), {val(0), in(2)}},    // + int16
                             {&mul, loop_of(mul, DType::Float32), {val(1), {FusedArg::Scalar, 0, 0}}},
                             {&gt, loop_of(gt, DType::Float64), {val(2), in(3)}},      // > float64
                             {&band, loop_of(band, DType::Bool), {val(3), in(4)}},     // & bool
                             {&lor, loop_of(lor, DType::Bool), {val(4), in(5)}}};      // or bool
  const FusedArg outs[] = {val(0), val(5)};
  const FusedPlan p = plan_of(steps, 6, outs, 6,
                              {DType::UInt8, DType::Float32, DType::Int16, DType::Float64, DType::Bool, DType::Bool,
                               DType::Float32, DType::Bool},
                              1);
  Batch b;
  b.add(fused_source(p, 0, true, 1));
  b.add(fused_source(p, 1, true, 0));
  b.add(fused_source(p, 2, false, 0));
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// The histogram family (Note [Histogram kernels]): each mode with counts and
// weights, in shared memory and in global memory, over the x dtypes the
// routines pass (bool data arrives as uint8) and each comparison dtype.
TEST(NvrtcKernels, EveryHistogramKernelCompiles) {
  using backend::HistogramMode;
  Batch b;
  const DType ints[] = {DType::Bool, DType::Int8, DType::UInt8, DType::Int16, DType::UInt16,
                        DType::Int32, DType::UInt32, DType::Int64, DType::UInt64};
  for (DType x : ints)
    for (bool w : {false, true})
      for (int sh : {0, 256, 2048}) b.add(histogram_source({HistogramMode::Direct, x, DType::Float64, DType::Float32, w, sh}));
  const DType reals[] = {DType::UInt8, DType::Int32, DType::Int64, DType::UInt64, DType::Float16, DType::Float32, DType::Float64};
  for (HistogramMode mode : {HistogramMode::Uniform, HistogramMode::Edges})
    for (DType x : reals)
      for (DType cmp : {DType::Float16, DType::Float32, DType::Float64})
        for (int sh : {0, 512})
          b.add(histogram_source({mode, x, cmp, x == DType::Int32 ? DType::Bool : DType::Float64, sh == 512, sh}));
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// Split user reductions (Note [Split user reductions]): one source runs the
// one-pass, chunk-partials and fold phases; every reduce type class (bool,
// integers, float16, floats, complex) compiles, and the
// image carries the `cunum_user_slot_size` global whose size the backend reads.
TEST(NvrtcKernels, SplitUserReductionsCompile) {
  using namespace cunum::user;
  struct Case {
    const char* ctype;
    DType dtype;
  };
  const Case cases[] = {{"bool", DType::Bool},       {"signed char", DType::Int8},
                        {"unsigned long long", DType::UInt64}, {"float16", DType::Float16},
                        {"float", DType::Float32},   {"double", DType::Float64},
                        {"complex<float>", DType::Complex64}, {"complex<double>", DType::Complex128}};
  for (const Case& c : cases) {
    KernelSpec r;
    r.reduction = true;
    r.name = "split_reduce";
    r.params = {{"x", c.ctype, c.dtype, c.dtype, ArgKind::Array, false},
                {"y", c.ctype, c.dtype, c.dtype, ArgKind::Array, true}};
    r.map_expr = "x";
    r.reduce_expr = "a + b";
    r.post_map_expr = "y = a";
    r.reduce_type = c.ctype;
    r.has_identity = true;
    r.identity = "0";
    const std::string src = kernel_source(r, Variant{1, 1, {}});
    try {
      Program p = compile_program(src, "split_reduce", kArch, {}, {});
      const std::string image(p.image.begin(), p.image.end());
      EXPECT_NE(image.find("cunum_user_slot_size"), std::string::npos) << c.ctype;
    } catch (const cunum::Error& err) {
      ADD_FAILURE() << err.what() << "\n--- source ---\n" << src;
    }
  }
  // No identity, a preamble function in the map, a scalar, over two kept dims.
  KernelSpec r;
  r.reduction = true;
  r.name = "split_max";
  r.params = {{"x", "float", DType::Float32, DType::Float32, ArgKind::Array, false},
              {"s", "float", DType::Float32, DType::Float32, ArgKind::Scalar, false},
              {"y", "double", DType::Float64, DType::Float64, ArgKind::Array, true}};
  r.preamble = "__device__ float sq(float v) { return v * v; }";
  r.map_expr = "sq(x) * s";
  r.reduce_expr = "max(a, b)";
  r.post_map_expr = "y = a";
  r.reduce_type = "float";
  r.has_identity = false;
  const std::string src = kernel_source(r, Variant{2, 1, {}});
  try {
    compile_program(src, "split_max", kArch, {}, {});
  } catch (const cunum::Error& err) {
    ADD_FAILURE() << err.what() << "\n--- source ---\n" << src;
  }
}

// The tile scan's run-time knobs (CUNUM_SCAN_ITEMS, _THREADS, _GRID, _HINTS,
// _SPIN, _MIN_BLOCKS, _WIDE; docs/scan.md): every items x threads pair on
// float32 (vector tiles, the resident and pipelined grids, hints, backoff and
// min-blocks spread over them), then the widest and narrowest loop dtypes at
// the extremes (the tile's shared memory must stay under the 48 KB of static
// shared memory a block may have; 8-byte loops with the 16-byte status).
TEST(NvrtcKernels, EveryScanTuningCompiles) {
  using backend::ScanOp;
  Batch b;
  int v = 0;
  for (int items4 : {2, 4, 8, 16, 32, 64})
    for (int threads : {128, 256, 512}) {
      ScanKernel k{ScanOp::CumSum, DType::Float32, DType::Float32, DType::Float32, 0, ScanStrategy::Tiles, v % 4 != 3};
      k.items4 = items4;
      k.threads = threads;
      k.resident = v % 3 == 0;
      k.pipelined = v % 3 == 1;
      k.hints = v / 2 % 2 == 0;
      k.spin = v % 5 == 0 ? 200 : 0;
      k.min_blocks = v % 4 == 1 ? std::min(15, 2048 / threads) : 0;
      b.add(scan_source(k));
      ++v;
    }
  const DType extremes[][3] = {{DType::Complex128, DType::Complex128, DType::Complex128},
                               {DType::Int8, DType::Int64, DType::Int64},
                               {DType::Float64, DType::Float64, DType::Float64},
                               {DType::Float16, DType::Float16, DType::Float16}};
  for (const auto& m : extremes)
    for (int items4 : {2, 64})
      for (int threads : {128, 512}) {
        ScanKernel k{ScanOp::CumProd, m[0], m[1], m[2], 1, ScanStrategy::Tiles, true};
        k.items4 = items4;
        k.threads = threads;
        k.resident = true;
        k.pipelined = items4 == 64;
        k.wide16 = threads == 128;
        k.hints = true;
        k.spin = 100;
        b.add(scan_source(k));
      }
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// Note [Small inverse kernel]: linalg.inv's kernel in every dtype, for
// orders on both sides of each team width (all 128 (dtype, order) pairs take
// ~150 s of NVRTC here: the kernel is one template, unrolled per order).
TEST(NvrtcKernels, EverySmallInverseKernelCompiles) {
  for (DType dt : {DType::Float32, DType::Float64, DType::Complex64, DType::Complex128}) {
    Batch b;
    // every order the backend hands the kernel: 1..16, complex 1..8 (small_inverse.cpp)
    const bool cplx = dt == DType::Complex64 || dt == DType::Complex128;
    for (int n = 1; n <= (cplx ? 8 : 16); ++n) b.add(small_inverse_source(dt, n));
    EXPECT_NO_THROW(compile_to_cubin(b.src, kArch)) << dtype_name(dt);
  }
}

// The tile scan's fourth-version knobs (CUNUM_SCAN_ALGO=warp, CUNUM_SCAN_TICKET=block;
// docs/scan.md): the register tile over items x threads on float32 (vector and
// scalar tiles, both grids it takes, hints), then every loop dtype width with
// In and Out of different sizes (the chunk of V elements is 16 bytes of the
// wider one: int8 -> int64 loads 2 bytes a lane, complex128 one element) at the
// extreme tile sizes (vector tiles on two of three), and the block ticket over
// the shared-memory tile too.
TEST(NvrtcKernels, EveryScanWarpVariantCompiles) {
  using backend::ScanOp;
  Batch b;
  int v = 0;
  for (int items4 : {2, 4, 8, 16, 32, 64})
    for (int threads : {128, 256, 512}) {
      ScanKernel k{ScanOp::CumSum, DType::Float32, DType::Float32, DType::Float32, v % 3, ScanStrategy::Tiles, v % 4 != 3};
      k.items4 = items4;
      k.threads = threads;
      k.warp_scan = true;
      k.resident = v % 3 == 0;
      k.block_ticket = !k.resident && v % 2 == 0;
      k.hints = v % 2 == 1;
      k.wide16 = true;
      b.add(scan_source(k));
      ++v;
    }
  const DType mixes[][3] = {{DType::Complex128, DType::Complex128, DType::Complex128},
                            {DType::Int8, DType::Int64, DType::Int64},
                            {DType::Bool, DType::Int64, DType::Int64},
                            {DType::Int32, DType::Int64, DType::Int64},
                            {DType::Float64, DType::Float64, DType::Float32},
                            {DType::Float16, DType::Float16, DType::Float16},
                            {DType::Complex64, DType::Complex64, DType::Complex64}};
  int w = 0;
  for (const auto& m : mixes)
    for (int items4 : {2, 64}) {
      const bool vec = w++ % 3 != 2;
      ScanKernel k{ScanOp::NanCumSum, m[0], m[1], m[2], 1, ScanStrategy::Tiles, vec};
      k.items4 = items4;
      k.threads = items4 == 64 ? 128 : 256;
      k.warp_scan = true;
      k.block_ticket = vec;
      k.wide16 = items4 != 2;
      k.hints = true;
      b.add(scan_source(k));
    }
  ScanKernel smem_block{ScanOp::CumProd, DType::Float32, DType::Float32, DType::Float32, 0, ScanStrategy::Tiles, true};
  smem_block.block_ticket = true;
  b.add(scan_source(smem_block));
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// Note [Fused reduction kernels]: a fused map inside the reduction kernels,
// in every mode the backend picks (vector and strided Inner, Outer), for
// several reduction kinds and value / loop / output dtypes, and maps of one
// input, of several inputs of different widths and with scalars.
TEST(NvrtcKernels, FusedReductionsCompile) {
  using backend::FusedArg;
  using backend::FusedPlan;
  using backend::FusedStep;
  const core::UfuncDef& mul = core::ufunc_by_name("multiply");
  const core::UfuncDef& sub = core::ufunc_by_name("subtract");
  const core::UfuncDef& absolute = core::ufunc_by_name("absolute");
  const core::UfuncDef& less = core::ufunc_by_name("less");
  // sum(x * x), float32
  const FusedStep sq[] = {{&mul, loop_of(mul, DType::Float32), {in(0), in(0)}}};
  const FusedArg out0[] = {val(0)};
  const FusedPlan p = plan_of(sq, 1, out0, 1, {DType::Float32, DType::Float32});
  // max(abs(a - b)), int8 - float16 -> float16
  const FusedStep diff[] = {{&sub, loop_of(sub, DType::Float16), {in(0), in(1)}},
                            {&absolute, loop_of(absolute, DType::Float16), {val(0)}}};
  const FusedPlan q = plan_of(diff, 2, out0, 2, {DType::Int8, DType::Float16, DType::Float16});
  // any(x < 2.5) over float64 with a scalar; sum(a * b) complex64 * float64
  const FusedStep lt[] = {{&less, loop_of(less, DType::Float64), {in(0), {FusedArg::Scalar, 0, 0}}}};
  const FusedPlan r = plan_of(lt, 1, out0, 1, {DType::Float64, DType::Bool}, 1);
  const FusedStep cm[] = {{&mul, loop_of(mul, DType::Complex128), {in(0), in(1)}}};
  const FusedPlan c = plan_of(cm, 1, out0, 2, {DType::Complex64, DType::Float64, DType::Complex128});
  using core::ReduceId;
  Batch b;
  for (ReduceMode m : {ReduceMode::InnerWarp, ReduceMode::InnerBlock, ReduceMode::Outer})
    for (int nd : {0, 1, 2}) {
      if (m == ReduceMode::Outer && nd == 0) continue;
      for (bool vec : {false, true}) {
        if (vec && m == ReduceMode::Outer) continue;
        b.add(fused_reduce_source(ReduceId::sum, p, DType::Float32, DType::Float32, DType::Float32, nd, m, vec));
      }
    }
  b.add(fused_reduce_source(ReduceId::max, q, DType::Float16, DType::Float16, DType::Float16, 0, ReduceMode::InnerBlock, true));
  b.add(fused_reduce_source(ReduceId::nansum, q, DType::Float16, DType::Float32, DType::Float16, 1, ReduceMode::Outer, false));
  b.add(fused_reduce_source(ReduceId::any, r, DType::Bool, DType::Bool, DType::Bool, 1, ReduceMode::InnerWarp, true));
  b.add(fused_reduce_source(ReduceId::sum, r, DType::Bool, DType::Int64, DType::Int64, 0, ReduceMode::InnerBlock, true));
  // bool inputs (Note [Bool bytes]): sum(a ^ b) of two bool arrays, vectors and strided
  const core::UfuncDef& lxor = core::ufunc_by_name("logical_xor");
  const FusedStep bx[] = {{&lxor, loop_of(lxor, DType::Bool), {in(0), in(1)}}};
  const FusedPlan t = plan_of(bx, 1, out0, 2, {DType::Bool, DType::Bool, DType::Bool});
  b.add(fused_reduce_source(ReduceId::sum, t, DType::Bool, DType::Int64, DType::Int64, 0, ReduceMode::InnerBlock, true));
  b.add(fused_reduce_source(ReduceId::all, t, DType::Bool, DType::Bool, DType::Bool, 1, ReduceMode::Outer, false));
  // sum(where(x > 0, x, 0)) over float32 (Note [Fused where]), vectors and strided
  const core::UfuncDef& gt = core::ufunc_by_name("greater");
  const FusedStep relu[] = {{&gt, loop_of(gt, DType::Float32), {in(0), {FusedArg::Scalar, 0, 0}}},
                            {nullptr, 0, {val(0), in(0), {FusedArg::Scalar, 1, 0}}, DType::Float32}};
  const FusedArg relu_out[] = {val(1)};
  const FusedPlan w = plan_of(relu, 2, relu_out, 1, {DType::Float32, DType::Float32}, 2);
  b.add(fused_reduce_source(ReduceId::sum, w, DType::Float32, DType::Float32, DType::Float32, 0, ReduceMode::InnerBlock, true));
  b.add(fused_reduce_source(ReduceId::sum, w, DType::Float32, DType::Float32, DType::Float32, 1, ReduceMode::Outer, false));
  b.add(fused_reduce_source(ReduceId::prod, c, DType::Complex128, DType::Complex128, DType::Complex64, 2,
                            ReduceMode::InnerBlock, true));
  b.add(fused_reduce_source(ReduceId::min, p, DType::Float32, DType::Float32, DType::Float64, 1,
                            ReduceMode::Outer, false));
  EXPECT_NO_THROW(compile_to_cubin(b.src, kArch));
}

// Note [Signed byte lanes]: in the PTX of the fused kernels over int8 (a
// fused reduction and a fused elementwise chain, 16-byte vectors), no result
// of a 16-bit add, subtract or negate reaches a signed use (a comparison,
// max/min, a widening or float conversion, a signed shift or division)
// without its cvt.s16.s8 first. CUDA 13.0 dropped that sign extension for
// bytes 0, 4, 8 and 12 of each vector before lane_value existed.
namespace {
std::string ptx_of(const std::string& src) {
  const Program p = compile_program(src, "sign_check", kArch, {"--gpu-architecture=compute_90"}, {});
  return std::string(p.image.begin(), p.image.end());
}
// The signed uses of unextended 16-bit sums and differences, one line each.
std::vector<std::string> unextended_signed_uses(const std::string& ptx) {
  static const char* const kArith[] = {"add.s16", "sub.s16", "neg.s16"};
  static const char* const kSigned[] = {"setp.", "max.s16", "min.s16", "div.s16", "rem.s16", "shr.s16",
                                        "mul.wide.s16", "abs.s16", "cvt."};
  std::vector<std::string> bad, dirty;
  size_t at = 0;
  while (at < ptx.size()) {
    size_t end = ptx.find('\n', at);
    if (end == std::string::npos) end = ptx.size();
    std::string line = ptx.substr(at, end - at);
    at = end + 1;
    line.erase(0, line.find_first_not_of(" \t"));
    const std::string op = line.substr(0, line.find_first_of(" \t"));
    std::vector<std::string> regs;  // the %-operands in order: the destination first
    for (size_t p = line.find('%'); p != std::string::npos; p = line.find('%', p + 1)) {
      size_t q = p + 1;
      while (q < line.size() && (std::isalnum(static_cast<unsigned char>(line[q])) || line[q] == '_')) ++q;
      regs.push_back(line.substr(p, q - p));
    }
    if (regs.empty()) continue;
    const bool arith = std::any_of(std::begin(kArith), std::end(kArith), [&](const char* a) { return op == a; });
    const bool is_signed_use =
        op != "cvt.s16.s8" && op.find(".s16") != std::string::npos &&
        std::any_of(std::begin(kSigned), std::end(kSigned), [&](const char* s) { return op.rfind(s, 0) == 0; });
    if (is_signed_use) {
      for (size_t k = 1; k < regs.size(); ++k)
        if (std::find(dirty.begin(), dirty.end(), regs[k]) != dirty.end()) {
          bad.push_back(line);
          break;
        }
    }
    // the destination: dirty after an add/sub/neg, clean after anything else
    dirty.erase(std::remove(dirty.begin(), dirty.end(), regs[0]), dirty.end());
    if (arith) dirty.push_back(regs[0]);
  }
  return bad;
}
}  // namespace

TEST(NvrtcKernels, SignedByteLanesKeepTheirSign) {
  using backend::FusedArg;
  using backend::FusedPlan;
  using backend::FusedStep;
  const core::UfuncDef& sub = core::ufunc_by_name("subtract");
  const core::UfuncDef& greater = core::ufunc_by_name("greater");
  const FusedArg x = in(0), y = in(1), v0 = val(0), v1 = val(1);
  // max(x - y) and mean(x - y) over int8: the reduction's vector path
  const FusedStep diff[] = {{&sub, loop_of(sub, DType::Int8), {x, y}}};
  const FusedPlan d = plan_of(diff, 1, &v0, 2, {DType::Int8, DType::Int8, DType::Int8});
  using core::ReduceId;
  for (auto [id, loop] : {std::pair{ReduceId::max, DType::Int8}, std::pair{ReduceId::sum, DType::Float64}}) {
    const std::string src = fused_reduce_source(id, d, DType::Int8, loop, loop, 0, ReduceMode::InnerBlock, true);
    const std::vector<std::string> bad = unextended_signed_uses(ptx_of(src));
    EXPECT_TRUE(bad.empty()) << bad.size() << " unextended uses, first: " << bad[0];
  }
  // (x - y) > y over int8, elementwise: the fused kernel's vector path
  const FusedStep chain[] = {{&sub, loop_of(sub, DType::Int8), {x, y}}, {&greater, loop_of(greater, DType::Int8), {v0, y}}};
  const FusedPlan c = plan_of(chain, 2, &v1, 2, {DType::Int8, DType::Int8, DType::Bool});
  const std::vector<std::string> bad = unextended_signed_uses(ptx_of(fused_source(c, 1, true, 16)));
  EXPECT_TRUE(bad.empty()) << bad.size() << " unextended uses, first: " << bad[0];
}
