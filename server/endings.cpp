// Endings and beginnings (docs/server.md): a seat resigns and a bot plays it, an alliance concedes
// once all its human seats agree, a finished game's seat offers a rematch with the same seats, a
// stranger finds an open game, and a game may be played without spectators. Each is kept in the
// game's record (core::SaveFile::events, observers, rematch), so that a replay shows it.
#include <fmt/format.h>

#include <algorithm>

#include "server/limits.h"
#include "server/lobby.h"
#include "server/tokens.h"

namespace server {

std::optional<int> Lobby::watcher_of(const std::string& id, const std::string& token) {
  const auto seat = seat_of(id, token);
  if (seat) return seat;
  const auto it = rooms_.find(id);  // seat_of found it or read it
  if (it != rooms_.end() && !it->second.observers && !it->second.finished)
    throw ApiError(403, ErrorCode{"no_observers"}, "this game is played without spectators: only its seats see it until it is over");
  return seat;
}

const std::string& Lobby::resign(const std::string& id, const std::string& token, const nlohmann::json& body, const std::string& key) {
  Room& r = room(id);
  const int seat = seat_needed(id, token, "resigning");
  only_fields(body, {"bot"}, "empty or {\"bot\": \"<a bot of the title, such as rules>\"}");
  const std::string request = hash_token("resign " + body.dump());
  if (made_before(r, seat, key, request)) return cached_view(id, r, seat);
  core::Match& m = *r.game;
  const core::Title& title = title_of(m.record().game);
  const auto bot = body.value("bot", nlohmann::json(title.bot_kinds().front()));
  if (!bot.is_string() || !title.valid_controller("bot:" + bot.get<std::string>()))
    throw ApiError(400, ErrorCode{"no_bot", {{"bot", plain(bot.is_string() ? bot.get<std::string>() : bot.dump(), 40)}}},
                   fmt::format("\"bot\" names one of the title's bots, not {}", printable(bot.dump(), 40)));
  const core::Seat s = static_cast<core::Seat>(seat);
  if (m.node_kind() == core::NodeKind::Terminal) throw ApiError(409, ErrorCode{"game_over"}, "the game is over");
  if (m.is_bot(s))
    throw ApiError(409, ErrorCode{"seat_is_bot", {{"seat", m.seat_name(s)}}}, fmt::format("{} is played by a bot already", m.seat_name(s)));
  try {
    m.resign(s, "bot:" + bot.get<std::string>());
  } catch (const core::ActionError& e) {
    throw ApiError(409, e.what());
  }
  return changed(id, r, seat, key, request);  // its bot plays from then on
}

const std::string& Lobby::concede(const std::string& id, const std::string& token, const nlohmann::json& body, const std::string& key) {
  Room& r = room(id);
  const int seat = seat_needed(id, token, "conceding");
  only_fields(body, {"agree"}, "empty or {\"agree\": true or false}");
  const auto agree = body.value("agree", nlohmann::json(true));
  if (!agree.is_boolean())
    throw ApiError(400, "\"agree\" is true (the seat agrees that its alliance concedes) or false (it takes that back)");
  const std::string request = hash_token("concede " + body.dump());
  if (made_before(r, seat, key, request)) return cached_view(id, r, seat);
  core::Match& m = *r.game;
  const core::Seat s = static_cast<core::Seat>(seat);
  if (m.team(s) < 0) throw ApiError(409, ErrorCode{"no_alliances"}, "this game has no alliances to concede: a player resigns instead");
  if (m.node_kind() == core::NodeKind::Terminal) throw ApiError(409, ErrorCode{"game_over"}, "the game is over");
  if (m.is_bot(s))
    throw ApiError(409, ErrorCode{"seat_is_bot", {{"seat", m.seat_name(s)}}}, fmt::format("{} is played by a bot", m.seat_name(s)));
  if (agree.get<bool>() == static_cast<bool>(m.conceding() & core::seat_bit(s))) {
    const nlohmann::json named = {{"seat", m.seat_name(s)}};
    if (agree.get<bool>())
      throw ApiError(409, ErrorCode{"agreed_already", named}, fmt::format("{} has already agreed to concede", m.seat_name(s)));
    throw ApiError(409, ErrorCode{"not_agreed", named}, fmt::format("{} has not agreed to concede", m.seat_name(s)));
  }
  try {
    m.concede(s, agree.get<bool>());
  } catch (const core::ActionError& e) {
    throw ApiError(409, e.what());
  }
  return changed(id, r, seat, key, request);
}

nlohmann::json Lobby::rematch(const std::string& id, const std::string& token, const std::string& client) {
  Room& old = room(id);
  const int seat = seat_needed(id, token, "offering a rematch");
  core::Match& m = *old.game;
  if (m.node_kind() != core::NodeKind::Terminal)
    throw ApiError(409, ErrorCode{"game_not_over"}, "a rematch is offered once the game is over");
  for (const core::SeatEvent& e : m.record().events)
    if (e.event == "rematch") return {{"id", e.game}, {"created", false}};
  if (live() >= limits_.max_live_games)
    throw ApiError(503, ErrorCode{"server_full"}, "the server holds as many games in play as it may; try again when some have ended");
  check_held(client);
  const core::SaveFile& before = m.record();
  const core::Title& title = title_of(before.game);
  core::SaveFile record;
  try {
    record = title.new_record(before.scenario, before.options, before.players,
                              before.seats);  // the seats as created: a resigned one is its player's again
  } catch (const core::SetupError& e) {
    throw ApiError(409, ErrorCode{"no_rematch"}, fmt::format("this game cannot be played again here: {}", e.what()));
  }
  record.seed = core::Seed::from_os();
  record.search_threads = limits_.threads_per_search;
  record.observers = before.observers;
  record.rematch = id;
  std::string made;
  do made = new_id();
  while (rooms_.count(made));
  Room r;
  r.game = title.open(record);
  r.human = has_human(*r.game);
  r.observers = record.observers;
  r.versions = SeatVersions("", r.game->seat_count(), 0);
  r.token_hash = old.token_hash;  // each seat is opened by the token that opened it in the game before
  r.token_hash.resize(static_cast<std::size_t>(r.game->seat_count()));
  r.invitation_hash = old.invitation_hash;
  r.clocks = Clocks(old.clocks.pace(), old.clocks.stand_in(), r.game->seat_count());  // the same pace
  r.owner = r.creator = client;
  GameWrite w;
  w.create = r.game->record();
  w.invitation_hash = r.invitation_hash;
  w.creator = client;
  w.creator_network = client.empty() ? "" : network_of(client);
  for (core::Seat p = 0; p < r.game->seat_count(); ++p)
    if (!r.token_hash[static_cast<std::size_t>(p)].empty())
      w.claims.emplace_back(r.game->seat_name(p), r.token_hash[static_cast<std::size_t>(p)]);
  m.note_after_end({0, m.seat_name(static_cast<core::Seat>(seat)), "rematch", "", made});
  stage(id, old, GameWrite{});
  if (!offload_) r.game->run_bots();
  adopt(made, std::move(r));
  stage(made, rooms_.at(made), std::move(w));
  return {{"id", made}, {"created", true}};
}

std::string Lobby::open_games(const std::string& title, const std::string& scenario, const std::string& pace, const std::string& after,
                              std::size_t limit) {
  if (!title.empty()) title_of(title);  // 400 for none
  if (scenario.size() > 64 || pace.size() > 32) throw ApiError(400, "\"scenario\" and \"pace\" are short names");
  std::vector<std::string> entries;
  std::string last;
  for (auto it = rooms_.upper_bound(after); it != rooms_.end() && entries.size() <= limit; ++it) {
    const Room& r = it->second;
    if (r.summary.empty() || r.erasing || r.finished || !r.damaged.empty() || r.summary.find("\"open\":true") == std::string::npos)
      continue;
    const nlohmann::json s = nlohmann::json::parse(r.summary, nullptr, false);
    if (!s.is_object() || (!title.empty() && s.value("title", "") != title) || (!scenario.empty() && s.value("scenario", "") != scenario))
      continue;
    if (!pace.empty() && s.value("pace", "none") != pace) continue;
    entries.push_back(r.summary);
    if (entries.size() <= limit) last = it->first;
  }
  return page(std::move(entries), last, limit);
}

}  // namespace server
