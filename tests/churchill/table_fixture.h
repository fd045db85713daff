// A game driven by string forms, as a player at a real table would: every die and deal supplied.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "churchill/game.h"
#include "churchill/view.h"

namespace churchill::testing {

inline const Data& data() {
  static const Data d = load_data(CHURCHILL_TEST_DATA_DIR);
  return d;
}

class Table : public ::testing::Test {
 protected:
  explicit Table(const char* scenario = "training") : game(data()), session(game, game.new_game(*data().scenario(scenario)), 1) {}

  const State& s() const { return session.state(); }

  void chance(const std::string& text) {
    const auto a = game.action_from_string(s(), core::kChance, text);
    ASSERT_TRUE(a.has_value()) << "not a chance outcome now: " << text << " (" << phase_text(game, s()) << ")";
    session.chance(*a);
  }
  void act(const char* seat, const std::string& text) {
    const core::Seat p = *game.seat_from_name(seat);
    const auto a = game.action_from_string(s(), p, text);
    if (!a) {
      std::string legal;
      for (core::Action l : session.legal_actions(p)) legal += "\n  " + game.action_to_string(s(), p, l);
      FAIL() << seat << " cannot \"" << text << "\" now (" << phase_text(game, s()) << "); legal:" << legal;
    }
    session.act(p, *a);
  }
  bool legal(const char* seat, const std::string& text) const {
    return game.action_from_string(s(), *game.seat_from_name(seat), text).has_value();
  }
  void deal(const std::vector<std::string>& cards) {
    for (const auto& c : cards) chance("deal " + c);
  }
  // An issue's place on the table: "centre", "UK 2", "US chair", "display".
  std::string where(const char* issue) const {
    const IssueState& is = s().issues[data().issue(issue)];
    if (is.where != IssueWhere::Table) return is.where == IssueWhere::Display ? "display" : "removed";
    if (is.track == kCenter) return "centre";
    const std::string p(power_name(is.track));
    return is.space >= kChair ? p + " chair" : p + " " + std::to_string(is.space);
  }
  Power power(const char* p) const { return *power_from_name(p); }
  // The seats that may act now: "UK", "USSR US"...
  std::string g_active() const {
    std::string out;
    for (int p = 0; p < kPowers; ++p)
      if (game.node_kind(s()) != core::NodeKind::Chance && (game.acting_seats(s()) & core::seat_bit(static_cast<core::Seat>(p))))
        out.append(out.empty() ? "" : " ").append(power_name(static_cast<Power>(p)));
    return out;
  }
  // The set of one card of `p`'s deck.
  StaffSet card_set(const char* p, const std::string& id) const {
    const auto& deck = data().staff[power(p)];
    for (StaffId c : deck.ids())
      if (deck[c].id == id) return StaffSet::of(c);
    ADD_FAILURE() << "no card " << id;
    return {};
  }
  // Axis reserves opposing a Front (7.6).
  int reserves_against(const char* front) const {
    int n = 0;
    for (auto r : s().reserves_on_front[data().front(front)]) n += r;
    return n;
  }
  std::string log_text() const {
    std::string out;
    for (const auto& e : session.log().entries()) out += game.describe(e) + "\n";
    return out;
  }

  Game game;
  Session session;
};

}  // namespace churchill::testing

namespace churchill::testing {

// A position set up directly: a Meeting (or another step) with given hands and issue positions.
class Position : public Table {
 protected:
  State start = game.new_game(*data().scenario("training"));

  Position() {
    start.steps.clear();
    start.steps.push(step::EndConference{});
    start.hand.fill({});
    start.agenda_winner = Power::UK;
  }
  void hand(const char* p, const std::vector<std::string>& cards) {
    const auto power = static_cast<std::size_t>(*power_from_name(p));
    for (const auto& id : cards)
      for (StaffId c : data().staff[power_at(power)].ids())
        if (data().staff[power_at(power)][c].id == id) {
          start.hand[power_at(power)].set(c);
          start.draw[power_at(power)].reset(c);
        }
  }
  // "centre", "UK 3", "US chair"
  void put(const char* issue, const std::string& at) {
    IssueState& is = start.issues[data().issue(issue)];
    is = {IssueWhere::Table, kCenter, 0, kNoPower};
    if (at == "centre") return;
    const auto space = at.find(' ');
    is.track = *power_from_name(at.substr(0, space));
    const std::string rest = at.substr(space + 1);
    is.space = static_cast<std::int8_t>(rest == "chair" ? kChair : std::stoi(rest));
  }
  // Starts play at the step of `payload` (state.h, churchill::step).
  template <class Payload>
  void begin(const Payload& payload) {
    start.steps.push(payload);
    game.run_automatic(start, nullptr);
    session = Session(game, start, 1);
  }
  void meeting(const char* first) { begin(step::MeetingTurn{*power_from_name(first)}); }
};

}  // namespace churchill::testing
