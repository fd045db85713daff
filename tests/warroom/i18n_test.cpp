// War Room's display texts are catalogue messages (docs/i18n.md): every key the code names is in
// data/i18n/warroom/en.json, every message there is used by the code, every datum that messages name
// has its name, and games worded from the catalogue leave no key or placeholder unresolved.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "core/log.h"
#include "tests/warroom/engine_fixture.h"
#include "warroom/i18n_text.h"

namespace warroom::testing {
namespace {

const std::filesystem::path kSourceDir = std::filesystem::path(WARROOM_TEST_DATA_DIR).parent_path().parent_path();

const core::i18n::Catalogues& catalogues() { return *data()->catalogues; }

std::set<std::string> base_keys() {
  std::set<std::string> out;
  for (const auto& [k, text] : catalogues().find("en")->entries()) out.insert(std::string(core::i18n::base_key(k)));
  return out;
}

// The text forms of the code that words War Room: every source file of warroom/.
std::string warroom_code() {
  std::string code;
  for (const auto& entry : std::filesystem::directory_iterator(kSourceDir / "warroom")) {
    if (entry.path().extension() != ".cpp" && entry.path().extension() != ".h") continue;
    std::ifstream in(entry.path());
    std::stringstream ss;
    ss << in.rdbuf();
    code += ss.str();
  }
  return code;
}

// The names messages take from the data set, by their key's beginning (warroom/i18n_text.cpp).
std::set<std::string> name_keys() {
  std::set<std::string> out;
  const Data& d = *data();
  for (int n = 0; n < kNations; ++n) out.insert("warroom.nation." + std::string(nation_id(static_cast<Nation>(n))));
  for (const UnitInfo& u : d.units) {
    out.insert("warroom.unit." + u.id);
    out.insert("warroom.units." + u.id);  // a count of them: "2 Fighters"
    for (int k = 0; k < u.stances; ++k) out.insert("warroom.stance." + u.stance[static_cast<std::size_t>(k)].id);
  }
  for (int c = 0; c < kColours; ++c) out.insert("warroom.colour." + std::string(colour_id(static_cast<Colour>(c))));
  for (int r = 0; r < kResources; ++r) out.insert("warroom.resource." + std::string(resource_id(static_cast<Resource>(r))));
  for (int z = 0; z < kZones; ++z) out.insert("warroom.zone." + std::string(zone_id(static_cast<Zone>(z))));
  for (const char* b : {"fresh", "light", "damaged", "eliminated"}) out.insert(std::string("warroom.box.") + b);
  return out;
}
const std::vector<std::string> kNamePrefixes = {"warroom.nation.", "warroom.unit.", "warroom.units.", "warroom.stance.", "warroom.colour.",
                                                "warroom.resource.", "warroom.zone.", "warroom.box."};
bool is_name(const std::string& k) {
  for (const std::string& p : kNamePrefixes)
    if (k.starts_with(p)) return true;
  return false;
}

TEST(WarRoomI18n, EveryKeyTheCodeNamesIsInTheEnglishCatalogue) {
  const std::string code = warroom_code();
  int named = 0;
  for (std::size_t pos = 0; (pos = code.find("\"warroom.", pos)) != std::string::npos;) {
    const std::size_t end = code.find('"', pos + 1);
    const std::string key = code.substr(pos + 1, end - pos - 1);
    pos = end + 1;
    if (key.back() == '.' || key.find_first_of(" <>") != std::string::npos) continue;  // a name's prefix, or a comment's pattern
    ++named;
    EXPECT_TRUE(catalogues().contains("en", key)) << key << " is named by warroom/ but not in data/i18n/warroom/en.json";
  }
  EXPECT_GT(named, 150);
}

TEST(WarRoomI18n, EveryMessageOfTheCatalogueIsUsedByTheCode) {
  const std::string code = warroom_code();
  const std::set<std::string> names = name_keys();
  for (const std::string& k : base_keys()) {
    if (is_name(k)) {
      EXPECT_TRUE(names.count(k)) << k << " names nothing of data/warroom";
      continue;
    }
    EXPECT_NE(code.find('"' + k + '"'), std::string::npos) << k << " is used by no code of warroom/";
  }
}

TEST(WarRoomI18n, EveryDatumHasItsEnglishName) {
  for (const std::string& k : name_keys()) EXPECT_TRUE(catalogues().contains("en", k)) << k;
  const Data& d = *data();
  for (int n = 0; n < kNations; ++n)
    EXPECT_EQ(catalogues().tr("en", "warroom.nation." + std::string(nation_id(static_cast<Nation>(n)))), d.nations[static_cast<std::size_t>(n)].name);
  for (const UnitInfo& u : d.units) {
    EXPECT_EQ(catalogues().tr("en", "warroom.unit." + u.id), u.name);
    for (int k = 0; k < u.stances; ++k)
      EXPECT_EQ(catalogues().tr("en", "warroom.stance." + u.stance[static_cast<std::size_t>(k)].id), u.stance[static_cast<std::size_t>(k)].name);
  }
}

TEST(WarRoomI18n, PluralMessagesHaveEveryEnglishForm) {
  const auto& entries = catalogues().find("en")->entries();
  for (const auto& [k, text] : entries) {
    if (core::i18n::base_key(k) == k) continue;
    for (core::i18n::Plural p : core::i18n::plural_categories("en"))
      EXPECT_TRUE(entries.count(core::i18n::plural_key(core::i18n::base_key(k), p))) << k;
  }
}

// Random games of every scenario, worded in every language the interface has: no line is empty or
// holds an unresolved key or placeholder; Italian and Russian read as English until translated.
TEST(WarRoomI18n, RandomGamesReadInEveryLanguage) {
  for (const char* scenario : {"war-in-europe", "global-war"}) {
    const Scenario* sc = data()->find_scenario(scenario);
    ASSERT_NE(sc, nullptr);
    Options o;
    o.round_limit = 2;
    const Game g(data(), *sc, sc->seat_tables.back().players, o);
    State s = g.new_game();
    core::LogBuffer log;
    core::Rng chance(7), choices(8);
    RandomBot bot;
    std::set<std::string> texts;
    const auto check = [&](const core::i18n::Message& m, const std::string& what) {
      const std::string en = catalogues().render("en", m);
      EXPECT_FALSE(en.empty()) << what;
      EXPECT_EQ(en.find("{{"), std::string::npos) << what << ": " << en;
      EXPECT_EQ(en.find("warroom."), std::string::npos) << what << ": " << en;
      for (const char* lang : {"it", "ru"}) EXPECT_EQ(catalogues().render(lang, m), en);
      texts.insert(en);
    };
    for (int n = 0; g.node_kind(s) != core::NodeKind::Terminal && n < 4000; ++n) {
      check(g.phase_message(s), "phase");
      if (g.node_kind(s) == core::NodeKind::Chance) {
        core::OutcomeList outcomes;
        g.chance_outcomes(s, outcomes);
        g.apply(s, core::kChance, core::sample_outcome(outcomes, chance), &log);
        continue;
      }
      const core::SeatMask acting = g.acting_seats(s);
      core::Seat seat = 0;
      while (!(acting & core::seat_bit(seat))) ++seat;
      core::ActionList legal;
      g.legal_actions(s, seat, legal);
      for (core::Action a : legal) check(g.action_message(s, seat, a), g.action_to_string(s, seat, a));
      g.apply(s, seat, bot.choose(g, g.observe(s, seat), seat, choices), &log);
    }
    for (const core::LogEntry& e : log.entries()) {
      check(g.log_message(e), "log");
      EXPECT_EQ(g.describe(e), catalogues().render("en", g.log_message(e)));
    }
    EXPECT_GT(log.size(), 50u) << scenario;
    EXPECT_GT(texts.size(), 100u) << scenario;
  }
}

TEST(WarRoomI18n, ALogEntryNamesItsRuleAndItsNationInWords) {
  const Game g = europe();
  const core::LogEntry moved{"Phase 3 > Step 2. Resolve Movement in Turn Order", 0, static_cast<std::uint16_t>(Event::Moved),
                             {GER, 7, region("G1"), region("G2")}};
  const std::string line = g.describe(moved);
  EXPECT_EQ(line, "Phase 3 > Step 2. Resolve Movement in Turn Order: Germany moves Command 7 from " + data()->region(region("G1")).name +
                      " to " + data()->region(region("G2")).name);
  EXPECT_EQ(core::i18n::to_json(g.log_message(moved))["args"]["text"]["args"]["nation"]["key"], "warroom.nation.GER");
}

}  // namespace
}  // namespace warroom::testing
