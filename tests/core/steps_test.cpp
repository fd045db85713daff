// The step engine kit (core/steps.h) on a toy flow with no rules: payloads stored and read back by
// name, the contexts, the typed handlers, and the one loop that runs automatic steps.
#include "core/steps.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/step_stack.h"

namespace {

using core::steps::Kind;
using core::steps::typed;

enum class ToyId : std::uint8_t { Deal, Count, Ask, Close, End, kCount };

namespace step {
struct Deal {
  static constexpr ToyId id = ToyId::Deal;
};
struct Count {
  static constexpr ToyId id = ToyId::Count;
  std::int8_t left = 0, by = 0;
};
struct Ask {
  static constexpr ToyId id = ToyId::Ask;
  std::int8_t seat = 0;
  std::uint8_t times = 0;
};
// A packed payload: two 4-bit fields in one byte, then a signed one.
struct Close {
  static constexpr ToyId id = ToyId::Close;
  int high = 0, low = 0, sign = 0;
  core::steps::Bytes pack() const { return {static_cast<std::int8_t>(high * 16 + low), static_cast<std::int8_t>(sign), 0}; }
  static Close unpack(core::steps::Bytes b) {
    const auto both = static_cast<std::uint8_t>(b[0]);
    return {both / 16, both % 16, b[1]};
  }
};
struct End {
  static constexpr ToyId id = ToyId::End;
};
}  // namespace step

using Record = core::steps::Record<ToyId>;

struct Toy;
struct ToyState {
  core::StepStack<Record, 8> steps;
  std::vector<int> trace;  // what the handlers did, in order
  int reveals = 0;
};
struct View : core::steps::View<Toy, ToyState> {};
struct Ctx : core::steps::Context<Toy, ToyState, View> {};
struct Toy {};

struct Row {
  ToyId id{};
  Kind kind = Kind::Auto;
  void (*run)(Ctx&, const Record&) = nullptr;
  bool (*finished)(const View&, const Record&) = nullptr;
  void (*closing)(Ctx&) = nullptr;
  bool over(const View& v, const Record& st) const { return finished && finished(v, st); }
  void end(Ctx& c) const {
    if (closing) closing(c);
  }
};

// Deal pushes a countdown of 3 by 1; Count records each value and pops at 0; Ask is over once asked
// twice, and its end reveals; Close and End stop the loop.
void run_deal(Ctx& c, step::Deal) {
  c.pop();
  c.push(step::Ask{.seat = 1, .times = 0});
  c.push(step::Count{.left = 3, .by = 1});
}
void run_count(Ctx& c, step::Count st) {
  c.s.trace.push_back(st.left);
  if (st.left == 0) return c.pop();
  c.set_top(step::Count{.left = static_cast<std::int8_t>(st.left - st.by), .by = st.by});
}
bool asked_twice(const View&, step::Ask st) { return st.times >= 2; }
void reveal(Ctx& c) { ++c.s.reveals; }

constexpr Row kRows[] = {
    {.id = ToyId::Deal, .kind = Kind::Auto, .run = typed<run_deal>},
    {.id = ToyId::Count, .kind = Kind::Auto, .run = typed<run_count>},
    {.id = ToyId::Ask, .kind = Kind::Decision, .finished = typed<asked_twice>, .closing = reveal},
    {.id = ToyId::Close, .kind = Kind::Decision},
    {.id = ToyId::End, .kind = Kind::Terminal},
};
static_assert(core::steps::rows_in_order(kRows));
constexpr Row kSwapped[] = {{.id = ToyId::Count}, {.id = ToyId::Deal}};
static_assert(!core::steps::rows_in_order(kSwapped), "a table out of the ids' order is refused");

TEST(StepRecord, APlainPayloadIsStoredByteForByteAndReadBackByName) {
  const Record r = step::Ask{.seat = -2, .times = 200};
  EXPECT_EQ(r.id, ToyId::Ask);
  EXPECT_EQ(r.bytes, (core::steps::Bytes{-2, static_cast<std::int8_t>(200), 0}));
  EXPECT_TRUE(r.is<step::Ask>());
  EXPECT_FALSE(r.is<step::Count>());
  EXPECT_EQ(r.as<step::Ask>().seat, -2);
  EXPECT_EQ(r.as<step::Ask>().times, 200);
}

TEST(StepRecord, AnEmptyPayloadLeavesTheBytesZero) {
  const Record r = step::Deal{};
  EXPECT_EQ(r.id, ToyId::Deal);
  EXPECT_EQ(r.bytes, (core::steps::Bytes{0, 0, 0}));
  EXPECT_EQ(r, Record(step::Deal{}));
  EXPECT_NE(r, Record(step::End{}));
}

TEST(StepRecord, APackedPayloadUsesItsOwnLayout) {
  const Record r = step::Close{.high = 7, .low = 9, .sign = -5};
  EXPECT_EQ(r.bytes, (core::steps::Bytes{7 * 16 + 9, -5, 0}));
  const step::Close c = r.as<step::Close>();
  EXPECT_EQ(c.high, 7);
  EXPECT_EQ(c.low, 9);
  EXPECT_EQ(c.sign, -5);
}

TEST(StepRecordDeathTest, ReadingAStepAsAnotherStepsPayloadStops) {
  const Record r = step::Count{.left = 1, .by = 1};
  EXPECT_DEATH(r.as<step::Ask>(), "another step's payload");
}

TEST(StepContextDeathTest, GivingTheTopStepAnotherStepsPayloadStops) {
  const Toy toy;
  ToyState s;
  s.steps.push(step::Count{});
  const Ctx c{toy, s, nullptr};
  EXPECT_DEATH(c.set_top(step::Ask{}), "another step's payload");
}

TEST(StepContext, PushReplacePopAndTopWorkOnTheStateStack) {
  const Toy toy;
  ToyState s;
  const Ctx c{toy, s, nullptr};
  c.push(step::End{});
  c.push(step::Ask{.seat = 3});
  EXPECT_EQ(c.top<step::Ask>().seat, 3);
  EXPECT_EQ(c.view().top<step::Ask>().seat, 3);
  c.replace(step::Close{.high = 1});
  EXPECT_EQ(c.top<step::Close>().high, 1);
  c.pop();
  EXPECT_TRUE(s.steps.top().is<step::End>());
  EXPECT_EQ(s.steps.size(), 1u);
}

TEST(StepLoop, RunsAutomaticStepsUntilADecisionIsAsked) {
  const Toy toy;
  ToyState s;
  s.steps.push(step::End{});
  s.steps.push(step::Deal{});
  Ctx c{toy, s, nullptr};
  core::steps::settle(c, kRows);
  EXPECT_EQ(s.trace, (std::vector<int>{3, 2, 1, 0}));
  ASSERT_TRUE(s.steps.top().is<step::Ask>());
  EXPECT_EQ(s.steps.top().as<step::Ask>().seat, 1);
  EXPECT_EQ(s.reveals, 0) << "the decision is not over: nothing ends";
}

TEST(StepLoop, EndsAFinishedDecisionThenStopsAtTheTerminalStep) {
  const Toy toy;
  ToyState s;
  s.steps.push(step::End{});
  s.steps.push(step::Ask{.seat = 0, .times = 2});
  Ctx c{toy, s, nullptr};
  core::steps::settle(c, kRows);
  EXPECT_EQ(s.reveals, 1) << "the end of a finished step follows its pop";
  EXPECT_TRUE(s.steps.top().is<step::End>());
}

TEST(StepLoop, StopsAtAnEmptyStack) {
  const Toy toy;
  ToyState s;
  s.steps.push(step::Count{.left = 2, .by = 2});
  Ctx c{toy, s, nullptr};
  core::steps::settle(c, kRows);
  EXPECT_TRUE(s.steps.empty());
  EXPECT_EQ(s.trace, (std::vector<int>{2, 0}));
}

}  // namespace
