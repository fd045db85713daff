// War Room's actions: typed, with a documented bit layout (as Stockfish's Move), and small enough
// that no decision has more than a few hundred (design §4.7).
//
//   bits 27..31  kind           (ActionKind)
//   bits 24..26  nation         (Nation: the nation acting, or drawn at a chance node)
//   bits 16..23  a              (kind-specific, below)
//   bits  8..15  b
//   bits  0.. 7  c
//
// Text forms (warroom/names.cpp) name nations, regions and unit types by their data ids:
//   done GER                    finish this step's secret entries (or a decision window)
//   select GER 92               order pad: choose Command 92 ...               a = number
//   to GER J5                   ... and write its destination in the lowest empty box   a = region
//   erase GER 3                 empty box 3                                     a = box 1..9
//   bid GER 4 / bid GER 2k      set the bid's units (0..999) / thousands        a,b = value (16 bits), c = 1 thousands
//   slot GER 2                  choose turn-order slot 2                        a = slot
//   cancel GER 3                Phase 3: cancel the order of box 3              a = box
//   shift GER 40 inf 41         reorganize: one unit from Command 40 to 41      a = from, b = type, c = to (0: a new Command)
//   shift GER 40 inf*3 41       ... three units of the type (up to 8)           b = type | (count - 1) << 4
//   shift GER 40 all 41         ... every unit of Command 40 (a merge)          b = kWholeStack
//   cancel-stress GER medal     Phase 6 Step 1: give one Medal (or goods)       a = 0 medal, 1 goods
//   relieve GER 3               Phase 6 Step 3: give 3 Medals and 2 Goods       a = medals
//   pay GER oil                 Phase 6 Step 4 (Blue Zone): pay one resource    a = resource
//   desert GER 40 inf           Phase 6 Step 4 (Gray Zone): remove one unit     a = Command, b = type
//   buy GER ftr / unbuy GER ftr Phase 7 Step 3                                  a = type
//   buy GER goods 2/3/0         one Civilian Goods paid 2 oil, 3 iron, 0 OSR    a,b,c = oil, iron, OSR
//   unbuy GER goods 2/3/0
//   place GER G1 inf            Phase 7 Step 5: one unit under the Industry token   a = region, b = type
//   place GER G1 inf*3          ... three units of the type at once              c = count - 1
//   deploy GER G1 sub A-6       Phase 5 Step 2 plan: a naval unit to a sea      a = region, b = type, c = sea index
//   undeploy GER G1 sub A-6
//   hold GER G1 arm / release GER G1 arm   plan: a unit stays under the token / no longer
//   draw GER                    chance: the nation drawn (tie or order draw)
//   trade US N8 oil             Phase 7 Step 2: give a block of oil to Mexico for its block   a = region, b = resource given
//   move JPN 2 P-12             Phase 3: execute box 2 via P-12 (2-region route), or ending in
//                               the region named (destination, rail stop)      a = box, b = region
//   leave JPN ca                Phase 3 pin: one unit of the moving Command stays   a = type
//   launch JPN 5 P-1            Phase 3 Step 3: Command 5's next carrier launches its fighter token to P-1
//   launch JPN 5 aboard         ... or keeps it                                a = command, b = region (0xFF: aboard)
//   land JPN 18 J22             Phase 5 Step 1: the tagged Air Command lands    a = command, b = region
//   land JPN 18 lost            ... has no legal landing and is eliminated     b = 0xFF
//   fight GER G5                Phase 4 Order of Battles: resolve the Active region G5   a = region
//   command GER ITA             Battle Setup › 4: GER hands command to ITA (or keeps it)  a = nation, c = 0
//   claim GER ITA               Update Territory Status: ITA takes the territory         a = nation, c = 1
//   medal GER ITA               Apply Medals: ITA gains the next Medal                  a = nation, c = 2
//   defend GER ITA              Attacking Standard Neutrals: ITA takes the defence force  a = nation, c = 3
//   battle GER hit USSR inf defensive fresh   a battle decision: battle.h's Choice    a, b; c = kind << 4 | c
//   die yellow                  chance: one d12 of a battle                      a = Colour
//   permit USSR / refuse USSR   Soviet-Japanese Pact, Article Two: the party asked lets its ally's
//                               order break the pact, or has it cancelled      a = 1 permit, 0 refuse
#pragma once

#include <cstdint>

#include "core/types.h"
#include "warroom/data.h"

namespace warroom {

enum class ActionKind : std::uint8_t {
  Done,
  Select,
  To,
  Erase,
  Bid,
  Slot,
  Cancel,
  Shift,
  CancelStress,
  Relieve,
  Pay,
  Desert,
  Buy,
  Unbuy,
  BuyGoods,
  UnbuyGoods,
  Place,
  Deploy,
  Undeploy,
  Hold,
  Release,
  Draw,
  Trade,
  Move,
  Leave,
  Launch,
  Land,
  Fight,
  Assign,
  Battle,
  Die,
  Permit,
  kCount
};

struct Act {
  ActionKind kind{};
  std::uint8_t nation = 0;
  std::uint8_t a = 0, b = 0, c = 0;
  bool by(Nation n) const { return nation == byte_of(n); }  // whether it is `n`'s action
};

// An action's number: its kind (5 bits), who acts (3 bits: a nation's index, or a die's colour), then
// three bytes.
constexpr core::Action encode_bits(ActionKind kind, int who, int a, int b, int c) {
  return (static_cast<core::Action>(kind) << 27) | (static_cast<core::Action>(who & 7) << 24) |
         (static_cast<core::Action>(a & 0xFF) << 16) | (static_cast<core::Action>(b & 0xFF) << 8) | static_cast<core::Action>(c & 0xFF);
}
constexpr core::Action encode(ActionKind kind, Nation nation, int a = 0, int b = 0, int c = 0) {
  return encode_bits(kind, index(nation), a, b, c);
}
// A battle die's face (a chance outcome, or typed at a physical table).
constexpr core::Action die_action(int colour) { return encode_bits(ActionKind::Die, colour, 0, 0, 0); }

constexpr Act decode_action(core::Action x) {
  return {static_cast<ActionKind>(x >> 27), static_cast<std::uint8_t>((x >> 24) & 7), static_cast<std::uint8_t>((x >> 16) & 0xFF),
          static_cast<std::uint8_t>((x >> 8) & 0xFF), static_cast<std::uint8_t>(x & 0xFF)};
}

// A bid's value spans a and b (16 bits); c = 1 sets the thousands, else the units (0..999).
constexpr core::Action bid_action(Nation nation, int value, bool thousands) {
  return encode(ActionKind::Bid, nation, (value >> 8) & 0xFF, value & 0xFF, thousands ? 1 : 0);
}
constexpr int bid_value(const Act& x) { return (x.a << 8) | x.b; }

// A shift's b: the unit type in bits 0..3 (kWholeStack: every unit of the Command) and the number
// of units less one in bits 4..6. A single unit's shift is b = type, as in saves of every version.
inline constexpr int kWholeStack = 0x0F;
constexpr core::Action shift_action(Nation nation, int from, int type, int count, int to) {
  return encode(ActionKind::Shift, nation, from, type | ((count - 1) << 4), to);
}
constexpr int shift_type(const Act& x) { return x.b & 0x0F; }
constexpr int shift_count(const Act& x) { return (x.b >> 4) + 1; }

// A placement's c: the number of units less one (a single unit's placement is c = 0, as in saves
// of every version).
constexpr core::Action place_action(Nation nation, int region, int type, int count = 1) {
  return encode(ActionKind::Place, nation, region, type, count - 1);
}
constexpr int place_count(const Act& x) { return x.c + 1; }

static_assert(static_cast<int>(ActionKind::kCount) <= 32, "the kind has 5 bits");

}  // namespace warroom
