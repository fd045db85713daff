// Phase 4: the text forms of the battle's choices (commands), and its log events, prompts and
// choices as catalogue messages (data/i18n/warroom; docs/i18n.md).
#include <nlohmann/json.hpp>

#include <string>

#include "warroom/battle_internal.h"
#include "warroom/i18n_text.h"

namespace warroom {

std::string colour_name(Colour c) { return std::string(colour_id(c)); }
std::string resource_name(Resource r) { return std::string(resource_id(r)); }

namespace {

std::string nation_name(const BattleNames& n, int nation) {
  return nation >= 0 && static_cast<std::size_t>(nation) < n.nation.size() ? n.nation[nation] : "nation" + std::to_string(nation);
}
std::string nation_name(const BattleNames& n, Nation nation) { return nation_name(n, index(nation)); }
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
  return type_name(n, r.type) + " " + stance_name(n, r.type, r.stance);
}

}  // namespace

std::string choice_text(const Battle& b, Choice c, const BattleNames& n) {
  const int enemy = other(b.rolling_side);
  switch (c.kind) {
    case ChoiceKind::Stance: {
      const Group& g = b.groups[c.a < kMaxGroups ? c.a : 0];
      return "stance " + nation_name(n, g.nation) + " " + type_name(n, g.type) + " " + stance_name(n, g.type, g.cursor) + " " +
             std::to_string(c.b);
    }
    case ChoiceKind::Hit: return "hit " + nation_name(n, c.b) + " " + row_name(b, n, enemy, c.a) + " " + box_name(c.c);
    case ChoiceKind::Escort:
      if (c.a == byte_of(kNoNation)) return "no escort";
      return "escort " + nation_name(n, c.a) + " " + box_name(c.b);
    case ChoiceKind::Garrison:
      return "garrison " + nation_name(n, c.b) + " " + row_name(b, n, other(b.garrison_side), c.a) + " " + box_name(c.c);
    case ChoiceKind::Bomb:
      if (c.a == 0) return std::string("bomb ") + resource_name(static_cast<Resource>(c.b % kResources));
      if (c.a == 1) return "bomb " + type_name(n, b.target.construction[c.b % 10].type);
      return "bomb token";
    case ChoiceKind::Cluster: return "cluster " + std::to_string(c.a + 1);
    case ChoiceKind::Black: return std::string("black ") + resource_name(static_cast<Resource>(c.a % kResources));
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

nlohmann::json choice_json(const Battle& b, Choice c, const BattleNames& n) {
  const int enemy = other(b.rolling_side);
  const auto row = [&](int side, int r, nlohmann::json j) {
    if (side >= 0 && side < kSides && r >= 0 && r < b.row_count[side]) {
      const Row& x = b.rows[side][r];
      j["unit"] = type_name(n, x.type), j["stance"] = stance_name(n, x.type, x.stance);
    }
    return j;
  };
  const auto resource = [](int r) { return resource_name(static_cast<Resource>(r % kResources)); };
  switch (c.kind) {
    case ChoiceKind::Stance: {
      const Group& g = b.groups[c.a < kMaxGroups ? c.a : 0];
      // The rest of the units go on to the next stance; to the type's other one where it is the last.
      const bool rest_in_last = g.cursor + 2 == b.type(g).stance_count;
      return {{"choice", "stance"},
              {"nation", nation_name(n, g.nation)},
              {"unit", type_name(n, g.type)},
              {"stance", stance_name(n, g.type, g.cursor)},
              {"count", c.b},
              {"rest", g.left - c.b},
              {"rest_stance", rest_in_last ? nlohmann::json(stance_name(n, g.type, g.cursor + 1)) : nlohmann::json(nullptr)}};
    }
    case ChoiceKind::Hit: return row(enemy, c.a, {{"choice", "hit"}, {"nation", nation_name(n, c.b)}, {"box", box_name(c.c)}});
    case ChoiceKind::Escort:
      if (c.a == byte_of(kNoNation)) return {{"choice", "escort"}, {"nation", nullptr}};
      return {{"choice", "escort"}, {"nation", nation_name(n, c.a)}, {"box", box_name(c.b)}};
    case ChoiceKind::Garrison:
      return row(other(b.garrison_side), c.a, {{"choice", "garrison"}, {"nation", nation_name(n, c.b)}, {"box", box_name(c.c)}});
    case ChoiceKind::Bomb:
      if (c.a == 0) return {{"choice", "bomb"}, {"resource", resource(c.b)}};
      if (c.a == 1) return {{"choice", "bomb"}, {"unit", type_name(n, b.target.construction[c.b % 10].type)}};
      return {{"choice", "bomb"}, {"token", true}};
    case ChoiceKind::Cluster: return {{"choice", "cluster"}, {"cluster", c.a + 1}};
    case ChoiceKind::Black: return {{"choice", "black"}, {"resource", resource(c.a)}};
    case ChoiceKind::Repair: {
      const int side = c.a < kSides ? c.a : 0;
      const int r = c.b < kMaxRowsPerSide ? c.b : 0;
      nlohmann::json j = row(side, r, {{"choice", c.c == 3 ? "scrap" : "repair"}, {"nation", nation_name(n, b.rows[side][r].damaged)}});
      if (c.c != 3) j["resource"] = resource(c.c);
      return j;
    }
  }
  return {{"choice", nullptr}};
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

namespace {

using core::i18n::Message;
using text::key;

// Names by the battle's ids, as catalogue messages.
Message nation_of(const BattleNames& n, int nation) {
  return nation >= 0 && static_cast<std::size_t>(nation) < n.nation.size() ? text::nation(n.nation[nation])
                                                                           : Message::plain(nation_name(n, nation));
}
Message nationality_of(const BattleNames& n, int nation) {
  return nation >= 0 && static_cast<std::size_t>(nation) < n.nation.size() ? text::nationality(n.nation[nation])
                                                                           : Message::plain(nation_name(n, nation));
}
Message nation_of(const BattleNames& n, Nation nation) { return nation_of(n, index(nation)); }
Message nationality_of(const BattleNames& n, Nation nation) { return nationality_of(n, index(nation)); }
Message type_of(const BattleNames& n, int type) {
  return type >= 0 && static_cast<std::size_t>(type) < n.type.size() ? text::unit(n.type[type]) : Message::plain(type_name(n, type));
}
// `count` units of a battle type: "2 Fighters".
Message units_of(const BattleNames& n, int type, int count) {
  return type >= 0 && static_cast<std::size_t>(type) < n.type.size() ? text::units(n.type[type], count)
                                                                     : Message::plain(std::to_string(count) + " " + type_name(n, type));
}
Message stance_of(const BattleNames& n, int type, int stance) {
  if (type >= 0 && static_cast<std::size_t>(type) < n.stance.size() && stance >= 0 &&
      static_cast<std::size_t>(stance) < n.stance[type].size())
    return text::stance(n.stance[type][stance]);
  return Message::plain(stance_name(n, type, stance));
}
Message row_of(const Battle& b, const BattleNames& n, int side, int row) {
  if (side < 0 || side >= kSides || row < 0 || row >= b.row_count[side]) return Message::plain(row_name(b, n, side, row));
  const Row& r = b.rows[side][row];
  return key("warroom.battle.row").with("unit", type_of(n, r.type)).with("stance", stance_of(n, r.type, r.stance));
}
Message resource_of(int r) { return text::resource(r % kResources); }
Message colour_of(int c) { return text::colour(c % kColours); }

// A stance choice as a player says it (Battle Setup › 5. Assign Combat Stances): the units the choice
// puts in the stance asked and, where the rest take the type's other stance, that one too: "all 3
// Infantry in Assault", "2 Infantry in Assault, 1 in Defensive", "the Fighter in Intercept"; an
// ally's units say whose they are.
Message stance_choice_of(const Battle& b, const Group& g, int count, const BattleNames& n) {
  const int type = g.type, rest = g.left - count;
  const bool rest_in_last = g.cursor + 2 == b.type(g).stance_count;  // the rest take the next stance, the last
  Message m = key("warroom.choice.stance").with("units", units_of(n, type, count)).with("stance", stance_of(n, type, g.cursor));
  if (rest_in_last && (count == 0 || rest == 0)) {
    const Message stance = stance_of(n, type, count == 0 ? g.cursor + 1 : g.cursor);
    m = g.left == 1 ? key("warroom.choice.stance_the").with("unit", type_of(n, type)).with("stance", stance)
                    : key("warroom.choice.stance_all").with("units", units_of(n, type, g.left)).with("stance", stance);
  } else if (rest_in_last) {
    m = key("warroom.choice.stance_split")
            .with("units", units_of(n, type, count))
            .with("stance", stance_of(n, type, g.cursor))
            .with("rest", std::to_string(rest))
            .with("other", stance_of(n, type, g.cursor + 1));
  }
  if (g.nation != b.commander[g.side])
    return key("warroom.choice.stance_owner").with("choice", m).with("nationality", nationality_of(n, g.nation));
  return m;
}

}  // namespace

Message event_message(const core::LogEntry& e, const BattleNames& n) {
  const auto& a = e.args;
  switch (e.event) {
    case kEvStage:
      return key(a[0] == 0 ? "warroom.battle.air_stage" : "warroom.battle.surface_stage")
          .with("dice", text::counted("warroom.count.die", a[1]))
          .with("against", text::counted("warroom.count.die", a[2]));
    case kEvBatch: return key("warroom.battle.batch").with("nation", nation_of(n, a[1])).counted(a[2]);
    case kEvDie: return key("warroom.battle.die").with("nation", nation_of(n, a[1])).with("colour", colour_of(a[2]));
    case kEvHit:
      return key("warroom.battle.hit")
          .with("nationality", nationality_of(n, a[2]))
          .with("unit", type_of(n, a[1] >> 8))
          .with("stance", stance_of(n, a[1] >> 8, a[1] & 0xFF))
          .with("box", text::box(a[3]));
    case kEvMiss: return key("warroom.battle.miss").with("colour", colour_of(a[0]));
    case kEvEscort: return key("warroom.battle.escort").with("nation", nation_of(n, a[1]));
    case kEvDive: return key("warroom.battle.dive").with("nation", nation_of(n, a[1]));
    case kEvGarrison:
      if (a[1] == 0xFF) return key("warroom.battle.garrison_misses");
      return key("warroom.battle.garrison").with("nation", nation_of(n, a[0])).with("unit", type_of(n, a[1]));
    case kEvBomb:
      if (a[0] == 0) return key("warroom.battle.bomb_resource").with("resource", resource_of(a[1]));
      if (a[0] == 1) return key("warroom.battle.bomb_construction").with("unit", type_of(n, a[1]));
      if (a[0] == 2) return key("warroom.battle.bomb_token");
      return key("warroom.battle.bomb_miss").with("colour", colour_of(a[1]));
    case kEvConvoy:
      return key("warroom.battle.convoy")
          .with("cluster", std::to_string(a[0] + 1))
          .with("ships", text::counted("warroom.count.ship", a[2]).with("resource", resource_of(a[1])))
          .with("lost", std::to_string(a[3]));
    case kEvRepair: {
      const char* k = a[2] == 3 ? "warroom.battle.repaired_free" : a[2] == 4 ? "warroom.battle.scrapped" : "warroom.battle.repaired";
      Message m = key(k).with("nation", nation_of(n, a[0])).with("unit", type_of(n, a[1]));
      if (a[2] < 3) m.with("resource", resource_of(a[2]));
      return m;
    }
    case kEvTransports: return key("warroom.battle.transports_sunk").with("side", text::alliance(a[0]));
    case kEvForceAdvantage: return key("warroom.battle.force_advantage").with("side", text::alliance(a[0])).with("unit", type_of(n, a[1]));
    case kEvStance:
      return key("warroom.battle.stance")
          .with("nation", nation_of(n, a[0]))
          .with("units", units_of(n, a[1], a[3]))
          .with("stance", stance_of(n, a[1], a[2]));
  }
  return Message::plain("");
}

Message prompt_message(const Battle& b, const BattleNames& n) {
  const Message who = nation_of(n, deciding_nation(b));
  const int die = current_die(b);
  const Message colour = die >= 0 ? colour_of(static_cast<int>(b.batch[die].face)) : Message::plain("?");
  switch (need(b)) {
    case Need::Stance: {
      const Group& g = b.groups[b.group_cursor];
      return key("warroom.battle.ask_stance")
          .with("nation", who)
          .with("owner", nation_of(n, g.nation))
          .with("unit", type_of(n, g.type))
          .with("stance", stance_of(n, g.type, g.cursor))
          .counted(g.left);
    }
    case Need::Die: return key("warroom.battle.ask_die");
    case Need::Hit: return key("warroom.battle.ask_hit").with("nation", who).with("colour", colour);
    case Need::Escort: return key("warroom.battle.ask_escort").with("nation", who).with("colour", colour);
    case Need::GarrisonType: return key("warroom.battle.ask_garrison").with("nation", who);
    case Need::BombingEffect: return key("warroom.battle.ask_bombing").with("nation", who).with("colour", colour);
    case Need::ConvoyCluster: return key("warroom.battle.ask_cluster").with("nation", who);
    case Need::ConvoyBlack: return key("warroom.battle.ask_black").with("nation", who);
    case Need::Repair: return key("warroom.battle.ask_repair").with("nation", who);
    case Need::Done: return key("warroom.battle.over");
  }
  return Message::plain("");
}

Message choice_message(const Battle& b, Choice c, const BattleNames& n) {
  const int enemy = other(b.rolling_side);
  switch (c.kind) {
    case ChoiceKind::Stance: return stance_choice_of(b, b.groups[c.a < kMaxGroups ? c.a : 0], c.b, n);
    case ChoiceKind::Hit: {  // "hit a fresh German Artillery in Barrage"
      if (c.a >= b.row_count[enemy]) return Message::plain(choice_text(b, c, n));
      const Row& r = b.rows[enemy][c.a];
      return key("warroom.choice.hit")
          .with("box", text::box(c.c))
          .with("nationality", nationality_of(n, c.b))
          .with("unit", type_of(n, r.type))
          .with("stance", stance_of(n, r.type, r.stance));
    }
    case ChoiceKind::Escort:
      if (c.a == byte_of(kNoNation)) return key("warroom.choice.no_escort");
      return key("warroom.choice.escort").with("nation", nation_of(n, c.a)).with("box", text::box(c.b));
    case ChoiceKind::Garrison:
      return key("warroom.choice.garrison")
          .with("nation", nation_of(n, c.b))
          .with("row", row_of(b, n, other(b.garrison_side), c.a))
          .with("box", text::box(c.c));
    case ChoiceKind::Bomb:
      if (c.a == 0) return key("warroom.choice.bomb_resource").with("resource", resource_of(c.b));
      if (c.a == 1) return key("warroom.choice.bomb_construction").with("unit", type_of(n, b.target.construction[c.b % 10].type));
      return key("warroom.choice.bomb_token");
    case ChoiceKind::Cluster: return key("warroom.choice.cluster").with("cluster", std::to_string(c.a + 1));
    case ChoiceKind::Black: return key("warroom.choice.black").with("resource", resource_of(c.a));
    case ChoiceKind::Repair: {
      const int side = c.a < kSides ? c.a : 0;
      const int row = c.b < kMaxRowsPerSide ? c.b : 0;
      Message m = key(c.c == 3 ? "warroom.choice.scrap" : "warroom.choice.repair")
                      .with("nation", nation_of(n, b.rows[side][row].damaged))
                      .with("row", row_of(b, n, side, row));
      if (c.c != 3) m.with("resource", resource_of(c.c));
      return m;
    }
  }
  return Message::plain(choice_text(b, c, n));
}

}  // namespace warroom
