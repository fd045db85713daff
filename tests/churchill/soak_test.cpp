// Random play of whole games from every scenario (architecture.md §7): only legal actions, sampled
// chance outcomes, invariants after every action, save -> load -> identical state and views free of
// other seats' secrets at random points, and a winner at the end. A failing game is written as a
// save file that reproduces it. CHURCHILL_SOAK_GAMES sets the games per scenario (default 2000).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "churchill/game.h"
#include "churchill/view.h"
#include "core/save.h"
#include "core/session.h"
#include "core/session_match.h"

namespace {

using churchill::Game;
using churchill::State;

const churchill::Data& data() {
  static const churchill::Data d = churchill::load_data(CHURCHILL_TEST_DATA_DIR);
  return d;
}

void check_invariants(const Game& g, const State& s) {
  const auto& d = g.data();
  for (churchill::TheaterId t : d.theaters.ids()) ASSERT_LE(s.naval[t], 5) << "6.5: at most five naval in a box";
  for (churchill::LocationId l : d.locations.ids()) {
    ASSERT_LE(s.networks[l], 2) << "7.11: at most two networks";
    ASSERT_EQ(s.networks[l] == 0, s.network_owner[l] == churchill::kNoPower) << "7.11: of one nation";
  }
  for (std::size_t p = 0; p < churchill::kPowers; ++p) {
    ASSERT_LE(s.hand[churchill::power_at(p)].count(), churchill::kHandSize);
    ASSERT_TRUE((s.hand[churchill::power_at(p)] & s.draw[churchill::power_at(p)]).none()) << "a card is in one place";
    ASSERT_TRUE((s.hand[churchill::power_at(p)] & s.removed[churchill::power_at(p)]).none());
    ASSERT_GE(s.production[churchill::power_at(p)], 0);
  }
  for (std::size_t i = 0; i < d.issues.size(); ++i) {
    ASSERT_GE(s.issues[churchill::issue_at(i)].space, 0);
    ASSERT_LE(s.issues[churchill::issue_at(i)].space, churchill::kChair);
    ASSERT_EQ(s.issues[churchill::issue_at(i)].space == 0, s.issues[churchill::issue_at(i)].track == churchill::kCenter)
        << d.issues[churchill::issue_at(i)].id;
  }
}

// Fronts never move back (7.71).
void check_progress(const Game& g, const State& before, const State& after) {
  const auto& d = g.data();
  for (churchill::FrontId f : d.fronts.ids()) ASSERT_GE(after.front[f], before.front[f]) << d.fronts[f].id;
}

// Axis reserves are conserved (7.61), kind by kind: those placed on the Fronts and in the theater
// boxes, those still in Germany or Japan and those eliminated (or out of play) are the armies and
// navies of the game, and no count is negative (a reserve placed twice would leave its Axis
// country at -1). The placement procedure runs one step at a time: none is left buried.
void check_reserves(const Game& g, const State& s) {
  const auto& d = g.data();
  for (std::size_t k = 0; k < churchill::kReserveKinds; ++k) {
    const auto kind = churchill::reserve_kind_name(static_cast<churchill::ReserveKind>(k));
    int in_game = 0, placed = 0;
    for (const auto& a : d.axis) in_game += a.reserves[k];
    for (const auto& r : s.reserves_on_front) {
      ASSERT_GE(r[k], 0) << kind;
      placed += r[k];
    }
    for (const auto& r : s.reserves_in_box) {
      ASSERT_GE(r[k], 0) << kind;
      placed += r[k];
    }
    ASSERT_GE(s.reserves_pool[k], 0) << kind << " in its Axis country";
    ASSERT_GE(s.reserves_lost[k], 0) << kind << " eliminated";
    ASSERT_EQ(placed + s.reserves_pool[k] + s.reserves_lost[k], in_game) << kind;
  }
  int reserve_steps = 0;
  for (std::size_t i = 0; i < s.steps.size(); ++i) reserve_steps += s.steps[i].id == churchill::StepId::Reserves;
  ASSERT_LE(reserve_steps, 1) << "a reserve placement step left in the stack";
}

// A seat's view holds its own hand and Secret Agenda only (architecture.md §3).
void check_views(const Game& g, const churchill::Session& session) {
  const State& s = session.state();
  const bool over = g.node_kind(s) == core::NodeKind::Terminal;
  for (core::Seat seat = 0; seat < churchill::kPowers; ++seat) {
    const auto view = core::seat_view(g, session, core::SaveFile{}, seat, 5);
    ASSERT_EQ(view["hand"].size(), static_cast<std::size_t>(s.hand[churchill::power_at(seat)].count()));
    for (const auto& [who, _] : view["secret_agenda"].items())
      ASSERT_TRUE(over || who == g.seat_name(seat)) << "a seat saw another seat's Secret Agenda";
  }
  ASSERT_TRUE(core::seat_view(g, session, core::SaveFile{}, std::nullopt, 5)["hand"].empty());
}

core::SaveFile save_of(const Game& g, const churchill::Scenario& sc, const churchill::Options& o, const churchill::Session& session,
                       std::uint64_t seed) {
  core::SaveFile f;
  f.game = "churchill";
  f.engine_version = CHURCHILL_ENGINE_VERSION;
  f.data_hash = g.data().hash;
  f.scenario = sc.id;
  if (o.secret_agenda) f.options.emplace_back("secret-agenda");
  f.seed = seed;
  f.seats = {{"UK", "bot:random"}, {"US", "bot:random"}, {"USSR", "bot:random"}};
  f.actions = core::saved_actions(g, g.new_game(sc, o), session.history());
  f.state_hash = core::to_hex(g.hash(session.state()));
  return f;
}

struct Totals {
  int games = 0, both_surrendered = 0;
  long actions = 0;
  std::array<int, churchill::kPowers> wins{};
};

void play_random_game(const Game& g, const churchill::Scenario& sc, std::uint64_t seed, Totals& totals) {
  const churchill::Options options{seed % 2 == 0, false};  // every other game with the Secret Agenda
  churchill::Session session(g, g.new_game(sc, options), seed);
  core::Rng pick(seed ^ 0x5eedULL);
  // Dump the game so far if anything fails, as a save file that reproduces it.
  struct Dump {
    const Game& g;
    const churchill::Scenario& sc;
    const churchill::Options& o;
    const churchill::Session& s;
    std::uint64_t seed;
    ~Dump() {
      if (!::testing::Test::HasFailure()) return;
      const auto path = std::filesystem::temp_directory_path() / ("churchill-soak-" + sc.id + "-" + std::to_string(seed) + ".json");
      core::write_file_atomic(path, core::save_to_json(save_of(g, sc, o, s, seed)));
      std::printf("failing game saved to %s\n", path.c_str());
    }
  } dump{g, sc, options, session, seed};
  int steps = 0;
  while (session.node_kind() != core::NodeKind::Terminal) {
    ASSERT_LT(++steps, 40000) << "a game that never ends";
    const State before = session.state();
    if (session.node_kind() == core::NodeKind::Chance) {
      session.sample_chance();
    } else {
      const core::SeatMask seats = g.acting_seats(session.state());
      ASSERT_NE(seats, 0) << "nobody may act";
      core::Seat seat = 0;
      while (!(seats & core::seat_bit(seat))) ++seat;
      const auto legal = session.legal_actions(seat);
      ASSERT_FALSE(legal.empty()) << "no legal action: " << churchill::phase_text(g, session.state());
      const core::Action a = legal[pick.below(static_cast<std::uint32_t>(legal.size()))];
      ASSERT_EQ(g.action_from_string(session.state(), seat, g.action_to_string(session.state(), seat, a)), a);
      session.act(seat, a);
    }
    check_invariants(g, session.state());
    check_progress(g, before, session.state());
    check_reserves(g, session.state());
    if (pick.below(400) == 0) {  // at random points: views, and save -> load -> the same state
      check_views(g, session);
      const auto loaded = core::load_session(g, g.new_game(sc, options), save_of(g, sc, options, session, seed));
      ASSERT_EQ(g.hash(loaded.state()), g.hash(session.state()));
    }
    if (::testing::Test::HasFatalFailure()) return;
  }
  const State& end = session.state();
  ASSERT_NE(end.winner, churchill::kNoPower);
  ASSERT_LT(churchill::index(end.winner), churchill::kPowers);
  check_views(g, session);
  for (const auto& entry : session.log().entries()) ASSERT_FALSE(g.describe(entry).empty());
  ++totals.games;
  ++totals.wins[core::index_of(end.winner)];
  totals.actions += static_cast<long>(session.history().size());
  totals.both_surrendered += end.surrendered[0] && end.surrendered[1];
}

TEST(GameSoak, RandomGamesFromEveryScenarioEndWithAWinner) {
  const Game g(data());
  const char* env = std::getenv("CHURCHILL_SOAK_GAMES");
  const std::uint64_t games = env ? std::strtoull(env, nullptr, 10) : 2000;
  for (const auto& sc : data().scenarios) {
    Totals totals;
    const auto start = std::chrono::steady_clock::now();
    for (std::uint64_t seed = 1; seed <= games; ++seed) {
      SCOPED_TRACE(sc.id + " seed " + std::to_string(seed));
      play_random_game(g, sc, seed, totals);
      if (::testing::Test::HasFatalFailure()) return;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%s: %d games, %ld actions, %.1f s; both Axis powers surrendered in %d; wins UK %d, US %d, USSR %d\n", sc.id.c_str(),
                totals.games, totals.actions, seconds, totals.both_surrendered, totals.wins[0], totals.wins[1], totals.wins[2]);
    EXPECT_EQ(totals.games, static_cast<int>(games));
  }
}

}  // namespace
