#include "churchill/title.h"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>

#include "churchill/ai.h"
#include "churchill/bots.h"
#include "churchill/view.h"
#include "core/session_match.h"

namespace churchill {

Options options_from(const std::vector<std::string>& names) {
  Options options;
  for (const std::string& o : names) {
    if (o == "secret-agenda") options.secret_agenda = true;
    else if (o == "german-reserves") options.german_reserves = true;
    else throw core::SetupError(fmt::format("unknown option \"{}\" (secret-agenda, german-reserves)", o));
  }
  return options;
}

nlohmann::json layout_json(const Data& data) {
  nlohmann::json fronts = nlohmann::json::array(), locations = nlohmann::json::array(), issues = nlohmann::json::array();
  for (const auto& f : data.fronts) {
    nlohmann::json track = nlohmann::json::array();
    for (const auto& t : f.track)
      track.push_back({{"id", data.spaces[t.space].id}, {"name", data.spaces[t.space].name}, {"amphibious", t.amphibious},
                       {"b29", data.spaces[t.space].b29}, {"kamikaze", data.spaces[t.space].kamikaze}});
    fronts.push_back({{"id", f.id}, {"name", f.name}, {"color", power_name(f.color)}, {"theater", data.theaters[f.theater].id},
                      {"track", track}});
  }
  for (const auto& l : data.locations)
    locations.push_back({{"id", l.id}, {"name", l.name}, {"colony", l.colony}, {"theater", data.theaters[l.theater].id},
                         {"space", l.space == kNone ? nlohmann::json(nullptr) : nlohmann::json(data.spaces[l.space].id)}});
  for (const auto& i : data.issues) issues.push_back({{"id", i.id}, {"name", i.name}});
  nlohmann::json a_bomb = nlohmann::json::array();  // 3.24: the A-Bomb track's spaces, in order
  for (const auto& space : data.a_bomb) a_bomb.push_back(space.name);
  return {{"fronts", fronts}, {"locations", locations}, {"issues", issues}, {"cards", cards_json(data)}, {"a_bomb", a_bomb}};
}

namespace {

// The rule number a rulebook line opens with ("7.74 Breakthrough" -> "7.74"), or "".
std::string heading_number(const std::string& line) {
  std::size_t i = 0, dots = 0;
  while (i < line.size() && (std::isdigit(static_cast<unsigned char>(line[i])) || line[i] == '.')) {
    dots += line[i] == '.';
    ++i;
  }
  const bool number = i > 2 && dots >= 1 && dots <= 2 && line[i - 1] != '.' && std::isdigit(static_cast<unsigned char>(line[0]));
  const bool chapter = i > 1 && line.compare(i - 2, 2, ".0") == 0;  // "7.0 War Phase"
  return (number || chapter) && i < line.size() && line[i] == ' ' ? line.substr(0, i) : "";
}

}  // namespace

std::string rules_text(const std::string& section) {
  std::vector<std::filesystem::path> candidates;
  if (const char* env = std::getenv("CHURCHILL_RULES")) candidates.emplace_back(env);
  candidates.emplace_back(std::filesystem::path(CHURCHILL_DATA_DIR) / ".." / ".." / "shared" / "rules" / "churchill-rules-en.txt");
  for (const auto& path : candidates) {
    std::ifstream in(path);
    if (!in) continue;
    // A section runs to the next heading outside it: 4.4 takes in 4.41-4.44, 7.0 all of 7.
    const std::string chapter = section.size() > 2 && section.ends_with(".0") ? section.substr(0, section.size() - 1) : "";
    auto within = [&](const std::string& heading) {
      if (heading == section) return true;
      if (!chapter.empty()) return heading.rfind(chapter, 0) == 0;
      return heading.size() > section.size() && heading.rfind(section, 0) == 0 &&
             std::isdigit(static_cast<unsigned char>(heading[section.size()])) != 0;
    };
    std::string line, out;
    bool inside = false;
    while (std::getline(in, line)) {
      const std::string heading = heading_number(line);
      if (!heading.empty() && inside && !within(heading)) break;
      if (heading == section) inside = true;
      if (inside) out += line + "\n";
      if (out.size() > 12000) {
        out += fmt::format("... (the section goes on: ask for one of its parts, e.g. rules {}1)\n", chapter.empty() ? section : chapter);
        break;
      }
    }
    if (!out.empty()) return out;
    return fmt::format("No rule {} in {}.\n", section, path.string());
  }
  return "The rulebook text is not available: set CHURCHILL_RULES to your copy of the English rulebook.\n";
}

namespace {

// A hint (core::Match::hint): the hard level's search, ranked.
std::vector<core::ActionValue> advise(const Game& g, const State& observation, core::Seat seat, std::uint64_t seed) {
  const core::Ismcts<Game> search(ai_config(*ai_level("hard")), ai_hooks());
  return search.search(g, observation, seat, seed).ranked;
}

class Title final : public core::Title {
 public:
  explicit Title(Data data) : data_(std::move(data)) {}

  std::string id() const override { return "churchill"; }
  std::string name() const override { return "Churchill"; }
  std::string data_hash() const override { return data_.hash; }
  std::vector<core::ScenarioInfo> scenarios() const override {
    std::vector<core::ScenarioInfo> out;
    for (const Scenario& sc : data_.scenarios) out.push_back({sc.id, sc.name, {kPowers}, false});
    return out;
  }
  std::vector<core::OptionInfo> options() const override {
    return {{"secret-agenda", "The Secret Agenda variant (10)"},
            {"german-reserves", "The optional German Reserves rule (7.62)"}};
  }
  std::vector<std::string> bot_kinds() const override { return all_bot_kinds(); }
  bool bot_searches(std::string_view kind) const override {
    const auto bot = make_any_bot(kind);
    return bot && bot->searches();
  }
  std::vector<std::string> seat_names(const std::string& scenario, const std::vector<std::string>& options,
                                      int) const override {
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
    return std::make_unique<core::SessionMatch<Game>>(std::move(game), start, std::move(record), data_.hash,
                                                      [](std::string_view name) { return make_any_bot(name); }, advise);
  }
  nlohmann::json layout() const override { return layout_json(data_); }
  std::string rules_text(const std::string& section) const override { return churchill::rules_text(section); }

 private:
  Data data_;
};

}  // namespace

std::unique_ptr<core::Title> make_title(const std::filesystem::path& dir) { return std::make_unique<Title>(load_data(dir)); }

}  // namespace churchill
