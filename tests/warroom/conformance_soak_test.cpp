// The platform's conformance harness on War in Europe, and a soak of random games with invariants
// checked after every action: units conserved, resources never negative, and no seat's view holding
// another seat's unrevealed orders, bids, purchases or deployment plans.
#include "../core/conformance.h"
#include "engine_fixture.h"

namespace warroom::testing {
namespace {

TEST(WarroomConformance, RandomGamesOfWarInEurope) {
  for (int players : {4}) {  // seats of two nations (GER+ITA) included; the soak plays 2-seat games
    Options o;
    o.round_limit = 2;  // uniform random choices reorganize for long; two rounds cover every step
    const Game g = europe(players, o);
    conformance::Options co;
    co.games = 1;  // played twice: the same seed must give the same game
    co.seed = 3;
    co.scenario = fmt::format("war-in-europe/{}", players);
    const auto stats = conformance::run(g, g.new_game(), co);
    std::printf("[conformance] %s: %ld actions, %ld resamples (%ld differ), %ld undos\n", co.scenario.c_str(), stats.actions, stats.resamples,
                stats.resamples_that_differ, stats.undos);
    if (::testing::Test::HasFatalFailure()) return;
    EXPECT_GT(stats.resamples_that_differ, 0) << "sheets are hidden, so resampling redraws them";
  }
}

int units_everywhere(const State& s) {
  int n = 0;
  for (int nation = 0; nation < kNations; ++nation) n += units_of(s, nation);
  for (const Construction& k : s.construction)
    for (std::uint8_t v : k.n) n += v;
  return n;
}

class Counter final : public core::LogSink {
 public:
  void add(const core::LogEntry& e) override {
    placed += e.event == static_cast<std::uint16_t>(Event::Placed);
    if (e.event == static_cast<std::uint16_t>(Event::NeutralDefended)) placed += e.args[2];  // a neutral's defense force
    deserted += e.event == static_cast<std::uint16_t>(Event::Deserted);
  }
  int placed = 0, deserted = 0;
};

void check_secrets(const Game& g, const State& s) {
  for (core::Seat seat = core::kSpectator; seat < g.seat_count(); ++seat) {
    if (seat == core::kChance) continue;
    const State seen = g.observe(s, seat);
    for (int n = 0; n < kNations; ++n) {
      if (seat >= 0 && ((g.seat_nations(seat) >> n) & 1u)) continue;
      if (!(s.sheet[at(n)].flags & kOrdersRevealed)) {
        ASSERT_EQ(seen.sheet[at(n)].box, (std::array<Order, kMaxOrders>{})) << "seat " << int(seat) << " sees " << g.nation_name(n) << "'s orders";
      }
      if (top(s) == StepId::WriteSheets) { ASSERT_EQ(seen.sheet[at(n)].bid, 0); }
      if (top(s) == StepId::Purchases) { ASSERT_EQ(seen.sheet[at(n)].buy, (std::array<std::uint8_t, kUnitTypes>{})); }
    }
    if (top(s) == StepId::DeployPlans)
      for (int i = 0; i < g.industries(); ++i) {
        const int owner = s.region[g.industry_region(i)].controller;
        if (owner != kNoNation && !(seat >= 0 && ((g.seat_nations(seat) >> owner) & 1u))) {
          ASSERT_EQ(seen.construction[at(i)].hold, (std::array<std::uint8_t, kUnitTypes>{}));
        }
      }
  }
}

// Random War in Europe games stopped (and counted) at round 40, the invariants checked after
// every action.
TEST(WarroomSoak, RandomGamesKeepTheInvariants) {
  constexpr int kGames = 10;
  int stopped = 0, ended = 0;
  for (int game = 0; game < kGames; ++game) {
    Options o;
    o.round_limit = 40;
    o.rapid_resolution = game % 4 == 3;  // every fourth game with Rapid Resolution
    // War in Europe with 4 and 2 seats; the last two games Global War (China mobilizes, nations trade).
    const Game g = game >= 8 ? Game(data(), *data()->find_scenario("global-war"), 7, o) : europe(game % 2 ? 2 : 4, o);
    State s = g.new_game();
    const int units0 = units_everywhere(s);
    core::Rng chance(100 + game), choices(200 + game);
    RandomBot bot;
    Counter log;
    for (long n = 0; g.node_kind(s) != core::NodeKind::Terminal; ++n) {
      ASSERT_LT(n, 2000000) << "game " << game << " runs away";
      if (g.node_kind(s) == core::NodeKind::Chance) {
        core::OutcomeList outcomes;
        g.chance_outcomes(s, outcomes);
        g.apply(s, core::kChance, core::sample_outcome(outcomes, chance), &log);
      } else {
        const core::SeatMask acting = g.acting_seats(s);
        std::vector<core::Seat> seats;
        for (core::Seat p = 0; p < g.seat_count(); ++p)
          if (acting & core::seat_bit(p)) seats.push_back(p);
        const core::Seat seat = seats[choices.below(static_cast<std::uint32_t>(seats.size()))];
        g.apply(s, seat, bot.choose(g, g.observe(s, seat), seat, choices), &log);
      }
      ASSERT_EQ(units_everywhere(s), units0 + log.placed - log.deserted) << "units conserved (game " << game << ", action " << n << ")";
      for (int nation = 0; nation < kNations; ++nation)
        for (int r = 0; r < kResources; ++r) { ASSERT_GE(s.nation[at(nation)].res[at(r)], 0) << g.nation_name(nation); }
      check_secrets(g, s);
      if (::testing::Test::HasFatalFailure()) return;
    }
    stopped += s.winner == 0;
    ended += s.winner != 0;
  }
  EXPECT_EQ(stopped + ended, kGames);
  RecordProperty("stopped_at_round_40", stopped);
  std::printf("[soak] %d games: %d stopped at round 40, %d ended\n", kGames, stopped, ended);
}

}  // namespace
}  // namespace warroom::testing
