// core::rulebook_heading: a heading of a rulebook with unnumbered headings (War Room's), named by
// its path as the game's rule references give it. The test rulebook is the project's text in the
// layout of War Room's (tests/support/rulebooks/war-room-rules-en.txt).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/rules_text.h"

namespace {

const std::filesystem::path kTestRules = std::filesystem::path(CORE_TEST_SOURCE_DIR) / "tests" / "support" / "rulebooks";

std::string test_rulebook() {
  std::ifstream in(kTestRules / "war-room-rules-en.txt");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string heading(std::string_view path) { return core::rulebook_heading(test_rulebook(), path, 200).value_or("<not found>"); }

TEST(RulebookHeading, AStepRunsToTheNextStepWithItsPartsAndWithoutTheMarks) {
  EXPECT_EQ(heading("Phase 2 > Step 1. Write Orders and Turn Order Bids"),
            "STEP 1. WRITE ORDERS AND TURN ORDER BIDS\nWRITING MOVEMENT ORDERS\nEvery nation writes its orders in secret (see page 9).\n"
            "BIDDING OIL FOR TURN ORDER\nA nation may bid zero.\n");
}

TEST(RulebookHeading, AStepEndsAtAHeadingItSharesNoWordWith) {
  EXPECT_EQ(heading("Phase 2 > Step 2. Reveal Bids and Establish Turn Order"),
            "STEP 2. REVEAL BIDS AND ESTABLISH TURN ORDER\nThe highest bid chooses first.\n");
}

TEST(RulebookHeading, ThePhaseSetAgainAtTheTopOfAPageDoesNotEndTheText) {
  EXPECT_EQ(
      heading("Phase 4 > Battle Debrief > 1. Assess Unit Status and Pay for Repairs"),
      "1. ASSESS UNIT STATUS AND PAY FOR REPAIRS\n1. INITIAL STATUS: normal\nOPTION TO REPAIR\nA damaged unit is repaired for 1 resource.\n")
      << "the bold list item is not a numbered heading; OPTION TO REPAIR is a part (REPAIRS)";
  EXPECT_EQ(heading("Phase 4 > Battle Debrief > 2. Remove Eliminated Units"),
            "2. REMOVE ELIMINATED UNITS\nEliminated units go to the Casualty List.\n");
}

TEST(RulebookHeading, AListItemIsNamedByItsTerm) {
  EXPECT_EQ(heading("Phase 6 > Stress Zone Penalties > Blue Zone"), "- Blue Zone: Pay any 3 resources.\n");
}

TEST(RulebookHeading, ASiblingTitleEndsTheText) {
  EXPECT_EQ(heading("Soviet-Japanese Non-Aggression Pact > Article One"), "ARTICLE ONE\nNo attack across the border.\n");
  EXPECT_EQ(heading("Soviet-Japanese Non-Aggression Pact > Article Two"), "ARTICLE TWO\nAn ally asks first.\n");
}

TEST(RulebookHeading, EachPartIsLookedForAfterTheOneBeforeInAnyCase) {
  EXPECT_EQ(heading("phase 2 > step 3. pay oil for bids"), "STEP 3. PAY OIL FOR BIDS\nEach nation pays its bid.\n");
  EXPECT_EQ(heading("Phase 7 > Step 2. Reveal Bids and Establish Turn Order"), "<not found>") << "step 2 comes before phase 7";
  EXPECT_EQ(heading("Phase 9"), "<not found>");
  EXPECT_EQ(heading(""), "<not found>");
  EXPECT_EQ(heading("Phase 2 > "), "<not found>");
  EXPECT_EQ(heading(">"), "<not found>");
}

TEST(RulebookHeading, RulesTextTakesANumberAsARuleAndAnythingElseAsAHeading) {
  const core::RulesText step = core::rules_text(kTestRules, "war-room", "Phase 2 > Step 3. Pay Oil for Bids", "en");
  ASSERT_TRUE(step.found) << step.text;
  EXPECT_EQ(step.text, "STEP 3. PAY OIL FOR BIDS\nEach nation pays its bid.\n");
  EXPECT_FALSE(core::rules_text(kTestRules, "war-room", "Phase 2 > Step 9. Nothing", "en").found);
  EXPECT_FALSE(core::rules_text(kTestRules, "war-room", "5.24", "en").found) << "no numbered rules in it";
  const core::RulesText it = core::rules_text_or_english(kTestRules, "war-room", "Phase 2 > Step 3. Pay Oil for Bids", "it");
  EXPECT_TRUE(it.found);
  EXPECT_EQ(it.language, "en") << "War Room has an English rulebook only";
}

}  // namespace
