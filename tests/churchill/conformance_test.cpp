// The platform's conformance harness (tests/core/conformance.h) on every scenario of Churchill,
// with and without the Secret Agenda variant.
#include "../core/conformance.h"
#include "table_fixture.h"

namespace churchill::testing {
namespace {

TEST(ChurchillConformance, RandomGamesOfEveryScenario) {
  const Game g(data());
  for (const Scenario& sc : data().scenarios)
    for (bool secret_agenda : {false, true}) {
      conformance::Options o;
      o.games = 6;
      o.seed = 11;
      o.scenario = sc.id + (secret_agenda ? "+secret-agenda" : "");
      const auto stats = conformance::run(g, g.new_game(sc, Options{secret_agenda, false}), o);
      if (::testing::Test::HasFatalFailure()) return;
      EXPECT_GT(stats.resamples_that_differ, 0) << o.scenario << ": hands are hidden, so resampling redraws them";
    }
}

}  // namespace
}  // namespace churchill::testing
