// The platform's conformance harness on every scenario, every field of State hashed, and a soak of
// random games with invariants checked after every action: units conserved, resources never
// negative, no seat's view holding another seat's unrevealed orders, bids, purchases or deployment
// plans, no unit under Command 0, no carrier fighter token where it may not be; save -> load -> the
// same state at random points, and a failing game written as a save file that reproduces it.
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <type_traits>
#include <vector>
#include "../core/conformance.h"

#include "core/save.h"

#include "engine_fixture.h"
#include "warroom/map.h"

namespace warroom::testing {
namespace {

// The harness on each scenario at its largest seat table (one test a scenario, so they run side by
// side), each game stopped after 2 rounds (uniform random choices reorganize for long; two rounds
// cover every step), saved and loaded about every 150 actions over the whole game and at its end. By
// hand, WARROOM_CONFORMANCE_LONG=1 runs both ends of every seat table over 4 rounds. The sanitizer
// build checks the states of one action in four.
class WarroomConformance : public ::testing::TestWithParam<std::string> {};

TEST_P(WarroomConformance, RandomGames) {
  const bool long_run = std::getenv("WARROOM_CONFORMANCE_LONG") != nullptr;
  const Scenario& sc = *data()->find_scenario(GetParam());
  std::set<int> tables;
  for (int players = 1; players <= kNations; ++players)
    if (sc.seats_for(players) && (long_run || !sc.seats_for(players + 1))) tables.insert(players);
  if (long_run && !tables.empty()) tables = {*tables.begin(), *tables.rbegin()};
  ASSERT_FALSE(tables.empty()) << sc.id;
  for (int players : tables) {
    Options o;
    o.round_limit = long_run ? 4 : 2;
    const Game g(data(), sc, players, o);
    conformance::Options co;
    co.games = 1;  // played twice: the same seed must give the same game
    co.seed = 3;
    co.save_every = 150;
    co.views_every = 16;
    co.check_every = test_support::kSanitized ? 4 : 1;  // Global War's 7 seats: 8 minutes under the sanitizers checking every state
    co.scenario = fmt::format("{}/{}", sc.id, players);
    const auto stats = conformance::run(g, g.new_game(), co);
    std::printf("[conformance] %s: %ld actions, %ld resamples (%ld differ), %ld undos, %ld saves\n", co.scenario.c_str(), stats.actions,
                stats.resamples, stats.resamples_that_differ, stats.undos, stats.saves);
    if (::testing::Test::HasFatalFailure()) return;
    EXPECT_GT(stats.resamples_that_differ, 0) << co.scenario << ": sheets are hidden, so resampling redraws them";
    EXPECT_GE(stats.saves, stats.actions / 300) << co.scenario << ": save points spread over the whole game";
  }
}

std::vector<std::string> scenario_ids() {
  std::vector<std::string> ids;
  for (const Scenario& sc : data()->scenarios) ids.push_back(sc.id);
  return ids;
}

std::string test_name(const ::testing::TestParamInfo<std::string>& scenario) {
  std::string name;
  for (char c : scenario.param) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(EveryScenario, WarroomConformance, ::testing::ValuesIn(scenario_ids()), test_name);

// The bytes of `s` that are not in play: the battle's rows and stance groups and the carrier fighter
// tokens' places beyond their counts (as the step stack's popped steps), and the battle's unit types
// that no row nor stance group names (a named type is hashed with its row or group), never hashed.
std::vector<std::pair<std::size_t, std::size_t>> not_in_play(const State& s) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  const auto* base = reinterpret_cast<const unsigned char*>(&s);
  const auto range = [&](const auto& from, std::size_t count) {
    const auto* p = reinterpret_cast<const unsigned char*>(&from);
    out.emplace_back(static_cast<std::size_t>(p - base), static_cast<std::size_t>(p - base) + count * sizeof(from));
  };
  for (int side = 0; side < kSides; ++side)
    if (s.battle.row_count[side] < kMaxRowsPerSide)
      range(s.battle.rows[side][s.battle.row_count[side]], kMaxRowsPerSide - s.battle.row_count[side]);
  if (s.battle.group_count < kMaxGroups) range(s.battle.groups[s.battle.group_count], kMaxGroups - s.battle.group_count);
  std::array<bool, kMaxTypes> named{};
  for (int side = 0; side < kSides; ++side)
    for (int i = 0; i < s.battle.row_count[side]; ++i) named[s.battle.rows[side][i].type] = true;
  for (int i = 0; i < s.battle.group_count; ++i) named[s.battle.groups[i].type] = true;
  for (int t = 0; t < kMaxTypes; ++t)
    if (!named[t]) range(s.battle.types[t], 1);
  const FighterTokens& tokens = s.fighter_tokens;
  if (tokens.places < FighterTokens::kMaxPlaces) range(tokens.place[tokens.places], FighterTokens::kMaxPlaces - tokens.places);
  return out;
}

// Game::hash covers every field of State (its size check only catches a field added, not one the
// hash forgets): positions of a Global War game, in a battle too, and a seat's observation.
TEST(WarroomStateHash, EveryFieldOfStateIsHashed) {
  const Game g = global_war();
  int checked = 0;
  const State start = g.new_game();
  checked += conformance::expect_every_byte_hashed(g, start, "a new game", not_in_play(start));
  const State battle = play_until(
      g, start, [](const State& x) { return top(x) == StepId::BattleChoice || top(x) == StepId::BattleDie; }, 7);
  checked += conformance::expect_every_byte_hashed(g, battle, "a position in a battle", not_in_play(battle));
  const State seen = g.observe(battle, 1);
  checked += conformance::expect_every_byte_hashed(g, seen, "an observation", not_in_play(seen));
  // Over the three positions, more than half of their bytes (the battle's unused rows and groups,
  // skipped, are a third of the state since the carrier fighter tokens became a list).
  EXPECT_GT(checked, 3 * static_cast<int>(sizeof(State)) / 2) << "most bytes of State are fields";
}

// The rules' preconditions (CORE_EXPECT, core/expect.h) are live in the sanitizer build: an action
// of a nation the seat does not play, or a chance outcome where a player decides, stops the program
// before it can corrupt a state.
TEST(WarroomPreconditions, AnActionNoRuleAcceptsStopsACheckedBuild) {
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  const Game g = global_war();
  const State start = play_until(
      g, g.new_game(), [&g](const State& x) { return g.acting_seats(x) != 0; }, 7);
  const core::SeatMask acting = g.acting_seats(start);
  ASSERT_NE(acting, 0u) << "the game waits for its players";
  core::Seat seat = 0;
  while (!(acting & core::seat_bit(seat))) ++seat;
  int other = 0;
  while (other < kNations && g.acting_nations(start, seat).test(nation_at(other))) ++other;
  EXPECT_DEATH(
      {
        State s = start;
        g.apply(s, seat, encode_bits(ActionKind::Done, other, 0, 0, 0), nullptr);
      },
      "precondition failed");
  EXPECT_DEATH(
      {
        State s = start;
        g.apply(s, core::kChance, 0, nullptr);
      },
      "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// Typed ids (core/ids.h): an int meets the per-nation arrays of the State and the Data only through
// nation_at, which stops a checked build on an index that names no nation (an eighth nation, -1, a
// byte holding kNoNation) instead of reading the next field of the State; kNoNation itself, a
// Nation, stops it at the array.
TEST(WarroomPreconditions, AnIndexThatNamesNoNationStopsACheckedBuild) {
  const Game g = global_war();
  const State s = g.new_game();
  EXPECT_EQ(&s.nation[nation_at(kNations - 1)], &s.nation.items.back());
  EXPECT_EQ(&s.sheet[nation_at(4)], &s.sheet[GER]);
  EXPECT_EQ(&g.data().nations[nation_at(0)], &g.data().nations[CHN]);
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const auto& n = s.nation[nation_at(kNations)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& c = s.command[nation_at(-1)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& n = g.data().nations[nation_at(byte_of(kNoNation))]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& sh = s.sheet[kNoNation]; }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// A byte that may name no nation (a region's controller, a battle's or a convoy's owner) becomes a
// Nation only through nation_byte: a nation's index or kNoNation's 0xff, and a checked build stops on
// any other byte.
TEST(WarroomPreconditions, AByteThatNamesNoNationStopsACheckedBuild) {
  const Game g = global_war();
  const State s = g.new_game();
  EXPECT_EQ(nation_byte(4), GER);
  EXPECT_EQ(nation_byte(0xff), kNoNation);
  const RegionId berlin = g.data().nations[GER].capital;
  EXPECT_EQ(s.region[berlin].controller, GER);
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const Nation n = nation_byte(kNations); }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const Nation n = nation_byte(0x80); }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// A Nation is a scoped enum over the byte the State always held (a region's controller, a step's
// nation, a battle's Commander), so it meets a number only through the named conversions; a set of
// nations is the byte of bits it was (a battle's participants, a seat's nations), walked lowest first.
TEST(WarroomPreconditions, ANationIsItsByteAndConvertsOnlyByName) {
  static_assert(!std::is_convertible_v<Nation, int> && !std::is_convertible_v<int, Nation>);
  static_assert(sizeof(Nation) == 1 && sizeof(NationSet) == 1 && sizeof(RegionState) == 3);
  EXPECT_EQ(byte_of(GER), 4);
  EXPECT_EQ(byte_of(kNoNation), 0xff);
  EXPECT_EQ(nation_byte(byte_of(JPN)), JPN);
  const NationSet axis = nation_bit(JPN) | nation_bit(GER) | nation_bit(ITA);
  EXPECT_EQ(axis.bits, 0x70);
  EXPECT_EQ(axis.count(), 3);
  std::vector<Nation> walked;
  for (Nation n : axis) walked.push_back(n);
  EXPECT_EQ(walked, (std::vector<Nation>{GER, ITA, JPN}));
  EXPECT_TRUE(axis.test(ITA));
  EXPECT_FALSE(axis.test(US));
}

// A unit type meets the per-type arrays (the Casualty List, an O&P Chart's purchases, the units under
// an Industry Token, a neutral's defence force) only through type_at, and the unit data only through
// kind_at: a checked build stops on the carrier fighter token taken for a unit type, -1 or kNone.
TEST(WarroomPreconditions, AnIndexThatNamesNoUnitTypeStopsACheckedBuild) {
  const Game g = global_war();
  const State s = g.new_game();
  EXPECT_EQ(&s.sheet[GER].buy[type_at(kBb)], &s.sheet[GER].buy.items.back());
  EXPECT_EQ(&g.data().units[kind_at(kUnitKinds - 1)], &g.data().unit(UnitKind::CarrierFighter));
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const auto n = s.nation[GER].casualties[type_at(kUnitTypes)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto n = s.construction[0].n[type_at(-1)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& u = g.data().units[kind_at(kNone)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto b = s.sheet[GER].buy[UnitKind::CarrierFighter]; }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// A region meets the per-region arrays (State's regions, Data::regions, the map's distance tables)
// only as a RegionId, and an int becomes one only through region_at: a checked build stops on -1,
// kNoRegion's byte and a region beyond the scenario's map.
TEST(WarroomPreconditions, AnIndexThatNamesNoRegionStopsACheckedBuild) {
  const Game g = global_war();
  const State s = g.new_game();
  const Data& d = g.data();
  const int regions = static_cast<int>(d.region_count());
  ASSERT_LT(regions, kMaxRegions);
  const RegionId last = region_at(regions - 1);
  EXPECT_EQ(&d.region(last), &d.regions.back());
  EXPECT_EQ(&s.region[region_at(kMaxRegions - 1)], &s.region.items.back());
  EXPECT_EQ(land_distance(d, last, last), 0);
  EXPECT_FALSE(d.is_region(kNoRegion));
  EXPECT_FALSE(d.is_region(region_at(regions)));
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const RegionId r = region_at(-1); }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const RegionId r = region_at(index(kNoRegion)); }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& r = s.region[kNoRegion]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& r = d.region(region_at(regions)); }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const int steps = land_distance(d, last, kNoRegion); }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

int units_everywhere(const State& s) {
  int n = 0;
  for (Nation nation : kAllNations) n += units_of(s, nation);
  for (const Construction& k : s.construction)
    for (std::uint8_t v : k.n) n += v;
  return n;
}

class Counter final : public core::LogSink {
 public:
  void add(const core::LogEntry& e) override {
    if (e.event == static_cast<std::uint16_t>(Event::Placed)) placed += e.args[3];  // the units placed at once
    deserted += e.event == static_cast<std::uint16_t>(Event::Deserted);
    // Casualties: units on the map or under construction (not carrier fighter tokens, args[3] == 2).
    if (e.event == static_cast<std::uint16_t>(Event::UnitsLost) && e.args[3] != 2) lost += e.args[2];
    if (e.event == static_cast<std::uint16_t>(Event::Perished)) lost += e.args[3];
    if (e.event == static_cast<std::uint16_t>(Event::ConstructionSeized)) lost += e.args[2];
    if (e.event == static_cast<std::uint16_t>(Event::PactExpelled)) lost += e.args[3];      // Article Three: to the Casualty List
    if (e.event == static_cast<std::uint16_t>(Event::NeutralDefence)) placed += e.args[2];  // units placed, or (negative) handed over
  }
  int placed = 0, deserted = 0, lost = 0;
};

void check_secrets(const Game& g, const State& s) {
  for (core::Seat seat = core::kSpectator; seat < g.seat_count(); ++seat) {
    if (seat == core::kChance) continue;
    const State seen = g.observe(s, seat);
    for (Nation n : kAllNations) {
      if (seat >= 0 && g.seat_nations(seat).test(n)) continue;
      if (!(s.sheet[n].flags & kOrdersRevealed)) {
        ASSERT_EQ(seen.sheet[n].box, (std::array<Order, kMaxOrders>{}))
            << "seat " << int(seat) << " sees " << g.nation_name(n) << "'s orders";
      }
      if (top(s) == StepId::WriteSheets) {
        ASSERT_EQ(seen.sheet[n].bid, 0);
      }
      if (top(s) == StepId::Purchases) {
        ASSERT_EQ(seen.sheet[n].buy, (UnitTypeArray<std::uint8_t>{}));
      }
    }
    if (top(s) == StepId::DeployPlans)
      for (int i = 0; i < g.industries(); ++i) {
        const Nation owner = s.region[g.industry_region(i)].controller;
        if (owner != kNoNation && !(seat >= 0 && g.seat_nations(seat).test(owner))) {
          ASSERT_EQ(seen.construction[at(i)].hold, (UnitTypeArray<std::uint8_t>{}));
        }
      }
  }
}

struct SoakCounts {
  int games = 0, allied = 0, axis = 0, both_lose = 0, stopped = 0, battles = 0, captures = 0, collapses = 0, pact_battles = 0,
      pact_broken = 0;
};

class Battles final : public core::LogSink {
 public:
  explicit Battles(Counter& units) : units_(units) {}
  void add(const core::LogEntry& e) override {
    units_.add(e);
    battles += e.event == static_cast<std::uint16_t>(Event::BattleBegins);
    captures += e.event == static_cast<std::uint16_t>(Event::Captured) || e.event == static_cast<std::uint16_t>(Event::Restored);
    collapses += e.event == static_cast<std::uint16_t>(Event::Collapsed);
    pact_battles += e.event == static_cast<std::uint16_t>(Event::PactBattle);
    pact_broken += e.event == static_cast<std::uint16_t>(Event::PactBroken);
  }
  int battles = 0, captures = 0, collapses = 0, pact_battles = 0, pact_broken = 0;

 private:
  Counter& units_;
};

// One random game stopped (and counted) at round 40, the invariants checked after every action:
// units conserved (start + placed - deserted - casualties), resources never negative, no seat seeing
// another's unrevealed entries, the pieces where they may be (check_pieces, check_launch).
// A soak game as a save file that `warroom replay` opens: its set-up and every action in string form.
core::SaveFile soak_record(const Game& g, const std::string& scenario, int players, const Options& o) {
  core::SaveFile f;
  f.game = "warroom";
  f.engine_version = CHURCHILL_ENGINE_VERSION;
  f.data_hash = data()->hash;
  f.scenario = scenario;
  f.players = players;
  f.options = {"round-limit-40"};
  if (o.rapid_resolution) f.options.emplace_back("rapid-resolution");
  if (o.ussr_with_second_seat) f.options.emplace_back("ussr-with-seat-2");
  for (core::Seat p = 0; p < g.seat_count(); ++p) f.seats.emplace_back(g.seat_name(p), "bot:random");
  return f;
}

// Writes the game so far as a save file when the test has failed, so that it can be replayed.
struct DumpOnFailure {
  const Game& g;
  const State& s;
  core::SaveFile& record;
  int game;
  ~DumpOnFailure() {
    if (!::testing::Test::HasFailure()) return;
    record.state_hash = core::to_hex(g.hash(s));
    const auto path = std::filesystem::temp_directory_path() / ("warroom-soak-" + std::to_string(game) + ".json");
    core::write_file_atomic(path, core::save_to_json(record));
    std::printf("failing game saved to %s\n", path.c_str());
  }
};

// Pieces: no unit ever stands under "Command 0" (tokens are numbered from 1; a split with no token
// free is not made, ruling 104), and no carrier fighter token in an uncontrolled neutral (ruling 64(a)).
void check_pieces(const Game& g, const State& s) {
  for (Nation n : kAllNations) {
    ASSERT_EQ(s.command[n][0], Command{}) << g.nation_name(n) << ": units under Command 0";
    for (const Region& r : data()->regions)
      if (r.rid != kNoRegion && s.fighter_tokens.count(n, r.rid) && r.neutral) {
        ASSERT_NE(s.region[r.rid].controller, kNoNation) << g.nation_name(n) << "'s carrier fighter token in the neutral " << r.id;
      }
  }
}

// Article One: no carrier fighter token is launched into the other party's territory while the pact holds.
void check_launch(const Game& g, const State& s, core::Action a) {
  const Act x = decode_action(a);
  const RegionId to = region_byte(x.b);
  if (x.kind != ActionKind::Launch || to == kNoRegion) return;
  const Nation partner = pact_partner(CCtx{g, s}, nation_at(x.nation));
  ASSERT_TRUE(partner == kNoNation || s.region[to].controller != partner)
      << g.nation_name(nation_at(x.nation)) << "'s token launched into " << data()->region(to).id << " of the other pact party";
}

void apply_recorded(const Game& g, State& s, core::Seat seat, core::Action a, core::SaveFile& record, core::LogSink* log) {
  if (seat != core::kChance) check_launch(g, s, a);
  record.actions.push_back({seat == core::kChance ? "chance" : g.seat_name(seat), g.action_to_string(s, seat, a),
                            false});  // chance outcomes as chosen, not drawn from a seed
  g.apply(s, seat, a, log);
}

// The games of a soak: War in Europe with 4 and 2 seats and, every tenth game from the ninth, Global
// War (China mobilizes, nations trade); or, when a scenario is named, that scenario only, its seat
// tables in turn (War in Europe 4, 3, 2; War in the Pacific 3, 2; Global War 2-7; Eastern Front 2).
struct SoakSetup {
  std::string scenario;
  int players = 0;
};

SoakSetup soak_setup(int game, const std::string& scenario) {
  if (scenario.empty()) {
    const bool global = game % 10 >= 8;
    return {global ? "global-war" : "war-in-europe", global ? 7 : game % 2 ? 2 : 4};
  }
  const Scenario* sc = data()->find_scenario(scenario);
  if (!sc) throw std::invalid_argument("WARROOM_SOAK_SCENARIO: no scenario " + scenario);
  std::vector<int> seats;
  for (int players = 1; players <= kNations; ++players)
    if (sc->seats_for(players)) seats.push_back(players);
  return {scenario, seats[static_cast<std::size_t>(game) % seats.size()]};
}

void soak_game(int game, SoakCounts& counts, const std::string& scenario = {}) {
  Options o;
  o.round_limit = 40;
  o.rapid_resolution = game % 4 == 3;       // every fourth game with Rapid Resolution
  o.ussr_with_second_seat = game % 8 == 4;  // 3-seat War in Europe: the USSR with either seat (ruling 90)
  const SoakSetup setup = soak_setup(game, scenario);
  const Game g(data(), *data()->find_scenario(setup.scenario), setup.players, o);
  State s = g.new_game();
  core::SaveFile record = soak_record(g, setup.scenario, setup.players, o);
  const DumpOnFailure dump{g, s, record, game};
  const int units0 = units_everywhere(s);
  core::Rng chance(100 + game), choices(200 + game), points(300 + game);
  RandomBot bot;
  Counter units;
  Battles log(units);
  for (long n = 0; g.node_kind(s) != core::NodeKind::Terminal; ++n) {
    ASSERT_LT(n, 2000000) << "game " << game << " runs away";
    if (g.node_kind(s) == core::NodeKind::Chance) {
      core::OutcomeList outcomes;
      g.chance_outcomes(s, outcomes);
      apply_recorded(g, s, core::kChance, core::sample_outcome(outcomes, chance), record, &log);
    } else {
      const core::SeatMask acting = g.acting_seats(s);
      std::vector<core::Seat> seats;
      for (core::Seat p = 0; p < g.seat_count(); ++p)
        if (acting & core::seat_bit(p)) seats.push_back(p);
      const core::Seat seat = seats[choices.below(static_cast<std::uint32_t>(seats.size()))];
      apply_recorded(g, s, seat, bot.choose(g, g.observe(s, seat), seat, choices), record, &log);
    }
    if (points.below(2000) == 0) {  // at random points: save -> load -> the same state
      record.state_hash = core::to_hex(g.hash(s));
      const auto loaded = core::load_session(g, g.new_game(), core::save_from_json(core::save_to_json(record)));
      ASSERT_EQ(g.hash(loaded.state()), g.hash(s)) << "save and load at action " << n << " of game " << game;
    }
    ASSERT_EQ(units_everywhere(s), units0 + units.placed - units.deserted - units.lost)
        << "units conserved, casualties counted (game " << game << ", action " << n << ")";
    for (Nation nation : kAllNations)
      for (int r = 0; r < kResources; ++r) {
        ASSERT_GE(s.nation[nation].res[at(r)], 0) << g.nation_name(nation);
      }
    check_secrets(g, s);
    check_pieces(g, s);
    if (::testing::Test::HasFatalFailure()) return;
  }
  ++counts.games;
  counts.allied += s.winner == kAlliedWin;
  counts.axis += s.winner == kAxisWin;
  counts.both_lose += s.winner == kBothLose;
  counts.stopped += s.winner == 0;
  counts.battles += log.battles;
  counts.captures += log.captures;
  counts.collapses += log.collapses;
  counts.pact_battles += log.pact_battles;
  counts.pact_broken += log.pact_broken;
}

void report(const SoakCounts& c) {
  EXPECT_EQ(c.allied + c.axis + c.both_lose + c.stopped, c.games);
  ::testing::Test::RecordProperty("games", c.games);
  ::testing::Test::RecordProperty("allied_wins", c.allied);
  ::testing::Test::RecordProperty("axis_wins", c.axis);
  ::testing::Test::RecordProperty("both_lose", c.both_lose);
  ::testing::Test::RecordProperty("stopped_at_round_40", c.stopped);
  std::printf(
      "[soak] %d games: Allied wins %d, Axis wins %d, both lose %d, stopped at round 40 %d; %d Active regions resolved, %d territories taken, %d collapses; "
      "Soviet-Japanese Pact: broken in %d games, %d battles of a region's two (ruling 52)\n",
      c.games, c.allied, c.axis, c.both_lose, c.stopped, c.battles, c.captures, c.collapses, c.pact_broken, c.pact_battles);
}

// A few games in every run (fewer under the sanitizers: 10 games took 42 s there).
TEST(WarroomSoak, RandomGamesKeepTheInvariants) {
  const int games = test_support::kSanitized ? 3 : 10;
  SoakCounts counts;
  for (int game = 0; game < games && !::testing::Test::HasFatalFailure(); ++game) soak_game(game, counts);
  report(counts);
  EXPECT_GT(counts.battles, 0) << "random games meet in battle";
}

// The long soak, run by hand: WARROOM_SOAK_GAMES=1000 warroom_engine_tests --gtest_filter=WarroomSoak.Long,
// with WARROOM_SOAK_SCENARIO=war-in-the-pacific (or another scenario id) for one scenario's games, and
// WARROOM_SOAK_FIRST=500 to start at that game (games are numbered, so a soak can be split in parts).
TEST(WarroomSoak, Long) {
  const char* env = std::getenv("WARROOM_SOAK_GAMES");
  if (!env) GTEST_SKIP() << "set WARROOM_SOAK_GAMES (for example 1000) to run the long soak";
  const int games = std::max(1, std::atoi(env));
  const char* scenario = std::getenv("WARROOM_SOAK_SCENARIO");
  const char* first_env = std::getenv("WARROOM_SOAK_FIRST");
  const int first = first_env ? std::max(0, std::atoi(first_env)) : 0;
  SoakCounts counts;
  for (int game = first; game < first + games && !::testing::Test::HasFatalFailure(); ++game)
    soak_game(game, counts, scenario ? scenario : "");
  report(counts);
}

}  // namespace
}  // namespace warroom::testing
