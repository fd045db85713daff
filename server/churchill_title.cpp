#include "server/churchill_title.h"

#include <fmt/format.h>

#include "churchill/bots.h"
#include "server/api_error.h"

namespace server::title {

namespace {
constexpr int kLogTail = 20;  // log lines in a view: the web client shows the last 14
}

core::SaveFile parse_create(const churchill::Data& data, const nlohmann::json& body) {
  core::SaveFile f;
  f.game = "churchill";
  const auto scenario = body.value("scenario", nlohmann::json("training"));
  if (!scenario.is_string() || !data.scenario(scenario.get<std::string>()))
    throw ApiError(400, "\"scenario\" must be \"training\", \"tournament\" or \"campaign\"");
  f.scenario = scenario.get<std::string>();
  const auto options = body.value("options", nlohmann::json::array());
  if (!options.is_array()) throw ApiError(400, "\"options\" must be an array such as [\"secret-agenda\"]");
  for (const auto& o : options) {
    if (!o.is_string() || (o != "secret-agenda" && o != "german-reserves"))
      throw ApiError(400, "\"options\" may hold \"secret-agenda\" and \"german-reserves\"");
    if (std::find(f.options.begin(), f.options.end(), o.get<std::string>()) != f.options.end())
      throw ApiError(400, fmt::format("\"options\" names \"{}\" twice", o.get<std::string>()));
    f.options.push_back(o.get<std::string>());
  }
  f.seats = {{"UK", "human"}, {"US", "human"}, {"USSR", "human"}};
  const auto seats = body.value("seats", nlohmann::json::object());
  if (!seats.is_object()) throw ApiError(400, "\"seats\" must be an object such as {\"UK\": \"human\", \"US\": \"bot:rulebook\"}");
  for (const auto& [seat, controller] : seats.items()) {
    if (!churchill::power_from_name(seat)) throw ApiError(400, fmt::format("unknown seat {} (UK, US, USSR)", printable(seat)));
    if (!controller.is_string() || !churchill::valid_controller(controller.get<std::string>()))
      throw ApiError(400, "a seat is \"human\", \"bot:rulebook\" or \"bot:random\"");
    for (auto& [s, c] : f.seats)
      if (s == seat) c = controller.get<std::string>();
  }
  f.seed = core::Seed::from_os();  // 9.x: the deal and every die come from it; no player may know it
  return f;
}

int seats() { return churchill::kPowers; }
std::string seat_name(int seat) { return std::string(churchill::power_name(static_cast<churchill::Power>(seat))); }
std::optional<int> seat_from_name(const std::string& name) {
  const auto p = churchill::power_from_name(name);
  if (!p) return std::nullopt;
  return static_cast<int>(*p);
}

nlohmann::json view(churchill::SavedGame& game, std::optional<int> seat) {
  return game.view(seat, kLogTail);
}

nlohmann::json summary(churchill::SavedGame& game) {
  const auto& g = game.game();
  const auto& s = game.session().state();
  return {{"scenario", game.meta().scenario}, {"phase", churchill::phase_text(g, s)}, {"conference", s.conference},
          {"terminal", terminal(game)}, {"winner", s.winner >= 0 ? nlohmann::json(seat_name(s.winner)) : nlohmann::json(nullptr)}};
}

bool terminal(churchill::SavedGame& game) { return game.session().node_kind() == core::NodeKind::Terminal; }

std::string state_hash(churchill::SavedGame& game) { return core::to_hex(game.game().hash(game.session().state())); }

void act(churchill::SavedGame& game, int seat, const std::string& text) {
  auto& session = game.session();
  const auto& g = game.game();
  if (!(g.acting_seats(session.state()) & core::seat_bit(seat)) || session.node_kind() == core::NodeKind::Chance)
    throw ApiError(409, fmt::format("{} may not act now ({})", seat_name(seat), churchill::phase_text(g, session.state())));
  const auto a = g.action_from_string(session.state(), seat, text);
  if (!a) throw ApiError(422, fmt::format("{} is not a legal action for {} now", printable(text, 80), seat_name(seat)));
  session.act(seat, *a);
  game.run_bots();
}

nlohmann::json board(const churchill::Data& data) {
  nlohmann::json fronts = nlohmann::json::array(), locations = nlohmann::json::array(), issues = nlohmann::json::array();
  for (const auto& f : data.fronts) {
    nlohmann::json track = nlohmann::json::array();
    for (const auto& t : f.track)
      track.push_back({{"id", data.spaces[t.space].id}, {"name", data.spaces[t.space].name}, {"amphibious", t.amphibious},
                       {"b29", data.spaces[t.space].b29}, {"kamikaze", data.spaces[t.space].kamikaze}});
    fronts.push_back({{"id", f.id}, {"name", f.name}, {"color", churchill::power_name(f.color)}, {"theater", data.theaters[f.theater].id},
                      {"track", track}});
  }
  for (const auto& l : data.locations)
    locations.push_back({{"id", l.id}, {"name", l.name}, {"colony", l.colony}, {"theater", data.theaters[l.theater].id},
                         {"space", l.space == churchill::kNone ? nlohmann::json(nullptr) : nlohmann::json(data.spaces[l.space].id)}});
  for (const auto& i : data.issues) issues.push_back({{"id", i.id}, {"name", i.name}});
  return {{"fronts", fronts}, {"locations", locations}, {"issues", issues}};
}

}  // namespace server::title
