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
  explicit Table(const char* scenario = "training")
      : game(data()), session(game, game.new_game(*data().scenario(scenario)), 1) {}

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
    const std::string p(power_name(static_cast<Power>(is.track)));
    return is.space >= kChair ? p + " chair" : p + " " + std::to_string(is.space);
  }
  int power(const char* p) const { return static_cast<int>(*power_from_name(p)); }
  std::string log_text() const {
    std::string out;
    for (const auto& e : session.log().entries()) out += game.describe(e) + "\n";
    return out;
  }

  Game game;
  Session session;
};

}  // namespace churchill::testing
