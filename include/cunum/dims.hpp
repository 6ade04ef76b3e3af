// cunum/dims.hpp — cunum::Dims, the type of Shape and Strides: a vector of
// int64_t that keeps up to kInline entries inside the object.
//
//   cunum::Shape s = {2, 3};      // no heap allocation
//   s.push_back(4);
//   std::vector<int64_t> v = s;   // converts both ways
//
// Note [Inline dims]
// Every ndarray holds a shape and strides, and every ufunc call copies a few
// arrays and builds a loop plan of 1 + nops dimension lists. As std::vectors
// these were ~20 heap allocations per `x + y` (most of the planner's time).
// Dims has std::vector's interface for what cunum uses (and converts to and
// from std::vector<int64_t>), so code written against vectors still compiles;
// arrays of more than kInline dims (up to kMaxDims = 64) spill to the heap.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace cunum {

// The most dimensions an array may have (NumPy's limit).
inline constexpr int kMaxDims = 64;

class Dims {
 public:
  using value_type = int64_t;
  using size_type = size_t;
  using difference_type = std::ptrdiff_t;
  using reference = int64_t&;
  using const_reference = const int64_t&;
  using pointer = int64_t*;
  using const_pointer = const int64_t*;
  using iterator = int64_t*;
  using const_iterator = const int64_t*;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  static constexpr size_t kInline = 6;

  Dims() noexcept {}
  explicit Dims(size_t n) { assign(n, 0); }
  Dims(size_t n, int64_t v) { assign(n, v); }
  Dims(std::initializer_list<int64_t> l) { assign(l.begin(), l.end()); }
  template <class It, class = std::enable_if_t<!std::is_integral_v<It>>>
  Dims(It first, It last) { assign(first, last); }
  Dims(const std::vector<int64_t>& v) { assign(v.begin(), v.end()); }  // NOLINT: implicit
  Dims(const Dims& o) { assign(o.begin(), o.end()); }
  Dims(Dims&& o) noexcept { take(o); }
  ~Dims() { release(); }

  Dims& operator=(const Dims& o) {
    if (this != &o) assign(o.begin(), o.end());
    return *this;
  }
  Dims& operator=(Dims&& o) noexcept {
    if (this != &o) {
      release();
      take(o);
    }
    return *this;
  }
  Dims& operator=(std::initializer_list<int64_t> l) {
    assign(l.begin(), l.end());
    return *this;
  }
  Dims& operator=(const std::vector<int64_t>& v) {
    assign(v.begin(), v.end());
    return *this;
  }
  operator std::vector<int64_t>() const { return std::vector<int64_t>(begin(), end()); }  // NOLINT

  void assign(size_t n, int64_t v) {
    size_ = 0;
    reserve(n);
    std::fill_n(data_, n, v);
    size_ = static_cast<uint32_t>(n);
  }
  template <class It, class = std::enable_if_t<!std::is_integral_v<It>>>
  void assign(It first, It last) {
    const size_t n = static_cast<size_t>(std::distance(first, last));
    size_ = 0;
    reserve(n);
    std::copy(first, last, data_);
    size_ = static_cast<uint32_t>(n);
  }
  void assign(std::initializer_list<int64_t> l) { assign(l.begin(), l.end()); }

  size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  size_t capacity() const noexcept { return cap_; }
  int64_t* data() noexcept { return data_; }
  const int64_t* data() const noexcept { return data_; }
  int64_t& operator[](size_t i) noexcept { return data_[i]; }
  const int64_t& operator[](size_t i) const noexcept { return data_[i]; }
  int64_t& at(size_t i) {
    if (i >= size_) throw std::out_of_range("cunum::Dims::at");
    return data_[i];
  }
  const int64_t& at(size_t i) const {
    if (i >= size_) throw std::out_of_range("cunum::Dims::at");
    return data_[i];
  }
  int64_t& front() noexcept { return data_[0]; }
  const int64_t& front() const noexcept { return data_[0]; }
  int64_t& back() noexcept { return data_[size_ - 1]; }
  const int64_t& back() const noexcept { return data_[size_ - 1]; }
  iterator begin() noexcept { return data_; }
  iterator end() noexcept { return data_ + size_; }
  const_iterator begin() const noexcept { return data_; }
  const_iterator end() const noexcept { return data_ + size_; }
  const_iterator cbegin() const noexcept { return data_; }
  const_iterator cend() const noexcept { return data_ + size_; }
  reverse_iterator rbegin() noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() noexcept { return reverse_iterator(begin()); }
  const_reverse_iterator rbegin() const noexcept { return const_reverse_iterator(end()); }
  const_reverse_iterator rend() const noexcept { return const_reverse_iterator(begin()); }

  void reserve(size_t n) {
    if (n <= cap_) return;
    size_t cap = std::max<size_t>(n, 2 * static_cast<size_t>(cap_));
    auto* p = static_cast<int64_t*>(::operator new(cap * sizeof(int64_t)));
    if (size_) std::memcpy(p, data_, size_ * sizeof(int64_t));
    release();
    data_ = p;
    cap_ = static_cast<uint32_t>(cap);
  }
  void clear() noexcept { size_ = 0; }
  void push_back(int64_t v) {
    if (size_ == cap_) reserve(size_ + 1);
    data_[size_++] = v;
  }
  template <class... A> int64_t& emplace_back(A&&... a) {
    push_back(int64_t(std::forward<A>(a)...));
    return back();
  }
  void pop_back() noexcept { --size_; }
  void resize(size_t n, int64_t v = 0) {
    if (n > size_) {
      reserve(n);
      std::fill(data_ + size_, data_ + n, v);
    }
    size_ = static_cast<uint32_t>(n);
  }
  iterator insert(const_iterator pos, int64_t v) {
    const size_t i = static_cast<size_t>(pos - data_);
    push_back(v);
    std::rotate(data_ + i, data_ + size_ - 1, data_ + size_);
    return data_ + i;
  }
  template <class It, class = std::enable_if_t<!std::is_integral_v<It>>>
  iterator insert(const_iterator pos, It first, It last) {
    const size_t i = static_cast<size_t>(pos - data_);
    const size_t old = size_;
    for (; first != last; ++first) push_back(*first);
    std::rotate(data_ + i, data_ + old, data_ + size_);
    return data_ + i;
  }
  iterator insert(const_iterator pos, size_t n, int64_t v) {
    const size_t i = static_cast<size_t>(pos - data_);
    const size_t old = size_;
    resize(old + n, v);
    std::rotate(data_ + i, data_ + old, data_ + size_);
    return data_ + i;
  }
  iterator erase(const_iterator pos) { return erase(pos, pos + 1); }
  iterator erase(const_iterator first, const_iterator last) {
    const size_t i = static_cast<size_t>(first - data_), j = static_cast<size_t>(last - data_);
    std::copy(data_ + j, data_ + size_, data_ + i);
    size_ -= static_cast<uint32_t>(j - i);
    return data_ + i;
  }
  void swap(Dims& o) noexcept {
    Dims t(std::move(o));
    o = std::move(*this);
    *this = std::move(t);
  }

  friend bool operator==(const Dims& a, const Dims& b) noexcept {
    return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
  }
  friend bool operator!=(const Dims& a, const Dims& b) noexcept { return !(a == b); }
  friend bool operator<(const Dims& a, const Dims& b) noexcept {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  bool on_heap() const noexcept { return data_ != inline_; }
  void release() noexcept {
    if (on_heap()) ::operator delete(data_);
    data_ = inline_;
    cap_ = kInline;
  }
  // Moves o's contents into *this (which holds nothing) and empties o.
  void take(Dims& o) noexcept {
    if (o.on_heap()) {
      data_ = o.data_;
      cap_ = o.cap_;
      o.data_ = o.inline_;
      o.cap_ = kInline;
    } else {
      std::memcpy(inline_, o.inline_, o.size_ * sizeof(int64_t));
    }
    size_ = o.size_;
    o.size_ = 0;
  }

  int64_t* data_ = inline_;
  uint32_t size_ = 0;
  uint32_t cap_ = kInline;
  int64_t inline_[kInline];
};

inline void swap(Dims& a, Dims& b) noexcept { a.swap(b); }

}  // namespace cunum
