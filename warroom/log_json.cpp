// The log as structure for the clients (the view's "log_events", one beside each worded line of
// "log"): each entry's rulebook heading, its event's name and its arguments by name, as data ids
// (nations "GER", regions "R12", unit kinds "inf", colours "blue"). The names below are the
// arguments listed beside the events in rules.h (Event) and battle.h (BattleEvent); a client reads
// these fields and never the English line.
#include <array>

#include "core/wire_schema.h"
#include "warroom/battle.h"
#include "warroom/game.h"
#include "warroom/rules.h"

namespace warroom {

namespace {

enum class Arg : std::uint8_t { kBlank, kNum, kRegion, kNation, kUnit, kRow, kColour, kSide, kResource, kBox, kStage, kCancel };
struct Field {
  const char* name = nullptr;
  Arg kind = Arg::kBlank;
};
struct Shape {
  const char* event;
  std::array<Field, 4> fields;  // the rules' events: args[1..3] (args[0] is the nation); the battle's: args[0..3]
};

using enum Arg;
// By rules.h's Event, in its order.
constexpr Shape kRuleEvents[] = {
    {"round_begins", {{{"round", kNum}}}},
    {"income", {{{"oil", kNum}, {"iron", kNum}, {"osr", kNum}}}},
    {"income_blocked", {}},
    {"order_drawn", {{{"place", kNum}}}},
    {"shifted", {{{"from", kNum}, {"units", kNum}, {"to", kNum}}}},
    {"reorganize_done", {}},
    {"sheet_done", {}},
    {"bid_revealed", {{{"bid", kNum}}}},
    {"tie_drawn", {{{"place", kNum}}}},
    {"slot_chosen", {{{"slot", kNum}}}},
    {"bid_paid", {{{"bid", kNum}}}},
    {"sheet_revealed", {{{"orders", kNum}}}},
    {"order_shown", {{{"box", kNum}, {"command", kNum}, {"to", kRegion}}}},
    {"order_cancelled", {{{"box", kNum}, {"command", kNum}, {"why", kCancel}}}},
    {"no_battles", {}},
    {"deploy_revealed", {{{"region", kRegion}, {"units", kNum}, {"held", kNum}}}},
    {"casualty_stress", {{{"points", kNum}, {"stress", kNum}}}},
    {"stress_cancelled", {{{"by_goods", kNum}, {"left", kNum}}}},
    {"zone_up", {{{"zone", kNum}, {"left", kNum}}}},
    {"relieved", {{{"medals", kNum}, {"goods", kNum}, {"zone", kNum}}}},
    {"blue_paid", {{{"resource", kResource}}}},
    {"deserted", {{{"command", kNum}, {"unit", kUnit}}}},
    {"traded", {{{"region", kRegion}, {"given", kResource}, {"gained", kResource}}}},
    {"purchases_revealed", {{{"units", kNum}, {"goods", kNum}, {"spent", kNum}}}},
    {"placed", {{{"region", kRegion}, {"unit", kUnit}, {"count", kNum}}}},
    {"collapsed", {}},
    {"victory", {{{"side", kSide}}}},
    {"both_lose", {}},
    {"stalemate", {}},
    {"stopped", {{{"round", kNum}}}},
    {"moved", {{{"command", kNum}, {"from", kRegion}, {"to", kRegion}}}},
    {"moved_short", {{{"command", kNum}, {"from", kRegion}, {"to", kRegion}}}},
    {"pinned", {{{"command", kNum}, {"region", kRegion}}}},
    {"left_behind", {{{"command", kNum}, {"unit", kUnit}, {"new", kNum}}}},
    {"rail_obstructed", {{{"command", kNum}, {"to", kRegion}, {"stop", kRegion}}}},
    {"neutral_invaded", {{{"region", kRegion}}}},
    {"launched", {{{"command", kNum}, {"region", kRegion}}}},
    {"landed", {{{"command", kNum}, {"from", kRegion}, {"to", kRegion}}}},
    {"perished", {{{"command", kNum}, {"region", kRegion}, {"units", kNum}}}},
    {"battle_begins", {{{"region", kRegion}}}},
    {"commander_is", {{{"side", kSide}, {"region", kRegion}}}},
    {"units_lost", {{{"unit", kUnit}, {"count", kNum}, {"where", kNum}}}},
    {"resources_lost", {{{"oil", kNum}, {"iron", kNum}, {"osr", kNum}}}},
    {"bomb_token", {{{"region", kRegion}, {"tokens", kNum}}}},
    {"captured", {{{"region", kRegion}, {"former", kNation}}}},
    {"restored", {{{"region", kRegion}, {"former", kNation}}}},
    {"territory_stress", {{{"region", kRegion}, {"stress", kNum}}}},
    {"medal_given", {{{"region", kRegion}}}},
    {"embattled", {{{"region", kRegion}}}},
    {"construction_seized", {{{"region", kRegion}, {"units", kNum}}}},
    {"invasion_stress", {{{"region", kRegion}}}},
    {"neutral_defence", {{{"region", kRegion}, {"units", kNum}}}},
    {"pact_broken", {{{"article", kNum}, {"stress", kNum}}}},
    {"pact_asked", {{{"ally", kNation}, {"command", kNum}, {"region", kRegion}}}},
    {"pact_refused", {{{"ally", kNation}, {"box", kNum}}}},
    {"pact_ended", {{{"region", kRegion}}}},
    {"pact_expelled", {{{"command", kNum}, {"region", kRegion}, {"units", kNum}}}},
    {"pact_battle", {{{"region", kRegion}, {"battle", kNum}}}},
    {"medal_denied", {{{"region", kRegion}, {"former", kNation}}}},
    {"units_captured", {{{"region", kRegion}, {"units", kNum}, {"former", kNation}}}},
    {"repairs_paid", {{{"oil", kNum}, {"iron", kNum}, {"osr", kNum}}}},
};
static_assert(std::size(kRuleEvents) == static_cast<std::size_t>(Event::RepairsPaid) + 1);

// By battle.h's BattleEvent, from kEvStage.
constexpr Shape kBattleEvents[] = {
    {"stage", {{{"stage", kStage}, {"allied_dice", kNum}, {"axis_dice", kNum}}}},
    {"batch", {{{"side", kSide}, {"nation", kNation}, {"dice", kNum}}}},
    {"die", {{{"side", kSide}, {"nation", kNation}, {"colour", kColour}}}},
    {"hit", {{{"side", kSide}, {"row", kRow}, {"nation", kNation}, {"box", kBox}}}},
    {"miss", {{{"colour", kColour}, {"nation", kNation}}}},
    {"escort", {{{"side", kSide}, {"nation", kNation}}}},
    {"dive", {{{"side", kSide}, {"nation", kNation}}}},
    {"garrison", {{{"nation", kNation}, {"unit", kUnit}}}},
    {"bomb", {{{"what", kNum}, {"target", kNum}}}},
    {"convoy", {{{"cluster", kNum}, {"resource", kResource}, {"ships", kNum}, {"lost", kNum}}}},
    {"repair", {{{"nation", kNation}, {"unit", kUnit}, {"paid", kNum}}}},
    {"transports_sunk", {{{"side", kSide}}}},
    {"force_advantage", {{{"side", kSide}, {"unit", kUnit}}}},
    {"stance", {{{"nation", kNation}, {"unit", kUnit}, {"stance", kNum}, {"units", kNum}}}},
};
static_assert(std::size(kBattleEvents) == kEvStance - kEvStage + 1);

constexpr std::array<const char*, 2> kSideIds{"allied", "axis"};
constexpr std::array<const char*, 2> kStageIds{"air", "surface"};
constexpr std::array<const char*, 4> kBoxIds{"fresh", "light", "damaged", "eliminated"};

// The schema of an argument of kind `k` (the named kinds: log_schema's $defs).
nlohmann::json arg_schema(Arg k) {
  using namespace core::wire;
  switch (k) {
    case kRegion: return ref("Region");
    case kNation: return ref("Nation");
    case kUnit: return ref("Unit");
    case kRow: return ref("Row");
    case kColour: return ref("Colour");
    case kSide: return ref("Side");
    case kResource: return ref("Resource");
    case kBox: return ref("Box");
    case kStage: return ref("Stage");
    case kCancel: return ref("CancelReason");
    case kNum:
    case kBlank: break;
  }
  return integer();
}

core::wire::Shape shape_of(const Shape& s, bool rule_event) {
  core::wire::Shape out{s.event, {}};
  if (rule_event) out.fields.push_back({"nation", core::wire::or_null(core::wire::ref("Nation"))});
  for (const Field& f : s.fields)
    if (f.name) out.fields.push_back({f.name, arg_schema(f.kind)});
  return out;
}

template <std::size_t N>
std::vector<std::string> words(const std::array<const char*, N>& ids) {
  return {ids.begin(), ids.end()};
}
template <class E, int N, class Id>
std::vector<std::string> ids_of(Id id) {
  std::vector<std::string> out;
  for (int i = 0; i < N; ++i) out.emplace_back(id(static_cast<E>(i)));
  return out;
}

// The cancel reasons' ids, None left out (a cancelled order always has a reason).
std::vector<std::string> cancel_reasons() {
  std::vector<std::string> out;
  for (int r = 1; r < kCancelReasons; ++r) out.emplace_back(cancel_reason_id(static_cast<CancelReason>(r)));
  return out;
}

}  // namespace

nlohmann::json log_schema() {
  using namespace core::wire;
  using core::wire::text;  // not the namespace warroom::text (i18n_text.h), when a unity file holds both
  Document d{.name = "WarRoomLogEvent",
             .description =
                 "One War Room log entry as structure (log_events): its rulebook heading, its event and its arguments by "
                 "name (warroom/log_json.cpp: kRuleEvents, whose entries name their nation, and kBattleEvents).",
             .tag = "event",
             .suffix = "Event",
             .common = {{"rule", text()}}};
  for (const Shape& s : kRuleEvents) d.shapes.push_back(shape_of(s, true));
  for (const Shape& s : kBattleEvents) d.shapes.push_back(shape_of(s, false));
  d.kinds = {{"Nation", id_kind("Nation", "A nation (data/warroom nations)", ids_of<Nation, kNations>(nation_id))},
             {"Region", id_kind("Region", "A region or sea area of the map (data/warroom regions)")},
             {"Unit", id_kind("Unit", "A unit type (data/warroom units)")},
             {"Stance", id_kind("Stance", "One of a unit type's battle stances (data/warroom units)")},
             {"Colour", id_kind("Colour", "A battle die's colour", ids_of<Colour, kColours>(colour_id))},
             {"Resource", id_kind("Resource", "A resource", ids_of<Resource, kResources>(resource_id))},
             {"Side", id_kind("Side", "An alliance in a battle", words(kSideIds))},
             {"Stage", id_kind("Stage", "A battle's stage", words(kStageIds))},
             {"Box", id_kind("Box", "A unit's damage box", words(kBoxIds))},
             {"CancelReason", id_kind("CancelReason", "Why an order was cancelled (Phase 3)", cancel_reasons())},
             {"Row",
              {{"title", "Row"},
               {"description", "A row of a battle board: its unit type and stance"},
               {"type", "object"},
               {"properties", {{"unit", ref("Unit")}, {"stance", ref("Stance")}}},
               {"required", {"unit", "stance"}},
               {"additionalProperties", false}}}};
  return schema(d);
}

nlohmann::json Game::log_json(const core::LogEntry& e) const {
  const bool battle = e.event >= kEvStage;
  const std::size_t index = battle ? e.event - kEvStage : e.event;
  const auto& table = battle ? std::span<const Shape>(kBattleEvents) : std::span<const Shape>(kRuleEvents);
  if (index >= table.size()) return {{"rule", e.rule}, {"event", nullptr}};
  const Shape& shape = table[index];
  nlohmann::json out = {{"rule", e.rule}, {"event", shape.event}};
  if (!battle)
    out["nation"] = e.args[0] >= 0 && e.args[0] < kNations ? nlohmann::json(nation_name(nation_at(e.args[0]))) : nlohmann::json(nullptr);
  for (std::size_t k = 0; k < shape.fields.size(); ++k) {
    const Field& f = shape.fields[k];
    if (!f.name) break;
    const int v = e.args[battle ? k : k + 1];
    nlohmann::json& to = out[f.name];
    switch (f.kind) {
      case Arg::kRegion:
        to = v >= 0 && static_cast<std::size_t>(v) < data_->regions.size() ? nlohmann::json(region_name(static_cast<RegionId>(v)))
                                                                           : nlohmann::json(nullptr);
        break;
      case Arg::kNation: to = v >= 0 && v < kNations ? nlohmann::json(nation_name(nation_at(v))) : nlohmann::json(nullptr); break;
      case Arg::kUnit:
        to = v >= 0 && static_cast<std::size_t>(v) < battle_type_.size() ? nlohmann::json(battle_type_[static_cast<std::size_t>(v)])
                                                                         : nlohmann::json(nullptr);
        break;
      case Arg::kRow: {
        const auto type = static_cast<std::size_t>(v >> 8), stance = static_cast<std::size_t>(v & 0xFF);
        const bool known = type < battle_stance_.size() && stance < battle_stance_[type].size();
        to = known ? nlohmann::json{{"unit", battle_type_[type]}, {"stance", battle_stance_[type][stance]}} : nlohmann::json(nullptr);
        break;
      }
      case Arg::kColour:
        to = v >= 0 && v < kColours ? nlohmann::json(colour_name(static_cast<warroom::Colour>(v))) : nlohmann::json(nullptr);
        break;
      case Arg::kSide: to = kSideIds[v == 0 ? 0 : 1]; break;
      case Arg::kResource:
        to = v >= 0 && v < kResources ? nlohmann::json(resource_name(static_cast<warroom::Resource>(v))) : nlohmann::json(v);
        break;
      case Arg::kBox: to = v >= 0 && v < 4 ? nlohmann::json(kBoxIds[static_cast<std::size_t>(v)]) : nlohmann::json(nullptr); break;
      case Arg::kStage: to = kStageIds[v == 0 ? 0 : 1]; break;
      case Arg::kCancel:
        to = v > 0 && v < kCancelReasons ? nlohmann::json(cancel_reason_id(static_cast<CancelReason>(v))) : nlohmann::json(nullptr);
        break;
      case Arg::kNum:
      case Arg::kBlank: to = v; break;
    }
  }
  return out;
}

}  // namespace warroom
