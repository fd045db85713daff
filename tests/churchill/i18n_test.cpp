// The catalogues of data/i18n (docs/i18n.md): every message in every language, plural forms per
// CLDR, the same placeholders everywhere, provenance on each entry, a name for every datum, log
// keys used by the code, and the log worded in each language.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <tuple>

#include "churchill/game.h"
#include "churchill/i18n_names.h"
#include "churchill/rules.h"
#include "churchill/title.h"
#include "churchill/view.h"
#include "cli/rules_text.h"
#include "core/i18n.h"
#include "core/rng.h"
#include "core/session.h"
#include "tests/support/command.h"
#include "tests/support/play_until.h"

namespace {

namespace i18n = core::i18n;
using churchill::Data;
using churchill::LocationId;
using churchill::Names;
using churchill::SpaceId;
using churchill::TheaterId;

const std::filesystem::path kDataDir = CHURCHILL_TEST_DATA_DIR;
const std::filesystem::path kSourceDir = kDataDir.parent_path().parent_path();
const std::filesystem::path kCatalogueDir = kSourceDir / "data" / "i18n";
const std::vector<std::string> kLanguages = {"en", "it", "ru"};

const Data& data() {
  static const Data d = churchill::load_data(kDataDir);
  return d;
}

const i18n::Catalogues& catalogues() {
  static const i18n::Catalogues c = i18n::Catalogues::load(kCatalogueDir);
  return c;
}

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The message keys of a language without plural suffixes.
std::set<std::string> base_keys(const std::string& lang) {
  std::set<std::string> keys;
  for (const auto& [key, text] : catalogues().find(lang)->entries()) keys.insert(std::string(i18n::base_key(key)));
  return keys;
}

bool is_plural(const std::string& lang, const std::string& base) {
  return catalogues().find(lang)->find(i18n::plural_key(base, i18n::Plural::Other)) != nullptr;
}

TEST(I18nCatalogues, EnglishItalianAndRussianAreThere) {
  EXPECT_EQ(catalogues().languages(), kLanguages);
  EXPECT_EQ(churchill::load_catalogues(kDataDir).languages(), kLanguages);
}

TEST(I18nCatalogues, AKeyMissingInAnyLanguageFails) {
  std::set<std::string> all;
  for (const auto& lang : kLanguages)
    for (const auto& k : base_keys(lang)) all.insert(k);
  for (const auto& lang : kLanguages) {
    const auto keys = base_keys(lang);
    for (const auto& k : all) EXPECT_TRUE(keys.count(k)) << lang << ".json has no \"" << k << "\"";
  }
}

TEST(I18nCatalogues, NoMessageIsEmptyOrUntrimmed) {
  for (const auto& lang : kLanguages)
    for (const auto& [key, text] : catalogues().find(lang)->entries()) {
      EXPECT_FALSE(text.empty()) << lang << " " << key;
      if (!text.empty()) {
        EXPECT_TRUE(text.front() != ' ' && text.back() != ' ') << lang << " " << key << ": \"" << text << "\"";
      }
    }
}

TEST(I18nCatalogues, PluralMessagesHaveEveryCldrFormOfTheirLanguage) {
  int plurals = 0;
  for (const auto& lang : kLanguages) {
    const i18n::Catalogue& c = *catalogues().find(lang);
    for (const auto& base : base_keys(lang)) {
      const bool plain = c.find(base) != nullptr;
      bool any_form = false;
      for (int p = 0; p <= static_cast<int>(i18n::Plural::Other); ++p)
        any_form |= c.find(i18n::plural_key(base, static_cast<i18n::Plural>(p))) != nullptr;
      EXPECT_FALSE(plain && any_form) << lang << " " << base << ": both a plain and a plural message";
      if (!any_form) continue;
      ++plurals;
      for (i18n::Plural p : i18n::plural_categories(lang))
        EXPECT_TRUE(c.find(i18n::plural_key(base, p))) << lang << " " << base << " lacks _" << i18n::plural_name(p);
      // The same key is plural in every language.
      for (const auto& other : kLanguages) EXPECT_TRUE(is_plural(other, base)) << base << " is plural in " << lang << ", not in " << other;
    }
  }
  EXPECT_GT(plurals, 10);
}

TEST(I18nCatalogues, EveryLanguageUsesTheSamePlaceholders) {
  const i18n::Catalogue& en = *catalogues().find("en");
  for (const auto& lang : kLanguages) {
    const i18n::Catalogue& c = *catalogues().find(lang);
    for (const auto& [key, text] : c.entries()) {
      // A plural form is compared with the English "other" form ("{{count}}" may be left out).
      const std::string base(i18n::base_key(key));
      const std::string* reference = en.find(key) ? en.find(key) : en.find(i18n::plural_key(base, i18n::Plural::Other));
      ASSERT_NE(reference, nullptr) << lang << " " << key << " has no English counterpart";
      auto names = [](const std::string& t) {
        auto v = i18n::placeholders(t);
        std::set<std::string> s(v.begin(), v.end());
        s.erase("count");
        return s;
      };
      EXPECT_EQ(names(text), names(*reference)) << lang << " " << key << ": \"" << text << "\"";
    }
  }
}

TEST(I18nCatalogues, EveryEntryHasItsProvenance) {
  const auto prov = nlohmann::json::parse(read(kCatalogueDir / "provenance.json"));
  const std::set<std::string> valid = {"rulebook", "rulebook-it", "rulebook-ru", "reconstructed", "translation", "project"};
  for (const auto& lang : kLanguages) {
    ASSERT_TRUE(prov.contains(lang)) << lang;
    const auto keys = base_keys(lang);
    for (const auto& k : keys) {
      ASSERT_TRUE(prov[lang].contains(k)) << lang << " " << k << " has no provenance";
      const auto& p = prov[lang][k];
      EXPECT_TRUE(valid.count(p.value("provenance", ""))) << lang << " " << k;
      EXPECT_FALSE(p.value("source", "").empty()) << lang << " " << k;
      // An edition's label only on that edition's own text (English carries the data's labels).
      const std::string other_edition = lang == "it" ? "rulebook-ru" : lang == "ru" ? "rulebook-it" : "";
      EXPECT_NE(p.value("provenance", ""), other_edition) << lang << " " << k;
    }
    for (const auto& [k, p] : prov[lang].items()) EXPECT_TRUE(keys.count(k)) << "provenance of a message " << lang << ".json lacks: " << k;
  }
}

TEST(I18nCatalogues, TheEditionsTermsAreUsed) {
  // The words of the Italian and Russian rulebooks, not others (3.34, 7.1, 7.3, 5.24).
  const auto& c = catalogues();
  EXPECT_EQ(c.tr("it", "term.issue"), "Argomento");
  EXPECT_EQ(c.tr("it", "term.clandestine_network", {}, 1), "Rete Clandestina");
  EXPECT_EQ(c.tr("it", "term.political_alignment", {}, 2), "segnalini Allineamento Politico");
  EXPECT_EQ(c.tr("it", "term.debate"), "Controbattere");
  EXPECT_EQ(c.tr("ru", "term.issue"), "Вопрос");
  EXPECT_EQ(c.tr("ru", "term.clandestine_network", {}, 1), "подпольная ячейка");
  EXPECT_EQ(c.tr("ru", "term.clandestine_network", {}, 3), "подпольные ячейки");
  EXPECT_EQ(c.tr("ru", "term.clandestine_network", {}, 5), "подпольных ячеек");
  EXPECT_EQ(c.tr("ru", "term.political_alignment", {}, 1), "маркер политического контроля");
  EXPECT_EQ(c.tr("ru", "term.debate"), "Оспаривание");
}

TEST(I18nNames, EveryDatumHasANameInEveryLanguage) {
  const auto keys = churchill::entity_name_keys(data());
  EXPECT_GT(keys.size(), 150u);
  for (const auto& lang : kLanguages) {
    const i18n::Catalogue& c = *catalogues().find(lang);
    for (const auto& k : keys) {
      const std::string* text = c.find(k);
      EXPECT_TRUE(text && !text->empty()) << lang << ".json names nothing for " << k;
    }
  }
}

TEST(I18nNames, CardTextsOfficesAndVictoryConditionsInEveryLanguage) {
  const Data& d = data();
  for (const auto& lang : kLanguages) {
    const i18n::Catalogue& c = *catalogues().find(lang);
    for (churchill::LeaderId l : d.leaders.ids()) EXPECT_TRUE(c.find(churchill::leader_key(d, l) + ".text")) << lang;
    for (churchill::Power p : churchill::kAllPowers)
      for (int k = 0; k < static_cast<int>(d.staff[p].size()); ++k) {
        EXPECT_TRUE(c.find(churchill::staff_key(d, p, k) + ".office")) << lang << " " << churchill::staff_key(d, p, k);
        EXPECT_TRUE(c.find(churchill::staff_key(d, p, k) + ".text")) << lang << " " << churchill::staff_key(d, p, k);
      }
    for (const auto& v : d.victory) EXPECT_TRUE(c.find(churchill::victory_key(v) + ".text")) << lang << " " << v.id;
    for (int r = 0; r < churchill::kReserveKinds; ++r)
      EXPECT_TRUE(c.find(churchill::reserve_key(static_cast<churchill::ReserveKind>(r)))) << lang;
  }
}

TEST(I18nNames, EnglishNamesAreTheDataSetsNames) {
  const Data& d = data();
  const Names en(d, catalogues(), "en");
  for (int i = 0; i < static_cast<int>(d.issues.size()); ++i) EXPECT_EQ(en.issue(i), d.issues[churchill::issue_at(i)].name);
  for (SpaceId sp : d.spaces.ids()) EXPECT_EQ(en.space(sp), d.spaces[sp].name);
  for (LocationId l : d.locations.ids()) EXPECT_EQ(en.location(l), d.locations[l].name);
  for (churchill::FrontId f : d.fronts.ids()) EXPECT_EQ(en.front(f), d.fronts[f].name);
  for (TheaterId t : d.theaters.ids()) EXPECT_EQ(en.theater(t), d.theaters[t].name);
  for (churchill::LeaderId l : d.leaders.ids()) {
    EXPECT_EQ(en.leader(l), d.leaders[l].name);
    EXPECT_EQ(en.leader_text(l), d.leaders[l].text);
    EXPECT_EQ(en.leader_surname(l), d.leaders[l].surname);
  }
  for (churchill::Power p : churchill::kAllPowers)
    for (int k = 0; k < static_cast<int>(d.staff[p].size()); ++k) {
      const auto& card = d.staff[p][churchill::staff_at(k)];
      EXPECT_EQ(en.staff(p, k), card.name);
      EXPECT_EQ(en.tr(churchill::staff_key(d, p, k) + ".surname"), card.surname);
      EXPECT_EQ(en.staff_office(p, k), card.office);
      EXPECT_EQ(en.staff_text(p, k), card.text);
    }
  for (const auto& c : d.conferences) {
    EXPECT_EQ(en.conference(c.number), c.name);
    EXPECT_EQ(en.tr(churchill::conference_key(c.number) + ".place"), c.place);
    EXPECT_EQ(en.tr(churchill::conference_key(c.number) + ".date"), c.date);
  }
  for (churchill::AxisId a : d.axis.ids()) EXPECT_EQ(en.axis(a), d.axis[a].name);
  for (int i = 0; i < static_cast<int>(d.a_bomb.size()); ++i) EXPECT_EQ(en.a_bomb(i), d.a_bomb[static_cast<std::size_t>(i)].name);
  for (churchill::GlobalIssueId i : d.global_issues.ids()) {
    const auto& g = d.global_issues[i];
    EXPECT_EQ(en.global_issue(i), g.name);
    for (std::size_t k = 0; k < g.powers.size(); ++k)
      EXPECT_EQ(en.tr(churchill::global_issue_key(d, i) + ".advantage." + std::string(churchill::power_name(g.powers[k]))), g.advantage[k]);
  }
  for (const auto& sc : d.scenarios) EXPECT_EQ(en.tr(churchill::scenario_key(sc) + ".name"), sc.name);
  for (const auto& v : d.victory) EXPECT_EQ(en.tr(churchill::victory_key(v) + ".text"), v.text);
}

TEST(I18nNames, RulebookNamesInItalianAndRussian) {
  const Data& d = data();
  const Names it(d, catalogues(), "it"), ru(d, catalogues(), "ru");
  EXPECT_EQ(it.issue(churchill::index(d.issue("second-front"))), "Secondo Fronte");  // 6.2.1
  EXPECT_EQ(ru.issue(churchill::index(d.issue("second-front"))), "Второй фронт");    // 6.21
  EXPECT_EQ(it.space(d.space("rhineland")), "Renania");                              // 9.4 O
  EXPECT_EQ(ru.space(d.space("rhineland")), "Рейнская область");                     // 9.54
  EXPECT_EQ(it.location(d.location("baltic-states")), "Paesi Baltici");              // 6.11
  EXPECT_EQ(ru.location(d.location("baltic-states")), "Прибалтика");                 // 9.54
  EXPECT_EQ(ru.power(static_cast<int>(churchill::Power::USSR)), "СССР");
  EXPECT_EQ(it.power(static_cast<int>(churchill::Power::US)), "USA");
  EXPECT_EQ(ru.power(-1), "-");
  // Where the Italian edition prints a card, its text: the 8C green band and Beaverbrook.
  const churchill::ConferenceCardId tolstoy_c = d.conference_card("8c");
  ASSERT_NE(tolstoy_c, churchill::kNoConferenceCard);
  EXPECT_EQ(it.band_title(tolstoy_c, churchill::Band::Green), "Churchill/Mountbatten al Cairo");
  EXPECT_EQ(it.staff_text(churchill::Power::UK, 1), "Attributo: +2 al valore se Churchill è ancora attivo nella conferenza.");
  const churchill::ConferenceCardId first = churchill::conference_card_at(0);
  EXPECT_EQ(it.band_title(first, churchill::Band::Green), "Operazione Husky (Sicilia)");
  EXPECT_EQ(ru.band_title(first, churchill::Band::Green), "Операция «Хаски» (Сицилия)");
  // A band a catalogue lacks reads in English (the data's text), not as a key.
  i18n::Catalogues partial;
  partial.add(i18n::Catalogue::from_json("en", "{}", "en"));
  partial.add(i18n::Catalogue::from_json("it", "{}", "it"));
  const Names bare(d, partial, "it");
  EXPECT_EQ(bare.band_title(first, churchill::Band::Green), d.conference_cards[first].bands[0].title);
  EXPECT_EQ(bare.band_text(first, churchill::Band::Red), d.conference_cards[first].bands[1].text);
}

TEST(I18nNames, EveryConferenceCardBandInEveryLanguage) {
  const Data& d = data();
  for (const auto& lang : kLanguages) {
    const i18n::Catalogue& c = *catalogues().find(lang);
    for (const auto& card : d.conference_cards)
      for (int b = 0; b < churchill::kBands; ++b) {
        const std::string key = "conference_card." + card.id + "." + std::string(churchill::band_name(static_cast<churchill::Band>(b)));
        EXPECT_TRUE(c.find(key + ".title")) << lang << " " << key;
        EXPECT_TRUE(c.find(key + ".text")) << lang << " " << key;
        if (lang == "en") {
          EXPECT_EQ(*c.find(key + ".title"), card.bands[static_cast<std::size_t>(b)].title);
          EXPECT_EQ(*c.find(key + ".text"), card.bands[static_cast<std::size_t>(b)].text);
        }
      }
  }
}

// The web board's issue counters carry a short label in every language (issue.<id>.short, the
// abbreviation of the edition's name), short enough for the counter (the board shrinks a wider one).
TEST(I18nNames, EveryIssueHasAShortLabelInEveryLanguage) {
  for (const auto& lang : kLanguages)
    for (const auto& issue : data().issues) {
      const std::string key = "issue." + issue.id + ".short";
      ASSERT_TRUE(catalogues().contains(lang, key)) << lang << ": " << key;
      const std::string label = catalogues().tr(lang, key);
      const auto chars = std::count_if(label.begin(), label.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xc0) != 0x80; });
      EXPECT_LE(chars, 10) << lang << ": " << label;
      EXPECT_LT(chars, static_cast<long>(catalogues().tr(lang, "issue." + issue.id + ".name").size()))
          << lang << ": " << label << " is no abbreviation";
    }
}

// Every message about a datum names one the data set has: a renamed or removed id leaves no stale
// message behind (and EveryDatumHasANameInEveryLanguage finds the new one without a name).
TEST(I18nNames, NoMessageNamesADatumTheDataSetLacks) {
  const Data& d = data();
  std::set<std::string> expected;
  for (const auto& k : churchill::entity_name_keys(d)) expected.insert(k);
  for (churchill::Power p : churchill::kAllPowers) {
    expected.insert(churchill::power_key(p));
    expected.insert("characteristic." + std::string(churchill::power_name(p)));
    for (int k = 0; k < static_cast<int>(d.staff[p].size()); ++k) {
      expected.insert(churchill::staff_key(d, p, k) + ".office");
      expected.insert(churchill::staff_key(d, p, k) + ".surname");
      expected.insert(churchill::staff_key(d, p, k) + ".text");
    }
  }
  for (churchill::LeaderId l : d.leaders.ids())
    for (const char* field : {".text", ".surname"}) expected.insert(churchill::leader_key(d, l) + field);
  for (const auto& c : d.conferences) {
    expected.insert(churchill::conference_key(c.number) + ".place");
    expected.insert(churchill::conference_key(c.number) + ".date");
  }
  for (const auto& card : d.conference_cards)
    for (int b = 0; b < churchill::kBands; ++b)
      for (const char* field : {".title", ".text"})
        expected.insert("conference_card." + card.id + "." + std::string(churchill::band_name(static_cast<churchill::Band>(b))) + field);
  for (churchill::GlobalIssueId g : d.global_issues.ids())
    for (churchill::Power p : d.global_issues[g].powers)
      expected.insert(churchill::global_issue_key(d, g) + ".advantage." + std::string(churchill::power_name(p)));
  for (const auto& v : d.victory) expected.insert(churchill::victory_key(v) + ".text");
  for (const auto& issue : d.issues) expected.insert("issue." + issue.id + ".short");  // the web board's label
  for (int r = 0; r < churchill::kReserveKinds; ++r) expected.insert(churchill::reserve_key(static_cast<churchill::ReserveKind>(r)));
  const std::vector<std::string> data_prefixes = {"power.",  "characteristic.", "leader.",   "staff.",   "conference.", "conference_card.",
                                                  "issue.",  "theater.",        "axis.",     "space.",   "front.",      "location.",
                                                  "a_bomb.", "global_issue.",   "scenario.", "victory.", "reserve."};
  for (const auto& lang : kLanguages)
    for (const auto& k : base_keys(lang))
      for (const auto& prefix : data_prefixes)
        if (k.rfind(prefix, 0) == 0) {
          EXPECT_TRUE(expected.count(k)) << lang << ".json: " << k << " names no datum of data/churchill";
        }
}

// Every message of the interface is used by the code that words it, C++ or web, and every key the
// code names is in the catalogues (AKeyMissingInAnyLanguageFails then checks every language): a
// message no code uses, or a key no catalogue has, fails. A key is used where it is quoted whole,
// or where code builds it from a quoted beginning ("ui.card_kind." + kind, `action_kind.${k}`).
TEST(I18nLog, EveryInterfaceMessageIsUsedByTheCodeAndEveryKeyTheCodeNamesExists) {
  struct Use {
    std::string prefix;
    std::vector<std::string> files;  // from the source tree's root
  };
  const std::vector<std::string> web = {"web/src/i18n.ts",
                                        "web/src/game.ts",
                                        "web/src/log-panel.ts",
                                        "web/src/lobby.ts",
                                        "web/src/account.ts",
                                        "web/src/chat.ts",
                                        "web/src/main.ts",
                                        "web/src/titles/churchill.ts",
                                        "web/src/hint.ts",
                                        "web/src/replay.ts",
                                        "web/src/replay-jump.ts",
                                        "web/src/provenance.ts",
                                        "web/src/titles/churchill-map.ts",
                                        "web/src/titles/churchill-board.ts",
                                        "web/src/api.ts",
                                        "web/src/clock.ts",
                                        "web/src/notify.ts",
                                        "web/src/endings.ts"};
  const std::vector<Use> uses = {
      {"log.", {"churchill/i18n_log.cpp", "churchill/view_words.cpp"}},
      {"prompt.", {"churchill/game.cpp", "web/src/titles/churchill.ts"}},
      {"action.", {"churchill/i18n_actions.cpp"}},
      {"why.", {"churchill/explain.cpp"}},
      {"board.",
       {"churchill/view.cpp", "churchill/view_words.h", "churchill/view_words.cpp", "churchill/board_text.cpp",
        "web/src/titles/churchill.ts", "web/src/titles/churchill-board.ts", "web/src/titles/churchill-map.ts"}},
      {"note.", {"churchill/view.cpp"}},
      {"end.", {"churchill/view.cpp", "churchill/view_words.cpp"}},
      {"ui.play.", {"cli/play.cpp", "web/src/game.ts", "web/src/lobby.ts", "web/src/titles/churchill.ts"}},
      {"ui.card_kind.", {"cli/play.cpp", "web/src/titles/churchill.ts"}},
      {"ui.provenance.", {"cli/play.cpp", "web/src/titles/churchill.ts"}},
      {"ui.web.", web},
      {"action_kind.", web},
      {"server.notify.", {"server/notify.cpp"}},
  };
  for (const Use& u : uses) {
    std::string code;
    for (const std::string& f : u.files) {
      const std::string text = read(kSourceDir / f);
      ASSERT_FALSE(text.empty()) << f;
      code += text;
    }
    auto quoted = [&](const std::string& k) {
      for (const char* q : {"\"", "'", "`"})
        if (code.find(q + k + q) != std::string::npos) return true;
      return false;
    };
    auto built = [&](const std::string& k) {  // "ui.card_kind." + kind, `action_kind.${k}`
      for (std::size_t dot = k.find('.'); dot != std::string::npos; dot = k.find('.', dot + 1)) {
        const std::string begin = k.substr(0, dot + 1);
        if (begin.size() < u.prefix.size()) continue;
        if (code.find("\"" + begin + "\" +") != std::string::npos || code.find("`" + begin + "${") != std::string::npos) return true;
      }
      return false;
    };
    for (const auto& k : base_keys("en")) {
      if (k.rfind(u.prefix, 0) != 0) continue;
      const bool claimed = std::any_of(uses.begin(), uses.end(),
                                       [&](const Use& o) { return o.prefix.size() > u.prefix.size() && k.rfind(o.prefix, 0) == 0; });
      if (claimed) continue;  // a longer prefix's files use it
      EXPECT_TRUE(quoted(k) || built(k)) << k << " is used by none of " << u.files.front() << "...";
    }
    // And every key the code quotes whole exists (in English; every language has what English has).
    for (const char* q : {"\"", "'", "`"})
      for (std::size_t pos = 0; (pos = code.find(q + u.prefix, pos)) != std::string::npos;) {
        const std::size_t end_quote = code.find(q, pos + 1);
        const std::string key = code.substr(pos + 1, end_quote - pos - 1);
        pos = end_quote + 1;
        if (key.find_first_of(" ${}+*") != std::string::npos || key.back() == '.') continue;  // built, or a pattern in a comment
        EXPECT_TRUE(catalogues().contains("en", key)) << key << " is named by the code but in no catalogue";
      }
  }
}

// The reasons for few options (churchill/explain.cpp) read in English as explain.cpp words them.
TEST(I18nLog, TheReasonsForFewOptionsReadAsExplainWordsThem) {
  const std::string code = read(kSourceDir / "churchill/explain.cpp");
  int pairs = 0;
  for (std::size_t pos = 0; (pos = code.find("{\"why.", pos)) != std::string::npos; ++pairs) {
    const std::size_t key_end = code.find('"', pos + 2);
    const std::string key = code.substr(pos + 2, key_end - pos - 2);
    const std::size_t text_begin = code.find('"', key_end + 1) + 1;
    const std::string text = code.substr(text_begin, code.find("\"}", text_begin) - text_begin);
    EXPECT_EQ(catalogues().tr("en", key), text) << key;
    pos = text_begin;
  }
  EXPECT_GT(pairs, 10);
}

// The API's errors (server/api_error.h): every code the server gives (ErrorCode{"..."}, or a
// status's own code) has its message "server.error.<code>", and every such message is a code the
// server gives. The other languages have what English has (AKeyMissingInAnyLanguageFails).
TEST(I18nLog, EveryErrorCodeOfTheServerHasItsMessage) {
  std::string code;
  for (const auto& file : std::filesystem::directory_iterator(kSourceDir / "server")) code += read(file.path());
  std::set<std::string> given;
  for (const char* mark : {"ErrorCode{\"", "return \""})
    for (std::size_t pos = 0; (pos = code.find(mark, pos)) != std::string::npos;) {
      pos += std::string(mark).size();
      const std::string id = code.substr(pos, code.find('"', pos) - pos);
      if (!id.empty() && id.find_first_not_of("abcdefghijklmnopqrstuvwxyz_") == std::string::npos) given.insert(id);
    }
  EXPECT_GT(given.size(), 30u);
  for (const std::string& id : given)
    EXPECT_TRUE(catalogues().contains("en", "server.error." + id)) << id << " has no message server.error." << id;
  for (const auto& k : base_keys("en")) {
    if (k.rfind("server.error.", 0) == 0) {
      EXPECT_TRUE(given.count(k.substr(13))) << k << ": the server gives no such code";
    }
  }
}

// Plays random games and words their logs and phase lines: English, Italian and Russian leave no
// key or placeholder unresolved and begin with the entry's rule (Game::describe is the English).
TEST(I18nLog, RandomGamesReadInEveryLanguage) {
  const Data& d = data();
  const churchill::Game g(d);
  const Names en(d, catalogues(), "en"), it(d, catalogues(), "it"), ru(d, catalogues(), "ru");
  std::set<std::uint16_t> events;
  std::set<std::string> phases;
  std::set<core::Action> actions;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const churchill::Options options{seed % 2 == 0, false};
    churchill::State s = g.new_game(*d.scenario(seed % 2 ? "training" : "campaign"), options);
    core::LogBuffer log;
    core::Rng chance(seed), pick(seed * 7919);
    test_support::play_to_end(
        g, s, chance,
        [&](const churchill::State& at, core::Seat seat) {
          phases.insert(churchill::phase_text(g, at).substr(0, 4));
          for (const Names* n : {&en, &it, &ru}) {
            const std::string text = churchill::phase_text(*n, g, at);
            EXPECT_EQ(text.find("{{"), std::string::npos) << text;
            EXPECT_EQ(text.find("prompt."), std::string::npos) << text;
          }
          core::ActionList legal;
          g.legal_actions(at, seat, legal);
          // Every legal action has a display text in every language; Italian and Russian tell apart the
          // actions English tells apart (the two US Production counters read alike in every language).
          std::size_t distinct_in_english = 0;
          for (const Names* n : {&en, &it, &ru}) {
            std::set<std::string> texts;
            for (core::Action a : legal) {
              const std::string text = churchill::action_text(*n, at, seat, a);
              EXPECT_EQ(text.find("{{"), std::string::npos) << text;
              EXPECT_EQ(text.find("action."), std::string::npos) << text;
              texts.insert(text);
              actions.insert(a >> 24);
            }
            if (n == &en) distinct_in_english = texts.size();
            EXPECT_EQ(texts.size(), distinct_in_english) << "two actions read alike in " << n->language();
          }
          return legal[pick.below(static_cast<std::uint32_t>(legal.size()))];
        },
        40000, &log);
    for (const auto& e : log.entries()) {
      events.insert(e.event);
      for (const Names* n : {&en, &it, &ru}) {
        const std::string text = churchill::describe(*n, e);
        EXPECT_EQ(text.find("{{"), std::string::npos) << text;
        EXPECT_EQ(text.find("log."), std::string::npos) << text;
        EXPECT_EQ(text.rfind(std::string("[") + e.rule + "] ", 0), 0u) << text;
      }
    }
  }
  EXPECT_GT(events.size(), 30u);
  EXPECT_GE(phases.size(), 10u);   // distinct rule numbers of the phase lines met
  EXPECT_GE(actions.size(), 15u);  // distinct kinds of action worded
}

// A log entry of `event` under `rule`.
core::LogEntry entry(const char* rule, churchill::rules::Event event, std::array<std::int32_t, 4> args) {
  core::LogEntry e;
  e.rule = rule;
  e.event = static_cast<std::uint16_t>(event);
  e.args = args;
  return e;
}

// 5.11: support a conference card places is the card's, not a power's: the log names the card, never "-".
TEST(I18nLog, Rule_5_11_SupportPlacedByTheConferenceCardNamesTheCard) {
  const Data& d = data();
  const churchill::Game g(d);
  core::LogEntry e = entry("5.11", churchill::rules::Event::OffensivePlaced, {static_cast<int>(d.front("far-east")), -1, 0, 0});
  EXPECT_EQ(g.describe(e), "[5.11] the conference card places offensive support on the Far East Front");
  e.event = static_cast<std::uint16_t>(churchill::rules::Event::NavalPlaced);
  e.args = {static_cast<int>(d.theater("central-pacific")), -1, 0, 0};
  EXPECT_EQ(g.describe(e), "[5.11] the conference card places naval support in the Central Pacific Theater");
  for (const char* lang : {"it", "ru"}) EXPECT_EQ(churchill::describe(Names(d, catalogues(), lang), e).find(" - "), std::string::npos);
}

// 5.12: a Pol-Mil table roll says what it is for, so a removal with nothing to remove is not a mystery.
TEST(I18nLog, Rule_5_12_APolMilRollSaysWhatItIsFor) {
  const Data& d = data();
  const churchill::Game g(d);
  core::LogEntry e = entry("5.12", churchill::rules::Event::PolMilCell,
                           {3, 6, static_cast<int>(d.location("malaya")), static_cast<int>(churchill::PolMilAction::RemoveAlignment) + 1});
  EXPECT_EQ(g.describe(e), "[5.12] Pol-Mil table 3-6: Malaya, to remove Political Alignment markers (if there are none: no effect)");
  e.args[3] = static_cast<int>(churchill::PolMilAction::PlaceNetworks) + 1;
  EXPECT_EQ(g.describe(e), "[5.12] Pol-Mil table 3-6: Malaya, for a Clandestine Network");
}

TEST(I18nLog, RussianCountsTakeTheirPluralForm) {
  const Data& d = data();
  const Names ru(d, catalogues(), "ru");
  core::LogEntry e;
  e.rule = "7.1";
  e.event = static_cast<std::uint16_t>(churchill::rules::Event::NetworksGained);
  e.args = {static_cast<int>(churchill::Power::USSR), 1, 0, 0};
  EXPECT_EQ(churchill::describe(ru, e), "[7.1] СССР: получена 1 подпольная ячейка");
  e.args[1] = 2;
  EXPECT_EQ(churchill::describe(ru, e), "[7.1] СССР: получены 2 подпольные ячейки");
  e.args[1] = 5;
  EXPECT_EQ(churchill::describe(ru, e), "[7.1] СССР: получено 5 подпольных ячеек");
  const Names it(d, catalogues(), "it");
  e.args[1] = 1;
  EXPECT_EQ(churchill::describe(it, e), "[7.1] URSS: ottenuta 1 Rete Clandestina");
  e.args[1] = 2;
  EXPECT_EQ(churchill::describe(it, e), "[7.1] URSS: ottenute 2 Reti Clandestine");
}

// ---------------------------------------------------------------------------------------------
// `rules 5.24 --lang it|ru`: a section from an edition's rulebook (cli/rules_text.h).

namespace rules_text_tests {

TEST(RulesText, HeadingsOfEveryEditionsStyle) {
  EXPECT_EQ(core::heading_number("5.24 Debating an Issue"), "5.24");
  EXPECT_EQ(core::heading_number("5.24 Controbattere un Argomento"), "5.24");
  EXPECT_EQ(core::heading_number("5.24 Оспаривание вопроса "), "5.24");
  EXPECT_EQ(core::heading_number("3.21. Комната конференций представляет собой круг-"), "3.21");
  EXPECT_EQ(core::heading_number("4.23.1. Размещение приоритетных наступле-"), "4.23.1");
  EXPECT_EQ(core::heading_number("7.0 War Phase"), "7.0");
  EXPECT_EQ(core::heading_number("10.0 Вариант секретной повестки"), "10.0");
  // Not headings: a bare number, a cross-reference, a line going on in lower case, a list item.
  EXPECT_EQ(core::heading_number("4.5. "), "");
  EXPECT_EQ(core::heading_number("9.0."), "");
  EXPECT_EQ(core::heading_number("5.25). "), "");
  EXPECT_EQ(core::heading_number("7.74). После того, как"), "");
  EXPECT_EQ(core::heading_number("5.22 и далее"), "");
  EXPECT_EQ(core::heading_number("2. Средиземноморский фронт"), "");
  EXPECT_EQ(core::heading_number("1.2.3.4 Too deep"), "");
}

TEST(RulesText, ASectionHoldsItsSubSectionsAndStopsAtTheNext) {
  EXPECT_TRUE(core::inside_section("5.24", "5.2"));
  EXPECT_TRUE(core::inside_section("5.2", "5.2"));
  EXPECT_TRUE(core::inside_section("4.23.1", "4.23"));
  EXPECT_TRUE(core::inside_section("7.74", "7.0"));
  EXPECT_FALSE(core::inside_section("8.0", "7.0"));
  EXPECT_FALSE(core::inside_section("5.3", "5.2"));
  EXPECT_FALSE(core::inside_section("5.25", "5.24"));
  const std::string book =
      "Contents\n5.0\tConference Procedures\t8\n"  // a table-of-contents row: not a heading
      "5.2 Meeting Segment\n5.21 Overview\nThe meeting.\n5.22 Advancing\nOne ad-\nvances an A-\nBomb issue by\n"
      "the value.\n5.3 Other\nNot this.\n";
  EXPECT_EQ(core::rulebook_section(book, "5.22"), "5.22 Advancing\nOne advances an A-Bomb issue by the value.\n");
  EXPECT_EQ(core::rulebook_section(book, "5.2"),
            "5.2 Meeting Segment\n5.21 Overview\nThe meeting.\n5.22 Advancing\nOne advances an A-Bomb issue by the value.\n");
  EXPECT_EQ(core::rulebook_section(book, "5.0"), std::nullopt);  // only in the table of contents
  EXPECT_EQ(core::rulebook_section(book, "9.9"), std::nullopt);
}

TEST(RulesText, TheRussianEditionsBlankLinesAndHyphensAreMended) {
  const std::string book =
      "5.24 Оспаривание вопроса \n\nКогда игрок продвигает вопрос, два других игрока, начи-\n\nная с игрока "
      "слева, могут оспорить \n\nвопрос.\n\n5.25 Карточка начальника штаба \n\nЗвезда.\n";
  EXPECT_EQ(core::rulebook_section(book, "5.24", 200),
            "5.24 Оспаривание вопроса\nКогда игрок продвигает вопрос, два других игрока, начиная с игрока слева, могут "
            "оспорить вопрос.\n");
  // Wrapped by characters, not bytes: no Cyrillic line is longer than the width.
  const auto wrapped = core::rulebook_section(book, "5.24", 30);
  ASSERT_TRUE(wrapped);
  std::istringstream lines(*wrapped);
  for (std::string line; std::getline(lines, line);) {
    std::size_t chars = 0;
    for (unsigned char ch : line) chars += (ch & 0xc0) != 0x80;
    EXPECT_LE(chars, 30u) << line;
  }
}

TEST(RulesText, RequestsNameASectionAndMaybeALanguage) {
  auto r = cli::parse_rules_request("5.24");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->section, "5.24");
  EXPECT_EQ(r->language, "");
  r = cli::parse_rules_request("5.24 --lang it");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->language, "it");
  r = cli::parse_rules_request("--lang=ru 4.23.1");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->section, "4.23.1");
  EXPECT_EQ(r->language, "ru");
  r = cli::parse_rules_request("5.24 ru");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->language, "ru");
  for (const char* bad : {"", "--lang it", "5.24 --lang", "five", "5.24 5.25", "5.24x", "5.24 ../../etc", "5.24 --lang it ru",
                          "5.24 --lang ../../etc", "5.24 --lang=IT", "--lang=r 5.24"})
    EXPECT_FALSE(cli::parse_rules_request(bad)) << bad;
}

// A test rulebook in each edition's layout (tests/support/rulebooks: the project's text, so these
// run where the editions are absent): the Italian one lacks 5.25.
const std::filesystem::path kTestRules = kSourceDir / "tests" / "support" / "rulebooks";

TEST(RulesText, TheRulesCommandGivesTheEnglishSectionAnEditionLacksAndSaysSo) {
  const char* binary = std::getenv("CHURCHILL_BINARY");
  if (!binary) GTEST_SKIP() << "run through ctest";
  const std::string with_test_rules = "CHURCHILL_RULES_DIR=" + kTestRules.string() + " " + binary;
  auto r = test_support::run_command(with_test_rules, "rules 5.25 --lang it");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "5.25 is not in the it edition; the English text follows.\n5.25 Staff Star\nA staff card with a star stays home.\n");
  r = test_support::run_command(with_test_rules, "rules 5.24 --lang it");
  EXPECT_EQ(r.out.rfind("5.24 Controbattere un Argomento\n", 0), 0u) << "no note when the edition has it: " << r.out;
  r = test_support::run_command(with_test_rules, "rules 9.9 --lang it");
  EXPECT_NE(r.status, 0) << "in no edition: an error";
}

TEST(RulesText, AnEditionLackingASectionGivesTheEnglishOne) {
  const auto it = core::rules_text_or_english(kTestRules, "churchill", "5.24", "it", 200);
  ASSERT_TRUE(it.found) << it.text;
  EXPECT_EQ(it.language, "it");
  EXPECT_EQ(it.text,
            "5.24 Controbattere un Argomento\nQuando un giocatore fa avanzare un Argomento, ogni altro giocatore può controbatterlo.\n");
  const auto star = core::rules_text_or_english(kTestRules, "churchill", "5.25", "it", 200);
  ASSERT_TRUE(star.found) << star.text;
  EXPECT_EQ(star.language, "en") << "the Italian edition has no 5.25: the English text, said so";
  EXPECT_EQ(star.text, "5.25 Staff Star\nA staff card with a star stays home.\n");
  EXPECT_EQ(core::rules_text_or_english(kTestRules, "churchill", "5.25", "ru").language, "ru");
  EXPECT_EQ(core::rules_text_or_english(kTestRules, "churchill", "5.24", "de").language, "en") << "no German edition";
  const auto none = core::rules_text_or_english(kTestRules, "churchill", "9.9", "it");
  EXPECT_FALSE(none.found);
  EXPECT_EQ(none.language, "");
  EXPECT_NE(none.text.find("No rule 9.9"), std::string::npos) << none.text;
  EXPECT_FALSE(core::rules_text_or_english(kTestRules / "absent", "churchill", "5.24", "en").found);
}

// The title's rules (the server's /api/titles/churchill/rules/5.24?lang=ru): paragraphs one a line,
// for the browser to wrap; English by rules_text(section).
TEST(RulesText, TheTitleQuotesTheEditionOfEachLanguageItIsPlayedIn) {
  const auto title = churchill::make_title(kDataDir, kTestRules);
  EXPECT_EQ(title->languages(), (std::vector<std::string>{"en", "it", "ru"}));
  const core::RulesText ru = title->rules_section("5.24", "ru");
  EXPECT_TRUE(ru.found);
  EXPECT_EQ(ru.language, "ru");
  EXPECT_EQ(ru.text, "5.24. Оспаривание вопроса\nКогда игрок продвигает вопрос, каждый другой игрок может оспорить его.\n");
  EXPECT_EQ(title->rules_section("5.25", "it").language, "en");
  EXPECT_EQ(
      title->rules_section("5.24", "en").text,
      "5.24 Debating an Issue\nWhen a player advances an issue, each other player may debate it, starting with the player to the left.\n");
  EXPECT_EQ(title->rules_text("5.24"),
            "5.24 Debating an Issue\nWhen a player advances an issue, each other player may debate it, starting\n"
            "with the player to the left.\n")
      << "78 columns for a terminal";
  EXPECT_EQ(core::wrap_lines(ru.text, 30),
            "5.24. Оспаривание вопроса\nКогда игрок продвигает вопрос,\nкаждый другой игрок может\nоспорить его.\n");
}

// The editions themselves (../shared/rules beside the source tree): 5.24 in Italian and Russian.
const std::filesystem::path kRules = core::default_rules_dir(kDataDir);

TEST(RulesText, Section5_24FromTheItalianAndRussianEditions) {
  if (!std::filesystem::exists(kRules / "churchill-rules-it.txt")) GTEST_SKIP() << "no rulebooks in " << kRules;
  const auto it = core::rules_text(kRules, "churchill", "5.24", "it");
  ASSERT_TRUE(it.found) << it.text;
  EXPECT_EQ(it.text.rfind("5.24 Controbattere un Argomento\n", 0), 0u) << it.text;
  EXPECT_EQ(it.text.find("5.25"), std::string::npos) << "5.25 is the next section";
  const auto ru = core::rules_text(kRules, "churchill", "5.24", "ru");
  ASSERT_TRUE(ru.found) << ru.text;
  EXPECT_EQ(ru.text.rfind("5.24 Оспаривание вопроса\n", 0), 0u) << ru.text;
  EXPECT_NE(ru.text.find("«Нет»"), std::string::npos) << ru.text;  // the USSR National Characteristic, in 5.24
  EXPECT_EQ(ru.text.find("\n\n"), std::string::npos) << "the edition's blank lines are gone";
  const auto en = core::rules_text(kRules, "churchill", "5.24", "en");
  ASSERT_TRUE(en.found);
  EXPECT_EQ(en.text.rfind("5.24 Debating an Issue\n", 0), 0u);
  // Every edition has every section of the English rulebook's chapters 3-11 headings.
  for (const char* section : {"4.23.1", "6.10", "6.11", "7.74", "9.4", "10.0"})
    for (const char* lang : {"en", "it", "ru"})
      EXPECT_TRUE(core::rules_text(kRules, "churchill", section, lang).found) << lang << " " << section;
}

TEST(RulesText, MissingSectionsAndEditionsSaySo) {
  if (!std::filesystem::exists(kRules / "churchill-rules-it.txt")) GTEST_SKIP() << "no rulebooks in " << kRules;
  const auto none = core::rules_text(kRules, "churchill", "99.9", "it");
  EXPECT_FALSE(none.found);
  EXPECT_NE(none.text.find("No rule 99.9"), std::string::npos);
  EXPECT_FALSE(core::rules_text(kRules, "churchill", "5.24", "../rules/churchill-rules-it").found);
  const auto de = core::rules_text(kRules, "churchill", "5.24", "de");
  EXPECT_FALSE(de.found);
  EXPECT_NE(de.text.find("there is: en, it, ru"), std::string::npos) << de.text;
  EXPECT_EQ(core::rulebook_languages(kRules, "churchill"), (std::vector<std::string>{"en", "it", "ru"}));
}

TEST(RulesText, TheRulesCommandPrintsAnEditionsSectionAndRefusesBadInput) {
  const char* binary = std::getenv("CHURCHILL_BINARY");
  if (!binary) GTEST_SKIP() << "run through ctest";
  if (!std::filesystem::exists(kRules / "churchill-rules-it.txt")) GTEST_SKIP() << "no rulebooks in " << kRules;
  auto run = [&](const std::string& args) {
    const test_support::Result r = test_support::run_command(binary, args);
    return std::pair<int, std::string>{r.status, r.out};
  };
  auto [status, out] = run("rules 5.24 --lang it");
  EXPECT_EQ(status, 0);
  EXPECT_EQ(out.rfind("5.24 Controbattere un Argomento\n", 0), 0u) << out;
  std::tie(status, out) = run("rules 5.24 --lang ru");
  EXPECT_EQ(status, 0);
  EXPECT_EQ(out.rfind("5.24 Оспаривание вопроса\n", 0), 0u) << out;
  std::tie(status, out) = run("rules 5.24");  // LANG from the environment of ctest; English unless it names it or ru
  EXPECT_EQ(status, 0) << out;
  for (const std::string bad : {"rules 99.9 --lang it", "rules 5.24 --lang de", "rules '5.24;ls'", "rules ../5.24"}) {
    std::tie(status, out) = run(bad);
    EXPECT_NE(status, 0) << bad << ": " << out;
    EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1) << "one line: " << out;
  }
  // What the command line parser refuses: its message and the hint to --help.
  for (const std::string bad : {"rules", "rules 5.24 --lang"}) {
    std::tie(status, out) = run(bad);
    EXPECT_NE(status, 0) << bad << ": " << out;
    EXPECT_NE(out.find("--help"), std::string::npos) << out;
  }
}

}  // namespace rules_text_tests

}  // namespace
