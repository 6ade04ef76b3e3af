// CUNUM_JIT_LOG=1: one line on stderr per kernel the process builds, with
// the time of each step (disk-cache read, NVRTC compile, cache write, module
// load, occupancy query). For splitting a first call's latency
// (bench/first_call.py --log); off, it costs one branch per kernel built.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "backend/cuda/tuning.hpp"

namespace cunum::backend::cuda {

class JitLog {
 public:
  enum Step { CacheRead, Compile, CacheWrite, Load, Occupancy, kSteps };
  JitLog(uint64_t key, size_t source_bytes) : key_(key), bytes_(source_bytes) {
    if (on()) last_ = start_ = Clock::now();
  }
  JitLog(const JitLog&) = delete;
  JitLog& operator=(const JitLog&) = delete;
  // The time since the previous lap, counted to `step`.
  void lap(Step step) {
    if (!on()) return;
    const Clock::time_point now = Clock::now();
    ms_[step] += std::chrono::duration<double, std::milli>(now - last_).count();
    ran_[step] = true;
    last_ = now;
  }
  ~JitLog() {
    if (!on()) return;
    const double total = std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
    std::fprintf(stderr,
                 "cunum jit: key %016llx, source %zu B, %s: cache read %.2f, compile %.2f, cache write %.2f, "
                 "load %.2f, occupancy %.2f, total %.2f ms\n",
                 static_cast<unsigned long long>(key_), bytes_, ran_[Compile] ? "compiled" : "from disk cache",
                 ms_[CacheRead], ms_[Compile], ms_[CacheWrite], ms_[Load], ms_[Occupancy], total);
  }

 private:
  using Clock = std::chrono::steady_clock;
  static bool on() {
    static const bool v = env_int("CUNUM_JIT_LOG", 0, 1, 0) == 1;
    return v;
  }
  uint64_t key_;
  size_t bytes_;
  Clock::time_point start_, last_;
  double ms_[kSteps] = {};
  bool ran_[kSteps] = {};
};

}  // namespace cunum::backend::cuda
