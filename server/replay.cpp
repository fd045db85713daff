// GET /api/games/{id}/replay?step=N[&seat=S]: a game as it stood after its first N actions, for the
// web client's Replay (issue 16). The game is opened again from its record, truncated to N actions,
// so nothing of the game in play changes. Secrecy: a finished game may be replayed from any seat's
// view (everything is public once it is over, as its seed is); an unfinished one only from the view
// of the seat whose token asks (or a spectator's), and the actions of other seats and of chance
// (a deal is a card in someone's hand) are not named, only the public log they wrote.
#include <fmt/format.h>

#include <algorithm>

#include "server/lobby.h"

namespace server {

namespace {

// Log lines in a replayed view: the same tail a live view carries.
constexpr int kReplayLogTail = 200;

std::size_t step_number(const std::string& text, std::size_t steps) {
  if (text.empty()) return steps;  // the end
  if (text.size() > 7 || !std::all_of(text.begin(), text.end(), [](unsigned char ch) { return std::isdigit(ch); }))
    throw ApiError(400, fmt::format("\"step\" is a number from 0 to {}", steps));
  const std::size_t n = std::stoul(text);
  if (n > steps) throw ApiError(400, fmt::format("\"step\" is a number from 0 to {}: the game has {} actions", steps, steps));
  return n;
}

}  // namespace

nlohmann::json Lobby::replay(const std::string& id, const std::string& token, const std::string& step_text,
                             const std::string& seat_text) {
  Room& r = room(id);
  const std::optional<int> asking = seat_of(id, token);
  core::Match& game = *r.game;
  std::optional<int> seat = asking;
  if (!seat_text.empty()) {
    const auto named = game.seat_from_name(seat_text);
    if (!named) throw ApiError(400, fmt::format("no seat {} in this game", printable(seat_text, 20)));
    if (!r.finished && named != asking)
      throw ApiError(403, "a game in play is replayed only from the view of the seat whose token asks");
    seat = *named;
  }
  core::SaveFile record = game.snapshot();
  const std::vector<core::SavedAction> all = record.actions;
  const std::size_t n = step_number(step_text, all.size());
  record.actions.resize(n > 0 ? n - 1 : 0);
  record.state_hash.clear();  // a prefix of a checked game: its hash is not stored
  const core::Title& title = title_of(record.game);
  std::unique_ptr<core::Match> at = title.open(record);
  const std::size_t before = at->log_size();
  nlohmann::json step = nullptr;
  if (n > 0) {  // the step's own action, applied as it was recorded
    const core::SavedAction& a = all[n - 1];
    if (a.seat == "chance") at->chance(a.action);
    else at->act(*at->seat_from_name(a.seat), a.action);
    const bool named = r.finished || (seat && a.seat == game.seat_name(static_cast<core::Seat>(*seat)));
    step = {{"seat", a.seat}, {"action", named ? nlohmann::json(a.action) : nlohmann::json(nullptr)}};
  }
  nlohmann::json lines = nlohmann::json::array();
  for (std::size_t i = before; i < at->log_size(); ++i) lines.push_back(at->log_line(i));
  nlohmann::json view = at->view(seat ? std::optional<core::Seat>(static_cast<core::Seat>(*seat)) : std::nullopt, kReplayLogTail);
  view["id"] = id;
  view["version"] = n;
  view["legal_actions"] = nlohmann::json::array();  // a replay decides nothing
  view["can_undo"] = false;
  return {{"id", id}, {"step", n}, {"steps", all.size()}, {"finished", r.finished},
          {"seat", seat ? nlohmann::json(game.seat_name(static_cast<core::Seat>(*seat))) : nlohmann::json(nullptr)},
          {"action", step}, {"lines", lines}, {"view", view}};
}

}  // namespace server
