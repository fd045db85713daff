// The rulebook 'Bots: each decision is an ordered list of priorities over the legal actions; the
// first priority that any action meets decides, and the 'Bot picks at random among the actions that
// meet it best (11.1, 11.4-11.8). docs/bots.md is the readable form of this file.
#include "churchill/rulebook_bot.h"

#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <vector>

#include "churchill/actions.h"
#include "churchill/rules.h"

namespace churchill {

namespace {

// Weights of the Meeting and Decision lists (docs/bots.md), chosen by self-play.
constexpr double kHoldCenter = 0.5;  // how surely an issue one step onto a track stays there ...
constexpr double kHoldStep = 0.07;   // ... and how much surer each further space makes it
constexpr double kDenial = 0.5;      // a rival's win counts against the 'Bot at this share of its value
constexpr int kDebateRate = 5;       // a debate must gain 5 per point of card value it spends
constexpr int kFrontGain = 20;       // rank weight of the VP a Front's advance gains over rivals
constexpr int kBarred = 4;           // rank cost of a network where the Global Issues bar an alignment

// A priority: keeps the legal actions it accepts, each with a rank.
using Priority = std::function<bool(core::Action, int& rank)>;

// The first priority that accepts any legal action decides: the 'Bot picks at random among the
// actions it ranks best (lower is better).
core::Action decide(const core::ActionList& legal, const std::vector<Priority>& priorities, core::Rng& rng) {
  core::ActionList tied;  // the accepted actions of the lowest rank so far, in the legal order
  for (const Priority& p : priorities) {
    int lowest = 0;
    for (core::Action a : legal) {
      int rank = 0;
      if (!p(a, rank)) continue;
      if (tied.empty() || rank < lowest) {
        tied.clear();
        lowest = rank;
      }
      if (rank == lowest) tied.push_back(a);
    }
    if (!tied.empty()) return tied[rng.below(static_cast<std::uint32_t>(tied.size()))];
  }
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];  // 11.2: judgment, then a die
}

int position_for(const IssueState& is, Power power) {  // +space on my track, -space on another's
  if (is.where != IssueWhere::Table || is.track == kCenter) return 0;
  return is.on_track_of(power) ? is.space : -is.space;
}

// --- Issue values (docs/bots.md) -----------------------------------------------------------------

// Own networks without an alignment that moving Global Issue marker `marker` to the power's
// advantage would open to an alignment (6.11).
int barred_networks(const Game& g, const State& s, Power power, GlobalIssueId marker) {
  State won = s;
  won.global[marker] = power;
  int n = 0;
  for (LocationId l : g.data().locations.ids()) {
    if (s.networks[l] == 0 || s.network_owner[l] != power || s.alignment[l] != kNoPower) continue;
    n += !rules::global_allows(g.data(), g.known(), s, power, l, false) && rules::global_allows(g.data(), g.known(), won, power, l, false);
  }
  return n;
}

int global_value(const Game& g, const State& s, Power power) {
  int v = 0;
  for (GlobalIssueId m : g.data().global_issues.ids()) {
    if (rules::may_move_global(g.data(), s, power, m)) {
      // 5 VP (a swing of 10 from an opponent's advantage), and the alignments it would unlock.
      const int swing = s.global[m] == kNoPower ? 6 : 8;
      v = std::max(v, swing + 2 * barred_networks(g, s, power, m));
    }
  }
  return v;
}

}  // namespace

int issue_value(const Game& g, const State& s, Power power, IssueId issue) {
  const Data& d = g.data();
  const Issue& is = d.issues[issue];
  const int last = static_cast<int>(d.a_bomb.size()) - 1;
  const bool named = is.power == power;  // the power printed on a Production or Directed Offensive issue
  switch (is.kind) {
    case IssueKind::PolMil: return 2 * is.alignment + is.networks + (power == Power::USSR);
    case IssueKind::Production: return named ? (power == Power::US ? 4 : 3) : 4;
    case IssueKind::DirectedOffensive: return named ? 3 : 2;
    case IssueKind::TheaterLeadership:
      if (power == Power::USSR) return 3;
      return (is.region == Region::Europe) == (power == Power::UK) ? 5 : 3;
    case IssueKind::ABombResearch:
      if (power == Power::USSR) return s.spy_ring < last ? 5 : 1;
      return s.a_bomb < last ? (power == Power::US ? 5 : 3) : 1;
    case IssueKind::GlobalIssue: return global_value(g, s, power);
    case IssueKind::StrategicMaterials: return 2;
    case IssueKind::SecondFront:
    case IssueKind::UssrDeclaresWar: return 0;  // wanted in the centre, not won (see the conditional list)
  }
  return 1;
}

namespace {

class RulebookBot final : public Bot {
 public:
  core::Action choose(const Game& g, const State& s, core::Seat seat, core::Rng& rng) override {
    core::ActionList legal;
    g.legal_actions(s, seat, legal);
    if (legal.size() == 1) return legal[0];
    const Ctx x{g, s, seat};
    switch (s.steps.top().id) {
      case StepId::AgendaPlay: return decide(legal, agenda_card(x), rng);
      case StepId::TieBreakOffer: return decide(legal, tie_offer(x), rng);
      case StepId::TieBreakChoose:
      case StepId::PlacementOrder: return decide(legal, choose_other(x), rng);
      case StepId::AgendaWinnerPlaces:
      case StepId::AgendaPairs: return decide(legal, select_issue(x), rng);
      case StepId::MeetingTurn: return decide(legal, advance(x), rng);
      case StepId::ChiefIssue: return decide(legal, !s.steps.top().as<step::ChiefIssue>().debate ? advance(x) : chief_debate(x), rng);
      case StepId::DebateOffer: return decide(legal, debate(x), rng);
      case StepId::DirectedOffensives: return decide(legal, directed(x), rng);
      case StepId::Allocation: return decide(legal, allocate(x), rng);
      case StepId::TheaterLeadership: return decide(legal, leadership(x), rng);
      case StepId::GlobalIssue: return decide(legal, global(x), rng);
      case StepId::PlaceNetworks: return decide(legal, networks(x), rng);
      case StepId::PlaceAlignment: return decide(legal, alignment(x), rng);
      default: return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    }
  }

 private:
  // One decision: the view, the seat, and what every candidate action is measured against,
  // computed once for the decision rather than once per candidate.
  struct Ctx {
    const Game& g;
    const State& s;
    int me;
    Power who = power_at(me);  // the seat's power, converted once for the decision
    mutable std::optional<std::array<int, kPowers>> scores{}, front_scores{};
    mutable PowerArray<IssueArray<std::int8_t>> values = unknown_values();
    mutable FrontArray<std::optional<int>> front_gains{};

    static PowerArray<IssueArray<std::int8_t>> unknown_values() {
      PowerArray<IssueArray<std::int8_t>> v;
      for (auto& row : v) row.fill(-1);
      return v;
    }
    const Data& d() const { return g.data(); }
    const Known& k() const { return g.known(); }
    const StaffCard& card(StaffId c) const { return d().staff[who][c]; }
    int value(IssueId issue) const { return value_to(who, issue); }
    int value_to(Power power, IssueId issue) const {
      std::int8_t& v = values[power][issue];
      if (v < 0) v = static_cast<std::int8_t>(issue_value(g, s, power, issue));
      return v;
    }
    int score(int p) const {
      if (!scores) scores = g.totals(s, false);
      return (*scores)[static_cast<std::size_t>(p)];
    }
    int front_score(int p) const {
      if (!front_scores) front_scores = g.front_totals(s);
      return (*front_scores)[static_cast<std::size_t>(p)];
    }
    // 11.3: the best bonus a card in hand has for an issue.
    int hand_bonus(IssueId issue) const {
      int best = 0;
      for (StaffId c : s.hand[who])
        for (const Effect& e : card(c).effects)
          if (e.type == EffectType::Modifier && e.amount > 0 &&
              (e.when.issues.test(issue) || e.when.issue_kinds.test(d().issues[issue].kind)))
            best = std::max<int>(best, e.amount);
      return best;
    }
    int card_value(StaffId c) const { return card(c).chief_of_staff() ? 4 : card(c).value; }
  };

  // Where a move of `n` toward `power` leaves an issue (5.22, without the stop at the centre).
  static IssueState moved(IssueState is, Power power, int n) {
    rules::move_toward(is, power, n, false);
    return is;
  }

  // Does the conditional issue `issue` want to sit in the centre for `me`? (docs/bots.md)
  static bool want_center(const Ctx& x, IssueId issue) {
    const Issue& is = x.d().issues[issue];
    if (is.kind == IssueKind::SecondFront) return x.who != Power::UK || x.s.entered[x.k().central_italy] != 0 || x.s.conference >= 5;
    if (is.kind == IssueKind::UssrDeclaresWar) return x.who != Power::USSR || x.s.surrendered[0] || x.s.conference >= 7;
    return false;
  }

  // --- 11.4 Agenda ---------------------------------------------------------------------------------

  static std::vector<Priority> agenda_card(const Ctx& x) {
    // UK: its strongest plain card (+1 Imperial Staff); US: a middling one; USSR: its weakest,
    // keeping strong cards for debates with Nyet. Chiefs of Staff are kept for the Meeting.
    return {[&x](core::Action a, int& rank) {
      const StaffCard& c = x.card(staff_at(arg_a(a)));  // the action's card
      if (c.chief_of_staff()) return false;
      const bool plain = c.effects.empty();
      if (x.who == Power::UK)
        rank = -c.value * 2 - plain;
      else if (x.who == Power::USSR)
        rank = c.value * 2 - plain;
      else
        rank = std::abs(c.value - 3) * 2 - plain;
      return true;
    }};
  }

  static std::vector<Priority> select_issue(const Ctx& x) {
    return {// 1. A conditional issue the 'Bot wants settled in the centre this conference.
            [&x](core::Action a, int&) {
              const IssueId i = issue_at(arg_a(a));  // the action's issue
              const Issue& is = x.d().issues[i];
              if (is.kind == IssueKind::SecondFront) return x.who != Power::UK && want_center(x, i) && x.s.front[x.k().western] >= 0;
              if (is.kind == IssueKind::UssrDeclaresWar) return x.who == Power::US && want_center(x, i) && x.s.front[x.k().far_east] >= 0;
              return false;
            },
            // 2. The issue it values most, counting the bonuses its hand has for it (11.3).
            [&x](core::Action a, int& rank) {
              const IssueId i = issue_at(arg_a(a));  // the action's issue
              if (x.d().issues[i].conditional()) return false;
              rank = -(x.value(i) * 2 + x.hand_bonus(i));
              return true;
            }};
  }

  static std::vector<Priority> tie_offer(const Ctx& x) {
    // Break a tie the 'Bot is in; otherwise keep the Leader.
    return {
        [&x](core::Action a, int&) { return kind_of(a) == Act::TieBreak && x.s.steps.top().as<step::TieBreakOffer>().tied.test(x.who); },
        [](core::Action a, int&) { return kind_of(a) == Act::NoTieBreak; }};
  }

  static std::vector<Priority> choose_other(const Ctx& x) {
    // Give the tie (or the first placement) to the lowest scorer: nobody runs away with the peace.
    return {[&x](core::Action a, int& rank) {
      rank = x.score(arg_a(a));
      return true;
    }};
  }

  // --- 11.5 Meeting --------------------------------------------------------------------------------

  // The gain of a play for `me`, in tenths of VP: the change in the issue's worth; a conditional
  // issue gains when it comes into the centre it wants (or is captured, if it is not wanted
  // there) and loses when pushed out.
  static int gain(const Ctx& x, IssueId issue, int value, bool stop) {
    const IssueState& is = x.s.issues[issue];
    if (x.d().issues[issue].conditional()) {
      const IssueState after = stop ? IssueState{is.where, kCenter, 0, kNoPower} : moved(is, x.who, value);
      const int off_center = after.track == kCenter ? 0 : 1;
      return want_center(x, issue) ? (is.track != kCenter && after.track == kCenter ? 12 : -10 * off_center)
                                   : (after.space >= kChair ? 12 : 2 * position_for(after, x.who));
    }
    const IssueState after = moved(is, x.who, value);
    return static_cast<int>(10 * (worth(x, issue, after) - worth(x, issue, is)));
  }

  // How surely an issue where it stands ends the Meeting won by `power` (5.27): surely once
  // captured, more surely the deeper it is on the power's track (the harder to pull back).
  static double hold(const IssueState& is, Power power) {
    if (is.where != IssueWhere::Table || !is.on_track_of(power)) return 0;
    return is.space >= kChair ? 1.0 : kHoldCenter + is.space * kHoldStep;
  }

  // What an issue where it stands is worth to the 'Bot against its rivals: its own value if it
  // wins it, less a share (kDenial) of a rival's value if that rival does; each issue won also
  // counts toward the conference (5.27; 9.4 D, E: 3 VP to the US or UK, 5 to the USSR, shared
  // over about three issues).
  static double worth(const Ctx& x, IssueId issue, const IssueState& is) {
    double w = 0;
    for (Power p : kAllPowers) {
      const double v = x.value_to(p, issue) + (p == Power::USSR ? 5 : 3) / 3.0;
      w += (p == x.who ? 1.0 : -kDenial) * hold(is, p) * v;
    }
    return w;
  }

  // Where the advanced issue ends if the 'Bot debates with `value` (0: it does not): a capture
  // still pending is decided by the difference (5.23); otherwise the debater moves it (5.24).
  static IssueState after_debate(const Ctx& x, int value, bool stop) {
    const Play& adv = x.s.advance;
    IssueState is = x.s.issues[adv.issue];
    Play deb{};
    if (value > 0) {
      deb.seat = x.who;
      deb.value = static_cast<std::int8_t>(value);
      deb.stop_at_center = stop;
    }
    rules::settle_debate(is, adv, deb, rules::capture_pending(x.s));
    return is;
  }

  static std::vector<Priority> advance(const Ctx& x) {
    const State& s = x.s;
    const int cards = s.cards_in_hand(x.who);
    int others = 0;  // the most cards another power holds, in the full state as in an observation
    for (Power p : kAllPowers)
      if (p != x.who) others = std::max(others, s.cards_in_hand(p));
    auto play_value = [&x](core::Action a) {
      if (kind_of(a) == Act::ChiefIssue) return static_cast<int>(x.s.advance.value);
      if (kind_of(a) == Act::AdvanceLeader) return static_cast<int>(x.d().leaders[x.s.leaders[x.who].card].value);
      return reduced_value(arg_c(a)) ? reduced_value(arg_c(a)) : x.card_value(staff_at(arg_a(a)));
    };
    return {// 1. Pass when it has more cards than anyone else (4.22: not to run out early).
            [=](core::Action a, int&) { return kind_of(a) == Act::Pass && cards > others; },
            // 2. Capture an issue worth 4 or more with a staff card: the weakest card that does it.
            [=, &x](core::Action a, int& rank) {
              if (kind_of(a) != Act::Advance && kind_of(a) != Act::ChiefIssue) return false;
              const IssueId issue = issue_at(arg_b(a));  // the action's issue
              const IssueState after = moved(x.s.issues[issue], x.who, play_value(a));
              if (x.value(issue) < 4 || !after.on_track_of(x.who) || after.space < kChair || (arg_c(a) & kStopAtCenter)) return false;
              rank = play_value(a) - 2 * x.value(issue);
              return true;
            },
            // 3. Use the Leader on an issue worth 6 or more that is not already safely its own.
            [=, &x](core::Action a, int& rank) {
              if (kind_of(a) != Act::AdvanceLeader) return false;
              const IssueId issue = issue_at(arg_b(a));  // the action's issue
              if (x.value(issue) < 6 || position_for(x.s.issues[issue], x.who) >= 4) return false;
              rank = x.card_value(staff_at(arg_a(a))) - x.value(issue);  // discard the weakest card
              return true;
            },
            // 4. The play with the best gain per card value spent; the Chief of Staff commits early.
            [=, &x](core::Action a, int& rank) {
              if (kind_of(a) == Act::AdvanceChief) {
                rank = -6;
                return true;
              }
              if (kind_of(a) != Act::Advance && kind_of(a) != Act::ChiefIssue) return false;
              const int g = gain(x, issue_at(arg_b(a)), play_value(a), arg_c(a) & kStopAtCenter);
              if (g <= 0) return false;
              rank = -(g * 4) / std::max(1, play_value(a)) - g;
              return true;
            },
            // 5. Otherwise spend the weakest card where it does least harm.
            [=, &x](core::Action a, int& rank) {
              if (kind_of(a) != Act::Advance && kind_of(a) != Act::Discard && kind_of(a) != Act::ChiefIssue) return false;
              rank = play_value(a) * 10 -
                     (kind_of(a) == Act::Discard ? 0 : gain(x, issue_at(arg_b(a)), play_value(a), arg_c(a) & kStopAtCenter));
              return true;
            }};
  }

  static std::vector<Priority> debate(const Ctx& x) {
    const Play& adv = x.s.advance;
    const IssueId issue = adv.issue;
    const IssueState now = x.s.issues[adv.issue];
    const bool conditional = x.d().issues[adv.issue].conditional();
    auto value_of = [&x](core::Action a) {
      if (kind_of(a) == Act::DebateChief) return 4;
      return reduced_value(arg_c(a)) ? reduced_value(arg_c(a)) : x.card_value(staff_at(arg_a(a))) + rules::nyet_bonus(x.who, false, true);
    };
    auto staff = [](core::Action a) { return kind_of(a) == Act::Debate || kind_of(a) == Act::DebateChief; };
    return {// 1. Bring a conditional issue back into the centre it wants, with the weakest card.
            [=, &x](core::Action a, int& rank) {
              if (!staff(a) || !conditional || !want_center(x, issue) || now.track == kCenter) return false;
              rank = value_of(a);
              return true;
            },
            // 2. A debate whose gain is worth the card it spends (Nyet's +1 costs nothing).
            [=, &x](core::Action a, int& rank) {
              if (!staff(a) || conditional) return false;
              const bool stop = kind_of(a) == Act::Debate && (arg_c(a) & kStopAtCenter);
              const double g = 10 * (worth(x, issue, after_debate(x, value_of(a), stop)) - worth(x, issue, after_debate(x, 0, false)));
              const int cost = kind_of(a) == Act::DebateChief ? 4 : x.card_value(staff_at(arg_a(a)));
              if (g < kDebateRate * cost) return false;
              rank = -static_cast<int>(g - kDebateRate * cost);
              return true;
            },
            // 3. Meet a Leader with the Leader on an issue worth 6 or more.
            [=, &x](core::Action a, int&) { return kind_of(a) == Act::DebateLeader && adv.leader && x.value(issue) >= 6; },
            // 4. Otherwise let it be.
            [](core::Action a, int&) { return kind_of(a) == Act::NoDebate; }};
  }

  static std::vector<Priority> chief_debate(const Ctx& x) {
    // The Chief of Staff's debate of a conditional issue stops in the centre if the 'Bot wants it there.
    return {[&x](core::Action a, int&) { return ((arg_c(a) & kStopAtCenter) != 0) == want_center(x, x.s.debate.issue); }};
  }

  // --- 11.6 Decision Segment -----------------------------------------------------------------------

  // What one more space of a Front is worth to the 'Bot now, against its rivals: its own VP change
  // less the mean of theirs (9.4: the furthest space a Front reached, G on entering an Axis power,
  // K/L, R, and S, the Interservice Rivalry that pays the UK and the USSR when the US lets one
  // Pacific Front run ahead of the other).
  static int advance_gain(const Ctx& x, FrontId front) {
    std::optional<int>& gain = x.front_gains[front];
    if (gain) return *gain;
    gain = 0;
    const Front& f = x.d().fronts[front];
    const int next = x.s.front[front] + 1;
    if (next >= static_cast<int>(f.track.size())) return 0;
    State after = x.s;
    after.front[front] = static_cast<std::int8_t>(next);
    auto& entered = after.entered[f.track[static_cast<std::size_t>(next)].space];
    if (entered == 0) entered = static_cast<std::int8_t>(x.s.conference);
    const auto is = x.g.front_totals(after);  // only these conditions change when a Front advances
    int mine = 0, theirs = 0;
    for (int p = 0; p < kPowers; ++p) (p == x.me ? mine : theirs) += is[static_cast<std::size_t>(p)] - x.front_score(p);
    return *gain = 2 * mine - theirs;  // twice: the mean of two rivals' changes, in whole VP
  }

  // The Fronts in the order the 'Bot backs them (lower first): a Front blocked this conference, or
  // at strength 10 or more, last; then by the VP its advance gains over the rivals, its own colour
  // (US and UK share theirs), the fewest spaces left to its Axis power.
  static int front_rank(const Ctx& x, FrontId front) {
    const Front& f = x.d().fronts[front];
    const bool mine = x.who == Power::USSR ? f.color == Power::USSR : f.color != Power::USSR;
    const int strength = rules::front_strength(x.s, front);
    const int left = rules::spaces_left(x.d(), x.s, front);
    const int next = x.s.front[front] + 1;
    const bool blocked = next < static_cast<int>(f.track.size()) && rules::barred_by_conditional(x.k(), x.s, f, next);
    return (strength >= 10) * 10000 + blocked * 5000 - advance_gain(x, front) * kFrontGain + (!mine) * 100 + left * 10 +
           std::max(0, strength);
  }

  static std::vector<Priority> directed(const Ctx& x) {
    // Another's Directed Offensive goes on a Front of the 'Bot's colour nearest its Axis power;
    // its own on the Front it would back anyway.
    return {[&x](core::Action a, int& rank) {
      rank = front_rank(x, front_at(arg_b(a)));
      return true;
    }};
  }

  static std::vector<Priority> allocate(const Ctx& x) {
    const State& s = x.s;
    return {// 1. Naval support where a Front of its side needs it for an amphibious entry (3, 5 for Normandy).
            [&x, &s](core::Action a, int& rank) {
              if (kind_of(a) != Act::Naval) return false;
              const TheaterId theater = theater_at(arg_a(a));
              if (x.k().front_of_theater[theater] < 0) return false;  // the Arctic: no Front
              const FrontId f = front_at(x.k().front_of_theater[theater]);
              const Front& front = x.d().fronts[f];
              const int next = s.front[f] + 1;
              if (next >= static_cast<int>(front.track.size())) return false;
              const TrackStep& t = front.track[static_cast<std::size_t>(next)];
              if (!t.amphibious || s.naval[theater] >= t.naval_required) return false;
              rank = front_rank(x, f);
              return true;
            },
            // 2. The USSR wants three naval in the Arctic (+1 production, Norway and Finland).
            [&x, &s](core::Action a, int&) {
              return x.who == Power::USSR && kind_of(a) == Act::Naval && theater_at(arg_a(a)) == x.k().arctic && s.naval[x.k().arctic] < 3;
            },
            // 3. Activate a won Pol-Mil issue.
            [](core::Action a, int& rank) {
              rank = -arg_a(a);
              return kind_of(a) == Act::Activate;
            },
            // 4. The US and the UK push the A-Bomb roll to a sure 4 (+3).
            [&x, &s](core::Action a, int&) { return x.who != Power::USSR && kind_of(a) == Act::ABombModifier && s.a_bomb_modifier < 3; },
            // 5. Offensive support on the Front it backs most.
            [&x](core::Action a, int& rank) {
              if (kind_of(a) != Act::Offensive) return false;
              rank = front_rank(x, front_at(arg_a(a)));
              return true;
            },
            // 6. Anything else it may (mandates and Directed Offensives limit the choice already).
            [](core::Action, int&) { return true; }};
  }

  static std::vector<Priority> leadership(const Ctx& x) {
    // The US and UK take the command; the USSR gives it to the weaker of the two.
    return {[&x](core::Action a, int& rank) {
      rank = x.who == Power::USSR ? x.score(arg_b(a)) : (arg_b(a) == x.me ? 0 : 1);
      return true;
    }};
  }

  static std::vector<Priority> global(const Ctx& x) {
    // Swing a marker from an opponent's advantage first, then a neutral one.
    return {[&x](core::Action a, int& rank) {
      rank = x.s.global[global_issue_at(arg_a(a))] == kNoPower ? 1 : 0;
      return true;
    }};
  }

  // --- 11.7-11.8 Pol-Mil segment -------------------------------------------------------------------

  static bool on_agenda(const Ctx& x, LocationId location) {
    for (MarkerId m : x.s.secret_agenda[x.who])
      if (m != kNoMarker && x.d().secret_agenda[m].location == location) return true;
    return false;
  }

  static std::vector<Priority> networks(const Ctx& x) {
    const State& s = x.s;
    return {// 1. A second network where it holds the alignment or a Secret Agenda location.
            [&x, &s](core::Action a, int&) {
              if (kind_of(a) != Act::PlaceNetwork) return false;
              const LocationId l = location_at(arg_a(a));
              return s.networks[l] == 1 && (s.alignment[l] == x.who || on_agenda(x, l));
            },
            // 2. Remove a lone rival network where that rival holds the alignment.
            [&s](core::Action a, int&) {
              if (kind_of(a) != Act::RemoveNetwork) return false;
              const LocationId l = location_at(arg_a(a));
              return s.networks[l] == 1 && s.alignment[l] == s.network_owner[l];
            },
            // 3. A first network in an empty location: Secret Agenda first, not behind another's Front;
            //    the UK prefers countries (it scores empty colonies, 9.4 F).
            [&x, &s](core::Action a, int& rank) {
              if (kind_of(a) != Act::PlaceNetwork || s.networks[location_at(arg_a(a))] != 0) return false;
              const LocationId l = location_at(arg_a(a));
              rank = (on_agenda(x, l) ? 0 : 10) + (s.behind_front[l] ? 5 : 0) + (x.who == Power::UK && x.d().locations[l].colony ? 3 : 0) +
                     (rules::global_allows(x.d(), x.g.known(), s, x.who, l, false) ? 0 : kBarred);
              return true;
            },
            // 4. Remove any lone rival network; 5. anything else but declining a removal.
            [&s](core::Action a, int&) { return kind_of(a) == Act::RemoveNetwork && s.networks[location_at(arg_a(a))] == 1; },
            [](core::Action a, int&) { return kind_of(a) != Act::Decline; }};
  }

  static std::vector<Priority> alignment(const Ctx& x) {
    return {// 1. Align a Secret Agenda location; 2. any location; 3. remove a rival's alignment.
            [&x](core::Action a, int&) { return kind_of(a) == Act::PlaceAlignment && on_agenda(x, location_at(arg_a(a))); },
            [](core::Action a, int&) { return kind_of(a) == Act::PlaceAlignment; },
            [](core::Action a, int&) { return kind_of(a) == Act::RemoveAlignment; }};
  }
};

}  // namespace

std::unique_ptr<Bot> make_rulebook_bot() { return std::make_unique<RulebookBot>(); }

}  // namespace churchill
