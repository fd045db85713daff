// Phase 4: the text forms of the battle's choices and log events.
#include <string>

#include "warroom/battle_internal.h"

namespace warroom {

std::string colour_name(Colour c) { return std::string(colour_id(c)); }
std::string resource_name(Resource r) { return std::string(resource_id(r)); }

namespace {

std::string nation_name(const BattleNames& n, int nation) {
  return nation >= 0 && static_cast<std::size_t>(nation) < n.nation.size() ? n.nation[nation]
                                                                           : "nation" + std::to_string(nation);
}
std::string type_name(const BattleNames& n, int type) {
  return type >= 0 && static_cast<std::size_t>(type) < n.type.size() ? n.type[type] : "type" + std::to_string(type);
}
std::string stance_name(const BattleNames& n, int type, int stance) {
  if (type >= 0 && static_cast<std::size_t>(type) < n.stance.size() && stance >= 0 &&
      static_cast<std::size_t>(stance) < n.stance[type].size())
    return n.stance[type][stance];
  return "stance" + std::to_string(stance);
}
const char* box_name(int box) {
  static const char* const names[] = {"fresh", "light", "damaged", "eliminated"};
  return box >= 0 && box < 4 ? names[box] : "?";
}
std::string row_name(const Battle& b, const BattleNames& n, int side, int row) {
  if (side < 0 || side >= kSides || row < 0 || row >= b.row_count[side]) return "row" + std::to_string(row);
  const Row& r = b.rows[side][row];
  return type_name(n, r.type.id) + " " + stance_name(n, r.type.id, r.stance);
}

}  // namespace

std::string choice_text(const Battle& b, Choice c, const BattleNames& n) {
  const int enemy = other(b.rolling_side);
  switch (c.kind) {
    case ChoiceKind::Stance: {
      const Group& g = b.groups[c.a < kMaxGroups ? c.a : 0];
      return "stance " + nation_name(n, g.nation) + " " + type_name(n, g.type.id) + " " +
             stance_name(n, g.type.id, g.cursor) + " " + std::to_string(c.b);
    }
    case ChoiceKind::Hit:
      return "hit " + nation_name(n, c.b) + " " + row_name(b, n, enemy, c.a) + " " + box_name(c.c);
    case ChoiceKind::Escort:
      if (c.a == kNoNation) return "no escort";
      return "escort " + nation_name(n, c.a) + " " + box_name(c.b);
    case ChoiceKind::Garrison:
      return "garrison " + nation_name(n, c.b) + " " + row_name(b, n, other(b.garrison_side), c.a) + " " +
             box_name(c.c);
    case ChoiceKind::Bomb:
      if (c.a == 0) return std::string("bomb ") + resource_name(static_cast<Resource>(c.b % kResources));
      if (c.a == 1) return "bomb " + type_name(n, b.target.construction[c.b % 10].type);
      return "bomb token";
    case ChoiceKind::Cluster:
      return "cluster " + std::to_string(c.a + 1);
    case ChoiceKind::Black:
      return std::string("black ") + resource_name(static_cast<Resource>(c.a % kResources));
    case ChoiceKind::Repair: {
      const int side = c.a < kSides ? c.a : 0;
      const int row = c.b < kMaxRowsPerSide ? c.b : 0;
      const std::string unit = nation_name(n, b.rows[side][row].damaged) + " " + row_name(b, n, side, row);
      if (c.c == 3) return "scrap " + unit;
      return "repair " + unit + " " + resource_name(static_cast<Resource>(c.c % kResources));
    }
  }
  return "?";
}

bool choice_from_text(const Battle& b, std::string_view text, const BattleNames& n, Choice& out) {
  std::vector<Choice> options;
  legal(b, options);
  for (const Choice& c : options)
    if (choice_text(b, c, n) == text) {
      out = c;
      return true;
    }
  return false;
}

std::string event_text(const core::LogEntry& e, const BattleNames& n) {
  const auto& a = e.args;
  switch (e.event) {
    case kEvStage:
      return std::string(a[0] == 0 ? "Air" : "Surface") + " Battle Stage: " + std::to_string(a[1]) + " dice against " +
             std::to_string(a[2]);
    case kEvBatch:
      return nation_name(n, a[1]) + " rolls a batch of " + std::to_string(a[2]) + " dice";
    case kEvDie:
      return nation_name(n, a[1]) + " die: " + colour_name(static_cast<Colour>(a[2] % kColours));
    case kEvHit:
      return "hit on " + nation_name(n, a[2]) + " row " + std::to_string(a[1]) + ": now " + box_name(a[3]);
    case kEvMiss:
      return std::string(colour_name(static_cast<Colour>(a[0] % kColours))) + " misses";
    case kEvEscort:
      return nation_name(n, a[1]) + " escort cruiser takes the hit";
    case kEvDive:
      return nation_name(n, a[1]) + " submarine dives and escapes";
    case kEvGarrison:
      if (a[1] == 0xFF) return "the garrison misses";
      return "the garrison eliminates " + nation_name(n, a[0]) + " " + type_name(n, a[1]);
    case kEvBomb:
      if (a[0] == 0) return std::string("bombing destroys 1 ") + resource_name(static_cast<Resource>(a[1] % kResources));
      if (a[0] == 1) return "bombing destroys 1 " + type_name(n, a[1]) + " under construction";
      if (a[0] == 2) return "bombing places a Bomb Token";
      return std::string("bombing: ") + colour_name(static_cast<Colour>(a[1] % kColours)) + " misses";
    case kEvConvoy:
      return "convoy cluster " + std::to_string(a[0] + 1) + ": " + std::to_string(a[2]) + " " +
             resource_name(static_cast<Resource>(a[1] % kResources)) + " ships sunk, " + std::to_string(a[3]) + " lost";
    case kEvRepair: {
      const std::string unit = nation_name(n, a[0]) + " " + type_name(n, a[1]);
      if (a[2] == 3) return unit + " repaired free";
      if (a[2] == 4) return unit + " scrapped";
      return unit + " repaired for 1 " + resource_name(static_cast<Resource>(a[2] % kResources));
    }
    case kEvTransports:
      return std::string(a[0] == 0 ? "Allied" : "Axis") + " troop transports are sunk";
    case kEvForceAdvantage:
      return std::string(a[0] == 0 ? "Allied" : "Axis") + " Force Advantage with " + type_name(n, a[1]);
    case kEvStance:
      return nation_name(n, a[0]) + " puts " + std::to_string(a[3]) + " " + type_name(n, a[1]) + " in " +
             stance_name(n, a[1], a[2]);
  }
  return {};
}

std::string prompt(const Battle& b, const BattleNames& n) {
  const std::string who = nation_name(n, deciding_nation(b));
  const int die = current_die(b);
  const std::string colour = die >= 0 ? colour_name(b.batch[die].face) : std::string("?");
  switch (need(b)) {
    case Need::Stance: {
      const Group& g = b.groups[b.group_cursor];
      return who + " puts " + nation_name(n, g.nation) + " " + type_name(n, g.type.id) + " (" + std::to_string(g.left) +
             " left) in " + stance_name(n, g.type.id, g.cursor);
    }
    case Need::Die: return "a die";
    case Need::Hit: return who + " assigns a " + colour + " hit";
    case Need::Escort: return who + " may move a " + colour + " hit to an escort cruiser";
    case Need::GarrisonType: return who + " picks the invader the garrison eliminates";
    case Need::BombingEffect: return who + " picks what a " + colour + " bombing die destroys";
    case Need::ConvoyCluster: return who + " picks the convoy cluster to raid";
    case Need::ConvoyBlack: return who + " picks the ships a black die sinks";
    case Need::Repair: return who + " repairs or scraps a damaged unit";
    case Need::Done: return "the battle is over";
  }
  return {};
}

}  // namespace warroom
