// The churchill command's contract (architecture.md §4): bad input gets a one-line error and a
// non-zero exit and never changes the save; views show a seat only its own hand.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cctype>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cli/menu.h"
#include "tests/support/command.h"

namespace {

using test_support::Result;

class Cli : public test_support::CommandTest {
 protected:
  Cli() : CommandTest("CHURCHILL_BINARY", "churchill-cli-test") {}
  void expect_rejected_no_save(const std::string& args, const std::string& message) {
    const Result r = run(args);
    EXPECT_NE(r.status, 0) << args;
    EXPECT_NE(r.out.find(message), std::string::npos) << r.out;
  }
  void expect_rejected(const std::string& args, const std::string& message) {
    const std::string before = bytes();
    const Result r = run(args);
    EXPECT_NE(r.status, 0) << args;
    EXPECT_NE(r.out.find(message), std::string::npos) << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << "one line: " << r.out;
    EXPECT_EQ(bytes(), before) << "the save changed: " << args;
  }
};

TEST_F(Cli, NewStatusActRunReplay) {
  ASSERT_EQ(run("new --scenario training --seed 3 --seats US=bot:random,USSR=bot:random -o " + save).status, 0);
  nlohmann::json v = view("UK");
  EXPECT_EQ(v["active"], nlohmann::json::array({"UK"}));
  EXPECT_EQ(v["hand"].size(), 7u);
  const std::string first = v["legal_actions"][0];
  EXPECT_EQ(first.rfind("agenda ", 0), 0u);
  const Result r = run("act " + save + " --as UK " + first);
  ASSERT_EQ(r.status, 0) << r.out;
  ASSERT_EQ(run("run " + save).status, 0);
  EXPECT_NE(view("UK")["phase"].get<std::string>(), "5.13 Agenda: each player plays a staff card face down");
  const Result verify = run("replay " + save + " --verify");
  EXPECT_EQ(verify.status, 0) << verify.out;
  EXPECT_NE(verify.out.find("verified"), std::string::npos);
  EXPECT_NE(run("replay " + save).out.find("[5.11] Conference 8 Tolstoy"), std::string::npos);
}

TEST_F(Cli, EveryScenarioPlaysToAWinnerWithAndWithoutTheSecretAgenda) {
  for (const char* scenario : {"training", "tournament", "campaign"})
    for (const char* variant : {"", " --secret-agenda"}) {
      SCOPED_TRACE(std::string(scenario) + variant);
      const Result r = run(std::string("new --force --seed 9 --scenario ") + scenario + variant +
                           " --seats UK=bot:random,US=bot:random,USSR=bot:random -o " + save);
      ASSERT_EQ(r.status, 0) << r.out;
      const nlohmann::json v = view("");
      EXPECT_TRUE(v["terminal"].get<bool>());
      EXPECT_TRUE(v["winner"].is_string());
      EXPECT_EQ(v["secret_agenda"].size(), std::string(variant).empty() ? 0u : 3u) << "revealed at the end";
      EXPECT_EQ(run("replay " + save + " --verify").status, 0);
      EXPECT_NE(run("status " + save).out.find("Winner: "), std::string::npos);
    }
}

TEST_F(Cli, SelfplayIsDeterministicWhateverTheJobs) {
  const Result one = run("selfplay --scenario training --games 40 --seed 5 --jobs 1 --json");
  const Result two = run("selfplay --scenario training --games 40 --seed 5 --jobs 2 --json --seats rulebook,rulebook,rulebook");
  ASSERT_EQ(one.status, 0) << one.out;
  const auto a = nlohmann::json::parse(one.out), b = nlohmann::json::parse(two.out);
  EXPECT_EQ(a["win_rate"], b["win_rate"]);
  EXPECT_EQ(a["mean_vp"], b["mean_vp"]);
  EXPECT_EQ(a["games"], 40);
  for (const char* key : {"axis_surrender_rate", "conferences_per_game", "decisions_per_game", "games_per_second"})
    EXPECT_TRUE(a.contains(key)) << key;
  for (const char* power : {"UK", "US", "USSR"}) {  // the VP by 9.4 condition add up to the mean
    double sum = 0;
    for (const auto& [condition, by_power] : a["mean_vp_by_condition"].items())
      if (by_power.contains(power)) sum += by_power[power].get<double>();
    EXPECT_NEAR(sum, a["mean_vp"][power].get<double>(), 1e-9) << power;
  }
  EXPECT_GT(a["mean_vp_by_condition"]["A"]["UK"].get<double>(), 0);  // the UK starts with alignments
  expect_rejected_no_save("selfplay --seats rulebook,random", "three bots");
  expect_rejected_no_save("selfplay --seats rulebook,random,genius", "unknown bot \"genius\"");
}

// 6.4 with 6.9's bonuses: a menu too long for one screen is summarised by its verbs. Each run of a
// verb is a row of its own, named by the bonus its actions share and exemplified by its own first
// action (a newcomer saw three unnamed "offensive" rows, each with "offensive western" as example).
TEST(CliMenu, Rule_6_4_EachBonusRunOfAVerbIsNamedByItsBonus) {
  std::vector<std::string> options;
  const std::vector<std::string> offensive = {"western", "eastern", "cbi"}, naval = {"eastern", "cbi"};
  for (const char* bonus : {"", " bonus-europe", " bonus-either"}) {
    for (const auto& f : offensive) options.push_back("offensive " + f + bonus);
    for (const auto& t : naval) options.push_back("naval " + t + bonus);
  }
  const std::vector<cli::VerbRun> runs = cli::verb_runs(options);
  ASSERT_EQ(runs.size(), 6u);
  EXPECT_EQ(runs[0].verb, "offensive");
  EXPECT_EQ(runs[0].shared_last, "") << "production needs no name";
  EXPECT_EQ(runs[2].verb, "offensive");
  EXPECT_EQ(runs[2].shared_last, "bonus-europe");
  EXPECT_EQ(options[runs[2].first], "offensive western bonus-europe");
  EXPECT_EQ(runs[2].count, 3);
  EXPECT_EQ(runs[5].verb, "naval");
  EXPECT_EQ(runs[5].shared_last, "bonus-either");
  EXPECT_EQ(options[runs[5].first], "naval eastern bonus-either");
  // A verb of one run keeps its plain name, whatever its actions' last words.
  const std::vector<cli::VerbRun> meeting = cli::verb_runs({"advance menzies global", "advance eden global", "debate-leader eden"});
  ASSERT_EQ(meeting.size(), 2u);
  EXPECT_EQ(meeting[0].shared_last, "");
  EXPECT_EQ(meeting[0].count, 2);
}

TEST_F(Cli, BenchReportsThroughput) {
  const Result r = run("bench --json --seconds 0.2");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_GT(j["campaign"]["games_per_second"].get<double>(), 0);
  EXPECT_GT(j["state_copy_ns"].get<double>(), 0);
  EXPECT_GT(j["legal_actions_ns"].get<double>(), 0);
  EXPECT_GT(j["search_iterations_per_second"].get<double>(), 0);
}

// The arena: every player alone in every seat against each other one, the same seeds per seating.
TEST_F(Cli, ArenaReportsEverySeatingWithItsInterval) {
  const Result r = run("arena --scenario training --games 2 --players random,rulebook --seed 3 --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["seatings"].size(), 6u);  // 2 players alone x 3 seats
  EXPECT_EQ(j["games"], 12);
  for (const auto& s : j["seatings"]) {
    EXPECT_EQ(s["games"], 2);
    const double rate = s["win_rate"].get<double>(), lo = s["interval95"][0].get<double>(), hi = s["interval95"][1].get<double>();
    EXPECT_LE(lo, rate);
    EXPECT_GE(hi, rate);
    EXPECT_EQ(rate, s["wins"].get<int>() / 2.0);
  }
  EXPECT_EQ(j["ratings"][0]["player"], "random");
  EXPECT_EQ(j["ratings"][0]["rating"].get<double>(), 0.0);
  const Result alone = run("arena --scenario training --games 1 --players random,rulebook --alone rulebook --json");
  ASSERT_EQ(alone.status, 0) << alone.out;
  EXPECT_EQ(nlohmann::json::parse(alone.out)["seatings"].size(), 3u);
  const Result one_seat = run("arena --scenario training --games 1 --players random,rulebook --alone rulebook --seat USSR --json");
  ASSERT_EQ(one_seat.status, 0) << one_seat.out;
  const auto seatings = nlohmann::json::parse(one_seat.out)["seatings"];
  ASSERT_EQ(seatings.size(), 1u);
  EXPECT_EQ(seatings[0]["seat"], "USSR");
  EXPECT_EQ(seatings[0]["player"], "rulebook");
  expect_rejected_no_save("arena --players rulebook", "at least two players");
  expect_rejected_no_save("arena --players rulebook,ai:godlike", "unknown player \"ai:godlike\"");
  expect_rejected_no_save("arena --players rulebook,rulebook", "named twice");
  expect_rejected_no_save("arena --players rulebook,random --alone ai:normal", "not one of --players");
  expect_rejected_no_save("arena --games 0", "--games");
  expect_rejected_no_save("arena --players rulebook,random --seat France", "--seat: \"France\" is not UK, US or USSR");
  // The tuning options are kept in the report; a bad value is refused.
  const Result tuned = run("arena --scenario training --games 1 --players rulebook,ai:easy --alone ai:easy --seat UK --spread 4 --json");
  ASSERT_EQ(tuned.status, 0) << tuned.out;
  EXPECT_EQ(nlohmann::json::parse(tuned.out)["spread"].get<double>(), 4.0);
  expect_rejected_no_save("arena --spread -1", "--spread");
  expect_rejected_no_save("arena --spread wide", "--spread");
}

// The hint: the search's three best actions for the seat to move, each with an estimated win chance.
TEST_F(Cli, PlayHintShowsThreeActionsWithTheirWinChance) {
  const std::string script = (dir / "hint.txt").string(), autosave = (dir / "auto.json").string();
  {
    std::ofstream in(script);
    in << "hint\nquit\n";
  }
  const Result r = run("play --fast --seed 5 --no-color --scenario training --autosave " + autosave + " < " + script);
  EXPECT_EQ(r.status, 0) << r.out;
  std::size_t lines = 0;
  for (std::size_t at = r.out.find("estimated win chance"); at != std::string::npos; at = r.out.find("estimated win chance", at + 1))
    ++lines;
  EXPECT_EQ(lines, 3u) << r.out;
}

// churchill play driven through standard input: a whole conference by number, bad input of every
// kind answered clearly, a save mid-game, and the end of input saving the game.
TEST_F(Cli, PlayThroughStandardInput) {
  const std::string script = (dir / "input.txt").string(), autosave = (dir / "auto.json").string(), mid = (dir / "mid.json").string();
  {
    std::ofstream in(script);
    in << "help\nfoo\n\x01\x02\xff\n999\nundo\nrules 5.25\nsave " << mid << "\n";
    for (int i = 0; i < 400; ++i) in << "1\n";
  }
  const Result r = run("play --fast --seed 5 --no-color --autosave " + autosave + " < " + script);
  EXPECT_EQ(r.status, 0) << r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0);
  EXPECT_NE(r.out.find("Commands: help"), std::string::npos);
  EXPECT_NE(r.out.find("\"foo\" is not a legal action or a command"), std::string::npos);
  EXPECT_NE(r.out.find("\"???\" is not a legal action or a command"), std::string::npos) << "garbage bytes";
  EXPECT_NE(r.out.find("There is no action 999"), std::string::npos);
  EXPECT_NE(r.out.find("Nothing to undo"), std::string::npos);
  EXPECT_NE(r.out.find("Saved to " + mid), std::string::npos);
  EXPECT_NE(r.out.find("[8.0] conference 8 ends"), std::string::npos) << "a whole conference was played";
  EXPECT_NE(r.out.find("Game over."), std::string::npos) << "400 choices finish a training game";
  EXPECT_NE(r.out.find("\nWhy: only "), std::string::npos) << "a decision with one option says why (churchill/explain.h)";
  EXPECT_EQ(run("replay " + autosave + " --verify").status, 0);
  EXPECT_EQ(run("replay " + mid + " --verify").status, 0);
  // The end of input in the middle of a game saves it; loading it continues where it was.
  const Result cut = run("play --fast --no-color --seed 6 --autosave " + autosave + " < /dev/null");
  EXPECT_NE(cut.out.find("Game saved to " + autosave), std::string::npos) << cut.out;
  const Result resumed = run("play --fast --no-color --load " + autosave + " --autosave " + autosave + " < /dev/null");
  EXPECT_EQ(resumed.status, 0) << resumed.out;
  EXPECT_EQ(run("replay " + autosave + " --verify").status, 0) << "loading and quitting keeps the game intact";
}

// 5.2: every Meeting menu the terminal shows says what each choice does (its value and where the
// issue goes, or that a Chief of Staff's value is a die roll, 5.25), in a numbered list and in the
// verbs of a long menu where a verb has one choice (its beginning takes it at once, unseen).
// Passing, declining a debate and a card spent with no issue left move nothing and have no note.
// A whole training game as the UK, answering 2 (else 1): the UK keeps Brooke, its Chief of Staff,
// for the Meeting (seed 4).
TEST_F(Cli, Rule_5_2_EveryMeetingMenuSaysWhatEachChoiceDoes) {
  const std::string script = (dir / "input.txt").string();
  {
    std::ofstream in(script);
    for (int i = 0; i < 300; ++i) in << "2\n1\n";
  }
  const Result r = run("play --fast --seed 4 --no-color --scenario training --autosave " + save + " < " + script);
  ASSERT_EQ(r.status, 0) << r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0);
  ASSERT_NE(r.out.find("Game over."), std::string::npos);
  std::istringstream lines(r.out);
  bool meeting = false;
  std::set<std::string> listed, summed;
  const std::set<std::string> nothing = {"pass", "no-debate", "discard"};
  const auto digits = [](const std::string& l, std::size_t i) {  // where the digits from i end
    while (i < l.size() && std::isdigit(static_cast<unsigned char>(l[i]))) ++i;
    return i;
  };
  const auto word = [](const std::string& l, std::size_t i) {  // the run of [a-z-] from i
    std::size_t e = i;
    while (e < l.size() && (std::islower(static_cast<unsigned char>(l[e])) || l[e] == '-')) ++e;
    return l.substr(i, e - i);
  };
  for (std::string line; std::getline(lines, line);) {
    // A phase line, "5.2 Meeting: ...".
    if (const std::size_t d = digits(line, 0); d > 0 && d < line.size() && line[d] == '.' && digits(line, d + 1) > d + 1)
      meeting = line.find(" Meeting: ") != std::string::npos;
    if (!meeting) continue;
    const std::size_t number = line.rfind("   ", 0) == 0 ? 3 : line.rfind("  ", 0) == 0 ? 2 : 0;
    const std::size_t after = number ? digits(line, number) : 0;
    const std::string item = after == 4 && after < line.size() && line[after] == ' ' ? word(line, after + 1) : "";
    const std::string verb = line.rfind("  ", 0) == 0 ? word(line, 2) : "";
    if (!item.empty() && (after + 1 + item.size() == line.size() || line[after + 1 + item.size()] == ' ')) {
      // a numbered item, "   3 debate alexander  — value 3: ..."
      listed.insert(item);
      EXPECT_TRUE(nothing.count(item) || line.find("  — ") != std::string::npos) << line;
    } else if (const std::size_t k = line.find_first_not_of(' ', 2 + verb.size());
               !verb.empty() && k != std::string::npos && k > 2 + verb.size() && line.compare(k, 10, "1 choice, ") == 0) {
      // a long menu's verb with one action, "  chief   1 choice, e.g. ..."
      summed.insert(verb);
      EXPECT_TRUE(nothing.count(verb) || line.find("  — ") != std::string::npos) << line;
    }
  }
  for (const char* kind : {"advance", "leader", "debate", "debate-leader", "debate-chief", "no-debate"})
    EXPECT_TRUE(listed.count(kind)) << "no numbered Meeting menu listed " << kind;
  EXPECT_TRUE(summed.count("chief")) << "no long Meeting menu offered the UK's Chief of Staff";
}

TEST_F(Cli, HotSeatHidesHandsBetweenPlayers) {
  const std::string script = (dir / "input.txt").string();
  std::ofstream(script) << "1\n\n1\n";  // UK plays an agenda card; Enter; US plays one
  const Result r = run("play --fast --seed 5 --no-color --seats UK=human,US=human,USSR=bot:rulebook --autosave " + save + " < " + script);
  EXPECT_EQ(r.status, 0);
  const auto pass = r.out.find("Pass the keyboard to US, then press Enter.");
  ASSERT_NE(pass, std::string::npos);
  EXPECT_EQ(r.out.find("US hand:"), r.out.find("US hand:", pass)) << "the US hand is shown only after the pass";
  EXPECT_EQ(r.out.find("UK hand:", pass), std::string::npos) << "and the UK hand not after it";
}

TEST_F(Cli, PlayInTableModeAsksForTheDice) {
  const std::string script = (dir / "input.txt").string();
  std::ofstream(script) << "card 8c\nroll 9\n2\n";
  const Result r = run("play --table --fast --seed 5 --no-color --autosave " + save + " < " + script);
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("The table rolls or deals"), std::string::npos);
  EXPECT_NE(r.out.find("\"roll 9\" is not a legal action"), std::string::npos) << "a d6 has no 9";
  EXPECT_NE(r.out.find("Murmansk convoy roll 2: it arrives"), std::string::npos);
}

TEST_F(Cli, ViewsShowOnlyTheSeatsOwnHand) {
  ASSERT_EQ(run("new --scenario tournament --seed 5 -o " + save).status, 0);
  const nlohmann::json uk = view("UK"), us = view("US"), spectator = view("");
  EXPECT_EQ(spectator["hand"].size(), 0u);
  EXPECT_EQ(uk["hand"].size(), 7u);
  const std::string uk_text = uk.dump();
  for (const auto& card : us["hand"]) EXPECT_EQ(uk_text.find("\"" + card.get<std::string>() + "\""), std::string::npos);
  EXPECT_EQ(uk_text.find("deal "), std::string::npos) << "no dealt card names in the log";
}

TEST_F(Cli, BadInputChangesNothing) {
  ASSERT_EQ(run("new --scenario training --seed 3 -o " + save).status, 0);
  expect_rejected("new --scenario training -o " + save, "exists");
  expect_rejected("act " + save + " --as UK advance nothing nowhere", "is not a legal action for UK");
  expect_rejected("act " + save + " --as XX pass", "unknown seat \"XX\"");
  expect_rejected("act " + save + " --as US pass", "is not a legal action for US");
  expect_rejected("act " + save + " --chance \"roll 7\"", "not a possible chance outcome");
  expect_rejected("act " + save, "--as SEAT is required");
  expect_rejected("new --scenario training --seats UK=robot -o " + save, "unknown controller");
}

// --threads N (docs/ai.md) is kept with the game: `run` goes on with it, `replay --verify` checks the
// game, and the same seed and count play the same game. A bad count is refused and writes nothing.
TEST_F(Cli, ThreadsAreKeptWithTheGameAndABadCountChangesNothing) {
  const std::string game = "--scenario training --seed 7 --seats US=bot:ai:easy,USSR=bot:rulebook -o " + save;
  ASSERT_EQ(run("new --threads 2 " + game).status, 0);
  const std::string first = bytes();
  EXPECT_EQ(nlohmann::json::parse(first)["search_threads"], 2);
  ASSERT_EQ(run("new --force --threads 2 " + game).status, 0);
  EXPECT_EQ(bytes(), first) << "the same seed and thread count: the same game";
  ASSERT_EQ(run("act " + save + " --as UK " + view("UK")["legal_actions"][0].get<std::string>()).status, 0);
  ASSERT_EQ(run("run " + save).status, 0);
  EXPECT_EQ(nlohmann::json::parse(bytes())["search_threads"], 2);
  EXPECT_EQ(run("replay --verify " + save).status, 0);
  // A whole game of a searching bot and two 'Bots: with two threads the same game again, with one
  // thread another (two trees of half the iterations choose otherwise), so the count reaches the bots.
  const std::string whole = (dir / "whole.json").string();
  auto actions = [&](const std::string& threads) {
    const Result r = run("new --force --scenario training --seed 7 --seats UK=bot:rulebook,US=bot:ai:easy,USSR=bot:rulebook --threads " +
                         threads + " -o " + whole);
    EXPECT_EQ(r.status, 0) << r.out;
    return nlohmann::json::parse(std::ifstream(whole))["actions"];
  };
  const nlohmann::json two = actions("2");
  EXPECT_EQ(actions("2"), two);
  EXPECT_NE(actions("1"), two);
  const std::string kept = bytes();
  for (const char* bad : {"0", "-1", "65", "99999999999", "two", "1.5", "\"\""}) {
    for (const std::string& command : {"new --force --threads " + std::string(bad) + " " + game,
                                       "play --fast --threads " + std::string(bad) + " --autosave " + save + " < /dev/null",
                                       "selfplay --games 1 --threads " + std::string(bad)}) {
      const Result r = run(command);
      EXPECT_NE(r.status, 0) << command;
      EXPECT_NE(r.out.find("--threads"), std::string::npos) << r.out;
      EXPECT_EQ(bytes(), kept) << command;
    }
  }
  const Result load = run("play --fast --load " + save + " --threads 2 < /dev/null");
  EXPECT_NE(load.status, 0);
  EXPECT_NE(load.out.find("excludes"), std::string::npos) << "a saved game keeps its count: " << load.out;
  EXPECT_EQ(bytes(), kept);
}

// `play --threads N` keeps the count in the autosave; `selfplay --threads N` reports it and plays
// the same games again from the same seed.
TEST_F(Cli, PlayAndSelfplayTakeThreads) {
  const Result r = run("play --fast --no-color --seed 5 --scenario training --threads 3 --autosave " + save + " < /dev/null");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(nlohmann::json::parse(bytes())["search_threads"], 3);
  const std::string selfplay = "selfplay --scenario training --games 2 --seed 3 --seats ai:easy,rulebook,rulebook --threads 2 --json";
  const Result a = run(selfplay), b = run(selfplay);
  ASSERT_EQ(a.status, 0) << a.out;
  const auto ja = nlohmann::json::parse(a.out), jb = nlohmann::json::parse(b.out);
  EXPECT_EQ(ja["threads"], 2);
  EXPECT_EQ(ja["mean_vp"], jb["mean_vp"]);
  EXPECT_EQ(ja["decisions_per_game"], jb["decisions_per_game"]);
}

TEST_F(Cli, TamperedOrForeignSavesAreRefused) {
  ASSERT_EQ(run("new --scenario training --seed 3 -o " + save).status, 0);
  nlohmann::json j = nlohmann::json::parse(bytes());
  j["state_hash"] = "0000000000000000";
  std::ofstream(save) << j.dump();
  expect_rejected("status " + save, "state hash mismatch");
  j = nlohmann::json::parse(bytes());
  j["data_hash"] = "1111111111111111";
  std::ofstream(save) << j.dump();
  expect_rejected("status " + save, "saved with data set 1111111111111111");
  std::ofstream(save) << "{\"game\": \"churchill\", ";
  expect_rejected("status " + save, "not valid JSON");
  expect_rejected("status " + (dir / "missing.json").string(), "cannot read");
}

}  // namespace

// Issue 16: typing the beginning of each word plays an action; a mistake gets the nearest actions.
TEST_F(Cli, PlayTakesEachWordsBeginningAndSuggestsAfterAMistake) {
  const std::string script = (dir / "input.txt").string();
  std::ofstream(script) << "agnda mnzies\nagen menz\n";  // seed 5 deals the UK Menzies
  const Result r = run("play --fast --seed 5 --no-color --autosave " + save + " < " + script);
  EXPECT_EQ(r.status, 0);
  const auto mistake = r.out.find("\"agnda mnzies\" is not a legal action");
  ASSERT_NE(mistake, std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Did you mean:", mistake), std::string::npos);
  EXPECT_NE(r.out.find("agenda menzies", mistake), std::string::npos) << "the nearest action is suggested";
  const nlohmann::json uk = view("UK");
  EXPECT_EQ(uk["hand"].size(), 6u) << "\"agen menz\" played Menzies";
  for (const auto& card : uk["hand"]) EXPECT_NE(card.get<std::string>(), "menzies");
}

// Issue 16: `card NAME` shows a whole card with its provenance; the hand shows value and ability.
TEST_F(Cli, PlayShowsACardsWholeTextAndSource) {
  const std::string script = (dir / "input.txt").string();
  std::ofstream(script) << "card portal\ncard sir\n";
  const Result r = run("play --fast --seed 5 --no-color --autosave " + save + " < " + script);
  std::string flat;  // the card is wrapped to the terminal's width: compare its words
  for (char ch : r.out)
    if (!(std::isspace(static_cast<unsigned char>(ch)) && !flat.empty() && flat.back() == ' '))
      flat += std::isspace(static_cast<unsigned char>(ch)) ? ' ' : ch;
  EXPECT_NE(flat.find("Air Chief Marshal Sir Charles Portal — Chief of the Air Staff (UK staff, value 1)"), std::string::npos) << r.out;
  EXPECT_NE(flat.find("Attribute: +2 to value if played on an issue on the US track."), std::string::npos);
  EXPECT_NE(r.out.find("Source: printed in the rulebook — English rulebook"), std::string::npos);
  EXPECT_NE(r.out.find("Which one?"), std::string::npos) << "a part of several names asks which";
  EXPECT_NE(r.out.find("  1 menzies      +3 to value if played on a Pol-Mil issue."), std::string::npos) << "the hand line";
}

// 4.4, 9.4: the terminal's end screen lists every line that scored by power, the totals 4.43 adjusts
// (when an Axis power still stands) and why the winner won, as the web end screen does.
TEST_F(Cli, Rule_4_4_TheEndScreenListsEveryLineThatScoredAndWhy) {
  ASSERT_EQ(run("new --force --seed 9 --scenario training --seats UK=bot:random,US=bot:random,USSR=bot:random -o " + save).status, 0);
  const nlohmann::json v = view("");
  ASSERT_TRUE(v["terminal"].get<bool>());
  const std::string out = run("status " + save).out;
  EXPECT_NE(out.find("Victory points, line by line (4.4, 9.4):"), std::string::npos) << out;
  for (const char* p : {"UK", "US", "USSR"}) {
    EXPECT_NE(out.find(fmt::format("\n  {}: {} VP\n", p, v["scores"][p].get<int>())), std::string::npos) << p << out;
    int sum = 0;
    for (const auto& l : v["end"]["lines"])
      if (l["power"] == p) sum += l["vp"].get<int>();
    EXPECT_EQ(sum, v["scores"][p].get<int>()) << "the lines add up to the total";
  }
  for (const auto& l : v["end"]["lines"])
    EXPECT_NE(out.find("  " + l["condition"].get<std::string>() + " "), std::string::npos) << l.dump();
  const bool hegemon = v["end"]["case"].get<std::string>().rfind("4.43", 0) == 0;
  EXPECT_EQ(out.find("Adjusted totals (4.43): UK ") != std::string::npos, hegemon) << out;
  EXPECT_EQ(v["end"]["adjusted_message"].is_object(), hegemon);
  EXPECT_NE(out.find("\nWhy: "), std::string::npos);
  EXPECT_NE(out.find(v["winner"].get<std::string>() + " wins."), std::string::npos) << out;
}

// 3.28, 5.12: `card` finds the conference cards too (each band with whom it concerns), and shows the
// Pol-Mil table under a card that rolls on it; `card pol-mil` shows the table alone.
TEST_F(Cli, Rule_5_12_CardShowsConferenceCardsAndThePolMilTable) {
  const std::string script = (dir / "input.txt").string();
  std::ofstream(script) << "card argonaut\ncard argonaut b\ncard pol-mil\n";
  const Result r = run("play --fast --seed 5 --no-color --autosave " + save + " < " + script);
  EXPECT_NE(r.out.find("Which one? 9a 9b 9c"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Argonaut B — Conference card of conference 9, February 1945"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  Blue (Roosevelt/Truman): Roosevelt exhausted"), std::string::npos);
  EXPECT_NE(r.out.find("  3: 1 Poland, 2 Rumania, 3 Bulgaria, 4 Siam, 5 Dutch East Indies, 6 Malaya"), std::string::npos) << r.out;
  std::size_t tables = 0;
  for (std::size_t at = 0; (at = r.out.find("Pol-Mil table (5.12)", at)) != std::string::npos; ++at) ++tables;
  EXPECT_EQ(tables, 2u) << "under Argonaut B (its white band rolls) and for card pol-mil";
}

// Issue 16: the board fits an 80-column terminal.
TEST_F(Cli, TheBoardFitsEightyColumns) {
  ASSERT_EQ(run("new --scenario campaign --seed 5 -o " + save).status, 0);
  const Result r = run("status " + save + " --as UK");
  std::istringstream lines(r.out);
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    std::size_t columns = 0;
    for (unsigned char ch : line) columns += (ch & 0xc0) != 0x80;  // code points
    EXPECT_LE(columns, 80u) << line;
    ++count;
  }
  EXPECT_GT(count, 10);
}

// Issue 16: `rules 4.4` prints the section with its parts 4.41-4.44, not only its first lines.
TEST_F(Cli, RulesPrintsAWholeSectionWithItsParts) {
  const std::string script = (dir / "input.txt").string();
  std::ofstream(script) << "rules 4.4\n";
  const Result r = run("play --fast --seed 5 --no-color --autosave " + save + " < " + script);
  if (r.out.find("The rulebook text is not available") != std::string::npos) GTEST_SKIP() << "no rulebook here";
  const auto start = r.out.find("4.4 Winning the Game");
  ASSERT_NE(start, std::string::npos);
  EXPECT_NE(r.out.find("4.41 Alliance Victory", start), std::string::npos);
  EXPECT_NE(r.out.find("4.44 Final Game Victory Tiebreaker", start), std::string::npos);
  EXPECT_EQ(r.out.find("5.0 ", start), std::string::npos) << "and stops before the next section";
}
