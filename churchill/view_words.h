// The view's words as messages (core/i18n.h), shared by the JSON view (view.cpp) and the terminal
// board (board_text.cpp): where an issue stands, the advance waiting for a debate (5.22-5.24) and
// the end of the game (4.4, 9.4). Each reader words them in its language.
#pragma once

#include <array>
#include <optional>

#include "churchill/game.h"
#include "core/i18n.h"

namespace churchill {

// Where an issue stands, as a message ("board.pos_*"): "centre", "UK 3", "US chair", ...
core::i18n::Message position_message(const IssueState& is);

// 5.22-5.24: whether an advance waits for a debate, and if so whether it would capture its issue
// (5.23); nullopt while no advance waits.
std::optional<bool> pending_capture(const State& s);

// 4.4 and 9.4 at the end: the text of a 9.4 line that scored (or of a Secret Agenda marker, 10.3).
core::i18n::Message score_line_text(const Data& d, const ScoreLine& l);
// 4.43: the totals after the adjustment, when neither Axis power surrendered (else none).
std::optional<core::i18n::Message> adjusted_message(const Game& g, const State& s, const std::array<int, kPowers>& v);
// 4.4: which case applied to the final totals and why the winner won.
core::i18n::Message end_why(const Game& g, const State& s, const std::array<int, kPowers>& v);

// 4.4's three cases by their catalogue keys (EndCase's order).
inline constexpr const char* kCaseKeys[] = {"board.case_alliance_victory", "board.case_broken_alliance", "board.case_global_hegemon"};

}  // namespace churchill
