#include "churchill/data.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "churchill/audit.h"
#include "tests/support/command.h"
#include "tests/support/data_copy.h"

namespace {

namespace fs = std::filesystem;
using churchill::Data;
using churchill::EffectType;
using churchill::Power;
using nlohmann::json;

const Data& shipped() {
  static const Data d = churchill::load_data(CHURCHILL_TEST_DATA_DIR);
  return d;
}

const churchill::StaffCard& card(Power p, std::string_view id) {
  for (const auto& c : shipped().staff[p])
    if (c.id == id) return c;
  throw std::runtime_error("no card " + std::string(id));
}

// The only effect of a card of a given type.
const churchill::Effect& effect(const churchill::StaffCard& c, EffectType t) {
  for (const auto& e : c.effects)
    if (e.type == t) return e;
  throw std::runtime_error("no such effect on " + c.id);
}

churchill::IssueKindSet issue_bit_kind(churchill::IssueKind k) { return churchill::IssueKindSet::of(k); }

// ---------------------------------------------------------------------------------------------
// The shipped data set

TEST(Data, ShippedSetLoadsWithTheRulebookCounts) {
  const Data& d = shipped();
  EXPECT_EQ(d.leaders.size(), 4u);
  for (const auto& deck : d.staff) EXPECT_EQ(deck.size(), 21u);
  EXPECT_EQ(d.conferences.size(), 10u);
  EXPECT_EQ(d.conference_cards.size(), 30u);
  EXPECT_EQ(d.theaters.size(), 8u);
  EXPECT_EQ(d.fronts.size(), 7u);
  EXPECT_EQ(d.locations.size(), 22u);
  EXPECT_EQ(std::count_if(d.locations.begin(), d.locations.end(), [](auto& l) { return l.colony; }), 5);
  EXPECT_EQ(d.secret_agenda.size(), 36u);
  EXPECT_EQ(d.scenarios.size(), 3u);
  EXPECT_EQ(d.victory.size(), 27u);
  EXPECT_EQ(d.hash.size(), 16u);
}

TEST(Data, StatedStaffCardsAreExactlyAsPrinted) {
  auto modifier = [](Power p, std::string_view id) { return effect(card(p, id), EffectType::Modifier); };
  EXPECT_EQ(card(Power::UK, "beaverbrook").value, 3);
  EXPECT_EQ(modifier(Power::UK, "beaverbrook").amount, 2);
  EXPECT_EQ(modifier(Power::UK, "beaverbrook").when.leader_active, shipped().leader("churchill"));
  EXPECT_EQ(card(Power::UK, "cunningham").value, 2);
  EXPECT_EQ(modifier(Power::UK, "cunningham").when.issues, churchill::IssueSet::of(shipped().issue("europe-leadership")));
  EXPECT_EQ(card(Power::UK, "portal").value, 1);
  EXPECT_EQ(modifier(Power::UK, "portal").when.on_track, churchill::power_bit(Power::US));
  EXPECT_EQ(card(Power::UK, "bevin").value, 5);
  EXPECT_EQ(modifier(Power::UK, "bevin").amount, -1);
  EXPECT_EQ(modifier(Power::UK, "bevin").when.on_track, churchill::power_bit(Power::USSR));
  EXPECT_EQ(card(Power::UK, "menzies").value, 1);
  EXPECT_EQ(modifier(Power::UK, "menzies").amount, 3);
  EXPECT_EQ(card(Power::UK, "attlee").value, 5);
  EXPECT_EQ(card(Power::US, "crowley").value, 2);
  EXPECT_EQ(card(Power::US, "embick").value, 1);
  EXPECT_EQ(modifier(Power::US, "embick").when.issue_kinds, issue_bit_kind(churchill::IssueKind::DirectedOffensive));
  EXPECT_EQ(card(Power::US, "morgenthau").value + modifier(Power::US, "morgenthau").amount, 5);
  EXPECT_EQ(card(Power::US, "harriman").value + modifier(Power::US, "harriman").amount, 5);
  EXPECT_EQ(card(Power::US, "donovan").value + modifier(Power::US, "donovan").amount, 5);  // 5 on Pol-Mil
  EXPECT_EQ(card(Power::US, "hopkins").value, 5);
  effect(card(Power::US, "hopkins"), EffectType::LessThanFullValue);
  EXPECT_EQ(card(Power::USSR, "voznesensky").value, 2);
  EXPECT_EQ(card(Power::USSR, "merkulov").value, 1);
  EXPECT_EQ(modifier(Power::USSR, "merkulov").amount, 1);
  EXPECT_EQ(effect(card(Power::USSR, "merkulov"), EffectType::PurgeRoll).range.lo, 1);
  EXPECT_EQ(effect(card(Power::USSR, "merkulov"), EffectType::PurgeRoll).range.hi, 1);
  EXPECT_EQ(card(Power::USSR, "budyonny").value, 5);
  EXPECT_EQ(modifier(Power::USSR, "budyonny").amount, -2);
  EXPECT_EQ(modifier(Power::USSR, "budyonny").when.leader_active, shipped().leader("stalin"));
  EXPECT_EQ(card(Power::USSR, "molotov").value + modifier(Power::USSR, "molotov").amount, 6);
  EXPECT_EQ(card(Power::USSR, "kuznetsov").value, 4);
  EXPECT_EQ(effect(card(Power::USSR, "kuznetsov"), EffectType::PlaceNaval).theater, shipped().theater("arctic"));
  EXPECT_TRUE(card(Power::UK, "brooke").chief_of_staff());
  EXPECT_TRUE(card(Power::US, "marshall").chief_of_staff());
  EXPECT_TRUE(card(Power::USSR, "zhukov").chief_of_staff());
}

TEST(Data, LeadersAsOnTheirCards) {
  const Data& d = shipped();
  for (const auto& l : d.leaders) EXPECT_EQ(l.value, 7) << l.id;
  const auto& stalin = d.leaders[d.leader("stalin")];
  ASSERT_EQ(stalin.effects[0].type, EffectType::GainNetworks);
  EXPECT_EQ(stalin.effects[0].amount, 2);  // ruling 3: the card beats the example's 1
  const auto& roosevelt = d.leaders[d.leader("roosevelt")];
  EXPECT_EQ(roosevelt.effects[1].health, churchill::HealthResult::Dies);
  EXPECT_EQ(roosevelt.effects[1].replaced_by, d.leader("truman"));
  EXPECT_EQ(d.leaders[d.leader("truman")].replaces, d.leader("roosevelt"));
}

// Glossary: "references to Roosevelt on conference and staff cards do not also apply to Truman".
// A card text that says Roosevelt names his Leader card in its effects, never the US.
TEST(Data, Glossary_EveryCardThatSaysRooseveltNamesHisLeaderCard) {
  const Data& d = shipped();
  const churchill::LeaderId roosevelt = d.leader("roosevelt");
  const auto names_him = [&](const std::vector<churchill::Effect>& effects) {
    return std::any_of(effects.begin(), effects.end(), [&](const churchill::Effect& e) {
      return e.leader == roosevelt || e.when.leader_active == roosevelt || e.when.leader_inactive == roosevelt;
    });
  };
  int cards = 0;
  for (const auto& card : d.conference_cards)
    for (const auto& band : card.bands)
      if (band.text.find("Roosevelt") != std::string::npos || band.title.find("Roosevelt") != std::string::npos) {
        EXPECT_TRUE(names_him(band.effects)) << card.id << " " << band.title;
        ++cards;
      }
  for (const auto& c : d.staff[Power::US])
    if (c.text.find("Roosevelt") != std::string::npos) {
      EXPECT_TRUE(names_him(c.effects)) << c.id;
      ++cards;
    }
  EXPECT_EQ(cards, 6) << "7C, 8A, 8C, 9B; Walker, MacArthur";
}

TEST(Data, TolstoyCIsTheExampleOfPlayCard) {
  const Data& d = shipped();
  const auto it = std::find_if(d.conference_cards.begin(), d.conference_cards.end(), [](auto& c) { return c.id == "8c"; });
  ASSERT_NE(it, d.conference_cards.end());
  EXPECT_EQ(it->origin.provenance, churchill::Provenance::Rulebook);
  const auto& green = it->bands[0].effects.at(0);
  EXPECT_EQ(green.type, EffectType::MandateProduction);
  EXPECT_EQ(green.power, Power::UK);
  EXPECT_EQ(green.theater, d.theater("cbi"));
  EXPECT_EQ(it->bands[1].effects.at(0).type, EffectType::Convoy);
  EXPECT_EQ(it->bands[2].effects.at(0).restriction, churchill::Restriction::StaysHome);
  EXPECT_EQ(it->bands[2].effects.at(0).leader, d.leader("roosevelt")) << "Roosevelt stays in Washington";
  EXPECT_EQ(it->bands[3].effects.size(), 2u);
  EXPECT_EQ(it->bands[4].effects.at(0).polmil, churchill::PolMilAction::RemoveAllNetworks);
  EXPECT_EQ(it->bands[4].effects.at(0).rolls_max, 3);
}

TEST(Data, MapFactsFromTheRules) {
  const Data& d = shipped();
  const auto& normandy = d.fronts[d.front("western")].track[1];
  EXPECT_EQ(normandy.space, d.space("normandy"));
  EXPECT_TRUE(normandy.amphibious);
  EXPECT_EQ(normandy.naval_required, 5);
  // 7.13 example: exactly these four are connected to Ukraine.
  std::vector<std::string> ukraine;
  for (const auto& l : d.locations)
    if (l.space == d.space("ukraine")) ukraine.push_back(l.id);
  EXPECT_EQ(ukraine, (std::vector<std::string>{"baltic-states", "poland", "rumania", "bulgaria"}));
  const auto& eastern = d.fronts[d.front("eastern")].track;
  for (std::size_t i = 0; i + 1 < eastern.size(); ++i) {
    if (eastern[i].space == d.space("ukraine")) {
      EXPECT_EQ(eastern[i + 1].space, d.space("prussia"));
    }
  }
  EXPECT_EQ(d.fronts[d.front("mediterranean")].track.back().space, d.space("northern-italy"));
  EXPECT_EQ(d.a_bomb.front().id, "letter-to-roosevelt");
  EXPECT_EQ(d.a_bomb.back().id, "trinity");
  EXPECT_EQ(d.a_bomb.size(), 5u);  // ruling 8
  EXPECT_EQ(d.polmil.cells[0][0], d.location("france"));
  EXPECT_EQ(d.polmil.cells[3][1], d.location("laos-cambodia"));  // "Cambodia/Laos", ruling 5
  EXPECT_EQ(d.polmil.cells[5][5], d.location("persia"));
  for (const char* f : {"central-pacific", "sw-pacific", "cbi"}) {
    const auto& track = d.fronts[d.front(f)].track;
    EXPECT_TRUE(std::any_of(track.begin(), track.end(), [&](auto& t) { return d.spaces[t.space].b29; })) << f;
  }
}

TEST(Data, ScenarioSetupsAreThoseOfSection9) {
  const Data& d = shipped();
  const auto& training = *d.scenario("training");
  EXPECT_EQ(training.first_conference, 8);
  EXPECT_EQ(d.fronts[d.front("western")].track[static_cast<std::size_t>(training.fronts[d.front("western")])].space, d.space("rhineland"));
  EXPECT_EQ(training.fronts[d.front("cbi")], churchill::kInBox);
  EXPECT_EQ(training.naval[d.theater("western")], 5);
  EXPECT_EQ(training.naval[d.theater("arctic")], 1);
  EXPECT_EQ(training.markers.size(), 18u);
  EXPECT_EQ(training.europe_leadership, Power::US);
  EXPECT_EQ(d.a_bomb[training.a_bomb].id, "hanford");
  EXPECT_TRUE(training.simultaneous_dday_central_italy);
  const auto& tournament = *d.scenario("tournament");
  EXPECT_EQ(tournament.first_conference, 6);
  EXPECT_EQ(tournament.issues_on_table, std::vector<churchill::IssueId>{d.issue("second-front")});
  EXPECT_EQ(d.a_bomb[tournament.a_bomb].id, "oak-ridge");
  const auto& campaign = *d.scenario("campaign");
  EXPECT_EQ(campaign.first_conference, 1);
  EXPECT_TRUE(campaign.markers.empty());
  for (auto pos : campaign.fronts) EXPECT_EQ(pos, churchill::kInBox);
  EXPECT_EQ(campaign.naval[d.theater("sw-pacific")], 3);
}

TEST(Data, AuditCoversEveryEntryWithProvenanceAndSource) {
  const auto rows = churchill::audit_rows(shipped());
  const auto counts = churchill::provenance_counts(rows);
  EXPECT_EQ(counts[0] + counts[1] + counts[2] + counts[3], static_cast<int>(rows.size()));
  EXPECT_GT(counts[0], 0);
  EXPECT_GT(counts[1], 0);
  EXPECT_GT(counts[3], 0);
  for (const auto& r : rows) {
    EXPECT_FALSE(r.id.empty());
    EXPECT_FALSE(r.origin->source.empty()) << r.kind << " " << r.id;
  }
  const json j = churchill::audit_json(shipped(), rows);
  ASSERT_EQ(j["rows"].size(), rows.size());
  for (const char* key : {"id", "kind", "name", "power", "value", "provenance", "source"}) EXPECT_TRUE(j["rows"][0].contains(key)) << key;
}

// ---------------------------------------------------------------------------------------------
// Rejected data: each class of error names file, entry and field, and nothing loads.

class BadData : public test_support::DataCopyTest {
 protected:
  BadData() : DataCopyTest(CHURCHILL_TEST_DATA_DIR, "churchill-data-test", [](const fs::path& d) { churchill::load_data(d); }) {}
};

TEST_F(BadData, UnknownIdReference) {
  edit("staff-ussr.json", [](json& j) {
    for (auto& c : j["cards"])
      if (c["id"] == "kuznetsov") c["effects"][0]["theater"] = "atlantis";
  });
  expect_error({"staff-ussr.json", "(id \"kuznetsov\")", "field \"theater\"", "unknown theater \"atlantis\""});
}

TEST_F(BadData, TrackThatDoesNotReachItsEnd) {
  edit("map.json", [](json& j) { j["fronts"][0]["track"].erase(4); });
  expect_error({"map.json", "fronts[0] (id \"western\")", "field \"track\"", "does not reach its end \"germany\""});
}

TEST_F(BadData, DeckThatIsNot21Cards) {
  edit("staff-uk.json", [](json& j) { j["cards"].erase(20); });
  expect_error({"staff-uk.json", "field \"cards\"", "21 cards", "found 20"});
}

TEST_F(BadData, DeckWithTwoChiefsOfStaff) {
  edit("staff-us.json", [](json& j) { j["cards"][1]["value"] = "star"; });
  expect_error({"staff-us.json", "field \"cards\"", "exactly one Chief of Staff", "found 2"});
}

TEST_F(BadData, StaffValueOutOfRange) {
  edit("staff-us.json", [](json& j) { j["cards"][3]["value"] = 9; });
  expect_error({"staff-us.json", "cards[3]", "field \"value\"", "1..5"});
}

TEST_F(BadData, SetupNamingAMissingSpace) {
  edit("scenarios.json", [](json& j) { j["scenarios"][0]["fronts"]["western"] = "paris"; });
  expect_error({"scenarios.json", "(id \"training\")", "field \"fronts.western\"", "unknown space \"paris\""});
}

TEST_F(BadData, SetupPlacingAFrontOffItsTrack) {
  edit("scenarios.json", [](json& j) { j["scenarios"][1]["fronts"]["eastern"] = "normandy"; });
  expect_error({"(id \"tournament\")", "field \"fronts.eastern\"", "not on the Eastern Front's track"});
}

TEST_F(BadData, SetupAlignmentWithoutNetwork) {
  edit("scenarios.json", [](json& j) { j["scenarios"][0]["markers"][0]["networks"] = 0; });
  expect_error({"scenarios.json", "markers[0]", "field \"alignment\"", "7.31"});
}

TEST_F(BadData, DuplicateId) {
  edit("issues.json", [](json& j) { j["issues"][1]["id"] = "pol-mil-2-2"; });
  expect_error({"issues.json", "issues[1]", "field \"id\"", "duplicate issue id \"pol-mil-2-2\""});
}

TEST_F(BadData, MisspeltField) {
  edit("map.json", [](json& j) { j["spaces"][0]["kamikazi"] = true; });
  expect_error({"map.json", "spaces[0] (id \"uk-bolero\")", "field \"kamikazi\"", "unknown field"});
}

TEST_F(BadData, UnknownProvenanceOrMissingSource) {
  edit("tracks.json", [](json& j) { j["a_bomb"][0]["provenance"] = "boardgamegeek"; });
  expect_error({"tracks.json", "a_bomb[0]", "field \"provenance\"", "unknown provenance"});
}

TEST_F(BadData, MissingSource) {
  edit("leaders.json", [](json& j) { j["leaders"][3].erase("source"); });
  expect_error({"leaders.json", "(id \"stalin\")", "field \"source\"", "missing"});
}

TEST_F(BadData, StatedFieldThatDoesNotExist) {
  edit("issues.json", [](json& j) { j["issues"][0]["stated"] = {{"colour", {{"provenance", "rulebook"}, {"source", "x"}}}}; });
  expect_error({"issues.json", "field \"stated\"", "\"colour\", which is not a field"});
}

TEST_F(BadData, NotJson) {
  std::ofstream(dir / "issues.json") << "{\"kind\": \"issues\", ";
  expect_error({"issues.json", "not valid JSON"});
}

TEST_F(BadData, MissingFile) {
  fs::remove(dir / "tracks.json");
  expect_error({"tracks.json", "cannot read"});
}

TEST_F(BadData, WrongKind) {
  edit("victory-points.json", [](json& j) { j["kind"] = "vp"; });
  expect_error({"victory-points.json", "field \"kind\"", "must be \"victory-points\""});
}

TEST_F(BadData, UnknownEffectType) {
  edit("staff-uk.json", [](json& j) { j["cards"][1]["effects"] = json::array({{{"type", "teleport"}}}); });
  expect_error({"staff-uk.json", "effects[0]", "field \"type\"", "unknown value \"teleport\""});
}

TEST_F(BadData, ConferenceEffectOnAStaffCard) {
  edit("staff-uk.json", [](json& j) { j["cards"][1]["effects"] = json::array({{{"type", "place_issue"}, {"issue", "global-issue"}}}); });
  expect_error({"staff-uk.json", "field \"type\"", "\"place_issue\" is not an effect of a Staff or Leader card"});
}

TEST_F(BadData, EffectWithBadDice) {
  edit("leaders.json", [](json& j) { j["leaders"][0]["effects"][1]["dice"] = "3d8"; });
  expect_error({"leaders.json", "(id \"churchill\")", "effects[1]", "field \"dice\"", "not a roll of the game's dice"});
}

TEST_F(BadData, ConferenceBandsOutOfOrder) {
  edit("conferences.json", [](json& j) { std::swap(j["cards"][2]["bands"][0], j["cards"][2]["bands"][1]); });
  expect_error({"conferences.json", "cards[2]", "bands[0]", "field \"band\"", "must be \"green\""});
}

TEST_F(BadData, TwoCardsForOneConferenceVersion) {
  edit("conferences.json", [](json& j) { j["cards"][1]["version"] = j["cards"][0]["version"]; });
  expect_error({"conferences.json", "cards[1]", "field \"version\"", "already has a version"});
}

TEST_F(BadData, ArmyReserveSentToATheaterBox) {
  edit("conferences.json", [](json& j) {
    j["cards"][0]["bands"][3]["effects"] =
        json::array({{{"type", "axis_reserve"}, {"reserve", "german-army"}, {"count", 1}, {"theater", "western"}}});
  });
  expect_error({"conferences.json", "field \"theater\"", "an Axis army goes to a Front's entry space"});
}

TEST_F(BadData, PolMilTableNamingAnUnknownLocation) {
  edit("tracks.json", [](json& j) { j["polmil_table"]["rows"][2][3] = "thailand"; });
  expect_error({"tracks.json", "polmil_table", "field \"rows[2][3]\"", "unknown location \"thailand\""});
}

TEST_F(BadData, SecretAgendaNot36) {
  edit("secret-agenda.json", [](json& j) { j["markers"].erase(0); });
  expect_error({"secret-agenda.json", "field \"markers\"", "36 Secret Agenda markers", "found 35"});
}

TEST_F(BadData, VictoryScheduleOutOfOrder) {
  edit("victory-points.json", [](json& j) { std::swap(j["conditions"][0], j["conditions"][1]); });
  expect_error({"victory-points.json", "conditions[0] (id \"B\")", "field \"id\"", "must be \"A\""});
}

TEST_F(BadData, LocationConnectedOutsideItsTheater) {
  edit("map.json", [](json& j) { j["locations"][0]["space"] = "okinawa"; });
  expect_error({"map.json", "locations[0] (id \"france\")", "field \"space\"", "not on a Front Track of theater \"western\""});
}

TEST_F(BadData, LocationTheRulesNameIsMissing) {
  edit("map.json", [](json& j) {
    auto& locs = j["locations"];
    for (std::size_t i = 0; i < locs.size(); ++i)
      if (locs[i]["id"] == "finland") locs.erase(i);
  });
  expect_error({"map.json", "the rules need a location \"finland\""});
}

TEST_F(BadData, HashFollowsTheFiles) {
  const std::string before = churchill::load_data(dir).hash;
  edit("staff-uk.json", [](json& j) { j["cards"][2]["text"] = "changed"; });
  EXPECT_NE(churchill::load_data(dir).hash, before);
}

// ---------------------------------------------------------------------------------------------
// The command

test_support::Result run(const std::string& args) { return test_support::run_command(std::getenv("CHURCHILL_BINARY"), args); }

TEST(DataCommand, AuditJsonListsEveryRowWithCounts) {
  if (!std::getenv("CHURCHILL_BINARY")) GTEST_SKIP() << "run through ctest";
  const test_support::Result audit = run("data audit --json");
  const json j = json::parse(audit.out);
  EXPECT_EQ(audit.status, 0);
  const auto rows = churchill::audit_rows(shipped());
  EXPECT_EQ(j["rows"].size(), rows.size());
  int total = 0;
  for (const auto& [_, n] : j["counts"].items()) total += n.get<int>();
  EXPECT_EQ(total, static_cast<int>(rows.size()));
  bool beaverbrook = false;
  for (const auto& r : j["rows"])
    if (r["id"] == "UK/beaverbrook") {
      beaverbrook = true;
      EXPECT_EQ(r["kind"], "staff-card");
      EXPECT_EQ(r["power"], "UK");
      EXPECT_EQ(r["value"], "3");
      EXPECT_EQ(r["provenance"], "rulebook-it");
    }
  EXPECT_TRUE(beaverbrook);
}

TEST(DataCommand, BadDataDirectoryIsAOneLineErrorAndNonZeroExit) {
  if (!std::getenv("CHURCHILL_BINARY")) GTEST_SKIP() << "run through ctest";
  const auto [status, out] = run("--data /nonexistent data audit");
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("churchill: "), std::string::npos);
  EXPECT_NE(out.find("cannot read"), std::string::npos);
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1);
}

}  // namespace
