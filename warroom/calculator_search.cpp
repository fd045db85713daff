// The battle calculator's search (calculator.h): the battle module driven over its dice, exactly
// (a memoised recursion over the battle's states, each batch's dice as multisets) or by Monte Carlo,
// and the stance plans of the two sides compared by those values.
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

#include "core/hash.h"
#include "warroom/bots_rules.h"
#include "warroom/calculator_internal.h"
#include "warroom/rules.h"

namespace warroom::calc {

namespace {

constexpr double kCasualtyWeight = 0.5;  // a side's result: win chance + this x Casualty Point share
constexpr std::size_t kMaxPairs = 64;    // more pairs of plans: alternating best answers instead
constexpr long kScreenBattles = 2000;    // Monte Carlo battles shared by the plans compared (beyond kMaxPairs)
constexpr int kPruneBattles = 16;        // battles per pair before dominated plans are dropped
constexpr long kRefineBattles = 1000;    // battles shared by the pairs left after that
constexpr int kScreenMin = 24, kScreenMax = 500;
constexpr int kErrorFirst = 300, kErrorCheck = 100;  // the early stop (OddsQuery::error)

StancePlan no_plan() {
  StancePlan p;
  for (auto& side : p) side.fill(-1);
  return p;
}

// The d12 (battle.h): a face from 12 equally likely numbers.
Colour roll_d12(core::Rng& rng) {
  int x = static_cast<int>(rng.below(12));
  int f = 0;
  while (x >= kDieTwelfths[at(f)]) x -= kDieTwelfths[at(f++)];
  return static_cast<Colour>(f);
}

std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t stream, std::uint64_t k) {
  core::Hasher h;
  h.add(seed);
  h.add(stream);
  h.add(k);
  return h.digest();
}

struct Stats {
  Tally sum{}, sq{};
  int n = 0;
  void add(const Tally& t) {
    for (int i = 0; i < kTallyFields; ++i) sum[at(i)] += t[at(i)], sq[at(i)] += t[at(i)] * t[at(i)];
    ++n;
  }
  Tally mean() const {
    Tally m{};
    for (int i = 0; i < kTallyFields; ++i) m[at(i)] = sum[at(i)] / n;
    return m;
  }
  Tally se() const {  // the standard error of each mean
    Tally e{};
    for (int i = 0; i < kTallyFields && n > 1; ++i) {
      const double m = sum[at(i)] / n;
      e[at(i)] = std::sqrt(std::max(0.0, (sq[at(i)] / n - m * m) * n / (n - 1)) / n);
    }
    return e;
  }
};

// Plays battles of the position: decisions by the plan (stances) and bot:rules (the rest).
class Runner {
 public:
  Runner(const Game& g, const Position& p) : g_(g), p_(p), debrief_(g, p) {}

  void decide(Battle& b, const StancePlan& plan) const {
    while (need(b) != Need::Die && need(b) != Need::Done)
      play(b, need(b) == Need::Stance ? stance_choice(g_, b, plan) : preferred_choice(g_, b));
  }
  const Tally& end(const Battle& b, core::Rng& rng) { return debrief_.outcome(b, rng); }
  bool met_chance() const { return debrief_.met_chance(); }

  // Battles `s.n` to `n - 1` added to `s`, battle k with dice from its own stream (common to every
  // plan: their differences are measured on the same dice). The stances, decided before any die,
  // are put once.
  void extend(Stats& s, const StancePlan& plan, int n, std::uint64_t seed, std::uint64_t stream) {
    auto start = std::make_unique<Battle>(p_.at.battle);
    decide(*start, plan);
    auto b = std::make_unique<Battle>();
    for (int k = s.n; k < n; ++k) {
      core::Rng rng(stream_seed(seed, stream, static_cast<std::uint64_t>(k)));
      *b = *start;
      for (;;) {
        decide(*b, plan);
        if (need(*b) == Need::Done) break;
        roll(*b, roll_d12(rng));
      }
      s.add(end(*b, rng));
    }
  }
  const Position& position() const { return p_; }

 private:
  const Game& g_;
  const Position& p_;
  Debrief debrief_;
};

// The exact expectation: at each die the dice still to roll before anyone decides, enumerated as
// multisets (per group of dice whose black counts alike, ruling 49) with their multinomial chances;
// the values of the states reached are kept, shared by every plan (stances precede every die).
class Exact {
 public:
  explicit Exact(Runner& run) : run_(run) {}

  // The plan's exact value, unless the work so far would pass `budget` (dice placed in all).
  bool value(const StancePlan& plan, long budget, Tally& out) {
    if (failed_) return false;
    plan_ = plan;
    budget_ = budget;
    out = node(run_.position().at.battle);
    return !failed_;
  }
  long work() const { return work_; }

 private:
  struct Roll {
    int n = 0;
    std::array<int, kMaxBatch> group{};
    std::array<std::array<int, kColours>, 2> count{};
  };

  Tally node(const Battle& start) {
    auto b = std::make_unique<Battle>(start);
    run_.decide(*b, plan_);
    if (need(*b) == Need::Done) {
      core::Rng unused(0);
      const Tally t = run_.end(*b, unused);
      failed_ = failed_ || run_.met_chance();  // a later battle or raid: not exact
      return t;
    }
    const std::uint64_t key = canonical(*b);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    Roll r;
    r.n = dice_to_roll(*b);
    for (int k = 0; k < r.n; ++k) r.group[at(k)] = b->orange[die_nation(*b, k)] ? 1 : 0;
    Tally sum{};
    std::array<int, 2> last{};
    roll(*b, 0, r, last, 1.0, sum);
    if (!failed_) memo_[key] = sum;
    return sum;
  }

  void roll(const Battle& b, int k, Roll& r, std::array<int, 2> last, double p, Tally& sum) {
    if (failed_) return;
    if (k == r.n) {
      const Tally v = node(b);
      const double w = p * arrangements(r);
      for (int i = 0; i < kTallyFields; ++i) sum[at(i)] += w * v[at(i)];
      return;
    }
    if (++work_ > budget_) {
      failed_ = true;
      return;
    }
    const int g = r.group[at(k)];
    auto next = std::make_unique<Battle>();
    for (int f = last[at(g)]; f < kColours && !failed_; ++f) {
      *next = b;
      warroom::roll(*next, static_cast<Colour>(f));
      ++r.count[at(g)][at(f)];
      std::array<int, 2> l = last;
      l[at(g)] = f;
      roll(*next, k + 1, r, l, p * kDieTwelfths[at(f)] / 12.0, sum);
      --r.count[at(g)][at(f)];
    }
  }

  // The orders in which a multiset of each group can come: n! / (c_1! ... c_6!) per group.
  static double arrangements(const Roll& r) {
    double w = 1;
    for (const auto& c : r.count) {
      int n = 0;
      for (int f = 0; f < kColours; ++f)
        for (int i = 1; i <= c[at(f)]; ++i) w *= static_cast<double>(++n) / i;
    }
    return w;
  }

  // The state without what is left over from earlier batches (no rule reads it again).
  static std::uint64_t canonical(const Battle& b) {
    auto c = std::make_unique<Battle>(b);
    for (int i = c->batch_size; i < kMaxBatch; ++i) c->batch[at(i)] = Die{};
    if (c->pending_die == 0xFF) c->pending_hit = Choice{};
    for (int i = c->garrison_rolled; i < 2; ++i) c->garrison_dice[at(i)] = Colour::Yellow;
    core::Hasher h;
    hash_battle(h, *c);
    return h.digest();
  }

  Runner& run_;
  long budget_ = 0, work_ = 0;
  bool failed_ = false;
  StancePlan plan_{};
  std::unordered_map<std::uint64_t, Tally> memo_;
};

// ---- Stance plans ----

struct Forces {
  bool air = false, surface = false;
};

Forces forces_of(const Battle& b, int side) {
  Forces f;
  const auto add = [&](Category c, int n) { (c == Category::Air ? f.air : f.surface) |= n > 0; };
  for (int i = 0; i < b.row_count[at(side)]; ++i) add(b.type(b.rows[at(side)][at(i)]).category, b.rows[at(side)][at(i)].alive());
  for (int i = 0; i < b.group_count; ++i)
    if (b.groups[at(i)].side == side) add(b.type(b.groups[at(i)]).category, b.groups[at(i)].left);
  return f;
}

// Whether all of a side's units of `type` end in `stance` when the plan asks for it (a stance may
// be closed to them: Strategic Bombing without a target).
bool opens(const Game& g, const Battle& start, int side, int type, int stance) {
  StancePlan plan = no_plan();
  plan[at(side)][at(type)] = static_cast<std::int8_t>(stance);
  auto b = std::make_unique<Battle>(start);
  while (need(*b) == Need::Stance) play(*b, stance_choice(g, *b, plan));
  for (int i = 0; i < b->row_count[at(side)]; ++i) {
    const Row& r = b->rows[at(side)][at(i)];
    if (r.type == type && r.alive() > 0 && r.stance != stance) return false;
  }
  return true;
}

// A stance is not tried when another of the type is as tough, has the same special ability and
// rolls at least as many dice wherever the enemy has targets for them (more dice never help the
// enemy: every die with a legal target is assigned by its roller).
bool dominated(const TypeSpec& t, int x, int by, const Forces& enemy) {
  const StanceSpec &a = t.stance[at(x)], &b = t.stance[at(by)];
  if (a.special != b.special || a.steps != b.steps || a.light_box != b.light_box || a.white_triangle != b.white_triangle) return false;
  const int air = enemy.air ? b.air_dice - a.air_dice : 0, surface = enemy.surface ? b.surface_dice - a.surface_dice : 0;
  if (air < 0 || surface < 0) return false;
  return air + surface > 0 || by < x;
}

struct TypeChoice {
  std::uint8_t type = 0;
  std::vector<std::int8_t> stances;
};

// The unit types of `side` still to put into stances, with their open stances (opened) and those
// the search tries (kept).
struct SideChoices {
  std::vector<TypeChoice> kept;
  bool any = false;  // some type has more than one open stance
};

SideChoices choices_of(const Game& g, const Battle& b, int side) {
  SideChoices out;
  const Forces enemy = forces_of(b, 1 - side);
  for (int i = b.group_cursor; i < b.group_count; ++i) {
    const Group& gr = b.groups[at(i)];
    if (gr.side != side || gr.left == 0) continue;
    if (std::any_of(out.kept.begin(), out.kept.end(), [&](const TypeChoice& c) { return c.type == gr.type; })) continue;
    std::vector<std::int8_t> open;
    for (int s = 0; s < b.type(gr).stance_count; ++s)
      if (opens(g, b, side, gr.type, s)) open.push_back(static_cast<std::int8_t>(s));
    if (open.size() < 2) continue;
    out.any = true;
    TypeChoice c{gr.type, {}};
    for (std::int8_t x : open)
      if (std::none_of(open.begin(), open.end(), [&](std::int8_t y) { return y != x && dominated(b.type(gr), x, y, enemy); }))
        c.stances.push_back(x);
    out.kept.push_back(c);
  }
  return out;
}

// Every combination of the kept stances, as plans of this side alone.
std::vector<StancePlan> plans_of(const SideChoices& c, int side) {
  std::vector<StancePlan> out{no_plan()};
  for (const TypeChoice& t : c.kept) {
    std::vector<StancePlan> next;
    for (const StancePlan& p : out)
      for (std::int8_t s : t.stances) {
        StancePlan q = p;
        q[at(side)][t.type] = s;
        next.push_back(q);
      }
    out = std::move(next);
  }
  return out;
}

StancePlan merge(const StancePlan& a, const StancePlan& b, int side_b) {
  StancePlan p = a;
  p[at(side_b)] = b[at(side_b)];
  return p;
}

// A side's result: its chance to take or hold the region minus the enemy's (`wins`), plus
// kCasualtyWeight x the Casualty Points it makes the enemy lose beyond its own (`casualty_points`) as
// a share of all those in the battle (`total`).
double result_of(double wins, double casualty_points, double total) { return wins + kCasualtyWeight * casualty_points / total; }

// All Casualty Points in the battle at its start: the measure of a loss's share.
double casualty_total(const Game& g, const Battle& b) {
  const auto cp = [&](int type) { return g.data().units[kind_at(std::min(type, kUnitKinds - 1))].casualty_points; };
  double total = 0;
  for (int side = 0; side < kSides; ++side)
    for (int i = 0; i < b.row_count[at(side)]; ++i) {
      const Row& r = b.rows[at(side)][at(i)];
      int units = r.alive();
      for (Nation n : kAllNations) units += r.eliminated[n] + r.escaped[n];
      total += units * cp(r.type);
    }
  for (int i = 0; i < b.group_count; ++i) total += b.groups[at(i)].left * cp(b.groups[at(i)].type);
  for (int i = 0; i < b.transport_count; ++i) total += b.transports[at(i)].count * cp(b.transports[at(i)].type);
  return std::max(1.0, total);
}

class Search {
 public:
  Search(const Game& g, const Position& p, const OddsQuery& q)
      : q_(q), run_(g, p), exact_(run_), first_(first_side(p.at.battle)), cp_total_(casualty_total(g, p.at.battle)) {
    for (int side = 0; side < kSides; ++side) {
      const SideChoices c = choices_of(g, p.at.battle, side);
      chose_[at(side)] = c.any;
      plans_[at(side)] = q.search_stances && !q.rules_sides[at(side)] ? plans_of(c, side) : std::vector<StancePlan>{no_plan()};
    }
  }

  Evaluation run() {
    Tally t;
    // Exact when the rules' plan is within a third of the budget and every plan compared likely
    // within all of it; a battle opening on a full batch of 10 dice never is (3,003 multisets).
    exact_mode_ =
        !opens_full_batch() && exact_.value(no_plan(), q_.exact_budget / 3, t) && exact_.work() * evaluations() <= q_.exact_budget;
    StancePlan best = choose();
    if (exact_mode_ && !exact_.value(best, q_.exact_budget, t)) {  // over the budget while comparing plans
      exact_mode_ = false;
      values_.clear();
      best = choose();
    }
    Evaluation e;
    e.plan = best;
    e.chose = chose_;
    e.plans = static_cast<int>(exact_mode_ ? values_.size() : screened_.size());
    if (exact_mode_) {
      e.exact = true;
      e.mean = t;
      return e;
    }
    const Stats s = final_estimate(best);
    e.mean = s.mean();
    e.se = s.se();
    e.samples = s.n;
    e.later_chance = run_.met_chance();
    return e;
  }

 private:
  static int first_side(const Battle& b) { return b.group_count > 0 ? b.groups[0].side : 0; }

  bool opens_full_batch() const {
    auto b = std::make_unique<Battle>(run_.position().at.battle);
    run_.decide(*b, no_plan());
    return dice_to_roll(*b) >= kMaxBatch;
  }
  // The pairs of plans choose() values.
  long evaluations() const {
    const auto np = static_cast<long>(plans_[0].size()), nq = static_cast<long>(plans_[1].size());
    return np * nq <= static_cast<long>(kMaxPairs) ? np * nq : 2 * (np + nq);
  }

  // The final estimate, on dice of its own: `samples` battles, or fewer once each side's chance to
  // take or hold the region has a standard error within `error`.
  Stats final_estimate(const StancePlan& plan) {
    Stats s;
    for (int n = std::min(q_.samples, kErrorFirst);; n = std::min(q_.samples, n + kErrorCheck)) {
      run_.extend(s, plan, n, q_.seed, 1);
      const Tally se = s.se();
      if (n >= q_.samples || (q_.error > 0 && se[field(kWins, 0)] <= q_.error && se[field(kWins, 1)] <= q_.error)) return s;
    }
  }

  // The first side's result (zero-sum: the other side's is its negative).
  double result(const Tally& m) const {
    const int f = first_, o = 1 - first_;
    return result_of(m[field(kWins, f)] - m[field(kWins, o)], m[field(kCasualtyPoints, o)] - m[field(kCasualtyPoints, f)], cp_total_);
  }

  // The first side's result of the pair: exact, or over `screen_` battles of the screening's dice.
  double pair(std::size_t i, std::size_t j) {
    const auto k = std::make_pair(i, j);
    const StancePlan plan = merge(plans_[at(first_)][i], plans_[at(1 - first_)][j], 1 - first_);
    if (!exact_mode_) {
      Stats& s = screened_[k];
      if (s.n < screen_) run_.extend(s, plan, screen_, q_.seed, 0);
      return result(s.mean());
    }
    if (const auto it = values_.find(k); it != values_.end()) return it->second;
    Tally m;
    if (!exact_.value(plan, q_.exact_budget, m)) exact_failed_ = true;
    return values_[k] = result(m);
  }

  // The second side's best answer to the first side's plan i, among its plans still in play.
  std::size_t answer(std::size_t i) {
    std::size_t best = live_[1].front();
    for (std::size_t j : live_[1])
      if (pair(i, j) < pair(i, best)) best = j;
    return best;
  }

  // Whether plan x of a side (0: the first, which maximizes the result; 1: the other) does no better
  // than plan y against every plan of the other side still in play (ties: the later plan goes).
  bool dominated(int side, std::size_t x, std::size_t y) {
    bool worse = false;
    for (std::size_t z : live_[at(1 - side)]) {
      const double vx = side == 0 ? pair(x, z) : -pair(z, x), vy = side == 0 ? pair(y, z) : -pair(z, y);
      if (vx > vy) return false;
      worse = worse || vx < vy;
    }
    return worse || y < x;
  }

  // Dominated plans dropped, side after side, until none is (on a first look at a few battles each:
  // common dice, so a plan worse against every answer is rarely so by chance alone).
  void prune() {
    for (bool dropped = true; dropped;) {
      dropped = false;
      for (int side = 0; side < kSides; ++side) {
        std::vector<std::size_t>& live = live_[at(side)];
        for (std::size_t n = 0; n < live.size() && live.size() > 1;) {
          const std::size_t x = live[n];
          const bool gone = std::any_of(live.begin(), live.end(), [&](std::size_t y) { return y != x && dominated(side, x, y); });
          if (gone)
            live.erase(live.begin() + static_cast<std::ptrdiff_t>(n)), dropped = true;
          else
            ++n;
        }
      }
    }
  }

  StancePlan choose() {
    const std::size_t np = plans_[at(first_)].size(), nq = plans_[at(1 - first_)].size();
    for (int side = 0; side < kSides; ++side) {
      live_[at(side)].resize(side == 0 ? np : nq);
      for (std::size_t i = 0; i < live_[at(side)].size(); ++i) live_[at(side)][i] = i;
    }
    exact_failed_ = false;
    screened_.clear();
    std::size_t best = 0;
    if (np * nq > 1 && np * nq <= kMaxPairs) {  // the first side's plan whose best answer is best for it
      if (!exact_mode_) {
        screen_ = kPruneBattles;
        prune();
        screen_ = static_cast<int>(
            std::clamp<long>(kRefineBattles / static_cast<long>(live_[0].size() * live_[1].size()), kScreenMin, kScreenMax));
      }
      best = live_[0].front();
      for (std::size_t i : live_[0])
        if (pair(i, answer(i)) > pair(best, answer(best))) best = i;
    } else if (np * nq > 1) {  // alternating best answers from the first plans
      screen_ = static_cast<int>(kScreenBattles / static_cast<long>(kMaxPairs));
      for (int round = 0; round < 2; ++round) {
        const std::size_t j = answer(best);
        for (std::size_t i = 0; i < np; ++i)
          if (pair(i, j) > pair(best, j)) best = i;
      }
    }
    if (exact_failed_ && exact_mode_) {
      exact_mode_ = false;
      values_.clear();
      return choose();
    }
    return merge(plans_[at(first_)][best], plans_[at(1 - first_)][answer(best)], 1 - first_);
  }

  const OddsQuery& q_;
  Runner run_;
  Exact exact_;
  int first_;
  double cp_total_;
  std::array<std::vector<StancePlan>, kSides> plans_;
  std::array<bool, kSides> chose_{};
  std::array<std::vector<std::size_t>, kSides> live_;              // plans in play: the first side's, the other's
  std::map<std::pair<std::size_t, std::size_t>, double> values_;   // exact
  std::map<std::pair<std::size_t, std::size_t>, Stats> screened_;  // Monte Carlo
  bool exact_mode_ = false, exact_failed_ = false;
  int screen_ = kScreenMin;
};

}  // namespace

Evaluation evaluate(const Game& g, const Position& p, const OddsQuery& q) { return Search(g, p, q).run(); }

}  // namespace warroom::calc

namespace warroom {

double side_result(const Game& game, const Battle& battle, const Odds& odds, int side) {
  const SideOdds &me = odds.side[at(side)], &them = odds.side[at(1 - side)];
  return calc::result_of(me.wins.mean - them.wins.mean, them.casualty_points.mean - me.casualty_points.mean,
                         calc::casualty_total(game, battle));
}

}  // namespace warroom
