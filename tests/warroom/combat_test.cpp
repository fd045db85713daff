// Phase 4: Combat Operations on the engine's State (combat.cpp): the Active regions, the Order of
// Battles, the Commander, the battle module driven one die at a time with supplied dice, and the
// Battle Debrief (casualties, Landing Tags, control, Restoring Control, Stress, Medals). Design §5
// T12 (through a battle) and T15; rulings 13, 48, 50, 94, 102, 107.
#include "engine_fixture.h"

namespace warroom::testing {
namespace {

// War in Europe without any Command on the map: positions are made by hand.
State empty_europe(const Game& g) {
  State s = g.new_game();
  for (auto& pool : s.command) pool.fill(Command{});
  for (Sheet& sh : s.sheet) sh = Sheet{};
  s.turn_order = {GER, USSR, BC, US, ITA, kNoNation, kNoNation};
  return s;
}

std::vector<std::string> acting_legal_texts(const Game& g, const State& s) {
  std::vector<std::string> out;
  for (core::Seat seat = 0; seat < g.seat_count(); ++seat) {
    if (!(g.acting_seats(s) & core::seat_bit(seat))) continue;
    core::ActionList l;
    g.legal_actions(s, seat, l);
    for (core::Action a : l) out.push_back(g.action_to_string(s, seat, a));
  }
  return out;
}

// Ruling 94 (Place Hotspot Markers) and ruling 102 (a nation selects a conflict of its own forces):
// Moscow invaded by German armor is Active; GER is asked, the USSR is passed over.
TEST(Phase4OrderOfBattles, EachNationSelectsAConflictOfItsOwnForces) {
  const Game g = europe();
  State s = empty_europe(g);
  put(s, GER, 40, "R1", {{kArm, 2}});
  put(s, USSR, 40, "R2", {{kInf, 1}});
  start_phase(g, s, 4);
  ASSERT_EQ(top(s), StepId::PickRegion);
  EXPECT_EQ(step_nation(s.steps.top()), GER);
  EXPECT_TRUE(s.region[region("R1")].flags & kActive);
  EXPECT_FALSE(s.region[region("R2")].flags & kActive) << "no enemy in R2";
  EXPECT_EQ(acting_legal_texts(g, s), std::vector<std::string>{"fight GER R1"});
  EXPECT_FALSE(legal(g, s, g.seat_of(GER), "fight GER R2"));
}

// The Victory Check after a capital falls in battle: the Axis holds Great Britain; German armor
// invades an empty Moscow, the garrison's two dice miss (Garrison Forces, ruling 50), Germany takes
// the capital, 3 Medals (ruling 60), Moscow's SV in Stress to the USSR, and the Axis wins the war.
TEST(Phase4Debrief, CapturingASecondCapitalWinsTheWar) {
  const Game g = europe();
  State s = empty_europe(g);
  s.region[region("B1")].controller = GER;
  put(s, GER, 40, "R1", {{kArm, 2}});
  put(s, USSR, 40, "R2", {{kInf, 1}});
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER R1");
  Lines log(g);
  resolve(g, s, {"white", "white"}, {}, &log);
  EXPECT_NE(log.text.find("the garrison misses"), std::string::npos) << log.text;
  EXPECT_EQ(s.region[region("R1")].controller, GER);
  EXPECT_EQ(s.nation[GER].medals, 3);
  EXPECT_EQ(s.nation[USSR].stress, 7) << "Apply Stress: the SV of the lost territory";
  start_phase(g, s, 8);
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Terminal);
  EXPECT_EQ(s.winner, kAxisWin);
}

// Battle Debrief 4 (Reorganizing Commands, "Phase 4: Only during Battle Debrief and within the
// Active region"): the surviving stacks may split and merge there, nowhere else; an Air Command split
// off keeps its Landing Tag.
TEST(Phase4Debrief, BattleDebrief4_ReorganizingIsOfferedWithinTheActiveRegionOnly) {
  const Game g = europe();
  State s = empty_europe(g);
  put(s, GER, 40, "R1", {{kArm, 2}});
  put(s, GER, 41, "R1", {{kInf, 1}});
  put(s, GER, 42, "G1", {{kInf, 2}});
  put(s, GER, 20, "R1", {{kFtr, 2}});
  put(s, USSR, 40, "R2", {{kInf, 1}});
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER R1");
  while (top(s) != StepId::Reorganize) {
    ASSERT_TRUE(in_battle(s)) << g.phase_text(s);
    if (g.node_kind(s) == core::NodeKind::Chance) {
      chance(g, s, "die white");
      continue;
    }
    core::ActionList l;
    g.legal_actions(s, g.seat_of(step_nation(s.steps.top())), l);
    g.apply(s, g.seat_of(step_nation(s.steps.top())), l[0], nullptr);
  }
  EXPECT_EQ(step_nation(s.steps.top()), GER);
  EXPECT_EQ(s.steps.top().as<step::Reorganize>().window, kReorganizeDebrief);
  const std::vector<std::string> list = acting_legal_texts(g, s);
  const std::set<std::string> offered(list.begin(), list.end());
  EXPECT_TRUE(offered.count("shift GER 41 inf 40")) << "merging within the Active region";
  EXPECT_TRUE(offered.count("shift GER 20 ftr new")) << "splitting within the Active region";
  for (const std::string& text : offered)
    EXPECT_EQ(text.find("shift GER 42 "), std::string::npos) << text << ": G1 is not the Active region";
  EXPECT_FALSE(legal(g, s, g.seat_of(GER), "shift GER 42 inf new")) << "refused outside the Active region";
  act(g, s, GER, "shift GER 20 ftr new");
  int air = 0;
  for (int number = 1; number <= kMaxCommandNumber; ++number) {
    const Command& cmd = s.command[GER][at(number)];
    if (cmd.region != region("R1") || command_category(*data(), GER, number) != Category::Air) continue;
    EXPECT_TRUE(cmd.flags & kLandingTag) << "Command " << number;
    ++air;
  }
  EXPECT_EQ(air, 2) << "the fighters in two Air Commands";
  act(g, s, GER, "done GER");
  EXPECT_NE(top(s), StepId::Reorganize) << "one window per nation";
}

// Garrison Forces: a matching pair eliminates one invader outright; with invaders left the territory
// is still captured.
TEST(Phase4Debrief, AGarrisonPairEliminatesOneInvader) {
  const Game g = europe();
  State s = empty_europe(g);
  put(s, GER, 40, "R1", {{kArm, 2}});
  put(s, USSR, 40, "R2", {{kInf, 1}});
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER R1");
  resolve(g, s, {"green", "black"});
  EXPECT_EQ(s.command[GER][40].n[at(slot_of(kArm))], 1);
  EXPECT_EQ(s.nation[GER].casualties[UnitKind::Arm], 1) << "moved to the Casualty List";
  EXPECT_EQ(s.region[region("R1")].controller, GER);
}

// T12 through a battle (Phase 6 › Convert Casualties into Stress): a battleship, a cruiser and a
// bomber lost in Phase 4 are 36 Casualty Points, 2 Stress in Phase 6.
TEST(Phase4Debrief, T12_CasualtiesOfABattleBecomeStressInPhase6) {
  const Game g = europe();
  State s = empty_europe(g);
  put(s, BC, 5, "A-5", {{kBb, 1}, {kCa, 1}});
  put(s, BC, 20, "A-5", {{kBmb, 1}});
  put(s, GER, 40, "G1", {{kInf, 1}});
  put(s, USSR, 40, "R1", {{kInf, 1}});
  put(s, GER, 20, "A-5", {{kFtr, 4}});
  put(s, GER, 5, "A-5", {{kSub, 4}});
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER A-5");
  // Whatever the stances, enough hits sink all three BC units: every die black (a hit on anything);
  // every repair is declined, so damaged units are scrapped (Option to Repair).
  fight_through(g, s, std::vector<std::string>(60, "black"), {"scrap"});
  EXPECT_EQ(s.nation[BC].casualties[UnitKind::Bb], 1);
  EXPECT_EQ(s.nation[BC].casualties[UnitKind::Ca], 1);
  EXPECT_EQ(s.nation[BC].casualties[UnitKind::Bmb], 1);
  EXPECT_EQ(units_of(s, BC), 0);
  EXPECT_EQ(casualty_points(g.data(), s.nation[BC]), 36);
  s.nation[BC].stress = 0;
  Ctx c{g, s, nullptr};
  convert_casualties(c);
  EXPECT_EQ(s.nation[BC].stress, 2);
}

// Tag Air Commands: air units that fought must land in Phase 5 Step 1.
TEST(Phase4Debrief, AirUnitsThatFoughtGetLandingTags) {
  const Game g = europe();
  State s = empty_europe(g);
  put(s, GER, 20, "G2", {{kFtr, 1}});
  put(s, BC, 40, "G2", {{kInf, 1}});
  put(s, GER, 40, "G1", {{kInf, 1}});
  put(s, USSR, 40, "R1", {{kInf, 1}});
  start_phase(g, s, 4);
  ASSERT_EQ(top(s), StepId::PickRegion);
  act(g, s, step_nation(s.steps.top()), fmt::format("fight {} G2", g.nation_name(step_nation(s.steps.top()))));
  resolve_all(g, s, "white");
  EXPECT_TRUE(s.command[GER][20].flags & kLandingTag);
  EXPECT_EQ(s.region[region("G2")].controller, BC) << "the British infantry took France";
}

// Ruling 48: the participating nation earliest in turn order commands, and may hand over command to
// a participating ally.
TEST(Phase4BattleSetup, TheEarliestNationCommandsAndMayHandOver) {
  const Game g = europe();
  State s = empty_europe(g);
  put(s, GER, 40, "R2", {{kInf, 1}});
  put(s, ITA, 40, "R2", {{kInf, 1}});
  put(s, USSR, 40, "R2", {{kInf, 1}});
  put(s, USSR, 41, "R1", {{kInf, 1}});
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER R2");
  ASSERT_EQ(top(s), StepId::HandOver);
  EXPECT_EQ(step_nation(s.steps.top()), GER);
  const auto options = acting_legal_texts(g, s);
  EXPECT_EQ(options, (std::vector<std::string>{"command GER GER", "command GER ITA"}));
  act(g, s, GER, "command GER ITA");
  EXPECT_EQ(s.fight.commander[1], ITA);
}

// T15, Battle Debrief › Restoring Control: the BC takes France from Germany; the US entering France
// later does not take it from the BC (no Hotspot between allies). A BC original territory retaken by
// the US goes back to the BC, unless the BC is in the Gray Zone.
TEST(Phase4Debrief, T15_RestoringControl) {
  const Game g = europe();
  State s = empty_europe(g);
  put(s, BC, 40, "G2", {{kInf, 2}});
  put(s, GER, 40, "G1", {{kInf, 1}});
  put(s, USSR, 40, "R1", {{kInf, 1}});
  start_phase(g, s, 4);
  act(g, s, BC, "fight BC G2");
  resolve(g, s, {"white", "white"});
  EXPECT_EQ(s.region[region("G2")].controller, BC);
  EXPECT_EQ(s.nation[BC].medals, 1);

  put(s, US, 40, "G2", {{kInf, 1}});
  start_phase(g, s, 4);
  EXPECT_FALSE(s.region[region("G2")].flags & kActive) << "a Nation may never attack an ally";
  EXPECT_EQ(s.region[region("G2")].controller, BC);

  for (const bool gray : {false, true}) {
    State t = empty_europe(g);
    t.region[region("B6")].controller = GER;
    if (gray) t.nation[BC].zone = kGray;
    put(t, US, 40, "B6", {{kInf, 1}});
    put(t, GER, 40, "G1", {{kInf, 1}});
    start_phase(g, t, 4);
    act(g, t, US, "fight US B6");
    resolve(g, t, {"white", "white"});
    EXPECT_EQ(t.region[region("B6")].controller, gray ? US : BC)
        << (gray ? "the BC is in the Gray Zone" : "restored to its original controller");
    EXPECT_EQ(t.nation[US].medals, 1) << "the Medal goes to a participant even when the territory is restored";
  }
}

// Ruling 13: a Collapsed nation's territory is taken without a garrison; an ally earns no Medal.
TEST(Phase4Debrief, ACollapsedNationsTerritoryIsTakenWithoutDice) {
  const Game g = europe();
  State s = empty_europe(g);
  s.nation[ITA].collapsed = true;
  put(s, GER, 40, "I1", {{kInf, 1}});
  put(s, USSR, 40, "R1", {{kInf, 1}});
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER I1");
  resolve(g, s, {});
  EXPECT_EQ(s.region[region("I1")].controller, GER);
  EXPECT_EQ(s.nation[GER].medals, 0);
}

// Phase 4 › the dice are chance nodes, one die each, with the d12's colours: 4, 3, 2, 1, 1, 1 of 12.
TEST(Phase4Dice, EachDieIsAChanceNodeWithTheColoursOfTheD12) {
  const Game g = europe();
  State s = empty_europe(g);
  put(s, GER, 40, "R1", {{kArm, 2}});
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER R1");
  while (top(s) == StepId::BattleChoice) {
    core::ActionList l;
    g.legal_actions(s, g.seat_of(step_nation(s.steps.top())), l);
    g.apply(s, g.seat_of(step_nation(s.steps.top())), l[0], nullptr);
  }
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Chance);
  core::OutcomeList out;
  g.chance_outcomes(s, out);
  ASSERT_EQ(out.size(), 6u);
  EXPECT_EQ(g.action_to_string(s, core::kChance, out[0].action), "die yellow");
  EXPECT_DOUBLE_EQ(out[0].probability, 4 / 12.0);
  EXPECT_EQ(g.action_to_string(s, core::kChance, out[5].action), "die white");
  EXPECT_FALSE(g.action_from_string(s, core::kChance, "die purple").has_value());
  // The view shows the Battle Status Board (for clients) and the Hotspots.
  const nlohmann::json v = g.view_json(g.observe(s, 0), 0);
  ASSERT_TRUE(v["battle"].is_object());
  EXPECT_EQ(v["battle"]["region"], "R1");
  EXPECT_EQ(v["battle"]["sides"][1]["commander"], "GER");
  EXPECT_EQ(v["battle"]["sides"][0]["commander"], "USSR") << "the garrison's controller";
  EXPECT_EQ(v["battle"]["sides"][1]["rows"][0]["unit"], "arm");
  const std::string board = g.board_text(g.observe(s, 0), 0);
  EXPECT_NE(board.find("Battle in R1 Moscow:"), std::string::npos) << board;
  EXPECT_NE(board.find("Axis (Commander GER)"), std::string::npos) << board;
  EXPECT_NE(g.phase_text(s).find("a die"), std::string::npos) << g.phase_text(s);
}

// Ruling 103 (Attacking Standard Neutrals): Germany enters Spain; 1 Stress at once (the first time
// only); the Allied nation earliest in turn order takes the defence force and the card, and may hand
// them to an ally; Spain is then an Active region, to be fought in Phase 4.
TEST(Neutrals, Ruling103_TheDefendingAllianceTakesTheDefenceForce) {
  const Game g = europe();
  State s = empty_europe(g);
  put(s, GER, 40, "G2", {{kArm, 3}});
  put(s, USSR, 40, "R1", {{kInf, 1}});
  s.sheet[GER].box[0] = {40, region("N9"), kWritten};
  start_phase(g, s, 3);
  ASSERT_EQ(top(s), StepId::MovementTurn);
  act(g, s, GER, "move GER 1 N9");
  EXPECT_EQ(s.nation[GER].stress, 1) << "1 Stress upon entering it";
  ASSERT_EQ(top(s), StepId::NeutralDefence);
  EXPECT_EQ(step_nation(s.steps.top()), USSR) << "the defending alliance's nation earliest in turn order";
  EXPECT_EQ(s.region[region("N9")].controller, USSR) << "placed at once: the force pins the invader's later moves";
  act(g, s, USSR, "defend USSR BC");
  EXPECT_EQ(s.region[region("N9")].controller, BC);
  EXPECT_EQ(units_of(s, BC), 9) << "Spain: 6 infantry, 2 artillery, 1 fighter";
  EXPECT_EQ(units_of(s, USSR), 1);
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::PickRegion; });
  EXPECT_TRUE(s.region[region("N9")].flags & kActive);
}

// Ruling 76 (Gray Zone note): the last land unit of the controller deserts an Embattled territory:
// its air units there are captured, the enemy takes the territory at once, with Stress and Medals.
TEST(MassDesertion, Ruling76_TheLastLandUnitDesertsAnEmbattledTerritory) {
  const Game g = europe();
  State s = empty_europe(g);
  put(s, GER, 40, "G2", {{kInf, 1}});
  put(s, GER, 20, "G2", {{kFtr, 1}});
  put(s, GER, 41, "G1", {{kInf, 1}});
  put(s, BC, 40, "G2", {{kInf, 2}});
  s.nation[GER].zone = kGray;
  s.steps.clear();
  s.steps.push(step::Phase{7});
  s.steps.push(step::Desert{GER, 1});
  const int stress = s.nation[GER].stress;
  act(g, s, GER, "desert GER 40 inf");
  EXPECT_EQ(s.region[region("G2")].controller, BC);
  EXPECT_EQ(s.command[GER][20].region, kNoRegion) << "Air Units are captured";
  EXPECT_EQ(s.nation[GER].casualties[UnitKind::Ftr], 1);
  EXPECT_EQ(s.nation[GER].stress, stress + 4) << "France's SV";
  EXPECT_EQ(s.nation[BC].medals, 1);
}

// Raids › Identifying and Resolving Convoy Raids (rulings 55-58): a German submarine alone with the
// North Atlantic convoy (US flag, both ends Allied) rolls 1 die; red sinks its oil ship: the US loses
// 1 oil. With a US cruiser there, no raid happens, even after the battle (ruling 55).
TEST(Phase4Raids, ConvoyRaidWithoutDefendersAndNoneWithThem) {
  const Game g = europe();
  for (const bool defended : {false, true}) {
    State s = empty_europe(g);
    put(s, GER, 5, "A-9", {{kSub, 1}});
    put(s, GER, 40, "G1", {{kInf, 1}});
    put(s, US, 40, "U1", {{kInf, 1}});
    if (defended) put(s, US, 5, "A-9", {{kCa, 1}});
    s.nation[US].res = {5, 5, 5};
    start_phase(g, s, 4);
    EXPECT_EQ((s.region[region("A-9")].flags & kRaidOk) != 0, !defended);
    act(g, s, GER, "fight GER A-9");
    if (!defended) {
      resolve(g, s, {"red"});
      EXPECT_EQ(s.nation[US].res, (std::array<std::int32_t, kResources>{4, 5, 5}));
    } else {
      resolve_all(g, s, "white");  // nobody hits: the cruiser survives, and no raid follows
      EXPECT_EQ(s.nation[US].res, (std::array<std::int32_t, kResources>{5, 5, 5}));
    }
  }
}

int dice_rolled(const core::LogBuffer& log) {
  int n = 0;
  for (const core::LogEntry& e : log.entries()) n += e.event == kEvDie;
  return n;
}

// Phase 4 › Raids › Resolving Convoy Raids: "The raiding Nation may target one Convoy cluster per
// raiding Command in the region and rolls 1 die per Air or Naval Unit present ... in the raiding
// Command"; Carrier Fighter Tokens "don't require Command Tokens" (Game Components; ruling 37). A
// lone German token in A-8 beside the British coastal convoy raids nothing; a German submarine
// Command with the token rolls 1 die, not 2.
TEST(Phase4Raids, ResolvingConvoyRaids_ACarrierFighterTokenNeverRaids) {
  const Game g = europe();
  State s = empty_europe(g);
  put(s, GER, 40, "G1", {{kInf, 1}});
  put(s, BC, 40, "B1", {{kInf, 1}});
  s.nation[BC].res = {5, 5, 5};
  s.fighter_tokens.add(GER, region("A-8"), 1);
  State lone = s;
  core::LogBuffer quiet;
  Ctx c{g, lone, &quiet};
  begin_combat(c);
  EXPECT_FALSE(lone.region[region("A-8")].flags & (kActive | kRaidOk)) << "no raiding Command: no Hotspot";
  put(s, GER, 5, "A-8", {{kSub, 1}});
  start_phase(g, s, 4);
  ASSERT_TRUE(s.region[region("A-8")].flags & kRaidOk);
  core::LogBuffer log;
  act(g, s, GER, "fight GER A-8", &log);
  EXPECT_EQ(fight_through(g, s, {"blue"}, {}, &log), 1u);
  EXPECT_EQ(dice_rolled(log), 1) << "1 die for the submarine, none for the token";
  EXPECT_EQ(s.nation[BC].res, (std::array<std::int32_t, kResources>{5, 4, 5})) << "blue sinks the iron ship of the cluster";
}

// Phase 4 › Battle Debrief › 1-2: a damaged Carrier Fighter Token is repaired for 1 resource or
// eliminated, and an eliminated token goes to the Casualty List as a fighter (ruling 37), so that
// Phase 6 converts it (Convert Casualties into Stress).
TEST(Phase4Debrief, BattleDebrief1_ADamagedCarrierFighterTokenIsPaidForOrGoesToTheCasualtyList) {
  const Game g = europe();
  for (const bool pay : {true, false}) {
    State s = empty_europe(g);
    put(s, GER, 40, "G1", {{kInf, 1}});
    put(s, BC, 40, "B1", {{kInf, 1}});
    put(s, BC, 20, "A-8", {{kFtr, 1}});
    s.fighter_tokens.add(GER, region("A-8"), 1);
    s.nation[GER].res = {0, 3, 0};
    start_phase(g, s, 4);
    Lines log(g);
    act(g, s, GER, "fight GER A-8", &log);
    // Germany rolls first (turn order): its token's 3 intercept dice miss; the British fighter's green
    // damages the token, its yellows find no yellow aircraft. Nothing rolls in the Surface stage.
    EXPECT_EQ(fight_through(g, s, {"white", "white", "white", "green", "yellow", "yellow"},
                            {"intercept 1", pay ? "battle GER repair GER cf intercept iron" : "battle GER scrap GER cf"}, &log),
              6u);
    EXPECT_EQ(s.nation[GER].res[kIron], pay ? 2 : 3) << "1 resource per damaged Unit\n" << log.text;
    EXPECT_EQ(s.nation[GER].casualties[UnitKind::Ftr], pay ? 0 : 1) << "a declined repair sends the token to the Casualty List";
  }
}

// Phase 4 › Raids › Strategic Bombing Raids: "A territory can't lose more total resources of each type
// than it currently produces (taking flipped Territory Card status into account)"; the card flips in
// the Battle Debrief (Update Territory Status). German infantry invading Moscow (2 iron; 1 on its
// Embattled side) this round, with a bomber: Moscow's card is still face up, so two blue dice destroy
// 2 iron. Had Moscow been Embattled since last round, its flipped card caps the loss at 1.
TEST(Phase4Raids, StrategicBombingRaids_TheCapReadsTheCardAsItLiesNow) {
  const Game g = europe();
  for (const bool embattled_before : {false, true}) {
    SCOPED_TRACE(embattled_before ? "Embattled since last round" : "invaded this round");
    State s = empty_europe(g);
    put(s, USSR, 40, "R1", {{kInf, 1}});
    put(s, GER, 40, "R1", {{kInf, 1}});
    put(s, GER, 20, "R1", {{kBmb, 1}});
    s.nation[USSR].res = {5, 5, 5};
    if (embattled_before) s.region[region("R1")].flags |= kCardEmbattled;  // flipped at last round's Debrief
    start_phase(g, s, 4);
    EXPECT_EQ(card_embattled(CCtx{g, s}, region("R1")), embattled_before);
    Lines log(g);
    act(g, s, GER, "fight GER R1", &log);
    EXPECT_EQ(fight_through(g, s, {"blue", "blue", "white", "white"}, {"strategic-bombing 1", "defensive 1", "iron"}, &log), 4u);
    EXPECT_EQ(s.nation[USSR].res[kIron], embattled_before ? 4 : 3) << log.text;
    EXPECT_TRUE(card_embattled(CCtx{g, s}, region("R1"))) << "both infantry remain: the Debrief flips the card";
  }
}

// Phase 4 › Raids › Strategic Bombing Raids: the raid takes the resources of the territory's
// controller, also when only its allies' units defend it. A British bomber and infantry invade France,
// Germany's, held by Italian infantry alone: Italy commands the defence and Germany, with no unit
// there, is still the side the raid is against; two blue dice destroy 2 of Germany's iron. (Such a
// raid once stopped the sanitizer build at a broken precondition and, in a release build, was fought
// on a battle board left half set up.)
TEST(Phase4Raids, StrategicBombingRaids_TheControllerLosesResourcesWhenOnlyItsAlliesDefend) {
  const Game g = europe();
  State s = empty_europe(g);
  put(s, GER, 40, "G1", {{kInf, 1}});
  put(s, ITA, 40, "G2", {{kInf, 1}});
  put(s, BC, 40, "G2", {{kInf, 1}});
  put(s, BC, 20, "G2", {{kBmb, 1}});
  s.nation[GER].res = {5, 5, 5};
  start_phase(g, s, 4);
  Lines log(g);
  act(g, s, BC, "fight BC G2", &log);
  ASSERT_TRUE(in_battle(s)) << log.text;
  EXPECT_EQ(s.fight.commander[1], ITA) << "Italy's units alone defend: Italy commands the Axis side";
  EXPECT_EQ(fight_through(g, s, {"blue", "blue"}, {"strategic-bombing 1", "iron"}, &log), 2u);
  EXPECT_EQ(s.nation[GER].res[kIron], 4) << log.text;
  EXPECT_NE(log.text.find("Germany loses 1 iron"), std::string::npos) << log.text;
  EXPECT_EQ(s.nation[ITA].res, g.new_game().nation[ITA].res) << "Italy's resources are not the raid's";
}

// Phase 4 › Battle Debrief › 1. Assess Unit Status and Pay for Repairs, and Raids › Strategic Bombing
// Raids: a repair is a payment ("pay 1 resource (any type) per damaged Unit"), what bombing destroys a
// loss, each logged as its own event under its own heading (one line "Soviet Union loses 1 iron, 1
// OSR" under "Pay for Repairs; Strategic Bombing Raids" read as bombing damage: play-test of 5
// December, evening, finding 11). German infantry and a bomber attack Moscow: the bomber's four dice,
// two blue and two white, destroy 2 Soviet iron; each infantry damages the other (yellow); Germany
// repairs its own for 1 oil, the Soviet Union its own for 1 OSR.
TEST(Phase4Debrief, BattleDebrief1_RepairsArePaidAndStrategicBombingRaidsLost_EachItsOwnEvent) {
  const Game g = europe();
  State s = empty_europe(g);
  put(s, USSR, 40, "R1", {{kInf, 1}});
  put(s, GER, 40, "R1", {{kInf, 1}});
  put(s, GER, 20, "R1", {{kBmb, 1}});
  s.nation[USSR].res = {5, 5, 5};
  s.nation[GER].res = {5, 5, 5};
  start_phase(g, s, 4);
  core::LogBuffer log;
  act(g, s, GER, "fight GER R1", &log);
  EXPECT_EQ(fight_through(g, s, {"blue", "blue", "white", "white", "yellow", "yellow"},
                          {"strategic-bombing 1", "defensive 1", "battle GER repair GER inf defensive oil",
                           "battle USSR repair USSR inf defensive osr"},
                          &log),
            6u);
  EXPECT_EQ(s.nation[GER].res, (std::array<std::int32_t, kResources>{4, 5, 5}));
  EXPECT_EQ(s.nation[USSR].res, (std::array<std::int32_t, kResources>{5, 3, 4}));
  std::vector<nlohmann::json> paid, lost;
  std::string text;
  for (const core::LogEntry& e : log.entries()) {
    text += g.describe(e) + "\n";
    if (e.event == static_cast<std::uint16_t>(Event::RepairsPaid)) paid.push_back(g.log_json(e));
    if (e.event == static_cast<std::uint16_t>(Event::ResourcesLost)) lost.push_back(g.log_json(e));
  }
  const std::string repairs = "Phase 4 > Battle Debrief > 1. Assess Unit Status and Pay for Repairs";
  const std::string bombing = "Phase 4 > Raids > Strategic Bombing Raids";
  ASSERT_EQ(paid.size(), 2u) << text;
  EXPECT_EQ(paid[0],
            (nlohmann::json{{"rule", repairs}, {"event", "repairs_paid"}, {"nation", "USSR"}, {"oil", 0}, {"iron", 0}, {"osr", 1}}));
  EXPECT_EQ(paid[1],
            (nlohmann::json{{"rule", repairs}, {"event", "repairs_paid"}, {"nation", "GER"}, {"oil", 1}, {"iron", 0}, {"osr", 0}}));
  ASSERT_EQ(lost.size(), 1u) << "bombing took only the Soviet iron\n" << text;
  EXPECT_EQ(lost[0],
            (nlohmann::json{{"rule", bombing}, {"event", "resources_lost"}, {"nation", "USSR"}, {"oil", 0}, {"iron", 2}, {"osr", 0}}));
  EXPECT_NE(text.find(repairs + ": Soviet Union pays 1 OSR to repair 1 unit\n"), std::string::npos) << text;
  EXPECT_NE(text.find(repairs + ": Germany pays 1 oil to repair 1 unit\n"), std::string::npos) << text;
  EXPECT_NE(text.find(bombing + ": Soviet Union loses 2 iron\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("Germany loses"), std::string::npos) << "Germany lost nothing to bombing\n" << text;
}

// Phase 6 › Stress Zone Penalties › Yellow Zone: "Ports controlled by the Nation no longer provide
// Port Advantage". A British cruiser and a German submarine meet in the Channel (A-8), where Great
// Britain and France have ports: each side has Port Advantage, until its nation is in the Yellow Zone.
TEST(Phase6StressZonePenalties, YellowZone_PortsNoLongerProvidePortAdvantage) {
  const Game g = europe();
  for (const bool yellow : {false, true}) {
    State s = empty_europe(g);
    put(s, GER, 40, "G1", {{kInf, 1}});
    put(s, BC, 40, "B1", {{kInf, 1}});
    put(s, BC, 5, "A-8", {{kCa, 1}});
    put(s, GER, 5, "A-8", {{kSub, 1}});
    if (yellow) s.nation[BC].zone = kYellow;
    start_phase(g, s, 4);
    act(g, s, GER, "fight GER A-8");
    ASSERT_TRUE(in_battle(s));
    EXPECT_EQ(s.battle.port_advantage[0], !yellow) << "the Allies (Great Britain's ports)";
    EXPECT_TRUE(s.battle.port_advantage[1]) << "the Axis (France's port)";
  }
}

}  // namespace
}  // namespace warroom::testing
