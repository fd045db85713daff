// War Room's display texts are catalogue messages (docs/i18n.md): every key the code names is in
// data/i18n/warroom/en.json, every message there is used by the code, every datum that messages name
// has its name, and games worded from the catalogue leave no key or placeholder unresolved.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/log.h"
#include "tests/warroom/engine_fixture.h"
#include "warroom/i18n_text.h"
#include "warroom/title.h"

namespace warroom::testing {
namespace {

const std::filesystem::path kSourceDir = std::filesystem::path(WARROOM_TEST_DATA_DIR).parent_path().parent_path();

const core::i18n::Catalogues& catalogues() { return *data()->catalogues; }

std::set<std::string> base_keys() {
  std::set<std::string> out;
  for (const auto& [k, text] : catalogues().find("en")->entries()) out.insert(std::string(core::i18n::base_key(k)));
  return out;
}

// The text forms of the code that words War Room: every source file of warroom/, and the web
// client's War Room modules (web/src/titles/warroom*.ts), which word some of the view's structure.
std::string warroom_code() {
  std::string code;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(kSourceDir / "warroom"))
    if (entry.path().extension() == ".cpp" || entry.path().extension() == ".h") files.push_back(entry.path());
  for (const auto& entry : std::filesystem::directory_iterator(kSourceDir / "web" / "src" / "titles"))
    if (entry.path().filename().string().starts_with("warroom") && entry.path().extension() == ".ts") files.push_back(entry.path());
  for (const auto& path : files) {
    std::ifstream in(path);
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
  for (Nation n : kAllNations) out.insert("warroom.nation." + std::string(nation_id(n)));
  for (Nation n : kAllNations) out.insert("warroom.nationality." + std::string(nation_id(n)));
  for (const UnitInfo& u : d.units) {
    out.insert("warroom.unit." + u.id);
    out.insert("warroom.units." + u.id);  // a count of them: "2 Fighters"
    for (int k = 0; k < u.stances; ++k) out.insert("warroom.stance." + u.stance[static_cast<std::size_t>(k)].id);
  }
  for (int c = 0; c < kColours; ++c) out.insert("warroom.colour." + std::string(colour_id(static_cast<Colour>(c))));
  for (int r = 0; r < kResources; ++r) out.insert("warroom.resource." + std::string(resource_id(static_cast<Resource>(r))));
  for (int z = 0; z < kZones; ++z) out.insert("warroom.zone." + std::string(zone_id(static_cast<Zone>(z))));
  for (const char* b : {"fresh", "light", "damaged", "eliminated"}) out.insert(std::string("warroom.box.") + b);
  for (int r = 1; r < kCancelReasons; ++r) {  // CancelReason::None has no words
    out.insert(std::string("warroom.cancel_reason.") + cancel_reason_id(static_cast<CancelReason>(r)));
    out.insert(std::string("warroom.cancel_reason_brief.") + cancel_reason_id(static_cast<CancelReason>(r)));
  }
  return out;
}
const std::vector<std::string> kNamePrefixes = {"warroom.nation.",   "warroom.nationality.",   "warroom.unit.",
                                                "warroom.units.",    "warroom.stance.",        "warroom.colour.",
                                                "warroom.resource.", "warroom.zone.",          "warroom.box.",
                                                "warroom.scenario.", "warroom.cancel_reason.", "warroom.cancel_reason_brief."};
bool is_name(const std::string& k) {
  for (const std::string& p : kNamePrefixes)
    if (k.starts_with(p)) return true;
  return false;
}

// The languages War Room is translated into (data/i18n/warroom/<language>.json): the project's
// translations, as War Room has no Italian or Russian edition (data/i18n/warroom/provenance.json).
const std::vector<std::string> kTranslations = {"it", "ru"};

// What a translation lacks or gets wrong against English, one line each: an English message it has
// not, a message English has not, a placeholder dropped or added (a plural form is compared with the
// English "other" form; "{{count}}" may be left out), a message given a count in English without
// every CLDR plural form of the language, or a message both plain and plural.
std::vector<std::string> translation_problems(const core::i18n::Catalogue& en, const core::i18n::Catalogue& tr) {
  namespace i18n = core::i18n;
  std::vector<std::string> out;
  const auto bases = [](const i18n::Catalogue& c) {
    std::set<std::string> s;
    for (const auto& [k, text] : c.entries()) s.insert(std::string(i18n::base_key(k)));
    return s;
  };
  const auto plural = [](const i18n::Catalogue& c, const std::string& base) {
    for (int p = 0; p <= static_cast<int>(i18n::Plural::Other); ++p)
      if (c.find(i18n::plural_key(base, static_cast<i18n::Plural>(p)))) return true;
    return false;
  };
  const std::set<std::string> en_bases = bases(en), tr_bases = bases(tr);
  for (const std::string& b : en_bases)
    if (!tr_bases.count(b)) out.push_back("missing " + b);
  for (const std::string& b : tr_bases) {
    if (!en_bases.count(b)) {
      out.push_back("not in English " + b);
      continue;
    }
    const bool is_plural = plural(tr, b);
    if (is_plural && tr.find(b)) out.push_back("both plain and plural " + b);
    if (!is_plural && !plural(en, b)) continue;
    for (i18n::Plural p : i18n::plural_categories(tr.language()))
      if (!tr.find(i18n::plural_key(b, p))) out.push_back("no _" + std::string(i18n::plural_name(p)) + " form " + b);
  }
  const auto names = [](const std::string& text) {
    const std::vector<std::string> v = i18n::placeholders(text);
    std::set<std::string> s(v.begin(), v.end());
    s.erase("count");
    return s;
  };
  for (const auto& [k, text] : tr.entries()) {
    const std::string base(i18n::base_key(k));
    const std::string* other = en.find(i18n::plural_key(base, i18n::Plural::Other));
    const std::string* reference = en.find(k) ? en.find(k) : other ? other : en.find(base);
    if (reference && names(text) != names(*reference)) out.push_back("placeholders differ " + k);
  }
  return out;
}

TEST(WarRoomI18n, EnglishItalianAndRussianAreThere) {
  EXPECT_EQ(catalogues().languages(), (std::vector<std::string>{"en", "it", "ru"}));
  EXPECT_EQ(make_title(WARROOM_TEST_DATA_DIR)->languages(), (std::vector<std::string>{"en", "it", "ru"}));  // the title is played in them
}

TEST(WarRoomI18n, EveryTranslationHasEveryEnglishMessageWithItsPlaceholdersAndPluralForms) {
  for (const std::string& lang : kTranslations) {
    const core::i18n::Catalogue* tr = catalogues().find(lang);
    ASSERT_NE(tr, nullptr) << "no data/i18n/warroom/" << lang << ".json";
    for (const std::string& problem : translation_problems(*catalogues().find("en"), *tr)) ADD_FAILURE() << lang << ": " << problem;
    EXPECT_GT(tr->entries().size(), catalogues().find("en")->entries().size()) << lang << " (its plural forms outnumber English's)";
  }
}

// The check above fails on each kind of fault: a message left out, a placeholder dropped, a plural
// form missing (Russian needs _few and _many where English has _one and _other).
TEST(WarRoomI18n, ATranslationLackingAMessageAPlaceholderOrAPluralFormIsFound) {
  const auto en = core::i18n::Catalogue::from_json(
      "en", R"({"w": {"a": "{{nation}} moves", "b": "{{nation}} to {{region}}", "n_one": "{{count}} die", "n_other": "{{count}} dice"}})",
      "en");
  const auto ru = core::i18n::Catalogue::from_json(
      "ru", R"({"w": {"b": "{{nation}} →", "n_one": "{{count}} кубик", "n_other": "{{count}} кубика", "x": "лишнее"}})", "ru");
  const std::vector<std::string> problems = translation_problems(en, ru);
  EXPECT_EQ(problems, (std::vector<std::string>{"missing w.a", "no _few form w.n", "no _many form w.n", "not in English w.x",
                                                "placeholders differ w.b"}));
  EXPECT_TRUE(translation_problems(en, en).empty());
}

// data/i18n/warroom/provenance.json gives each message of each language (plural forms share their
// base key) its provenance and source, as data/i18n/provenance.json does for Churchill; War Room has
// no Italian or Russian edition, so every Italian and Russian message is the project's translation.
TEST(WarRoomI18n, EveryMessageHasItsProvenance) {
  std::ifstream in(kSourceDir / "data" / "i18n" / "warroom" / "provenance.json");
  ASSERT_TRUE(in) << "no data/i18n/warroom/provenance.json";
  const auto prov = nlohmann::json::parse(in);
  const std::set<std::string> valid = {"rulebook", "reconstructed", "translation", "project"};
  for (const std::string& lang : catalogues().languages()) {
    ASSERT_TRUE(prov.contains(lang)) << lang;
    std::set<std::string> keys;
    for (const auto& [k, text] : catalogues().find(lang)->entries()) keys.insert(std::string(core::i18n::base_key(k)));
    for (const std::string& k : keys) {
      ASSERT_TRUE(prov[lang].contains(k)) << lang << " " << k << " has no provenance";
      const std::string p = prov[lang][k].value("provenance", "");
      EXPECT_TRUE(valid.count(p)) << lang << " " << k << ": " << p;
      if (lang != "en") {
        EXPECT_EQ(p, "translation") << lang << " " << k;
      }
      EXPECT_FALSE(prov[lang][k].value("source", "").empty()) << lang << " " << k;
    }
    for (const auto& [k, p] : prov[lang].items()) EXPECT_TRUE(keys.count(k)) << "provenance of a message " << lang << ".json lacks: " << k;
  }
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
  std::set<std::string> names = name_keys();
  for (const Scenario& s : data()->scenarios) names.insert("warroom.scenario." + s.id + ".about");  // the lobby's, where written
  for (const std::string& k : base_keys()) {
    if (is_name(k)) {
      EXPECT_TRUE(names.count(k)) << k << " names nothing of data/warroom";
      continue;
    }
    const bool used = code.find('"' + k + '"') != std::string::npos || code.find('\'' + k + '\'') != std::string::npos;
    EXPECT_TRUE(used) << k << " is used by no code of warroom/ or web/src/titles/warroom*.ts";
  }
}

TEST(WarRoomI18n, EveryDatumHasItsEnglishName) {
  for (const std::string& k : name_keys()) EXPECT_TRUE(catalogues().contains("en", k)) << k;
  const Data& d = *data();
  for (Nation n : kAllNations) EXPECT_EQ(catalogues().tr("en", "warroom.nation." + std::string(nation_id(n))), d.nations[n].name);
  for (const UnitInfo& u : d.units) {
    EXPECT_EQ(catalogues().tr("en", "warroom.unit." + u.id), u.name);
    for (int k = 0; k < u.stances; ++k)
      EXPECT_EQ(catalogues().tr("en", "warroom.stance." + u.stance[static_cast<std::size_t>(k)].id),
                u.stance[static_cast<std::size_t>(k)].name);
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

// Random games of every scenario, worded in every language: no line is empty or holds an unresolved
// key or placeholder, and every Italian and Russian line is worded in its language (not English).
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
      for (const std::string& lang : kTranslations) {
        const std::string tr = catalogues().render(lang, m);
        EXPECT_EQ(tr.find("{{"), std::string::npos) << lang << " " << what << ": " << tr;
        EXPECT_EQ(tr.find("warroom."), std::string::npos) << lang << " " << what << ": " << tr;
        EXPECT_NE(tr, en) << lang << " " << what << " reads English";
      }
      texts.insert(en);
    };
    const auto checked = [&](const State& at) {  // every position's phase, every choice's actions
      check(g.phase_message(at), "phase");
      return g.node_kind(at) == core::NodeKind::Terminal;
    };
    test_support::play_until(
        g, s, checked, chance,
        [&](const State& at, core::Seat seat) {
          core::ActionList legal;
          g.legal_actions(at, seat, legal);
          for (core::Action a : legal) check(g.action_message(at, seat, a), g.action_to_string(at, seat, a));
          return bot.choose(g, g.observe(at, seat), seat, choices);
        },
        4000, &log);
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
  const core::LogEntry moved{"Phase 3 > Step 2. Resolve Movement in Turn Order",
                             0,
                             static_cast<std::uint16_t>(Event::Moved),
                             {index(GER), 7, index(region("G1")), index(region("G2"))}};
  const std::string line = g.describe(moved);
  EXPECT_EQ(line, "Phase 3 > Step 2. Resolve Movement in Turn Order: Germany moves Command 7 from " + data()->region(region("G1")).name +
                      " to " + data()->region(region("G2")).name);
  EXPECT_EQ(core::i18n::to_json(g.log_message(moved))["args"]["text"]["args"]["nation"]["key"], "warroom.nation.GER");
}

}  // namespace
}  // namespace warroom::testing
