// Internal to the rules: the context every rulebook-part file works in, the log events, and the
// functions each part exports to the step dispatcher in game.cpp.
#pragma once

#include "churchill/actions.h"
#include "churchill/game.h"
#include "core/expect.h"
#include "core/log.h"
#include "core/steps.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <optional>
#include <type_traits>

namespace churchill::rules {

// The text form of chance outcome `a` at the step on top of the stack ("roll 4", "deal harris").
std::string outcome_text(const Game& g, const State& s, core::Action a);

enum class Event : std::uint16_t {
  ConferenceCard,       // card
  Mandate,              // power, count, theater (kNone: not a theater), use
  ProductionChange,     // power, count
  IssueToTable,         // issue
  LeaderRestricted,     // power, restriction, the Leader named, the Leader in office
  ReservePlaced,        // reserve kind, count, front (or -1), theater (or -1)
  NavalLost,            // theater
  NavalPlaced,          // theater, power (or -1)
  OffensivePlaced,      // front, power (or -1), source
  ConvoyRoll,           // die, arrived
  ConvoyArrives,        // power
  PolMilCount,          // die, rolls
  PolMilCell,           // red, blue, location, 1 + the PolMilAction the roll is for
  NetworkPlaced,        // power, location
  NetworkRemoved,       // power, location
  AlignmentPlaced,      // power, location
  AlignmentRemoved,     // power, location
  MarkerLost,           // power, location, 0 network / 1 alignment
  RemovalDeclined,      // power, markers lost, 0 network / 1 alignment (7.12, 7.32)
  Dealt,                // power, count
  Shuffled,             // power, deck size
  AgendaRevealed,       // power, card, value
  AgendaWinner,         // power, difference
  TieBroken,            // leader's power, winner
  TieByUs,              // the US (chooser), winner
  IssueSelected,        // power, issue, space
  Played,               // power, card (-1: Leader), issue, value
  Debated,              // power, card (-1: Leader), value
  IssueMoved,           // issue, track (-1 centre), space
  Captured,             // power, issue
  Passed,               // power
  Discarded,            // power, card
  ChiefValue,           // power, die
  HealthRoll,           // power, card (-1: Leader), roll, failed
  CardRemoved,          // power, card
  LeaderDies,           // old leader, new leader
  HeartAttack,          // power
  Paranoia,             // roll, failed
  Purge,                // card, roll, failed
  NetworksGained,       // power, count
  AlignmentGained,      // power, count
  IssueWon,             // power, issue
  ConditionalInEffect,  // issue
  ConferenceWinner,     // power, issues
  DirectedPlaced,       // power, issue, front
  ProductionTotal,      // power, amount
  ProductionTaken,      // taker, from
  Activated,            // power, issue
  ABombModifier,        // power
  LeadershipSet,        // power deciding, region, holder
  ABombRoll,            // die, modifier, advanced
  SpyRing,              // position
  GlobalMoved,          // power, marker
  EndOfConference,      // conference
  FrontHeld,            // front, exception of 7.73, strength (naval support for exception 1), naval needed
  FrontRolled,          // front, roll, strength, advanced
  FrontAdvanced,        // front, space
  ReserveCollapse,      // reserve kind (7.63, 7.65)
  IjnSortie,            // roll, theater (-1: no sortie) (7.64.4)
  IjnBattle,            // roll, eliminated, IJN left in the game (7.64.5)
  Surrender,            // 0 Germany, 1 Japan
  GameWon,              // power
  SecretAgendaDrawn,    // power, count
  BreakthroughHeld,     // front, the space it would enter second: a breakthrough stops before an amphibious space (7.74)
};

// The contexts the rules work in (core/steps.h): CCtx reads the game and the state, Ctx may change
// the state and write the log. A read-only function takes a CCtx; a Ctx is one too (by copy).
struct CCtx : core::steps::View<Game, State> {
  const Data& d = g.data();
  const Known& k = g.known();
};
// A log event's argument: an int, or a typed id (its index, as the log has always held it).
struct LogArg {
  int v;
  constexpr LogArg(int i) : v(i) {}  // NOLINT: implicit, as the int it is
  template <class Id>
  requires std::is_same_v<Id, Power> || std::is_same_v<Id, FrontId> || std::is_same_v<Id, IssueId> || std::is_same_v<Id, StaffId> ||
      std::is_same_v<Id, TheaterId> || std::is_same_v<Id, SpaceId> || std::is_same_v<Id, LocationId> || std::is_same_v<Id, LeaderId> ||
      std::is_same_v<Id, AxisId> || std::is_same_v<Id, ConferenceCardId>
  constexpr LogArg(Id id) : v(index(id)) {}  // NOLINT: implicit, a log argument is the id's index
};
struct Ctx : core::steps::Context<Game, State, CCtx> {
  const Data& d = g.data();
  const Known& k = g.known();

  operator CCtx() const { return view(); }  // NOLINT: a mutable context reads as the read-only one
  void note(const char* rule, int seat, Event e, LogArg a = 0, LogArg b = 0, LogArg c = 0, LogArg dd = 0) const {
    if (log) log->add({rule, static_cast<core::Seat>(seat), static_cast<std::uint16_t>(e), {a.v, b.v, c.v, dd.v}});
  }
  // The same, by a power's seat.
  void note(const char* rule, Power seat, Event e, LogArg a = 0, LogArg b = 0, LogArg c = 0, LogArg dd = 0) const {
    note(rule, index(seat), e, a, b, c, dd);
  }
};

// Is the step on top of the stack one of `ids`?
inline bool at_step(const State& s, std::initializer_list<StepId> ids) {
  if (s.steps.empty()) return false;
  for (StepId id : ids)
    if (s.steps.top().id == id) return true;
  return false;
}
// May `seat` act at this step?
inline bool acting(const CCtx& c, int seat) {
  return seat >= 0 && seat < kPowers && (c.g.acting_seats(c.s) & core::seat_bit(static_cast<core::Seat>(seat)));
}
inline bool acting(const CCtx& c, Power seat) { return acting(c, index(seat)); }
// The number of set bits (a hand's cards, a deck's). Portable builds have no popcount instruction and
// __builtin_popcount calls into libgcc; this is the same count, inline.
constexpr int bit_count(std::uint32_t v) {
  v = v - ((v >> 1) & 0x55555555u);
  v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
  return static_cast<int>((((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}
static_assert(bit_count(0) == 0 && bit_count(0xffffffffu) == 32 && bit_count(0x80000001u) == 2);
constexpr int bit_count64(std::uint64_t v) {
  const int low = bit_count(static_cast<std::uint32_t>(v));
  return v >> 32 ? low + bit_count(static_cast<std::uint32_t>(v >> 32)) : low;  // a die or a deal: 32 bits
}

// A chance step whose outcomes are equally likely (a die, a deal from a pile) names them by the bits
// of their arguments: the outcome encode(Act::Chance, i) for each set bit i, lowest first, each of
// probability 1 / (the number of bits); 0 where they are not equally likely (two dice), and the
// step's list says them. The list (equal_outcomes) and the draw (Game::sample_chance) both come from
// these bits.
using EqualOutcomes = std::uint64_t (*)(const CCtx&);
void equal_outcomes(std::uint64_t bits, core::OutcomeList& out);  // game.cpp
// A die of `sides` faces: the outcomes 1..sides.
constexpr std::uint64_t faces(int sides) { return ((std::uint64_t{1} << sides) - 1) << 1; }
template <int Sides>
std::uint64_t die_faces(const CCtx&) {
  return faces(Sides);
}

// Calls f(i) for each set bit i of `bits`, lowest first (the order of a loop over i = 0..31).
template <class F>
inline void for_each_bit(std::uint32_t bits, F f) {
  for (; bits; bits &= bits - 1) f(__builtin_ctz(bits));
}
// The k-th set bit of `bits`, lowest first (k < bit_count(bits)).
inline int nth_bit(std::uint32_t bits, std::uint32_t k) {
  for (; k > 0; --k) bits &= bits - 1;
  return __builtin_ctz(bits);
}
// A legal-action list built in runs (meeting.cpp): `one(a)` adds an action; `run(count, each)` adds
// the count() actions that each(emit) emits, in order. ListOut builds the list. A random choice
// counts the actions (CountOut, which calls no `each`) and builds only the one it draws (NthOut,
// which calls no `count` and only the `each` of the run holding it): the same action as the
// list's item at that index, without the rest of the list (Game::random_action).
struct ListOut {
  core::ActionList& list;
  void one(core::Action a) { list.push_back(a); }
  template <class Count, class Each>
  void run([[maybe_unused]] Count count, Each each) {
    [[maybe_unused]] const std::size_t before = list.size();
    each([&](core::Action a) { list.push_back(a); });
    CORE_EXPECT(list.size() - before == count());
  }
};
inline constexpr int kMaxRuns = 64;
struct CountOut {
  std::uint32_t n = 0;
  int runs = 0;
  std::array<std::uint32_t, kMaxRuns> size;  // the size of each run (1 for `one`); the first `runs` are set
  void one(core::Action) { add(1); }
  template <class Count, class Each>
  void run(Count count, Each) {
    add(count());
  }

 private:
  void add(std::uint32_t k) {
    CORE_EXPECT(runs < kMaxRuns);
    size[static_cast<std::size_t>(runs++)] = k;
    n += k;
  }
};
struct NthOut {
  int target;           // the run holding the action ...
  std::uint32_t index;  // ... and its index there
  int runs = 0;
  core::Action action = 0;
  void one(core::Action a) {
    if (runs++ == target) action = a;
  }
  template <class Count, class Each>
  void run(Count, Each each) {
    if (runs++ != target) return;
    std::uint32_t i = 0;
    each([&](core::Action a) {
      if (i++ == index) action = a;
    });
  }
};
// A uniformly random one of the actions that gen(out) lists: the item rng.below(n) of the list.
template <class Gen>
core::Action random_action(Gen gen, core::Rng& rng) {
  CountOut count;
  gen(count);
  CORE_EXPECT(count.n > 0);
  std::uint32_t k = rng.below(count.n);
  int run = 0;
  while (k >= count.size[static_cast<std::size_t>(run)]) k -= count.size[static_cast<std::size_t>(run++)];
  NthOut nth{run, k};
  gen(nth);
  return nth.action;
}

// Is the chance outcome `v` a die face 1..sides?
constexpr bool face(int v, int sides) { return v >= 1 && v <= sides; }

// Glossary: a card naming a Leader refers to that Leader card only (Roosevelt, not Truman): does it
// lead its power now? And the state of its power's Leader.
inline LeaderState& leader_state(const Data& d, State& s, LeaderId leader) { return s.leaders[d.leaders[leader].power]; }
inline const LeaderState& leader_state(const Data& d, const State& s, LeaderId leader) { return s.leaders[d.leaders[leader].power]; }
inline bool leads(const Data& d, const State& s, LeaderId leader) { return leader_state(d, s, leader).card == leader; }

// 6.31 Base Production Values, printed in the rule itself: UK 4, US 6, USSR 3 (by Power).
inline constexpr std::array<std::int8_t, kPowers> kBaseProduction = {4, 6, 3};

// Clockwise order around the table: UK, USSR, US (the USSR sits to the UK's left).
constexpr Power left_of(Power p) { return p == Power::UK ? Power::USSR : p == Power::USSR ? Power::US : Power::UK; }
// The powers last to first: steps pushed in this order run the UK's first.
inline constexpr std::array<Power, kPowers> kPowersLastFirst = {Power::USSR, Power::US, Power::UK};

// 5.x and 6.x: the chance outcome lists, decisions and steps of each part.
// agenda.cpp (5.1)
void begin_conference(const Ctx& c);
void conference_outcomes(const CCtx& c, core::OutcomeList& out);
void reveal_conference(const Ctx& c, core::Action a);
void run_bands(const Ctx& c, step::Bands from);
std::uint64_t polmil_faces(const CCtx& c);              // 5.12: red and blue dice, red * 8 + blue
void apply_convoy_roll(const Ctx& c, core::Action a);   // ConvoyRoll (6.32)
void apply_polmil_count(const Ctx& c, core::Action a);  // PolMilCount
void apply_polmil_roll(const Ctx& c, core::Action a);   // PolMilRoll
void pre_conference(const Ctx& c);
std::uint64_t deal_pile(const CCtx& c);  // 5.13: the cards left in the dealt power's draw pile
void apply_deal(const Ctx& c, core::Action a);
void agenda_legal(const CCtx& c, Power seat, core::ActionList& out);
void apply_agenda_card(const Ctx& c, Power seat, core::Action a);
void resolve_agenda(const Ctx& c);
void selection_legal(const CCtx& c, core::ActionList& out);
core::Action selection_random(const CCtx& c, core::Rng& rng);  // its list's item rng.below(size)
void apply_selection(const Ctx& c, core::Action a);
// ties.cpp (4.5)
// A power's value in `v`: an array by Power, or by a power's index (the 4.4 tallies).
template <class T>
const T& power_value(const PowerArray<T>& v, Power p) {
  return v[p];
}
template <class T>
const T& power_value(const std::array<T, kPowers>& v, Power p) {
  return v[core::index_of(p)];
}
// The powers whose value in `v` is `value`.
template <class V, class T>
PowerSet powers_at(const V& v, const T& value) {
  PowerSet out;
  for (Power p : kAllPowers)
    if (power_value(v, p) == value) out.set(p);
  return out;
}
// The powers whose value in `v` is the greatest.
template <class V>
PowerSet highest(const V& v) {
  return powers_at(v, *std::max_element(v.begin(), v.end()));
}
// 4.51, 4.52: the power with the most wins (the agenda, kind 0, or the conference, kind 1); powers tied for it
// go to the tiebreaker procedure.
void most_wins(const Ctx& c, int kind, PowerSet most);
void tie_legal(const CCtx& c, core::ActionList& out);
void apply_tie(const Ctx& c, core::Action a);
void tie_decided(const Ctx& c, int kind, Power winner);  // kind 0: agenda, 1: conference
void agenda_won(const Ctx& c, Power winner);             // agenda.cpp
void conference_won(const Ctx& c, Power winner);         // decision.cpp
// meeting.cpp (5.2)
void advance_legal(const CCtx& c, Power seat, core::ActionList& out);      // MeetingTurn
void chief_issue_legal(const CCtx& c, Power seat, core::ActionList& out);  // ChiefIssue
void debate_legal(const CCtx& c, Power seat, core::ActionList& out);       // DebateOffer
// The Meeting turn list's item rng.below(size), built alone (random_action above). (A debate offer's
// list is short: a random choice builds it.)
core::Action advance_random(const CCtx& c, Power seat, core::Rng& rng);
void apply_meeting(const Ctx& c, Power seat, core::Action a);
void effect_roll_outcomes(const CCtx& c, core::OutcomeList& out);  // HealthRoll, ParanoiaRoll: the card's dice
std::uint64_t effect_roll_faces(const CCtx& c);                    // their faces if one die (EqualOutcomes)
void apply_meeting_roll(const Ctx& c, core::Action a);
void resolve_play(const Ctx& c, step::ResolvePlay st);
// 5.22: moves an issue `n` spaces toward `power`'s chair, along another track to the centre first; a
// conditional issue may stop on entering the centre. True if it reached the chair.
bool move_toward(IssueState& is, Power power, int n, bool stop_at_center);
void end_meeting(const Ctx& c);
// 5.22: what a staff card's effects allow, found once per data set (Known::staff_traits): it may be
// played below its value (kLesserValue); its value may differ from issue to issue, a modifier's
// condition naming issues, kinds of issue or tracks (kValueByIssue; its other conditions read the
// Leaders, the same for every issue).
inline constexpr std::uint8_t kLesserValue = 1, kValueByIssue = 2;
std::uint8_t staff_traits(const StaffCard& card);
// 3.32 Nyet: a USSR staff card played in debate adds 1 (not a Leader).
int nyet_bonus(Power seat, bool leader, bool debate);
// 5.23, 5.24: moves the advanced issue `is` once its debate is over (!deb.made(): nobody debated).
// With a capture pending the two values are compared and the issue moves by the difference;
// otherwise the debater moves it as if advancing. Returns the power that captured it, if one did.
std::optional<Power> settle_debate(IssueState& is, const Play& adv, const Play& deb, bool capture_pending);
// 5.23: does the play being resolved wait for its debate to decide a capture?
bool capture_pending(const State& s);
// The rolls a Leader owes "after each use" (health, Paranoia) when he breaks a tie (4.51, 4.52).
void push_leader_rolls(const Ctx& c, Power power);
// decision.cpp (6.0)
void directed_legal(const CCtx& c, Power seat, core::ActionList& out);      // DirectedOffensives
void allocation_legal(const CCtx& c, Power seat, core::ActionList& out);    // Allocation
core::Action allocation_random(const CCtx& c, Power seat, core::Rng& rng);  // its list's item rng.below(size)
// 6.4: the priority a power's production markers serve now: 1 the conference card's mandate (6.6),
// 2 its Directed Offensive (6.7), 3 free.
int production_priority(const CCtx& c, Power power);
void leadership_legal(const CCtx& c, Power seat, core::ActionList& out);  // TheaterLeadership
void global_legal(const CCtx& c, Power seat, core::ActionList& out);      // GlobalIssue
void apply_decision(const Ctx& c, Power seat, core::Action a);
void decision_production(const Ctx& c);
bool won_by_anyone(const State& s, IssueId issue);
void apply_a_bomb(const Ctx& c, core::Action a);

// war.cpp (7.0)
void begin_war(const Ctx& c);
void placement_order_legal(const CCtx& c, Power seat, core::ActionList& out);  // PlacementOrder
void placement_legal(const CCtx& c, Power seat, core::ActionList& out);        // PlaceNetworks, PlaceAlignment
void apply_placement(const Ctx& c, Power seat, core::Action a);
void next_placer_check(const Ctx& c);
void run_reserves(const Ctx& c, step::Reserves st);
std::uint64_t split_fronts(const CCtx& c);  // 7.72.4: which Front
void apply_reserve_roll(const Ctx& c, core::Action a);
void run_advance(const Ctx& c, step::Campaigns st);
// 6.11: may `power` place (or, with remove, remove) a Political Alignment marker in `location`
// under the Global Issues?
bool global_allows(const Data& d, const Known& k, const State& s, Power power, LocationId location, bool remove);
// 6.11: which Global Issue marker a pair of powers debate (kNoGlobalIssue: none).
GlobalIssueId marker_of(const Data& d, Power a, Power b);
// 6.11: may `power` move Global Issue marker `m` to its advantage position (one of its two markers,
// not there already)?
bool may_move_global(const Data& d, const State& s, Power power, GlobalIssueId m);
// 6.11: "Countries connected to the Western or Eastern Front Tracks": through a space of those
// tracks; bits of locations.
std::uint32_t front_countries(const Data& d, const Known& k);
// 7.72: a Front's strength: 2, +2 per offensive support, -2 per Axis reserve opposing it.
int front_strength(const State& s, FrontId front);
// 3.25: the spaces a Front has still to advance to the end of its track (its Axis power).
int spaces_left(const Data& d, const State& s, FrontId front);
// 7.4: Norway and Finland take no marker while the Arctic Theater has fewer than three naval support.
bool arctic_closed(const CCtx& c, LocationId location);
std::uint32_t arctic_closed_locations(const CCtx& c);  // the same, bits of the locations closed
// 7.73 exceptions 3 (D-Day: Normandy needs the Second Front) and 4 (Soviet Far East: Manchuria
// needs USSR Declares War): does a conditional issue not in effect bar track position `pos`?
bool barred_by_conditional(const Known& k, const State& s, const Front& front, int pos);
void apply_front_roll(const Ctx& c, core::Action a);
// endgame.cpp (8.0, 10)
void post_mortem(const Ctx& c);
std::uint64_t secret_agenda_pool(const CCtx& c);  // 10.2: the markers not yet drawn
void apply_secret_agenda(const Ctx& c, core::Action a);

// Pol-Mil placements and removals (5.12); placement.cpp
void place_network_polmil(const Ctx& c, Power power, LocationId location);
void place_alignment_polmil(const Ctx& c, Power power, LocationId location);
void remove_networks(const Ctx& c, LocationId location, PowerSet powers, bool all);
void remove_alignment(const Ctx& c, LocationId location, PowerSet powers);

// Support markers (6.5); placement.cpp
inline bool can_place_naval(const CCtx& c, TheaterId theater) { return c.s.naval[theater] < 5; }
void place_naval(const Ctx& c, TheaterId theater, std::optional<Power> by, const char* rule);  // by none: the conference card
inline bool has_entry_space(const CCtx& c, FrontId front) { return c.s.front[front] + 1 < c.k.track_length[front]; }
inline bool theater_surrendered(const CCtx& c, TheaterId theater) {
  // 7.8: Germany's surrender closes Europe's tracks, Japan's the Pacific's.
  return c.s.surrendered[static_cast<std::size_t>(c.d.theaters[theater].region)];
}

}  // namespace churchill::rules
