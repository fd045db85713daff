// warroom balance (docs/warroom/balance.md): a few short games give the tables, the JSON and an SVG
// plot; bad input is refused with one line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/command.h"

namespace {

using test_support::Result;

class WarroomBalance : public test_support::CommandTest {
 protected:
  WarroomBalance() : CommandTest("WARROOM_BINARY", "warroom-balance-test") {}
  std::string read(const std::string& name) const {
    std::ifstream in(dir / name);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
};

TEST_F(WarroomBalance, ReportsWinRatesLengthAndWhatDecidedWithAPlot) {
  const std::string md = (dir / "balance.md").string(), svg = (dir / "balance.svg").string();
  const Result r = run("balance --scenario eastern-front --games 3 --rounds 12 --bots rules-rules random-random --json --markdown " + md +
                       " --svg " + svg);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 2u);
  for (const auto& cell : j) {
    EXPECT_EQ(cell["games"], 3);
    EXPECT_EQ(cell["round_cap"], 12);
    int decided = 0;
    for (const auto& [what, n] : cell["decided_by"].items()) decided += n.get<int>();
    EXPECT_EQ(decided, 3) << "every game is decided by something: a Victory condition, both losing or the cap";
    EXPECT_EQ(cell["allied_wins"].get<int>() + cell["axis_wins"].get<int>() + cell["both_lose"].get<int>() +
                  cell["stopped_at_round_cap"].get<int>(),
              3);
    const double lo = cell["axis_interval"][0], hi = cell["axis_interval"][1];
    const double rate = cell["axis_wins"].get<int>() / 3.0;
    EXPECT_LE(lo, rate);
    EXPECT_GE(hi, rate);
    for (int rounds : cell["rounds"]) EXPECT_LE(rounds, 12);
  }
  EXPECT_EQ(j[1]["bots"], "random vs random");
  const std::string tables = read("balance.md"), plot = read("balance.svg");
  EXPECT_NE(tables.find("| Eastern Front (reconstructed) | rules vs rules | 2 | 3 |"), std::string::npos) << tables;
  EXPECT_NE(tables.find("decided by"), std::string::npos) << tables;
  EXPECT_EQ(plot.rfind("<svg", 0), 0u) << plot.substr(0, 80);
  EXPECT_NE(plot.find("</svg>"), std::string::npos);
  EXPECT_NE(plot.find("Eastern Front (reconstructed) (rules vs rules)"), std::string::npos);
}

TEST_F(WarroomBalance, BadInputIsRefusedWithOneLine) {
  for (const char* bad : {"balance --scenario nowhere --games 1", "balance --bots rules-clever --games 1"}) {
    const Result r = run(bad);
    EXPECT_NE(r.status, 0) << bad;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << bad << ": " << r.out;
  }
  const Result zero = run("balance --games 0");
  EXPECT_NE(zero.status, 0);
  EXPECT_NE(zero.out.find("--games"), std::string::npos) << zero.out;
}

}  // namespace
