// The flow of play as an explicit stack of pending steps (Rally the Troops' call/goto/end): a debate,
// a health roll or a tie-break pushes a step and pops back to what it interrupted.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace core {

template <class Step, std::size_t N>
class StepStack {
 public:
  // call: interrupt the current step with `s`; it resumes when `s` ends.
  void push(const Step& s) {
    if (size_ == N) fail("StepStack overflow");
    steps_[size_++] = s;
  }
  // end: the current step is finished.
  void pop() {
    if (size_ == 0) fail("StepStack underflow");
    --size_;
  }
  // goto: replace the current step by `s`.
  void replace(const Step& s) {
    pop();
    push(s);
  }
  Step& top() {
    if (size_ == 0) fail("StepStack is empty");
    return steps_[size_ - 1];
  }
  const Step& top() const {
    if (size_ == 0) fail("StepStack is empty");
    return steps_[size_ - 1];
  }
  const Step& operator[](std::size_t i) const { return steps_[i]; }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  void clear() { size_ = 0; }
  bool operator==(const StepStack& o) const {
    if (size_ != o.size_) return false;
    for (std::size_t i = 0; i < size_; ++i)
      if (!(steps_[i] == o.steps_[i])) return false;
    return true;
  }

 private:
  [[noreturn]] static void fail(const char* what) {
    std::fprintf(stderr, "%s\n", what);
    std::abort();
  }
  std::array<Step, N> steps_{};
  std::uint8_t size_ = 0;
};

}  // namespace core
