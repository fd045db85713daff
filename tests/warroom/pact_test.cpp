// The Soviet-Japanese Non-Aggression Pact on the Global War map, each article with a hand-made
// position (design §5, T16 and T17; rulings 27, 61, 66-68). R15 Soviet Far East and R14 Buryatia
// are Soviet; J2 Korea and J3 Manchuria Japanese; C6 Shensi Chinese.
#include "theater_fixture.h"

namespace warroom::testing {
namespace {

State pact_position(const Game& g) {
  State s = empty_map(g);
  EXPECT_TRUE(pact_in_force(CCtx{g, s})) << "Global War: 'Unless otherwise stated, the ... Pact is in effect'";
  return s;
}

// `ally`'s Commands 35 and 36 (1 infantry each) stand in `from`; box 1 sends the 35th `into`, box 2
// the 36th to `other`; box 1 is executed.
State ally_executes(const Game& g, Nation ally, const char* from, const char* into, const char* other) {
  State s = pact_position(g);
  put(s, ally, 35, from, {{kInf, 1}});
  put(s, ally, 36, from, {{kInf, 1}});
  movement_turn(g, s, ally, {{35, into}, {36, other}});
  act(g, s, ally, "move " + g.nation_name(ally) + " 1 " + into);
  return s;
}

// T16, refused: "the United States may not attack a Japanese-controlled territory from a
// Soviet-controlled territory" without permission; the USSR seat is asked as the order executes.
TEST(SovietJapanesePact, ArticleTwo_T16_TheUssrRefusesAndTheUsOrderIsCancelled) {
  const Game g = global_war();
  State s = ally_executes(g, US, "R15", "J2", "R14");
  ASSERT_EQ(top(s), StepId::PactPermission);
  EXPECT_EQ(g.acting_seats(s), core::seat_bit(g.seat_of(USSR))) << "the USSR seat is asked, not the US one";
  EXPECT_EQ(legal_texts(g, s, USSR), (std::set<std::string>{"permit USSR", "refuse USSR"}));
  EXPECT_EQ(s.command[US][35].region, region("R15")) << "the order waits for the answer";
  act(g, s, USSR, "refuse USSR");
  EXPECT_EQ(s.sheet[US].box[0].status, kCancelled);
  EXPECT_EQ(s.command[US][35].region, region("R15"));
  EXPECT_TRUE(pact_in_force(CCtx{g, s}));
  EXPECT_EQ(s.nation[USSR].stress, 0);
  EXPECT_EQ(s.nation[US].stress, 0);
  ASSERT_EQ(top(s), StepId::MovementTurn) << "the US goes on with box 2";
  EXPECT_EQ(step_nation(s.steps.top()), US);
}

// T16, permitted, and T17: the permitting party offends.
TEST(SovietJapanesePact, ArticleFour_T17_ThePermittingPartyOffends) {
  const Game g = global_war();
  State s = ally_executes(g, US, "R15", "J2", "R14");
  act(g, s, USSR, "permit USSR");
  EXPECT_EQ(s.command[US][35].region, region("J2")) << "the US order executes";
  EXPECT_EQ(s.sheet[US].box[0].status, kExecuted);
  EXPECT_FALSE(pact_in_force(CCtx{g, s}));
  EXPECT_EQ(s.pact.offender, USSR);
  EXPECT_EQ(s.nation[USSR].stress, 5) << "the offending party receives 5 Stress Tokens";
  EXPECT_EQ(s.nation[US].stress, 0) << "the ally takes none";
  // "No Medals are given to a party for territories captured from the other party during the entire
  // round (unless it is liberation of its own original territories)" (ruling 61).
  const CCtx c{g, s};
  EXPECT_TRUE(pact_denies_medal(c, USSR, region("J2"), JPN));
  EXPECT_TRUE(pact_denies_medal(c, JPN, region("R15"), USSR));
  EXPECT_FALSE(pact_denies_medal(c, USSR, region("R18"), JPN)) << "Soviet Sakhalin is the USSR's own";
  EXPECT_FALSE(pact_denies_medal(c, US, region("J2"), JPN)) << "the US still earns Medals";
  EXPECT_FALSE(pact_denies_medal(c, USSR, region("G1"), GER));
  State next = s;
  ++next.round;
  EXPECT_FALSE(pact_denies_medal(CCtx{g, next}, USSR, region("J2"), JPN)) << "no penalty in later rounds";
  // "Once broken, the pact remains broken and there are no further penalties".
  Ctx w{g, s, nullptr};
  pact_break(w, JPN, 1);
  EXPECT_EQ(s.nation[JPN].stress, 0);
  EXPECT_EQ(s.pact.offender, USSR);
}

// Article Four in play (T17, ruling 61): in the round the USSR permitted the US attack on Korea, the
// Medal for Korea, taken by the US and the USSR together, goes to the US alone; Karafuto, taken by
// the USSR alone, gives no Medal; Soviet Sakhalin, the USSR's own, liberated from Japan, gives one.
// Each territory is empty, and the garrison's two white dice miss (Garrison Forces).
TEST(SovietJapanesePact, ArticleFour_NoMedalToAPartyForTheOthersTerritoryThatRound) {
  const Game g = global_war();
  State s = ally_executes(g, US, "R15", "J2", "R14");
  act(g, s, USSR, "permit USSR");
  put(s, USSR, 40, "J2", {{kInf, 1}});
  put(s, USSR, 41, "J7", {{kInf, 1}});
  put(s, USSR, 42, "R18", {{kInf, 1}});
  s.region[region("R18")].controller = JPN;
  s.turn_order = {US, USSR, kNoNation, kNoNation, kNoNation, kNoNation, kNoNation};
  start_phase(g, s, 4);
  Lines log(g);
  act(g, s, US, "fight US J2", &log);
  resolve(g, s, {"white", "white"}, {}, &log);
  EXPECT_EQ(s.nation[US].medals, 1) << log.text;
  EXPECT_EQ(s.nation[USSR].medals, 0) << log.text;
  EXPECT_NE(
      log.text.find("Article Four: Soviet Union gains no Medal for " + data()->region(region("J2")).name + ", taken from Imperial Japan"),
      std::string::npos)
      << log.text;
  act(g, s, USSR, "fight USSR J7", &log);
  resolve(g, s, {"white", "white"}, {}, &log);
  EXPECT_EQ(s.region[region("J7")].controller, USSR);
  EXPECT_EQ(s.nation[USSR].medals, 0) << "no Medal for Karafuto";
  act(g, s, USSR, "fight USSR R18", &log);
  resolve(g, s, {"white", "white"}, {}, &log);
  EXPECT_EQ(s.region[region("R18")].controller, USSR);
  EXPECT_EQ(s.nation[USSR].medals, 1) << "liberation of its own original territory";
  // "there are no further penalties in subsequent rounds"
  State next = s;
  ++next.round;
  put(next, USSR, 43, "J8", {{kInf, 1}});
  next.turn_order = {USSR, kNoNation, kNoNation, kNoNation, kNoNation, kNoNation, kNoNation};
  start_phase(g, next, 4);
  act(g, next, USSR, "fight USSR J8");
  resolve(g, next, {"white", "white"});
  EXPECT_EQ(next.nation[USSR].medals, 2) << "the Kuriles' Medal, a round later";
}

// Article Two for the Axis: Germany from Japanese soil into Soviet territory asks Japan.
TEST(SovietJapanesePact, ArticleTwo_AnAxisAllyAsksJapan) {
  const Game g = global_war();
  State s = ally_executes(g, GER, "J3", "R14", "J4");
  ASSERT_EQ(top(s), StepId::PactPermission);
  EXPECT_EQ(g.acting_seats(s), core::seat_bit(g.seat_of(JPN)));
  act(g, s, JPN, "permit JPN");
  EXPECT_EQ(s.nation[JPN].stress, 5);
  EXPECT_EQ(s.nation[GER].stress, 0);
  EXPECT_EQ(s.command[GER][35].region, region("R14"));
}

// Article Two binds only orders "originating a territory controlled by" the party.
TEST(SovietJapanesePact, ArticleTwo_AnAllyFromAnotherTerritoryNeedsNoPermission) {
  const Game g = global_war();
  State s = ally_executes(g, US, "C6", "J4", "C1");  // from Chinese Shensi into Peiping
  EXPECT_EQ(top(s), StepId::MovementTurn);
  EXPECT_EQ(s.command[US][35].region, region("J4"));
  EXPECT_TRUE(pact_in_force(CCtx{g, s}));
}

// Article One: "Neither party may enter or pass through territories controlled by the other"; a
// party's own order breaks it when executed, nobody is asked (ruling 66).
TEST(SovietJapanesePact, ArticleOne_APartysOwnOrderBreaksThePactOnExecution) {
  const Game g = global_war();
  State s = pact_position(g);
  put(s, USSR, 40, "R15", {{kInf, 2}});
  put(s, USSR, 41, "R15", {{kInf, 1}});
  movement_turn(g, s, USSR, {{40, "J3"}, {41, "R14"}});
  core::LogBuffer log;
  act(g, s, USSR, "move USSR 1 J3", &log);
  EXPECT_EQ(top(s), StepId::MovementTurn);
  EXPECT_EQ(s.command[USSR][40].region, region("J3"));
  EXPECT_EQ(s.pact.status, kPactBroken);
  EXPECT_EQ(s.pact.offender, USSR);
  EXPECT_EQ(s.pact.broken_round, s.round);
  EXPECT_EQ(s.nation[USSR].stress, 5);
  bool logged = false;
  for (const core::LogEntry& e : log.entries()) logged |= static_cast<Event>(e.event) == Event::PactBroken;
  EXPECT_TRUE(logged);
}

TEST(SovietJapanesePact, ArticleOne_JapanEnteringSovietTerritoryOffends) {
  const Game g = global_war();
  State s = pact_position(g);
  put(s, JPN, 40, "J3", {{kInf, 1}});
  movement_turn(g, s, JPN, {{40, "R14"}});
  const auto stress = s.nation[JPN].stress;
  act(g, s, JPN, "move JPN 1 R14");
  EXPECT_EQ(s.nation[JPN].stress, stress + 5);
  EXPECT_EQ(s.pact.offender, JPN);
}

// Article Three and ruling 27: the parties do not pin each other while the pact holds.
TEST(SovietJapanesePact, ArticleThree_ThePartiesDoNotPinEachOther) {
  const Game g = global_war();
  State s = pact_position(g);
  put(s, JPN, 1, "P-14", {{kCa, 1}});
  put(s, USSR, 1, "P-14", {{kSub, 1}});
  State broken = s;
  movement_turn(g, s, JPN, {{1, "P-13"}});
  EXPECT_TRUE(legal(g, s, g.seat_of(JPN), "move JPN 1 P-13"));
  act(g, s, JPN, "move JPN 1 P-13");
  EXPECT_EQ(s.command[JPN][1].region, region("P-13")) << "the whole Command leaves";
  broken.pact.status = kPactBroken;
  movement_turn(g, broken, JPN, {{1, "P-13"}});
  EXPECT_EQ(legal_texts(g, broken, JPN), (std::set<std::string>{"cancel JPN 1"})) << "pinned by the Soviet submarine";
}

// Article Three, ruling 67: "the non-controlling party must leave in the next round ... or be
// eliminated (to the Casualty List)".
TEST(SovietJapanesePact, ArticleThree_APartyLeftInTheOthersTerritoryIsEliminated) {
  const Game g = global_war();
  State s = pact_position(g);
  put(s, JPN, 40, "R15", {{kInf, 2}, {kArm, 1}});  // stayed after the USSR took R15 from a third party
  put(s, USSR, 40, "R15", {{kInf, 1}});
  put(s, JPN, 41, "J3", {{kInf, 1}});
  State broken = s;
  Ctx c{g, s, nullptr};
  pact_expel(c);
  EXPECT_EQ(s.command[JPN][40].region, kNoRegion);
  EXPECT_EQ(s.nation[JPN].casualties[UnitKind::Inf], 2);
  EXPECT_EQ(s.nation[JPN].casualties[UnitKind::Arm], 1);
  EXPECT_EQ(s.command[USSR][40].region, region("R15"));
  EXPECT_EQ(s.command[JPN][41].region, region("J3"));
  broken.pact.status = kPactBroken;  // then it is an ordinary battle
  Ctx b{g, broken, nullptr};
  pact_expel(b);
  EXPECT_EQ(broken.command[JPN][40].region, region("R15"));
}

// Ruling 68: "until either Moscow or Greater Germany is captured" -- for good.
TEST(SovietJapanesePact, TheCaptureOfMoscowOrGreaterGermanyEndsIt) {
  const Game g = global_war();
  for (const char* capital : {"R1", "G1"}) {
    State s = g.new_game();
    s.region[region(capital)].controller = std::string(capital) == "R1" ? GER : BC;
    start_phase(g, s, 8);
    EXPECT_EQ(s.pact.status, kPactEnded) << capital;
    EXPECT_FALSE(pact_in_force(CCtx{g, s}));
    s.region[region(capital)].controller = std::string(capital) == "R1" ? USSR : GER;
    start_phase(g, s, 8);
    EXPECT_EQ(s.pact.status, kPactEnded) << "retaking it does not restore the pact";
  }
  State s = g.new_game();
  start_phase(g, s, 8);
  EXPECT_TRUE(pact_in_force(CCtx{g, s}));
}

// The pact ends as soon as the capital falls in a battle, not only at the end of the round.
TEST(SovietJapanesePact, MoscowTakenInABattleEndsItAtOnce) {
  const Game g = global_war();
  State s = pact_position(g);
  put(s, GER, 40, "R1", {{kInf, 1}});
  put(s, USSR, 40, "R2", {{kInf, 1}});
  take_undefended(g, s, GER, "R1");
  EXPECT_EQ(s.region[region("R1")].controller, GER);
  EXPECT_EQ(s.pact.status, kPactEnded);
}

// Article Three: "the two parties coexist without engaging in any battles or raids against each other".
TEST(SovietJapanesePact, ArticleThree_NoBattleBetweenThePartiesAlone) {
  const Game g = global_war();
  State s = pact_position(g);
  put(s, JPN, 1, "P-14", {{kCa, 1}});
  put(s, USSR, 1, "P-14", {{kSub, 1}});
  State broken = s;
  start_phase(g, s, 4);
  EXPECT_FALSE(s.region[region("P-14")].flags & kActive);
  broken.pact.status = kPactBroken;
  start_phase(g, broken, 4);
  EXPECT_TRUE(broken.region[region("P-14")].flags & kActive);
}

// Plays the Active region being resolved with these dice (every decision the first legal one), and
// notes, for each of the pact's battles there, the nations with units in each side's rows.
std::array<std::array<NationSet, kSides>, 2> play_battles(const Game& g, State& s, const std::vector<std::string>& dice,
                                                          core::LogSink* log) {
  std::array<std::array<NationSet, kSides>, 2> rows{};
  std::size_t die = 0;
  while (in_battle(s)) {
    for (int side = 0; side < kSides; ++side)
      for (int i = 0; i < s.battle.row_count[at(side)]; ++i)
        for (Nation n : kAllNations)
          if (s.battle.rows[at(side)][at(i)].fresh[n]) rows[at(s.fight.battle_no)][at(side)].set(n);
    if (g.node_kind(s) == core::NodeKind::Chance) {
      EXPECT_LT(die, dice.size()) << "more dice than supplied";
      if (die == dice.size()) return rows;
      chance(g, s, "die " + dice[die++], log);
      continue;
    }
    core::ActionList l;
    g.legal_actions(s, g.seat_of(step_nation(s.steps.top())), l);
    g.apply(s, g.seat_of(step_nation(s.steps.top())), l[0], log);
  }
  EXPECT_EQ(die, dice.size()) << "every supplied die is rolled";
  return rows;
}

// Ruling 52 (Article Three: "They may still participate in combat against a third party, which may
// require two distinct battles"): in the Sea of Okhotsk a Soviet submarine, a Japanese cruiser, a US
// cruiser and a German submarine. In one resolution, first the USSR (earlier in turn order) and its
// ally fight their enemies except Japan; then Japan and its allies fight theirs except the USSR, with
// the survivors. The US cruiser fights twice; the two parties never fight each other.
TEST(SovietJapanesePact, Ruling52_TwoDistinctBattlesWithAThirdParty) {
  const Game g = global_war();
  State s = pact_position(g);
  put(s, USSR, 1, "P-14", {{kSub, 1}});
  put(s, JPN, 1, "P-14", {{kCa, 1}});
  put(s, US, 1, "P-14", {{kCa, 1}});
  put(s, GER, 1, "P-14", {{kSub, 1}});
  s.turn_order = {USSR, JPN, US, GER, kNoNation, kNoNation, kNoNation};
  start_phase(g, s, 4);
  ASSERT_TRUE(s.region[region("P-14")].flags & kActive);
  Lines log(g);
  act(g, s, USSR, "fight USSR P-14", &log);
  EXPECT_EQ(s.fight.left_out, (std::array<Nation, 2>{JPN, USSR})) << "the first battle leaves out the later party";
  // Battle 1, the Allied Commander (the USSR) first: 5 dice (sub 2, cruiser 2, +1 Force Advantage for
  // the cruiser); two yellows dive, then sink the German submarine; Germany's 2 dice miss. Battle 2,
  // Japan first: its 2 yellows find no yellow target (the Soviet submarine is not in this battle);
  // the US cruiser's 2 blues sink the Japanese cruiser.
  const auto rows =
      play_battles(g, s, {"yellow", "yellow", "white", "white", "white", "white", "white", "yellow", "yellow", "blue", "blue"}, &log);
  EXPECT_EQ(rows[0], (std::array<NationSet, kSides>{nation_bit(USSR) | nation_bit(US), nation_bit(GER)})) << log.text;
  EXPECT_EQ(rows[1], (std::array<NationSet, kSides>{nation_bit(US), nation_bit(JPN)})) << log.text;
  EXPECT_NE(log.text.find("Article Three: battle 1 of 2 in " + data()->region(region("P-14")).name + ", without Imperial Japan"),
            std::string::npos)
      << log.text;
  EXPECT_NE(log.text.find("Article Three: battle 2 of 2 in " + data()->region(region("P-14")).name + ", without Soviet Union"),
            std::string::npos)
      << log.text;
  EXPECT_EQ(s.nation[GER].casualties[type_at(kSub)], 1);
  EXPECT_EQ(s.nation[JPN].casualties[type_at(kCa)], 1);
  EXPECT_EQ(s.nation[USSR].casualties, (UnitTypeArray<std::uint16_t>{})) << "no Japanese die can hit the Soviet submarine";
  EXPECT_EQ(s.command[USSR][1].n[at(slot_of(kSub))], 1);
  EXPECT_EQ(s.command[US][1].n[at(slot_of(kCa))], 1) << "the US cruiser survives both battles";
  EXPECT_FALSE(s.region[region("P-14")].flags & kActive) << "one resolution: the region is addressed once";
}

// Article Three with Neutrals (rulings.md 24): the USSR invades Turkey while the pact holds; the
// Axis nation earliest in turn order (Japan) may not take the defence force, which could not fight
// the Soviet invader, so Germany takes it and chooses between Germany and Italy, never Japan. The
// Soviet Command is not expelled at the end of Phase 3 (ruling 67), and Turkey is Active.
TEST(SovietJapanesePact, ArticleThree_TheOtherPartyDoesNotTakeANeutralsDefenceForce) {
  const Game g = global_war();
  State s = pact_position(g);
  put(s, USSR, 44, "R6", {{kInf, 1}});
  put(s, GER, 40, "G1", {{kInf, 1}});
  put(s, ITA, 40, "I1", {{kInf, 1}});
  put(s, JPN, 40, "J1", {{kInf, 1}});
  movement_turn(g, s, USSR, {{44, "N12"}});
  s.turn_order = {USSR, JPN, GER, ITA, kNoNation, kNoNation, kNoNation};
  act(g, s, USSR, "move USSR 1 N12");
  ASSERT_EQ(top(s), StepId::NeutralDefence);
  EXPECT_EQ(step_nation(s.steps.top()), GER) << "Japan, earlier in turn order, is passed over";
  EXPECT_EQ(s.region[region("N12")].controller, GER);
  EXPECT_EQ(legal_texts(g, s, GER), (std::set<std::string>{"defend GER GER", "defend GER ITA"}));
  act(g, s, GER, "defend GER GER");
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::PickRegion; });
  EXPECT_EQ(s.command[USSR][44].region, region("N12")) << "not expelled: Turkey is not Japan's";
  EXPECT_TRUE(s.region[region("N12")].flags & kActive);
}

// Article One: "Neither party may enter or pass through territories controlled by the other" -- a
// Phase 5 landing too (Phase 5 › Step 1). Japan's tagged 20th in the Sea of Okhotsk (P-14) reaches
// Manchuria (J3) only over the Soviet Far East (R15): while the pact holds that landing is not
// offered; with the other friendly territories within reach in enemy hands it has no legal move and
// is eliminated
// ("If an Air Command has no legal moves possible, then it will be eliminated"). Once the pact is
// broken, the flight over the Soviet Far East is an ordinary one.
TEST(SovietJapanesePact, ArticleOne_ALandingMayNotCrossTheOtherPartysTerritory) {
  const Game g = global_war();
  State s = pact_position(g);
  put(s, JPN, 20, "P-14", {{kFtr, 1}});
  s.command[JPN][20].flags |= kLandingTag;
  s.turn_order = {JPN, USSR, kNoNation, kNoNation, kNoNation, kNoNation, kNoNation};
  start_phase(g, s, 5);
  ASSERT_EQ(top(s), StepId::LandAir);
  EXPECT_FALSE(legal(g, s, g.seat_of(JPN), "land JPN 20 J3")) << "only over the Soviet Far East";
  EXPECT_TRUE(legal(g, s, g.seat_of(JPN), "land JPN 20 J7")) << "Karafuto is next to the sea";
  State cut_off = s;  // every other friendly territory within 2 regions in American hands
  for (const char* id : {"J1", "J2", "J7", "J8"}) cut_off.region[region(id)].controller = US;
  EXPECT_EQ(legal_texts(g, cut_off, JPN), (std::set<std::string>{"land JPN 20 lost"}));
  act(g, cut_off, JPN, "land JPN 20 lost");
  EXPECT_EQ(cut_off.nation[JPN].casualties[UnitKind::Ftr], 1);
  EXPECT_TRUE(pact_in_force(CCtx{g, cut_off})) << "nothing crossed the Soviet Far East";
  s.pact = {kPactBroken, USSR, s.round};
  EXPECT_TRUE(legal(g, s, g.seat_of(JPN), "land JPN 20 J3"));
}

// Article Three: "If a third party loses control of a territory to either party while both parties
// are present ... the territory would not be considered Embattled unless a third party still
// exists." Japan holding Hunan (1 iron, 1 OSR; its Embattled side 1 OSR) with Soviet infantry there
// collects its full income; with a Chinese infantry there too, the Embattled income.
TEST(SovietJapanesePact, ArticleThree_TheOtherPartysUnitsDoNotMakeATerritoryEmbattled) {
  const Game g = global_war();
  for (const bool third_party : {false, true}) {
    SCOPED_TRACE(third_party ? "China still there" : "only the Soviets there");
    State s = pact_position(g);
    const RegionId hunan = region("C4");
    s.region[hunan].controller = JPN;
    put(s, JPN, 40, "C4", {{kInf, 1}});
    put(s, USSR, 40, "C4", {{kInf, 1}});
    if (third_party) put(s, CHN, 40, "C4", {{kInf, 1}});
    EXPECT_EQ(embattled(CCtx{g, s}, hunan), third_party);
    State without = pact_position(g);  // Japan's income without Hunan, for comparison
    Ctx c{g, s, nullptr};
    collect_income(c);
    Ctx w{g, without, nullptr};
    collect_income(w);
    const int iron = s.nation[JPN].res[kIron] - without.nation[JPN].res[kIron];
    const int osr = s.nation[JPN].res[kOsr] - without.nation[JPN].res[kOsr];
    EXPECT_EQ(iron, third_party ? 0 : 1) << "Hunan's iron";
    EXPECT_EQ(osr, 1) << "Hunan's OSR";
  }
  // Once the pact no longer holds, the Soviet infantry is an enemy like any other.
  State s = pact_position(g);
  s.region[region("C4")].controller = JPN;
  put(s, JPN, 40, "C4", {{kInf, 1}});
  put(s, USSR, 40, "C4", {{kInf, 1}});
  s.pact = {kPactBroken, JPN, s.round};
  EXPECT_TRUE(embattled(CCtx{g, s}, region("C4")));
}

// Article One for Carrier Fighter Tokens (Phase 3 › Step 3): a Japanese carrier in the Sea of
// Okhotsk may not launch its token into Soviet Sakhalin (R18) while the pact holds; Karafuto, the
// sea and the Kuriles remain open. Once the pact is broken, Sakhalin is open too.
TEST(SovietJapanesePact, ArticleOne_NoCarrierFighterTokenIntoTheOtherPartysTerritory) {
  const Game g = global_war();
  State s = pact_position(g);
  put(s, JPN, 1, "P-14", {{kCv, 1}});
  s.turn_order = {JPN, USSR, kNoNation, kNoNation, kNoNation, kNoNation, kNoNation};
  start_phase(g, s, 3);
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::CarrierLaunch && step_nation(x.steps.top()) == JPN; });
  const auto l = legal_texts(g, s, JPN);
  EXPECT_FALSE(l.contains("launch JPN 1 R18"));
  EXPECT_FALSE(l.contains("launch JPN 1 R15")) << "the Soviet Far East neither";
  EXPECT_TRUE(l.contains("launch JPN 1 J7"));
  EXPECT_TRUE(l.contains("launch JPN 1 P-14"));
  s.pact = {kPactBroken, JPN, s.round};
  EXPECT_TRUE(legal(g, s, g.seat_of(JPN), "launch JPN 1 R18"));
}

TEST(SovietJapanesePact, OnlyWhereBothNationsTakePart) {
  const Game europe_game = europe();
  const Game pacific_game = war_in_the_pacific();
  EXPECT_FALSE(pact_in_force(CCtx{europe_game, europe_game.new_game()}));
  EXPECT_FALSE(pact_in_force(CCtx{pacific_game, pacific_game.new_game()}));
}

}  // namespace
}  // namespace warroom::testing
