// 9.4 Victory Point schedule (each condition A-AA) and 4.4 winning the game, on constructed positions.
#include "table_fixture.h"

namespace churchill::testing {
namespace {

class Scoring : public ::testing::Test {
 protected:
  Game game{data()};
  State s = bare();

  // A board with nothing on it: every Front in its box, no markers, nothing won.
  State bare() {
    State st = game.new_game(*data().scenario("campaign"));
    st.global.fill(kNoPower);
    return st;
  }
  std::size_t P(const char* p) const { return static_cast<std::size_t>(*power_from_name(p)); }
  LocationId L(const char* id) const { return data().location(id); }
  void put_front(const char* front, const char* space) {
    const auto f = data().front(front);
    const auto& track = data().fronts[f].track;
    for (std::size_t i = 0; i < track.size(); ++i) {
      s.entered[track[i].space] = static_cast<std::int8_t>(s.entered[track[i].space] ? s.entered[track[i].space] : 1);
      if (data().spaces[track[i].space].id == space) {
        s.front[f] = static_cast<std::int8_t>(i);
        return;
      }
    }
    ADD_FAILURE() << space << " is not on " << front;
  }
  // VP a condition gives each power: {UK, US, USSR}.
  std::array<int, kPowers> vp(const std::string& id) const {
    std::array<int, kPowers> out{};
    for (const ScoreLine& l : game.score(s, true).lines)
      if (l.condition == id) out[core::index_of(l.power)] += l.vp;
    return out;
  }
  using V = std::array<int, kPowers>;  // UK, US, USSR
};

TEST_F(Scoring, A_B_AlignmentAndNetworks) {
  s.networks[L("france")] = 1;
  s.network_owner[L("france")] = Power::US;
  s.alignment[L("france")] = Power::US;  // US: A
  s.networks[L("poland")] = 2;
  s.network_owner[L("poland")] = Power::USSR;  // USSR: B
  s.networks[L("greece")] = 1;
  s.network_owner[L("greece")] = Power::UK;
  s.alignment[L("greece")] = Power::USSR;  // USSR: A
  EXPECT_EQ(vp("A"), (V{0, 3, 3}));
  EXPECT_EQ(vp("B"), (V{0, 0, 1})) << "one per space, not per network; none where an alignment stands";
}

TEST_F(Scoring, C_GlobalAdvantage) {
  s.global = {Power::US, Power::USSR, Power::USSR};
  EXPECT_EQ(vp("C"), (V{0, 5, 10}));
}

TEST_F(Scoring, D_E_ConferencesWon) {
  s.conferences_won = {2, 1, 1};
  EXPECT_EQ(vp("D"), (V{6, 3, 0}));
  EXPECT_EQ(vp("E"), (V{0, 0, 5}));
}

TEST_F(Scoring, F_EmptyColoniesForTheUk) {
  s.networks[L("siam")] = 1;
  s.network_owner[L("siam")] = Power::US;
  s.alignment[L("malaya")] = Power::USSR;
  EXPECT_EQ(vp("F"), (V{6, 0, 0}));  // five colonies, two taken
}

TEST_F(Scoring, G_AxisOccupiedAtMostEightEach) {
  put_front("western", "germany");
  put_front("eastern", "germany");
  put_front("central-pacific", "japan");
  put_front("sw-pacific", "japan");
  EXPECT_EQ(vp("G"), (V{16, 16, 8}));
}

TEST_F(Scoring, H_I_J_Mediterranean) {
  put_front("mediterranean", "central-italy");
  EXPECT_EQ(vp("H"), (V{2, 0, 0}));
  put_front("mediterranean", "northern-italy");
  EXPECT_EQ(vp("H"), (V{0, 0, 0})) << "9.4 example 1: only the furthest space";
  EXPECT_EQ(vp("I"), (V{3, 0, 0}));
  EXPECT_EQ(vp("J"), (V{0, 2, 0}));
}

TEST_F(Scoring, K_L_WhichLandingCameFirst) {
  s.entered[data().space("central-italy")] = 3;
  s.entered[data().space("normandy")] = 6;
  EXPECT_EQ(vp("K"), (V{2, 0, 0}));
  EXPECT_EQ(vp("L"), (V{0, 0, 0}));
  s.entered[data().space("normandy")] = 3;
  EXPECT_EQ(vp("K"), (V{0, 0, 0})) << "the same conference: 0 VP";
  EXPECT_EQ(vp("L"), (V{0, 0, 0}));
  const State training = game.new_game(*data().scenario("training"));
  s = training;
  EXPECT_EQ(vp("K"), (V{0, 0, 0})) << "9.53";
  EXPECT_EQ(vp("L"), (V{0, 0, 0})) << "9.53";
}

TEST_F(Scoring, M_GermanySurrenderedWithoutTheWest) {
  put_front("eastern", "germany");
  s.surrendered[0] = true;
  EXPECT_EQ(vp("M"), (V{0, 0, 5}));
  EXPECT_EQ(vp("N"), (V{0, 0, 0})) << "9.4 example 2: not East Germany once in Germany";
  put_front("western", "germany");
  EXPECT_EQ(vp("M"), (V{0, 0, 0}));
}

TEST_F(Scoring, N_O_TheRoadsToGermany) {
  put_front("eastern", "east-germany");
  put_front("western", "rhineland");
  EXPECT_EQ(vp("N"), (V{0, 0, 5}));
  EXPECT_EQ(vp("O"), (V{2, 2, 0}));
}

TEST_F(Scoring, P_GermanTechnology) {
  s.german_technology = {1, 1, 0};
  EXPECT_EQ(vp("P"), (V{1, 1, 0}));
}

TEST_F(Scoring, Q_JapanSurrenderedUnoccupied) {
  s.surrendered[1] = true;
  EXPECT_EQ(vp("Q"), (V{0, 5, 0}));
  put_front("far-east", "japan");
  EXPECT_EQ(vp("Q"), (V{0, 0, 0}));
}

TEST_F(Scoring, R_MacArthurHasNotReturned) {
  EXPECT_EQ(vp("R"), (V{3, 0, 3}));
  put_front("sw-pacific", "philippines");
  EXPECT_EQ(vp("R"), (V{0, 0, 0}));
}

TEST_F(Scoring, S_InterserviceRivalry) {
  put_front("central-pacific", "iwo-jima");        // 2 from Japan
  put_front("sw-pacific", "vogelkop-new-guinea");  // 3 from Japan
  EXPECT_EQ(vp("S"), (V{0, 0, 0}));
  s.front[data().front("sw-pacific")] = 0;  // Papua New Guinea: 4 from Japan
  EXPECT_EQ(vp("S"), (V{5, 0, 5}));
}

TEST_F(Scoring, T_U_V_W_X_PacificSpaces) {
  put_front("central-pacific", "iwo-jima");
  EXPECT_EQ(vp("T"), (V{0, 2, 0}));
  put_front("central-pacific", "okinawa");
  EXPECT_EQ(vp("T"), (V{0, 0, 0}));
  EXPECT_EQ(vp("U"), (V{0, 5, 0}));
  put_front("sw-pacific", "kyushu");
  EXPECT_EQ(vp("V"), (V{0, 5, 0}));
  put_front("cbi", "formosa");
  EXPECT_EQ(vp("W"), (V{5, 0, 0}));
  put_front("far-east", "korea");
  EXPECT_EQ(vp("X"), (V{0, 0, 8}));
}

TEST_F(Scoring, Y_Z_AA_TheBomb) {
  s.spy_ring = 2;
  EXPECT_EQ(vp("Y"), (V{0, 0, 6})) << "the starting space does not score (ruling 8)";
  EXPECT_EQ(vp("Z"), (V{0, 0, 0}));
  EXPECT_EQ(vp("AA"), (V{0, 0, 3}));
  s.a_bomb = static_cast<std::int8_t>(data().a_bomb.size() - 1);
  EXPECT_EQ(vp("Z"), (V{3, 3, 0}));
  EXPECT_EQ(vp("AA"), (V{0, 0, 0}));
}

TEST_F(Scoring, SecretAgendaCountsOnlyOnceRevealed) {
  s.secret_agenda_variant = true;
  for (auto& m : s.secret_agenda) m.fill(kNoMarker);
  MarkerId poland = kNoMarker;
  for (MarkerId m : data().secret_agenda.ids())
    if (data().secret_agenda[m].location == L("poland") && poland == kNoMarker) poland = m;
  s.secret_agenda[power_at(P("USSR"))][0] = poland;
  s.secret_agenda[power_at(P("USSR"))][1] = marker_at(index(poland) + 1);  // the second Poland marker
  s.networks[L("poland")] = 1;
  s.network_owner[L("poland")] = Power::USSR;
  s.alignment[L("poland")] = Power::USSR;
  EXPECT_EQ(vp("10.3"), (V{0, 0, 10})) << "two markers for one location score 10";
  EXPECT_EQ(game.score(s, false).total[P("USSR")] + 10, game.score(s, true).total[P("USSR")]);
}

// 4.4 on constructed scores: the position is set first (surrenders, the bomb, Fronts), then
// German technology markers (1 VP each, 9.4 P) top each power up to the wanted total.
class Victory : public Scoring {
 protected:
  void scores(int uk, int us, int ussr, std::array<bool, 2> surrendered, bool bomb = true, bool soviets_alone_in_germany = false) {
    s = bare();
    s.surrendered = surrendered;
    s.a_bomb = static_cast<std::int8_t>(bomb ? data().a_bomb.size() - 1 : 0);
    s.entered[data().space("philippines")] = 1;  // no R
    for (LocationId l : data().locations.ids())  // no F
      if (data().locations[l].colony) {
        s.networks[l] = 1;
        s.network_owner[l] = Power::US;
      }
    if (soviets_alone_in_germany) {
      const auto eastern = data().front("eastern");
      s.front[eastern] = static_cast<std::int8_t>(data().fronts[eastern].track.size() - 1);
    }
    const auto base = game.score(s, false).total;
    const std::array<int, kPowers> want = {uk, us, ussr};
    for (std::size_t p = 0; p < kPowers; ++p) {
      ASSERT_GE(want[p], base[p]) << "power " << p;
      s.german_technology[power_at(p)] = static_cast<std::int8_t>(want[p] - base[p]);
    }
    ASSERT_EQ(game.score(s, false).total, want);
  }
};

TEST_F(Victory, Rule_4_41_AllianceVictory) {
  scores(40, 30, 25, {true, true});
  EXPECT_EQ(game.winner(s), Power::UK);
}

TEST_F(Victory, Rule_4_41_TieForTheLeadGoesTo4_44) {
  scores(40, 40, 25, {true, true});
  EXPECT_EQ(game.winner(s), Power::US) << "the US is tied and has the A-Bomb";
}

TEST_F(Victory, Rule_4_42_BrokenAllianceSecondPlaceWins) {
  scores(50, 29, 25, {true, true});  // differential 25 > 20; 50 does not exceed 29 + 25
  EXPECT_EQ(game.winner(s), Power::US);
}

TEST_F(Victory, Rule_4_42_BrokenAllianceLeaderExceedsTheOthers) {
  scores(60, 29, 25, {true, true});
  EXPECT_EQ(game.winner(s), Power::UK);
}

TEST_F(Victory, Rule_4_42_TieForSecondGoesTo4_44) {
  scores(60, 35, 35, {true, true});  // 60 < 70: second place is tied: the US has the bomb
  EXPECT_EQ(game.winner(s), Power::US);
}

TEST_F(Victory, Rule_4_42_TieForSecondBetweenTheTiedOnly) {
  // 60 does not exceed 35 + 35: second place wins, and the US and the USSR tie for it. Neither
  // 4.44.1 (no bomb) nor 4.44.2 names one of them; 4.44.3 would name Churchill, who is first and
  // not in this tie. Project ruling: the US wins (Arsenal of Democracy).
  scores(60, 35, 35, {true, true}, /*bomb=*/false);
  EXPECT_EQ(game.winner(s), Power::US);
}

TEST_F(Victory, Rule_4_42_TieForSecondWithChurchillGoesToChurchill) {
  scores(35, 60, 35, {true, true}, /*bomb=*/false);  // the UK and the USSR tie for second
  EXPECT_EQ(game.winner(s), Power::UK) << "4.44.3 names one of the two";
  scores(35, 60, 35, {true, true}, /*bomb=*/false, /*soviets_alone_in_germany=*/true);
  EXPECT_EQ(game.winner(s), Power::USSR) << "4.44.2";
}

// 9.63, 9.73 "Each player begins with zero VPs": VPs are a final tally (4.4); the score shown during
// play is that tally on the current board, labelled as such with the 4.4 case it would fall under.
TEST_F(Victory, Rule_4_4_TheRunningScoreIsIfTheGameEndedNowWithItsCase) {
  const auto shown = [&] {
    const auto view = view_json(game, s, std::nullopt);
    const std::string board = board_text(game, s, std::nullopt);
    return std::pair{view["score_label"].get<std::string>() + " | " + view["score_case"].get<std::string>(),
                     board.substr(0, board.find('\n', board.find('\n', board.find('\n') + 1) + 1))};
  };
  scores(40, 36, 33, {true, false});
  EXPECT_EQ(shown().first, "if the game ended now | 4.43 Global Hegemon, Axis Conditional Surrender");
  EXPECT_NE(shown().second.find("Score if the game ended now: UK 40 US 36 USSR 33\n  4.43 Global Hegemon, Axis Conditional Surrender"),
            std::string::npos)
      << shown().second;
  // 4.43: 40-5, 36-3, 33+5: the USSR would win, and the view says so.
  EXPECT_EQ(view_json(game, s, std::nullopt)["winner_if_ended_now"], "USSR");
  EXPECT_NE(shown().second.find("4.43 Global Hegemon, Axis Conditional Surrender: USSR would win"), std::string::npos);
  scores(40, 30, 25, {true, true});
  EXPECT_EQ(shown().first, "if the game ended now | 4.41 Alliance Victory");
  EXPECT_EQ(view_json(game, s, std::nullopt)["winner_if_ended_now"], "UK");
  scores(50, 29, 25, {true, true});
  EXPECT_EQ(shown().first, "if the game ended now | 4.42 Broken Alliance");
}

TEST_F(Victory, Rule_4_43_GlobalHegemonAdjustment) {
  scores(40, 36, 33, {true, false});  // 40 - 5, 36 - 3, 33 + 5
  EXPECT_EQ(game.winner(s), Power::USSR);
}

TEST_F(Victory, Rule_4_43_TieForMostBothLoseFive) {
  scores(40, 40, 33, {false, false});  // 35, 35, 38
  EXPECT_EQ(game.winner(s), Power::USSR);
}

TEST_F(Victory, Rule_4_43_TieForFewestBothGainFive) {
  scores(40, 33, 33, {false, false});  // 35, 38, 38: then a tie for the lead, which the US's bomb breaks
  EXPECT_EQ(game.winner(s), Power::US);
}

TEST_F(Victory, Rule_4_44_StalinAloneInGermany) {
  scores(20, 40, 40, {true, true}, /*bomb=*/false, /*soviets_alone_in_germany=*/true);
  EXPECT_EQ(game.winner(s), Power::USSR);
}

TEST_F(Victory, Rule_4_44_OtherwiseChurchillEvenIfNotTied) {
  scores(25, 40, 40, {true, true}, /*bomb=*/false);
  EXPECT_EQ(game.winner(s), Power::UK);
}

}  // namespace
}  // namespace churchill::testing
