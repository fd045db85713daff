// What a seat may see (architecture.md §3): the public board, its own hand and legal actions, the
// log. Never another seat's hand or face-down agenda card, the deck, or the random state.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "churchill/game.h"
#include "core/session.h"

namespace churchill {

using Session = core::Session<Game>;

// The phase a state is in, in words ("5.2 Meeting: UK to advance").
std::string phase_text(const Game& g, const State& s);

// The game's part of the view of `seat` (or of a spectator) as JSON, from its observation: the
// board, the seat's hand, scores and winner (core::SessionMatch adds the seat, the acting seats, the
// phase, the legal actions and the log).
nlohmann::json view_json(const Game& g, const State& observation, std::optional<core::Seat> seat);

// The card faces for clients (the title's layout): every staff and Leader card with its name, office,
// value ("*" for a Chief of Staff, 5.25), text and provenance, and the victory conditions of 9.4.
nlohmann::json cards_json(const Data& d);

// The board as text for a terminal.
std::string board_text(const Game& g, const State& s, std::optional<core::Seat> seat);

}  // namespace churchill
