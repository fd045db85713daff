// The decision-point protocol shared by every game of the kit (architecture.md §3).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace core {

// A seat at the table: 0..N-1 with N <= kMaxSeats. Chance is not a seat but acts at chance nodes.
using Seat = std::int8_t;
inline constexpr Seat kChance = -1;
inline constexpr int kMaxSeats = 32;

// The most threads one search may use (core/ismcts.h, root parallelism): a bound on `--threads` and
// on a save's "search_threads", so that no command line or record can ask for thousands.
inline constexpr int kMaxSearchThreads = 64;

// One bit per seat that may act now.
using SeatMask = std::uint32_t;
constexpr SeatMask seat_bit(Seat s) { return SeatMask{1} << s; }

// An action (or a chance outcome) is a small integer; its meaning and its string form belong to
// the game.
using Action = std::uint32_t;

// At any moment a state is exactly one of these.
enum class NodeKind : std::uint8_t {
  Decision,      // one seat chooses
  Simultaneous,  // several seats choose secretly, in any order; revealed when all have chosen
  Chance,        // the dice or the deck decide: outcomes with probabilities
  Terminal,      // the game is over
};

struct ChanceOutcome {
  Action action;
  double probability;
};

// A vector with its capacity fixed at compile time: no allocation in the hot loop.
template <class T, std::size_t N>
class FixedVector {
 public:
  void push_back(const T& v) {
    if (size_ == N) overflow();
    items_[size_++] = v;
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T* begin() { return items_.data(); }
  T* end() { return items_.data() + size_; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }
  static constexpr std::size_t capacity() { return N; }

 private:
  [[noreturn]] static void overflow() {
    std::fputs("FixedVector capacity exceeded\n", stderr);
    std::abort();
  }
  std::array<T, N> items_{};
  std::size_t size_ = 0;
};

// A vector that keeps its first N items inline and moves to the heap only beyond them: the hot loop
// does not allocate, and a game with an unusually long list of actions does not overflow. Where the
// items are is kept in a pointer, so a push_back is one size test and a store, and an access one
// load, with no test of whether the items moved to the heap.
template <class T, std::size_t N>
class SmallVector {
 public:
  SmallVector() = default;
  SmallVector(const SmallVector& o) { assign(o); }
  SmallVector& operator=(const SmallVector& o) {
    if (this != &o) {
      clear();
      assign(o);
    }
    return *this;
  }
  void push_back(const T& v) {
    if (size_ == capacity_) [[unlikely]]
      grow();
    data_[size_++] = v;
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  static constexpr std::size_t inline_capacity() { return N; }

 private:
  void assign(const SmallVector& o) {
    for (const T& v : o) push_back(v);
  }
  void grow() {
    std::vector<T> bigger(capacity_ * 2);
    std::copy(begin(), end(), bigger.begin());
    heap_ = std::move(bigger);
    data_ = heap_.data();
    capacity_ = heap_.size();
  }
  std::array<T, N> items_;
  std::vector<T> heap_;
  T* data_ = items_.data();
  std::size_t size_ = 0;
  std::size_t capacity_ = N;
};

using ActionList = SmallVector<Action, 512>;
using OutcomeList = FixedVector<ChanceOutcome, 64>;

}  // namespace core
