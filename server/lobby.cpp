#include "server/lobby.h"

#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "server/churchill_title.h"
#include "server/tokens.h"

namespace server {

namespace {

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// The body's fields must be among `allowed`.
void only_fields(const nlohmann::json& body, std::initializer_list<const char*> allowed, const char* shape) {
  if (!body.is_object()) throw ApiError(400, fmt::format("the body must be {}", shape));
  for (const auto& [key, _] : body.items())
    if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; }))
      throw ApiError(400, fmt::format("unknown field {}: the body must be {}", printable(key), shape));
}

}  // namespace

Lobby::Lobby(const churchill::Data& data, Store& store, LobbyLimits limits, std::function<std::int64_t()> clock)
    : data_(data), store_(store), limits_(limits), clock_(clock ? std::move(clock) : unix_now), board_(title::board(data)) {
  for (StoredGame& sg : store_.load_unfinished()) {
    const std::string id = sg.id;
    const bool marked = sg.mark.has_value();
    Room& r = rooms_.emplace(id, build(std::move(sg))).first->second;
    if (!r.damaged.empty()) {
      std::cerr << fmt::format("churchill serve: game {} is damaged and kept aside: {}\n", id, r.damaged);
      continue;
    }
    if (!marked) stage(id, r, GameWrite{});  // a game stored before marks: its mark is written now
  }
  if (!staged_.empty()) commit_now();
}

Lobby::Room Lobby::build(StoredGame sg) {
  Room r;
  r.token_hash.resize(static_cast<std::size_t>(title::seats()));
  for (const auto& [seat, hash] : sg.token_hashes)
    if (const auto p = title::seat_from_name(seat)) r.token_hash[static_cast<std::size_t>(*p)] = hash;
  r.invitation_hash = sg.invitation_hash;
  r.updated = sg.mark ? sg.mark->updated : now();
  r.version = sg.mark ? sg.mark->version : 0;
  r.stored = sg.record.actions.size();
  try {
    if (sg.record.game != "churchill") throw core::SaveError("unreadable record: " + sg.record.state_hash);
    r.game = std::make_unique<churchill::SavedGame>(data_, sg.record);
    if (sg.mark && sg.mark->action_count != sg.record.actions.size())
      throw core::SaveError(fmt::format("{} actions stored, {} expected", sg.record.actions.size(), sg.mark->action_count));
    if (sg.mark && sg.mark->state_hash != title::state_hash(*r.game))
      throw core::SaveError(fmt::format("replaying gives state hash {}, {} expected", title::state_hash(*r.game), sg.mark->state_hash));
    r.finished = title::terminal(*r.game);
  } catch (const std::exception& e) {
    r.game.reset();
    r.damaged = e.what();
    r.summary = nlohmann::json{{"id", sg.id}, {"damaged", r.damaged}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return r;
  }
  r.summary = make_summary(sg.id, r);
  return r;
}

Lobby::Room& Lobby::room(const std::string& id) {
  auto it = rooms_.find(id);
  if (it == rooms_.end() || (!it->second.game && it->second.damaged.empty())) {
    std::optional<StoredGame> sg;
    try {
      sg = store_.load(id);
    } catch (const StoreError& e) {
      std::cerr << fmt::format("churchill serve: cannot load game {}: {}\n", printable(id), e.what());
      throw ApiError(503, "the game cannot be read from storage now; try again");
    }
    if (!sg) throw ApiError(404, fmt::format("no game {}", printable(id)));
    Room fresh = build(std::move(*sg));
    if (it != rooms_.end()) {
      fresh.listeners = std::move(it->second.listeners);
      it->second = std::move(fresh);
    } else {
      it = rooms_.emplace(id, std::move(fresh)).first;
      if (it->second.finished) finished_loaded_.push_back(id);
      while (finished_loaded_.size() > limits_.finished_in_memory) {
        const std::string oldest = finished_loaded_.front();
        finished_loaded_.erase(finished_loaded_.begin());
        release_if_idle(oldest);
      }
    }
  }
  if (it->second.erasing) throw ApiError(404, fmt::format("no game {}", printable(id)));
  if (!it->second.damaged.empty())
    throw ApiError(410, fmt::format("game {} is damaged (its stored actions do not replay to its stored state) and is kept aside", id));
  return it->second;
}

// A finished game nobody watches leaves memory; it is loaded again when someone opens it.
void Lobby::release_if_idle(const std::string& id) {
  auto it = rooms_.find(id);
  if (it == rooms_.end() || !it->second.finished || it->second.busy || !it->second.listeners.empty()) return;
  if (std::find(finished_loaded_.begin(), finished_loaded_.end(), id) != finished_loaded_.end()) return;
  rooms_.erase(it);
}

std::string Lobby::make_summary(const std::string& id, Room& r) const {
  nlohmann::json s = title::summary(*r.game);
  nlohmann::json seats = nlohmann::json::object();
  bool open = false;
  for (int p = 0; p < title::seats(); ++p) {
    const std::string c = r.game->controller(p);
    const bool free = c == "human" && r.token_hash[static_cast<std::size_t>(p)].empty();
    open = open || (free && r.invitation_hash.empty());
    seats[title::seat_name(p)] = !free ? (c == "human" ? "taken" : c) : r.invitation_hash.empty() ? "open" : "invitation";
  }
  s["id"] = id;
  s["seats"] = seats;
  s["open"] = open && !r.finished;
  s["updated"] = r.updated;
  return s.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string Lobby::list(const std::string& status, const std::string& after, std::size_t limit) {
  if (status != "live" && status != "open" && status != "finished" && status != "damaged")
    throw ApiError(400, "\"status\" is \"live\", \"open\", \"finished\" or \"damaged\"");
  std::vector<std::string> entries;
  std::string last;
  if (status == "finished") {
    try {
      entries = store_.finished_summaries(after, limit + 1);
    } catch (const StoreError&) {
      throw ApiError(503, "the list of finished games cannot be read from storage now; try again");
    }
  } else {
    for (auto it = rooms_.upper_bound(after); it != rooms_.end() && entries.size() <= limit; ++it) {
      const Room& r = it->second;
      if (r.summary.empty() || r.erasing) continue;  // a new game not committed yet
      const bool damaged = !r.damaged.empty();
      const bool open = r.summary.find("\"open\":true") != std::string::npos;
      if (status == "damaged" ? damaged : (!damaged && !r.finished && (status == "live" || open))) {
        entries.push_back(r.summary);
        if (entries.size() <= limit) last = it->first;
      }
    }
  }
  const bool more = entries.size() > limit;
  if (more) entries.pop_back();
  if (status == "finished" && more) last = nlohmann::json::parse(entries.back())["id"].get<std::string>();
  std::string out = "{\"games\":[";
  for (std::size_t i = 0; i < entries.size(); ++i) out += (i ? "," : "") + entries[i];
  return out + "],\"next\":" + (more ? nlohmann::json(last).dump() : "null") + "}";
}

nlohmann::json Lobby::create(const nlohmann::json& body) {
  only_fields(body, {"scenario", "options", "seats", "seating", "seed"},
              "{\"scenario\": ..., \"options\": [...], \"seats\": {...}, \"seating\": \"public\" or \"invitation\"}");
  if (body.contains("seed")) throw ApiError(400, "the server draws every game's seed; a client may not choose one");
  const auto seating = body.value("seating", nlohmann::json("invitation"));
  if (seating != "public" && seating != "invitation") throw ApiError(400, "\"seating\" is \"public\" or \"invitation\"");
  if (live() >= limits_.max_live_games)
    throw ApiError(503, "the server holds as many games in play as it may; try again when some have ended");
  core::SaveFile record = title::parse_create(data_, body);
  std::string id;
  do id = new_id();
  while (rooms_.count(id));  // an id of a finished game in the store is refused by its primary key (503, retried)
  Room r;
  r.game = std::make_unique<churchill::SavedGame>(data_, record);
  r.token_hash.resize(static_cast<std::size_t>(title::seats()));
  nlohmann::json reply = {{"id", id}};
  if (seating == "invitation") {
    const std::string invitation = new_token();
    r.invitation_hash = hash_token(invitation);
    reply["invitation"] = invitation;
  }
  r.game->run_bots();
  Room& room = rooms_.emplace(id, std::move(r)).first->second;
  GameWrite w;
  w.create = room.game->meta();
  w.invitation_hash = room.invitation_hash;
  stage(id, room, std::move(w));
  return reply;
}

std::string Lobby::claim(const std::string& id, const std::string& seat, const nlohmann::json& body) {
  only_fields(body, {"invitation"}, "empty or {\"invitation\": \"<the invitation's secret>\"}");
  Room& r = room(id);
  const auto p = title::seat_from_name(seat);
  if (!p) throw ApiError(404, fmt::format("no seat {} (UK, US, USSR)", printable(seat, 20)));
  const std::size_t i = static_cast<std::size_t>(*p);
  if (r.finished) throw ApiError(409, "the game is over");
  if (r.game->controller(*p) != "human") throw ApiError(409, seat + " is played by a bot");
  if (!r.token_hash[i].empty()) throw ApiError(409, seat + " is already taken");
  if (!r.invitation_hash.empty()) {
    const auto invitation = body.value("invitation", nlohmann::json(""));
    if (!invitation.is_string() || !same_hash(hash_token(invitation.get<std::string>()), r.invitation_hash))
      throw ApiError(403, "this game's seats are by invitation: the body must carry the invitation's secret");
  }
  const std::string token = new_token();
  r.token_hash[i] = hash_token(token);
  GameWrite w;
  w.claim = {seat, r.token_hash[i]};
  stage(id, r, std::move(w));
  return token;
}

std::optional<int> Lobby::seat_of(const std::string& id, const std::string& token) {
  const Room& r = room(id);
  if (token.empty()) return std::nullopt;
  const std::string hash = hash_token(token);
  for (std::size_t p = 0; p < r.token_hash.size(); ++p)
    if (!r.token_hash[p].empty() && same_hash(r.token_hash[p], hash)) return static_cast<int>(p);
  throw ApiError(401, "this token opens no seat of this game");
}

nlohmann::json Lobby::seat_view(const std::string& id, Room& r, std::optional<int> seat) {
  nlohmann::json v = title::view(*r.game, seat);
  v["id"] = id;
  v["version"] = r.version;
  if (r.finished) v["seed"] = r.game->meta().seed.text();  // published once the game is over, to verify its replay
  return v;
}

// A view is made once per version of the game and seat: spectators, pushes and repeated reads share it.
const std::string& Lobby::cached_view(const std::string& id, Room& r, std::optional<int> seat) {
  auto& [version, text] = r.views[seat ? *seat : -1];
  if (text.empty() || version != r.version) {
    text = seat_view(id, r, seat).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    version = r.version;
  }
  return text;
}

const std::string& Lobby::view(const std::string& id, const std::string& token) {
  Room& r = room(id);
  return cached_view(id, r, seat_of(id, token));
}

void Lobby::check_version(const std::string& id, Room& r, std::optional<int> seat, const nlohmann::json& body) {
  const auto version = body.find("version");
  if (version == body.end() || !version->is_number_unsigned())
    throw ApiError(400, "the body must carry \"version\": the version of the view the request was chosen on");
  if (version->get<std::uint64_t>() != r.version)
    throw ApiError(409, fmt::format("the game has changed since version {} (it is at version {}): choose again on the current view",
                                    version->get<std::uint64_t>(), r.version),
                   seat_view(id, r, seat));
}

const std::string& Lobby::act(const std::string& id, const std::string& token, const nlohmann::json& body) {
  Room& r = room(id);
  const auto seat = seat_of(id, token);
  if (!seat) throw ApiError(401, "acting needs the seat's token (Authorization: Bearer TOKEN)");
  only_fields(body, {"action", "version"}, "{\"action\": \"<the action's text>\", \"version\": N}");
  if (!body.contains("action") || !body["action"].is_string())
    throw ApiError(400, "the body must be {\"action\": \"<the action's text>\", \"version\": N}");
  check_version(id, r, seat, body);
  title::act(*r.game, *seat, body["action"].get<std::string>());
  stage(id, r, GameWrite{});
  return cached_view(id, r, seat);
}

const std::string& Lobby::undo(const std::string& id, const std::string& token, const nlohmann::json& body) {
  Room& r = room(id);
  const auto seat = seat_of(id, token);
  if (!seat) throw ApiError(401, "undo needs the seat's token");
  only_fields(body, {"version"}, "{\"version\": N}");
  check_version(id, r, seat, body);
  auto& session = r.game->session();
  if (!session.can_undo(*seat)) throw ApiError(409, "nothing to undo (undo never crosses a die roll, a reveal or another seat's turn)");
  session.undo(*seat);
  GameWrite w;
  w.keep_actions = session.history().size();
  stage(id, r, std::move(w));
  return cached_view(id, r, seat);
}

void Lobby::expire() {
  const std::int64_t limit = now() - limits_.expire_seconds;
  for (auto& [id, r] : rooms_) {
    if (r.busy || r.finished || !r.damaged.empty() || !r.game || r.updated > limit) continue;
    r.erasing = true;
    GameWrite w;
    w.erase = true;
    w.id = id;
    r.busy = true;
    staged_.push_back(std::move(w));
    staged_ids_.push_back(id);
  }
}

// The writes of a change with the game's new mark: its version, stored actions, hash and list entry.
void Lobby::stage(const std::string& id, Room& r, GameWrite w) {
  w.id = id;
  const auto& actions = r.game->actions();
  if (w.keep_actions) r.stored = std::min(r.stored, *w.keep_actions);
  w.first_new = r.stored;
  w.append.assign(actions.begin() + static_cast<std::ptrdiff_t>(r.stored), actions.end());
  r.stored = actions.size();
  r.version += w.claim ? 0 : 1;  // a claim changes no view's choices
  r.updated = now();
  r.finished = title::terminal(*r.game);
  r.staged_summary = make_summary(id, r);
  w.mark = GameMark{r.version, r.stored, title::state_hash(*r.game), r.finished, r.updated, r.staged_summary};
  r.busy = true;
  staged_.push_back(std::move(w));
  staged_ids_.push_back(id);
}

std::size_t Lobby::live() const {
  return static_cast<std::size_t>(std::count_if(rooms_.begin(), rooms_.end(), [](const auto& kv) {
    return !kv.second.finished && kv.second.damaged.empty() && !kv.second.erasing;
  }));
}

bool Lobby::busy(const std::string& id) const {
  auto it = rooms_.find(id);
  return it != rooms_.end() && it->second.busy;
}

std::vector<GameWrite> Lobby::take_staged() {
  in_flight_ids_ = std::move(staged_ids_);
  staged_ids_.clear();
  return std::exchange(staged_, {});
}

void Lobby::settle(bool committed) {
  for (const std::string& id : in_flight_ids_) {
    auto it = rooms_.find(id);
    if (it == rooms_.end()) continue;
    Room& r = it->second;
    r.busy = false;
    if (committed && r.erasing) {
      const auto listeners = std::move(r.listeners);
      rooms_.erase(it);
      for (const auto& [_, listener] : listeners) listener();  // they find the game gone
      continue;
    }
    if (!committed) {  // back to what the store holds: loaded again on its next use
      r.game.reset();
      r.erasing = false;
      if (r.summary.empty() && r.listeners.empty()) rooms_.erase(it);  // a game never stored
      continue;
    }
    r.summary = std::move(r.staged_summary);
    for (const auto& [_, listener] : std::map<int, Listener>(r.listeners)) listener();
    release_if_idle(id);
  }
  in_flight_ids_.clear();
}

void Lobby::commit_now() {
  const auto batch = take_staged();
  bool ok = true;
  try {
    store_.commit(batch);
  } catch (const StoreError& e) {
    std::cerr << fmt::format("churchill serve: a commit failed, nothing of it was applied: {}\n", e.what());
    ok = false;
  }
  settle(ok);
}

int Lobby::subscribe(const std::string& id, Listener listener) {
  room(id).listeners.emplace(next_handle_, std::move(listener));
  return next_handle_++;
}

void Lobby::unsubscribe(const std::string& id, int handle) {
  auto it = rooms_.find(id);
  if (it == rooms_.end()) return;
  it->second.listeners.erase(handle);
  release_if_idle(id);
}

}  // namespace server
