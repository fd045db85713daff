// Why a decision offers so few options (issue 16): when a seat's legal actions are fewer than a
// player expects -- exactly one, only discards, only removals, no Leader -- the reason, with the
// rule that makes it so. Read from the legal actions the rules generate (Game::legal_actions) and
// the state they were generated from; nothing here decides what is legal.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "churchill/game.h"

namespace churchill {

struct OptionsWhy {
  std::string key;                                        // "why.<case>": the message, for a catalogue ("why.no_card_to_debate")
  std::string rule;                                       // the rule that makes it so ("5.24")
  std::vector<std::pair<std::string, std::string>> args;  // the message's arguments ("action", ...)
  std::string text;                                       // in English: "only 'no-debate': ... (5.24)"
};

// The reason `seat` has so few options at the step `s` is at (an observation is enough: only the
// seat's own hand is read); nullopt when its options are what a player expects or it may not act.
std::optional<OptionsWhy> why_few_options(const Game& g, const State& s, core::Seat seat);

}  // namespace churchill
