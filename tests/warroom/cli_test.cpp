// The warroom command on the shared kit: a game created, played by random bots to the round limit,
// replayed and verified; bad input refused with a one-line error and the save unchanged; a seat's
// view never showing another seat's unwritten sheet.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/rules_text.h"
#include "core/save.h"
#include "core/text_layout.h"
#include "tests/support/command.h"
#include "warroom/ai.h"
#include "warroom/data.h"
#include "warroom/title.h"

namespace {

using test_support::Result;

class WarroomCli : public test_support::CommandTest {
 protected:
  WarroomCli() : CommandTest("WARROOM_BINARY", "warroom-cli-test") {}

  // `warroom play ARGS --no-color` at `columns` columns, given `input`; autosaves to auto.json.
  Result play_typed(int columns, const std::string& args, const std::string& input) {
    const std::string script = (dir / "input.txt").string();
    std::ofstream(script) << input;
    return test_support::run_command("COLUMNS=" + std::to_string(columns) + " " + std::string(std::getenv("WARROOM_BINARY")),
                                     "play " + args + " --no-color --autosave " + (dir / "auto.json").string() + " < " + script);
  }

  // `warroom play` (100 columns, no colour) at the Soviet Union's first action beginning with `verb`
  // ("buy USSR") in a rules bots' Eastern Front game (seed 3), the Soviet seat a human's, given
  // `input`; autosaves to auto.json. `at` is set to the number of actions before it.
  Result play_soviet_at(const std::string& verb, const std::string& input, std::size_t* at = nullptr) {
    const std::string bots = (dir / "bots.json").string();
    if (!std::filesystem::exists(bots)) {
      EXPECT_EQ(run("new --scenario eastern-front --seed 3 --seats USSR=bot:rules,GER=bot:rules -o " + bots).status, 0);
      EXPECT_EQ(run("run " + bots).status, 0);
    }
    nlohmann::json game = nlohmann::json::parse(std::ifstream(bots));
    nlohmann::json& actions = game["actions"];
    std::size_t first = 0;
    while (first < actions.size() && !actions[first]["action"].get<std::string>().starts_with(verb)) ++first;
    EXPECT_LT(first, actions.size()) << "the Soviet Union's bot takes a \"" << verb << "\" action";
    actions.erase(actions.begin() + static_cast<std::ptrdiff_t>(first), actions.end());
    if (at) *at = first;
    game["seats"]["USSR"] = "human";
    game["state_hash"] = "";
    const std::string there = (dir / "there.json").string();
    std::ofstream(there) << game.dump();
    return play_typed(100, "--load " + there, input);
  }
  Result play_soviet_purchases(const std::string& input) { return play_soviet_at("buy USSR", input); }
};

// Phase 3 › Step 2 in the terminal: `rest` carries out the Soviet Union's remaining orders in box
// order, one legal action each (the view's "carry_out"), until none is left or the owner must
// choose; outside a nation's movement turn it says there is nothing to carry out.
TEST_F(WarroomCli, RestCarriesOutTheRemainingOrdersInBoxOrder) {
  std::size_t at = 0;
  const Result r = play_soviet_at("move USSR", "rest\nquit\n", &at);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out.find("Nothing to carry out"), std::string::npos) << r.out;
  const nlohmann::json saved = nlohmann::json::parse(std::ifstream(dir / "auto.json"));
  std::vector<int> boxes;
  for (std::size_t i = at; i < saved["actions"].size(); ++i) {
    const std::string a = saved["actions"][i]["action"];
    if (!a.starts_with("move USSR ") && !a.starts_with("cancel USSR ")) break;
    boxes.push_back(std::stoi(a.substr(a.find(' ', a.find("USSR")) + 1)));
  }
  ASSERT_FALSE(boxes.empty()) << r.out;
  EXPECT_TRUE(std::is_sorted(boxes.begin(), boxes.end())) << "in box order";
  const Result none = play_typed(100, "--fast --seed 1 --scenario eastern-front", "rest\nquit\n");
  EXPECT_NE(none.out.find("Nothing to carry out"), std::string::npos) << none.out;
}

// A save carries the rules revision it was made under ("rules_revision": 1 since the corrections of
// December 2026, docs/warroom/rulings.md 26-35; 2 since item 36; 3 since item 37). A save of an earlier revision that
// the corrected rules read differently is refused with the action and the reason; the same fault in
// a save of the current revision is refused as before.
TEST_F(WarroomCli, ASaveMadeBeforeTheRulesCorrectionsSaysWhyItNoLongerReplays) {
  ASSERT_EQ(run("new --scenario war-in-europe --seed 4 -o " + save).status, 0);
  nlohmann::json game = nlohmann::json::parse(std::ifstream(save));
  EXPECT_EQ(game["rules_revision"], 3);
  game["actions"].push_back({{"seat", "BC"}, {"action", "launch BC 1 N9"}});  // not an action here
  game["state_hash"] = "";
  for (const int revision : {0, 1, 2, 3}) {
    if (revision == 0)
      game.erase("rules_revision");
    else
      game["rules_revision"] = revision;
    std::ofstream(save) << game.dump();
    const Result r = run("replay " + save + " --verify");
    EXPECT_NE(r.status, 0);
    EXPECT_NE(r.out.find("(BC launch BC 1 N9): not an action here"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("rules revision " + std::to_string(revision)) != std::string::npos, revision < 3) << r.out;
    EXPECT_EQ(r.out.find("Corrections of December 2026") != std::string::npos, revision < 3) << r.out;
  }
}

// `warroom bench` (docs/warroom/engine.md, "Numbers"): the engine's figures and the search's
// iterations per second, an iteration being one rollout from a sheet candidate.
TEST_F(WarroomCli, BenchReportsTheEngineAndTheSearch) {
  const Result r = run("bench --seconds 0.1 --rounds 1 --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["state_bytes"], sizeof(warroom::State));
  EXPECT_GT(j["games"].get<int>(), 0);
  EXPECT_GT(j["legal_actions_mean"].get<double>(), 1);
  EXPECT_GT(j["search_iterations_per_second"].get<double>(), 0);
  EXPECT_EQ(j["search_rollout_rounds"], warroom::ai_level("normal")->rounds);
}

TEST_F(WarroomCli, BotsPlayToTheRoundLimitAndTheReplayVerifies) {
  ASSERT_EQ(run("new --scenario war-in-europe --seed 9 --option round-limit-10 --seats "
                "BC=bot:random,USSR=bot:random,US=bot:random,GER+ITA=bot:random -o " +
                save)
                .status,
            0);
  const Result r = run("run " + save);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("the game is over after round 10, with no winner"), std::string::npos) << r.out;
  const Result v = run("replay --verify " + save);
  EXPECT_EQ(v.status, 0) << v.out;
  EXPECT_NE(v.out.find("verified"), std::string::npos) << v.out;
  const Result log = run("replay " + save);
  EXPECT_NE(log.out.find("Phase 2 > Step 2. Reveal Bids and Establish Turn Order"), std::string::npos);
}

// Optional Rules ("may be used if all players agree"): chosen when the game is created, kept in the
// save file, and the replay plays the same game with it.
TEST_F(WarroomCli, RapidResolutionIsChosenAtCreationAndKeptInTheSave) {
  ASSERT_EQ(run("new --scenario war-in-the-pacific --seed 3 --option rapid-resolution --option round-limit-10 --seats "
                "CHN+BC=bot:random,US=bot:random,JPN=bot:random -o " +
                save)
                .status,
            0);
  const auto options = nlohmann::json::parse(bytes())["options"];
  EXPECT_NE(std::find(options.begin(), options.end(), "rapid-resolution"), options.end()) << options;
  ASSERT_EQ(run("run " + save).status, 0);
  const Result v = run("replay --verify " + save);
  EXPECT_EQ(v.status, 0) << v.out;
  EXPECT_NE(run("new --scenario war-in-the-pacific --option simultaneous-battles -o " + save + ".2").status, 0)
      << "an optional rule the engine does not have is refused (rulings.md 22)";
}

TEST_F(WarroomCli, BadActionsAreRefusedAndChangeNothing) {
  ASSERT_EQ(
      run("new --scenario war-in-europe --seed 4 --seats BC=human,USSR=bot:random,US=bot:random,GER+ITA=bot:random -o " + save).status, 0);
  ASSERT_EQ(run("run " + save).status, 0);
  const std::string before = bytes();
  for (const char* bad : {"--as BC to BC Z9", "--as BC bid BC -1", "--as BC select BC 999", "--as US done US", "--as XX done BC",
                          "--as BC shift BC 1 inf new extra"}) {
    const Result r = run(std::string("act ") + save + " " + bad);
    EXPECT_NE(r.status, 0) << bad;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    EXPECT_EQ(bytes(), before) << bad;
  }
}

TEST_F(WarroomCli, ASeatSeesOnlyItsOwnSheetWhileWriting) {
  ASSERT_EQ(run("new --scenario war-in-europe --seed 4 --seats BC=human,USSR=human,US=bot:random,GER+ITA=bot:random -o " + save).status, 0);
  // Through the reorganization windows to the order sheets.
  for (int i = 0; i < 10; ++i) {
    run("run " + save);
    const std::string phase = run("status " + save).out;
    if (phase.find("Write Orders") != std::string::npos) break;
    if (phase.find("British Commonwealth may reorganize") != std::string::npos) run("act " + save + " --as BC done BC");
    if (phase.find("Soviet Union may reorganize") != std::string::npos) run("act " + save + " --as USSR done USSR");
  }
  ASSERT_EQ(run("act " + save + " --as BC bid BC 2").status, 0);
  const auto as_ussr = nlohmann::json::parse(run("status " + save + " --as USSR --json").out);
  const auto as_bc = nlohmann::json::parse(run("status " + save + " --as BC --json").out);
  EXPECT_TRUE(as_ussr["nations"][0]["sheet"]["bid"].is_null()) << "an ally does not see it (ruling 20)";
  EXPECT_EQ(as_bc["nations"][0]["sheet"]["bid"], 2);
}

// The terminal's `help` is War Room's: how orders are written and the commands that work, not
// Churchill's cards, hints and numbered rules ("adv mont eu", `card NAME`, `rules 7.74`).
TEST_F(WarroomCli, PlayHelpIsWarRoomsOwn) {
  const std::string script = (dir / "help.txt").string(), autosave = (dir / "auto.json").string();
  std::ofstream(script) << "help\nquit\n";
  const Result r = run("play --fast --seed 1 --no-color --scenario eastern-front --autosave " + autosave + " < " + script);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Orders: select a Command, then"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"shift USSR 50 inf*3 36\" three"), std::string::npos) << "how to move several units\n" << r.out;
  EXPECT_EQ(r.out.find("card NAME"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("adv mont eu"), std::string::npos) << r.out;
}

// Phase 2 › Step 1 in the terminal: "done" on a sheet with no orders and no bid is asked about
// (y/n) before it is taken; "n" goes back to the sheet with nothing sent, "y" sends it.
TEST_F(WarroomCli, ADoneLeavingTheSheetBlankIsAskedAboutFirst) {
  const auto dones = [&] {
    int n = 0;
    const nlohmann::json saved = nlohmann::json::parse(std::ifstream(dir / "auto.json"));
    for (const auto& a : saved["actions"]) n += a["action"] == "done USSR";
    return n;
  };
  const std::string args = "--fast --seed 1 --scenario eastern-front";
  Result r = play_typed(100, args, "done USSR\ndone USSR\nn\nquit\n");  // Phase 1's reorganizing window, then the sheet
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Soviet Union's sheet has no orders, no bid."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Submit it anyway? (y/n)"), std::string::npos) << r.out;
  EXPECT_EQ(dones(), 1) << "only Phase 1's done was taken";
  r = play_typed(100, args, "done USSR\ndone USSR\ny\nquit\n");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(dones(), 2) << r.out;
}

// The board (`board`) in a narrow terminal: a line wider than the terminal (the phase line, the map's notice)
// is broken at spaces rather than cut mid-word by the terminal; the table's lines keep their columns.
TEST_F(WarroomCli, TheBoardsLongLinesAreBrokenAtSpacesToTheTerminalsWidth) {
  const std::string script = (dir / "quit.txt").string(), autosave = (dir / "auto.json").string();
  std::ofstream(script) << "board\nquit\n";
  const Result r =
      test_support::run_command("COLUMNS=70 " + std::string(std::getenv("WARROOM_BINARY")),
                                "play --fast --seed 1 --no-color --scenario eastern-front --autosave " + autosave + " < " + script);
  ASSERT_EQ(r.status, 0) << r.out;
  const std::size_t board = r.out.rfind("War Room — ", r.out.find("USSR Commands:")), table = r.out.find("\nnation  oil iron", board);
  ASSERT_NE(table, std::string::npos) << r.out;
  std::size_t lines = 0;
  for (std::size_t start = board; start < table;) {
    const std::size_t end = r.out.find('\n', start);
    EXPECT_LE(core::code_points(std::string_view(r.out).substr(start, end - start)), 70u) << r.out.substr(start, end - start);
    ++lines;
    start = end + 1;
  }
  EXPECT_GT(lines, 3u) << "the phase line and the map's notice are broken into more lines";
  EXPECT_NE(r.out.find("USSR      5    4    4     0/7"), std::string::npos) << "the table keeps its columns";
}

// Phase 7 › Step 3 (ruling 80: Civilian Goods cost 5 resources of any mix): the 21 mixes are listed
// under one heading, their numbers and order kept, instead of 21 lines of "buy USSR goods 0/1/4".
TEST_F(WarroomCli, CivilianGoodsMixesAreListedUnderOneHeading) {
  const Result r = play_soviet_purchases("quit\n");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("\n     buy USSR goods:\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("buy USSR goods 0/1/4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" 0/1/4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("buy USSR inf  — Infantry: "), std::string::npos) << "an option with a note keeps its line\n" << r.out;
}

// Phase 7 › Step 3 (Note Purchase of Units): the number of a buy stays the same after a purchase is
// noted (the unbuys are listed after every buy), so typing it twice buys two of the same unit.
TEST_F(WarroomCli, TypingABuysNumberTwiceBuysTwoOfTheSameUnit) {
  const Result listed = play_soviet_purchases("quit\n");
  ASSERT_EQ(listed.status, 0) << listed.out;
  const std::size_t line = listed.out.rfind(" buy USSR inf  — ");
  ASSERT_NE(line, std::string::npos) << listed.out;
  const std::size_t start = listed.out.rfind('\n', line) + 1;
  const std::string number = listed.out.substr(start, line - start);
  ASSERT_FALSE(number.empty());
  const std::string typed = std::to_string(std::stoi(number));
  const Result r = play_soviet_purchases(typed + "\n" + typed + "\nquit\n");
  ASSERT_EQ(r.status, 0) << r.out;
  const nlohmann::json saved = nlohmann::json::parse(std::ifstream(dir / "auto.json"));
  std::vector<std::string> last;
  for (const auto& a : saved["actions"]) last.push_back(a["action"].get<std::string>());
  ASSERT_GE(last.size(), 2u);
  EXPECT_EQ(last[last.size() - 2], "buy USSR inf");
  EXPECT_EQ(last.back(), "buy USSR inf") << "the second " << typed << " must not unbuy the first";
  EXPECT_NE(r.out.find("unbuy USSR inf"), std::string::npos) << "the unbuy is offered, after the buys\n" << r.out;
}

// Reorganizing Commands: several units of a type move in one shift, and the terminal lists the
// counts of one choice on its line ("126 shift USSR 50 inf 36  · 127 inf*2  128 inf*3  129 inf*4")
// instead of a line each; a typed count or a whole Command's merge is taken as it is written.
TEST_F(WarroomCli, ShiftCountsAreListedOnTheirChoicesLineAndTypedWhole) {
  const Result r =
      play_typed(100, "--fast --seed 7 --scenario eastern-front", "shift USSR 50\nshift USSR 50 inf*4 new\nshift USSR 36 all 54\nquit\n");
  ASSERT_EQ(r.status, 0) << r.out;
  const std::size_t choice = r.out.find(" shift USSR 50 inf new  · ");
  ASSERT_NE(choice, std::string::npos) << r.out;
  const std::string line = r.out.substr(choice, r.out.find('\n', choice) - choice);
  EXPECT_NE(line.find(" inf*2  "), std::string::npos) << line;
  EXPECT_NE(line.find(" inf*6"), std::string::npos) << "6 Infantry, 2 Artillery stay: " << line;
  EXPECT_EQ(r.out.find(" shift USSR 50 inf*2"), std::string::npos) << "no line of its own\n" << r.out;
  const nlohmann::json saved = nlohmann::json::parse(std::ifstream(dir / "auto.json"));
  std::vector<std::string> shifts;
  for (const auto& a : saved["actions"])
    if (a["seat"] == "USSR") shifts.push_back(a["action"].get<std::string>());
  EXPECT_EQ(shifts, (std::vector<std::string>{"shift USSR 50 inf*4 new", "shift USSR 36 all 54"}));
  EXPECT_NE(r.out.find("Soviet Union moves 4 Infantry from Command 50 to Command "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Soviet Union merges Command 36 into Command 54"), std::string::npos) << r.out;
}

// The log in colour at the terminal's width (`script` gives the game a terminal): each entry is
// broken into lines of 80 columns before it is coloured, since the colours' escape codes take no
// column; the terminal never breaks a line again in the middle of a word ("now eliminat", "ed").
TEST_F(WarroomCli, ColouredLogLinesFitTheTerminal) {
  const std::string game = "COLUMNS=80 TERM=xterm " + std::string(std::getenv("WARROOM_BINARY")) +
                           " play --fast --seed 3 --scenario eastern-front --seats USSR=bot:rules,GER=bot:rules --autosave " +
                           (dir / "auto.json").string();
  const Result r = test_support::run_command("script", "-qec '" + game + "' /dev/null < /dev/null");
  ASSERT_EQ(r.status, 0) << r.out;
  ASSERT_NE(r.out.find("\033[3"), std::string::npos) << "the log is in colour at a terminal";
  std::string plain;  // without the escape codes and carriage returns
  for (std::size_t i = 0; i < r.out.size(); ++i) {
    if (r.out.compare(i, 2, "\033[") == 0)
      i = std::min(r.out.find_first_not_of("0123456789;", i + 2), r.out.size());
    else if (r.out[i] != '\r')
      plain += r.out[i];
  }
  std::size_t broken = 0;
  for (std::size_t start = 0; start < plain.size();) {
    const std::size_t end = std::min(plain.find('\n', start), plain.size());
    const std::string_view line = std::string_view(plain).substr(start, end - start);
    EXPECT_LE(core::code_points(line), 80u) << line;
    broken += line.starts_with("      ") && line.size() > 6 && line[6] != ' ';
    start = end + 1;
  }
  EXPECT_GT(broken, 10u) << "long log entries go on indented lines";
}

// `play --seats USSR=human`: the USSR is the human's and every seat not named is a bot's -- BC, the
// first seat, too (it was left human: the default "you take the first seat" applied as well).
// Without --seats you take the first seat; naming only bots keeps it so.
TEST_F(WarroomCli, NamingAHumanSeatMakesEveryOtherSeatABot) {
  const auto seats = [&](const std::string& args) {
    EXPECT_EQ(play_typed(100, "--seed 2 --scenario war-in-europe " + args, "quit\n").status, 0);
    return nlohmann::json::parse(std::ifstream(dir / "auto.json"))["seats"];
  };
  nlohmann::json s = seats("--seats USSR=human");
  EXPECT_EQ(s["USSR"], "human") << s;
  EXPECT_EQ(s["BC"], "bot:rules") << s;
  EXPECT_EQ(s["US"], "bot:rules") << s;
  EXPECT_EQ(s["GER+ITA"], "bot:rules") << s;
  s = seats("--seats USSR=human,US=human,GER+ITA=bot:random");
  EXPECT_EQ(s["BC"], "bot:rules") << s;
  EXPECT_EQ(s["US"], "human") << s;
  EXPECT_EQ(s["GER+ITA"], "bot:random") << s;
  s = seats("");
  EXPECT_EQ(s["BC"], "human") << s;
  EXPECT_EQ(s["USSR"], "bot:rules") << s;
  s = seats("--seats GER+ITA=bot:random");
  EXPECT_EQ(s["BC"], "human") << "naming only bots keeps the first seat yours\n" << s;
}

// Bidding Oil for Turn Order ("no bidding limit (except by how much oil that Nation currently
// owns)"): a bid above the oil held is refused in the terminal and by `act` with the amounts, and
// nothing is taken; the Soviet Union holds 5 oil at the start of the Eastern Front.
TEST_F(WarroomCli, ABidAboveTheOilHeldIsRefusedWithTheAmounts) {
  const Result r = play_typed(100, "--seed 1 --scenario eastern-front", "done USSR\nbid USSR 99\nbid USSR 5k\nquit\n");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("A bid of 99 oil is more than the 5 Soviet Union holds."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("A bid of 5000 oil is more than the 5 Soviet Union holds."), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"bid USSR 99\" is not a legal action"), std::string::npos) << r.out;
  const nlohmann::json saved = nlohmann::json::parse(std::ifstream(dir / "auto.json"));
  for (const auto& a : saved["actions"]) EXPECT_FALSE(a["action"].get<std::string>().starts_with("bid ")) << a;

  std::filesystem::copy_file(dir / "auto.json", save);
  const std::string before = bytes();
  const Result act = run("act " + save + " --as USSR bid USSR 99");
  EXPECT_NE(act.status, 0);
  EXPECT_NE(act.out.find("\"bid USSR 99\" is refused: A bid of 99 oil is more than the 5 Soviet Union holds."), std::string::npos)
      << act.out;
  EXPECT_EQ(bytes(), before);
}

// The terminal beside each decision: a short board (the nations' table with the seat's sheet, the
// phase) instead of every nation's Commands, which `board` prints; the whole screen of a Phase 2
// decision fits 30 lines at 100 columns, its 26 choices summarised by their verbs.
TEST_F(WarroomCli, EachDecisionShowsAShortBoardAndBoardShowsTheWholeOne) {
  std::ofstream(dir / "input.txt") << "done USSR\nboard\nquit\n";
  const Result r = test_support::run_command("LINES=30 COLUMNS=100 " + std::string(std::getenv("WARROOM_BINARY")),
                                             "play --seed 1 --scenario eastern-front --no-color --autosave " +
                                                 (dir / "auto.json").string() + " < " + (dir / "input.txt").string());
  ASSERT_EQ(r.status, 0) << r.out;
  // (what is typed is not echoed: the whole board is the one listing the Commands)
  const std::size_t full = r.out.rfind("War Room — ", r.out.find("USSR Commands:"));
  ASSERT_NE(full, std::string::npos) << r.out;
  const std::size_t second = r.out.rfind("War Room — ", full - 1);
  ASSERT_NE(second, std::string::npos) << r.out;
  const std::string screen = r.out.substr(second, full - second);
  EXPECT_NE(screen.find("\nnation  oil iron"), std::string::npos) << screen;
  EXPECT_EQ(screen.find("USSR Commands:"), std::string::npos) << "no list of every Command\n" << screen;
  EXPECT_LE(std::count(screen.begin(), screen.end(), '\n'), 29) << screen;
  EXPECT_NE(screen.find("select         20 choices"), std::string::npos) << screen;
  const std::string after = r.out.substr(full);
  EXPECT_NE(after.find("USSR Commands:"), std::string::npos) << "`board` prints every Command\n" << after;
  EXPECT_NE(after.find("GER Commands:"), std::string::npos) << after;
}

// Stable menu numbers: a number keeps its meaning from one list to the next within a step. In
// Phase 2, selecting a Command brings its destinations; "done USSR", each bid and each Command keep
// the numbers they had (listed again by typing "bid", "sel"), and the destinations take numbers of
// their own; Phase 2's lists start again from 1, not after Phase 1's reorganizing.
TEST_F(WarroomCli, AMenuNumberKeepsItsMeaningBetweenLists) {
  const Result r = play_typed(100, "--seed 1 --scenario eastern-front", "done USSR\nselect USSR 36\nbid\nsel\nto\nquit\n");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto number_of = [](const std::string& text, const std::string& action) {
    std::size_t at = text.find(" " + action);  // the action as a whole word: a space or a line's end after it
    while (at != std::string::npos && at + action.size() + 1 < text.size() && text[at + action.size() + 1] != ' ' &&
           text[at + action.size() + 1] != '\n')
      at = text.find(" " + action, at + 1);
    if (at == std::string::npos) return std::string("none");
    const std::size_t start = text.find_last_not_of("0123456789", at - 1) + 1;
    return text.substr(start, at - start);
  };
  const std::size_t selected = r.out.find("[selected 36]");  // the screen after the selection
  ASSERT_NE(selected, std::string::npos) << r.out;
  // After the selection the list is summarised by its verbs (more than 36); typing a verb lists them.
  const std::string before = r.out.substr(0, selected), after = r.out.substr(r.out.find("Type a beginning", selected));
  EXPECT_NE(before.find("\n   1 done USSR\n"), std::string::npos) << before;
  for (const std::string action : {"bid USSR 1", "bid USSR 5", "select USSR 37"}) {
    EXPECT_NE(number_of(before, action), "none") << action << "\n" << before;
    EXPECT_EQ(number_of(before, action), number_of(after, action)) << action << "\n" << after;
  }
  EXPECT_NE(number_of(after, "to USSR R12"), "none") << after;
}

// Battle Stage › Roll Dice: each die of a batch, and the hit or miss it makes, on the batch's line.
TEST_F(WarroomCli, TheDiceOfABatchAreSaidOnOneLine) {
  const Result r = play_typed(200, "--seed 3 --scenario eastern-front --seats USSR=bot:rules,GER=bot:rules", "");
  ASSERT_EQ(r.status, 0) << r.out;
  std::size_t batches = 0;
  for (std::size_t at = r.out.find("rolls a batch of"); at != std::string::npos; at = r.out.find("rolls a batch of", at + 1)) {
    const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
    batches += line.find(" dice: ") != std::string::npos && line.find(", ") != std::string::npos;
  }
  EXPECT_GT(batches, 3u) << r.out.substr(0, 3000);
  for (std::size_t start = 0; start < r.out.size();) {  // no die of a batch on a line of its own ("Germany die: red")
    const std::size_t end = std::min(r.out.find('\n', start), r.out.size());
    const std::string line = r.out.substr(start, end - start);
    EXPECT_FALSE(line.find("Roll Dice in Batches") != std::string::npos && line.find("rolls a batch") == std::string::npos) << line;
    start = end + 1;
  }
}

}  // namespace

// `hint` in `warroom play` at Phase 2 › Step 1 (docs/warroom/ai.md, "Hints"): the whole sheet the
// search would write -- the structured plan the server answers for the same seat at the same point,
// worded -- each order numbered with its Command, where it goes and why, each attack's odds for the
// seat's side under it, the bid and why. `hint take` enters every entry as ordinary actions, the
// plan's own in order; after an undo the game has moved on and `hint take` enters nothing.
TEST_F(WarroomCli, HintPrintsTheWholePlanTheAIWouldWriteAndHintTakeEntersIt) {
  const std::string at_hint = (dir / "at-hint.json").string();
  const Result r = play_typed(100, "--fast --seed 1 --scenario eastern-front",
                              "done USSR\nhint\nsave " + at_hint + "\nhint take\nundo\nhint take\nquit\n");
  ASSERT_EQ(r.status, 0) << r.out;
  // The structured plan, as the server's hint request answers it, at the point `hint` was typed.
  const auto title = warroom::make_title(WARROOM_TEST_DATA_DIR);
  const auto match = title->open(core::save_from_json(core::read_file(at_hint)));
  const core::Seat seat = *match->seat_from_name("USSR");
  const nlohmann::json plan = match->hint_task(seat, 3)().plan;
  ASSERT_EQ(plan.value("step", ""), "sheet") << plan.dump();
  ASSERT_EQ(plan["nations"].size(), 1u);
  const nlohmann::json& ussr = plan["nations"][0];
  ASSERT_FALSE(ussr["orders"].empty()) << plan.dump();
  // What was printed, its broken lines joined again.
  std::string out;
  for (std::size_t i = 0; i < r.out.size(); ++i) {
    if (r.out[i] != '\n') {
      out += r.out[i];
      continue;
    }
    std::size_t next = i + 1;
    while (next < r.out.size() && r.out[next] == ' ') ++next;
    if (next - i - 1 >= 7) {  // a broken line's rest, indented under its entry
      out += ' ';
      i = next - 1;
    } else {
      out += '\n';
    }
  }
  const warroom::Data data = warroom::load_data(WARROOM_TEST_DATA_DIR);
  const auto name = [&](const nlohmann::json& id) {
    return id.get<std::string>() + " " + data.regions[data.find_region(id.get<std::string>())].name;
  };
  const auto why = [&](const nlohmann::json& code) { return data.catalogues->tr("en", "warroom.hint.why." + code.get<std::string>()); };
  std::size_t at = out.find("AI advice — Estimated chance of winning: ");
  ASSERT_NE(at, std::string::npos) << r.out;
  std::vector<std::string> actions;  // the plan's entries' actions, in order
  int number = 0;
  for (const auto& o : ussr["orders"]) {
    ASSERT_TRUE(o["proposed"]) << o;
    const std::string line =
        fmt::format("{:>3}  {} from {} → {} — {}", ++number, o["command"].get<int>(), name(o["from"]), name(o["to"]), why(o["reason"]));
    at = out.find(line, at);
    ASSERT_NE(at, std::string::npos) << "order " << number << " printed as \"" << line << "\"\n" << r.out;
    for (const auto& a : o["actions"]) actions.push_back(a.get<std::string>());
  }
  for (const auto& a : plan["attacks"])
    EXPECT_NE(out.find(name(a["region"]) + ": your side takes or holds it "), std::string::npos) << a["region"] << "\n" << r.out;
  const nlohmann::json& bid = ussr["bid"];
  if (bid["proposed"]) {
    const std::string line = fmt::format("{:>3}  Bid: {} oil — {}", ++number, bid["bid"].get<int>(), why(bid["reason"]));
    ASSERT_NE(out.find(line, at), std::string::npos) << line << "\n" << r.out;
    for (const auto& a : bid["actions"]) actions.push_back(a.get<std::string>());
  }
  EXPECT_NE(out.find(fmt::format("\"hint take N\" entry N (1 to {})", number)), std::string::npos) << r.out;
  // `hint take` entered the plan's actions in order; the undo took back the last, and the second
  // `hint take` was refused.
  EXPECT_NE(out.find("Entered from the hint: entries 1, 2"), std::string::npos) << r.out;
  EXPECT_NE(out.find("The game has moved on since this hint: nothing was entered"), std::string::npos) << r.out;
  const core::SaveFile before = core::save_from_json(core::read_file(at_hint));
  const core::SaveFile after = core::save_from_json(core::read_file((dir / "auto.json").string()));
  std::vector<std::string> entered;
  for (std::size_t i = before.actions.size(); i < after.actions.size(); ++i) entered.push_back(after.actions[i].action);
  actions.pop_back();  // undone
  EXPECT_EQ(entered, actions);
}
