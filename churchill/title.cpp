#include "churchill/title.h"

#include <fmt/format.h>

#include <stdexcept>

#include "churchill/ai.h"
#include "churchill/bots.h"
#include "churchill/view.h"
#include "core/session_match.h"

namespace churchill {

Options options_from(const std::vector<std::string>& names) {
  Options options;
  for (const std::string& o : names) {
    if (o == "secret-agenda")
      options.secret_agenda = true;
    else if (o == "german-reserves")
      options.german_reserves = true;
    else
      throw core::SetupError(fmt::format("unknown option \"{}\" (secret-agenda, german-reserves)", o));
  }
  return options;
}

nlohmann::json layout_json(const Data& data) {
  nlohmann::json fronts = nlohmann::json::array(), locations = nlohmann::json::array(), issues = nlohmann::json::array();
  for (const auto& f : data.fronts) {
    nlohmann::json track = nlohmann::json::array();
    for (const auto& t : f.track)
      track.push_back({{"id", data.spaces[t.space].id},
                       {"name", data.spaces[t.space].name},
                       {"amphibious", t.amphibious},
                       {"b29", data.spaces[t.space].b29},
                       {"kamikaze", data.spaces[t.space].kamikaze}});
    fronts.push_back(
        {{"id", f.id}, {"name", f.name}, {"color", power_name(f.color)}, {"theater", data.theaters[f.theater].id}, {"track", track}});
  }
  for (const auto& l : data.locations)
    locations.push_back({{"id", l.id},
                         {"name", l.name},
                         {"colony", l.colony},
                         {"theater", data.theaters[l.theater].id},
                         {"space", l.space == kNoSpace ? nlohmann::json(nullptr) : nlohmann::json(data.spaces[l.space].id)}});
  for (const auto& i : data.issues) issues.push_back({{"id", i.id}, {"name", i.name}});
  nlohmann::json a_bomb = nlohmann::json::array();  // 3.24: the A-Bomb track's spaces, in order
  nlohmann::json a_bomb_ids = nlohmann::json::array();
  for (const auto& space : data.a_bomb) {
    a_bomb.push_back(space.name);
    a_bomb_ids.push_back(space.id);
  }
  return {{"fronts", fronts},
          {"locations", locations},
          {"issues", issues},
          {"cards", cards_json(data)},
          {"a_bomb", a_bomb},
          {"a_bomb_ids", a_bomb_ids},
          {"conference_cards", conference_cards_json(data)},
          {"polmil_table", polmil_table_json(data)}};
}

core::RulesText rules_section(const std::filesystem::path& rules_dir, const std::string& section, const std::string& language,
                              std::size_t width) {
  return core::rules_text_or_english(rules_dir, "churchill", section, language, width);
}

namespace {

// A hint (core::Match::hint): the hard level's search, ranked, on the game's search threads.
// The level is looked up once, when the advisor is made (ai_level's levels are static).
core::SessionMatch<Game>::Advisor advisor(int threads) {
  const AiLevel* level = ai_level("hard");
  if (!level) throw std::logic_error("the hints' AI level \"hard\" is missing");
  return [threads, level](const Game& g, const State& observation, core::Seat seat, std::uint64_t seed, const std::vector<std::string>&) {
    const AiLevel& hard = *level;
    const core::Ismcts<Game> search(ai_config(hard, threads), ai_hooks(hard.evaluation));
    return core::Advised{search.search(g, observation, seat, seed).ranked, nullptr};
  };
}

class Title final : public core::Title {
 public:
  Title(Data data, std::filesystem::path rules_dir) : data_(std::move(data)), rules_dir_(std::move(rules_dir)) {}

  std::string id() const override { return "churchill"; }
  std::string name() const override { return "Churchill"; }
  std::string data_hash() const override { return data_.hash; }
  std::vector<core::ScenarioInfo> scenarios() const override {
    std::vector<core::ScenarioInfo> out;
    for (const Scenario& sc : data_.scenarios) out.push_back({sc.id, sc.name, {kPowers}, false});
    return out;
  }
  std::vector<core::OptionInfo> options() const override {
    return {{"secret-agenda", "The Secret Agenda variant (10)"}, {"german-reserves", "The optional German Reserves rule (7.62)"}};
  }
  std::vector<std::string> bot_kinds() const override { return all_bot_kinds(); }
  bool bot_searches(std::string_view kind) const override {
    const auto bot = make_any_bot(kind);
    return bot && bot->searches();
  }
  std::vector<std::string> seat_names(const std::string& scenario, const std::vector<std::string>& options, int) const override {
    if (!data_.scenario(scenario))
      throw core::SetupError(fmt::format("unknown scenario \"{}\" (training, tournament or campaign)", scenario));
    options_from(options);
    return core::seat_names(Game(data_));
  }
  std::unique_ptr<core::Match> open(core::SaveFile record) const override {
    expect_own_save(record, "Churchill");
    const Scenario* scenario = data_.scenario(record.scenario);
    if (!scenario) throw core::SetupError(fmt::format("unknown scenario \"{}\" (training, tournament or campaign)", record.scenario));
    auto game = std::make_unique<const Game>(data_);
    const State start = game->new_game(*scenario, options_from(record.options));
    const int threads = record.search_threads;  // the game's: its bots' choices depend on it
    return std::make_unique<core::SessionMatch<Game>>(
        std::move(game), start, std::move(record), data_.hash, [threads](std::string_view name) { return make_any_bot(name, threads); },
        advisor(threads));
  }
  nlohmann::json layout() const override { return layout_json(data_); }
  std::string rules_text(const std::string& section) const override {
    return churchill::rules_section(rules_dir_, section, std::string(core::kEnglish)).text;
  }
  core::RulesText rules_section(const std::string& section, const std::string& language) const override {
    return churchill::rules_section(rules_dir_, section, language, core::kParagraphs);
  }
  std::vector<std::string> languages() const override { return data_.catalogues->languages(); }

 private:
  Data data_;
  std::filesystem::path rules_dir_;  // the rulebook editions (core/rules_text.h)
};

}  // namespace

std::unique_ptr<core::Title> make_title(const std::filesystem::path& dir) { return make_title(dir, core::default_rules_dir(dir)); }

std::unique_ptr<core::Title> make_title(const std::filesystem::path& dir, const std::filesystem::path& rules_dir) {
  return make_title(load_data(dir), rules_dir);
}

std::unique_ptr<core::Title> make_title(Data data, const std::filesystem::path& rules_dir) {
  return std::make_unique<Title>(std::move(data), rules_dir);
}

}  // namespace churchill
