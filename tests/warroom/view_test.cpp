// What a newcomer sees in the terminal and the view (view.cpp, battle_text.cpp): the findings of
// the play-test in docs/warroom/playtest.md, each a test named after the rule or the behaviour.
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "engine_fixture.h"
#include "tests/support/action_fields.h"

namespace warroom::testing {
namespace {

Game eastern_front() {
  const Scenario& sc = *data()->find_scenario("eastern-front");
  return Game(data(), sc, sc.seat_tables.back().players);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// War in Europe, two German and two Soviet infantry in Leningrad, Germany first: Phase 4, the
// battle chosen (its first decision, Germany's stances, is next).
State infantry_fight_in_leningrad(const Game& g) {
  State s = empty_map(g);
  s.turn_order = {GER, USSR, BC, US, ITA, kNoNation, kNoNation};
  put(s, GER, 40, "R2", {{kInf, 2}});
  put(s, USSR, 40, "R2", {{kInf, 2}});
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER R2");
  return s;
}

// Game Components › Command Stack: the stacks stand on the open World Map, so the terminal board
// shows the enemy's Commands as well as the seat's own, each region with its name ("R12" alone told
// a newcomer nothing).
TEST(TerminalBoard, CommandStacksOfEveryNationAreShownWithTheirRegionsNames) {
  const Game g = eastern_front();
  const State s = at_write_sheets(g);
  const std::string board = g.board_text(g.observe(s, g.seat_of(USSR)), g.seat_of(USSR));
  EXPECT_TRUE(has(board, "USSR Commands:")) << board;
  EXPECT_TRUE(has(board, "GER Commands:")) << "the enemy's stacks are on the open map\n" << board;
  EXPECT_TRUE(has(board, "  R1 Moscow:")) << board;
  EXPECT_TRUE(has(board, "  G1 Greater Germany:")) << board;
  EXPECT_LT(board.find("USSR Commands:"), board.find("GER Commands:")) << "the seat's own Commands first";
}

// Victory Check / Scenario Conditions: the board says what each alliance must control to win.
TEST(TerminalBoard, ScenarioConditionsAreStated) {
  const Game g = europe();
  const std::string board = g.board_text(g.new_game(), std::nullopt);
  EXPECT_TRUE(has(board,
                  "Victory: Allied Forces win by controlling G1 Greater Germany; Axis win by controlling 2 of B1 Great Britain, "
                  "R1 Moscow, U1 Eastern United States"))
      << board;
}

// Victory Check (control at the moment of the check, ruling 10): the view gives each alliance's
// condition with who holds each of its regions now, and what the check would find now; the board's
// lines say the same, and the check at the end of the round finds it.
TEST(VictoryCheck, TheViewSaysWhoHoldsTheConditionsRegionsAndWhoWouldWinNow) {
  const Game g = europe();
  State s = g.new_game();
  const auto victory = [&] { return g.view_json(g.observe(s, core::kSpectator), std::nullopt)["victory"]; };
  nlohmann::json v = victory();
  EXPECT_EQ(v["if_ended_now"], "none");
  ASSERT_EQ(v["alliances"].size(), 2u);
  EXPECT_EQ(v["alliances"][0]["alliance"], "allied");
  EXPECT_EQ(v["alliances"][0]["terms"][0]["regions"][0],
            (nlohmann::json{{"id", "G1"}, {"name", "Greater Germany"}, {"controller", "GER"}, {"capital_of", "GER"}}));
  const nlohmann::json& axis = v["alliances"][1];
  EXPECT_EQ(axis["terms"][0]["at_least"], 2);
  EXPECT_EQ(axis["terms"][0]["regions"][1]["id"], "R1");
  EXPECT_EQ(axis["terms"][0]["regions"][1]["controller"], "USSR");
  EXPECT_FALSE(axis["met"].get<bool>());
  EXPECT_TRUE(has(g.board_text(s, std::nullopt), "Held now: G1 GER, B1 BC, R1 USSR, U1 US; if the war ended now, nobody would win\n"))
      << g.board_text(s, std::nullopt);

  s.region[region("B1")].controller = GER;
  s.region[region("R1")].controller = GER;
  v = victory();
  EXPECT_EQ(v["if_ended_now"], "axis");
  EXPECT_TRUE(v["alliances"][1]["met"].get<bool>());
  EXPECT_EQ(v["alliances"][1]["terms"][0]["regions"][1]["controller"], "GER");
  EXPECT_TRUE(has(g.board_text(s, std::nullopt), "Held now: G1 GER, B1 GER, R1 GER, U1 US; if the war ended now, the Axis would win"));
  EXPECT_EQ(end_round(g, s).winner, kAxisWin) << "the check at the end of the round finds what the view said";
}

// Phase 2 › Step 1: a "done" that leaves the sheet with no orders is marked in the seat's view (with
// its bid of 0, while the nation holds oil), so that the clients ask first; a sheet with orders and a
// bid of 0 is not ("A Nation may bid zero": play-test 2026-12-05, finding 11, asked every round).
// Phase 7 › Step 3 likewise for a sheet with no purchase while one is affordable. Only the seat's
// own "done" is marked.
TEST(Phase2Step1, ADoneLeavingTheSheetBlankIsMarkedToConfirm) {
  const Game g = europe();
  State s = at_write_sheets(g);
  const core::Seat ussr = g.seat_of(USSR);
  const auto confirm = [&](core::Seat seat) { return g.view_json(g.observe(s, seat), seat)["action_confirm"]; };
  ASSERT_GT(s.nation[USSR].res[kOil], 0);
  const nlohmann::json c = confirm(ussr);
  EXPECT_EQ(c["done USSR"]["parts"], (nlohmann::json{"orders", "bid"}));
  EXPECT_EQ(g.catalogues().render("en", core::i18n::message_from_json(c["done USSR"]["message"])),
            "Soviet Union's sheet has no orders, no bid. Once every nation is done it can no longer be changed. Submit it anyway?");
  EXPECT_FALSE(confirm(g.seat_of(GER)).contains("done USSR"));
  EXPECT_TRUE(g.view_json(g.observe(s, core::kSpectator), std::nullopt)["action_confirm"].empty());
  for (int number = 1; number <= kMaxCommandNumber; ++number)
    if (legal(g, s, ussr, fmt::format("select USSR {}", number))) {
      act(g, s, USSR, fmt::format("select USSR {}", number));
      break;
    }
  EXPECT_EQ(confirm(ussr)["done USSR"]["parts"], (nlohmann::json{"orders", "bid"})) << "a selected Command is not an order yet";
  const std::set<std::string> choices = legal_texts(g, s, USSR);
  act(g, s, USSR, *std::find_if(choices.begin(), choices.end(), [](const std::string& a) { return a.starts_with("to "); }));
  EXPECT_FALSE(confirm(ussr).contains("done USSR")) << "orders and a bid of 0: an ordinary sheet, nothing to ask";
  act(g, s, USSR, "bid USSR 1");
  EXPECT_FALSE(confirm(ussr).contains("done USSR")) << "orders and a bid: nothing to ask";

  State p = g.new_game();
  for (NationState& n : p.nation) n.res = {20, 20, 20};
  start_phase(g, p, 7);
  p = play_until(g, p, [](const State& x) { return top(x) == StepId::Purchases; });
  const core::Seat ger = g.seat_of(GER);
  EXPECT_EQ(g.view_json(g.observe(p, ger), ger)["action_confirm"]["done GER"]["parts"], (nlohmann::json{"purchases"}));
  act(g, p, GER, "buy GER inf");
  EXPECT_FALSE(g.view_json(g.observe(p, ger), ger)["action_confirm"].contains("done GER"));
}

// Phase 6 › Step 1: a "done" while Medals (or Civilian Goods) could still cancel Stress is marked,
// so the clients ask first (play-test 2026-12-05 afternoon, finding 7: "done" listed before "give a
// Medal" lost the round's cancelling with one click); nothing is asked once no Stress or nothing to
// give is left. Step 3 likewise while the nation could relieve one zone.
TEST(Phase6Step1, ADoneLeavingMedalsUnusedOnStressIsMarkedToConfirm) {
  const Game g = europe();
  State s = g.new_game();
  for (NationState& n : s.nation) n.stress = 0, n.medals = 0, n.goods = 0;
  s.nation[GER].stress = 2, s.nation[GER].medals = 1;
  start_phase(g, s, 6);
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::MoraleCancel && step_nation(x.steps.top()) == GER; });
  const core::Seat ger = g.seat_of(GER);
  const auto confirm = [&](const State& at) { return g.view_json(g.observe(at, ger), ger)["action_confirm"]; };
  ASSERT_TRUE(confirm(s).contains("done GER"));
  EXPECT_EQ(confirm(s)["done GER"]["parts"], nlohmann::json::array({"stress"}));
  EXPECT_EQ(g.catalogues().render("en", core::i18n::message_from_json(confirm(s)["done GER"]["message"])),
            "Germany holds Stress Points and Medals or Civilian Goods that could cancel them, one each. Done ends this step for "
            "the round without cancelling more. Finish it anyway?");
  EXPECT_FALSE(g.view_json(g.observe(s, g.seat_of(USSR)), g.seat_of(USSR))["action_confirm"].contains("done GER"));
  act(g, s, GER, "cancel-stress GER medal");
  const nlohmann::json after = confirm(s);
  EXPECT_FALSE(after.contains("done GER") && after["done GER"]["parts"] == nlohmann::json::array({"stress"}))
      << "no Medal left: nothing to ask";

  State r = g.new_game();
  for (NationState& n : r.nation) n.stress = 0, n.medals = 0, n.goods = 0;
  r.nation[GER].zone = kOrange, r.nation[GER].medals = 5;
  start_phase(g, r, 6);
  r = play_until(g, r, [](const State& x) { return top(x) == StepId::MoraleRelieve && step_nation(x.steps.top()) == GER; });
  EXPECT_EQ(confirm(r)["done GER"]["parts"], nlohmann::json::array({"relief"}));
}

// Victory Check: the end of the game says which of the scenario's regions the winners hold.
TEST(VictoryCheck, TheEndSaysWhichCapitalsTheWinnersHold) {
  const Game g = europe();
  State s = g.new_game();
  s.region[region("B1")].controller = GER;
  s.region[region("R1")].controller = GER;
  s = end_round(g, s);
  ASSERT_EQ(g.node_kind(s), core::NodeKind::Terminal);
  EXPECT_EQ(g.phase_text(s), "Victory Check: the Axis has won (GER holds B1 Great Britain, GER holds R1 Moscow)");
}

// Phase 4 › Assign Damage ("The two yellows hit a single Infantry Unit in the Defensive Stance"):
// the log names the unit type and stance hit, not the Battle Status Board's row index ("row 0").
TEST(AssignDamage, TheLogNamesTheUnitTypeAndStanceHit) {
  const Game g = europe();
  State s = infantry_fight_in_leningrad(g);
  Lines log(g);
  resolve_all(g, s, "yellow", &log);
  EXPECT_TRUE(has(log.text, "hit on Soviet Infantry in ")) << log.text;
  EXPECT_TRUE(has(log.text, "hit on German Infantry in ")) << log.text;
  EXPECT_FALSE(has(log.text, " row ")) << log.text;
}

// Assign Damage as a player says it: the choice of a hit names the box, the nationality, the unit
// type and the stance ("hit a fresh German Infantry in Defensive"), in every language.
TEST(AssignDamage, AHitChoiceReadsAsAPlayerSaysIt) {
  const Game g = europe();
  State s = empty_map(g);
  s.turn_order = {GER, USSR, BC, US, ITA, kNoNation, kNoNation};
  put(s, GER, 40, "R2", {{kInf, 2}, {kArt, 1}});
  put(s, USSR, 40, "R2", {{kInf, 2}, {kArt, 1}});
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER R2");
  std::optional<core::Action> hit;
  for (int k = 0; k < 200 && !hit && in_battle(s); ++k) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      chance(g, s, "die black");  // wild: any unit the stage may hit, a choice between rows
      continue;
    }
    core::ActionList l;
    g.legal_actions(s, g.seat_of(step_nation(s.steps.top())), l);
    for (core::Action a : l)
      if (g.action_to_string(s, g.seat_of(step_nation(s.steps.top())), a).ends_with(" art barrage fresh")) hit = a;
    if (!hit) g.apply(s, g.seat_of(step_nation(s.steps.top())), l[0], nullptr);
  }
  ASSERT_TRUE(hit.has_value()) << "a hit to assign";
  const core::Seat seat = g.seat_of(step_nation(s.steps.top()));
  const std::string text = g.action_to_string(s, seat, *hit);
  const bool german = text.find(" hit GER ") != std::string::npos;
  const auto said = [&](const char* language) { return g.catalogues().render(language, g.action_message(s, seat, *hit)); };
  EXPECT_TRUE(has(said("en"), german ? ": hit a fresh German Artillery in Barrage" : ": hit a fresh Soviet Artillery in Barrage"))
      << said("en");
  EXPECT_TRUE(has(said("it"), german ? ": colpire Artiglieria della Germania, unità integra, in Sbarramento"
                                     : ": colpire Artiglieria dell'Unione Sovietica, unità integra, in Sbarramento"))
      << said("it");
  EXPECT_TRUE(has(said("ru"), german ? "Германии (целое)" : "Советского Союза (целое)")) << said("ru");
}

// Writing Movement Orders and Plotting Land Commands by Rail: each destination offered says what
// it is (its name, who holds it, the enemy units there), and a rail move into enemy territory says
// what the rules will make of it ("a Nation may not invade by Rail"; ruling 21: the pad offers the
// static rail net), as the view's `destinations` does in structure.
TEST(ActionNotes, EachDestinationSaysWhoHoldsItAndARailInvasionIsFlagged) {
  const Game g = eastern_front();
  State s = at_write_sheets(g);
  act(g, s, USSR, "select USSR 37");
  const core::Seat seat = g.seat_of(USSR);
  const nlohmann::json notes = g.view_json(g.observe(s, seat), seat)["action_notes"];
  ASSERT_TRUE(notes.contains("to USSR G8")) << notes.dump(1);
  const std::string belarus = notes["to USSR G8"];
  EXPECT_TRUE(has(belarus, "Belarus, held by GER, enemy units: ")) << belarus;
  EXPECT_FALSE(has(belarus, "rail")) << "Belarus is adjacent to Smolensk: " << belarus;
  ASSERT_TRUE(notes.contains("to USSR G1")) << notes.dump(1);
  EXPECT_TRUE(has(notes["to USSR G1"], "by rail: Plotting Land Commands by Rail: ")) << notes["to USSR G1"];
  EXPECT_TRUE(has(notes["to USSR R2"], "Leningrad, held by USSR, by rail")) << notes["to USSR R2"];
  EXPECT_FALSE(has(notes["to USSR R2"], "cancelled")) << notes["to USSR R2"];
  EXPECT_TRUE(g.view_json(g.observe(s, g.seat_of(GER)), g.seat_of(GER))["action_notes"].value("to USSR G8", "").empty())
      << "another seat's choices are not noted";
}

// Writing Movement Orders: the view marks each destination the order would not reach, from the plan
// that executes orders (order_outlook): a rail move into enemy territory stops short at the nearest
// friendly stop or is cancelled, with the rules' reason; destinations it reaches are not listed.
TEST(WritingMovementOrders, DestinationsTheOrderWouldNotReachAreMarkedWithTheRulesReason) {
  const Game g = eastern_front();
  State s = at_write_sheets(g);
  act(g, s, USSR, "select USSR 37");
  const core::Seat seat = g.seat_of(USSR);
  const nlohmann::json doomed = g.view_json(g.observe(s, seat), seat)["destinations"];
  ASSERT_TRUE(doomed.contains("to USSR G1")) << doomed.dump(1);
  const nlohmann::json& g1 = doomed["to USSR G1"];
  const Order order{.command = 37, .dest = region("G1"), .status = kWritten};
  const OrderOutlook outlook = order_outlook({g, s}, USSR, order.command, order.dest);
  EXPECT_EQ(g1["outcome"], outlook.kind == OrderOutlook::StopsShort ? "stops_short" : "cancelled");
  EXPECT_EQ(g1["reason"], outlook.reason);
  EXPECT_TRUE(g1["reason"] == "rail_stops_short" || g1["reason"] == "no_rail_path") << g1.dump();
  EXPECT_FALSE(doomed.contains("to USSR G8")) << "Belarus is next door: the order reaches it";
  EXPECT_FALSE(doomed.contains("to USSR R2")) << "a friendly rail move reaches Leningrad";
  EXPECT_TRUE(g.view_json(g.observe(s, g.seat_of(GER)), g.seat_of(GER))["destinations"].empty()) << "another seat's choices are not marked";
}

// Writing Movement Orders: a selected Command can be put down again without writing an order.
TEST(WritingMovementOrders, TheSelectedCommandCanBePutDown) {
  const Game g = eastern_front();
  State s = at_write_sheets(g);
  EXPECT_FALSE(legal(g, s, g.seat_of(USSR), "deselect USSR")) << "nothing selected";
  act(g, s, USSR, "select USSR 37");
  ASSERT_TRUE(legal(g, s, g.seat_of(USSR), "deselect USSR"));
  act(g, s, USSR, "deselect USSR");
  EXPECT_EQ(s.sheet[USSR].selected, 0);
  EXPECT_TRUE(std::none_of(s.sheet[USSR].box.begin(), s.sheet[USSR].box.end(), [](const Order& o) { return o.status != kEmpty; }));
  EXPECT_TRUE(legal(g, s, g.seat_of(USSR), "select USSR 37"));
}

// The actions as structure (the view's `action_fields`, warroom/action_json.cpp): an order names its
// nation and destination, a battle's choice its nation, unit, stance and box, as data ids.
TEST(ActionFields, EachActionNamesItsNationRegionAndUnitsAsIds) {
  const Game g = europe();
  const State s = g.new_game();
  const core::Seat seat = g.seat_of(GER);
  EXPECT_EQ(g.action_json(s, seat, encode(ActionKind::To, GER, index(region("R2")))),
            (nlohmann::json{{"kind", "to"}, {"nation", "GER"}, {"region", "R2"}}));
  EXPECT_EQ(g.action_json(s, seat, encode(ActionKind::Select, GER, 40)),
            (nlohmann::json{{"kind", "select"}, {"nation", "GER"}, {"command", 40}}));
  EXPECT_EQ(g.action_json(s, seat, encode(ActionKind::Select, GER, 0)), (nlohmann::json{{"kind", "deselect"}, {"nation", "GER"}}));
  EXPECT_EQ(g.action_json(s, seat, encode(ActionKind::BuyGoods, GER, 1, 2, 2))["mix"],
            (nlohmann::json{{"oil", 1}, {"iron", 2}, {"osr", 2}}));
  EXPECT_EQ(g.action_json(s, seat, encode(ActionKind::Bid, GER, 0, 7, 1)),
            (nlohmann::json{{"kind", "bid"}, {"nation", "GER"}, {"bid", 7}, {"thousands", true}}));
}

// Every decision of a random War in Europe game, battles included: each action's fields give its
// kind and tell it from the seat's other actions.
TEST(ActionFields, EveryDecisionOfARandomGameHasFieldsThatTellItsActionsApart) {
  const Game g = europe();
  State s = g.new_game();
  core::Rng chance(3), choices(4);
  std::set<std::string> kinds;
  int checked = 0;
  const auto random = test_support::random_choice<Game, RandomBot>(g, choices);
  test_support::play_until(
      g, s, [](const State&) { return false; }, chance,
      [&](const State& at, core::Seat seat) {
        const State seen = g.observe(at, seat);
        checked += test_support::expect_fields_identify_actions(g, seen, seat);
        core::ActionList legal;
        g.legal_actions(seen, seat, legal);
        for (core::Action a : legal) kinds.insert(g.action_json(seen, seat, a)["kind"]);
        return random(at, seat);
      },
      4000);
  for (const char* kind : {"select", "to", "done", "bid", "buy", "battle"}) EXPECT_TRUE(kinds.count(kind)) << kind;
  EXPECT_GT(checked, 4000);
}

// Battle Setup › 5. Assign Combat Stances: the board shows both forces from the first decision,
// the units awaiting their stance with each stance's dice.
TEST(BattleStatusBoard, BothForcesAreShownWhileStancesAreChosen) {
  const Game g = europe();
  State s = infantry_fight_in_leningrad(g);
  ASSERT_EQ(top(s), StepId::BattleChoice);
  const nlohmann::json board = g.view_json(g.observe(s, g.seat_of(GER)), g.seat_of(GER))["battle"];
  ASSERT_EQ(board["sides"].size(), 2u) << board.dump(1);
  for (const auto& [side, nation] : {std::pair{0, "USSR"}, std::pair{1, "GER"}}) {
    const nlohmann::json& rows = board["sides"][side]["rows"];
    ASSERT_FALSE(rows.empty()) << board.dump(1);
    int units = 0;
    for (const auto& r : rows) units += r["nations"].value(nation, nlohmann::json::object()).value("fresh", 0);
    EXPECT_EQ(units, 2) << nation << ": " << rows.dump(1);
  }
  const nlohmann::json& waiting = board["sides"][1]["rows"][0];
  EXPECT_TRUE(waiting["stance"].is_null());
  ASSERT_FALSE(waiting["stances"].empty());
  EXPECT_TRUE(waiting["stances"][0].contains("surface"));
  // The Battle Status Board's values are the project's (ruling 2): each stance says so, as the
  // purchase panel's costs do.
  for (const auto& stance : waiting["stances"]) EXPECT_EQ(stance["provenance"], "reconstructed") << stance.dump();
  // The prompt says it as a player would: who decides, how many of whose units go in which stance.
  const std::string prompt = board["waiting_for"];
  EXPECT_TRUE(prompt.find(" decides how many of ") != std::string::npos || prompt.find(" decides whether ") != std::string::npos) << prompt;
  ASSERT_EQ(board["legend"].size(), 6u);
  EXPECT_EQ(board["legend"][0]["colour"], "yellow");
  EXPECT_EQ(board["legend"][0]["twelfths"], 4);
  EXPECT_EQ(board["legend"][4]["special"], "wild");
}

// Battle Debrief: once the battle is over, its final board stays in the view (`last_battle`) and
// agrees with the casualties the log reports, read from the log's structure (`log_json`).
TEST(BattleStatusBoard, TheFinalBoardEqualsTheDebrief) {
  const Game g = europe();
  State s = infantry_fight_in_leningrad(g);
  core::LogBuffer log;
  resolve_all(g, s, "yellow", &log);
  const nlohmann::json view = g.view_json(g.observe(s, g.seat_of(GER)), g.seat_of(GER));
  EXPECT_TRUE(view["battle"].is_null());
  const nlohmann::json& last = view["last_battle"];
  ASSERT_FALSE(last.is_null());
  EXPECT_EQ(last["region"], "R2");
  std::map<std::string, int> board, debrief;
  for (const auto& side : last["sides"])
    for (const auto& r : side["rows"])
      for (const auto& [nation, c] : r["nations"].items()) board[nation + " " + r["unit"].get<std::string>()] += c["eliminated"].get<int>();
  for (const core::LogEntry& e : log.entries())
    if (const nlohmann::json j = g.log_json(e); j["event"] == "units_lost")
      debrief[j["nation"].get<std::string>() + " " + j["unit"].get<std::string>()] += j["count"].get<int>();
  EXPECT_FALSE(debrief.empty());
  std::erase_if(board, [](const auto& kv) { return kv.second == 0; });
  EXPECT_EQ(board, debrief);
}

// The log as structure (the view's `log_events`): each entry's rule, event and arguments as data ids.
TEST(LogEvents, EntriesCarryTheirEventAndArgumentsAsIds) {
  const Game g = europe();
  const nlohmann::json shown = g.log_json(
      {"Phase 3 > Step 2", g.seat_of(GER), static_cast<std::uint16_t>(Event::OrderShown), {index(GER), 2, 40, index(region("R2"))}});
  EXPECT_EQ(shown,
            (nlohmann::json{
                {"rule", "Phase 3 > Step 2"}, {"event", "order_shown"}, {"nation", "GER"}, {"box", 2}, {"command", 40}, {"to", "R2"}}));
  const core::LogEntry die{"Phase 4", core::kChance, kEvDie, {1, index(GER), static_cast<int>(Colour::Black), 0}};
  EXPECT_EQ(g.log_json(die)["colour"], "black");
  EXPECT_EQ(g.log_json(die)["side"], "axis");
  const nlohmann::json hit = g.log_json({"Phase 4", core::kChance, kEvHit, {0, static_cast<int>(kInf) << 8, index(USSR), 3}});
  EXPECT_EQ(hit["row"]["unit"], "inf");
  EXPECT_EQ(hit["box"], "eliminated");
  EXPECT_EQ(hit["nation"], "USSR");
  EXPECT_TRUE(g.log_json({"x", core::kChance, 999, {}})["event"].is_null());
}

// Battle Setup › 5. Assign Combat Stances ("Each stance has different strengths and weaknesses"):
// each choice says the dice and steps of the stance and where the other units go.
TEST(ActionNotes, EachStanceSaysItsDiceAndSteps) {
  const Game g = europe();
  State s = infantry_fight_in_leningrad(g);
  const core::Seat seat = g.seat_of(GER);
  const nlohmann::json notes = g.view_json(g.observe(s, seat), seat)["action_notes"];
  const Stance& defensive = data()->unit(UnitKind::Inf).stance[0];
  ASSERT_TRUE(notes.contains("battle GER stance GER inf defensive 1")) << notes.dump(1);
  const std::string note = notes["battle GER stance GER inf defensive 1"];
  const auto count = [](int n, const char* one, const char* other) { return fmt::format("{} {}", n, n == 1 ? one : other); };
  EXPECT_TRUE(has(note, fmt::format("1 in Defensive (air {}, surface {}; {})", count(defensive.air_dice, "die", "dice"),
                                    count(defensive.surface_dice, "die", "dice"), count(defensive.steps, "step", "steps"))))
      << note;
  EXPECT_TRUE(has(note, ", 1 in Assault (")) << note;
}

// The play-test of 5 December (docs/warroom/playtest.md, finding 10): a choice putting no unit in a
// stance listed it ("0 in Anti-Air (...), 2 in Line (...)"); it names only the stances units take.
TEST(ActionNotes, AStanceNoUnitTakesIsNotListed) {
  const Game g = europe();
  State s = infantry_fight_in_leningrad(g);
  const core::Seat seat = g.seat_of(GER);
  const nlohmann::json notes = g.view_json(g.observe(s, seat), seat)["action_notes"];
  ASSERT_TRUE(notes.contains("battle GER stance GER inf defensive 0")) << notes.dump(1);
  const std::string none = notes["battle GER stance GER inf defensive 0"];
  EXPECT_TRUE(none.starts_with("2 in Assault (")) << none;
  EXPECT_FALSE(has(none, "Defensive")) << none;
  const std::string all = notes["battle GER stance GER inf defensive 2"];
  EXPECT_TRUE(all.starts_with("2 in Defensive (")) << all;
  EXPECT_FALSE(has(all, "Assault")) << all;
}

// Phase 6 › Evaluate Stress Levels: each nation's Stress Threshold comes with its provenance, so
// that the page marks the thresholds the project reconstructed (War in Europe's printed values are
// the rulebook's, their reading by nation the project's: data/warroom/morale.json).
TEST(MoraleView, EachThresholdSaysWhetherTheRulebookPrintsIt) {
  const Game g = europe();
  const State s = g.new_game();
  const core::Seat seat = g.seat_of(GER);
  const nlohmann::json view = g.view_json(g.observe(s, seat), seat);
  int seen = 0;
  for (const nlohmann::json& n : view["nations"]) {
    const Nation nation = nation_from_id(n["id"].get<std::string>()).value();
    EXPECT_EQ(n["threshold"], g.threshold(nation));
    EXPECT_EQ(n["threshold_provenance"], "reconstructed") << n["id"];
    ++seen;
  }
  EXPECT_EQ(seen, 5);
}

// Pinning ("Land or Naval Commands trying to exit a region containing enemy Land or Naval Units must
// leave behind an exactly equal force"): an order whose Command is outnumbered offers only `cancel`,
// and the view says why (the terminal prints it as "Why: ..."); an order with a route says nothing.
TEST(CancelingOrders, AnOrderOfferingOnlyCancelSaysWhy) {
  const Game g = europe();
  State s = empty_map(g);
  s.turn_order = {USSR, GER, BC, US, ITA, kNoNation, kNoNation};
  put(s, USSR, 40, "R2", {{kInf, 3}});
  put(s, GER, 41, "R2", {{kInf, 5}});
  put(s, USSR, 42, "R4", {{kInf, 1}});
  s.sheet[USSR].box[0] = {40, region("R1"), kWritten};
  s.sheet[USSR].box[1] = {42, region("R1"), kWritten};
  start_phase(g, s, 3);
  ASSERT_EQ(top(s), StepId::MovementTurn);
  const core::Seat seat = g.seat_of(USSR);
  core::ActionList l;
  g.legal_actions(s, seat, l);
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(g.action_to_string(s, seat, l[0]), "cancel USSR 1");
  const nlohmann::json why = g.view_json(g.observe(s, seat), seat)["options_why"];
  ASSERT_TRUE(why.is_object());
  EXPECT_TRUE(has(why.value("text", ""), "Pinning: the enemy units here are as many as the Command's or more")) << why.dump();
  act(g, s, USSR, "cancel USSR 1");
  EXPECT_TRUE(g.view_json(g.observe(s, seat), seat)["options_why"].is_null()) << "box 2 has its route";
}

// Phase 7 › Step 3 (the chart's coloured dots show each Unit's cost): "buy" says what it costs.
TEST(ActionNotes, EachPurchaseSaysWhatTheUnitCosts) {
  const Game g = europe();
  State s = g.new_game();
  for (NationState& n : s.nation) n.res = {20, 20, 20};
  start_phase(g, s, 7);
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::Purchases; });
  const core::Seat seat = g.seat_of(GER);
  const nlohmann::json notes = g.view_json(g.observe(s, seat), seat)["action_notes"];
  const Resources& cost = data()->unit(UnitKind::Ftr).cost;
  EXPECT_EQ(notes.value("buy GER ftr", ""), fmt::format("Fighter: {} oil, {} iron, {} OSR", cost.oil, cost.iron, cost.osr))
      << notes.dump(1);
}

// Writing Movement Orders (ruling 21: the pad offers the Commands and the destinations their
// category can reach in the scenario): in Eastern Front the Soviet Baltic fleet has no sea in play
// to sail to, so selecting it led to an empty list ("click one of its 0 destinations").
TEST(WritingMovementOrders, ACommandWithNoDestinationIsNotOffered) {
  const Game g = eastern_front();
  const State s = at_write_sheets(g);
  const core::Seat seat = g.seat_of(USSR);
  ASSERT_EQ(s.command[USSR][1].region, region("A-5"));
  EXPECT_FALSE(legal(g, s, seat, "select USSR 1")) << "the Baltic fleet has nowhere to sail in Eastern Front";
  EXPECT_TRUE(legal(g, s, seat, "select USSR 37")) << "a land Command at Smolensk may move";
}

// The log in words: each count says its noun in the number it asks for ("bought 1 unit", "loses 2
// Fighters"), the one way through the catalogue's plural forms (text::counted).
std::string log_line(const Game& g, Event e, Nation nation, int a, int b = 0, int c = 0) {
  return g.describe(core::LogEntry{"rule", core::kChance, static_cast<std::uint16_t>(e), {index(nation), a, b, c}});
}

TEST(LogWording, EveryCountAgreesWithItsNoun) {
  const Game g = europe();
  EXPECT_TRUE(has(log_line(g, Event::PurchasesRevealed, USSR, 1, 1, 1), "Soviet Union bought 1 unit and 1 Civilian Goods for 1 resource"))
      << log_line(g, Event::PurchasesRevealed, USSR, 1, 1, 1);
  EXPECT_TRUE(has(log_line(g, Event::PurchasesRevealed, USSR, 2, 0, 9), "bought 2 units and 0 Civilian Goods for 9 resources"));
  EXPECT_TRUE(has(log_line(g, Event::UnitsLost, GER, kFtr, 2), "Germany loses 2 Fighters to the Casualty List"))
      << log_line(g, Event::UnitsLost, GER, kFtr, 2);
  EXPECT_TRUE(has(log_line(g, Event::UnitsLost, GER, kFtr, 1), "Germany loses 1 Fighter to the Casualty List"));
  EXPECT_TRUE(has(log_line(g, Event::CasualtyStress, GER, 1, 0), "Germany lost 1 Casualty Point: 0 Stress"));
  EXPECT_TRUE(has(log_line(g, Event::Relieved, GER, 1, 4, kRed), "Germany gives 1 Medal and 4 Civilian Goods"));
  EXPECT_TRUE(
      has(log_line(g, Event::DeployRevealed, GER, index(region("G1")), 1, 1), "Germany deploys 1 unit from Greater Germany, 1 stays"))
      << log_line(g, Event::DeployRevealed, GER, index(region("G1")), 1, 1);
  EXPECT_TRUE(has(log_line(g, Event::ConstructionSeized, GER, index(region("G1")), 1), "removes 1 air or naval unit under construction"));
}

// Phase 4 with Germany first in turn order and every Command `commands` puts in R2: Germany fights there.
using Put = std::tuple<Nation, int, std::vector<std::pair<int, int>>>;  // nation, Command number, units by type
State germany_fights_in_r2(const Game& g, const std::vector<Put>& commands) {
  State s = empty_map(g);
  s.turn_order = {GER, USSR, BC, US, ITA, kNoNation, kNoNation};
  for (const auto& [nation, number, units] : commands) put(s, nation, number, "R2", units);
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER R2");
  return s;
}

// Battle Setup › 5. Assign Combat Stances: "Germany puts 2 Fighters in ...", in the log and in the
// choice ("puts 2 Fighter in Ground Support" before).
TEST(LogWording, StancesNameTheUnitsInTheirNumber) {
  const Game g = europe();
  State s = germany_fights_in_r2(g, {{GER, 40, {{kInf, 2}}}, {GER, 15, {{kFtr, 2}}}, {USSR, 40, {{kInf, 2}}}});
  Lines log(g);
  std::string choices, boards;
  while (in_battle(s)) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      chance(g, s, "die white", &log);
      continue;
    }
    const core::Seat seat = g.seat_of(step_nation(s.steps.top()));
    core::ActionList l;
    g.legal_actions(s, seat, l);
    for (core::Action a : l) choices += g.catalogues().render("en", g.action_message(s, seat, a)) + "\n";
    boards += g.board_text(s, std::nullopt);
    g.apply(s, seat, l[0], &log);
  }
  EXPECT_TRUE(has(choices, "Germany: all 2 Fighters in Intercept\n")) << choices;
  EXPECT_TRUE(has(choices, "Germany: 1 Fighter in Intercept, 1 in Ground Support\n")) << choices;
  EXPECT_FALSE(has(choices, " of Germany in ")) << choices;
  EXPECT_TRUE(has(boards, " to roll:")) << boards;
  EXPECT_FALSE(has(boards, " 1 dice")) << boards;
  EXPECT_TRUE(has(log.text, "Germany puts 2 Fighters in ")) << log.text;
  EXPECT_TRUE(has(log.text, "Germany puts 2 Infantry in ")) << log.text;
  EXPECT_FALSE(has(log.text, " Fighter in ")) << log.text;
  EXPECT_TRUE(has(log.text, "Air Battle Stage: ")) << log.text;
  EXPECT_FALSE(has(log.text, " 1 dice")) << log.text;
}

// Battle Setup › 5. Assign Combat Stances, the choices as players say them: where the units asked
// about go and where the rest go ("2 Infantry in Assault, 1 in Defensive"; every type has at most two
// stances), "all" or "the" where none is left for the other, whose units they are where the Commander
// decides for an ally's; in every language of the catalogues, with the choice's fields saying it too.
TEST(BattleChoices, StancesSayWhereEveryUnitGoes) {
  const Game g = europe();
  State s = germany_fights_in_r2(g, {{GER, 40, {{kInf, 3}}}, {ITA, 40, {{kInf, 1}}}, {USSR, 40, {{kInf, 2}}}});
  std::map<std::string, std::vector<std::string>> seen;  // by language, every stance choice offered
  nlohmann::json fields = nlohmann::json::array();
  while (in_battle(s) && g.node_kind(s) != core::NodeKind::Chance) {
    const core::Seat seat = g.seat_of(step_nation(s.steps.top()));
    core::ActionList l;
    g.legal_actions(s, seat, l);
    bool stance = false;
    for (core::Action a : l) {
      if (g.action_json(s, seat, a)["kind"] != "battle" || g.action_json(s, seat, a)["choice"]["choice"] != "stance") continue;
      stance = true;
      fields.push_back(g.action_json(s, seat, a)["choice"]);
      for (const char* lang : {"en", "it", "ru"}) seen[lang].push_back(g.catalogues().render(lang, g.action_message(s, seat, a)));
    }
    g.apply(s, seat, l[stance ? l.size() - 1 : 0], nullptr);  // Germany keeps the command; all in the stance asked
  }
  const auto offered = [&](const char* lang, const std::string& text) {
    return std::find(seen[lang].begin(), seen[lang].end(), text) != seen[lang].end();
  };
  EXPECT_TRUE(offered("en", "Germany: 2 Infantry in Defensive, 1 in Assault")) << fmt::format("{}", fmt::join(seen["en"], "\n"));
  EXPECT_TRUE(offered("en", "Germany: all 3 Infantry in Defensive"));
  EXPECT_TRUE(offered("en", "Germany: all 3 Infantry in Assault")) << "none in Defensive: all in the other";
  EXPECT_TRUE(offered("en", "Germany: the Infantry in Assault (Italian)")) << fmt::format("{}", fmt::join(seen["en"], "\n"));
  EXPECT_TRUE(offered("en", "Soviet Union: 1 Infantry in Defensive, 1 in Assault"));
  EXPECT_TRUE(offered("it", "Germania: 2 Fanterie in posizione Difensiva, 1 in posizione Assalto"))
      << fmt::format("{}", fmt::join(seen["it"], "\n"));
  EXPECT_TRUE(offered("ru", "Германия: все 3 ед. пехоты — позиция «Штурм»")) << fmt::format("{}", fmt::join(seen["ru"], "\n"));
  for (const auto& [lang, texts] : seen)
    for (const std::string& text : texts) EXPECT_EQ(text.find(" of Germany"), std::string::npos) << lang << ": " << text;
  EXPECT_TRUE(std::any_of(fields.begin(), fields.end(), [](const nlohmann::json& f) {
    return f["unit"] == "inf" && f["nation"] == "GER" && f["count"] == 2 && f["rest"] == 1 && f["stance"] == "defensive" &&
           f["rest_stance"] == "assault";
  })) << fields.dump();
}

// Battle Debrief › 1. Assess Unit Status and Pay for Unit Repairs: the repair line says what is paid,
// not the resources that are not ("loses 0 oil, 0 iron, 1 OSR" before), and as a payment for so many
// units (1 resource per damaged Unit); a loss to bombing or a convoy raid says what is lost.
TEST(LogWording, BattleDebrief1_ARepairIsAPaymentAndALossSaysOnlyWhatIsLost) {
  const Game g = europe();
  EXPECT_TRUE(log_line(g, Event::RepairsPaid, USSR, 0, 0, 1).ends_with("Soviet Union pays 1 OSR to repair 1 unit"))
      << log_line(g, Event::RepairsPaid, USSR, 0, 0, 1);
  EXPECT_TRUE(log_line(g, Event::RepairsPaid, USSR, 2, 0, 1).ends_with("Soviet Union pays 2 oil, 1 OSR to repair 3 units"))
      << log_line(g, Event::RepairsPaid, USSR, 2, 0, 1);
  EXPECT_TRUE(log_line(g, Event::ResourcesLost, USSR, 0, 0, 1).ends_with("Soviet Union loses 1 OSR"))
      << log_line(g, Event::ResourcesLost, USSR, 0, 0, 1);
  EXPECT_TRUE(log_line(g, Event::ResourcesLost, USSR, 2, 0, 1).ends_with("Soviet Union loses 2 oil, 1 OSR"));
}

// Battle Debrief: "Step 5: Update Territory Status" is logged before "Step 7: Assign Stress and
// Medals" (the order of the rulebook's steps; the rules settle both as before).
TEST(BattleDebrief, TheTerritoryStatusIsLoggedBeforeItsStressAndMedals) {
  const Game g = europe();
  State s = empty_map(g);
  put(s, GER, 40, "R2", {{kInf, 2}});
  put(s, USSR, 41, "R1", {{kInf, 1}});
  s.turn_order.fill(kNoNation);
  s.turn_order[0] = GER;
  start_phase(g, s, 4);
  act(g, s, GER, "fight GER R2");
  Lines log(g);
  resolve(g, s, {"white", "white"}, {}, &log);
  const std::size_t captured = log.text.find("Germany takes control of Leningrad");
  const std::size_t stress = log.text.find("Soviet Union gains ");
  const std::size_t medal = log.text.find("Germany gains a Medal");
  ASSERT_NE(captured, std::string::npos) << log.text;
  ASSERT_NE(stress, std::string::npos) << log.text;
  ASSERT_NE(medal, std::string::npos) << log.text;
  EXPECT_LT(captured, stress) << log.text;
  EXPECT_LT(captured, medal) << log.text;
}

// Phase 7 › Step 3. Note Purchase of Units: while a nation writes its purchases, its O&P column shows
// them, not the round's orders and bid of Phase 2 (which it listed before).
TEST(TerminalBoard, InPhase7TheSheetColumnShowsThePurchasesBeingWritten) {
  const Game g = europe();
  State s = g.new_game();
  for (NationState& n : s.nation) n.res = {20, 20, 20};
  s.sheet[GER].box[0] = {s.sheet[GER].box[0].command, region("R2"), kExecuted};
  s.sheet[GER].bid = 2;
  start_phase(g, s, 7);
  s = play_until(g, s, [](const State& x) { return top(x) == StepId::Purchases; });
  act(g, s, GER, "buy GER inf");
  act(g, s, GER, "buy GER inf");
  act(g, s, GER, "buy GER ftr");
  const core::Seat seat = g.seat_of(GER);
  const std::string board = g.board_text(g.observe(s, seat), seat);
  std::string ger = board.substr(board.find("\nGER "));
  ger = ger.substr(1, ger.find('\n', 1));
  EXPECT_TRUE(has(ger, "writing buys 2 inf 1 ftr")) << board;
  EXPECT_FALSE(has(ger, "orders")) << ger;
  EXPECT_FALSE(has(ger, "bid")) << ger;
  EXPECT_FALSE(has(board, "GER buys:")) << "said once, in the column\n" << board;
}

}  // namespace
}  // namespace warroom::testing
