// What every title's action fields (the view's "action_fields", a game's action_json) must be: the
// kind is the command's first word, and no two legal actions of a seat have the same fields, so a
// client that finds the action to send by its fields (web/src/actions.ts, Legal) finds one.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "core/game.h"

namespace test_support {

// Checks the fields of each legal action of `seat` in `s`; returns how many actions it checked.
template <class G>
int expect_fields_identify_actions(const G& g, const typename G::State& s, core::Seat seat) {
  core::ActionList legal;
  g.legal_actions(s, seat, legal);
  std::map<std::string, std::string> seen;  // fields -> command
  for (core::Action a : legal) {
    const std::string command = g.action_to_string(s, seat, a);
    const auto fields = g.action_json(s, seat, a);
    EXPECT_EQ(fields.value("kind", ""), command.substr(0, command.find(' '))) << command;
    const auto [at, fresh] = seen.emplace(fields.dump(), command);
    EXPECT_TRUE(fresh) << command << " and " << at->second << " have the same fields " << fields.dump();
  }
  return static_cast<int>(legal.size());
}

}  // namespace test_support
