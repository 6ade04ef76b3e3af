// The plans the planner (src/core) hands the backends: an elementwise loop
// (LoopPlan), a reduction (ReducePlan), a gather along one axis
// (GatherPlan), a scan along one axis (ScanPlan) and the sort family
// (SortPlan, SearchPlan, RunsPlan). Plain data — pointers, shapes, byte
// strides, dtypes — so that both sides share them from the bottom layer
// without either including the other's headers.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cunum/dims.hpp"
#include "cunum/dtype.hpp"

namespace cunum::backend {

inline constexpr int kMaxOperands = 4;

// Note [Loop plans]
// A LoopPlan describes an n-d iteration over up to kMaxOperands operands that
// all share one shape. The planner has already broadcast (stride 0), sorted
// and coalesced the dimensions: the last dimension is the innermost one
// (smallest output stride), and no two adjacent dimensions can be merged.
// `index32` says every byte offset fits in 32 bits.
struct LoopPlan {
  Dims shape;  // inline storage: building a plan allocates nothing (Note [Inline dims])
  int nops = 0;
  std::array<char*, kMaxOperands> data{};
  // Note [Operand dtypes]
  // Each operand's own dtype. A ufunc plan's operands need not have the dtypes
  // of the loop that computes them (add(int8, float32, out=float64) runs the
  // float32 loop): the backend reads each input in its dtype, converts it in
  // registers to the loop's input dtype, and converts the loop's result to
  // each output's dtype on the way out. One pass over memory, no temporaries.
  std::array<DType, kMaxOperands> dtypes{};
  std::array<Dims, kMaxOperands> strides;
  bool index32 = false;
  // Note [Scalar operands]
  // scalar_op >= 0: that input is a constant (a Python scalar) whose value,
  // already in the loop dtype, is in `scalar` rather than in memory (its data
  // pointer is null and its strides are 0). The planner only builds such
  // plans for backends whose ufunc_takes_scalars() is true; the CUDA backend
  // passes the value in the kernel's parameters instead of allocating and
  // filling a 0-d array (one allocation and one launch fewer per `x * 2`).
  int scalar_op = -1;
  alignas(16) unsigned char scalar[16] = {};
  int64_t size() const {
    int64_t n = 1;
    for (int64_t s : shape) n *= s;
    return n;
  }
};

// Note [Reduction plans]
// One reduction over an input of dtype `in`: every input element is
// converted (in registers) to the loop dtype `loop`, the T of the reduction's
// descriptor (cunum/kernels/reductions.hpp), and each result, the
// descriptor's result_t (`loop`, bool or an int64 index), is converted to
// `out`, the dtype of the output array. out_shape lists the kept dims (the
// outputs), with the input's strides along them in in_strides and the
// output's in out_strides; red_shape/red_strides are the reduced dims of the
// input. The planner has coalesced both (Note [Dimension coalescing]): the
// reduced dims form at most one run (none: one element per output; a zero
// extent: an empty reduction, whose outputs get the descriptor's init), the
// kept dims are ordered innermost last, and there is at least one output.
struct ReducePlan {
  char* in = nullptr;
  char* out = nullptr;
  DType in_dtype = DType::Float64, loop_dtype = DType::Float64, out_dtype = DType::Float64;
  Dims out_shape, in_strides, out_strides;
  Dims red_shape, red_strides;
  int64_t outputs() const {
    int64_t n = 1;
    for (int64_t s : out_shape) n *= s;
    return n;
  }
};

// Note [Gather plans]
// out[o, j, i] = in[o, idx[j], i]: the gather behind take() and, later,
// integer-array indexing. `o` runs over the input's dims before the gathered
// axis, `i` over those after it, each coalesced (Note [Dimension coalescing];
// a zero-rank side is one position), `j` over the index array flattened (C
// order). The output is C-contiguous, so its byte offset is
// ((o * nidx + j) * inner + i) * itemsize. Each index is read in its own
// dtype (any integer dtype or bool) and taken as int64 (uint64 wraps, as
// NumPy's same-kind cast to intp does), then made a position by `mode`:
//   Raise: negative counts from the end; outside [-len, len) is an error:
//          NumPy's IndexError "index %d is out of bounds for axis %d with
//          size %d" (`axis` is only for that message). Nothing is ever read
//          out of bounds. Checked whenever outer() > 0 (NumPy's rule), even
//          when inner() is 0 and nothing is written.
//   Wrap:  modulo len (NumPy's mode='wrap'); Clip: clamped to [0, len).
// A gather only moves bytes, so the plan has an item size, not a dtype; the
// planner widens items where the inner run allows (a contiguous run of 64
// float32 gathers as 16 items of 16 bytes) and the backends move 1, 2, 4, 8
// or 16 bytes per item. len > 0 whenever the output is not empty.
enum class GatherMode : uint8_t { Raise, Wrap, Clip };

struct GatherPlan {
  const char* in = nullptr;
  char* out = nullptr;
  const char* index = nullptr;
  int itemsize = 0;  // 1, 2, 4, 8 or 16 bytes
  DType index_dtype = DType::Int64;
  int64_t nidx = 0, index_stride = 0;  // the index array: nidx entries, byte stride
  int64_t len = 0, axis_stride = 0;    // the gathered axis of the input
  Dims outer_shape, outer_strides;     // input byte strides, innermost last
  Dims inner_shape, inner_strides;
  GatherMode mode = GatherMode::Raise;
  int axis = 0;          // the axis NumPy's error message names
  bool index32 = false;  // every byte offset (input, output, index) and size() fits in 31 bits
  static int64_t count(const Dims& shape) {
    int64_t n = 1;
    for (int64_t s : shape) n *= s;
    return n;
  }
  int64_t outer() const { return count(outer_shape); }
  int64_t inner() const { return count(inner_shape); }
  int64_t size() const { return outer() * nidx * inner(); }  // output items
};

// Note [Scan plans]
// An inclusive scan along one axis: out[l, j] = combine(out[l, j - 1],
// load(in[l, j])) for every lane l (a position over all the other dims) and
// j in [0, len), with the descriptor of `op` over loop dtype `loop`
// (cunum/kernels/scans.hpp, Note [Scan descriptors]). Each input element is
// read in `in_dtype` and converted to `loop` in registers, each result
// converted to `out_dtype` on its way out: cumsum(int8) reads int8 and
// writes int64, no copy. Lanes are the other dims coalesced over [in, out]
// (Note [Dimension coalescing]; rank 0: one lane), innermost last; the axis
// has its own byte strides. `out` may be `in` itself (same dtype and
// strides: each element is read before it is written); any other overlap
// the planner resolves first. len > 0 and there is at least one lane.
enum class ScanOp : uint8_t { CumSum, CumProd, NanCumSum, NanCumProd };
inline constexpr int kNumScanOps = 4;
inline const char* scan_op_name(ScanOp op) {
  static const char* const names[] = {"cumsum", "cumprod", "nancumsum", "nancumprod"};
  return names[static_cast<int>(op)];
}

struct ScanPlan {
  const char* in = nullptr;
  char* out = nullptr;
  ScanOp op = ScanOp::CumSum;
  DType in_dtype = DType::Float64, loop_dtype = DType::Float64, out_dtype = DType::Float64;
  int64_t len = 0, in_axis_stride = 0, out_axis_stride = 0;  // the scanned axis (byte strides)
  Dims lane_shape, in_lane_strides, out_lane_strides;        // the other dims, innermost last
  int64_t lanes() const {
    int64_t n = 1;
    for (int64_t s : lane_shape) n *= s;
    return n;
  }
};

// Note [Sort plans]
// The sort family (docs/sorting.md): sort, search and runs, each over
// C-contiguous data of one dtype that the planner (src/core/sort.cpp) has
// prepared. Order and equality are NumPy's (Note [Sort keys] in
// cunum/kernels/sort_keys.hpp: NaNs last, -0.0 == +0.0, complex
// lexicographic with NumPy's NaN classes).
//
// SortPlan: `nseg` segments of `len` elements each, back to back at `in`.
// Each segment is sorted on its own (a sort along the last axis). `keys`,
// when not null, receives the sorted values (nseg * len, may not be `in`);
// `index`, when not null, the stable argsort: for each sorted position, the
// position in its segment of the element that went there (int64). A keys-only
// sort of a float dtype may put -0.0 before +0.0 (a valid unstable order, as
// NumPy's default kind); with `index`, equal keys keep their order.
struct SortPlan {
  const char* in = nullptr;
  char* keys = nullptr;
  int64_t* index = nullptr;
  DType dtype = DType::Float64;
  int64_t nseg = 0, len = 0;
};

// SearchPlan: for each of the `m` values at `values`, out[j] = the first
// position i in the `n` sorted elements at `sorted` such that value <
// sorted[i] (right) or value <= sorted[i] (left): NumPy's searchsorted.
struct SearchPlan {
  const char* sorted = nullptr;
  const char* values = nullptr;
  int64_t* out = nullptr;
  DType dtype = DType::Float64;
  int64_t n = 0, m = 0;
  bool right = false;
};

// RunsPlan: the runs of equal values in the `n` sorted elements at `keys`
// (equal as unique() compares: -0.0 == +0.0, and with `equal_nan` every value
// holding a NaN equals every other). With `flags` the keys are instead n bools
// saying "a new run starts here" (element 0 always starts one). runs() writes
// the first position of each run to starts[0..count) and returns the count
// (a backend on a device waits for it). When `inverse` is not null, for each
// i: inverse[perm[i]] = the run of element i (perm null: inverse[i]).
struct RunsPlan {
  const char* keys = nullptr;
  DType dtype = DType::Float64;
  bool flags = false, equal_nan = true;
  int64_t n = 0;
  int64_t* starts = nullptr;
  const int64_t* perm = nullptr;
  int64_t* inverse = nullptr;
};

// Note [Scatter plans]
// out[o, index[j], i] = value[o, j, i] (op Assign), or combined with what is
// there (Add, Max, Min): the write side of the gather. The target is walked as
// a GatherPlan's input (len, axis_stride, outer and inner dims with its byte
// strides); the value has its own byte strides over the same outer and inner
// dims and `value_index_stride` along j (0 when broadcast), and is already of
// the target's dtype (the planner casts it). Indices as in Note [Gather
// plans]; mode Raise reports an index out of bounds (NumPy's IndexError) and
// never writes through it: the CPU checks every index before writing, the GPU
// skips that item and reports it (Note [Deferred errors]).
// Repeated indices: the CPU writes in C order of (o, j, i), so the last write
// wins (NumPy's rule); on the GPU, Assign writes one of the values, which one
// is unspecified (as CuPy), and Add, Max and Min combine every value with
// atomics (cunumx.scatter_add ...). Assign moves items of `itemsize` bytes;
// the other ops compute in `dtype`.
enum class ScatterOp : uint8_t { Assign, Add, Max, Min };

struct ScatterPlan {
  char* out = nullptr;
  const char* value = nullptr;
  const char* index = nullptr;
  int itemsize = 0;                    // 1, 2, 4, 8 or 16 bytes
  DType dtype = DType::Float64;        // the target's (ops other than Assign)
  DType index_dtype = DType::Int64;
  int64_t nidx = 0, index_stride = 0;  // the index array: nidx entries, byte stride
  int64_t len = 0, axis_stride = 0;    // the indexed axis of the target
  int64_t value_index_stride = 0;      // the value's byte stride along j
  Dims outer_shape, outer_strides, value_outer_strides;
  Dims inner_shape, inner_strides, value_inner_strides;
  ScatterOp op = ScatterOp::Assign;
  GatherMode mode = GatherMode::Raise;
  int axis = 0;          // the axis NumPy's error message names
  bool index32 = false;  // every byte offset (target, value, index) and size() fits in 31 bits
  int64_t outer() const { return GatherPlan::count(outer_shape); }
  int64_t inner() const { return GatherPlan::count(inner_shape); }
  int64_t size() const { return outer() * nidx * inner(); }
};

// Note [Select plans]
// Compaction by a boolean mask: the positions k of `mask` (n bools,
// contiguous) that hold true, in increasing order. With `in`, row k of `in`
// (`row_bytes` contiguous bytes per mask entry, rows back to back) goes to
// the next row of `out`; without it, k itself goes to the next int64 of
// `out` (nonzero's positions). Two passes over the mask, which the planner
// runs around one allocation of the output: select_count() counts the true
// entries of each block of `block` mask entries into `blocks` (the caller's
// int64 scratch, select_blocks(n) + 1 entries on the backend's device), turns
// them into exclusive offsets and returns the total, which needs one wait for
// the device on the GPU (the output's size); select_write() writes.
struct SelectPlan {
  const char* mask = nullptr;
  int64_t n = 0;
  const char* in = nullptr;  // null: write positions
  int64_t row_bytes = 0;
  char* out = nullptr;
  int64_t* blocks = nullptr;
};

// Note [Random plans]
// Fill `out` (n contiguous elements of `dtype`) from distribution `dist`
// (a row of cunum/kernels/random_list.hpp) under the counter model (Note
// [The counter model] in cunum/kernels/philox.hpp): element i is made from
// the Philox block counter + i / per under `key`, `jump`, so a value never
// depends on the backend or the launch. Each of the three parameters is a
// 64-bit word (a double, or an integer for Integers), the scalar `param[k]`
// or, where `arrays[k]` is set, n contiguous words on the output's device.
struct RandomPlan {
  char* out = nullptr;
  int64_t n = 0;
  DType dtype = DType::Float64;
  int dist = 0;  // the row of CUNUM_RANDOM_DISTS
  uint32_t key[2] = {0, 0};
  uint32_t jump = 0;
  uint64_t counter = 0;
  uint64_t param[3] = {0, 0, 0};
  const uint64_t* arrays[3] = {nullptr, nullptr, nullptr};
  // The bit generator (Note [Sequential engines] in
  // cunum/kernels/random_engines.hpp): 0 Philox, 1 XORWOW, 2 MRG32k3a, and
  // the latter two's state at position 0; the backend brings the jump tables.
  uint32_t engine = 0;
  uint32_t init[6] = {0, 0, 0, 0, 0, 0};
};

}  // namespace cunum::backend

namespace cunum::backend {

// Note [FFT plans]
// A batch of discrete Fourier transforms of rank 1 to 3 (docs/fft.md): the
// FFT family. `n` holds the logical lengths of the transformed dims
// (outermost first); `batch` transforms lie `in_dist` / `out_dist` elements
// apart. Within one transform, element (i0, .., ik) of a side is at
// lin(i) * stride elements from the transform's start, where lin() is the C
// order over that side's extents: `n` for a complex side of C2C, the real
// side of R2C/C2R, and `n` with its last length n/2 + 1 for the half
// spectrum (the complex side of R2C/C2R). That is cuFFT's advanced layout
// (inembed/istride/idist), so the CUDA backend maps it as it is. Elements
// are counted in the side's own type: complex64/complex128 for complex
// sides, float32/float64 for real sides (`dtype` is the complex one, so it
// also fixes the precision). Direction: C2C either way, R2C forward only,
// C2R backward only. Unnormalised: the planner scales afterwards (NumPy's
// norm=). C2R may overwrite its input (cuFFT does): the planner hands it a
// scratch copy. Backends execute ranks up to fft_max_rank(); the planner
// splits the rest into passes of rank 1.
enum class FftKind : uint8_t { C2C, R2C, C2R };

struct FftPlan {
  const void* in = nullptr;
  void* out = nullptr;
  FftKind kind = FftKind::C2C;
  bool forward = true;
  DType dtype = DType::Complex128;  // complex64 or complex128
  int rank = 1;
  std::array<int64_t, 3> n{};
  int64_t batch = 1;
  int64_t in_stride = 1, in_dist = 0, out_stride = 1, out_dist = 0;  // elements
};

// Note [Gemm plans]
// A (batched, strided) matrix product in BLAS's column-major terms:
//   C[b] = alpha * op(A[b]) * op(B[b]) + beta * C[b],  b in [0, batch)
// op(A) is m x k, op(B) k x n, C m x n. Each matrix is column-major with its
// leading dimension (elements between columns, >= max(1, rows stored)):
// element (i, j) of a stored matrix X is x[i + j * ldx]. op is N (as stored),
// T (transposed) or C (conjugate transposed). Matrix b starts `stride_*`
// elements after matrix b - 1 (0 for A or B: the same matrix for every b).
// A, B and C have one dtype (the planner, src/core/gemm.cpp, casts); C does
// not overlap A or B. Float and complex dtypes run on the vendor BLAS
// (cuBLAS; the CPU's OpenBLAS), float16 in float32 arithmetic; integer dtypes
// wrap as NumPy's loops do (alpha and beta taken in the dtype), bool is
// (alpha and any_k(a and b)) or (beta and c). beta == 0 never reads C.
enum class GemmOp : uint8_t { N, T, C };

struct GemmPlan {
  DType dtype = DType::Float64;
  GemmOp transa = GemmOp::N, transb = GemmOp::N;
  int64_t m = 0, n = 0, k = 0, batch = 1;
  const char* a = nullptr;
  const char* b = nullptr;
  char* c = nullptr;
  int64_t lda = 1, ldb = 1, ldc = 1;
  int64_t stride_a = 0, stride_b = 0, stride_c = 0;
  double alpha = 1.0, beta = 0.0;
};


// Note [Lapack plans]
// LAPACK's factorizations and solves over `batch` column-major matrices,
// each in place, matrix i at a + i * stride_a elements (lda as in Note [Gemm
// plans]); dtype float32, float64, complex64 or complex128.
//   Getrf: the LU factorization with partial pivoting of each m x n matrix;
//          ipiv receives min(m, n) 1-based pivot rows per matrix (int64, back
//          to back), info LAPACK's info (> 0: U(info, info) is exactly zero).
//   Getrs: solves A X = B with Getrf's factors of each n x n A and pivots
//          `ipiv`; B (n x nrhs, ldb, stride_b) is overwritten by X.
//   Potrf: the Cholesky factor of each Hermitian positive-definite n x n
//          matrix, in its lower (or upper) triangle; the other triangle is
//          left as it was; info > 0: not positive definite.
//   Gesvd: the singular values of each m x n matrix (m >= n: cuSOLVER's
//          rule; the planner transposes wider ones) into `s` (the real
//          dtype, n per matrix, descending), and with `vectors` the first n
//          (full: all m) columns of U into u (ldu, stride_u) and V^H (n x n)
//          into vt (ldvt, stride_vt). `a` is destroyed; info > 0: no
//          convergence.
//   Syevd: the eigenvalues of each Hermitian n x n matrix (its lower or
//          upper triangle) into `s` (real, ascending, n per matrix), with
//          `vectors` the orthonormal eigenvectors into a's columns.
//   Geqrf: the QR factorization of each m x n matrix: R in a's upper
//          triangle, the Householder reflectors below it and in `tau`
//          (min(m, n) per matrix, the dtype).
//   Geev:  the eigenvalues of each general n x n matrix into `s` (always
//          complex: complex_dtype(dtype), n per matrix), with `vectors` the
//          right eigenvectors into u (ldu, stride_u; the dtype: for real
//          input LAPACK's packing, a conjugate pair's real and imaginary
//          parts in two columns), each of unit norm; `a` is destroyed.
//   Orgqr: the first n columns (m >= n >= k) of Q from k reflectors of a
//          and tau (Geqrf's), into a.
// `info` has one int32 per matrix in the backend's memory, never read by the
// backend: the caller decides whether to wait for it (Note [LinAlgError]).
enum class LapackOp : uint8_t { Getrf, Getrs, Potrf, Gesvd, Syevd, Geqrf, Orgqr, Geev };

struct LapackPlan {
  LapackOp op = LapackOp::Getrf;
  DType dtype = DType::Float64;
  int64_t m = 0, n = 0, nrhs = 0, batch = 1;
  char* a = nullptr;
  int64_t lda = 1, stride_a = 0;
  char* b = nullptr;
  int64_t ldb = 1, stride_b = 0;
  int64_t* ipiv = nullptr;  // min(m, n) per matrix
  int32_t* info = nullptr;  // one per matrix
  bool lower = true;        // Potrf
  char* s = nullptr;        // Gesvd: n per matrix
  char* u = nullptr;
  int64_t ldu = 1, stride_u = 0;
  char* vt = nullptr;
  int64_t ldvt = 1, stride_vt = 0;
  bool vectors = false, full = false;  // Gesvd (vectors: Syevd too)
  char* tau = nullptr;      // Geqrf, Orgqr: min(m, n) (Orgqr: k) per matrix
  int64_t k = 0;            // Orgqr: the reflectors
};


// Note [User kernel plans]
// A user-written kernel (cunum.ElementwiseKernel, cunum.ReductionKernel):
// the generated source (read only when the backend has no kernel for `hash`
// yet), and one block of 64-bit words holding every pointer, shape, stride
// and scalar it reads (Note [User kernel words]). An elementwise kernel runs
// `n` elements; a reduction `n` outputs, each folding `m` elements (a block
// of threads per output on the GPU).
struct UserKernelPlan {
  const std::string* source = nullptr;
  uint64_t hash = 0;  // of source and options: the backend's cache key
  const std::vector<std::string>* options = nullptr;  // compiler options (NVRTC's; host: ignored)
  bool reduction = false;
  int64_t n = 0, m = 0;
  const int64_t* words = nullptr;
  int nwords = 0;
  const char* name = "";  // the user's kernel name, for messages
};

// Note [Histogram plans]
// out[b] += w[i] (or 1) for every element x[i] of a 1-d input whose bin b is
// in [0, bins); other elements (outside the edges, NaN) are dropped. The bin:
// - Direct (bincount): b = x[i], an integer the planner has checked lies in
//   [0, bins).
// - Uniform, Edges: x[i] and the bins + 1 edges are compared in `cmp` (a
//   float dtype: NumPy's promotion of x's and the edges' dtypes); b is the
//   last i with edges[i] <= x, the last edge counting in the last bin (as
//   NumPy's histogram). Uniform edges (strictly increasing, from linspace)
//   let the backend guess b by arithmetic from `first` and `last` and correct
//   the guess against the edges; Edges is a binary search.
// `out` (Int64 without weights, Float64 with) is zero-filled by the planner;
// counts are exact, weights are added in double.
enum class HistogramMode : uint8_t { Direct, Uniform, Edges };
struct HistogramPlan {
  HistogramMode mode = HistogramMode::Direct;
  const char* x = nullptr;
  DType x_dtype = DType::Int64;
  int64_t n = 0, x_stride = 0;  // elements, byte stride
  const char* w = nullptr;      // null: counts
  DType w_dtype = DType::Float64;
  int64_t w_stride = 0;
  const double* edges = nullptr;  // bins + 1 float64 values already rounded through `cmp` (Uniform, Edges)
  DType cmp = DType::Float64;
  double first = 0, last = 0;   // Uniform: the outer edges
  int64_t bins = 0;
  char* out = nullptr;          // bins entries, contiguous
  DType out_dtype = DType::Int64;
};

}  // namespace cunum::backend
