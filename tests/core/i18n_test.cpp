// The catalogue machinery of core/i18n.h: CLDR plural rules, interpolation, lookup with fallback,
// the choice of language. The real catalogues of data/i18n are checked in tests/churchill/i18n_test.cpp.
#include "core/i18n.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace {

using core::i18n::Catalogue;
using core::i18n::Catalogues;
using core::i18n::Environment;
using core::i18n::Plural;
using core::i18n::plural_category;

TEST(I18nPlural, EnglishHasOneAndOther) {
  EXPECT_EQ(plural_category("en", 1), Plural::One);
  for (long long n : {0LL, 2LL, 5LL, 11LL, 21LL, 101LL, 1000000LL}) EXPECT_EQ(plural_category("en", n), Plural::Other) << n;
}

TEST(I18nPlural, ItalianHasOneManyAndOther) {
  EXPECT_EQ(plural_category("it", 1), Plural::One);
  for (long long n : {0LL, 2LL, 11LL, 21LL, 101LL, 999999LL, 1000001LL}) EXPECT_EQ(plural_category("it", n), Plural::Other) << n;
  // CLDR 38+: "1 milione di ..." — a non-zero multiple of a million is "many".
  for (long long n : {1000000LL, 2000000LL, 5000000000LL}) EXPECT_EQ(plural_category("it", n), Plural::Many) << n;
}

TEST(I18nPlural, RussianHasOneFewAndMany) {
  // CLDR ru: one = v0 & i%10=1 & i%100!=11; few = v0 & i%10=2..4 & i%100!=12..14; many = the other integers.
  for (long long n : {1LL, 21LL, 31LL, 101LL, 1001LL, 121LL}) EXPECT_EQ(plural_category("ru", n), Plural::One) << n;
  for (long long n : {2LL, 3LL, 4LL, 22LL, 23LL, 24LL, 102LL, 1004LL}) EXPECT_EQ(plural_category("ru", n), Plural::Few) << n;
  for (long long n : {0LL, 5LL, 9LL, 10LL, 11LL, 12LL, 13LL, 14LL, 15LL, 20LL, 25LL, 100LL, 111LL, 112LL, 114LL, 1000000LL})
    EXPECT_EQ(plural_category("ru", n), Plural::Many) << n;
  EXPECT_EQ(plural_category("ru", -1), Plural::One);
  EXPECT_EQ(plural_category("ru", -3), Plural::Few);
}

TEST(I18nPlural, EachLanguageListsTheCategoriesItsKeysNeed) {
  using V = std::vector<Plural>;
  EXPECT_EQ(core::i18n::plural_categories("en"), (V{Plural::One, Plural::Other}));
  EXPECT_EQ(core::i18n::plural_categories("it"), (V{Plural::One, Plural::Many, Plural::Other}));
  EXPECT_EQ(core::i18n::plural_categories("ru"), (V{Plural::One, Plural::Few, Plural::Many, Plural::Other}));
  // Every count of 0..200 falls in a listed category.
  for (const char* lang : {"en", "it", "ru"})
    for (long long n = 0; n <= 200; ++n) {
      const auto cats = core::i18n::plural_categories(lang);
      EXPECT_NE(std::find(cats.begin(), cats.end(), plural_category(lang, n)), cats.end()) << lang << " " << n;
    }
}

TEST(I18nInterpolate, ReplacesNamedPlaceholders) {
  EXPECT_EQ(core::i18n::interpolate("{{power}} plays {{card}} ({{value}})", {{"power", "UK"}, {"card", "Portal"}, {"value", "1"}}),
            "UK plays Portal (1)");
  EXPECT_EQ(core::i18n::interpolate("{{ a }}+{{a}}", {{"a", "x"}}), "x+x");
  EXPECT_EQ(core::i18n::interpolate("no placeholders", {{"a", "x"}}), "no placeholders");
}

TEST(I18nInterpolate, LeavesUnknownAndBrokenPlaceholdersAlone) {
  EXPECT_EQ(core::i18n::interpolate("{{missing}} and {{a}}", {{"a", "x"}}), "{{missing}} and x");
  EXPECT_EQ(core::i18n::interpolate("open {{a", {{"a", "x"}}), "open {{a");
  // A value is not interpolated again.
  EXPECT_EQ(core::i18n::interpolate("{{a}}", {{"a", "{{b}}"}, {"b", "y"}}), "{{b}}");
}

TEST(I18nInterpolate, ListsPlaceholdersOnce) {
  EXPECT_EQ(core::i18n::placeholders("{{a}} {{b}} {{ a }} {{count}}"), (std::vector<std::string>{"a", "b", "count"}));
}

Catalogues sample() {
  Catalogues c;
  c.add(Catalogue::from_json("en", R"({"term": {"issue": "Issue", "network_one": "{{count}} Clandestine Network",
      "network_other": "{{count}} Clandestine Networks"}, "only_en": "English only", "greet": "Hello {{name}}"})",
                             "en.json"));
  c.add(Catalogue::from_json("ru", R"({"term": {"issue": "Вопрос", "network_one": "{{count}} подпольная ячейка",
      "network_few": "{{count}} подпольные ячейки", "network_many": "{{count}} подпольных ячеек",
      "network_other": "{{count}} подпольной ячейки"}, "greet": "Привет, {{name}}"})",
                             "ru.json"));
  c.add(Catalogue::from_json("it", R"({"term": {"issue": "Argomento", "network_one": "{{count}} Rete Clandestina",
      "network_many": "{{count}} di Reti Clandestine", "network_other": "{{count}} Reti Clandestine", "zero_zero": "nessuna",
      "zero_other": "{{count}}"}})",
                             "it.json"));
  return c;
}

TEST(I18nCatalogue, NestedKeysAreDotted) {
  const Catalogues c = sample();
  EXPECT_EQ(c.tr("ru", "term.issue"), "Вопрос");
  EXPECT_EQ(c.tr("it", "term.issue"), "Argomento");
  EXPECT_EQ(c.tr("en", "greet", {{"name", "Winston"}}), "Hello Winston");
}

TEST(I18nCatalogue, PluralFormFollowsTheLanguage) {
  const Catalogues c = sample();
  EXPECT_EQ(c.tr("ru", "term.network", {}, 1), "1 подпольная ячейка");
  EXPECT_EQ(c.tr("ru", "term.network", {}, 3), "3 подпольные ячейки");
  EXPECT_EQ(c.tr("ru", "term.network", {}, 5), "5 подпольных ячеек");
  EXPECT_EQ(c.tr("ru", "term.network", {}, 11), "11 подпольных ячеек");
  EXPECT_EQ(c.tr("ru", "term.network", {}, 21), "21 подпольная ячейка");
  EXPECT_EQ(c.tr("ru", "term.network", {}, 22), "22 подпольные ячейки");
  EXPECT_EQ(c.tr("en", "term.network", {}, 1), "1 Clandestine Network");
  EXPECT_EQ(c.tr("en", "term.network", {}, 0), "0 Clandestine Networks");
  EXPECT_EQ(c.tr("it", "term.network", {}, 2), "2 Reti Clandestine");
  EXPECT_EQ(c.tr("it", "term.network", {}, 1000000), "1000000 di Reti Clandestine");
  // i18next: "_zero" wins for a count of 0 when it exists.
  EXPECT_EQ(c.tr("it", "term.zero", {}, 0), "nessuna");
  EXPECT_EQ(c.tr("it", "term.zero", {}, 4), "4");
}

TEST(I18nCatalogue, MissingKeyFallsBackToEnglishThenToTheKey) {
  const Catalogues c = sample();
  EXPECT_EQ(c.tr("ru", "only_en"), "English only");
  EXPECT_EQ(c.tr("de", "term.issue"), "Issue");  // a language without a catalogue
  EXPECT_EQ(c.tr("ru", "no.such.key"), "no.such.key");
  EXPECT_TRUE(c.contains("ru", "only_en"));
  EXPECT_TRUE(c.contains("ru", "term.network"));
  EXPECT_FALSE(c.contains("ru", "no.such.key"));
}

TEST(I18nCatalogue, BaseKeyDropsOnlyAPluralSuffix) {
  EXPECT_EQ(core::i18n::base_key("term.network_few"), "term.network");
  EXPECT_EQ(core::i18n::base_key("term.network_other"), "term.network");
  EXPECT_EQ(core::i18n::base_key("space.iwo_jima"), "space.iwo_jima");
  EXPECT_EQ(core::i18n::base_key("term.issue"), "term.issue");
}

TEST(I18nCatalogue, BadFilesAreRefusedWithTheirName) {
  EXPECT_THROW(Catalogue::from_json("en", "{", "x.json"), core::i18n::CatalogueError);
  EXPECT_THROW(Catalogue::from_json("en", "[1]", "x.json"), core::i18n::CatalogueError);
  try {
    Catalogue::from_json("en", R"({"a": {"b": 3}})", "x.json");
    FAIL() << "a number is not a message";
  } catch (const core::i18n::CatalogueError& e) {
    EXPECT_NE(std::string(e.what()).find("x.json: key \"a.b\""), std::string::npos) << e.what();
  }
  EXPECT_THROW(Catalogue::from_json("en", R"({"a.b": "x"})", "x.json"), core::i18n::CatalogueError);
}

TEST(I18nCatalogue, LoadReadsLanguageFilesAndNeedsEnglish) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("i18n_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "ru.json") << R"({"a": "б"})";
  std::ofstream(dir / "provenance.json") << R"({"not": {"a": 1}})";  // not a catalogue: ignored
  EXPECT_THROW(Catalogues::load(dir), core::i18n::CatalogueError);
  std::ofstream(dir / "en.json") << R"({"a": "b"})";
  const Catalogues c = Catalogues::load(dir);
  EXPECT_EQ(c.languages(), (std::vector<std::string>{"en", "ru"}));
  EXPECT_EQ(c.tr("ru", "a"), "б");
  std::filesystem::remove_all(dir);
  EXPECT_THROW(Catalogues::load(dir), core::i18n::CatalogueError);
}

TEST(I18nLanguage, LocaleNamesGiveTheirLanguage) {
  EXPECT_EQ(core::i18n::language_of_locale("ru_RU.UTF-8"), "ru");
  EXPECT_EQ(core::i18n::language_of_locale("it-IT"), "it");
  EXPECT_EQ(core::i18n::language_of_locale("EN_gb"), "en");
  EXPECT_EQ(core::i18n::language_of_locale("C.UTF-8"), "");
  EXPECT_EQ(core::i18n::language_of_locale("POSIX"), "");
  EXPECT_EQ(core::i18n::language_of_locale(""), "");
}

TEST(I18nLanguage, FlagThenLcAllThenLcMessagesThenLang) {
  const std::vector<std::string> langs = {"en", "it", "ru"};
  EXPECT_EQ(core::i18n::choose_language("ru", {"it_IT.UTF-8", nullptr, nullptr}, langs), "ru");
  EXPECT_EQ(core::i18n::choose_language("", {"it_IT.UTF-8", "ru_RU.UTF-8", "en_US"}, langs), "it");
  EXPECT_EQ(core::i18n::choose_language("", {"", "ru_RU.UTF-8", "it_IT"}, langs), "ru");
  EXPECT_EQ(core::i18n::choose_language("", {nullptr, nullptr, "it_IT.UTF-8"}, langs), "it");
  EXPECT_EQ(core::i18n::choose_language("", {nullptr, nullptr, nullptr}, langs), "en");
  // The deciding variable names a language without a catalogue: English, not the next variable.
  EXPECT_EQ(core::i18n::choose_language("", {nullptr, "de_DE.UTF-8", "ru_RU.UTF-8"}, langs), "en");
  EXPECT_EQ(core::i18n::choose_language("", {nullptr, nullptr, "C"}, langs), "en");
}

TEST(I18nLanguage, GnuLanguageListComesBeforeTheLocaleVariablesAndTheFlagBeforeAll) {
  const std::vector<std::string> langs = {"en", "it", "ru"};
  EXPECT_EQ(core::i18n::choose_language("", {"it_IT.UTF-8", nullptr, nullptr, "ru:en"}, langs), "ru");
  EXPECT_EQ(core::i18n::choose_language("", {nullptr, nullptr, "en_US.UTF-8", "de:it_IT:ru"}, langs), "it");  // the first with a catalogue
  EXPECT_EQ(core::i18n::choose_language("", {nullptr, nullptr, "ru_RU.UTF-8", "de:fr"}, langs), "ru");        // none: the locale decides
  EXPECT_EQ(core::i18n::choose_language("", {nullptr, nullptr, "ru_RU.UTF-8", ""}, langs), "ru");
  EXPECT_EQ(core::i18n::choose_language("it", {nullptr, nullptr, nullptr, "ru"}, langs), "it");
}

// A message's arguments are worded first, in the same language, then the message itself; its JSON
// form (what the web client words with i18next) reads back as the same message.
TEST(I18nMessages, NestedArgumentsAreWordedInTheReadersLanguageAndSurviveJson) {
  Catalogues c;
  c.add(Catalogue::from_json("en", R"j({"power": {"UK": "UK"}, "m": "{{power}} gains {{count}} {{what}}",
                                        "net_one": "network", "net_other": "networks"})j",
                             "en"));
  c.add(Catalogue::from_json("ru", R"j({"power": {"UK": "Великобритания"}, "m": "{{power}}: {{what}} ({{count}})",
                                        "net_one": "ячейка", "net_few": "ячейки", "net_many": "ячеек", "net_other": "ячейки"})j",
                             "ru"));
  core::i18n::Message net{"net", {}, {}, {}};
  net.counted(3);
  core::i18n::Message m{"m", {}, {}, {}};
  m.name("power", "power.UK").with("what", net).counted(3);
  EXPECT_EQ(c.render("en", m), "UK gains 3 networks");
  EXPECT_EQ(c.render("ru", m), "Великобритания: ячейки (3)");
  const core::i18n::Message back = core::i18n::message_from_json(core::i18n::to_json(m));
  EXPECT_EQ(c.render("ru", back), c.render("ru", m));
  EXPECT_EQ(core::i18n::to_json(core::i18n::Message::plain("5.24")), "5.24");
  EXPECT_EQ(c.render("ru", core::i18n::Message{"nowhere", {}, {}, {}}), "nowhere");
  EXPECT_THROW(core::i18n::message_from_json(nlohmann::json::array()), core::i18n::CatalogueError);
}

TEST(I18nLanguage, AnUnknownFlagIsAnErrorListingTheLanguages) {
  try {
    core::i18n::choose_language("de", {}, {"en", "it", "ru"});
    FAIL() << "--lang de has no catalogue";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("en, it, ru"), std::string::npos) << e.what();
  }
  EXPECT_THROW(core::i18n::choose_language("x", {}, {"en"}), std::invalid_argument);
}

}  // namespace
