// The command-line kit (cli/kit.h) on the demonstration game Three Hills: a title that is not
// Churchill gets new, status, act, run, replay and play from the same code, with secret orders
// kept secret from the other seats until the reveal.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/support/command.h"

namespace {

namespace fs = std::filesystem;
using test_support::Result;

class Kit : public test_support::CommandTest {
 protected:
  Kit() : CommandTest("HILLS_BINARY", "kit-test") {}
  void act(const std::string& seat, const std::string& action) const {
    const Result r = run("act " + save + " --as " + seat + " " + action);
    ASSERT_EQ(r.status, 0) << r.out;
  }
};

TEST_F(Kit, OrdersStaySecretUntilTheRevealThenTheRoundIsResolved) {
  ASSERT_EQ(run("new --players 2 --seed 4 -o " + save).status, 0);
  act("red", "send 3 C");
  act("green", "send 2 C");
  act("red", "done");
  const nlohmann::json green = view("green"), red = view("red"), spectator = view("");
  EXPECT_TRUE(green["sheets"]["red"]["orders"].is_null()) << "green must not see red's orders";
  EXPECT_EQ(green["sheets"]["red"]["status"], "done");
  EXPECT_EQ(red["sheets"]["red"]["orders"]["C"], 3);
  EXPECT_TRUE(spectator["sheets"]["green"]["orders"].is_null());
  EXPECT_EQ(green["active"], nlohmann::json::array({"green"}));
  EXPECT_EQ(green["seat_order"], nlohmann::json::array({"red", "green"}));
  act("green", "done");
  const nlohmann::json after = view("");
  EXPECT_EQ(after["scores"]["red"], 3);
  EXPECT_EQ(after["round"], 2);
  const Result replay = run("replay " + save);
  EXPECT_NE(replay.out.find("R3: red sends A 0, B 0, C 3"), std::string::npos) << replay.out;
  EXPECT_NE(replay.out.find("R4: red takes hill C with 3 troops (+3)"), std::string::npos) << replay.out;
  EXPECT_EQ(run("replay --verify " + save).status, 0);
}

TEST_F(Kit, BotsPlayTheOtherSeatsToTheEnd) {
  ASSERT_EQ(run("new --seed 9 --seats red=bot:random,green=bot:random,blue=bot:random -o " + save).status, 0);
  const nlohmann::json v = view("");
  EXPECT_TRUE(v["terminal"].get<bool>());
  EXPECT_FALSE(v["winners"].empty());
  EXPECT_EQ(run("replay --verify " + save).status, 0);
}

TEST_F(Kit, BadSetupsAreRefusedInOneLineAndCreateNothing) {
  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {"--scenario grand", "unknown scenario \"grand\" (standard)"},
           {"--players 5", "played by 3, 2 players, not 5"},
           {"--seats red=human,red=bot:random", "seat \"red\" is given twice"},
           {"--seats purple=human", "unknown seat \"purple\" (red, green, blue)"},
           {"--seats red=bot:genius", "unknown controller \"bot:genius\" for red (human, bot:random)"},
           {"--option fog", "Three Hills has no option \"fog\""},
           {"--seats red", "\"red\" is not SEAT=CONTROLLER"}}) {
    const Result r = run("new " + args + " -o " + save);
    EXPECT_NE(r.status, 0) << args;
    EXPECT_NE(r.out.find(message), std::string::npos) << args << ": " << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    EXPECT_FALSE(fs::exists(save)) << args;
  }
}

TEST_F(Kit, ActRefusesWhatTheSeatMayNotDo) {
  ASSERT_EQ(run("new --players 2 -o " + save).status, 0);
  act("red", "done");
  const Result again = run("act " + save + " --as red send 1 A");
  EXPECT_NE(again.status, 0);
  EXPECT_NE(again.out.find("red may not act now"), std::string::npos) << again.out;
  const Result bad = run("act " + save + " --as green send 9 A");
  EXPECT_NE(bad.out.find("\"send 9 A\" is not a legal action for green"), std::string::npos) << bad.out;
}

// Two humans at one keyboard: each writes orders, takes one back with undo, and the keyboard is
// passed between them so neither sees the other's sheet.
TEST_F(Kit, PlayHotSeatWithUndo) {
  const std::string script = (dir / "input.txt").string();
  std::ofstream(script) << "\nsend 2 A\nsend 1 B\nundo\ndone\n\nsend 3 A\ndone\n";  // Enter passes the keyboard
  const Result r = run("play --fast --no-color --players 2 --seed 3 --seats red=human,green=human --autosave " + save + " < " + script);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Pass the keyboard to green"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("R3: red sends A 2, B 0, C 0"), std::string::npos) << "undo took back B: " << r.out;
  EXPECT_NE(r.out.find("R4: green takes hill A with 3 troops (+1)"), std::string::npos) << r.out;
  EXPECT_EQ(run("replay --verify " + save).status, 0);
}

}  // namespace
