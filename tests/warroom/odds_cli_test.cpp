// `warroom odds` (cli/warroom_odds.cpp, docs/warroom/ai.md): the battle calculator on a saved game as
// one seat sees it -- its own written orders move in, another seat's never; the text states what is
// assumed; the JSON carries every figure with its standard error; bad input gets a one-line error and
// leaves the save as it was.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/command.h"

namespace {

using test_support::Result;

class WarroomOdds : public test_support::CommandTest {
 protected:
  WarroomOdds() : CommandTest("WARROOM_BINARY", "warroom-odds-test") {}

  // An Eastern Front game (the USSR a rules bot) at Germany's first order sheet.
  void at_german_sheet() {
    ASSERT_EQ(run("new --scenario eastern-front --seed 3 --seats USSR=bot:rules,GER=human -o " + save).status, 0);
    for (int i = 0; i < 10 && view("GER")["phase"].get<std::string>().find("Write Orders") == std::string::npos; ++i) {
      ASSERT_EQ(run("act " + save + " --as GER done GER").status, 0);
      ASSERT_EQ(run("run " + save).status, 0);
    }
    ASSERT_NE(view("GER")["phase"].get<std::string>().find("Write Orders"), std::string::npos) << view("GER")["phase"];
  }
  Result odds(const std::string& args) const { return run("odds " + save + " " + args); }
};

// Phase 4 > Resolve Battles: Germany's two Belarus armies and its fighters against Smolensk -- too
// many dice for the exact odds, so Monte Carlo with its error, and every assumption said.
TEST_F(WarroomOdds, Phase4_AnAttackOnSmolensk_OddsWithTheirErrorAndAssumptions) {
  at_german_sheet();
  const Result r = odds("--as GER --region Smolensk --with GER:42,GER:43,GER:17 --samples 2000 --error 0");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Odds in Smolensk (R12), as GER sees it\nMonte Carlo, 2000 battles: each figure ± one standard error."),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Allies (defending)   Axis (attacking)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("holds / takes Smolensk"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Embattled after it"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("GER 42, GER 43 and GER 17 move in first"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("may bring more"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("other battle choices as bot:rules makes them"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(its best)"), std::string::npos) << r.out;

  const Result j = odds("--as GER --region R12 --with GER:42,GER:43,GER:17 --samples 2000 --error 0 --json");
  ASSERT_EQ(j.status, 0) << j.out;
  const auto o = nlohmann::json::parse(j.out);
  EXPECT_EQ(o["region"], "R12");
  EXPECT_EQ(o["exact"], false);
  EXPECT_EQ(o["samples"], 2000);
  EXPECT_EQ(o["error_target"], 0);
  EXPECT_EQ(o["defender"], "allied");
  EXPECT_EQ(o["more_may_come"], true);
  EXPECT_EQ(o["moved_in"].size(), 3u);
  const double axis = o["sides"]["axis"]["wins"]["mean"], allied = o["sides"]["allied"]["wins"]["mean"];
  EXPECT_NEAR(axis + allied, 1.0, 1e-9) << "a territory is held by one side or taken by the other";
  EXPECT_GT(o["sides"]["axis"]["units_lost"]["se"].get<double>(), 0) << "Monte Carlo: every figure with its error";
  EXPECT_GT(o["sides"]["allied"]["units_lost"]["mean"].get<double>(), 0);
  EXPECT_FALSE(o["sides"]["axis"]["stances"].empty());
  EXPECT_EQ(o["sides"]["axis"]["stance_source"], "searched");
  // The same seed, the same figures.
  EXPECT_EQ(nlohmann::json::parse(odds("--as GER --region R12 --with GER:42,GER:43,GER:17 --samples 2000 --error 0 --json").out)["sides"],
            o["sides"]);
  // By default Monte Carlo stops once each side's win chance is within 1% (one standard error).
  const auto early = nlohmann::json::parse(odds("--as GER --region R12 --with GER:42,GER:43,GER:17 --samples 2000 --json").out);
  EXPECT_EQ(early["error_target"], 0.01);
  EXPECT_LT(early["samples"].get<int>(), 2000);
  EXPECT_LE(early["sides"]["axis"]["wins"]["se"].get<double>(), 0.01);
  const Result text = odds("--as GER --region Smolensk --with GER:42,GER:43,GER:17 --error 0.02");
  EXPECT_NE(text.out.find("(until each side's win chance was within ±2.0% or all were played)"), std::string::npos) << text.out;
}

// "The command must only use what the asking seat can see": Germany's written order into Smolensk
// moves in when Germany asks; the USSR, which cannot see Germany's sheet, is told there is no battle.
TEST_F(WarroomOdds, Phase2_TheSeatsOwnWrittenOrderMovesIn_AnotherSeatNeverSeesIt) {
  at_german_sheet();
  ASSERT_EQ(run("act " + save + " --as GER select GER 43").status, 0);
  ASSERT_EQ(run("act " + save + " --as GER to GER R12").status, 0);
  const Result own = odds("--as GER --region R12 --json");
  ASSERT_EQ(own.status, 0) << own.out;
  const auto o = nlohmann::json::parse(own.out);
  ASSERT_EQ(o["moved_in"].size(), 1u);
  EXPECT_EQ(o["moved_in"][0]["command"], 43);
  const Result other = odds("--as USSR --region R12");
  EXPECT_NE(other.status, 0);
  EXPECT_NE(other.out.find("no battle in Smolensk (R12)"), std::string::npos) << other.out;
  const Result spectator = odds("--region R12");
  EXPECT_NE(spectator.out.find("no battle in Smolensk (R12)"), std::string::npos) << spectator.out;
}

// Bad input: one line saying why, exit status 1, the save unchanged.
TEST_F(WarroomOdds, BadInputIsRefusedWithAClearErrorAndChangesNothing) {
  at_german_sheet();
  const std::string before = bytes();
  const auto refused = [&](const std::string& args, const std::string& why, bool one_line = true) {
    const Result r = odds(args);
    EXPECT_NE(r.status, 0) << args;
    EXPECT_NE(r.out.find(why), std::string::npos) << args << ": " << r.out;
    if (one_line) {
      EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one line: " << r.out;
    }
  };
  refused("--as GER --region Atlantis", "unknown region \"Atlantis\"");
  refused("--as GER --region R7", "no battle in Volga (R7)");
  refused("--as JPN --region R12 --with GER:42", "\"JPN\" is not a seat of this game");
  refused("--as GER --region R12 --with GER:99", "GER 99 is not on the map");
  refused("--as GER --region R12 --with GER:39", "GER 39 cannot be ordered into Smolensk (R12): not on its order pad");
  refused("--as GER --region R12 --with GER:35", "GER 35 would stop in Belarus (G8), short of Smolensk (R12)");
  refused("--as GER --region R12 --with GER-42", "not a Command of this game as NATION:NUMBER");
  refused("--as GER --region R12 --with JPN:42", "not a Command of this game");
  refused("--as GER --region R12 --with GER:42 --samples 5", "--samples", false);  // CLI11's own message
  refused("--as GER --region R12 --with GER:42 --error 0.7", "--error", false);
  EXPECT_EQ(bytes(), before);
}

}  // namespace
