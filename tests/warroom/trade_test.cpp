// Phase 7 Step 2: Trade with Neutrals (Global War only; rulings 65, 73, 77, 101, 115), with the
// rulebook's Mexico example.
#include "engine_fixture.h"

namespace warroom::testing {
namespace {

RegionId by_name(const std::string& name) {
  for (const Region& r : data()->regions)
    if (r.name == name) return r.rid;
  ADD_FAILURE() << name;
  return kNoRegion;
}

// "Mexico only offers Iron; so it will not accept Iron." EXCHANGE RATES: oil 2, iron 3, OSR 5.
TEST(Phase7Step2, MexicoOffersIronForOilOrOsrOnly) {
  const Game g = global_war();
  State s = at_trade(g, US);
  const RegionId mexico = by_name("Mexico");
  const std::string m = g.region_name(mexico);
  EXPECT_TRUE(legal(g, s, g.seat_of(US), "trade US " + m + " oil"));
  EXPECT_TRUE(legal(g, s, g.seat_of(US), "trade US " + m + " osr"));
  EXPECT_FALSE(legal(g, s, g.seat_of(US), "trade US " + m + " iron"));
  act(g, s, US, "trade US " + m + " osr");
  EXPECT_EQ(s.nation[US].res, (std::array<std::int32_t, 3>{20, 23, 15}));
  EXPECT_FALSE(top(s) == StepId::Trade && step_nation(s.steps.top()) == US) << "one trade per round (ruling 77)";
}

TEST(Phase7Step2, ProAlliedNeutralsDoNotTradeWithTheAxisChinaNeverTrades) {
  const Game g = global_war();
  const State s = at_trade(g, GER);
  core::ActionList l;
  trade_legal(CCtx{g, s}, GER, l);
  for (core::Action a : l)
    if (decode_action(a).kind == ActionKind::Trade) {
      EXPECT_NE(data()->region(region_byte(decode_action(a).a)).neutral->type, NeutralType::ProAllied);
    }
  core::ActionList china;
  trade_legal(CCtx{g, s}, CHN, china);
  EXPECT_EQ(china.size(), 1u) << "China may not trade at all";
}

TEST(Phase7Step2, NoTradeWhileEmbattledNorInTheRedZone) {
  const Game g = global_war();
  State s = at_trade(g, US);
  const RegionId mexico = by_name("Mexico");
  const std::string m = g.region_name(mexico);
  s.command[US][100] = Command{mexico, {1, 0, 0, 0}, 0};  // opposing land units share Mexico
  s.command[GER][100] = Command{mexico, {1, 0, 0, 0}, 0};
  EXPECT_FALSE(legal(g, s, g.seat_of(US), "trade US " + m + " oil")) << "They do not trade when in an Embattled state";
  s.command[GER][100] = Command{};
  EXPECT_TRUE(legal(g, s, g.seat_of(US), "trade US " + m + " oil"));
  s.nation[US].zone = kRed;  // ruling 73
  EXPECT_FALSE(legal(g, s, g.seat_of(US), "trade US " + m + " oil"));
}

}  // namespace
}  // namespace warroom::testing
