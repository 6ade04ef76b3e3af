#include "backend/cuda/host_copy.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>

namespace cunum::backend::cuda {

namespace {
constexpr size_t kMinParallel = size_t{1} << 20;

// One call's parts; the caller waits until `left` reaches zero.
struct Batch {
  std::atomic<int> left{0};
  std::mutex mu;
  std::condition_variable cv;
};
struct Part {
  char* dst;
  const char* src;
  size_t n;
  Batch* batch;
};

void run_part(const Part& p) {
  std::memcpy(p.dst, p.src, p.n);
  // Under the batch's lock: once the caller sees zero (under the same lock)
  // it may destroy the batch, and this thread no longer touches it.
  std::lock_guard<std::mutex> lock(p.batch->mu);
  if (p.batch->left.fetch_sub(1) == 1) p.batch->cv.notify_all();
}

class Workers {
 public:
  explicit Workers(int n) {
    for (int i = 0; i < n; ++i) std::thread([this] { loop(); }).detach();
  }
  void push(const Part& p) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      queue_.push_back(p);
    }
    cv_.notify_one();
  }
  // The caller helps with queued parts (its own or another call's) instead of idling.
  bool help() {
    Part p;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (queue_.empty()) return false;
      p = queue_.front();
      queue_.pop_front();
    }
    run_part(p);
    return true;
  }

 private:
  void loop() {
    for (;;) {
      Part p;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return !queue_.empty(); });
        p = queue_.front();
        queue_.pop_front();
      }
      run_part(p);
    }
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Part> queue_;
};

int configured_threads() {
  if (const char* e = std::getenv("CUNUM_COPY_THREADS"); e && *e) return std::clamp(std::atoi(e), 1, 64);
  const int hw = static_cast<int>(std::thread::hardware_concurrency());
  return std::clamp(hw / 2, 1, 8);
}
}  // namespace

void parallel_memcpy(void* dst, const void* src, size_t n) {
  static const int threads = configured_threads();
  if (n == 0) return;  // memcpy's pointers must be valid even for no bytes (UBSan)
  if (n < kMinParallel || threads <= 1) {
    std::memcpy(dst, src, n);
    return;
  }
  // Threads that wait forever on an empty queue; never joined, so that
  // process exit never waits for them (the pool is deliberately leaked).
  static Workers* workers = new Workers(threads - 1);
  const int parts = static_cast<int>(std::min<size_t>(threads, n / (kMinParallel / 2)));
  // Cache-line multiples; parts * step >= n, so the last part is the rest.
  const size_t step = ((n + parts - 1) / parts + 63) / 64 * 64;
  Batch batch;
  batch.left.store(parts);
  char* d = static_cast<char*>(dst);
  const char* s = static_cast<const char*>(src);
  for (int i = 1; i < parts; ++i) {  // the caller copies part 0 itself
    const size_t off = step * static_cast<size_t>(i);
    workers->push(Part{d + off, s + off, i == parts - 1 ? n - off : step, &batch});
  }
  run_part(Part{d, s, step, &batch});
  while (batch.left.load() != 0 && workers->help()) {
  }
  std::unique_lock<std::mutex> lock(batch.mu);
  batch.cv.wait(lock, [&] { return batch.left.load() == 0; });
}

}  // namespace cunum::backend::cuda
