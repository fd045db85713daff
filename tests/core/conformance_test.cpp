// The conformance harness on the kit's fixture game (the titles run it in their own test suites).
#include "conformance.h"
#include "duel_game.h"

TEST(DuelConformance, RandomGames) {
  duel::Game game;
  conformance::Options o;
  o.games = 200;
  o.scenario = "duel";
  const auto stats = conformance::run(game, game.initial(), o);
  EXPECT_GT(stats.resamples_that_differ, 0);
}
