// Actions as structure for the clients (the view's "action_fields", beside each command of
// "legal_actions"): the command's kind and its arguments by name, as data ids (nations "GER",
// regions "G5", unit kinds "inf", resources "oil"), by the layout actions.h documents. A client finds
// the board's elements an action names, and the action to send, from these fields, never by
// splitting the command.
#include <fmt/format.h>

#include "core/wire_schema.h"
#include "warroom/rules.h"

namespace warroom {

namespace {

nlohmann::json unit_json(int t) {
  return t >= 0 && t < kUnitTypes ? nlohmann::json(unit_id(static_cast<UnitKind>(t))) : nlohmann::json(nullptr);
}
nlohmann::json resource_json(int r) {
  return r >= 0 && r < kResources ? nlohmann::json(resource_id(static_cast<Resource>(r))) : nlohmann::json(nullptr);
}

// A battle's decision (battle_text.cpp choice_json) as a union told apart by "choice": each choice
// with what it names. A bomb names a resource, a unit under construction or the token; an escort no
// nation when none is escorted.
nlohmann::json battle_choice_kinds() {
  using namespace core::wire;
  using core::wire::Field;  // not log_json.cpp's, when a unity file holds both
  const Field nation{"nation", ref("Nation")}, unit{"unit", ref("Unit")}, stance{"stance", ref("Stance")}, box{"box", ref("Box")},
      resource{"resource", ref("Resource")};
  const nlohmann::json choices = schema(
      Document{.name = "BattleChoice",
               .tag = "choice",
               .suffix = "Choice",
               .shapes = {
                   {"stance", {nation, unit, stance, {"count", integer()}, {"rest", integer()}, {"rest_stance", or_null(ref("Stance"))}}},
                   {"hit", {nation, box, unit, stance}},
                   {"escort", {{"nation", or_null(ref("Nation"))}, {"box", ref("Box"), false}}},
                   {"garrison", {nation, box, unit, stance}},
                   {"bomb", {{"resource", ref("Resource"), false}, {"unit", ref("Unit"), false}, {"token", flag(), false}}},
                   {"cluster", {{"cluster", integer()}}},
                   {"black", {resource}},
                   {"repair", {nation, unit, stance, resource}},
                   {"scrap", {nation, unit, stance}},
               }});
  nlohmann::json kinds = choices["$defs"];
  kinds["BattleChoice"] = {{"title", "BattleChoice"},
                           {"description", "A battle's decision (warroom/battle_text.cpp choice_json): its choice and what it names"},
                           {"anyOf", choices["anyOf"]}};
  return kinds;
}

}  // namespace

// Each kind action_json writes (the command's first word) and its arguments: the table of
// schema/warroom-actions.schema.json (tests/core/wire_schema_test.cpp checks the games' actions
// against it). Every kind but a die names its nation.
nlohmann::json action_schema() {
  using namespace core::wire;
  using core::wire::Field;  // not log_json.cpp's Field and Shape, when a unity file holds both
  using core::wire::Shape;
  const Field nation{"nation", ref("Nation")}, command{"command", integer()}, region{"region", or_null(ref("Region"))},
      unit{"unit", ref("Unit")}, box{"box", integer()}, resource{"resource", ref("Resource")};
  const auto with_nation = [&](std::string kind, std::vector<Field> fields) {
    fields.insert(fields.begin(), nation);
    return Shape{std::move(kind), std::move(fields)};
  };
  const nlohmann::json mix = {{"type", "object"},
                              {"properties", {{"oil", integer()}, {"iron", integer()}, {"osr", integer()}}},
                              {"required", {"oil", "iron", "osr"}},
                              {"additionalProperties", false}};
  Document d{.name = "WarRoomActionFields",
             .description =
                 "One War Room legal action as structure (action_fields): its kind, the command's first word, and its "
                 "arguments by name (warroom/action_json.cpp).",
             .tag = "kind",
             .suffix = "Action",
             .shapes = {
                 with_nation("done", {}),
                 with_nation("select", {command}),
                 with_nation("deselect", {}),
                 with_nation("to", {region}),
                 with_nation("erase", {box}),
                 with_nation("cancel", {box}),
                 with_nation("bid", {{"bid", integer()}, {"thousands", flag()}}),
                 with_nation("slot", {{"slot", integer()}}),
                 with_nation("shift", {command,
                                       {"unit", {{"anyOf", {ref("Unit"), {{"const", "all"}}}}}},
                                       {"count", integer()},
                                       {"to", {{"anyOf", {integer(), {{"const", "new"}}}}}}}),
                 with_nation("cancel-stress", {{"by", one_of({"goods", "medal"})}}),
                 with_nation("relieve", {{"medals", integer()}, {"goods", integer()}}),
                 with_nation("pay", {resource}),
                 with_nation("desert", {command, unit}),
                 with_nation("buy", {{"unit", {{"anyOf", {ref("Unit"), {{"const", "goods"}}}}}}, {"mix", mix, false}}),
                 with_nation("unbuy", {{"unit", {{"anyOf", {ref("Unit"), {{"const", "goods"}}}}}}, {"mix", mix, false}}),
                 with_nation("place", {region, unit, {"count", integer()}}),
                 with_nation("deploy", {region, unit, {"sea", or_null(ref("Region"))}}),
                 with_nation("undeploy", {region, unit, {"sea", or_null(ref("Region"))}}),
                 with_nation("hold", {region, unit}),
                 with_nation("release", {region, unit}),
                 with_nation("draw", {}),
                 with_nation("trade", {region, resource}),
                 with_nation("move", {box, region}),
                 with_nation("leave", {unit}),
                 with_nation("launch", {command, region}),
                 with_nation("land", {command, region}),
                 with_nation("fight", {region}),
                 with_nation("command", {{"to", ref("Nation")}}),
                 with_nation("claim", {{"to", ref("Nation")}}),
                 with_nation("medal", {{"to", ref("Nation")}}),
                 with_nation("defend", {{"to", ref("Nation")}}),
                 with_nation("battle", {{"choice", ref("BattleChoice")}}),
                 with_nation("permit", {}),
                 with_nation("refuse", {}),
                 {"die", {{"colour", ref("Colour")}}},
             }};
  const nlohmann::json log = log_schema()["$defs"];  // the named kinds the log's events use too
  for (const char* kind : {"Nation", "Region", "Unit", "Stance", "Colour", "Resource", "Box"}) d.kinds[kind] = log[kind];
  d.kinds.update(battle_choice_kinds());
  return schema(d);
}

nlohmann::json Game::action_json(const State& s, core::Seat seat, core::Action action) const {
  const Act x = decode_action(action);
  const std::string text = action_to_string(s, seat, action);
  nlohmann::json j = {{"kind", text.substr(0, text.find(' '))}};
  if (x.kind == ActionKind::Die)
    return j["colour"] = x.nation < kColours ? nlohmann::json(colour_name(static_cast<Colour>(x.nation))) : nlohmann::json(nullptr), j;
  j["nation"] = nation_name(nation_at(x.nation));
  const auto region = [&](RegionId r) { return data_->is_region(r) ? nlohmann::json(region_name(r)) : nlohmann::json(nullptr); };
  switch (x.kind) {
    case ActionKind::Select:
      if (x.a) j["command"] = x.a;
      break;
    case ActionKind::To: j["region"] = region(region_byte(x.a)); break;
    case ActionKind::Erase:
    case ActionKind::Cancel: j["box"] = x.a; break;
    case ActionKind::Bid: j["bid"] = bid_value(x), j["thousands"] = x.c != 0; break;
    case ActionKind::Slot: j["slot"] = x.a; break;
    case ActionKind::Shift:
      j["command"] = x.a, j["unit"] = shift_type(x) == kWholeStack ? nlohmann::json("all") : unit_json(shift_type(x));
      j["count"] = shift_type(x) == kWholeStack ? 0 : shift_count(x), j["to"] = x.c ? nlohmann::json(x.c) : nlohmann::json("new");
      break;
    case ActionKind::CancelStress: j["by"] = x.a ? "goods" : "medal"; break;
    case ActionKind::Relieve: j["medals"] = x.a, j["goods"] = static_cast<int>(data_->morale.relieve_cost) - x.a; break;
    case ActionKind::Pay: j["resource"] = resource_json(x.a); break;
    case ActionKind::Desert: j["command"] = x.a, j["unit"] = unit_json(x.b); break;
    case ActionKind::Buy:
    case ActionKind::Unbuy: j["unit"] = unit_json(x.a); break;
    case ActionKind::BuyGoods:
    case ActionKind::UnbuyGoods: j["unit"] = "goods", j["mix"] = {{"oil", x.a}, {"iron", x.b}, {"osr", x.c}}; break;
    case ActionKind::Place: j["region"] = region(region_byte(x.a)), j["unit"] = unit_json(x.b), j["count"] = place_count(x); break;
    case ActionKind::Hold:
    case ActionKind::Release: j["region"] = region(region_byte(x.a)), j["unit"] = unit_json(x.b); break;
    case ActionKind::Deploy:
    case ActionKind::Undeploy: {
      const RegionId r = region_byte(x.a);
      const bool port = data_->is_region(r) && x.c < data_->region(r).port_count;
      j["region"] = region(r), j["unit"] = unit_json(x.b), j["sea"] = port ? region(data_->region(r).port_seas[at(x.c)]) : nullptr;
      break;
    }
    case ActionKind::Trade: j["region"] = region(region_byte(x.a)), j["resource"] = resource_json(x.b); break;
    case ActionKind::Move: j["box"] = x.a, j["region"] = region(region_byte(x.b)); break;
    case ActionKind::Leave: j["unit"] = unit_json(x.a); break;
    case ActionKind::Launch:
    case ActionKind::Land: j["command"] = x.a, j["region"] = region(region_byte(x.b)); break;
    case ActionKind::Fight: j["region"] = region(region_byte(x.a)); break;
    case ActionKind::Assign: j["to"] = nation_name(nation_at(x.a)); break;
    case ActionKind::Battle: j["choice"] = choice_json(s.battle, battle_choice(x), battle_names()); break;
    default: break;
  }
  return j;
}

}  // namespace warroom
