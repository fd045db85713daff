// Actions as small integers: the kind in the top byte, up to three one-byte arguments below.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace churchill {

enum class Act : std::uint8_t {
  Chance = 1,  // a: the outcome (die face, card, version, Pol-Mil cell = red * 8 + blue)
  AgendaCard,  // a: staff card (5.13)
  TieBreak,    // use the Leader to break the tie (4.51, 4.52)
  NoTieBreak,
  Winner,         // a: the power chosen to win a tie
  Select,         // a: issue placed on the table (5.14)
  Advance,        // a: staff card, b: issue, c: flags (5.22)
  AdvanceLeader,  // a: discarded staff card, b: issue, c: flags (5.26)
  AdvanceChief,   // a: the Chief of Staff: commit before the roll (5.25)
  ChiefIssue,     // b: issue, c: flags
  Debate,         // a: staff card, c: flags (5.24)
  DebateLeader,   // a: discarded staff card, c: flags
  DebateChief,    // a: the Chief of Staff
  NoDebate,
  Pass,             // 4.22: earned by debating
  Discard,          // a: staff card, when no issue can be advanced
  PlaceDirected,    // a: issue, b: front (6.1)
  Offensive,        // a: front, b: source (6.5)
  Naval,            // a: theater, b: source
  Activate,         // a: Pol-Mil issue (6.8)
  ABombModifier,    // 6.10.2
  Leadership,       // a: region, b: power (6.92)
  MoveGlobal,       // a: Global Issue marker (6.11)
  PlaceFirst,       // a: the tied player the US puts first in a placement order (7.1, 7.3)
  PlaceNetwork,     // a: location (7.11)
  RemoveNetwork,    // a: location (7.12)
  PlaceAlignment,   // a: location (7.31)
  RemoveAlignment,  // a: location (7.32)
  ChiefDebate,      // c: flags: a Chief of Staff's debate, once his value is rolled (5.22 stop)
  Decline,          // leave the markers unplaced when only removals are left (7.12, 7.32: "may")
};

// Flags of a move on the conference table.
inline constexpr std::uint8_t kStopAtCenter = 1;  // conditional issue stops in the centre (5.22)
// Hopkins-style "less than full value": the chosen value in bits 1..3 (0 = full value).
constexpr std::uint8_t reduced_value_flag(int v) { return static_cast<std::uint8_t>(v << 1); }
constexpr int reduced_value(std::uint8_t flags) { return (flags >> 1) & 7; }

// Sources of a support marker in Production Allocation (6.4, 6.9).
enum class Source : std::uint8_t { Production, Leadership };

constexpr core::Action encode(Act kind, int a = 0, int b = 0, int c = 0) {
  return (static_cast<core::Action>(kind) << 24) | (static_cast<core::Action>(a & 0xff) << 16) |
         (static_cast<core::Action>(b & 0xff) << 8) | static_cast<core::Action>(c & 0xff);
}
constexpr Act kind_of(core::Action a) { return static_cast<Act>(a >> 24); }
constexpr std::uint8_t arg_a(core::Action a) { return static_cast<std::uint8_t>(a >> 16); }
constexpr std::uint8_t arg_b(core::Action a) { return static_cast<std::uint8_t>(a >> 8); }
constexpr std::uint8_t arg_c(core::Action a) { return static_cast<std::uint8_t>(a); }

}  // namespace churchill
