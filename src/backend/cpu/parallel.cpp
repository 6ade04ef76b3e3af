#include "backend/cpu/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

namespace cunum::backend::cpu {

namespace {

constexpr int kMaxThreads = 1024;
constexpr int64_t kChunksPerThread = 4;  // Note [CPU threads]: a few chunks per thread

int default_threads() {
  if (const char* e = std::getenv("CUNUM_NUM_THREADS"); e && *e) {
    const int n = std::atoi(e);
    if (n >= 1) return std::min(n, kMaxThreads);
  }
#if defined(__linux__)
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    const int n = CPU_COUNT(&set);
    if (n >= 1) return std::min(n, kMaxThreads);
  }
#endif
  return std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, kMaxThreads);
}

std::atomic<int> g_override{0};  // set_num_threads; 0: none

// True on pool workers, and on a caller while it runs chunks: a parallel_for
// called from a chunk runs serially.
thread_local bool t_in_parallel = false;

struct Job {
  detail::RangeFn fn;
  void* ctx;
  int64_t n, chunk, nchunks;
  std::atomic<int64_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;  // the first one; under Pool::mu_
  int max_helpers = 0;       // workers that may join
  int helpers = 0;           // workers that joined; under Pool::mu_
};

class Pool {
 public:
  // Runs job on the caller and up to job.max_helpers workers; false when
  // another thread's job holds the pool (the caller then runs it alone).
  bool run(Job& job) {
    std::unique_lock<std::mutex> run_lock(run_mu_, std::try_to_lock);
    if (!run_lock.owns_lock()) return false;
    {
      std::lock_guard<std::mutex> lock(mu_);
      // Workers are never removed, so set_num_threads can only add some.
      for (; workers_ < job.max_helpers; ++workers_) {
        try {
          std::thread([this] { work(); }).detach();
        } catch (const std::system_error&) {  // no more threads: go on with those we have
          break;
        }
      }
      job.max_helpers = std::min(job.max_helpers, workers_);
      job_ = &job;
      ++generation_;
    }
    work_cv_.notify_all();
    run_chunks(job);
    std::unique_lock<std::mutex> lock(mu_);
    job_ = nullptr;  // no worker joins from here on
    done_cv_.wait(lock, [this] { return busy_ == 0; });
    return true;
  }

  void run_chunks(Job& job) {
    const bool was = t_in_parallel;
    t_in_parallel = true;
    while (!job.failed.load(std::memory_order_relaxed)) {
      const int64_t c = job.next.fetch_add(1, std::memory_order_relaxed);
      if (c >= job.nchunks) break;
      const int64_t b = c * job.chunk;
      try {
        job.fn(job.ctx, b, std::min(job.n, b + job.chunk));
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu_);
        if (!job.error) job.error = std::current_exception();
        job.failed.store(true);
      }
    }
    t_in_parallel = was;
  }

 private:
  // Workers wait for a new generation, join its job if it still has room, and
  // are never joined themselves (the pool is leaked, so process exit never
  // waits for them).
  void work() {
    t_in_parallel = true;
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      work_cv_.wait(lock, [&] { return generation_ != seen; });
      seen = generation_;
      Job* job = job_;
      if (!job || job->helpers >= job->max_helpers) continue;
      ++job->helpers;
      ++busy_;
      lock.unlock();
      run_chunks(*job);
      lock.lock();
      if (--busy_ == 0) done_cv_.notify_all();
    }
  }

  std::mutex run_mu_;  // held by the one caller whose job is running
  std::mutex mu_;
  std::condition_variable work_cv_, done_cv_;
  Job* job_ = nullptr;
  uint64_t generation_ = 0;
  int busy_ = 0;     // workers inside the current job
  int workers_ = 0;  // started so far
};

std::atomic<Pool*> g_pool{nullptr};

#if defined(__linux__)
// The child of a fork() has none of the parent's workers: it leaks the old
// pool (whose mutexes may be held) and starts a new one when it needs one.
void forget_pool_in_child() { g_pool.store(nullptr); }
#endif

Pool& pool() {
  Pool* p = g_pool.load(std::memory_order_acquire);
  if (p) return *p;
#if defined(__linux__)
  static const bool registered = [] {
    return pthread_atfork(nullptr, nullptr, forget_pool_in_child) == 0;
  }();
  (void)registered;
#endif
  Pool* fresh = new Pool();  // starts no threads yet
  if (g_pool.compare_exchange_strong(p, fresh, std::memory_order_acq_rel)) return *fresh;
  delete fresh;
  return *p;
}

}  // namespace

int num_threads() {
  static const int configured = default_threads();
  const int o = g_override.load(std::memory_order_relaxed);
  return o > 0 ? o : configured;
}

void set_num_threads(int n) { g_override.store(n > 0 ? std::min(n, kMaxThreads) : 0); }

void detail::parallel_for_impl(int64_t n, int64_t grain, RangeFn fn, void* ctx) {
  if (n <= 0) return;
  grain = std::max<int64_t>(grain, 1);
  const int threads = num_threads();
  if (threads <= 1 || n <= grain || t_in_parallel) {
    fn(ctx, 0, n);
    return;
  }
  const int64_t units = (n + grain - 1) / grain;
  const int64_t target = std::min<int64_t>(units, threads * kChunksPerThread);
  Job job;
  job.fn = fn;
  job.ctx = ctx;
  job.n = n;
  job.chunk = (units + target - 1) / target * grain;
  job.nchunks = (n + job.chunk - 1) / job.chunk;
  job.max_helpers = static_cast<int>(std::min<int64_t>(threads - 1, job.nchunks - 1));
  if (!pool().run(job)) {
    fn(ctx, 0, n);
    return;
  }
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace cunum::backend::cpu
