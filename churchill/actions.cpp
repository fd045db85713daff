// The string forms of actions: what save files, the command line and the web client use. Parsing
// matches the text against the forms of the actions legal now, so the two never disagree.
#include <fmt/format.h>

#include "churchill/game.h"
#include "churchill/rules.h"
#include "core/wire_schema.h"

namespace churchill {

namespace {

// Where a support marker comes from (6.4, 6.9): an offensive's or naval's "source".
constexpr const char* kSources[] = {"production", "bonus-europe", "bonus-pacific", "bonus-either", "bonus-any"};

const char* const kBonusNames[] = {"", " bonus-europe", " bonus-pacific", " bonus-either", " bonus-any"};

std::string flags_text(std::uint8_t flags) {
  std::string out;
  if (const int v = reduced_value(flags)) out += fmt::format(" value {}", v);
  if (flags & kStopAtCenter) out += " stop";
  return out;
}

}  // namespace

std::string Game::action_to_string(const State& s, core::Seat seat, core::Action a) const {
  const Data& d = *data_;
  auto card = [&](int i) -> const std::string& { return d.staff[power_at(seat)][staff_at(i)].id; };
  auto issue = [&](int i) -> const std::string& { return d.issues[issue_at(i)].id; };
  if (seat == core::kChance) return s.steps.empty() ? "?" : rules::outcome_text(*this, s, a);
  switch (kind_of(a)) {
    case Act::AgendaCard: return "agenda " + card(arg_a(a));
    case Act::TieBreak: return "tie-break";
    case Act::NoTieBreak: return "no-tie-break";
    case Act::Winner: return fmt::format("winner {}", power_name(power_at(arg_a(a))));
    case Act::Select: return "select " + issue(arg_a(a));
    case Act::Advance: return fmt::format("advance {} {}{}", card(arg_a(a)), issue(arg_b(a)), flags_text(arg_c(a)));
    case Act::AdvanceLeader: return fmt::format("leader {} discard {}{}", issue(arg_b(a)), card(arg_a(a)), flags_text(arg_c(a)));
    case Act::AdvanceChief: return "chief " + card(arg_a(a));
    case Act::ChiefIssue: return fmt::format("chief-advance {}{}", issue(arg_b(a)), flags_text(arg_c(a)));
    case Act::ChiefDebate: return "chief-debate" + flags_text(arg_c(a));
    case Act::Decline: return "decline";
    case Act::Debate: return fmt::format("debate {}{}", card(arg_a(a)), flags_text(arg_c(a)));
    case Act::DebateLeader: return fmt::format("debate-leader discard {}{}", card(arg_a(a)), flags_text(arg_c(a)));
    case Act::DebateChief: return "debate-chief " + card(arg_a(a));
    case Act::NoDebate: return "no-debate";
    case Act::Pass: return "pass";
    case Act::Discard: return "discard " + card(arg_a(a));
    case Act::PlaceDirected: return fmt::format("directed {} {}", issue(arg_a(a)), d.fronts[front_at(arg_b(a))].id);
    case Act::Offensive: return fmt::format("offensive {}{}", d.fronts[front_at(arg_a(a))].id, kBonusNames[arg_b(a) % 5]);
    case Act::Naval: return fmt::format("naval {}{}", d.theaters[theater_at(arg_a(a))].id, kBonusNames[arg_b(a) % 5]);
    case Act::Activate: return "activate " + issue(arg_a(a));
    case Act::ABombModifier: return "a-bomb";
    case Act::Leadership: return fmt::format("leadership {} {}", arg_a(a) == 0 ? "europe" : "pacific", power_name(power_at(arg_b(a))));
    case Act::MoveGlobal: return "global " + d.global_issues[global_issue_at(arg_a(a))].id;
    case Act::PlaceFirst: return fmt::format("first {}", power_name(power_at(arg_a(a))));
    case Act::PlaceNetwork: return "network " + d.locations[location_at(arg_a(a))].id;
    case Act::RemoveNetwork: return "remove-network " + d.locations[location_at(arg_a(a))].id;
    case Act::PlaceAlignment: return "align " + d.locations[location_at(arg_a(a))].id;
    case Act::RemoveAlignment: return "remove-alignment " + d.locations[location_at(arg_a(a))].id;
    default: return fmt::format("action-{:08x}", a);
  }
}

// The same action as structure (the view's "action_fields"): its kind (the command's first word)
// and its arguments as data ids. A debate names the issue of the advance it debates (5.24).
nlohmann::json Game::action_json(const State& s, core::Seat seat, core::Action a) const {
  const Data& d = *data_;
  const std::string text = action_to_string(s, seat, a);
  nlohmann::json j = {{"kind", text.substr(0, text.find(' '))}};
  if (seat == core::kChance) return j;
  auto card = [&](int i) { return d.staff[power_at(seat)][staff_at(i)].id; };
  auto flags = [&](std::uint8_t f) {
    if (const int v = reduced_value(f)) j["value"] = v;
    if (f & kStopAtCenter) j["stop"] = true;
  };
  const auto debated = [&] {
    if (s.advance.made() && s.advance.issue != kNoIssue) j["issue"] = d.issues[s.advance.issue].id;
  };
  switch (kind_of(a)) {
    case Act::AgendaCard:
    case Act::AdvanceChief:
    case Act::Discard: j["card"] = card(arg_a(a)); break;
    case Act::DebateChief: j["card"] = card(arg_a(a)), debated(); break;
    case Act::Winner:
    case Act::PlaceFirst: j["power"] = power_name(power_at(arg_a(a))); break;
    case Act::Select:
    case Act::Activate: j["issue"] = d.issues[issue_at(arg_a(a))].id; break;
    case Act::Advance: j["card"] = card(arg_a(a)), j["issue"] = d.issues[issue_at(arg_b(a))].id, flags(arg_c(a)); break;
    case Act::AdvanceLeader: j["issue"] = d.issues[issue_at(arg_b(a))].id, j["discard"] = card(arg_a(a)), flags(arg_c(a)); break;
    case Act::ChiefIssue: j["issue"] = d.issues[issue_at(arg_b(a))].id, flags(arg_c(a)); break;
    case Act::ChiefDebate: flags(arg_c(a)), debated(); break;
    case Act::Debate: j["card"] = card(arg_a(a)), flags(arg_c(a)), debated(); break;
    case Act::DebateLeader: j["discard"] = card(arg_a(a)), flags(arg_c(a)), debated(); break;
    case Act::NoDebate: debated(); break;
    case Act::PlaceDirected: j["issue"] = d.issues[issue_at(arg_a(a))].id, j["front"] = d.fronts[front_at(arg_b(a))].id; break;
    case Act::Offensive: j["front"] = d.fronts[front_at(arg_a(a))].id, j["source"] = kSources[arg_b(a) % 5]; break;
    case Act::Naval: j["theater"] = d.theaters[theater_at(arg_a(a))].id, j["source"] = kSources[arg_b(a) % 5]; break;
    case Act::Leadership: j["region"] = arg_a(a) == 0 ? "Europe" : "Pacific", j["power"] = power_name(power_at(arg_b(a))); break;
    case Act::MoveGlobal: j["global_issue"] = d.global_issues[global_issue_at(arg_a(a))].id; break;
    case Act::PlaceNetwork:
    case Act::RemoveNetwork:
    case Act::PlaceAlignment:
    case Act::RemoveAlignment: j["location"] = d.locations[location_at(arg_a(a))].id; break;
    default: break;
  }
  return j;
}

// Each kind action_json writes (the command's first word) and its arguments: the table of
// schema/churchill-actions.schema.json (tests/core/wire_schema_test.cpp checks the games' actions
// against it). A move on the table may carry a reduced value and a stop (flags); a debate names the
// issue it debates where an advance is being debated.
nlohmann::json action_schema() {
  using namespace core::wire;
  using core::wire::Field;  // not log_json.cpp's, when a unity file holds both
  const Field card{"card", ref("Card")}, issue{"issue", ref("Issue")}, power{"power", ref("Power")}, value{"value", integer(), false},
      stop{"stop", {{"const", true}}, false}, debated{"issue", ref("Issue"), false}, discard{"discard", ref("Card")},
      location{"location", ref("Location")}, source{"source", ref("Source")};
  Document d{.name = "ChurchillActionFields",
             .description =
                 "One Churchill legal action as structure (action_fields): its kind, the command's first word, and its "
                 "arguments by name (churchill/actions.cpp action_json).",
             .tag = "kind",
             .suffix = "Action",
             .shapes = {{"agenda", {card}},
                        {"tie-break", {}},
                        {"no-tie-break", {}},
                        {"winner", {power}},
                        {"select", {issue}},
                        {"advance", {card, issue, value, stop}},
                        {"leader", {issue, discard, value, stop}},
                        {"chief", {card}},
                        {"chief-advance", {issue, value, stop}},
                        {"chief-debate", {value, stop, debated}},
                        {"decline", {}},
                        {"debate", {card, value, stop, debated}},
                        {"debate-leader", {discard, value, stop, debated}},
                        {"debate-chief", {card, debated}},
                        {"no-debate", {debated}},
                        {"pass", {}},
                        {"discard", {card}},
                        {"directed", {issue, {"front", ref("Front")}}},
                        {"offensive", {{"front", ref("Front")}, source}},
                        {"naval", {{"theater", ref("Theater")}, source}},
                        {"activate", {issue}},
                        {"a-bomb", {}},
                        {"leadership", {{"region", ref("Region")}, power}},
                        {"global", {{"global_issue", ref("GlobalIssue")}}},
                        {"first", {power}},
                        {"network", {location}},
                        {"remove-network", {location}},
                        {"align", {location}},
                        {"remove-alignment", {location}}}};
  const nlohmann::json kinds = named_kinds();
  for (const char* kind : {"Card", "Issue", "Power", "Front", "Theater", "Region", "GlobalIssue", "Location"}) d.kinds[kind] = kinds[kind];
  d.kinds["Source"] = id_kind("Source", "Where a support marker comes from (6.4, 6.9)", {std::begin(kSources), std::end(kSources)});
  return schema(d);
}

std::optional<core::Action> Game::action_from_string(const State& s, core::Seat seat, std::string_view text) const {
  if (seat == core::kChance) {
    core::OutcomeList outcomes;
    chance_outcomes(s, outcomes);
    for (const auto& o : outcomes)
      if (action_to_string(s, seat, o.action) == text) return o.action;
    return std::nullopt;
  }
  if (seat < 0 || seat >= kPowers) return std::nullopt;
  core::ActionList legal;
  legal_actions(s, seat, legal);
  for (core::Action a : legal)
    if (action_to_string(s, seat, a) == text) return a;
  return std::nullopt;
}

}  // namespace churchill
