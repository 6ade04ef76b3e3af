// include/cunum/cuda.hpp in a build without the CUDA backend: every entry
// point that needs a GPU says so with a ValueError (the Python layer's cunum.cuda.is_available()
// is False there, so well-behaved callers never get here).
#if !CUNUM_WITH_CUDA
#include "cunum/cuda.hpp"
#include "cunum/error.hpp"

namespace cunum::cuda {
namespace {
[[noreturn]] void unavailable() {
  throw ValueError("cunum was built without CUDA: streams and events need a CUDA build and a GPU");
}
}  // namespace

struct Stream::State {};
struct Event::State {};
Stream::Stream(bool, int, int) { unavailable(); }
Stream Stream::null_stream(int) { unavailable(); }
Stream Stream::per_thread(int) { unavailable(); }
Stream Stream::external(std::uintptr_t, int) { unavailable(); }
std::uintptr_t Stream::ptr() const { unavailable(); }
int Stream::device() const { unavailable(); }
bool Stream::owned() const { unavailable(); }
void Stream::synchronize() const { unavailable(); }
bool Stream::done() const { unavailable(); }
void Stream::wait_event(const Event&) const { unavailable(); }
Event Stream::record() const { unavailable(); }
void Stream::record(const Event&) const { unavailable(); }
Event::Event(bool, bool, bool, int) { unavailable(); }
void Event::record(const Stream&) const { unavailable(); }
void Event::record() const { unavailable(); }
void Event::synchronize() const { unavailable(); }
bool Event::done() const { unavailable(); }
std::uintptr_t Event::ptr() const { unavailable(); }
int Event::device() const { unavailable(); }
bool Event::timing() const { unavailable(); }
float elapsed_time(const Event&, const Event&) { unavailable(); }
int current_device() { return 0; }  // harmless: every use of it then fails clearly
Stream current_stream(int) { unavailable(); }
std::uintptr_t current_stream_ptr(int) { unavailable(); }
void set_current_stream(const Stream&) { unavailable(); }
int pointer_device(const void*) { return -1; }
StreamGuard::StreamGuard(const Stream& s) : prev_(s) { unavailable(); }
StreamGuard::~StreamGuard() = default;

void set_allocator(AllocatorKind) { unavailable(); }
AllocatorKind get_allocator() { return AllocatorKind::Pool; }
void set_thread_allocator(int) { unavailable(); }
int get_thread_allocator() { return -1; }
void* raw_malloc(AllocatorKind, size_t, int) { unavailable(); }
void raw_free(AllocatorKind, void*, int) noexcept {}
PinnedPoolStats pinned_pool_stats() { return {}; }
void pinned_pool_free_all() {}
void* pinned_malloc(size_t, bool) { unavailable(); }
void pinned_free(void*, bool) noexcept {}
void profiler_start() { unavailable(); }
void profiler_stop() { unavailable(); }
Versions versions() { return {}; }
DeviceInfo device_info(int) { unavailable(); }
AsyncPoolStats async_pool_stats(int) { unavailable(); }
void async_pool_free_all(int) { unavailable(); }
void async_pool_set_limit(size_t, int) { unavailable(); }
size_t async_pool_get_limit(int) { unavailable(); }
FftPlanCacheInfo fft_plan_cache_info(int) { unavailable(); }
void fft_plan_cache_set_size(int64_t, int) { unavailable(); }
void fft_plan_cache_set_memsize(int64_t, int) { unavailable(); }
void fft_plan_cache_clear(int) { unavailable(); }
}  // namespace cunum::cuda
#endif
