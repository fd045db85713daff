// Cheap long games (issue 31, point 3): a match keeps snapshots of its game every few dozen actions
// (at most 64, their spacing doubling as the game grows), and the game after any number of actions is
// made from the nearest one before it -- the same game a replay from the first action makes -- on
// copies, so that a server makes replays and others' moves on a worker.
#include <gtest/gtest.h>

#include "core/session_match.h"
#include "tests/server/lobby_fixture.h"
#include "warroom/game.h"

namespace {

using nlohmann::json;
using test_support::titles;

// A War Room game its random bots played for `actions` actions.
std::unique_ptr<core::Match> played(std::size_t actions) {
  const core::Title& title = *titles().find("warroom");
  core::SaveFile record = title.new_record("war-in-europe", {}, 4,
                                           {{"BC", "bot:random"}, {"USSR", "bot:random"}, {"US", "bot:random"}, {"GER+ITA", "bot:random"}});
  record.seed = core::Seed(31);
  auto match = title.open(record);
  match->run_bots(false, [&] { return match->version() >= actions; });
  return match;
}

TEST(Snapshots, TheGameAfterAnyNumberOfActionsIsMadeFromTheNearestSnapshotAndIsTheReplayedGame) {
  const auto match = played(3000);
  ASSERT_EQ(match->version(), 3000u);
  const auto& kept = dynamic_cast<const core::SessionMatch<warroom::Game>&>(*match).snapshot_points();
  ASSERT_GE(kept.size(), 2u);
  EXPECT_LE(kept.size(), 64u) << "at most 64 snapshots";
  const std::size_t spacing = kept[1] - kept[0];
  for (std::size_t i = 1; i < kept.size(); ++i) EXPECT_EQ(kept[i] - kept[i - 1], spacing) << "evenly spaced";
  EXPECT_GE(kept.back() + spacing, match->version()) << "the last is at most one spacing back";
  EXPECT_LE(spacing, 64u) << "a few dozen actions apart for a game of 3,000";

  const core::Title& title = *titles().find("warroom");
  for (const std::size_t n : {0ul, 1ul, 63ul, 64ul, 65ul, 1234ul, 2999ul, 3000ul}) {
    const auto at = match->at_task(n)();
    core::SaveFile record = match->snapshot();
    record.actions.resize(n);
    record.state_hash.clear();
    const auto replayed = title.open(record);
    EXPECT_EQ(at->version(), n);
    EXPECT_EQ(at->state_hash(), replayed->state_hash()) << "after " << n << " actions";
    EXPECT_EQ(at->view(std::nullopt, 200), replayed->view(std::nullopt, 200)) << "after " << n << " actions";
    EXPECT_EQ(at->view(0, 200)["legal_actions"], replayed->view(0, 200)["legal_actions"]);
  }
  EXPECT_THROW(match->at_task(3001), core::ActionError);
  EXPECT_EQ(match->version(), 3000u) << "the game itself is untouched";
}

TEST(Snapshots, AMatchLoadedFromItsRecordKeepsTheSameSnapshots) {
  const auto match = played(700);
  const auto loaded = titles().find("warroom")->open(match->snapshot());
  EXPECT_EQ(dynamic_cast<const core::SessionMatch<warroom::Game>&>(*loaded).snapshot_points(),
            dynamic_cast<const core::SessionMatch<warroom::Game>&>(*match).snapshot_points());
  EXPECT_EQ(loaded->at_task(650)()->state_hash(), match->at_task(650)()->state_hash());
}

}  // namespace
