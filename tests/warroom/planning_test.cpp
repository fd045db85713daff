// Phase 2: Strategic Planning -- the secret O&P Chart, the bids, turn-order slots -- and the start of
// Phase 3, where each nation's sheet is revealed at its turn (design §4.4, rulings 15-21, 91).
#include "core/session.h"
#include "core/title.h"
#include "engine_fixture.h"

namespace warroom::testing {
namespace {

// The lowest-numbered Command of the nation on the map and a destination the pad offers it.
std::pair<int, std::string> some_order(const Game& g, const State& s, Nation nation) {
  for (int number = 1; number <= kMaxCommandNumber; ++number)
    if (s.command[nation][at(number)].region != kNoRegion) {
      std::vector<RegionId> dests;
      pad_destinations(CCtx{g, s}, nation, number, dests);
      if (!dests.empty()) return {number, g.region_name(dests.front())};
    }
  ADD_FAILURE() << "no Command with a destination";
  return {0, ""};
}

void write_order(const Game& g, State& s, Nation nation, int number, const std::string& dest) {
  act(g, s, nation, fmt::format("select {} {}", g.nation_name(nation), number));
  act(g, s, nation, fmt::format("to {} {}", g.nation_name(nation), dest));
}

TEST(Phase2Step1, AllNationsWriteAtOnceAndEachSeatSeesOnlyItsOwnSheet) {
  const Game g = europe();
  State s = at_write_sheets(g);
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Simultaneous);
  EXPECT_EQ(g.acting_seats(s), 0b1111u) << "All players simultaneously write TOP SECRET orders";
  const auto [number, dest] = some_order(g, s, BC);
  write_order(g, s, BC, number, dest);
  act(g, s, BC, "bid BC 2");
  const core::Seat bc = g.seat_of(BC), us = g.seat_of(US), axis = g.seat_of(GER);
  EXPECT_EQ(g.observe(s, bc).sheet[BC].box[0].command, number);
  EXPECT_EQ(g.observe(s, bc).sheet[BC].bid, 2);
  for (core::Seat other : {us, axis, core::kSpectator}) {  // ruling 20: allies do not see it either
    const State seen = g.observe(s, other);
    EXPECT_EQ(seen.sheet[BC].box[0].status, kEmpty);
    EXPECT_EQ(seen.sheet[BC].bid, 0);
    const auto view = g.view_json(seen, other >= 0 ? std::optional(other) : std::nullopt);
    EXPECT_TRUE(view["nations"][0]["sheet"]["orders"].is_null());
    EXPECT_TRUE(view["nations"][0]["sheet"]["bid"].is_null());
    EXPECT_EQ(view["nations"][0]["sheet"]["status"], "writing");
  }
}

TEST(Phase2Step1, NeverTwoOrdersForTheSameCommand) {
  const Game g = europe();
  State s = at_write_sheets(g);
  const auto [number, dest] = some_order(g, s, GER);
  EXPECT_TRUE(legal(g, s, g.seat_of(GER), fmt::format("select GER {}", number)));
  write_order(g, s, GER, number, dest);
  EXPECT_FALSE(legal(g, s, g.seat_of(GER), fmt::format("select GER {}", number)));
  act(g, s, GER, "erase GER 1");  // the pencil's eraser frees it again
  EXPECT_TRUE(legal(g, s, g.seat_of(GER), fmt::format("select GER {}", number)));
}

TEST(Phase2Step1, BritishCommonwealthAndUnitedStatesWriteOnlySixOrdersInEurope) {
  const Game g = europe();
  State s = at_write_sheets(g);
  for (Nation nation : {BC, US, ITA, GER}) {
    int written = 0;
    for (int number = 1; number <= kMaxCommandNumber && written < 9; ++number) {
      if (s.command[nation][at(number)].region == kNoRegion) continue;
      std::vector<RegionId> dests;
      pad_destinations(CCtx{g, s}, nation, number, dests);
      const std::string select = fmt::format("select {} {}", g.nation_name(nation), number);
      if (dests.empty()) continue;
      if (!legal(g, s, g.seat_of(nation), select)) break;
      write_order(g, s, nation, number, g.region_name(dests.front()));
      ++written;
    }
    EXPECT_EQ(written, nation == GER ? 9 : 6) << g.nation_name(nation) << " (War in Europe; Writing Movement Orders: Italy 6)";
  }
}

TEST(Phase2Step1, TheBidIsAtMostTheOilHeld) {
  const Game g = europe();
  State s = at_write_sheets(g);
  s.nation[GER].res[kOil] = 5;
  EXPECT_TRUE(legal(g, s, g.seat_of(GER), "bid GER 5"));
  EXPECT_FALSE(legal(g, s, g.seat_of(GER), "bid GER 6"));
  EXPECT_FALSE(legal(g, s, g.seat_of(GER), "bid GER 1k"));
  s.nation[GER].res[kOil] = 1500;
  act(g, s, GER, "bid GER 1k");
  act(g, s, GER, "bid GER 500");
  EXPECT_EQ(s.sheet[GER].bid, 1500);
  EXPECT_FALSE(legal(g, s, g.seat_of(GER), "bid GER 501"));
}

// Ruling 21: the pad offers only what the Command's category can reach on the static map.
TEST(Phase2Step1, ThePadOffersOnlyReachableDestinations) {
  const Game g = europe();
  const State s = at_write_sheets(g);
  const Data& d = *data();
  for (Nation nation : kAllNations)
    for (int number = 1; number <= kMaxCommandNumber; ++number) {
      const Command& cmd = s.command[nation][at(number)];
      if (cmd.region == kNoRegion) continue;
      std::vector<RegionId> dests;
      pad_destinations(CCtx{g, s}, nation, number, dests);
      for (RegionId r : dests) {
        EXPECT_NE(d.region(r).type, RegionType::Impassable) << "Impassable regions are never a destination";
        EXPECT_TRUE(g.scenario().in_play.test(r)) << "unlisted regions may not be entered";
        if (command_category(d, nation, number) == Category::Sea) {
          EXPECT_TRUE(d.region(r).is_sea()) << "Naval Units may NOT enter territories";
        }
        if (command_category(d, nation, number) == Category::Air) {
          EXPECT_LE(d.tables.air[d.tables.pair(cmd.region, r)], 2) << "Air Commands may move 1 or 2 regions";
        }
      }
    }
}

State all_done(const Game& g, State s, const std::array<int, kNations>& bids) {
  for (Nation n : kAllNations)
    if (s.nation[n].in_play) {
      s.nation[n].res[kOil] = std::max(s.nation[n].res[kOil], bids[at(index(n))]);
      if (bids[at(index(n))] != s.sheet[n].bid) act(g, s, n, fmt::format("bid {} {}", g.nation_name(n), bids[at(index(n))]));
    }
  for (Nation n : kAllNations)
    if (s.nation[n].in_play) act(g, s, n, fmt::format("done {}", g.nation_name(n)));
  return s;
}

// Ruling 15: the top bidder chooses any free slot; the others follow in bid order.
TEST(Phase2Step2, TheTopBidderChoosesAnySlot) {
  const Game g = europe();
  State s = all_done(g, at_write_sheets(g), {0, 0, 0, 0, 3, 0, 0});
  ASSERT_EQ(top(s), StepId::ChooseSlot);
  EXPECT_EQ(step_nation(s.steps.top()), GER);
  for (int slot = 1; slot <= 5; ++slot) {
    EXPECT_TRUE(legal(g, s, g.seat_of(GER), fmt::format("slot GER {}", slot)));
  }
  act(g, s, GER, "slot GER 3");
  EXPECT_EQ(s.nation[GER].slot, 3);
  EXPECT_EQ(s.turn_order[2], GER);
  // The other four bid 0 and are tied: a draw among all four.
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Chance);
  core::OutcomeList outcomes;
  g.chance_outcomes(s, outcomes);
  EXPECT_EQ(outcomes.size(), 4u);
  for (const auto& o : outcomes) {
    EXPECT_DOUBLE_EQ(o.probability, 0.25);
  }
}

// Ruling 16: only the tied group is drawn, one draw per place, keeping its place in the sequence.
TEST(Phase2Step2, OnlyTiedBiddersAreDrawn) {
  const Game g = europe();
  State s = all_done(g, at_write_sheets(g), {0, 2, 2, 0, 1, 0, 0});  // BC 2, USSR 2, GER 1, US 0, ITA 0
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Chance);
  core::OutcomeList outcomes;
  g.chance_outcomes(s, outcomes);
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_FALSE(g.action_from_string(s, core::kChance, "draw GER").has_value());
  chance(g, s, "draw USSR");
  act(g, s, USSR, "slot USSR 5");
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Decision) << "BC is alone in its group now: no draw";
  act(g, s, BC, "slot BC 1");
  act(g, s, GER, "slot GER 2");
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Chance);
  chance(g, s, "draw ITA");
  act(g, s, ITA, "slot ITA 4");  // US takes the last slot left, 3
  EXPECT_EQ(s.nation[US].slot, 3);
  const std::array<Nation, kNations> expected = {BC, GER, US, ITA, USSR, kNoNation, kNoNation};
  EXPECT_EQ(s.turn_order, expected);
}

TEST(Phase2Step3, AllBidsArePaidWinOrLose) {
  const Game g = europe();
  State s = at_write_sheets(g);
  s.nation[BC].res[kOil] = 4, s.nation[GER].res[kOil] = 9;
  s = all_done(g, s, {0, 3, 0, 0, 7, 0, 0});
  act(g, s, GER, "slot GER 1");
  act(g, s, BC, "slot BC 2");
  s = play_until(g, s, [](const State& x) { return x.phase >= 3; });  // no orders: Phase 3 passes at once
  EXPECT_EQ(s.nation[BC].res[kOil], 1);
  EXPECT_EQ(s.nation[GER].res[kOil], 2);
}

// The reveal of the bids is an undo barrier: before it a seat takes back its own entries, after it nobody.
TEST(Phase2Step2, TheRevealIsAnUndoBarrier) {
  const Game g = europe();
  const State start = at_write_sheets(g);
  core::Session<Game> session(g, start, 5);
  const core::Seat bc = g.seat_of(BC), ger = g.seat_of(GER);
  session.act(bc, action(g, session.state(), bc, "bid BC 1"));
  session.act(ger, action(g, session.state(), ger, "bid GER 1"));
  EXPECT_TRUE(session.can_undo(bc)) << "a seat may take back its own entry while others write";
  session.undo(bc);
  EXPECT_EQ(session.state().sheet[BC].bid, 0);
  EXPECT_EQ(session.state().sheet[GER].bid, 1);
  for (Nation n : {BC, USSR, US, GER, ITA}) {
    const core::Seat seat = g.seat_of(n);
    const core::Action done = action(g, session.state(), seat, "done " + g.nation_name(n));
    State copy = session.state();
    EXPECT_EQ(g.apply(copy, seat, done, nullptr).revealed, n == ITA) << "the last one done reveals the bids";
    session.act(seat, done);
  }
  for (core::Seat seat = 0; seat < g.seat_count(); ++seat) {
    EXPECT_FALSE(session.can_undo(seat));
  }
}

// "Once this step is completed, players may not change any written orders or bids": the step is
// completed when every nation is done, so until then a nation that said "done" may take it back and
// write on. The others learn only that it is writing again, and the record is the game as played.
TEST(Phase2Step1, ADoneSheetMayBeTakenBackUntilEveryNationIsDone) {
  const Game g = europe();
  const State start = at_write_sheets(g);
  core::Session<Game> session(g, start, 5);
  const core::Seat ussr = g.seat_of(USSR), ger = g.seat_of(GER);
  const auto say = [&](core::Seat seat, const std::string& text) { session.act(seat, action(g, session.state(), seat, text)); };
  const auto views = [&] {  // what every other seat and a spectator see
    std::vector<nlohmann::json> out;
    for (core::Seat seat : {g.seat_of(BC), g.seat_of(US), ger}) out.push_back(g.view_json(g.observe(session.state(), seat), seat));
    out.push_back(g.view_json(g.observe(session.state(), core::kSpectator), std::nullopt));
    return out;
  };
  const auto [number, dest] = some_order(g, session.state(), USSR);
  say(ussr, fmt::format("select USSR {}", number));
  say(ussr, "to USSR " + dest);
  say(ussr, "bid USSR 1");
  const auto before = views();
  say(ussr, "done USSR");
  EXPECT_EQ(g.acting_seats(session.state()) & core::seat_bit(ussr), 0u);
  const auto done = views();
  for (std::size_t i = 0; i < done.size(); ++i) {
    nlohmann::json seen = done[i];
    for (auto& n : seen["nations"])
      if (n["id"] == "USSR") {
        EXPECT_EQ(n["sheet"]["status"], "done");
        n["sheet"]["status"] = "writing";  // the one thing the others learn
      }
    EXPECT_EQ(seen, before[i]) << "seat " << i << " learnt more than that USSR is done";
  }
  say(ger, "bid GER 2");  // another nation writes on
  EXPECT_TRUE(session.can_undo(ussr)) << "the step is not completed: USSR may take back its done";
  session.undo(ussr);
  EXPECT_NE(g.acting_seats(session.state()) & core::seat_bit(ussr), 0u) << "USSR writes again";
  EXPECT_FALSE(session.state().sheet[USSR].flags & kDone);
  EXPECT_EQ(session.state().sheet[USSR].bid, 1);
  EXPECT_EQ(session.state().sheet[GER].bid, 2);
  say(ussr, "bid USSR 0");
  session.undo(ussr);  // its entries before the done are open again too
  EXPECT_EQ(session.state().sheet[USSR].bid, 1);
  session.undo(ger);
  EXPECT_EQ(views(), before) << "the others see what they saw before USSR's done";
  // The record replays to the same game.
  core::Session<Game> again(g, start, 5);
  for (const core::Record& r : session.history()) again.replay(r);
  EXPECT_EQ(g.hash(again.state()), g.hash(session.state()));
  // When every nation is done the step is completed: nobody changes anything any more.
  for (Nation n : {BC, USSR, US, GER, ITA}) say(g.seat_of(n), "done " + g.nation_name(n));
  EXPECT_NE(top(session.state()), StepId::WriteSheets);
  for (core::Seat seat = 0; seat < g.seat_count(); ++seat) EXPECT_FALSE(session.can_undo(seat));
}

// Ruling 91: a nation's whole sheet becomes visible when its Phase 3 turn begins, not before.
TEST(Phase3Step2, EachSheetIsRevealedAtItsTurnAndEveryOrderMayBeCancelled) {
  const Game g = europe();
  State s = at_write_sheets(g);
  const auto [bc_number, bc_dest] = some_order(g, s, BC);
  const auto [ger_number, ger_dest] = some_order(g, s, GER);
  write_order(g, s, BC, bc_number, bc_dest);
  write_order(g, s, GER, ger_number, ger_dest);
  s = all_done(g, s, {0, 2, 0, 0, 1, 0, 0});
  act(g, s, BC, "slot BC 1");
  act(g, s, GER, "slot GER 2");
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::MovementTurn; });
  ASSERT_EQ(step_nation(s.steps.top()), BC);
  const core::Seat axis = g.seat_of(GER), usa = g.seat_of(US);
  EXPECT_EQ(g.observe(s, axis).sheet[BC].box[0].command, bc_number) << "an opponent reads the active Nation's orders";
  EXPECT_EQ(g.observe(s, usa).sheet[GER].box[0].status, kEmpty) << "Germany's turn has not begun";
  core::ActionList l;
  g.legal_actions(s, g.seat_of(BC), l);
  for (core::Action a : l) {  // ruling 22: execute (move ...) or cancel, box 1 first
    const std::string text = g.action_to_string(s, g.seat_of(BC), a);
    EXPECT_TRUE(text == "cancel BC 1" || text.starts_with("move BC 1 ")) << text;
  }
  EXPECT_TRUE(legal(g, s, g.seat_of(BC), "cancel BC 1"));
  act(g, s, BC, "cancel BC 1");
  EXPECT_EQ(s.sheet[BC].box[0].status, kCancelled);
  ASSERT_EQ(top(s), StepId::MovementTurn);
  EXPECT_EQ(step_nation(s.steps.top()), GER);
  EXPECT_EQ(g.observe(s, usa).sheet[GER].box[0].command, ger_number);
}

// Reorganizing Commands (ruling 92): one unit at a time within a region, same category, 8 at most.
TEST(ReorganizingCommands, SplitAndMergeWithinARegion) {
  const Game g = europe();
  State s = g.new_game();
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::Reorganize && step_nation(x.steps.top()) == GER; });
  int from = 0;
  for (int number = 1; number <= kMaxCommandNumber && !from; ++number)
    if (units_in(s.command[GER][at(number)]) >= 2 && command_category(*data(), GER, number) == Category::Land) from = number;
  ASSERT_NE(from, 0);
  const Command before = s.command[GER][at(from)];
  int type = kInf;
  while (!before.n[at(slot_of(type))]) ++type;
  const int fresh = lowest_free_command(s, *data(), GER, Category::Land);
  act(g, s, GER, fmt::format("shift GER {} {} new", from, unit_id(static_cast<UnitKind>(type))));
  EXPECT_EQ(s.command[GER][at(fresh)].region, before.region);
  EXPECT_EQ(units_in(s.command[GER][at(fresh)]), 1);
  EXPECT_EQ(units_in(s.command[GER][at(from)]), units_in(before) - 1);
  act(g, s, GER, fmt::format("shift GER {} {} {}", fresh, unit_id(static_cast<UnitKind>(type)), from));
  EXPECT_EQ(s.command[GER][at(from)], before);
  EXPECT_EQ(s.command[GER][at(fresh)].region, kNoRegion) << "Store all Command Tokens that are not being used";
}

// Reorganizing Commands › Step 3 (Reorganize Commands): "Players may merge or split Commands", "No
// Command Stack can exceed 8 Units", "When splitting a Command, be sure to assign a new Command
// Token": several units of a type move in one shift (`inf*4`), a Command of several types merges
// whole (`all`), up to 8 units in the Command that takes them; a split leaves a unit behind.
TEST(ReorganizingCommands, SeveralUnitsOfATypeOrAWholeCommandMoveInOneShift) {
  const Game g = europe();
  State s = play_until(g, g.new_game(), [](const State& x) { return top(x) == StepId::Reorganize && step_nation(x.steps.top()) == GER; });
  for (Command& c : s.command[GER]) c = Command{};
  const int a = data()->nations[GER].pool(Category::Land).lo, b = a + 1, m = a + 2;
  put(s, GER, a, "G1", {{kInf, 6}, {kArt, 2}});
  put(s, GER, b, "G1", {{kInf, 3}});
  put(s, GER, m, "G1", {{kArm, 1}, {kArt, 1}});
  const core::Seat seat = g.seat_of(GER);
  const auto offered = [&](const std::string& what, int from, const std::string& to) {
    return legal(g, s, seat, fmt::format("shift GER {} {} {}", from, what, to));
  };
  EXPECT_TRUE(offered("inf*5", a, std::to_string(b))) << "Command b has room for 5";
  EXPECT_FALSE(offered("inf*6", a, std::to_string(b))) << "no Command over 8 units";
  EXPECT_TRUE(offered("inf*6", a, "new")) << "the 2 Artillery stay";
  EXPECT_FALSE(offered("inf*3", b, "new")) << "a split leaves a unit behind";
  EXPECT_TRUE(offered("inf*2", b, "new"));
  EXPECT_FALSE(offered("inf*1", a, std::to_string(b))) << "one unit is written without a count";
  EXPECT_TRUE(offered("all", m, std::to_string(b)));
  EXPECT_FALSE(offered("all", m, std::to_string(a))) << "8 units there already";
  EXPECT_FALSE(offered("all", b, std::to_string(m))) << "one type's units are inf*3";
  act(g, s, GER, fmt::format("shift GER {} inf*4 {}", a, b));
  EXPECT_EQ(s.command[GER][at(a)].n[at(slot_of(kInf))], 2);
  EXPECT_EQ(s.command[GER][at(b)].n[at(slot_of(kInf))], 7);
  act(g, s, GER, fmt::format("shift GER {} all {}", m, a));
  EXPECT_EQ(units_in(s.command[GER][at(a)]), 6);
  EXPECT_EQ(s.command[GER][at(a)].n[at(slot_of(kArm))], 1);
  EXPECT_EQ(s.command[GER][at(m)].region, kNoRegion) << "Store all Command Tokens that are not being used";
}

}  // namespace
}  // namespace warroom::testing

namespace warroom::testing {
namespace {

// The quick check used when parsing reorganizations agrees with the list of legal actions.
TEST(ReorganizingCommands, TheQuickCheckAgreesWithTheLegalList) {
  const Game g = europe();
  State s = play_until(g, g.new_game(), [](const State& x) { return top(x) == StepId::Reorganize; });
  const Nation nation = step_nation(s.steps.top());
  core::ActionList legal;
  reorganize_legal(CCtx{g, s}, nation, legal);
  std::vector<core::Action> listed(legal.begin(), legal.end());
  std::sort(listed.begin(), listed.end());
  int disagree = 0;
  for (int from = 0; from <= kMaxCommandNumber; ++from)
    for (int b = 0; b < 0x80; ++b)  // the type (kWholeStack: all) and the count
      for (int to = 0; to <= kMaxCommandNumber; ++to) {
        const core::Action a = encode(ActionKind::Shift, nation, from, b, to);
        const bool in_list = std::binary_search(listed.begin(), listed.end(), a);
        if (reorganize_allows(CCtx{g, s}, decode_action(a)) != in_list && ++disagree <= 5)
          ADD_FAILURE() << g.action_to_string(s, g.seat_of(nation), a)
                        << (in_list ? " is listed but refused" : " is allowed but not listed");
      }
  EXPECT_EQ(disagree, 0);
  EXPECT_GT(legal.size(), 1u);
}

}  // namespace
}  // namespace warroom::testing

namespace warroom::testing {
namespace {

// War in Europe's seat tables; ruling 90: in the 3-player game the USSR joins seat 1 or seat 2.
TEST(WarInEurope, SeatsForTwoThreeAndFourPlayers) {
  EXPECT_EQ(europe(4).seat_name(0), "BC");
  EXPECT_EQ(europe(4).seat_name(3), "GER+ITA");
  EXPECT_EQ(europe(2).seat_name(0), "BC+USSR+US");
  EXPECT_EQ(europe(3).seat_name(0), "BC+USSR");
  EXPECT_EQ(europe(3).seat_name(1), "US");
  Options o;
  o.ussr_with_second_seat = true;
  EXPECT_EQ(europe(3, o).seat_name(0), "BC");
  EXPECT_EQ(europe(3, o).seat_name(1), "USSR+US");
  EXPECT_THROW(europe(5), core::SetupError);
}

}  // namespace
}  // namespace warroom::testing
