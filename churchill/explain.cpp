// Why a decision offers so few options (explain.h). Each case names the rule whose condition left
// the options out; the English of every message is here, in one table, under its catalogue key.
#include "churchill/explain.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "churchill/rules.h"
#include "churchill/view.h"

namespace churchill {

namespace {

// The English of each message: {{name}} stands for an argument (the catalogues' format, docs/i18n.md).
const std::map<std::string, std::string, std::less<>>& english() {
  static const std::map<std::string, std::string, std::less<>> text = {
      {"why.no_issue_on_table", "only discards: no issue is left on the table to advance, and play goes on until every staff card is used"},
      {"why.leader_stays_home", "no Leader advance: the conference card keeps {{leader}} at home, who may debate but not advance"},
      {"why.leader_inactive",
       "no Leader advance: {{leader}} is inactive (used once this conference, or made so by the conference card or a heart attack)"},
      {"why.leader_advance", "only your Leader may debate: {{advancer}} advanced with its Leader, which no staff card may debate"},
      {"why.one_issue_on_table", "only '{{action}}': it is the only issue left on the table"},
      {"why.one_card_left", "only '{{action}}': it is the only staff card left in hand"},
      {"why.one_issue_left", "only '{{action}}': it is the only issue left on the issue display"},
      {"why.one_front_open", "only '{{action}}': every other Front has no entry space left or faces an Axis power that surrendered"},
      {"why.one_global_marker", "only '{{action}}': it is the only Global Issue marker of yours not already at your position"},
      {"why.no_network_place",
       "no location takes a new Clandestine Network: you may remove another power's instead, one for one, or leave it unplaced"},
      {"why.no_alignment_place",
       "no location takes your Political Alignment marker (it needs your own network there and no marker yet): you may remove another's or leave it unplaced"},
      {"why.one_location", "only '{{action}}': it is the only location where your marker may go"},
      {"why.fewer_alignment_places",
       "{{count}} Political Alignment marker(s) to place but only {{places}} location(s) take one (your own network there, no marker yet, as the Global Issues allow): the rest may remove another's marker where you have a network, else they are lost"},
      {"why.tie_us_wins_otherwise", "if no Leader breaks the tie, the US wins it, being tied (Arsenal of Democracy)"},
      {"why.tie_us_gives_otherwise", "if no Leader breaks the tie, the US gives it to one of the tied powers (Arsenal of Democracy)"},
      {"why.arctic_closed", "no marker in {{location1}} or {{location2}}: the Arctic Theater has fewer than 3 naval support"},
      {"why.last_card_one_issue",
       "only '{{action}}': it is your last staff card, the only issue is left on the table, and your Leader may not advance"},
      {"why.chief_committed", "only '{{action}}': your last staff card is the Chief of Staff, committed before his value is rolled"},
      {"why.production_mandate", "your production goes first where the conference card mandates it; free choices come after"},
      {"why.production_directed",
       "your production goes first to your Directed Offensive (two support markers on its Front); free choices come after"},
      {"why.only_action", "only '{{action}}' is legal at this step"},
  };
  return text;
}

OptionsWhy make(const char* key, const char* rule, std::vector<std::pair<std::string, std::string>> args = {}) {
  std::string text = english().at(key);
  for (const auto& [name, value] : args) {
    const std::string slot = "{{" + name + "}}";
    for (auto at = text.find(slot); at != std::string::npos; at = text.find(slot, at + value.size())) text.replace(at, slot.size(), value);
  }
  text += fmt::format(" ({})", rule);
  return {key, rule, std::move(args), std::move(text)};
}

bool all_of_kind(const core::ActionList& legal, std::initializer_list<Act> kinds) {
  return !legal.empty() && std::all_of(legal.begin(), legal.end(),
                                       [&](core::Action a) { return std::find(kinds.begin(), kinds.end(), kind_of(a)) != kinds.end(); });
}
bool any_of_kind(const core::ActionList& legal, Act kind) {
  return std::any_of(legal.begin(), legal.end(), [&](core::Action a) { return kind_of(a) == kind; });
}

// 5.22, 5.26: a Meeting turn with cards to play but no Leader among the options, or nothing but discards.
std::optional<OptionsWhy> meeting_turn(const Game& g, const State& s, int seat, const core::ActionList& legal, const std::string& only) {
  if (all_of_kind(legal, {Act::Discard})) return make("why.no_issue_on_table", "4.22");
  if (legal.size() == 1 && kind_of(legal[0]) == Act::AdvanceChief) return make("why.chief_committed", "5.25", {{"action", only}});
  if (legal.size() == 1 && kind_of(legal[0]) == Act::Advance) return make("why.last_card_one_issue", "5.22, 5.26", {{"action", only}});
  if (any_of_kind(legal, Act::AdvanceLeader) || !any_of_kind(legal, Act::Advance)) return std::nullopt;
  const LeaderState& l = s.leaders[power_at(seat)];
  const std::string leader = g.data().leaders[l.card].name;
  if (l.stays_home) return make("why.leader_stays_home", "5.26", {{"leader", leader}});
  if (!l.active) return make("why.leader_inactive", "5.26", {{"leader", leader}});
  return std::nullopt;
}

// 5.24: an advance made with a Leader is debated only with a Leader. (A power with no card, or with
// an inactive Leader against one, is not offered the debate at all.)
std::optional<OptionsWhy> debate_offer(const State& s) {
  if (!s.advance.leader) return std::nullopt;
  return make("why.leader_advance", "5.24", {{"advancer", std::string(power_name(s.advance.seat))}});
}

// 6.4: production serves the conference card's mandate, then the Directed Offensive, before any free choice.
std::optional<OptionsWhy> allocation(const Game& g, const State& s, int seat) {
  const Power me = power_at(seat);  // the seat's power
  if (s.production[me] <= 0) return std::nullopt;
  const rules::CCtx c{{g, s}};
  switch (rules::production_priority(c, me)) {
    case 1: return make("why.production_mandate", "6.4, 6.6");
    case 2: return make("why.production_directed", "6.4, 6.7");
    default: return std::nullopt;
  }
}

// 7.11-7.12, 7.31-7.32: nowhere to place, or one place; 7.3: fewer places than markers; 7.4: the
// Arctic's locations closed.
std::optional<OptionsWhy> placement(const Game& g, const State& s, int seat, const core::ActionList& legal, const std::string& only) {
  const bool networks = s.steps.top().id == StepId::PlaceNetworks;
  if (all_of_kind(legal, {Act::RemoveNetwork, Act::RemoveAlignment, Act::Decline}))
    return networks ? make("why.no_network_place", "7.12") : make("why.no_alignment_place", "7.31, 7.32");
  if (legal.size() == 1) return make("why.one_location", networks ? "7.11" : "7.31", {{"action", only}});
  const auto places = std::count_if(legal.begin(), legal.end(), [](core::Action a) { return kind_of(a) == Act::PlaceAlignment; });
  if (const int count = s.to_place[power_at(seat)]; !networks && places < count)
    return make("why.fewer_alignment_places", "7.3, 7.31, 7.32", {{"count", std::to_string(count)}, {"places", std::to_string(places)}});
  const rules::CCtx c{{g, s}};
  std::vector<std::pair<std::string, std::string>> closed;  // 7.4 names the two: Norway and Finland
  for (LocationId l : g.data().locations.ids())
    if (rules::arctic_closed(c, l)) closed.emplace_back(fmt::format("location{}", closed.size() + 1), g.data().locations[l].name);
  if (closed.size() == 2) return make("why.arctic_closed", "7.4", closed);
  return std::nullopt;
}

// The rule of the step, from its phase line ("5.13 Agenda: ..." -> "5.13").
std::string rule_of_phase(const Game& g, const State& s) {
  const std::string phase = phase_text(g, s);
  const auto end = phase.find_first_not_of("0123456789.");
  return phase.substr(0, end == std::string::npos ? phase.size() : end);
}

}  // namespace

std::optional<OptionsWhy> why_few_options(const Game& g, const State& s, core::Seat seat) {
  if (s.steps.empty() || seat < 0 || seat >= kPowers || !(g.acting_seats(s) & core::seat_bit(seat))) return std::nullopt;
  core::ActionList legal;
  g.legal_actions(s, seat, legal);
  if (legal.empty()) return std::nullopt;
  const std::string only = legal.size() == 1 ? g.action_to_string(s, seat, legal[0]) : "";
  const StepId step = s.steps.top().id;
  std::optional<OptionsWhy> why;
  switch (step) {
    case StepId::MeetingTurn: why = meeting_turn(g, s, seat, legal, only); break;
    case StepId::Allocation: why = allocation(g, s, seat); break;
    case StepId::DebateOffer: why = debate_offer(s); break;
    case StepId::ChiefIssue:
      if (legal.size() == 1) why = make("why.one_issue_on_table", "5.25", {{"action", only}});
      break;
    case StepId::PlaceNetworks:
    case StepId::PlaceAlignment: why = placement(g, s, seat, legal, only); break;
    case StepId::AgendaPlay:
      if (legal.size() == 1) why = make("why.one_card_left", "5.13", {{"action", only}});
      break;
    case StepId::AgendaWinnerPlaces:
    case StepId::AgendaPairs:
      if (legal.size() == 1) why = make("why.one_issue_left", "5.14", {{"action", only}});
      break;
    case StepId::DirectedOffensives:
      if (legal.size() == 1) why = make("why.one_front_open", "6.1", {{"action", only}});
      break;
    case StepId::TieBreakOffer:  // what happens if every Leader declines (4.53)
      why = make(s.steps.top().as<step::TieBreakOffer>().tied.test(Power::US) ? "why.tie_us_wins_otherwise" : "why.tie_us_gives_otherwise",
                 "4.53");
      break;
    case StepId::GlobalIssue:
      if (legal.size() == 1) why = make("why.one_global_marker", "6.11", {{"action", only}});
      break;
    default: break;
  }
  if (!why && legal.size() == 1) {
    const std::string rule = rule_of_phase(g, s);
    why = make("why.only_action", rule.empty() ? "4.0" : rule.c_str(), {{"action", only}});
  }
  return why;
}

}  // namespace churchill
