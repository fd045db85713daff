// What a seat may see (architecture.md §3): the public board, its own hand and legal actions, the
// log. Never another seat's hand or face-down agenda card, the deck, or the random state.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "churchill/game.h"
#include "core/i18n.h"
#include "core/session.h"

namespace churchill {

using Session = core::Session<Game>;

// The phase a state is in: its step's "prompt.*" message (the step table's row, game.cpp), and that
// message in English ("5.2 Meeting: UK to advance an issue"); i18n_names.h words it in any language.
core::i18n::Message phase_message(const Game& g, const State& s);
std::string phase_text(const Game& g, const State& s);

// The game's part of the view of `seat` (or of a spectator) as JSON, from its observation: the
// board, the seat's hand, scores and winner (core::SessionMatch adds the seat, the acting seats, the
// phase, the legal actions and the log).
nlohmann::json view_json(const Game& g, const State& observation, std::optional<core::Seat> seat);

// The card faces for clients (the title's layout): every staff and Leader card with its name, office,
// value ("*" for a Chief of Staff, 5.25), text and provenance, and the victory conditions of 9.4.
nlohmann::json cards_json(const Data& d);

// The conference cards for `card NAME` (3.28, 5.11): each card's bands with their title and text
// ("key" names the band's catalogue entry), whether a band rolls on the Pol-Mil table, and the
// table itself (5.12): six rows (the red die) of six locations (the blue die).
nlohmann::json conference_cards_json(const Data& d);
nlohmann::json polmil_table_json(const Data& d);

// 5.22-5.24: the advance waiting for a debate, in words ("board.pending_*"), if there is one.
std::optional<core::i18n::Message> pending_message(const Game& g, const State& s);

// The board as text for a terminal (in English; Game::board_text in any language).
std::string board_text(const Game& g, const State& s, std::optional<core::Seat> seat);

}  // namespace churchill
