#include "core/step_stack.h"

#include <gtest/gtest.h>

namespace {

struct Step {
  int id = 0;
  int arg = 0;
  bool operator==(const Step&) const = default;
};

TEST(StepStack, CallGotoEnd) {
  core::StepStack<Step, 4> s;
  EXPECT_TRUE(s.empty());
  s.push({1, 0});  // the meeting
  s.push({2, 5});  // call: a debate interrupts it
  EXPECT_EQ(s.top().id, 2);
  EXPECT_EQ(s.top().arg, 5);
  s.replace({3, 0});  // goto: the debate becomes a health roll
  EXPECT_EQ(s.size(), 2u);
  EXPECT_EQ(s.top().id, 3);
  s.pop();  // end: back to the meeting
  EXPECT_EQ(s.top().id, 1);
}

TEST(StepStack, IsAValueType) {
  core::StepStack<Step, 4> a;
  a.push({1, 2});
  auto b = a;
  EXPECT_EQ(a, b);
  b.top().arg = 3;
  EXPECT_FALSE(a == b);
  EXPECT_EQ(a.top().arg, 2);
}

TEST(StepStackDeathTest, OverflowAborts) {
  core::StepStack<Step, 1> s;
  s.push({1, 0});
  EXPECT_DEATH(s.push({2, 0}), "overflow");
}

}  // namespace
