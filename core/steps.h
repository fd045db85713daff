// The step engine every title's flow of play runs on (Rally the Troops' named states, with a typed
// payload per state): a table of step rows written with designated initializers, one named payload
// type per step, the record of a pending step on the state's core::StepStack, the read-only and
// the mutable contexts the rules work in, and the one loop that runs automatic steps. A title's
// apply returns core::Applied (core/game.h): the rules say when they reveal a secret.
// docs/architecture.md ("A title's step table") gives the recipe.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <type_traits>

#include "core/log.h"

namespace core::steps {

// What kind of node a step is: automatic (runs inside apply), a chance node, the decision of one
// seat, a simultaneous decision of several, or the end of the game.
enum class Kind : std::uint8_t { Auto, Chance, Decision, Simultaneous, Terminal };

inline constexpr std::size_t kPayloadBytes = 3;  // a record's bytes: a State stays small, its hash stable
using Bytes = std::array<std::int8_t, kPayloadBytes>;

// A step's payload: a struct that names its step (`static constexpr StepId id = StepId::X;`) and
// holds the step's fields. It is stored in the record's bytes byte for byte (fields of one byte,
// no padding; an empty struct stores nothing) or, where its fields are packed into bits, by its own
// `Bytes pack() const` and `static P unpack(Bytes)`.
template <class P>
concept Packs = requires(const P p, Bytes b) {
  { p.pack() } -> std::same_as<Bytes>;
  { P::unpack(b) } -> std::same_as<P>;
};
template <class P>
concept Plain = std::is_trivially_copyable_v<P> && std::is_default_constructible_v<P> &&
    (std::is_empty_v<P> || (sizeof(P) <= kPayloadBytes && std::has_unique_object_representations_v<P>));
template <class P, class Id>
concept Payload = std::same_as<std::remove_cv_t<decltype(P::id)>, Id> &&(Packs<P> || Plain<P>);

[[noreturn]] inline void misread(const char* what) {
  std::fprintf(stderr, "core::steps: %s\n", what);
  std::abort();
}

// A pending step on the stack: its id and its payload's bytes. Made from a payload
// (`s.steps.push(step::Place{.nation = n})`), read back as one (`record.as<step::Place>()`): reading
// a step as another step's payload is a fault and stops the program.
template <class Id>
struct Record {
  Id id{};
  Bytes bytes{};

  constexpr Record() = default;
  template <Payload<Id> P>
  constexpr Record(const P& payload) : id(P::id), bytes(pack(payload)) {}  // NOLINT: a payload is its record

  template <Payload<Id> P>
  constexpr bool is() const {
    return id == P::id;
  }
  template <Payload<Id> P>
  constexpr P as() const {
    if (id != P::id) misread("a step read as another step's payload");
    if constexpr (Packs<P>) {
      return P::unpack(bytes);
    } else {
      if constexpr (std::is_empty_v<P>) {
        return P{};
      } else {
        std::array<std::int8_t, sizeof(P)> raw{};
        std::copy_n(bytes.begin(), sizeof(P), raw.begin());
        return std::bit_cast<P>(raw);
      }
    }
  }
  bool operator==(const Record&) const = default;

 private:
  template <class P>
  static constexpr Bytes pack(const P& p) {
    if constexpr (Packs<P>) {
      return p.pack();
    } else {
      Bytes b{};
      if constexpr (!std::is_empty_v<P>) {
        const auto raw = std::bit_cast<std::array<std::int8_t, sizeof(P)>>(p);
        std::copy_n(raw.begin(), sizeof(P), b.begin());
      }
      return b;
    }
  }
};

// The contexts the rules work in: `View` reads the game and the state, `Context` may change the
// state and write the log. A title derives its own from them to add what its rules share (its data,
// its log entries), as aggregates: `Ctx{game, state, log}`.
template <class G, class S>
struct View {
  const G& g;
  const S& s;
  // The payload of the step on top of the stack.
  template <class P>
  P top() const {
    return s.steps.top().template as<P>();
  }
};

template <class G, class S, class V = View<G, S>>
struct Context {
  const G& g;
  S& s;
  LogSink* log = nullptr;

  V view() const { return V{g, s}; }
  template <class P>
  P top() const {
    return s.steps.top().template as<P>();
  }
  // call, goto and end (core::StepStack), and a new payload for the step on top.
  template <class P>
  void push(const P& payload) const {
    s.steps.push(payload);
  }
  template <class P>
  void replace(const P& payload) const {
    s.steps.replace(payload);
  }
  void pop() const { s.steps.pop(); }
  template <class P>
  void set_top(const P& payload) const {
    if (!s.steps.top().template is<P>()) misread("a step given another step's payload");
    s.steps.top() = payload;
  }
};

// Adapts a handler written for its step's payload, `R f(C c, P payload, A... more)`, to the table's
// column type `R (*)(C c, const Record<Id>& step, A... more)`: `.finished = typed<movement_finished>`.
template <auto F>
struct Typed;
template <class R, class C, class P, class... A, R (*F)(C, P, A...)>
struct Typed<F> {
  using Payload = std::remove_cvref_t<P>;
  using Rec = Record<std::remove_cv_t<decltype(Payload::id)>>;
  static R call(C c, const Rec& step, A... more) { return F(c, step.template as<Payload>(), more...); }
};
template <auto F>
inline constexpr auto typed = &Typed<F>::call;

// Checked when compiling: the table has one row per step id, in the ids' order.
template <class Row, std::size_t N>
constexpr bool rows_in_order(const Row (&rows)[N]) {
  for (std::size_t i = 0; i < N; ++i)
    if (static_cast<std::size_t>(rows[i].id) != i) return false;
  return true;
}

// What the loop needs of a title's row: its kind, `run(ctx, record)` for an automatic step, and
// `over(view, record)` -- is the step on top finished (popped before anyone is asked) -- with
// `end(ctx)`, what follows once it is popped (a reveal when the last seat is done).
template <class Row, class C>
concept StepRow = requires(const Row r, C& c, const std::remove_cvref_t<decltype(c.s.steps.top())>& st) {
  { r.kind } -> std::convertible_to<Kind>;
  r.run(c, st);
  { r.over(c.view(), st) } -> std::same_as<bool>;
  r.end(c);
};

// The one loop: runs automatic steps and ends finished ones until someone must act, chance must
// speak or the game is over (an empty stack, or a terminal step).
template <class C, class Row, std::size_t N>
requires StepRow<Row, C>
void settle(C& c, const Row (&rows)[N]) {
  while (!c.s.steps.empty()) {
    const auto st = c.s.steps.top();
    const Row& r = rows[static_cast<std::size_t>(st.id)];
    if (r.kind == Kind::Auto) {
      r.run(c, st);
      continue;
    }
    if (!r.over(c.view(), st)) return;
    c.s.steps.pop();
    r.end(c);
  }
}

}  // namespace core::steps
