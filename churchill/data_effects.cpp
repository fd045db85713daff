// Reading the card-effect vocabulary of docs/data.md ("Card effects", "Conference-card effects").
#include <array>
#include <utility>

#include "churchill/data_reader.h"

namespace churchill::detail {
namespace {

template <class E, std::size_t N>
E pick(const Node& n, const char* key, const std::array<std::pair<const char*, E>, N>& names) {
  const std::string s = n.str(key);
  for (const auto& [name, value] : names)
    if (s == name) return value;
  std::string allowed;
  for (const auto& [name, _] : names) allowed += (allowed.empty() ? "" : ", ") + std::string(name);
  n.fail(key, fmt::format("unknown value \"{}\" (one of: {})", s, allowed));
}

constexpr std::array<std::pair<const char*, EffectType>, 17> kTypes = {{
    {"modifier", EffectType::Modifier},
    {"gain_networks", EffectType::GainNetworks},
    {"gain_alignment", EffectType::GainAlignment},
    {"place_naval", EffectType::PlaceNaval},
    {"place_offensive", EffectType::PlaceOffensive},
    {"health_roll", EffectType::HealthRoll},
    {"purge_roll", EffectType::PurgeRoll},
    {"paranoia", EffectType::Paranoia},
    {"less_than_full_value", EffectType::LessThanFullValue},
    {"undebatable", EffectType::Undebatable},
    {"mandate_production", EffectType::MandateProduction},
    {"production", EffectType::Production},
    {"place_issue", EffectType::PlaceIssue},
    {"leader_restriction", EffectType::LeaderRestriction},
    {"axis_reserve", EffectType::AxisReserve},
    {"polmil", EffectType::PolMil},
    {"convoy", EffectType::Convoy},
}};

constexpr std::array<std::pair<const char*, IssueKind>, kIssueKinds> kKinds = {{
    {"pol-mil", IssueKind::PolMil},
    {"production", IssueKind::Production},
    {"directed-offensive", IssueKind::DirectedOffensive},
    {"theater-leadership", IssueKind::TheaterLeadership},
    {"a-bomb-research", IssueKind::ABombResearch},
    {"global-issue", IssueKind::GlobalIssue},
    {"second-front", IssueKind::SecondFront},
    {"ussr-declares-war", IssueKind::UssrDeclaresWar},
    {"strategic-materials", IssueKind::StrategicMaterials},
}};

bool card_type(EffectType t) { return t <= EffectType::Undebatable; }
bool shared_type(EffectType t) {
  return t == EffectType::GainNetworks || t == EffectType::GainAlignment || t == EffectType::PlaceNaval || t == EffectType::PlaceOffensive;
}

PowerSet power_bits(const Node& n, const char* key) {
  PowerSet bits;
  for (const std::string& name : n.string_or_strings(key)) {
    auto p = power_from_name(name);
    if (!p) n.fail(key, fmt::format("unknown power \"{}\" (UK, US or USSR)", name));
    bits |= power_bit(*p);
  }
  return bits;
}

Condition read_condition(const Node& n, const Registry& ids) {
  n.allow({"use", "issue_kind", "issue", "issue_on_track", "leader_active", "leader_inactive"});
  Condition c;
  if (n.has("use"))
    c.use = pick(
        n, "use",
        std::array<std::pair<const char*, Condition::Use>, 2>{{{"advance", Condition::Use::Advance}, {"debate", Condition::Use::Debate}}});
  if (n.has("issue_kind"))
    for (const std::string& k : n.string_or_strings("issue_kind")) {
      bool found = false;
      for (const auto& [name, kind] : kKinds)
        if (k == name) c.issue_kinds.set(kind), found = true;
      if (!found) n.fail("issue_kind", fmt::format("unknown issue kind \"{}\"", k));
    }
  if (n.has("issue"))
    for (const std::string& id : n.string_or_strings("issue")) c.issues.set(ids.issues.resolve(n, "issue", id));
  if (n.has("issue_on_track")) c.on_track = power_bits(n, "issue_on_track");
  if (n.has("leader_active")) c.leader_active = ids.leaders.resolve(n, "leader_active", n.str("leader_active"));
  if (n.has("leader_inactive")) c.leader_inactive = ids.leaders.resolve(n, "leader_inactive", n.str("leader_inactive"));
  return c;
}

std::int8_t count(const Node& n, const char* key, int lo, int hi) { return static_cast<std::int8_t>(n.integer(key, lo, hi)); }

// Card effects: value modifiers and side effects of Staff and Leader cards.
void read_card_effect(const Node& n, Effect& e, const Registry& ids) {
  switch (e.type) {
    case EffectType::Modifier:
      n.allow({"type", "amount", "if"});
      e.amount = count(n, "amount", -6, 6);
      if (e.amount == 0) n.fail("amount", "a modifier of 0 does nothing");
      break;
    case EffectType::GainNetworks:
    case EffectType::GainAlignment:
      n.allow({"type", "count", "if"});
      e.amount = count(n, "count", 1, 6);
      break;
    case EffectType::PlaceNaval:
      n.allow({"type", "count", "theater", "if"});
      e.amount = count(n, "count", 1, 5);
      e.theater = ids.theaters.resolve(n, "theater", n.str("theater"));
      break;
    case EffectType::PlaceOffensive:
      n.allow({"type", "count", "front", "if"});
      e.amount = count(n, "count", 1, 6);
      e.front = n.str("front") == "any" ? kAnyFront : ids.fronts.resolve(n, "front", n.str("front"));
      break;
    case EffectType::HealthRoll:
      n.allow({"type", "dice", "fail", "result", "replaced_by", "if"});
      e.dice = parse_dice(n, "dice");
      e.range = parse_range(n, "fail", e.dice.count, e.dice.count * e.dice.sides);
      e.health = pick(n, "result",
                      std::array<std::pair<const char*, HealthResult>, 3>{
                          {{"removed", HealthResult::Removed}, {"dies", HealthResult::Dies}, {"heart-attack", HealthResult::HeartAttack}}});
      if (e.health == HealthResult::Dies)
        e.replaced_by = ids.leaders.resolve(n, "replaced_by", n.str("replaced_by"));
      else if (n.has("replaced_by"))
        n.fail("replaced_by", "only a Leader who dies is replaced");
      break;
    case EffectType::PurgeRoll:
      n.allow({"type", "dice", "fail", "if"});
      e.dice = parse_dice(n, "dice");
      e.range = parse_range(n, "fail", e.dice.count, e.dice.count * e.dice.sides);
      break;
    case EffectType::Paranoia:
      n.allow({"type", "dice", "fail", "amount", "min_value", "if"});
      e.dice = parse_dice(n, "dice");
      e.range = parse_range(n, "fail", e.dice.count, e.dice.count * e.dice.sides);
      e.amount = count(n, "amount", -5, -1);
      e.min_value = count(n, "min_value", 0, 5);
      break;
    case EffectType::LessThanFullValue:
    case EffectType::Undebatable: n.allow({"type", "if"}); break;
    default: break;
  }
}

// Conference-card effects (5.1): what a band does when the card is revealed.
void read_conference_effect(const Node& n, Effect& e, const Registry& ids) {
  switch (e.type) {
    case EffectType::MandateProduction: {
      n.allow({"type", "power", "count", "use", "theater"});
      e.power = n.power("power");
      e.amount = count(n, "count", 1, 6);
      e.use = pick(n, "use",
                   std::array<std::pair<const char*, ProductionUse>, 5>{{{"offensive", ProductionUse::Offensive},
                                                                         {"naval", ProductionUse::Naval},
                                                                         {"support", ProductionUse::Support},
                                                                         {"pol-mil", ProductionUse::PolMil},
                                                                         {"a-bomb", ProductionUse::ABomb}}});
      const bool military = e.use == ProductionUse::Offensive || e.use == ProductionUse::Naval || e.use == ProductionUse::Support;
      if (military)
        e.theater = ids.theaters.resolve(n, "theater", n.str("theater"));
      else if (n.has("theater"))
        n.fail("theater", "only offensive or naval support goes to a theater");
      if (e.use == ProductionUse::Offensive && e.theater == TheaterId{ids.theaters.find("arctic")})
        n.fail("theater", "the Arctic takes naval support only (7.4)");
      break;
    }
    case EffectType::Production:
      n.allow({"type", "power", "count"});
      e.power = n.power("power");
      e.amount = count(n, "count", -6, 6);
      if (e.amount == 0) n.fail("count", "a production change of 0 does nothing");
      break;
    case EffectType::PlaceIssue:
      n.allow({"type", "issue"});
      e.issue = ids.issues.resolve(n, "issue", n.str("issue"));
      break;
    case EffectType::LeaderRestriction:
      n.allow({"type", "leader", "restriction"});
      e.leader = ids.leaders.resolve(n, "leader", n.str("leader"));
      e.restriction = pick(n, "restriction",
                           std::array<std::pair<const char*, Restriction>, 2>{
                               {{"stays-home", Restriction::StaysHome}, {"inactive", Restriction::Inactive}}});
      break;
    case EffectType::AxisReserve: {
      n.allow({"type", "reserve", "count", "theater", "front"});
      e.reserve = pick(n, "reserve",
                       std::array<std::pair<const char*, ReserveKind>, kReserveKinds>{{{"german-army", ReserveKind::GermanArmy},
                                                                                       {"italian-army", ReserveKind::ItalianArmy},
                                                                                       {"german-navy", ReserveKind::GermanNavy},
                                                                                       {"japanese-army", ReserveKind::JapaneseArmy},
                                                                                       {"ijn", ReserveKind::Ijn}}});
      e.amount = count(n, "count", 1, 6);
      const bool navy = e.reserve == ReserveKind::GermanNavy || e.reserve == ReserveKind::Ijn;
      if (navy) {
        if (n.has("front")) n.fail("front", "an Axis navy goes to a theater box (7.6)");
        e.theater = ids.theaters.resolve(n, "theater", n.str("theater"));
      } else {
        if (n.has("theater")) n.fail("theater", "an Axis army goes to a Front's entry space (7.6)");
        e.front = ids.fronts.resolve(n, "front", n.str("front"));
      }
      break;
    }
    case EffectType::PolMil: {
      n.allow({"type", "powers", "rolls", "action"});
      e.polmil = pick(n, "action",
                      std::array<std::pair<const char*, PolMilAction>, 6>{{{"place-networks", PolMilAction::PlaceNetworks},
                                                                           {"place-alignment", PolMilAction::PlaceAlignment},
                                                                           {"remove-network", PolMilAction::RemoveNetwork},
                                                                           {"remove-alignment", PolMilAction::RemoveAlignment},
                                                                           {"remove-all-networks", PolMilAction::RemoveAllNetworks},
                                                                           {"remove-all-alignment", PolMilAction::RemoveAllAlignment}}});
      const bool placing = e.polmil == PolMilAction::PlaceNetworks || e.polmil == PolMilAction::PlaceAlignment;
      if (placing || n.has("powers")) e.powers = power_bits(n, "powers");
      if (n.at("rolls").is_object()) {
        const Node r = n.child("rolls");
        r.allow({"die", "max"});
        e.dice = parse_dice(r, "die");
        e.rolls_max = static_cast<std::int8_t>(r.integer("max", 1, e.dice.sides));
      } else {
        e.rolls = count(n, "rolls", 1, 6);
      }
      break;
    }
    case EffectType::Convoy:
      n.allow({"type", "power", "theater", "naval_threshold", "die", "success", "production"});
      e.power = n.power("power");
      e.theater = ids.theaters.resolve(n, "theater", n.str("theater"));
      e.naval_threshold = count(n, "naval_threshold", 1, 5);
      e.dice = parse_dice(n, "die");
      e.range = parse_range(n, "success", 1, e.dice.count * e.dice.sides);
      e.amount = count(n, "production", 1, 3);
      break;
    case EffectType::GainNetworks:
    case EffectType::GainAlignment:
      n.allow({"type", "power", "count"});
      e.power = n.power("power");
      e.amount = count(n, "count", 1, 6);
      break;
    case EffectType::PlaceNaval:
      n.allow({"type", "theater", "count"});
      e.theater = ids.theaters.resolve(n, "theater", n.str("theater"));
      e.amount = count(n, "count", 1, 5);
      break;
    case EffectType::PlaceOffensive:
      n.allow({"type", "front", "count"});
      e.front = ids.fronts.resolve(n, "front", n.str("front"));
      e.amount = count(n, "count", 1, 6);
      break;
    default: break;
  }
}

}  // namespace

std::vector<Effect> read_effects(const Node& entry, EffectSource source, const Registry& ids) {
  std::vector<Effect> out;
  for (const Node& n : entry.array("effects")) {
    Effect e;
    e.type = pick(n, "type", kTypes);
    const bool allowed = source == EffectSource::Card ? card_type(e.type) : !card_type(e.type) || shared_type(e.type);
    if (!allowed)
      n.fail("type", fmt::format("\"{}\" is not an effect of {}", effect_type_name(e.type),
                                 source == EffectSource::Card ? "a Staff or Leader card" : "a Conference card"));
    if (source == EffectSource::Card) {
      read_card_effect(n, e, ids);
      if (n.has("if")) e.when = read_condition(n.child("if"), ids);
    } else {
      read_conference_effect(n, e, ids);
    }
    out.push_back(e);
  }
  return out;
}

}  // namespace churchill::detail
