#include "hills/title.h"

#include <fmt/format.h>

#include "core/session_match.h"
#include "hills/game.h"

namespace hills {

namespace {

class Title final : public core::Title {
 public:
  std::string id() const override { return "hills"; }
  std::string name() const override { return "Three Hills (the platform's demonstration game)"; }
  std::string data_hash() const override { return "none"; }
  std::vector<core::ScenarioInfo> scenarios() const override { return {{"standard", "Three rounds", {3, 2}, true}}; }
  std::vector<core::OptionInfo> options() const override { return {}; }
  std::vector<std::string> bot_kinds() const override { return {"random"}; }
  std::vector<std::string> seat_names(const std::string& scenario, const std::vector<std::string>& options, int players) const override {
    if (scenario != "standard") throw core::SetupError(fmt::format("unknown scenario \"{}\" (standard)", scenario));
    if (!options.empty()) throw core::SetupError(fmt::format("Three Hills has no option \"{}\"", options.front()));
    return core::seat_names(Game(players ? players : kMaxPlayers));
  }
  std::unique_ptr<core::Match> open(core::SaveFile record) const override {
    expect_own_save(record, "Three Hills");
    const int players = record.players ? record.players : kMaxPlayers;
    seat_names(record.scenario, record.options, players);
    auto game = std::make_unique<const Game>(players);
    const State start = game->new_game();
    return std::make_unique<core::SessionMatch<Game>>(std::move(game), start, std::move(record), data_hash(),
                                                      [](std::string_view name) -> std::unique_ptr<core::Bot<Game>> {
                                                        if (name == "random") return std::make_unique<core::RandomBot<Game>>();
                                                        return nullptr;
                                                      });
  }
  nlohmann::json layout() const override {
    return {{"hills", {{{"id", "A"}, {"worth", 1}}, {{"id", "B"}, {"worth", 2}}, {{"id", "C"}, {"worth", 3}}}}};
  }
  std::string rules_text(const std::string&) const override {
    return "Three Hills: each round, send up to 5 troops in secret to hills A, B and C (worth 1, 2, 3).\n"
           "When all are done the orders are shown; the most troops take a hill, a die settles ties.\n"
           "After 3 rounds the most points wins.\n";
  }
};

}  // namespace

std::unique_ptr<core::Title> make_title() { return std::make_unique<Title>(); }

}  // namespace hills
