// 8.0 Post-mortem, 9.4 Victory Point schedule, 4.4 winning the game, 10 the Secret Agenda.
#include <algorithm>
#include <numeric>

#include "churchill/rules.h"

namespace churchill {

namespace {

bool front_in(const Data& d, const State& s, FrontId front, SpaceId space) {
  return s.front[front] >= 0 && d.fronts[front].track[at(s.front[front])].space == space;
}

// G: which powers a Front in an Axis power scores for (US and UK Fronts count for both, 9.4 G).
PowerSet occupiers(const Data& d, const State& s, SpaceId axis_space) {
  PowerSet bits;
  for (FrontId f : d.fronts.ids())
    if (front_in(d, s, f, axis_space))
      bits |= d.fronts[f].color == Power::USSR ? power_bit(Power::USSR) : power_bit(Power::US) | power_bit(Power::UK);
  return bits;
}

// What scoring writes: the totals always, the line of each condition only when they are shown (the
// bots and the search ask for totals many times a decision).
struct Tally {
  std::array<int, kPowers>& total;
  std::vector<ScoreLine>* lines;
};

void add(Tally& sheet, const std::string& id, PowerSet powers, int vp) {
  if (vp == 0) return;
  for (Power p : powers) {  // lowest first: UK, US, USSR
    sheet.total[core::index_of(p)] += vp;
    if (sheet.lines) sheet.lines->push_back({id, p, vp});
  }
}

// One condition of 9.4, evaluated on a state.
void score_condition(const Data& d, const Known& k, const State& s, const VictoryCondition& v, Tally& sheet) {
  const PowerSet only = v.powers.any() ? v.powers : kEveryPower;
  switch (v.condition) {
    case VpCondition::Alignment:
    case VpCondition::NetworksWithoutAlignment:
      for (LocationId l : d.locations.ids()) {
        const bool aligned = s.alignment[l] != kNoPower;
        if (v.condition == VpCondition::Alignment && aligned) add(sheet, v.id, power_bit(s.alignment[l]), v.vp);
        if (v.condition == VpCondition::NetworksWithoutAlignment && !aligned && s.networks[l] > 0)
          add(sheet, v.id, power_bit(s.network_owner[l]), v.vp);
      }
      break;
    case VpCondition::GlobalAdvantage:
      for (Power holder : s.global)
        if (holder != kNoPower) add(sheet, v.id, power_bit(holder), v.vp);
      break;
    case VpCondition::ConferencesWon:
      for (Power p : kAllPowers)
        if (only.test(p)) add(sheet, v.id, power_bit(p), v.vp * s.conferences_won[p]);
      break;
    case VpCondition::EmptyColony:
      for (LocationId l : d.locations.ids())
        if (d.locations[l].colony && s.networks[l] == 0 && s.alignment[l] == kNoPower) add(sheet, v.id, only, v.vp);
      break;
    case VpCondition::AxisOccupied:
      for (AxisId a : v.axis) add(sheet, v.id, occupiers(d, s, d.axis[a].space), v.vp);  // at most 8 each
      break;
    case VpCondition::FrontInSpace:  // the furthest space a Front reached is where it is (9.4)
      for (const VpCase& vc : v.cases)
        if (front_in(d, s, vc.front, vc.space)) add(sheet, v.id, vc.powers, v.vp);
      break;
    case VpCondition::EnteredBefore: {  // same conference: nobody scores
      const int first = s.entered[v.first], second = s.entered[v.second];
      if (first != 0 && (second == 0 || first < second)) add(sheet, v.id, only, v.vp);
      break;
    }
    case VpCondition::GermanyWithoutWesternFront: {
      const SpaceId germany = d.fronts[k.western].end;
      if (s.surrendered[0] && !occupiers(d, s, germany).test(Power::US)) add(sheet, v.id, only, v.vp);
      break;
    }
    case VpCondition::GermanTechnology:
      for (Power p : kAllPowers) add(sheet, v.id, power_bit(p), v.vp * s.german_technology[p]);
      break;
    case VpCondition::JapanUnoccupied: {
      const SpaceId japan = d.fronts[k.central_pacific].end;
      if (s.surrendered[1] && occupiers(d, s, japan).none()) add(sheet, v.id, only, v.vp);
      break;
    }
    case VpCondition::SpaceNeverEntered:
      if (s.entered[v.space] == 0) add(sheet, v.id, only, v.vp);
      break;
    case VpCondition::InterserviceRivalry:
      if (std::abs(rules::spaces_left(d, s, v.fronts[0]) - rules::spaces_left(d, s, v.fronts[1])) > 1) add(sheet, v.id, only, v.vp);
      break;
    case VpCondition::SpyRingSpaces:  // the start does not count (ruling 8)
      add(sheet, v.id, only, v.vp * s.spy_ring);
      break;
    case VpCondition::ABomb:
      if (s.a_bomb == static_cast<int>(d.a_bomb.size()) - 1) add(sheet, v.id, only, v.vp);
      break;
    case VpCondition::NoABomb:
      if (s.a_bomb != static_cast<int>(d.a_bomb.size()) - 1) add(sheet, v.id, only, v.vp);
      break;
  }
}

// 4.44: the first condition met breaks the tie; Churchill wins otherwise, tied or not. 4.42's tie
// for second is broken "between these two players only" (project ruling): when neither 4.44.1 nor
// 4.44.2 names one of them, the US wins if it is one of them (Arsenal of Democracy wins ties,
// 3.32); otherwise the two are Churchill and Stalin and 4.44.3 names Churchill.
Power final_tiebreak(const Game& g, const State& s, PowerSet tied, bool tied_only) {
  const Data& d = g.data();
  if (tied.test(Power::US) && s.a_bomb == static_cast<int>(d.a_bomb.size()) - 1) return Power::US;
  const SpaceId germany = d.fronts[g.known().western].end;
  if (tied.test(Power::USSR) && occupiers(d, s, germany) == power_bit(Power::USSR)) return Power::USSR;
  if (tied_only && tied.test(Power::US)) return Power::US;
  return Power::UK;
}

Power highest_wins(const Game& g, const State& s, const std::array<int, kPowers>& v, bool tied_only = false) {
  const PowerSet top = rules::highest(v);
  return top.count() == 1 ? top.nth(0) : final_tiebreak(g, s, top, tied_only);
}

// 9.4: the conditions that read where the Fronts are or which spaces they entered.
bool reads_fronts(VpCondition c) {
  switch (c) {
    case VpCondition::AxisOccupied:
    case VpCondition::FrontInSpace:
    case VpCondition::EnteredBefore:
    case VpCondition::GermanyWithoutWesternFront:
    case VpCondition::JapanUnoccupied:
    case VpCondition::SpaceNeverEntered:
    case VpCondition::InterserviceRivalry: return true;
    default: return false;
  }
}

}  // namespace

void Game::tally(const State& s, Conditions which, std::array<int, kPowers>& total, std::vector<ScoreLine>* lines) const {
  static const std::string kSecretAgenda = "10.3";
  Tally sheet{total, lines};
  for (const VictoryCondition& v : data_->victory)
    if (which != Conditions::Fronts || reads_fronts(v.condition)) score_condition(*data_, known_, s, v, sheet);
  if (which == Conditions::AllRevealed && s.secret_agenda_variant)  // 10.3: 5 VP per marker with own alignment there
    for (Power p : kAllPowers)
      for (MarkerId m : s.secret_agenda[p])
        if (m != kNoMarker && s.alignment[data_->secret_agenda[m].location] == p) add(sheet, kSecretAgenda, power_bit(p), 5);
}

ScoreSheet Game::score(const State& s, bool reveal_secret_agenda) const {
  ScoreSheet sheet;
  tally(s, reveal_secret_agenda ? Conditions::AllRevealed : Conditions::All, sheet.total, &sheet.lines);
  return sheet;
}

std::array<int, kPowers> Game::totals(const State& s, bool reveal_secret_agenda) const {
  std::array<int, kPowers> total{};
  tally(s, reveal_secret_agenda ? Conditions::AllRevealed : Conditions::All, total, nullptr);
  return total;
}

std::array<int, kPowers> Game::front_totals(const State& s) const {
  std::array<int, kPowers> total{};
  tally(s, Conditions::Fronts, total, nullptr);
  return total;
}

// 4.4: which of the three end-game situations a score falls under.
EndCase Game::end_case(const State& s, const std::array<int, kPowers>& v) const {
  if (!(s.surrendered[0] && s.surrendered[1])) return EndCase::GlobalHegemon;
  const int most = *std::max_element(v.begin(), v.end()), fewest = *std::min_element(v.begin(), v.end());
  return most - fewest <= 20 ? EndCase::AllianceVictory : EndCase::BrokenAlliance;
}

std::string_view end_case_name(EndCase c) {
  static constexpr std::array<std::string_view, 3> kNames = {"4.41 Alliance Victory", "4.42 Broken Alliance",
                                                             "4.43 Global Hegemon, Axis Conditional Surrender"};
  return kNames[static_cast<std::size_t>(c)];
}

// 4.43: the totals after the highest loses 5 VP, the second 3 and the lowest gains 5.
std::array<int, kPowers> hegemon_adjusted(const std::array<int, kPowers>& v) {
  const int most = *std::max_element(v.begin(), v.end()), fewest = *std::min_element(v.begin(), v.end());
  const PowerSet top = rules::powers_at(v, most), bottom = rules::powers_at(v, fewest);
  std::array<int, kPowers> adjusted = v;
  for (Power p : kAllPowers) {
    const bool is_top = top.test(p), is_bottom = bottom.test(p);
    if (most == fewest) break;  // all three tied: the adjustments cancel
    int& score = adjusted[core::index_of(p)];
    if (top.count() == 2)
      score += is_top ? -5 : 5;
    else if (bottom.count() == 2)
      score += is_bottom ? 5 : -5;
    else
      score += is_top ? -5 : is_bottom ? 5 : -3;
  }
  return adjusted;
}

// 4.4: the winner at the end of the game.
Power Game::winner(const State& s) const { return winner(s, totals(s, true)); }

// 4.4: the winner if the game ended on this board with the scores `v`.
Power Game::winner(const State& s, const std::array<int, kPowers>& v) const {
  const int most = *std::max_element(v.begin(), v.end());
  const PowerSet top = rules::powers_at(v, most);
  switch (end_case(s, v)) {
    case EndCase::GlobalHegemon:  // 4.43: -5 / -3 / +5
      return highest_wins(*this, s, hegemon_adjusted(v));
    case EndCase::AllianceVictory: return highest_wins(*this, s, v);
    case EndCase::BrokenAlliance: break;
  }
  if (top.count() > 1) return final_tiebreak(*this, s, top, false);
  const Power leader = top.nth(0);  // the one power
  const int others = std::accumulate(v.begin(), v.end(), 0) - most;
  if (most > others) return leader;
  std::array<int, kPowers> rest = v;
  rest[core::index_of(leader)] = -1000;  // the second highest wins; a tie for it goes to 4.44 between the two
  return highest_wins(*this, s, rest, true);
}

int Game::reserves_in_game(const State& s, ReserveKind kind) const {
  const auto k = static_cast<std::size_t>(kind);
  int total = 0;
  for (const AxisPower& a : data_->axis) total += a.reserves[k];
  return total - s.reserves_lost[k];
}

namespace rules {

// 8.0: the conference card leaves, issues go back, support and reserves are cleared; next conference
// or the end of the game.
void post_mortem(const Ctx& c) {
  State& s = c.s;
  for (IssueId i : c.d.issues.ids())
    if (s.issues[i].where == IssueWhere::Table) s.issues[i] = {};
  s.offensive.fill(0);
  for (auto& r : s.reserves_on_front) r.fill(0);
  for (auto& r : s.reserves_in_box) r.fill(0);
  for (std::size_t k = 0; k < kReserveKinds; ++k)
    s.reserves_pool[k] = static_cast<std::int8_t>(c.g.reserves_in_game(s, static_cast<ReserveKind>(k)));
  s.entered_this_conference = 0;
  s.second_front = s.ussr_declares_war = false;
  s.agenda_winner = s.conference_winner = kNoPower;
  const Scenario& sc = c.d.scenarios[s.scenario];
  c.note("8.0", -1, Event::EndOfConference, s.conference);
  if ((s.surrendered[0] && s.surrendered[1]) || s.conference >= sc.last_conference) {
    s.steps.replace(step::GameOver{});
    s.winner = c.g.winner(s);
    c.note("4.4", s.winner, Event::GameWon, s.winner);
    return;
  }
  ++s.conference;
  s.steps.pop();
  begin_conference(c);
}

// 10.2: each player draws three Secret Agenda markers at random.
std::uint64_t secret_agenda_pool(const CCtx& c) {
  return MarkerSet::first(c.d.secret_agenda.size()).without(c.s.agenda_markers_drawn).bits;  // 36 (10.1; the data loader checks it)
}

void apply_secret_agenda(const Ctx& c, core::Action a) {
  CORE_EXPECT(at_step(c.s, {StepId::SecretAgendaDeal}) && arg_a(a) < static_cast<int>(c.d.secret_agenda.size()));
  CORE_EXPECT(!c.s.agenda_markers_drawn.test(marker_at(arg_a(a))));
  State& s = c.s;
  step::SecretAgendaDeal deal = c.top<step::SecretAgendaDeal>();
  s.agenda_markers_drawn.set(marker_at(arg_a(a)));
  s.secret_agenda[deal.power][at(3 - deal.left)] = marker_at(arg_a(a));  // the outcome's marker
  --deal.left;
  c.set_top(deal);
  if (deal.left == 0) s.steps.pop();
}

}  // namespace rules

}  // namespace churchill
