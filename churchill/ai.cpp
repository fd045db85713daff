#include "churchill/ai.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "churchill/actions.h"
#include "churchill/rulebook_bot.h"
#include "churchill/rules.h"
#include "core/levels.h"

namespace churchill {

namespace {

// Budgets (docs/ai.md): the caps on processor time keep a decision within the level's bound on a
// slow machine; on this project's machine the iteration budget ends the search first, and the
// search is then deterministic for its seed. The easy level has no policy bonus: its few
// iterations make plausible but uneven choices, the mistakes of a hurried player. The expert's
// evaluation spreads the scores wider (docs/ai.md, Strength: measured in the training scenario).
constexpr std::array<AiLevel, 4> kLevels = {{
    {"easy", 30, 0.02, 10, 0.0, {2.0}},
    {"normal", 250, 0.05, 40, 0.25, {2.0}},
    {"hard", 1000, 0.3, 60, 0.15, {2.0}},
    {"expert", 3000, 1.0, 80, 0.1, {6.0}},
}};

// The evaluation's model of the rest of the game (an estimate for the search, not a rule): a Front
// advances in about this share of the conferences (7.7).
constexpr double kFrontAdvanceChance = 0.5;
constexpr int kFutures = 64;  // futures drawn once (the same for every evaluation)

// One imagined end of the game: each power's spread in standard deviations, and a uniform draw
// that says whether the Axis powers have surrendered by then.
struct Future {
  std::array<double, kPowers> spread{};
  double surrender = 0;
};

const std::array<Future, kFutures>& futures() {
  static const std::array<Future, kFutures> table = [] {
    std::array<Future, kFutures> t{};
    core::Rng rng(0x9e3779b97f4a7c15ULL);
    auto uniform = [&] { return (static_cast<double>(rng.next() >> 11) + 0.5) * 0x1.0p-53; };
    for (Future& f : t) {
      for (double& z : f.spread) z = std::sqrt(-2 * std::log(uniform())) * std::cos(2 * std::numbers::pi * uniform());  // Box-Muller
      f.surrender = uniform();
    }
    return t;
  }();
  return table;
}

// P(at least `need` successes in `tries` independent tries of chance `p`).
double at_least(int need, int tries, double p) {
  if (need <= 0) return 1;
  double total = 0, term = std::pow(1 - p, tries);  // P(0 successes)
  for (int k = 0; k <= tries; ++k) {
    if (k >= need) total += term;
    if (k < tries) term *= (p / (1 - p)) * (tries - k) / (k + 1);
  }
  return total;
}

// 7.8: the chance that the Axis power whose country is `space` surrenders within `conferences`
// War Phases: some Front heading there advances into it (its spaces left, one advance a conference).
double surrender_chance(const Game& g, const State& s, SpaceId space, int conferences) {
  double best = 0;
  const Data& d = g.data();
  for (FrontId f : d.fronts.ids()) {
    if (d.fronts[f].end != space) continue;
    best = std::max(best, at_least(rules::spaces_left(d, s, f), conferences, kFrontAdvanceChance));
  }
  return best;
}

// 5.27 and 9.4 D/E: during the Meeting, the power with the most issues on its track (or in its
// chair) is on course to win the conference: the VP a conference won gives it.
void add_conference_on_course(const Game& g, const State& s, std::array<double, kPowers>& vp) {
  if (s.conference_winner != kNoPower) return;  // decided (and scored) already
  std::array<int, kPowers> issues{};
  for (IssueId i : g.data().issues.ids())
    if (s.issues[i].where == IssueWhere::Table && s.issues[i].track != kCenter) ++issues[core::index_of(s.issues[i].track)];
  const int most = *std::max_element(issues.begin(), issues.end());
  if (most == 0 || std::count(issues.begin(), issues.end(), most) > 1) return;
  const Power p = power_at(static_cast<int>(std::max_element(issues.begin(), issues.end()) - issues.begin()));  // the one with most
  for (const VictoryCondition& v : g.data().victory)
    if (v.condition == VpCondition::ConferencesWon && v.powers.test(p)) vp[core::index_of(p)] += v.vp;
}

}  // namespace

const std::array<AiLevel, 4>& ai_levels() { return kLevels; }

const AiLevel* ai_level(std::string_view name) { return core::find_level(kLevels, name); }

std::vector<std::string> ai_kinds() { return core::level_kinds(kLevels); }

// The chance of each power winning (4.4) over a fixed set of imagined ends of the game: the 9.4
// tally now (the determinized Secret Agenda markers revealed) and the conference the Meeting is on
// course to give, spread by the conferences left to play; Germany and Japan surrender in each with
// the chance their nearest Fronts reach them in time, which decides between 4.41/4.42 (a leader
// far ahead of the last must outscore the other two together, else the second wins) and 4.43.
void evaluate_board(const Game& g, const State& s, std::span<double> value, const Evaluation& model) {
  const std::array<int, kPowers> now = g.totals(s, true);
  std::array<double, kPowers> expected{};
  for (std::size_t p = 0; p < kPowers; ++p) expected[p] = now[p];
  add_conference_on_course(g, s, expected);
  const Scenario& scenario = g.data().scenarios[s.scenario];
  const int to_play = std::max(1, scenario.last_conference - s.conference + 1);  // War Phases left, this one included
  const double spread = model.spread_per_conference * std::sqrt(to_play - 0.5);
  const Data& d = g.data();
  const double germany = s.surrendered[0] ? 1 : surrender_chance(g, s, d.fronts[g.known().western].end, to_play);
  const double japan = s.surrendered[1] ? 1 : surrender_chance(g, s, d.fronts[g.known().central_pacific].end, to_play);
  const double both = germany * japan;
  State ended = s;  // the board with both Axis powers surrendered (4.41/4.42)
  ended.surrendered = {true, true};
  std::array<double, kPowers> wins{};
  for (const Future& f : futures()) {
    std::array<int, kPowers> total{};
    for (std::size_t p = 0; p < kPowers; ++p) total[p] = static_cast<int>(std::lround(expected[p] + spread * f.spread[p]));
    wins[core::index_of(g.winner(f.surrender < both ? ended : s, total))] += 1;
  }
  for (std::size_t p = 0; p < value.size() && p < kPowers; ++p) value[p] = wins[p] / kFutures;
}

core::SearchConfig ai_config(const AiLevel& level, int threads) {
  core::SearchConfig c;
  c.iterations = level.iterations;
  c.max_seconds = level.max_seconds;
  c.threads = threads;
  c.rollout_limit = level.rollout_limit;
  c.policy_bonus = level.policy_bonus;
  return c;
}

core::SearchHooks<Game> ai_hooks(const Evaluation& model) {
  core::SearchHooks<Game> hooks;
  std::shared_ptr<Bot> policy = make_rulebook_bot();  // stateless: one serves every thread
  hooks.rollout = [policy](const Game& g, const State& s, core::Seat seat, core::Rng& rng) { return policy->choose(g, s, seat, rng); };
  // Its own seat takes every pass it earns (4.22) while it holds cards, to play after the others
  // have run out, when no one can debate (docs/ai.md, How it plays). The rest is the 'Bot's list.
  hooks.own_policy = [policy](const Game& g, const State& s, core::Seat seat, core::Rng& rng) {
    if (s.steps.top().id == StepId::MeetingTurn && s.cards_in_hand(seat) > 0) {
      core::ActionList legal;
      g.legal_actions(s, seat, legal);
      for (const core::Action a : legal)
        if (kind_of(a) == Act::Pass) return a;
    }
    return policy->choose(g, s, seat, rng);
  };
  hooks.evaluate = [model](const Game& g, const State& s, std::span<double> value) { evaluate_board(g, s, value, model); };
  return hooks;
}

std::unique_ptr<Bot> make_ai(std::string_view name, int threads) {
  if (!name.starts_with("ai:")) return nullptr;
  const AiLevel* level = ai_level(name.substr(3));
  if (!level) return nullptr;
  return std::make_unique<core::IsmctsBot<Game>>(ai_config(*level, threads), ai_hooks(level->evaluation));
}

std::unique_ptr<Bot> make_any_bot(std::string_view name, int threads) {
  if (auto bot = make_bot(name)) return bot;
  return make_ai(name, threads);
}

std::vector<std::string> all_bot_kinds() {
  std::vector<std::string> kinds = {"rulebook", "random"};
  for (const std::string& k : ai_kinds()) kinds.push_back(k);
  return kinds;
}

}  // namespace churchill
