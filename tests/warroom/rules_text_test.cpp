// The rulebook's text under each step's heading (Title::rules_section, the server's
// /api/titles/warroom/rules/<heading>, the browser's phase guide and `warroom rules`).
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "core/rules_text.h"
#include "warroom/rules.h"
#include "warroom/title.h"

namespace {

const std::filesystem::path kDataDir = WARROOM_TEST_DATA_DIR;
const std::filesystem::path kTestRules = kDataDir.parent_path().parent_path() / "tests" / "support" / "rulebooks";

TEST(RulesText, TheTitleQuotesAStepsHeadingInEnglishWhateverTheLanguage) {
  const auto title = warroom::make_title(kDataDir, kTestRules);
  const core::RulesText it = title->rules_section("Phase 2 > Step 3. Pay Oil for Bids", "it");
  ASSERT_TRUE(it.found) << it.text;
  EXPECT_EQ(it.language, "en") << "War Room's rulebook is English only: the reader is told";
  EXPECT_EQ(it.text, "STEP 3. PAY OIL FOR BIDS\nEach nation pays its bid.\n");
  EXPECT_EQ(title->rules_text("Phase 2 > Step 3. Pay Oil for Bids"), it.text);
  const core::RulesText none = title->rules_section("Phase 3 > Step 9. Nothing", "en");
  EXPECT_FALSE(none.found);
  EXPECT_FALSE(warroom::make_title(kDataDir, kTestRules / "absent")->rules_section("Phase 2", "en").found);
}

// The rulebook itself (the reader's copy beside the source tree): every step's heading is found,
// and its text is that heading's, not the rest of the book.
TEST(RulesText, EveryStepsHeadingIsInTheRulebook) {
  const std::filesystem::path rules = core::default_rules_dir(kDataDir);
  if (!std::filesystem::exists(rules / "war-room-rules-en.txt")) GTEST_SKIP() << "no rulebook in " << rules;
  for (int i = 0; i < static_cast<int>(warroom::StepId::kCount); ++i) {
    const char* heading = warroom::step_rule(static_cast<warroom::StepId>(i));
    const core::RulesText r = core::rules_text(rules, "war-room", heading, "en");
    ASSERT_TRUE(r.found) << heading;
    EXPECT_GT(r.text.size(), 100u) << heading;
    EXPECT_LT(r.text.size(), 6000u) << heading << ": the text runs past its heading";
  }
  const core::RulesText write =
      core::rules_text(rules, "war-room", "Phase 2 > Step 1. Write Orders and Turn Order Bids", "en", core::kParagraphs);
  EXPECT_EQ(write.text.rfind("STEP 1. WRITE ORDERS AND TURN ORDER BIDS\n", 0), 0u) << write.text;
  EXPECT_NE(write.text.find("A Nation may bid zero."), std::string::npos) << write.text;
  EXPECT_EQ(write.text.find("STEP 2."), std::string::npos) << write.text;
}

}  // namespace

namespace {

// The layout the browser draws from lists each region's neighbours (World Map Features › Adjacency),
// as the rules' map has them: the Orders panel's note on a key region left empty next to the enemy
// reads them (play-test 2026-12-05, finding 6).
TEST(Layout, EachRegionListsItsNeighboursAsTheMapHasThem) {
  const nlohmann::json layout = warroom::make_title(kDataDir)->layout();
  std::map<std::string, std::set<std::string>> adjacent;
  for (const auto& r : layout["regions"]) adjacent[r["id"]] = r["adjacent"].get<std::set<std::string>>();
  EXPECT_TRUE(adjacent.at("R2").contains("R1")) << "Leningrad borders Moscow";
  EXPECT_FALSE(adjacent.at("R2").contains("G1"));
  for (const auto& [id, next] : adjacent)
    for (const std::string& n : next) EXPECT_TRUE(adjacent.at(n).contains(id)) << id << " lists " << n << ", not the other way";
}

}  // namespace
