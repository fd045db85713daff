#include "warroom/title.h"

#include <fmt/format.h>

#include <stdexcept>

#include "core/session_match.h"
#include "warroom/ai.h"
#include "warroom/bots.h"
#include "warroom/calculator.h"
#include "warroom/map.h"
#include "warroom/rules.h"

namespace warroom {

// Its display texts are catalogue messages, worded in each reader's language (docs/i18n.md).
static_assert(core::LocalizedGame<Game>);

Options options_from(const std::vector<std::string>& names) {
  Options o;
  for (const std::string& name : names) {
    if (name == "round-limit-40")
      o.round_limit = 40;
    else if (name == "round-limit-10")
      o.round_limit = 10;
    else if (name == "ussr-with-seat-2")
      o.ussr_with_second_seat = true;
    else if (name == "rapid-resolution")
      o.rapid_resolution = true;
    else
      throw core::SetupError(
          fmt::format("unknown option \"{}\" (round-limit-40, round-limit-10, ussr-with-seat-2, rapid-resolution)", name));
  }
  return o;
}

namespace {

// The API's most Monte Carlo battles for one question: a server's worker answers in well under a
// second (the command line allows more).
constexpr int kApiMaxSamples = 20000;

// The "odds" question (Match::question_task, the server's GET /api/games/{id}/odds): the battle
// calculator's JSON from the seat's observation only; a side whose every seat bot:rules plays is
// assumed to choose its stances as bot:rules does (OddsQuery::rules_sides).
std::function<nlohmann::json()> odds_question(std::shared_ptr<const Game> game, State seen, core::Seat seat,
                                              const core::Match::Parameters& parameters, const std::vector<std::string>& controllers) {
  OddsQuery query = odds_query(*game, parameters, kApiMaxSamples);
  query.rules_sides = rules_sides(*game, controllers);
  return [game = std::move(game), seen, seat = seat < 0 ? -1 : seat, query] {
    return odds_json(*game, odds_from_observation(*game, seen, seat, query));
  };
}

// A hint (core::Match::hint): the normal level's search from the seat's observation
// (warroom/ai.h, advise), on the game's search threads. The level is looked up once, when the
// advisor is made (ai_level's levels are static).
core::SessionMatch<Game>::Advisor advisor(int threads) {
  const AiLevel* level = ai_level("normal");
  if (!level) throw std::logic_error("the hints' AI level \"normal\" is missing");
  return [threads, level](const Game& g, const State& observation, core::Seat seat, std::uint64_t seed,
                          const std::vector<std::string>& controllers) {
    return advise(g, observation, seat, *level, seed, threads, controllers);
  };
}

class Title final : public core::Title {
 public:
  Title(std::shared_ptr<const Data> data, std::filesystem::path rules_dir) : data_(std::move(data)), rules_dir_(std::move(rules_dir)) {}
  std::string id() const override { return "warroom"; }
  std::string name() const override { return "War Room"; }
  // War Room's commands: no cards nor numbered rules (the rulebook goes by headings).
  std::string help_text(const std::string& language) const override { return data_->catalogues->tr(language, "warroom.play.help"); }
  bool stable_menu_numbers() const override { return true; }
  std::string data_hash() const override { return data_->hash; }
  // Its catalogues' languages (data/i18n/warroom): English, Italian, Russian.
  std::vector<std::string> languages() const override { return data_->catalogues->languages(); }
  std::vector<core::ScenarioInfo> scenarios() const override {
    std::vector<core::ScenarioInfo> out;
    for (const Scenario& sc : data_->scenarios) {
      if (!sc.setup_complete) continue;  // its starting forces are not in the data set yet
      // Designed by the project (not in the rulebook) when not even its victory conditions are stated.
      bool victory_stated = sc.origin.provenance == Provenance::Rulebook;
      for (const StatedField& f : sc.origin.stated) victory_stated = victory_stated || f.field == "victory";
      core::ScenarioInfo info{sc.id, sc.name, {}, !victory_stated};
      // The rulebook's seat tables first, the largest the default; the project's options after them (ruling 89).
      for (const bool project : {false, true})
        for (auto it = sc.seat_tables.rbegin(); it != sc.seat_tables.rend(); ++it)
          if (it->project_option == project) info.players.push_back(it->players);
      if (!info.players.empty()) out.push_back(info);
    }
    return out;
  }
  std::vector<core::OptionInfo> options() const override {
    return {{"round-limit-40", "stop the game with no winner after round 40 (a harness's cap, not a rule: ruling 105)", true},
            {"round-limit-10", "stop the game with no winner after round 10 (a harness's cap, not a rule: ruling 105)", true},
            {"ussr-with-seat-2", "3-player War in Europe: the USSR joins seat 2 instead of seat 1 (ruling 90)", false, "war-in-europe", 3},
            {"rapid-resolution",
             "Rapid Resolution (optional rule): Phases 2-6 twice a round, Phase 7 once; each nation starts with 1 Infantry, 1 Artillery "
             "and 1 Armor under production"}};
  }
  // The rules-based bot first: the lobby and the terminal offer the first kind as the default.
  std::vector<std::string> bot_kinds() const override { return warroom::bot_kinds(); }
  bool bot_searches(std::string_view kind) const override {
    const auto bot = make_bot(kind);
    return bot && bot->searches();
  }
  std::vector<std::string> seat_names(const std::string& scenario, const std::vector<std::string>& options, int players) const override {
    return core::seat_names(make_game(scenario, options, players));
  }
  std::unique_ptr<core::Match> open(core::SaveFile record) const override {
    expect_own_save(record, "War Room");
    return open_revised(std::move(record), [this](core::SaveFile r) -> std::unique_ptr<core::Match> {
      auto game = std::make_unique<const Game>(make_game(r.scenario, r.options, r.players));
      const State start = game->new_game();
      const int threads = r.search_threads;  // the game's: its bots' choices depend on it
      auto match = std::make_unique<core::SessionMatch<Game>>(
          std::move(game), start, std::move(r), data_hash(), [threads](std::string_view kind) { return make_bot(kind, threads); },
          advisor(threads));
      match->set_questions({{"odds", odds_question}});
      return match;
    });
  }
  // Revision 1: the corrections of December 2026 (rulings.md 26-35).
  int rules_revision() const override { return 3; }  // 1: rulings.md 26-35; 2: rulings.md 36; 3: rulings.md 37
  std::string rules_corrections() const override { return "docs/warroom/rulings.md, Corrections of December 2026"; }

  // The printed map's features for drawing (World Map Features): positions, islands, capitals,
  // industries, ports, each region's neighbours (Adjacency), the narrow passages and the convoys.
  // Nothing here is a rule's outcome.
  nlohmann::json layout() const override {
    const Data& d = *data_;
    const auto id_of = [&d](RegionId r) { return d.is_region(r) ? nlohmann::json(d.regions[r].id) : nlohmann::json(nullptr); };
    const auto nation = [](Nation n) { return n == kNoNation ? nlohmann::json(nullptr) : nlohmann::json(nation_id(n)); };
    nlohmann::json regions = nlohmann::json::array(), passages = nlohmann::json::array(), convoys = nlohmann::json::array();
    for (const Region& r : d.regions) {
      nlohmann::json port = nlohmann::json::array();
      for (int p = 0; p < r.port_count; ++p) port.push_back(id_of(r.port_seas[at(p)]));
      nlohmann::json adjacent = nlohmann::json::array();
      for (const RegionId n : neighbours(d, r.rid)) adjacent.push_back(id_of(n));
      regions.push_back({{"id", r.id},
                         {"name", r.name},
                         {"type", region_type_id(r.type)},
                         {"lon", r.lon},
                         {"lat", r.lat},
                         {"sv", r.sv},
                         {"theater", r.theater},
                         {"island", r.island},
                         {"owner", nation(r.owner)},
                         {"capital_of", nation(r.capital_of)},
                         {"industry", r.industry},
                         {"rail", r.rail},
                         {"port", port},
                         {"adjacent", adjacent},
                         {"neutral", r.neutral.has_value()},
                         {"income", {{"oil", r.income.oil}, {"iron", r.income.iron}, {"osr", r.income.osr}}}});
    }
    for (const Passage& p : d.passages) {
      nlohmann::json keys = nlohmann::json::array();
      for (int k = 0; k < p.key_count; ++k) keys.push_back(id_of(p.keys[at(k)]));
      passages.push_back({{"id", p.id}, {"name", p.name}, {"seas", {id_of(p.sea_a), id_of(p.sea_b)}}, {"keys", keys}});
    }
    for (const Convoy& c : d.convoys)
      convoys.push_back({{"id", c.id},
                         {"kind", convoy_kind_id(c.kind)},
                         {"sea", id_of(c.sea)},
                         {"linked", id_of(c.linked)},
                         {"from", id_of(c.from)},
                         {"to", id_of(c.to)},
                         {"flag", nation(c.flag)},
                         {"silhouettes", {{"oil", c.silhouettes.oil}, {"iron", c.silhouettes.iron}, {"osr", c.silhouettes.osr}}}});
    return {{"notice", d.map_notice}, {"regions", regions}, {"passages", passages}, {"convoys", convoys}};
  }
  // A heading of the reader's own copy of the rulebook, named as the log and the view name it
  // ("Phase 2 > Step 1. Write Orders and Turn Order Bids": core::rulebook_heading).
  std::string rules_text(const std::string& section) const override {
    return core::rules_text(rules_dir_, kRulebook, section, core::kEnglish).text;
  }
  core::RulesText rules_section(const std::string& section, const std::string& language) const override {
    return core::rules_text_or_english(rules_dir_, kRulebook, section, language, core::kParagraphs);
  }

 private:
  Game make_game(const std::string& scenario, const std::vector<std::string>& options, int players) const {
    const Scenario* sc = data_->find_scenario(scenario);
    if (!sc) {
      std::string known;
      for (const Scenario& s : data_->scenarios) known += (known.empty() ? "" : ", ") + s.id;
      throw core::SetupError(fmt::format("unknown scenario \"{}\" ({})", scenario, known));
    }
    if (!sc->setup_complete)
      throw core::SetupError(fmt::format("{} cannot be played yet: its starting forces are not in the data set", sc->name));
    if (players == 0 && !sc->seat_tables.empty()) players = sc->seat_tables.back().players;
    return Game(data_, *sc, players, options_from(options));
  }
  static constexpr std::string_view kRulebook = "war-room";  // war-room-rules-en.txt
  std::shared_ptr<const Data> data_;
  std::filesystem::path rules_dir_;  // the reader's rulebook (core/rules_text.h)
};

}  // namespace

std::unique_ptr<core::Title> make_title(const std::filesystem::path& data_dir) {
  return make_title(data_dir, core::default_rules_dir(data_dir));
}

std::unique_ptr<core::Title> make_title(const std::filesystem::path& data_dir, const std::filesystem::path& rules_dir) {
  return std::make_unique<Title>(std::make_shared<const Data>(load_data(data_dir)), rules_dir);
}

}  // namespace warroom
