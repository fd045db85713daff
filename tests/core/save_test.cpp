#include "core/save.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/hash.h"
#include "duel_game.h"

namespace {

namespace fs = std::filesystem;

core::SaveFile sample_save() {
  core::SaveFile s;
  s.game = "duel";
  s.engine_version = "0.1.0";
  s.data_hash = "00000000deadbeef";
  s.scenario = "standard";
  s.options = {"secret-agenda"};
  s.seed = 18446744073709551615ULL;
  s.seats = {{"north", "human"}, {"south", "bot:random"}};
  s.actions = {{"north", "bid 1", false}, {"chance", "roll 6", true}};
  s.state_hash = "0123456789abcdef";
  return s;
}

std::string rejection(const std::string& text) {
  try {
    core::save_from_json(text);
  } catch (const core::SaveError& e) {
    return e.what();
  }
  return "accepted";
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("core-save-test-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
};

TEST(Save, JsonRoundTrip) {
  const core::SaveFile s = sample_save();
  EXPECT_EQ(core::save_from_json(core::save_to_json(s)), s);
}

TEST(Save, A128BitSeedIsWrittenAsHexAndReadBack) {
  core::SaveFile s = sample_save();
  s.seed = *core::Seed::parse_hex("0123456789abcdeffedcba9876543210");
  const nlohmann::json j = nlohmann::json::parse(core::save_to_json(s));
  EXPECT_EQ(j["seed"], "0123456789abcdeffedcba9876543210");
  EXPECT_EQ(core::save_from_json(j.dump()), s);
  EXPECT_EQ(nlohmann::json::parse(core::save_to_json(sample_save()))["seed"], 18446744073709551615ULL) << "a 64-bit seed stays a number";
  for (const char* bad : {"0123", "0123456789ABCDEFFEDCBA9876543210", "0123456789abcdeffedcba987654321g", "12"}) {
    auto k = j;
    k["seed"] = bad;
    EXPECT_NE(rejection(k.dump()).find("\"seed\" must be"), std::string::npos) << bad;
  }
}

TEST(Save, RejectsMalformedFilesWithClearMessages) {
  EXPECT_NE(rejection("{not json").find("not valid JSON"), std::string::npos);
  EXPECT_NE(rejection("[1,2]").find("must be a JSON object"), std::string::npos);
  nlohmann::json j = nlohmann::json::parse(core::save_to_json(sample_save()));
  auto without = [&](const char* key) {
    auto k = j;
    k.erase(key);
    return rejection(k.dump());
  };
  EXPECT_NE(without("seed").find("missing field \"seed\""), std::string::npos);
  EXPECT_NE(without("actions").find("missing field \"actions\""), std::string::npos);
  auto k = j;
  k["format_version"] = 99;
  EXPECT_NE(rejection(k.dump()).find("format version 99 is not supported"), std::string::npos);
  k = j;
  k["seed"] = -1;
  EXPECT_NE(rejection(k.dump()).find("\"seed\" must be a non-negative integer"), std::string::npos);
  k = j;
  k["actions"][1] = {{"seat", 3}};
  EXPECT_NE(rejection(k.dump()).find("action 2 must be"), std::string::npos);
}

TEST(Save, SearchThreadsAreKeptWhenNotOneAndBadCountsAreRejected) {
  const nlohmann::json one = nlohmann::json::parse(core::save_to_json(sample_save()));
  EXPECT_FALSE(one.contains("search_threads")) << "a game searched on one thread is saved as before";
  EXPECT_EQ(core::save_from_json(one.dump()).search_threads, 1);
  core::SaveFile s = sample_save();
  s.search_threads = 2;
  const nlohmann::json two = nlohmann::json::parse(core::save_to_json(s));
  EXPECT_EQ(two["search_threads"], 2);
  EXPECT_EQ(core::save_from_json(two.dump()), s);
  for (const nlohmann::json& bad : {nlohmann::json(0), nlohmann::json(-2), nlohmann::json(core::kMaxSearchThreads + 1),
                                    nlohmann::json(1e12), nlohmann::json(2.5), nlohmann::json("2")}) {
    auto k = two;
    k["search_threads"] = bad;
    EXPECT_NE(rejection(k.dump()).find("\"search_threads\" must be a number of threads"), std::string::npos) << bad;
  }
}

TEST(Save, TheRulesRevisionIsKeptWhenNotZeroAndBadOnesAreRejected) {
  const nlohmann::json zero = nlohmann::json::parse(core::save_to_json(sample_save()));
  EXPECT_FALSE(zero.contains("rules_revision")) << "saves of revision 0 are written as before";
  EXPECT_EQ(core::save_from_json(zero.dump()).rules_revision, 0);
  core::SaveFile s = sample_save();
  s.rules_revision = 1;
  const nlohmann::json one = nlohmann::json::parse(core::save_to_json(s));
  EXPECT_EQ(one["rules_revision"], 1);
  EXPECT_EQ(core::save_from_json(one.dump()), s);
  for (const nlohmann::json& bad : {nlohmann::json(-1), nlohmann::json(1001), nlohmann::json(1.5), nlohmann::json("1")}) {
    auto k = one;
    k["rules_revision"] = bad;
    EXPECT_NE(rejection(k.dump()).find("\"rules_revision\" must be a revision number"), std::string::npos) << bad;
  }
}

TEST(Save, AtomicWriteReplacesWholeFileAndLeavesNoTemporaries) {
  TempDir dir;
  const fs::path file = dir.path / "game.json";
  core::write_file_atomic(file, "first");
  core::write_file_atomic(file, "second version");
  EXPECT_EQ(core::read_file(file), "second version");
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path)) ++entries;
  EXPECT_EQ(entries, 1);
}

TEST(Save, AtomicWriteIntoMissingDirectoryFailsCleanly) {
  TempDir dir;
  EXPECT_THROW(core::write_file_atomic(dir.path / "nope" / "game.json", "x"), core::SaveError);
  EXPECT_THROW(core::read_file(dir.path / "absent.json"), core::SaveError);
}

struct ReplayTest : ::testing::Test {
  duel::Game game;

  core::Session<duel::Game> played(std::uint64_t seed) {
    core::Session<duel::Game> s(game, game.initial(), seed);
    s.act(1, 3);
    s.act(0, 2);
    s.sample_chance();
    s.act(0, 1);
    return s;
  }
  core::SaveFile save_of(const core::Session<duel::Game>& s, std::uint64_t seed) {
    core::SaveFile f = sample_save();
    f.seed = seed;
    f.actions = core::saved_actions(game, game.initial(), s.history());
    f.state_hash = core::to_hex(game.hash(s.state()));
    return f;
  }
};

TEST_F(ReplayTest, LoadReplaysToTheSameState) {
  auto s = played(5);
  const core::SaveFile f = save_of(s, 5);
  ASSERT_EQ(f.actions.size(), 4u);
  EXPECT_EQ(f.actions[2].seat, "chance");
  EXPECT_TRUE(f.actions[2].sampled);
  auto loaded = core::load_session(game, game.initial(), core::save_from_json(core::save_to_json(f)));
  EXPECT_EQ(game.hash(loaded.state()), game.hash(s.state()));
  EXPECT_EQ(loaded.history().size(), s.history().size());
  // The random stream continues where it was.
  EXPECT_EQ(loaded.rng(), s.rng());
}

TEST_F(ReplayTest, DriftedStateHashIsRejected) {
  auto s = played(5);
  core::SaveFile f = save_of(s, 5);
  f.state_hash = "ffffffffffffffff";
  try {
    core::load_session(game, game.initial(), f);
    FAIL() << "accepted a drifted hash";
  } catch (const core::SaveError& e) {
    EXPECT_NE(std::string(e.what()).find("state hash mismatch"), std::string::npos);
  }
}

TEST_F(ReplayTest, SampledOutcomeThatTheSeedDoesNotGiveIsDrift) {
  auto s = played(5);
  core::SaveFile f = save_of(s, 5);
  const std::string recorded = f.actions[2].action;
  for (std::uint64_t seed = 6; seed < 100; ++seed) {
    f.seed = seed;
    core::Session<duel::Game> probe(game, game.initial(), seed);
    probe.act(1, 3);
    probe.act(0, 2);
    if (game.action_to_string(probe.state(), core::kChance, probe.sample_chance()) == recorded) continue;
    try {
      core::load_session(game, game.initial(), f);
      FAIL() << "accepted a roll the seed does not give";
    } catch (const core::SaveError& e) {
      EXPECT_NE(std::string(e.what()).find("action 3"), std::string::npos);
      EXPECT_NE(std::string(e.what()).find("replay drift"), std::string::npos);
    }
    return;
  }
  FAIL() << "no seed gave a different roll";
}

TEST_F(ReplayTest, UnknownActionOrSeatIsRejectedWithItsIndex) {
  auto s = played(5);
  core::SaveFile f = save_of(s, 5);
  f.actions[1].action = "bid 9";
  try {
    core::load_session(game, game.initial(), f);
    FAIL();
  } catch (const core::SaveError& e) {
    EXPECT_NE(std::string(e.what()).find("action 2 (north bid 9): not an action here"), std::string::npos);
  }
  f = save_of(s, 5);
  f.actions[0].seat = "east";
  EXPECT_THROW(core::load_session(game, game.initial(), f), core::SaveError);
}

}  // namespace

TEST_F(ReplayTest, ActionTextsFollowTheSessionThroughUndo) {
  core::Session<duel::Game> s(game, game.initial(), 3);
  core::ActionTexts<duel::Game> texts(game, game.initial());
  s.act(1, 3);
  s.act(0, 2);
  s.sample_chance();
  EXPECT_EQ(texts.update(s.history()).size(), 3u);
  s.act(0, 1);
  EXPECT_EQ(texts.update(s.history()).back().action, "step 1");
  s.undo(0);  // the same length again, but another action last
  s.act(0, 0);
  const auto& now = texts.update(s.history());
  EXPECT_EQ(now.back().action, "step 0");
  EXPECT_EQ(now, core::saved_actions(game, game.initial(), s.history()));
  s.undo(0);
  EXPECT_EQ(texts.update(s.history()).size(), 3u);
}
