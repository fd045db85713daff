// GET /api/games/{id}/replay?step=N[&seat=S]: a game as it stood after its first N actions, for the
// web client's Replay and its others' moves (issue 16). The game after N - 1 actions is made from the
// nearest snapshot its match keeps (Match::at_task), on a worker charged to the address asking, and
// its Nth action applied there; nothing of the game in play changes. Secrecy: a finished game may be
// replayed from any seat's view (everything is public once it is over, as its seed is); an
// unfinished one only from the view of the seat whose token asks (or a spectator's), and the actions
// of other seats and of chance (a deal is a card in someone's hand) are not named, only the public
// log they wrote.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "server/lobby.h"

namespace server {

namespace {

// Log lines in a replayed view: the same tail a live view carries.
constexpr int kReplayLogTail = 200;
// Replays one address may have waiting or being made at once.
constexpr std::size_t kReplaysPerAddress = 4;

std::size_t step_number(const std::string& text, std::size_t steps) {
  if (text.empty()) return steps;  // the end
  if (text.size() > 7 || !std::all_of(text.begin(), text.end(), [](unsigned char ch) { return std::isdigit(ch); }))
    throw ApiError(400, fmt::format("\"step\" is a number from 0 to {}", steps));
  const std::size_t n = std::stoul(text);
  if (n > steps) throw ApiError(400, fmt::format("\"step\" is a number from 0 to {}: the game has {} actions", steps, steps));
  return n;
}

// The replay's answer, made from the game after the step's first actions, `at`.
std::string replayed(const std::string& id, core::Match& at, std::size_t n, std::size_t steps, bool finished, std::optional<int> seat,
                     const std::optional<core::SavedAction>& action, bool named, const std::vector<Clocks::LogNote>& notes,
                     const core::i18n::Catalogues& words) {
  const std::size_t before = at.log_size();
  nlohmann::json step = nullptr;
  if (action) {  // the step's own action, applied as it was recorded
    if (action->seat == "chance")
      at.chance(action->action);
    else
      at.act(*at.seat_from_name(action->seat), action->action);
    step = {{"seat", action->seat}, {"action", named ? nlohmann::json(action->action) : nlohmann::json(nullptr)}};
  }
  nlohmann::json lines = nlohmann::json::array();
  for (std::size_t i = before; i < at.log_size(); ++i) lines.push_back(at.log_line(i));
  const auto viewer = seat ? std::optional<core::Seat>(static_cast<core::Seat>(*seat)) : std::nullopt;
  nlohmann::json view = at.view(viewer, kReplayLogTail);
  view["id"] = id;
  view["version"] = n;
  view["legal_actions"] = nlohmann::json::array();  // a replay decides nothing
  view["can_undo"] = false;
  add_log_notes(view, notes, n, words);  // the clocks' events of its first n actions
  return nlohmann::json{{"id", id},
                        {"step", n},
                        {"steps", steps},
                        {"finished", finished},
                        {"seat", viewer ? nlohmann::json(at.seat_name(*viewer)) : nlohmann::json(nullptr)},
                        {"action", step},
                        {"lines", lines},
                        {"view", view}}
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

void Lobby::replay(const std::string& id, const std::string& token, const std::string& step_text, const std::string& seat_text,
                   Answer answer) {
  Room& r = room(id);
  const std::optional<int> asking = watcher_of(id, token);
  core::Match& game = *r.game;
  std::optional<int> seat = asking;
  if (!seat_text.empty()) {
    const auto named = game.seat_from_name(seat_text);
    if (!named) throw ApiError(400, fmt::format("no seat {} in this game", printable(seat_text, 20)));
    if (!r.finished && named != asking) throw ApiError(403, "a game in play is replayed only from the view of the seat whose token asks");
    seat = *named;
  }
  const std::vector<core::SavedAction>& all = game.actions();
  // A game in play is replayed up to where everyone may know what was played: the number of another
  // seat's secret entries is its own (server/versions.h).
  const std::size_t steps = r.finished ? all.size() : game.public_actions();
  const std::size_t n = step_number(step_text, steps);
  std::optional<core::SavedAction> action;
  if (n > 0) action = all[n - 1];
  const bool named = action && (r.finished || (seat && action->seat == game.seat_name(static_cast<core::Seat>(*seat))));
  if (const auto waiting = replays_.find(client_); offload_ && waiting != replays_.end() && waiting->second >= kReplaysPerAddress)
    throw ApiError(429, ErrorCode{"replays_busy"},
                   "this address has as many replays being made as it may; ask again when they are answered");
  auto make = [id, at = game.at_task(n > 0 ? n - 1 : 0), n, steps, finished = r.finished, seat, action, named, notes = r.clocks.log_notes(),
               words = platform_words()]() -> std::pair<int, std::string> {
    try {
      return {200, replayed(id, *at(), n, steps, finished, seat, action, named, notes, *words)};
    } catch (const std::exception& e) {  // never expected: a stored game replays
      std::cerr << fmt::format("serve: the replay of game {} at step {} failed: {}\n", id, n, e.what());
      return {500, R"({"error": "internal error"})"};
    }
  };
  if (!offload_) {
    const auto [status, text] = make();
    return answer(status, text);
  }
  ++replays_[client_];
  offload_({Lane::Load, client_, id, [this, client = client_, make, answer = std::move(answer)]() -> std::function<void()> {
              auto made = make();
              return [this, client, made, answer] {
                if (--replays_[client] == 0) replays_.erase(client);
                answer(made.first, made.second);
              };
            }});
}

}  // namespace server
