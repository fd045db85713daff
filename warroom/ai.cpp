#include "warroom/ai.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <optional>
#include <thread>

#include "core/levels.h"
#include "warroom/calculator.h"
#include "warroom/rules.h"

namespace warroom {

int command_strength(const Data& d, Nation nation, int number, const Command& c);  // bots_rules_plan.cpp
int unit_strength(const Data& d, int type);

namespace {

// `hard` and `expert`, which differ by their budget alone: a rollout's end valued with the weights
// fitted by self-play, the same dice for every candidate, the heaviest candidate played, the hits and
// more candidates' attacks weighed with the battle calculator (docs/warroom/ai.md, "Levels").
constexpr AiLevel full_search(std::string_view name, int plans, int answers, int rollouts) {
  return {.name = name,
          .plans = plans,
          .answers = answers,
          .rollouts = rollouts,
          .rounds = 3,
          .value = kFittedValue,
          .common_dice = true,
          .heaviest = true,
          .calculated_picks = true,
          .scenario_value = true,
          .calculated_candidates = true,
          .sea_garrison_candidates = true};
}

// Budgets (docs/warroom/ai.md, "The search bot": the time each takes per sheet on one core).
constexpr std::array<AiLevel, 4> kLevels = {{
    {.name = "easy", .plans = 1, .answers = 1, .rollouts = 1, .rounds = 1, .calculated_stances = false},
    {.name = "normal", .plans = 6, .answers = 4, .rollouts = 3, .rounds = 2},
    full_search("hard", 10, 6, 4),
    full_search("expert", 14, 8, 6),
}};

// The regret matching's iterations over the K x K' matrix, and the weight below which a candidate of
// the mixed strategy is dropped (noise of the finite iterations).
constexpr int kRegretIterations = 2000;
constexpr double kNegligible = 0.02;

int draw(core::Rng& rng, std::initializer_list<int> values) {
  return *(values.begin() + rng.below(static_cast<std::uint32_t>(values.size())));
}

// A style drawn around bot:rules' (Style's defaults): more or less daring strikes and attacks, an
// earlier turn to a stalled war's aims, a higher or lower bid, a sure defence and the oil a bid may
// spend.
Style draw_style(core::Rng& rng) {
  Style s;
  s.odds_scale_percent = draw(rng, {70, 80, 90, 100, 115, 130});
  s.attack_tenths = draw(rng, {10, 11, 12, 13, 15, 17, 20});
  s.extra_quiet = draw(rng, {0, 0, 0, 3, 6});
  s.bid_extra = draw(rng, {-2, -1, 0, 0, 1, 2, 4});
  s.buy_mix = static_cast<BuyMix>(draw(rng, {0, 0, 1, 2, 3, 4}));
  s.sure_defence = draw(rng, {0, 1}) != 0;
  s.bid_oil_thirds = draw(rng, {1, 1, 2, 3});
  s.sea_watch = draw(rng, {0, 1}) != 0;
  s.home_guard = draw(rng, {0, 1}) != 0;
  return s;
}

// The sure defence (Style::sure_defence) with up to two thirds of the oil for the bid: always among
// a sheet's candidates, for a capital threatened from the sea is lost in one round when only rail
// could bring its defence (docs/warroom/ai.md, "The Axis in the Eastern Front").
Style sure_defence_style() {
  Style s;
  s.sure_defence = true;
  s.bid_oil_thirds = 2;
  return s;
}

// The home guard against the sea (Style::home_guard) on the sure defence with the sea watch: always
// among a sheet's candidates, for an island capital is lost to troops landed from the seas beside it
// while its armies are away (docs/warroom/ai.md, "War in the Pacific: the home guard").
Style home_guard_style() {
  Style s = sure_defence_style();
  s.sea_watch = true;
  s.home_guard = true;
  return s;
}

// The home guard whose attacks are chosen with the battle calculator (Style::calculated_attacks):
// always among a sheet's candidates (docs/warroom/ai.md, "Attacks chosen with the calculator").
Style calculated_style() {
  Style s = home_guard_style();
  s.calculated_attacks = true;
  return s;
}

}  // namespace

std::optional<SecretStep> secret_step(const State& s) {
  switch (s.steps.top().id) {
    case StepId::WriteSheets: return SecretStep::Sheet;
    case StepId::Purchases: return SecretStep::Purchases;
    case StepId::DeployPlans: return SecretStep::Deploy;
    default: return std::nullopt;
  }
}

std::vector<core::Action> write_step(const Game& g, State& s, core::Seat seat, RulesBot& bot, core::Rng& rng) {
  std::vector<core::Action> out;
  const StepId step = s.steps.top().id;
  const std::uint16_t round = s.round;
  const std::uint8_t pass = s.pass;
  while (s.steps.top().id == step && s.round == round && s.pass == pass && g.acting_nations(s, seat).any() &&
         g.node_kind(s) != core::NodeKind::Terminal) {
    const core::Action a = bot.choose(g, s, seat, rng);
    out.push_back(a);
    g.apply(s, seat, a, nullptr);
  }
  return out;
}

namespace {

bool writing(const State& s, SecretStep step, std::uint16_t round, std::uint8_t pass) {
  return secret_step(s) == step && s.round == round && s.pass == pass;
}

// The actions `bot` takes for `seat` to finish its entries of the secret step from the observation.
std::vector<core::Action> write_out(const Game& g, State s, core::Seat seat, RulesBot& bot, core::Rng& rng) {
  return write_step(g, s, seat, bot, rng);
}

struct Pair {
  std::size_t plan, answer;
  int rollout;
};

// One rollout: the other seats' entries of the secret step (sheets or purchases), blank in the
// observation, are made anew by rules bots of style `answer` (a seat that had finished writes
// again); the seat makes its candidate's entries, then plays on as the rules bot that wrote them
// (without the calculator's look at attacks in later rounds: too dear for rollouts); all play on to
// the end of the round (`rounds` rounds) and the position is valued.
double rollout(const Game& g, const State& observation, core::Seat seat, const SheetCandidate& plan, const Style& answer,
               const AiLevel& level, std::uint64_t seed) {
  State s = observation;
  for (Nation n : kAllNations)
    if (!seat_plays(g, seat, n)) s.sheet[n].flags = static_cast<std::uint8_t>(s.sheet[n].flags & ~kDone);
  std::vector<RulesBot> bots(static_cast<std::size_t>(g.seat_count()), RulesBot(answer));
  RulesBot& own = bots[static_cast<std::size_t>(seat)] = plan.writer;
  Style later = own.style();
  later.calculated_attacks = false;
  own.set_style(later);
  const SecretStep step = *secret_step(s);
  const std::uint16_t round = s.round;
  const std::uint8_t pass = s.pass;
  std::size_t next = 0;
  core::Rng rng(seed);
  core::OutcomeList outcomes;
  const int end = s.round + level.rounds;
  while (g.node_kind(s) != core::NodeKind::Terminal && s.round < end) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      g.apply(s, core::kChance, core::draw_chance(g, s, rng, outcomes), nullptr);
      continue;
    }
    const core::SeatMask acting = g.acting_seats(s);
    core::Seat who = 0;
    while (!(acting & core::seat_bit(who))) ++who;
    const bool scripted = who == seat && next < plan.actions.size() && writing(s, step, round, pass);
    g.apply(s, who, scripted ? plan.actions[next++] : bots[static_cast<std::size_t>(who)].choose(g, g.observe(s, who), who, rng), nullptr);
  }
  return position_value(g, s, alliance_of(g.seat_nations(seat).nth(0)), level.value);
}

// Regret matching (plus) for both sides of the zero-sum matrix `u` (the searching seat's value):
// the searching seat's average strategy, and the other side's average strategy in `answer`.
std::vector<double> regret_matching(const std::vector<std::vector<double>>& u, std::vector<double>& answer) {
  const std::size_t k = u.size(), m = u.front().size();
  std::vector<double> regret(k, 0), regret_other(m, 0), sum(k, 0), sum_other(m, 0), sigma(k), tau(m), gain(k), loss(m);
  const auto strategy = [](const std::vector<double>& r, std::vector<double>& out) {
    double total = 0;
    for (double x : r) total += std::max(0.0, x);
    for (std::size_t i = 0; i < r.size(); ++i) out[i] = total > 0 ? std::max(0.0, r[i]) / total : 1.0 / static_cast<double>(r.size());
  };
  for (int t = 1; t <= kRegretIterations; ++t) {
    strategy(regret, sigma);
    strategy(regret_other, tau);
    double v = 0;
    for (std::size_t i = 0; i < k; ++i) {
      gain[i] = 0;
      for (std::size_t j = 0; j < m; ++j) gain[i] += tau[j] * u[i][j];
      v += sigma[i] * gain[i];
    }
    for (std::size_t j = 0; j < m; ++j) {
      loss[j] = 0;
      for (std::size_t i = 0; i < k; ++i) loss[j] += sigma[i] * (1 - u[i][j]);
    }
    for (std::size_t i = 0; i < k; ++i) regret[i] = std::max(0.0, regret[i] + gain[i] - v), sum[i] += t * sigma[i];
    for (std::size_t j = 0; j < m; ++j) regret_other[j] = std::max(0.0, regret_other[j] + loss[j] - (1 - v)), sum_other[j] += t * tau[j];
  }
  const auto normalize = [](std::vector<double>& x) {
    double total = 0;
    for (double y : x) total += y;
    for (double& y : x) y /= total;
  };
  normalize(sum);
  normalize(sum_other);
  answer = sum_other;
  return sum;
}

}  // namespace

// The values of every pair, the rollouts spread over `threads` threads (each rollout's seed is its
// own, so the values do not depend on the threads; with common dice the r-th rollout against answer
// j has the same seed for every candidate).
std::vector<std::vector<double>> pair_values(const Game& g, const State& observation, core::Seat seat,
                                             const std::vector<SheetCandidate>& plans, const std::vector<Style>& answers,
                                             const AiLevel& level, std::uint64_t seed, int threads) {
  std::vector<Pair> jobs;
  for (std::size_t i = 0; i < plans.size(); ++i)
    for (std::size_t j = 0; j < answers.size(); ++j)
      for (int r = 0; r < level.rollouts; ++r) jobs.push_back({i, j, r});
  std::vector<double> value(jobs.size());
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t k = next++; k < jobs.size(); k = next++) {
      const std::size_t stream =
          level.common_dice ? jobs[k].answer * static_cast<std::size_t>(level.rollouts) + static_cast<std::size_t>(jobs[k].rollout) : k;
      std::uint64_t mix = seed ^ (0x9e3779b97f4a7c15ULL * (stream + 1));
      value[k] = rollout(g, observation, seat, plans[jobs[k].plan], answers[jobs[k].answer], level, core::splitmix64(mix));
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  std::vector<std::vector<double>> u(plans.size(), std::vector<double>(answers.size(), 0));
  for (std::size_t k = 0; k < jobs.size(); ++k) u[jobs[k].plan][jobs[k].answer] += value[k] / level.rollouts;
  return u;
}

const std::array<AiLevel, 4>& ai_levels() { return kLevels; }

const AiLevel* ai_level(std::string_view name) { return core::find_level(kLevels, name); }

std::vector<std::string> ai_kinds() { return core::level_kinds(kLevels); }

ValueFeatures value_features(const Game& g, const State& s, Alliance side) {
  const int me = static_cast<int>(side);
  const Data& d = g.data();
  std::array<double, kAlliances> victory{}, units{}, sv{};
  for (int a = 0; a < kAlliances; ++a) {
    int held = 0, all = 0;
    for (const VictoryTerm& term : g.scenario().victory[at(a)].all_of)
      for (RegionId r : term.of) {
        ++all;
        const Nation c = s.region[r].controller;
        held += c != kNoNation && static_cast<int>(alliance_of(c)) == a;
      }
    victory[at(a)] = all ? static_cast<double>(held) / all : 0;
  }
  for (Nation n : kAllNations) {
    if (!in_play(s, n)) continue;
    const auto a = at(static_cast<int>(alliance_of(n)));
    for (int number = 1; number <= kMaxCommandNumber; ++number) units[a] += command_strength(d, n, number, s.command[n][at(number)]);
  }
  for (int i = 0; i < g.industries(); ++i) {
    const Nation c = s.region[g.industry_region(i)].controller;
    if (c == kNoNation) continue;
    for (int t = 0; t < kUnitTypes; ++t)
      units[at(static_cast<int>(alliance_of(c)))] += s.construction[at(i)].n[type_at(t)] * unit_strength(d, t);
  }
  for (const Region& r : d.regions) {
    const Nation c = s.region[r.rid].controller;
    if (c != kNoNation && g.scenario().in_play.test(r.rid)) sv[at(static_cast<int>(alliance_of(c)))] += r.sv;
  }
  const auto share = [&](const std::array<double, kAlliances>& x) {
    const double total = x[0] + x[1];
    return total > 0 ? (x[at(me)] - x[at(1 - me)]) / total : 0.0;
  };
  return {victory[at(me)] - victory[at(1 - me)], share(units), share(sv)};
}

double position_value(const Game& g, const State& s, Alliance side, const ValueWeights& w) {
  if (g.node_kind(s) == core::NodeKind::Terminal) {
    const std::uint8_t won = side == Alliance::Allied ? kAlliedWin : kAxisWin;
    if (s.winner == kAlliedWin || s.winner == kAxisWin) return s.winner == won ? 1.0 : 0.0;
    return 0.5;  // both lose, or stopped by a round limit
  }
  const ValueFeatures f = value_features(g, s, side);
  const double score = w.victory * f.victory + w.units * f.units + w.sv * f.sv;
  return 1 / (1 + std::exp(-score));
}

namespace {

// The candidates' styles: for a sheet bot:rules' own, the sure defence, the home guard, the home guard
// with the calculator's attacks, then drawn ones (every other with the calculator's attacks at a level
// of calculated candidates); for purchases (a deployment plan) the round's style with each mix (each
// port sea's lean) in turn, bot:rules' first.
Style candidate_style(const AiLevel& level, SecretStep step, const Style& round_style, int k, core::Rng& rng) {
  if (step == SecretStep::Sheet) {
    const std::array<Style, 4> fixed = {Style{}, sure_defence_style(), home_guard_style(), calculated_style()};
    const bool drawn = k >= static_cast<int>(fixed.size());
    Style s = drawn ? draw_style(rng) : fixed[static_cast<std::size_t>(k)];
    if (drawn) s.calculated_attacks = level.calculated_candidates && k % 2 == 0;
    s.sea_garrison = level.sea_garrison_candidates && k > 0;
    return s;
  }
  Style s = round_style;
  if (step == SecretStep::Purchases) s.buy_mix = static_cast<BuyMix>(k % kBuyMixes);
  if (step == SecretStep::Deploy) s.deploy_sea = static_cast<DeploySea>(k % kDeploySeas);
  return s;
}

// At most K sheets; a purchase (deployment plan) has one candidate per mix (port sea lean).
int most_candidates(SecretStep step, int plans) {
  switch (step) {
    case SecretStep::Sheet: break;
    case SecretStep::Purchases: return std::min(plans, kBuyMixes);
    case SecretStep::Deploy: return std::min(plans, kDeploySeas);
  }
  return plans;
}

}  // namespace

SheetSearch search_secret(const Game& g, const State& position, core::Seat seat, const RulesBot& own, const AiLevel& level,
                          std::uint64_t seed, int threads) {
  const auto start = std::chrono::steady_clock::now();
  const State observation = g.observe(position, seat);  // given the state itself, it still sees only this
  SheetSearch out;
  const auto step = secret_step(observation);
  if (!step) return out;
  core::Rng rng(seed);
  // K distinct candidates: bot:rules' own entries first, then other styles (a few tries each).
  const int most = most_candidates(*step, level.plans);
  for (int tries = 0; tries < 3 * most && static_cast<int>(out.plans.size()) < most; ++tries) {
    RulesBot writer = own;
    writer.set_style(candidate_style(level, *step, own.style(), tries, rng));
    std::vector<core::Action> actions = write_out(g, observation, seat, writer, rng);
    if (std::any_of(out.plans.begin(), out.plans.end(), [&](const SheetCandidate& c) { return c.actions == actions; })) continue;
    out.plans.push_back({writer.style(), std::move(actions), 0, 0, writer});
  }
  const std::vector<SheetCandidate>& plans = out.plans;
  std::vector<Style> answers(static_cast<std::size_t>(level.answers));
  for (std::size_t j = 1; j < answers.size(); ++j) answers[j] = draw_style(rng);
  out.answers = level.answers;
  // Purchases show on the board only as units under construction: their rollouts play a round more.
  AiLevel budget = level;
  if (*step == SecretStep::Purchases) budget.rounds += 1;
  if (level.scenario_value && g.scenario().value) budget.value = *g.scenario().value;
  std::vector<double> tau;
  std::vector<double> sigma{1.0};
  if (plans.size() > 1) {
    const auto u = pair_values(g, observation, seat, plans, answers, budget, rng.next(), threads);
    sigma = regret_matching(u, tau);
    for (std::size_t i = 0; i < plans.size(); ++i) {
      out.plans[i].value = 0;
      for (std::size_t j = 0; j < answers.size(); ++j) out.plans[i].value += tau[j] * u[i][j];
    }
    out.rollouts = static_cast<long>(plans.size() * answers.size()) * level.rollouts;
  }
  double total = 0;
  for (double& p : sigma) total += p < kNegligible ? (p = 0) : p;
  double pick = (static_cast<double>(rng.next() >> 11) * 0x1.0p-53) * total;
  for (std::size_t i = 0; i < sigma.size(); ++i) {
    out.plans[i].probability = sigma[i] / total;
    if (sigma[i] > 0 && pick >= 0 && (pick -= sigma[i]) < 0) out.chosen = i;
  }
  if (level.heaviest) out.chosen = static_cast<std::size_t>(std::max_element(sigma.begin(), sigma.end()) - sigma.begin());
  out.step = *step;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

// Each side's stances for the battle being fought, from the calculator on the seat's observation:
// its best plan, committed first or answering the side that has (Battle Setup > 5).
std::optional<core::Action> SearchBot::calculated_stance(const Game& game, const State& observation, core::Seat seat,
                                                         const core::ActionList& legal, core::Rng& rng) {
  const Battle& b = observation.battle;
  if (!level_.calculated_stances || b.kind == BattleKind::None || need(b) != Need::Stance) return std::nullopt;
  const Nation nation = deciding_nation(b);
  const auto side = static_cast<std::size_t>(alliance_of(nation));
  const StanceKey key{observation.round, observation.pass, observation.fight.region, observation.fight.part,
                      static_cast<std::uint8_t>(side)};
  if (!(stance_key_ == key)) {
    OddsQuery q;
    q.region = observation.fight.region;
    q.samples = kStanceSamples;
    q.error = kStanceError;
    q.seed = rng.next();
    const Odds o = odds_from_observation(game, observation, seat, q);
    if (!o.error.empty() || !o.in_progress) return std::nullopt;
    stance_plan_ = plan_of(o);
    stance_key_ = key;
  }
  const core::Action a = battle_action(nation, stance_choice(game, b, stance_plan_));
  if (std::find(legal.begin(), legal.end(), a) == legal.end()) return std::nullopt;
  return a;
}

// The hit the rolling side's Commander assigns, or whether the defending Commander's Escort cruiser
// takes a hit aimed at its carrier or battleship, from the calculator on the seat's observation: each
// legal choice made on a copy, the battle played on from there (the rest of its decisions as bot:rules
// makes them, the same dice for every choice), the choice with the side's best result taken. None when
// a choice ends the battle or the calculator refuses a position: bot:rules' choice then.
std::optional<core::Action> SearchBot::calculated_pick(const Game& game, const State& observation, core::Seat seat,
                                                       const core::ActionList& legal, core::Rng& rng) const {
  const Battle& b = observation.battle;
  const bool pick = b.kind != BattleKind::None && (need(b) == Need::Hit || need(b) == Need::Escort);
  if (!level_.calculated_picks || !pick || legal.size() < 2) return std::nullopt;
  const int side = static_cast<int>(alliance_of(deciding_nation(b)));
  OddsQuery q;
  q.region = observation.fight.region;
  q.samples = kPickSamples;
  q.error = kPickError;
  q.search_stances = false;
  q.seed = rng.next();
  std::optional<core::Action> best;
  double top = 0;
  for (const core::Action a : legal) {
    State after = observation;
    game.apply(after, seat, a, nullptr);
    const Odds o = odds_from_observation(game, after, seat, q);
    if (!o.error.empty() || !o.in_progress) return std::nullopt;
    const double v = side_result(game, b, o, side);
    if (!best || v > top) best = a, top = v;
  }
  return best;
}

core::Action SearchBot::choose(const Game& game, const State& position, core::Seat seat, core::Rng& rng) {
  const State observation = game.observe(position, seat);  // given the state itself, it still sees only this
  core::ActionList legal;
  game.legal_actions(observation, seat, legal);
  if (legal.size() == 1) return legal[0];
  if (const auto step = secret_step(observation)) {
    Searched& done = searched_[static_cast<std::size_t>(*step)];
    if (!(done.valid && done.round == observation.round && done.pass == observation.pass)) {
      last_ = search_secret(game, observation, seat, bot_, level_, rng.next(), threads_);
      const SheetCandidate& chosen = last_.plans[last_.chosen];
      bot_ = chosen.writer;  // its plan of the round kept: the slot and the movement follow the sheet written
      script_ = chosen.actions, next_ = 0;
      done = {true, observation.round, observation.pass};
    }
    if (next_ < script_.size() && std::find(legal.begin(), legal.end(), script_[next_]) != legal.end()) return script_[next_++];
  } else if (const auto stance = calculated_stance(game, observation, seat, legal, rng)) {
    return *stance;
  } else if (const auto picked = calculated_pick(game, observation, seat, legal, rng)) {
    return *picked;
  }
  return bot_.choose(game, observation, seat, rng);
}

std::unique_ptr<core::Bot<Game>> make_ai(std::string_view name, int threads) {
  if (!name.starts_with("ai:")) return nullptr;
  const AiLevel* level = ai_level(name.substr(3));
  if (!level) return nullptr;
  return std::make_unique<SearchBot>(*level, threads);
}

}  // namespace warroom
