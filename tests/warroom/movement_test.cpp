// Phase 3: Movement Operations on the project map, with hand-made positions: the rulebook's
// Movement Examples (design §5, T1-T7) and the edge cases of pinning, rail, transports and the
// narrow passages; Phase 3 Step 3 carrier launches and Phase 5 Step 1 landings.
#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/text_layout.h"
#include "engine_fixture.h"
#include "warroom/map.h"

namespace warroom::testing {
namespace {

Game pacific() { return Game(data(), *data()->find_scenario("war-in-the-pacific"), 3); }

// Japan's Phase 3 turn with these orders in boxes 1, 2, ... (written directly, as the example's
// sheet: some of them the pad would never offer).
void japan_turn(const Game& g, State& s, const std::vector<std::pair<int, std::string>>& orders) {
  Sheet& sh = s.sheet[JPN];
  for (std::size_t i = 0; i < orders.size(); ++i)
    sh.box[i] = {static_cast<std::uint8_t>(orders[i].first), region(orders[i].second), kWritten};
  s.turn_order = {JPN, US, BC, CHN, kNoNation, kNoNation, kNoNation};
  start_phase(g, s, 3);
  ASSERT_EQ(top(s), StepId::MovementTurn);
  ASSERT_EQ(step_nation(s.steps.top()), JPN);
}

// The example's map before Japan's movement (Phase 3: Movement Examples): China's 101st entered
// Peiping earlier, US warships are in P-1. Japan's land tokens 35-38 and sea token 1 are in use
// elsewhere, so that the new Commands are the example's 39th and 2nd.
State example_position(const Game& g) {
  State s = empty_map(g);
  put(s, JPN, 92, "J3", {{kArt, 2}, {kInf, 1}});
  put(s, JPN, 85, "J4", {{kArm, 1}, {kInf, 1}});
  put(s, JPN, 97, "P-13", {{kInf, 3}});
  put(s, JPN, 18, "J25", {{kFtr, 2}});
  put(s, JPN, 8, "P-13", {{kCv, 1}, {kSub, 1}, {kCa, 1}});
  put(s, JPN, 15, "J22", {{kFtr, 1}});
  put(s, JPN, 5, "P-12", {{kSub, 1}, {kCv, 1}});
  for (int number = 35; number <= 38; ++number) put(s, JPN, number, "J1", {{kInf, 1}});
  put(s, JPN, 1, "P-11", {{kCa, 1}});
  put(s, CHN, 101, "J4", {{kInf, 1}});
  put(s, US, 1, "P-1", {{kCa, 1}, {kBb, 1}});
  return s;
}

const std::vector<std::pair<int, std::string>> kExampleSheet = {{92, "J5"},  {97, "P-2"}, {18, "P-2"}, {8, "P-2"},
                                                                {85, "P-1"}, {15, "J27"}, {5, "J27"}};

// T1-T7: Japan's example round, box by box, as the rulebook resolves it.
TEST(Phase3MovementExamples, JapansRoundBoxByBox) {
  const Game g = pacific();
  State s = example_position(g);
  japan_turn(g, s, kExampleSheet);

  // T1, Row 1 Box 1: rail J3 -> J5 is blocked in Peiping; no stop nearer than Manchuria (ruling 29).
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"cancel JPN 1"}));
  act(g, s, JPN, "cancel JPN 1");
  EXPECT_EQ(s.sheet[JPN].box[0].status, kCancelled);
  EXPECT_EQ(s.command[JPN][92].region, region("J3"));

  // T2, Row 1 Box 2: the 97th may go via P-1 (pinned by the US ships there) or via P-12.
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"move JPN 2 P-1", "move JPN 2 P-12", "cancel JPN 2"}));
  {
    State via_p1 = s;
    act(g, via_p1, JPN, "move JPN 2 P-1");
    EXPECT_EQ(via_p1.command[JPN][97].region, region("P-1")) << "ruling 26: entering P-1 ends the transport's move";
    EXPECT_EQ(units_in(via_p1.command[JPN][97]), 3);
  }
  act(g, s, JPN, "move JPN 2 P-12");
  EXPECT_EQ(s.command[JPN][97].region, region("P-2"));
  EXPECT_EQ(s.sheet[JPN].box[1].status, kExecuted);

  // T3, Row 1 Box 3: the 18th reaches P-2 with a Landing Tag; no stop-early option.
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"move JPN 3 P-2", "cancel JPN 3"}));
  act(g, s, JPN, "move JPN 3 P-2");
  EXPECT_EQ(s.command[JPN][18].region, region("P-2"));
  EXPECT_TRUE(s.command[JPN][18].flags & kLandingTag);

  // T4, Row 2 Box 1: via P-1 the 8th leaves exactly 2 units with the 2 US ships, under the 2nd.
  EXPECT_TRUE(legal(g, s, g.seat_of(JPN), "move JPN 4 P-12"));
  act(g, s, JPN, "move JPN 4 P-1");
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"leave JPN sub", "leave JPN ca", "leave JPN cv"}));
  act(g, s, JPN, "leave JPN cv");
  EXPECT_EQ(s.command[JPN][8].region, region("P-1")) << "the pin is being settled in P-1";
  act(g, s, JPN, "leave JPN sub");
  EXPECT_EQ(s.command[JPN][2].region, region("P-1"));
  EXPECT_EQ(s.command[JPN][2].n[at(slot_of(kCv))], 1);
  EXPECT_EQ(s.command[JPN][2].n[at(slot_of(kSub))], 1);
  EXPECT_EQ(units_in(s.command[JPN][2]), 2) << "NO MORE than an equal force behind";
  EXPECT_EQ(s.command[JPN][8].region, region("P-2"));
  EXPECT_EQ(units_in(s.command[JPN][8]), 1);
  EXPECT_EQ(s.command[JPN][8].n[at(slot_of(kCa))], 1);

  // T5, Row 2 Box 2: the 85th leaves its armor with the Chinese infantry, as the new 39th.
  act(g, s, JPN, "move JPN 5 P-1");
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"leave JPN inf", "leave JPN arm"}));
  act(g, s, JPN, "leave JPN arm");
  EXPECT_EQ(s.command[JPN][39].region, region("J4"));
  EXPECT_EQ(s.command[JPN][39].n[at(slot_of(kArm))], 1);
  EXPECT_EQ(s.command[JPN][85].region, region("P-1"));
  EXPECT_EQ(s.command[JPN][85].n[at(slot_of(kInf))], 1);
  EXPECT_EQ(units_in(s.command[JPN][85]), 1);

  // T6, Row 2 Box 3: Wake Island is 3 regions from Iwo Jima: cancel only; no Landing Tag.
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"cancel JPN 6"}));
  act(g, s, JPN, "cancel JPN 6");
  EXPECT_FALSE(s.command[JPN][15].flags & kLandingTag);

  // T7, Row 3 Box 1: a Sea Command never enters a territory; the carrier still launches in Step 3.
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"cancel JPN 7"}));
  act(g, s, JPN, "cancel JPN 7");
  ASSERT_EQ(top(s), StepId::CarrierLaunch);
  ASSERT_EQ(step_nation(s.steps.top()), JPN);
  // Japan's carriers in Command order: the 2nd's (P-1) first, then the 5th's (P-12).
  EXPECT_TRUE(legal(g, s, g.seat_of(JPN), "launch JPN 2 aboard")) << "launching is optional";
  act(g, s, JPN, "launch JPN 2 P-2");
  EXPECT_EQ(s.fighter_tokens.count(JPN, region("P-2")), 1);
  const auto launches = legal_texts(g, s, JPN);
  EXPECT_TRUE(launches.contains("launch JPN 5 P-12"));
  EXPECT_TRUE(launches.contains("launch JPN 5 J22"));
  EXPECT_FALSE(launches.contains("launch JPN 5 P-5")) << "P-5 is not adjacent to P-12";
  act(g, s, JPN, "launch JPN 5 P-12");
  // Phase 4: Hotspots where the Japanese met the US ships (P-1) and the Chinese infantry (J4).
  ASSERT_EQ(top(s), StepId::PickRegion);
  EXPECT_TRUE(s.region[region("P-1")].flags & kActive);
  EXPECT_TRUE(s.region[region("J4")].flags & kActive);
  EXPECT_FALSE(s.region[region("P-2")].flags & kActive) << "no enemy in P-2";
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::LandAir; });
  // Phase 5 Step 1: "Remove all Carrier Fighter Tokens from the World Map"; the 18th must land.
  ASSERT_EQ(top(s), StepId::LandAir);
  EXPECT_EQ(s.fighter_tokens.count(JPN, region("P-2")), 0);
  EXPECT_EQ(s.fighter_tokens.count(JPN, region("P-12")), 0);
  EXPECT_TRUE(legal(g, s, g.seat_of(JPN), "land JPN 18 J10"));
}

// "Carry out the rest" on Japan's example sheet: the next order's action as the rules carry it out
// (carry_out_next), until the owner must choose -- a route of two regions through different seas
// (T2, T4), which units stay at a pin (T4, T5) -- and a `cancel` where the rules leave no route
// (T1, T6, T7: Canceling Orders and Resolving Mistakes).
std::string carried(const Game& g, const State& s, CarryOut::Stop stop, int box, int left) {
  const CarryOut next = carry_out_next({g, s}, JPN);
  EXPECT_EQ(next.stop, stop) << "box " << box;
  EXPECT_EQ(next.box, box);
  EXPECT_EQ(next.left, left) << "box " << box;
  return stop == CarryOut::Next ? g.action_to_string(s, g.seat_of(JPN), next.action) : "";
}

TEST(Phase3CarryOut, Step2TheRestInBoxOrderUntilTheOwnerMustChoose) {
  const Game g = pacific();
  State s = example_position(g);
  japan_turn(g, s, kExampleSheet);
  EXPECT_EQ(carried(g, s, CarryOut::Next, 1, 7), "cancel JPN 1") << "T1: no rail stop nearer than Manchuria";
  act(g, s, JPN, "cancel JPN 1");
  EXPECT_EQ(carried(g, s, CarryOut::Route, 2, 6), "") << "T2: via P-1 (pinned there) or via P-12 is the owner's choice";
  act(g, s, JPN, "move JPN 2 P-12");
  EXPECT_EQ(carried(g, s, CarryOut::Next, 3, 5), "move JPN 3 P-2") << "T3: the one route";
  act(g, s, JPN, "move JPN 3 P-2");
  EXPECT_EQ(carried(g, s, CarryOut::Route, 4, 4), "") << "T4: via P-1 or P-12";
  act(g, s, JPN, "move JPN 4 P-1");
  EXPECT_EQ(carried(g, s, CarryOut::Pin, 4, 4), "") << "T4: the owner leaves 2 units behind";
  act(g, s, JPN, "leave JPN cv");
  act(g, s, JPN, "leave JPN sub");
  EXPECT_EQ(carried(g, s, CarryOut::Next, 5, 3), "move JPN 5 P-1") << "T5: the direct route to the sea as written";
  act(g, s, JPN, "move JPN 5 P-1");
  EXPECT_EQ(carried(g, s, CarryOut::Pin, 5, 3), "");
  act(g, s, JPN, "leave JPN arm");
  // T6, T7: both cancelled by "the rest", which ends Japan's turn.
  for (const int box : {6, 7}) {
    const std::string next = carried(g, s, CarryOut::Next, box, 8 - box);
    EXPECT_EQ(next, fmt::format("cancel JPN {}", box));
    act(g, s, JPN, next);
  }
  EXPECT_EQ(top(s), StepId::CarrierLaunch);
  EXPECT_EQ(carry_out_next({g, s}, JPN).stop, CarryOut::Nothing);
}

// The view's "carry_out" for the seat resolving its orders: the next action (legal for the seat),
// how many orders are left and the message; null for the other seats and at other steps.
TEST(Phase3CarryOut, TheViewOffersTheNextActionToItsSeatOnly) {
  const Game g = pacific();
  State s = example_position(g);
  japan_turn(g, s, kExampleSheet);
  const core::Seat japan = g.seat_of(JPN), us = g.seat_of(US);
  const nlohmann::json next = g.view_json(g.observe(s, japan), japan)["carry_out"];
  EXPECT_EQ(next["nation"], "JPN");
  EXPECT_EQ(next["stop"], "next");
  EXPECT_EQ(next["action"], "cancel JPN 1");
  EXPECT_EQ(next["left"], 7);
  EXPECT_EQ(next["message"]["key"], "warroom.carry_out.next");
  EXPECT_EQ(g.catalogues().render("en", core::i18n::message_from_json(next["message"])),
            "Imperial Japan has 7 orders left, from box 1: carry them out in box order as written");
  EXPECT_TRUE(legal(g, s, japan, next["action"].get<std::string>()));
  EXPECT_TRUE(g.view_json(g.observe(s, us), us)["carry_out"].is_null());
  act(g, s, JPN, "cancel JPN 1");
  const nlohmann::json route = g.view_json(g.observe(s, japan), japan)["carry_out"];
  EXPECT_EQ(route["stop"], "route");
  EXPECT_TRUE(route["action"].is_null());
  EXPECT_EQ(g.catalogues().render("it", core::i18n::message_from_json(route["message"])).rfind("Casella 2:", 0), 0u);
  EXPECT_TRUE(g.view_json(g.observe(g.new_game(), japan), japan)["carry_out"].is_null()) << "not in Phase 3";
}

// T6 and T7 at the pad (ruling 21): Wake Island is never offered to the 15th nor to the 5th.
TEST(Phase3MovementExamples, ThePadNeverOffersTheBlunders) {
  const Game g = pacific();
  State s = example_position(g);
  std::vector<RegionId> dests;
  pad_destinations(CCtx{g, s}, JPN, 15, dests);
  EXPECT_EQ(std::count(dests.begin(), dests.end(), region("J27")), 0);
  dests.clear();
  pad_destinations(CCtx{g, s}, JPN, 5, dests);
  EXPECT_EQ(std::count(dests.begin(), dests.end(), region("J27")), 0);
}

// Transporting Land Units by Sea: the pad offers land -> sea -> sea (Peiping to P-2 through P-1),
// never land -> sea -> land.
TEST(Phase3MovementExamples, ThePadOffersLandToSeaThenSeaToSea) {
  const Game g = pacific();
  State s = example_position(g);
  std::vector<RegionId> dests;
  pad_destinations(CCtx{g, s}, JPN, 85, dests);
  EXPECT_EQ(std::count(dests.begin(), dests.end(), region("P-2")), 1);
  EXPECT_EQ(std::count(dests.begin(), dests.end(), region("P-15")), 1);
  EXPECT_EQ(std::count(dests.begin(), dests.end(), region("P-3")), 0) << "P-3 is 2 sea regions beyond P-1";
  EXPECT_EQ(std::count(dests.begin(), dests.end(), region("J9")), 0) << "J9 is not adjacent to Peiping";
}

// T5 variant: "If an Axis ally were in Peiping, they would be used to satisfy Japan's pinning
// requirement first": the 85th leaves whole.
TEST(Pinning, AlliedUnitsSatisfyThePinFirst) {
  const Game g = pacific();
  State s = example_position(g);
  put(s, GER, 40, "J4", {{kInf, 1}});
  japan_turn(g, s, {{85, "P-1"}});
  act(g, s, JPN, "move JPN 1 P-1");
  EXPECT_EQ(s.command[JPN][85].region, region("P-1"));
  EXPECT_EQ(units_in(s.command[JPN][85]), 2);
  EXPECT_EQ(s.command[JPN][39].region, kNoRegion);
}

// Ruling 24: enemies outnumbering the whole Command keep it in place: cancel only.
TEST(Pinning, PinnedByMoreThanTheWholeCommandCanOnlyCancel) {
  const Game g = pacific();
  State s = example_position(g);
  put(s, CHN, 101, "J4", {{kInf, 2}});
  japan_turn(g, s, {{85, "P-1"}, {85, "J5"}});
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"cancel JPN 1"}));
  put(s, CHN, 101, "J4", {{kInf, 1}});
  EXPECT_TRUE(legal(g, s, g.seat_of(JPN), "move JPN 1 P-1"));
}

// The chart's order of `nation`'s box `box` (0-based) in the spectator's view.
nlohmann::json chart_order(const Game& g, const State& s, const std::string& nation, int box) {
  const nlohmann::json view = g.view_json(g.observe(s, core::kSpectator), std::nullopt);
  for (const auto& n : view["nations"])
    if (n["id"] == nation) return n["sheet"]["orders"][box];
  return nullptr;
}

// The log's order_cancelled entries, as the clients read them (log_json) and as the log says them.
std::vector<std::pair<nlohmann::json, std::string>> cancellations(const Game& g, const core::LogBuffer& log) {
  std::vector<std::pair<nlohmann::json, std::string>> out;
  for (const core::LogEntry& e : log.entries())
    if (e.event == static_cast<std::uint16_t>(Event::OrderCancelled)) out.emplace_back(g.log_json(e), g.describe(e));
  return out;
}

// Ruling 24 (Pinning): an order whose Command the enemy pins whole is cancelled, and the chart and the
// log say so: pinned, not "(cancelled)" alone as if its owner had changed its mind (issue 34's
// play-test, finding 3: two German orders out of embattled Moscow read only "(cancelled)").
TEST(Pinning, Ruling24_APinnedOrderIsCancelledAsPinnedOnTheChartAndInTheLog) {
  const Game g = pacific();
  State s = example_position(g);
  put(s, CHN, 101, "J4", {{kInf, 2}});
  japan_turn(g, s, {{85, "P-1"}});
  core::LogBuffer log;
  act(g, s, JPN, "cancel JPN 1", &log);
  EXPECT_EQ(s.sheet[JPN].box[0].why_cancelled(), CancelReason::Pinned);
  const nlohmann::json order = chart_order(g, s, "JPN", 0);
  EXPECT_EQ(order["status"], "cancelled") << order.dump();
  EXPECT_EQ(order["cancelled"], "pinned") << order.dump();
  const auto cancelled = cancellations(g, log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].first["why"], "pinned") << cancelled[0].first.dump();
  EXPECT_EQ(cancelled[0].first["box"], 1);
  EXPECT_NE(cancelled[0].second.find("(ruling 24)"), std::string::npos) << cancelled[0].second;
  // The terminal board says it too, in a word, in the reader's language ("(x)" alone before), its
  // spaces no-break ones so that the terminal's wrap keeps it on one line.
  const State seen = g.observe(s, core::kSpectator);
  const std::string board = g.board_text(seen, std::nullopt);
  EXPECT_NE(board.find(" 1:85>P-1(x\u00a0pinned)"), std::string::npos) << board;
  EXPECT_NE(core::fit_lines(board, 24).find("1:85>P-1(x\u00a0pinned)"), std::string::npos) << "kept whole when the line is wrapped";
  EXPECT_NE(g.board_text(seen, std::nullopt, "it").find(" 1:85>P-1(x\u00a0bloccato)"), std::string::npos);
  EXPECT_NE(g.compact_board_text(seen, std::nullopt, "ru").find(" 1:85>P-1(x\u00a0сковано)"), std::string::npos);
}

// Phase 3 › Canceling Orders and Resolving Mistakes (ruling 22): an order its owner cancels while it
// could move says so on the chart and in the log, as before: the owner's choice.
TEST(Phase3CancelingOrders, Ruling22_AnOrderItsOwnerCancelsIsCancelledByItsOwner) {
  const Game g = pacific();
  State s = example_position(g);
  japan_turn(g, s, {{85, "P-1"}});
  ASSERT_TRUE(legal(g, s, g.seat_of(JPN), "move JPN 1 P-1"));
  core::LogBuffer log;
  act(g, s, JPN, "cancel JPN 1", &log);
  EXPECT_EQ(s.sheet[JPN].box[0].why_cancelled(), CancelReason::Owner);
  EXPECT_EQ(chart_order(g, s, "JPN", 0)["cancelled"], "owner");
  const std::string board = g.board_text(g.observe(s, core::kSpectator), std::nullopt);
  EXPECT_NE(board.find(" 1:85>P-1(x\u00a0owner)"), std::string::npos) << board;
  const auto cancelled = cancellations(g, log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].first["why"], "owner");
  EXPECT_EQ(cancelled[0].second.find("ruling"), std::string::npos) << "the owner's line as before: " << cancelled[0].second;
}

// Ruling 21 (Phase 3 › Canceling Orders and Resolving Mistakes): an order the map makes impossible
// only at execution (T1: the rail through Peiping is closed) is cancelled for the rule that stops it.
TEST(Phase3CancelingOrders, Ruling21_AnOrderImpossibleAtExecutionKeepsTheRuleThatStoppedIt) {
  const Game g = pacific();
  State s = example_position(g);
  japan_turn(g, s, kExampleSheet);
  act(g, s, JPN, "cancel JPN 1");
  EXPECT_EQ(s.sheet[JPN].box[0].why_cancelled(), CancelReason::NoRailPath);
  EXPECT_EQ(chart_order(g, s, "JPN", 0)["cancelled"], "no_rail_path");
  EXPECT_FALSE(chart_order(g, s, "JPN", 1).contains("cancelled")) << "a written order has no reason";
}

// The cancel reason shares the rail stop's byte (the State keeps its 12,000 bytes) and is left out of
// the hash: it records how the order ended, so a save made before it was kept replays to its hash.
TEST(Phase3CancelingOrders, TheCancelReasonLeavesTheStateHashAsBefore) {
  const Game g = pacific();
  State s = example_position(g);
  put(s, CHN, 101, "J4", {{kInf, 2}});
  japan_turn(g, s, {{85, "P-1"}});
  act(g, s, JPN, "cancel JPN 1");
  State before = s;
  before.sheet[JPN].box[0].reason = 0;
  EXPECT_EQ(g.hash(s), g.hash(before));
  EXPECT_FALSE(s == before);
}

// Ruling 25: a Command split at its origin stops whole at a second pin on its way.
TEST(Pinning, ACommandSplitsOnlyOnce) {
  const Game g = pacific();
  State s = example_position(g);
  put(s, US, 2, "P-13", {{kSub, 1}});
  put(s, US, 1, "P-1", {{kCa, 1}});
  japan_turn(g, s, {{8, "P-2"}});
  act(g, s, JPN, "move JPN 1 P-1");
  act(g, s, JPN, "leave JPN sub");  // the pin at P-13 is settled: 2 units go on
  EXPECT_EQ(s.command[JPN][2].region, region("P-13"));
  EXPECT_EQ(s.command[JPN][8].region, region("P-1")) << "pinned again in P-1: all of it stops there";
  EXPECT_EQ(units_in(s.command[JPN][8]), 2);
  EXPECT_EQ(s.sheet[JPN].box[0].status, kExecuted);
}

// Phase 2 › Pinning: "The owner places a new Command Token on the pinned force which remains behind";
// Command Tokens "are piece-limited" (Game Components). With every land token of Japan in use, the
// 85th pinned by one Chinese infantry in Peiping (T5) cannot leave its armour behind: the order
// offers only cancel (ruling 104), and no unit ever stands under "Command 0". With one token free,
// the split takes it.
TEST(Pinning, Pinning_WithNoCommandTokenFreeThePinSplitCannotBeMade) {
  const Game g = pacific();
  State s = example_position(g);
  const NumberRange land = data()->nations[JPN].commands[at(static_cast<int>(Category::Land))];
  for (int number = land.lo; number <= land.hi; ++number)
    if (s.command[JPN][at(number)].region == kNoRegion) put(s, JPN, number, "J1", {{kInf, 1}});
  State full = s;
  japan_turn(g, full, {{85, "P-1"}});
  EXPECT_EQ(legal_texts(g, full, JPN), (std::set<std::string>{"cancel JPN 1"}));
  EXPECT_NE(order_blocked_why(CCtx{g, full}, JPN).find("Command Token"), std::string::npos) << order_blocked_why(CCtx{g, full}, JPN);
  act(g, full, JPN, "cancel JPN 1");
  EXPECT_EQ(full.command[JPN][0], Command{}) << "nothing under Command 0";
  EXPECT_EQ(full.command[JPN][85].region, region("J4"));

  s.command[JPN][at(land.hi)] = Command{};  // one token back in storage
  japan_turn(g, s, {{85, "P-1"}});
  act(g, s, JPN, "move JPN 1 P-1");
  act(g, s, JPN, "leave JPN arm");
  EXPECT_EQ(s.command[JPN][at(land.hi)].region, region("J4")) << "the armour under the only free token";
  EXPECT_EQ(s.command[JPN][85].region, region("P-1"));
  EXPECT_EQ(s.command[JPN][0], Command{});
}

// The same for a naval move through a pin: with no sea token free, the route through P-1 (where the
// US warships pin the 8th) is not offered; the route through the empty P-12 still is.
TEST(Pinning, Pinning_NoRouteThroughAPinThatNeedsATokenNoneFree) {
  const Game g = pacific();
  State s = example_position(g);
  const NumberRange sea = data()->nations[JPN].commands[at(static_cast<int>(Category::Sea))];
  for (int number = sea.lo; number <= sea.hi; ++number)
    if (s.command[JPN][at(number)].region == kNoRegion) put(s, JPN, number, "P-11", {{kSub, 1}});
  japan_turn(g, s, {{8, "P-2"}});
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"move JPN 1 P-12", "cancel JPN 1"}));
}

// Ruling 26: enemy naval units pin a transport unless friendly naval units match them.
TEST(TroopTransports, PinnedByNavalUnitsUnlessMatched) {
  const Game g = pacific();
  State s = example_position(g);
  s.command[JPN][8] = Command{};
  put(s, US, 1, "P-13", {{kCa, 1}});
  japan_turn(g, s, {{97, "P-2"}});
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"cancel JPN 1"}));
  put(s, JPN, 8, "P-13", {{kCa, 1}});
  const auto now = legal_texts(g, s, JPN);
  EXPECT_TRUE(now.contains("move JPN 1 P-12"));
  act(g, s, JPN, "move JPN 1 P-12");
  EXPECT_EQ(units_in(s.command[JPN][97]), 3) << "a transport never splits";
  EXPECT_EQ(s.command[JPN][97].region, region("P-2"));
}

// Ruling 28: sea -> land only with a 1-region move; land -> sea -> sea is allowed.
TEST(TroopTransports, LandOnlyFromAnAdjacentSea) {
  const Game g = pacific();
  State s = example_position(g);
  s.command[US][1] = Command{};
  s.command[CHN][101] = Command{};
  japan_turn(g, s, {{97, "J5"}, {97, "J1"}, {85, "P-2"}});
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"cancel JPN 1"})) << "P-13 -> P-1 -> J5 is sea to sea, then sea to land";
  act(g, s, JPN, "cancel JPN 1");
  act(g, s, JPN, "move JPN 2 J1");
  EXPECT_EQ(s.command[JPN][97].region, region("J1"));
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"move JPN 3 P-1", "cancel JPN 3"}));
  act(g, s, JPN, "move JPN 3 P-1");
  EXPECT_EQ(s.command[JPN][85].region, region("P-2"));
}

// Plotting Land Commands by Rail: a Bomb token stops rail movement into or out of a territory.
TEST(Rail, ABombTokenBlocksTheRail) {
  const Game g = pacific();
  State s = example_position(g);
  s.command[CHN][101] = Command{};
  State clear = s;
  japan_turn(g, clear, {{92, "J5"}});
  EXPECT_EQ(legal_texts(g, clear, JPN), (std::set<std::string>{"move JPN 1 J5", "cancel JPN 1"}));
  act(g, clear, JPN, "move JPN 1 J5");
  EXPECT_EQ(clear.command[JPN][92].region, region("J5"));

  s.region[region("J4")].bombs = 1;
  State bombed = s;
  japan_turn(g, bombed, {{92, "J5"}});
  EXPECT_EQ(legal_texts(g, bombed, JPN), (std::set<std::string>{"cancel JPN 1"}));
  s.region[region("J4")].bombs = 0;
  s.region[region("J3")].bombs = 1;
  japan_turn(g, s, {{92, "J5"}});
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"cancel JPN 1"})) << "no rail movement out of a bombed territory";
}

// Ruling 29: an obstructed rail move stops at the reachable friendly territory nearest the
// destination; ruling 30: no rail through territories of a nation in the Yellow Zone.
TEST(Rail, ObstructedMoveStopsAsNearAsPossibleAndYellowZoneClosesTheRails) {
  const Game g = pacific();
  State s = example_position(g);
  put(s, JPN, 92, "J2", {{kArt, 2}, {kInf, 1}});
  State yellow = s;
  japan_turn(g, s, {{92, "J5"}});
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"move JPN 1 J3", "cancel JPN 1"}));
  act(g, s, JPN, "move JPN 1 J3");
  EXPECT_EQ(s.command[JPN][92].region, region("J3"));
  EXPECT_EQ(s.sheet[JPN].box[0].status, kExecuted);

  yellow.nation[JPN].zone = kYellow;
  yellow.command[CHN][101] = Command{};
  japan_turn(g, yellow, {{92, "J5"}});
  EXPECT_EQ(legal_texts(g, yellow, JPN), (std::set<std::string>{"cancel JPN 1"}));
}

// No invading by rail: an enemy-controlled destination is never reached by rail.
TEST(Rail, NoInvadingByRail) {
  const Game g = pacific();
  State s = example_position(g);
  s.command[CHN][101] = Command{};
  s.region[region("J5")].controller = CHN;
  japan_turn(g, s, {{92, "J5"}});
  const auto l = legal_texts(g, s, JPN);
  EXPECT_FALSE(l.contains("move JPN 1 J5"));
  EXPECT_TRUE(l.contains("move JPN 1 J4")) << "the stop nearest Chekiang";
}

// A Command that by rail can go no nearer stops short (ruling 29); its order says so, on the sheet
// and in the view: where it stopped and why (issue 33's play-test, finding 3: the revealed sheet
// said "executed" towards Baltic States for Commands that had stopped in Belarus).
TEST(Rail, AnOrderStoppedShort_TheSheetSaysWhereAndWhy) {
  const Game g = pacific();
  State s = example_position(g);
  s.command[CHN][101] = Command{};
  s.region[region("J5")].controller = CHN;
  japan_turn(g, s, {{92, "J5"}});
  act(g, s, JPN, "move JPN 1 J4");
  const Order& o = s.sheet[JPN].box[0];
  EXPECT_EQ(o.status, kExecuted);
  EXPECT_EQ(o.end, region("J4"));
  EXPECT_TRUE(o.rail_stop);
  const nlohmann::json order = g.view_json(g.observe(s, core::kSpectator), std::nullopt)["nations"];
  nlohmann::json japan;
  for (const auto& n : order)
    if (n["id"] == "JPN") japan = n["sheet"]["orders"][0];
  EXPECT_EQ(japan["status"], "executed") << japan.dump();
  EXPECT_EQ(japan["to"], "J5");
  EXPECT_EQ(japan["stopped"], nlohmann::json::parse(R"({"in": "J4", "why": "rail", "reason": "rail_stops_short"})")) << japan.dump();
  // The terminal board marks it too, in the reader's language, kept whole when a line is wrapped.
  const State seen = g.observe(s, core::kSpectator);
  EXPECT_NE(g.board_text(seen, std::nullopt).find(" 1:92>J5(stopped\u00a0J4)"), std::string::npos) << g.board_text(seen, std::nullopt);
  EXPECT_NE(g.compact_board_text(seen, std::nullopt, "it").find(" 1:92>J5(fermato\u00a0J4)"), std::string::npos);
}

// Plotting: what the pad says of an order comes from the plan that executes it (order_outlook): a
// rail invasion stops at the stop nearest to it, a rail order with no stop is cancelled, and a
// destination reached is not flagged.
TEST(Rail, TheOutlookOfAnOrderIsTheExecutionsOwn) {
  const Game g = pacific();
  State s = example_position(g);
  s.command[CHN][101] = Command{};
  s.region[region("J5")].controller = CHN;
  const OrderOutlook invade = order_outlook({g, s}, JPN, 92, region("J5"));
  EXPECT_EQ(invade.kind, OrderOutlook::StopsShort);
  EXPECT_STREQ(invade.reason, "rail_stops_short");
  EXPECT_EQ(invade.stops, std::vector<RegionId>{region("J4")});
  EXPECT_EQ(order_outlook({g, s}, JPN, 92, region("J4")).kind, OrderOutlook::Reaches);
  const State blocked = example_position(g);  // T1: China's 101st in Peiping blocks the rail
  const OrderOutlook t1 = order_outlook({g, blocked}, JPN, 92, region("J5"));
  EXPECT_EQ(t1.kind, OrderOutlook::Cancelled);
  EXPECT_STREQ(t1.reason, "no_rail_path");
  japan_turn(g, s, {{92, "J5"}});
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"move JPN 1 J4", "cancel JPN 1"})) << "the execution offers the same stop";
}

// A rail order stopping short says why as the map shows it (the newcomer play-test of 5 December,
// finding 10: Germany's own Karelia was refused with "a Nation may not invade by Rail"): a friendly
// destination with enemy land units in it, or a Bomb Token on it, is not an invasion of enemy land.
TEST(Rail, AStopShortOfAFriendlyDestinationSaysWhatClosesIt) {
  const Game g = pacific();
  State s = example_position(g);
  s.command[CHN][101] = Command{};  // Peiping clear: the rail from J3 runs through it
  s.region[region("J5")].controller = JPN;
  EXPECT_EQ(order_outlook({g, s}, JPN, 92, region("J5")).kind, OrderOutlook::Reaches);
  put(s, CHN, 102, "J5", {{kInf, 1}});
  const OrderOutlook embattled = order_outlook({g, s}, JPN, 92, region("J5"));
  EXPECT_EQ(embattled.kind, OrderOutlook::StopsShort);
  EXPECT_STREQ(embattled.reason, "rail_stops_short_enemy");
  EXPECT_EQ(embattled.stops, std::vector<RegionId>{region("J4")});
  s.command[CHN][102] = Command{};
  s.region[region("J5")].bombs = 1;
  EXPECT_STREQ(order_outlook({g, s}, JPN, 92, region("J5")).reason, "rail_stops_short_closed");
  s.region[region("J5")].bombs = 0;
  s.region[region("J5")].controller = CHN;
  EXPECT_STREQ(order_outlook({g, s}, JPN, 92, region("J5")).reason, "rail_stops_short") << "an enemy destination: an invasion";
}

// Carried out, a rail order stopped short keeps why as the map showed it then (ruling 29), for the
// chart: the destination was Japan's own, and China's infantry in it closed it, not an invasion.
TEST(Rail, AnOrderStoppedShortKeepsWhatClosedItsDestination) {
  const Game g = pacific();
  State s = example_position(g);
  s.command[CHN][101] = Command{};
  s.region[region("J5")].controller = JPN;
  put(s, CHN, 102, "J5", {{kInf, 1}});
  japan_turn(g, s, {{92, "J5"}});
  act(g, s, JPN, "move JPN 1 J4");
  const Order& o = s.sheet[JPN].box[0];
  ASSERT_EQ(o.status, kExecuted);
  EXPECT_EQ(o.end, region("J4"));
  EXPECT_EQ(o.why_rail_short(), RailShort::EnemyLand);
  EXPECT_EQ(o.why_cancelled(), CancelReason::None) << "carried out, not cancelled";
  const nlohmann::json nations = g.view_json(g.observe(s, core::kSpectator), std::nullopt)["nations"];
  nlohmann::json japan;
  for (const auto& n : nations)
    if (n["id"] == "JPN") japan = n["sheet"]["orders"][0];
  EXPECT_EQ(japan["stopped"]["reason"], "rail_stops_short_enemy") << japan.dump();
}

// The World's Narrow Sea Passages (ruling 35): Malacca needs Malaya.
TEST(NarrowPassages, ClosedUnlessTheAllianceHoldsTheKey) {
  const Game g = pacific();
  const Data& d = *data();
  const Passage* any = nullptr;
  for (const Passage& p : d.passages)
    if (p.id == "malacca") any = &p;
  ASSERT_NE(any, nullptr);
  ASSERT_TRUE(g.scenario().in_play.test(any->sea_a) && g.scenario().in_play.test(any->sea_b));
  const std::string from = d.region(any->sea_a).id, to = d.region(any->sea_b).id;
  for (Nation holder : {BC, JPN}) {
    State s = example_position(g);
    put(s, JPN, 3, from, {{kCa, 1}});
    for (int k = 0; k < any->key_count; ++k) s.region[any->keys[at(k)]].controller = holder;
    japan_turn(g, s, {{3, to}});
    EXPECT_EQ(legal(g, s, g.seat_of(JPN), "move JPN 1 " + to), holder == JPN) << any->id;
  }
}

// Phase 5 Step 1: a tagged Air Command lands within 2 regions in a friendly territory, or is lost.
TEST(LandAirCommands, LandInAFriendlyTerritoryOrPerish) {
  const Game g = pacific();
  State s = example_position(g);
  s.command[JPN][18].flags |= kLandingTag;
  s.command[JPN][18].region = region("P-2");
  s.command[JPN][15].flags |= kLandingTag;
  s.command[JPN][15].region = region("J22");
  s.turn_order = {JPN, US, BC, CHN, kNoNation, kNoNation, kNoNation};
  start_phase(g, s, 5);
  ASSERT_EQ(top(s), StepId::LandAir);
  ASSERT_EQ(step_nation(s.steps.top()), JPN);
  const auto l = legal_texts(g, s, JPN);
  EXPECT_TRUE(l.contains("land JPN 15 J22")) << "ruling 34: 0 regions in a friendly territory";
  act(g, s, JPN, "land JPN 15 J22");
  EXPECT_FALSE(s.command[JPN][15].flags & kLandingTag);
  for (RegionId r : neighbours(*data(), region("P-2")))
    if (data()->region(r).is_territory() && s.region[r].controller == JPN) {
      EXPECT_TRUE(legal(g, s, g.seat_of(JPN), "land JPN 18 " + data()->region(r).id));
      s.region[r].controller = US;
    }
  // Every territory near P-2 now hostile: none within 2 regions is friendly.
  for (RegionId x : neighbours(*data(), region("P-2")))
    for (RegionId r : neighbours(*data(), x))
      if (data()->region(r).is_territory() && s.region[r].controller == JPN) s.region[r].controller = US;
  EXPECT_EQ(legal_texts(g, s, JPN), (std::set<std::string>{"land JPN 18 lost"}));
  act(g, s, JPN, "land JPN 18 lost");
  EXPECT_EQ(s.command[JPN][18].region, kNoRegion);
  EXPECT_EQ(s.nation[JPN].casualties[UnitKind::Ftr], 2) << "transfer to the Casualty List";
}

}  // namespace
}  // namespace warroom::testing

namespace warroom::testing {
namespace {

// Neutrals: a land Command entering an un-invaded neutral activates it (the data's Mongolia).
TEST(Neutrals, EnteringANeutralActivatesIt) {
  const Game g = pacific();
  State s = example_position(g);
  const RegionId mongolia = region("N5");
  ASSERT_TRUE(g.scenario().in_play.test(mongolia));
  ASSERT_TRUE(data()->region(mongolia).neutral.has_value());
  japan_turn(g, s, {{92, "N5"}});
  act(g, s, JPN, "move JPN 1 N5");
  EXPECT_EQ(s.command[JPN][92].region, mongolia);
  EXPECT_TRUE(s.region[mongolia].flags & kNeutralActivated);
}

// Bad input changes nothing: moves that are not legal now are refused by the text parser.
TEST(Phase3Step2, IllegalMovesAreRefused) {
  const Game g = pacific();
  State s = example_position(g);
  japan_turn(g, s, kExampleSheet);
  const State before = s;
  const core::Seat japan = g.seat_of(JPN);
  for (const char* text : {"move JPN 2 P-2", "move JPN 2 P-13", "move JPN 1 J4", "move JPN 3 P-2", "leave JPN inf", "cancel JPN 2",
                           "launch JPN 5 P-12", "land JPN 18 J10", "move JPN 9 P-1", "move US 2 P-12", "move JPN 2 Z-99"})
    EXPECT_FALSE(legal(g, s, japan, text)) << text;
  EXPECT_EQ(g.hash(s), g.hash(before));
}

}  // namespace
}  // namespace warroom::testing
