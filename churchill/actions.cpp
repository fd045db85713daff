// The string forms of actions: what save files, the command line and the web client use. Parsing
// matches the text against the forms of the actions legal now, so the two never disagree.
#include <fmt/format.h>

#include "churchill/game.h"
#include "churchill/rules.h"

namespace churchill {

namespace {

const char* const kBonusNames[] = {"", " bonus-europe", " bonus-pacific", " bonus-either", " bonus-any"};

std::string flags_text(std::uint8_t flags) {
  std::string out;
  if (const int v = reduced_value(flags)) out += fmt::format(" value {}", v);
  if (flags & kStopAtCenter) out += " stop";
  return out;
}

std::string chance_text(const Data& d, const State& s, core::Action a) {
  const int v = arg_a(a);
  switch (s.steps.top().id) {
    case StepId::RevealConference: return "card " + d.conference_cards[at(v)].id;
    case StepId::Deal: return "deal " + d.staff[static_cast<std::size_t>(s.steps.top().as<Dealing>().power)][at(v)].id;
    case StepId::PolMilRoll: return fmt::format("polmil {}-{}", v / 8, v % 8);
    case StepId::SplitRoll: return "front " + d.fronts[at(v)].id;
    case StepId::SecretAgendaDeal: return "marker " + d.secret_agenda[at(v)].id;
    default: return fmt::format("roll {}", v);
  }
}

}  // namespace

std::string Game::action_to_string(const State& s, core::Seat seat, core::Action a) const {
  const Data& d = *data_;
  auto card = [&](int i) -> const std::string& { return d.staff[static_cast<std::size_t>(seat)][at(i)].id; };
  auto issue = [&](int i) -> const std::string& { return d.issues[at(i)].id; };
  if (seat == core::kChance) return s.steps.empty() ? "?" : chance_text(d, s, a);
  switch (kind_of(a)) {
    case Act::AgendaCard: return "agenda " + card(arg_a(a));
    case Act::TieBreak: return "tie-break";
    case Act::NoTieBreak: return "no-tie-break";
    case Act::Winner: return fmt::format("winner {}", power_name(static_cast<Power>(arg_a(a))));
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
    case Act::PlaceDirected: return fmt::format("directed {} {}", issue(arg_a(a)), d.fronts[arg_b(a)].id);
    case Act::Offensive: return fmt::format("offensive {}{}", d.fronts[arg_a(a)].id, kBonusNames[arg_b(a) % 5]);
    case Act::Naval: return fmt::format("naval {}{}", d.theaters[arg_a(a)].id, kBonusNames[arg_b(a) % 5]);
    case Act::Activate: return "activate " + issue(arg_a(a));
    case Act::ABombModifier: return "a-bomb";
    case Act::Leadership:
      return fmt::format("leadership {} {}", arg_a(a) == 0 ? "europe" : "pacific", power_name(static_cast<Power>(arg_b(a))));
    case Act::MoveGlobal: return "global " + d.global_issues[arg_a(a)].id;
    case Act::PlaceFirst: return fmt::format("first {}", power_name(static_cast<Power>(arg_a(a))));
    case Act::PlaceNetwork: return "network " + d.locations[arg_a(a)].id;
    case Act::RemoveNetwork: return "remove-network " + d.locations[arg_a(a)].id;
    case Act::PlaceAlignment: return "align " + d.locations[arg_a(a)].id;
    case Act::RemoveAlignment: return "remove-alignment " + d.locations[arg_a(a)].id;
    default: return fmt::format("action-{:08x}", a);
  }
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
