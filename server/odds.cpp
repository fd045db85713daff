// GET /api/games/{id}/odds?region=R3[&with=GER:46,...][&samples=N][&seed=N][&stances=rules]: a
// title's battle calculator (War Room's, warroom/calculator.h) from the observation of the seat whose
// token asks (none: a spectator's), computed on a worker of the odds lane charged to the address
// asking, and counted with its hints (docs/server.md, "Odds"). Nothing of the game changes.
#include <fmt/format.h>

#include <iostream>

#include "server/lobby.h"
#include "server/router.h"

namespace server {

namespace {

// The query string's parameters, each decoded; one given twice is refused.
core::MatchSearch::Parameters parameters_of(std::string_view target) {
  core::MatchSearch::Parameters out;
  const auto q = target.find('?');
  if (q == std::string_view::npos) return out;
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    const std::string name(pair.substr(0, pair.find('=')));
    if (!name.empty() && !out.emplace(name, query(target, name)).second)
      throw ApiError(400, fmt::format("the parameter {} is given twice", printable(name, 20)));
    if (amp == std::string_view::npos) break;
    rest.remove_prefix(amp + 1);
  }
  return out;
}

std::string error_text(const ApiError& e) {
  return nlohmann::json{{"error", e.what()}, {"code", e.code()}, {"message", e.message()}}.dump(-1, ' ', false,
                                                                                                nlohmann::json::error_handler_t::replace);
}

}  // namespace

void Lobby::odds(const std::string& id, const std::string& token, std::string_view target, Answer answer, const std::string& client) {
  Room& r = room(id);
  const auto seat = watcher_of(id, token);
  const auto viewer = seat ? std::optional<core::Seat>(static_cast<core::Seat>(*seat)) : std::nullopt;
  const core::MatchSearch::Parameters parameters = parameters_of(target);
  std::function<nlohmann::json()> task;
  try {
    task = r.game->question_task("odds", viewer, parameters);
  } catch (const core::ActionError& e) {
    throw ApiError(400, ErrorCode{"bad_odds", {{"detail", plain(e.what())}}}, e.what());
  }
  if (!task) throw ApiError(404, ErrorCode{"no_odds"}, "this title has no battle calculator");
  if (const auto waiting = searches_.find(client); offload_ && waiting != searches_.end() && waiting->second >= limits_.max_searches)
    throw ApiError(429, ErrorCode{"searches_busy"},
                   "this address has as many searches waiting as it may; ask again when they are answered");
  auto finish = [version = r.versions.of(seat), seat_name = viewer ? nlohmann::json(r.game->seat_name(*viewer)) : nlohmann::json(nullptr),
                 answer](const nlohmann::json& odds) {
    // The calculator found nothing to compute (no battle there, a Command that cannot move in): 422.
    if (odds.contains("error")) {
      const std::string why = odds["error"].get<std::string>();
      return answer(422, error_text(ApiError(422, ErrorCode{"no_battle", {{"detail", plain(why)}}}, why)));
    }
    answer(200, nlohmann::json{{"version", version}, {"seat", seat_name}, {"odds", odds}}.dump(-1, ' ', false,
                                                                                               nlohmann::json::error_handler_t::replace));
  };
  if (!offload_) return finish(task());
  ++searches_[client];
  offload_({Lane::Odds, client, id, [this, id, client, task, finish, answer = std::move(answer)]() -> std::function<void()> {
              std::optional<nlohmann::json> odds;
              try {
                odds = task();
              } catch (const std::exception& e) {  // never expected
                std::cerr << fmt::format("serve: the odds for game {} failed: {}\n", id, e.what());
              }
              return [this, client, odds, finish, answer] {
                if (--searches_[client] == 0) searches_.erase(client);
                if (odds)
                  finish(*odds);
                else
                  answer(500, R"({"error": "internal error"})");
              };
            }});
}

}  // namespace server
