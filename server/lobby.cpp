#include "server/lobby.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>

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

// Log lines in a view: enough for a whole War Phase played by bots in one request, which the web
// client keeps (with log_size) to show the whole log and each conference's summary.
constexpr int kLogTail = 200;

// A title as the lobby's form needs it: scenarios with the seats of each seat count, options, bots.
nlohmann::json title_json(const core::Title& t) {
  nlohmann::json scenarios = nlohmann::json::array(), options = nlohmann::json::array();
  for (const core::ScenarioInfo& sc : t.scenarios()) {
    nlohmann::json seats = nlohmann::json::object();
    for (int players : sc.players) seats[std::to_string(players)] = t.seat_names(sc.id, {}, players);
    scenarios.push_back({{"id", sc.id}, {"name", sc.name}, {"players", sc.players}, {"seats", seats}, {"reconstructed", sc.reconstructed}});
  }
  for (const core::OptionInfo& o : t.options()) {
    nlohmann::json option = {{"id", o.id}, {"description", o.description}, {"harness", o.harness}};
    if (!o.scenario.empty()) option["scenario"] = o.scenario;
    if (o.players) option["players"] = o.players;
    options.push_back(option);
  }
  return {{"id", t.id()}, {"name", t.name()}, {"scenarios", scenarios}, {"options", options}, {"bots", t.bot_kinds()}};
}

std::vector<std::string> strings(const nlohmann::json& j, const char* field, const char* shape) {
  if (!j.is_array()) throw ApiError(400, fmt::format("\"{}\" must be {}", field, shape));
  std::vector<std::string> out;
  for (const auto& item : j) {
    if (!item.is_string()) throw ApiError(400, fmt::format("\"{}\" must be {}", field, shape));
    out.push_back(item.get<std::string>());
  }
  return out;
}

}  // namespace

Lobby::Lobby(const core::Titles& titles, Store& store, LobbyLimits limits, std::function<std::int64_t()> clock)
    : titles_(titles), store_(store), limits_(limits), clock_(clock ? std::move(clock) : unix_now),
      titles_json_(nlohmann::json::array()) {
  for (const auto& t : titles_.all()) {
    titles_json_.push_back(title_json(*t));
    layouts_[t->id()] = t->layout();
  }
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

const core::Title& Lobby::title_of(const std::string& id) const {
  if (const core::Title* t = titles_.find(id)) return *t;
  std::string ids;
  for (const auto& t : titles_.all()) ids += (ids.empty() ? "" : ", ") + t->id();
  throw ApiError(400, fmt::format("no title {} ({})", printable(id), ids));
}

nlohmann::json Lobby::rules(const std::string& title, const std::string& section, const std::string& language) const {
  const core::Title* t = titles_.find(title);
  if (!t) throw ApiError(404, fmt::format("no title {}", printable(title)));
  // A rule number: "4.4", "7.72", "7.72.4" (digits and dots, at most 10 characters).
  const bool number = !section.empty() && section.size() <= 10 && std::isdigit(static_cast<unsigned char>(section.front())) &&
                      std::isdigit(static_cast<unsigned char>(section.back())) &&
                      std::all_of(section.begin(), section.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; });
  if (!number) throw ApiError(400, "a rule is asked for by its number, such as 7.74");
  const std::string lang = language.empty() ? std::string(core::kEnglish) : language;
  // The languages of the server: those its titles are played in (a reader of one may open another).
  std::set<std::string> spoken;
  for (const auto& each : titles_.all())
    for (std::string& l : each->languages()) spoken.insert(std::move(l));
  if (!spoken.count(lang)) {
    std::string names;
    for (const std::string& l : spoken) names += (names.empty() ? "" : ", ") + l;
    throw ApiError(400, ErrorCode{"no_language", {{"language", plain(lang, 10)}, {"languages", names}}},
                   fmt::format("no language {} ({})", printable(lang, 10), names));
  }
  const core::RulesText r = t->rules_section(section, lang);
  return {{"section", section}, {"language", r.language}, {"found", r.found}, {"text", r.text}};
}

const nlohmann::json& Lobby::layout(const std::string& title) const {
  auto it = layouts_.find(title);
  if (it == layouts_.end()) throw ApiError(404, fmt::format("no title {}", printable(title)));
  return it->second;
}

Lobby::Room Lobby::build(StoredGame sg) {
  Room r;
  r.invitation_hash = sg.invitation_hash;
  r.updated = sg.mark ? sg.mark->updated : now();
  r.version = sg.mark ? sg.mark->version : 0;
  r.stored = sg.record.actions.size();
  try {
    const core::Title* title = titles_.find(sg.record.game);
    if (!title) throw core::SaveError(fmt::format("a game of \"{}\", which this server does not serve ({})", sg.record.game, sg.record.state_hash));
    r.game = title->open(sg.record);
    r.token_hash.resize(static_cast<std::size_t>(r.game->seat_count()));
    for (const auto& [seat, hash] : sg.token_hashes)
      if (const auto p = r.game->seat_from_name(seat)) r.token_hash[static_cast<std::size_t>(*p)] = hash;
    if (sg.mark && sg.mark->action_count != sg.record.actions.size())
      throw core::SaveError(fmt::format("{} actions stored, {} expected", sg.record.actions.size(), sg.mark->action_count));
    if (sg.mark && sg.mark->state_hash != r.game->state_hash())
      throw core::SaveError(fmt::format("replaying gives state hash {}, {} expected", r.game->state_hash(), sg.mark->state_hash));
    r.finished = r.game->node_kind() == core::NodeKind::Terminal;
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
      throw ApiError(503, ErrorCode{"storage"}, "the game cannot be read from storage now; try again");
    }
    if (!sg) throw ApiError(404, ErrorCode{"no_game"}, fmt::format("no game {}", printable(id)));
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
    think(id);
  }
  if (it->second.erasing) throw ApiError(404, ErrorCode{"no_game"}, fmt::format("no game {}", printable(id)));
  if (!it->second.damaged.empty())
    throw ApiError(410, ErrorCode{"damaged"}, fmt::format("game {} is damaged (its stored actions do not replay to its stored state) and is kept aside", id));
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
  const core::Match& m = *r.game;
  nlohmann::json winners = nlohmann::json::array(), order = nlohmann::json::array();
  for (int p = 0; p < m.seat_count(); ++p) {
    order.push_back(m.seat_name(p));
    if (m.winners() & core::seat_bit(static_cast<core::Seat>(p))) winners.push_back(m.seat_name(p));
  }
  nlohmann::json s = {{"title", m.record().game}, {"scenario", m.record().scenario}, {"phase", m.phase()}, {"phase_message", m.phase_message()},
                      {"terminal", m.node_kind() == core::NodeKind::Terminal}, {"winners", winners}, {"seat_order", order}};
  nlohmann::json seats = nlohmann::json::object();
  bool open = false;
  for (int p = 0; p < m.seat_count(); ++p) {
    const std::string c = r.game->controller(p);
    const bool free = c == "human" && r.token_hash[static_cast<std::size_t>(p)].empty();
    open = open || (free && r.invitation_hash.empty());
    seats[m.seat_name(p)] = !free ? (c == "human" ? "taken" : c) : r.invitation_hash.empty() ? "open" : "invitation";
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
      throw ApiError(503, ErrorCode{"storage"}, "the list of finished games cannot be read from storage now; try again");
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

// A new game's record from the body, checked field by field by its title (400 naming what is wrong);
// the seed comes from the operating system, never from a client.
core::SaveFile Lobby::parse_create(const nlohmann::json& body) const {
  const auto title_id = body.value("title", nlohmann::json(titles_.all().front()->id()));
  if (!title_id.is_string()) throw ApiError(400, "\"title\" must be a string such as \"churchill\"");
  const core::Title& title = title_of(title_id.get<std::string>());
  const auto scenario = body.value("scenario", nlohmann::json(title.scenarios().front().id));
  if (!scenario.is_string()) throw ApiError(400, "\"scenario\" must be a string");
  const auto players = body.value("players", nlohmann::json(0u));
  if (!players.is_number_unsigned() || players.get<std::uint64_t>() > core::kMaxSeats)
    throw ApiError(400, "\"players\" must be a number of seats the scenario allows");
  const auto seats = body.value("seats", nlohmann::json::object());
  if (!seats.is_object()) throw ApiError(400, "\"seats\" must be an object such as {\"UK\": \"human\", \"US\": \"bot:rulebook\"}");
  std::vector<std::pair<std::string, std::string>> controllers;
  for (const auto& [seat, controller] : seats.items()) {
    if (!controller.is_string()) throw ApiError(400, fmt::format("the seat {} is \"human\" or \"bot:\" and a bot's name", printable(seat)));
    const std::string c = controller.get<std::string>();
    if (c.starts_with("bot:") && title.bot_searches(c.substr(4)) && !waiting_.empty())
      throw ApiError(503, ErrorCode{"searches_busy"}, fmt::format("the server's searches are all taken ({} games wait for one); try again shortly, "
                                      "or choose a bot that does not search", waiting_.size()));
    controllers.emplace_back(seat, c);
  }
  try {
    core::SaveFile record = title.new_record(scenario.get<std::string>(),
                                             strings(body.value("options", nlohmann::json::array()), "options", "an array of strings"),
                                             static_cast<int>(players.get<std::uint64_t>()), controllers);
    record.seed = core::Seed::from_os();
    record.search_threads = limits_.threads_per_search;  // kept with the game: a restart with another count changes no game
    return record;
  } catch (const core::SetupError& e) {
    throw ApiError(400, plain(e.what()));
  }
}

nlohmann::json Lobby::create(const nlohmann::json& body) {
  only_fields(body, {"title", "scenario", "players", "options", "seats", "seating", "seed"},
              "{\"title\": ..., \"scenario\": ..., \"players\": N, \"options\": [...], \"seats\": {...}, \"seating\": \"public\" or \"invitation\"}");
  if (body.contains("seed")) throw ApiError(400, "the server draws every game's seed; a client may not choose one");
  const auto seating = body.value("seating", nlohmann::json("invitation"));
  if (seating != "public" && seating != "invitation") throw ApiError(400, "\"seating\" is \"public\" or \"invitation\"");
  if (live() >= limits_.max_live_games)
    throw ApiError(503, ErrorCode{"server_full"}, "the server holds as many games in play as it may; try again when some have ended");
  core::SaveFile record = parse_create(body);
  std::string id;
  do id = new_id();
  while (rooms_.count(id));  // an id of a finished game in the store is refused by its primary key (503, retried)
  Room r;
  r.game = title_of(record.game).open(record);
  r.token_hash.resize(static_cast<std::size_t>(r.game->seat_count()));
  nlohmann::json reply = {{"id", id}};
  if (seating == "invitation") {
    const std::string invitation = new_token();
    r.invitation_hash = hash_token(invitation);
    reply["invitation"] = invitation;
  }
  r.game->run_bots(offload_ != nullptr);  // a bot that searches thinks once the game is stored (settle)
  Room& room = rooms_.emplace(id, std::move(r)).first->second;
  GameWrite w;
  w.create = room.game->record();
  w.invitation_hash = room.invitation_hash;
  stage(id, room, std::move(w));
  return reply;
}

std::string Lobby::claim(const std::string& id, const std::string& seat, const nlohmann::json& body) {
  only_fields(body, {"invitation"}, "empty or {\"invitation\": \"<the invitation's secret>\"}");
  Room& r = room(id);
  const auto p = r.game->seat_from_name(seat);
  if (!p) {
    std::string names;
    for (int k = 0; k < r.game->seat_count(); ++k) names += (k ? ", " : "") + r.game->seat_name(static_cast<core::Seat>(k));
    throw ApiError(404, ErrorCode{"no_seat", {{"seat", plain(seat, 20)}}}, fmt::format("no seat {} ({})", printable(seat, 20), names));
  }
  const std::size_t i = static_cast<std::size_t>(*p);
  if (r.finished) throw ApiError(409, ErrorCode{"game_over"}, "the game is over");
  if (r.game->controller(*p) != "human") throw ApiError(409, ErrorCode{"seat_is_bot", {{"seat", seat}}}, seat + " is played by a bot");
  if (!r.token_hash[i].empty()) throw ApiError(409, ErrorCode{"seat_taken", {{"seat", seat}}}, seat + " is already taken");
  if (!r.invitation_hash.empty()) {
    const auto invitation = body.value("invitation", nlohmann::json(""));
    if (!invitation.is_string() || !same_hash(hash_token(invitation.get<std::string>()), r.invitation_hash))
      throw ApiError(403, ErrorCode{"invitation_needed"}, "this game's seats are by invitation: the body must carry the invitation's secret");
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
  throw ApiError(401, ErrorCode{"bad_token"}, "this token opens no seat of this game");
}

nlohmann::json Lobby::seat_view(const std::string& id, Room& r, std::optional<int> seat) {
  nlohmann::json v = r.game->view(seat, kLogTail);
  v["id"] = id;
  v["version"] = r.version;
  if (r.finished) v["seed"] = r.game->record().seed.text();  // published once the game is over, to verify its replay
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
  Room* current = &r;
  if (version->get<std::uint64_t>() > r.version && !r.busy && store_.change_socket() >= 0) {
    reload(id);  // a version seen through another server sharing the store: this one's copy is behind
    current = &room(id);
  }
  if (version->get<std::uint64_t>() != current->version)
    throw ApiError(409, ErrorCode{"stale"}, fmt::format("the game has changed since version {} (it is at version {}): choose again on the current view",
                                    version->get<std::uint64_t>(), current->version),
                   seat_view(id, *current, seat));
}

const std::string& Lobby::act(const std::string& id, const std::string& token, const nlohmann::json& body) {
  Room& r = room(id);
  const auto seat = seat_of(id, token);
  if (!seat) throw ApiError(401, ErrorCode{"token_needed"}, "acting needs the seat's token (Authorization: Bearer TOKEN)");
  only_fields(body, {"action", "version"}, "{\"action\": \"<the action's text>\", \"version\": N}");
  if (!body.contains("action") || !body["action"].is_string())
    throw ApiError(400, "the body must be {\"action\": \"<the action's text>\", \"version\": N}");
  check_version(id, r, seat, body);
  Room& current = room(id);  // check_version may have loaded it again
  core::Match& m = *current.game;
  const std::string text = body["action"].get<std::string>();
  if (!(m.acting_seats() & core::seat_bit(static_cast<core::Seat>(*seat))))
    throw ApiError(409, ErrorCode{"not_your_turn", {{"seat", m.seat_name(static_cast<core::Seat>(*seat))}, {"phase", m.phase_message()}}},
                   fmt::format("{} may not act now ({})", m.seat_name(static_cast<core::Seat>(*seat)), m.phase()));
  try {
    m.act(static_cast<core::Seat>(*seat), text);
  } catch (const core::ActionError&) {
    throw ApiError(422, ErrorCode{"not_legal", {{"action", plain(text, 80)}}}, fmt::format("{} is not a legal action for {} now", printable(text, 80), m.seat_name(static_cast<core::Seat>(*seat))));
  }
  m.run_bots(offload_ != nullptr);
  stage(id, current, GameWrite{});
  return cached_view(id, current, seat);
}

const std::string& Lobby::undo(const std::string& id, const std::string& token, const nlohmann::json& body) {
  Room& r = room(id);
  const auto seat = seat_of(id, token);
  if (!seat) throw ApiError(401, ErrorCode{"token_needed"}, "undo needs the seat's token");
  only_fields(body, {"version"}, "{\"version\": N}");
  check_version(id, r, seat, body);
  Room& current = room(id);  // check_version may have loaded it again
  core::Match& m = *current.game;
  if (!m.can_undo(static_cast<core::Seat>(*seat)))
    throw ApiError(409, ErrorCode{"nothing_to_undo"}, "nothing to undo (undo never crosses a die roll, a reveal or another seat's turn)");
  const std::vector<core::SavedAction> before = m.actions();
  m.undo(static_cast<core::Seat>(*seat));
  // A seat's undo may take back an action followed by other seats' (secret simultaneous orders):
  // the store keeps what the two histories share and the rest is written again.
  const auto& after = m.actions();
  std::size_t kept = 0;
  while (kept < before.size() && kept < after.size() && before[kept] == after[kept]) ++kept;
  GameWrite w;
  w.keep_actions = kept;
  stage(id, current, std::move(w));
  return cached_view(id, current, seat);
}

void Lobby::expire() {
  const std::int64_t limit = now() - limits_.expire_seconds;
  for (auto& [id, r] : rooms_) {
    if (r.busy || r.finished || !r.damaged.empty() || !r.game || r.updated > limit) continue;
    r.erasing = true;
    GameWrite w;
    w.erase = true;
    w.id = id;
    w.base_version = r.version;
    r.busy = true;
    staged_.push_back(std::move(w));
    staged_ids_.push_back(id);
  }
}

// The writes of a change with the game's new mark: its version, stored actions, hash and list entry.
void Lobby::stage(const std::string& id, Room& r, GameWrite w) {
  w.id = id;
  if (!w.create) w.base_version = r.version;
  const auto& actions = r.game->actions();
  if (w.keep_actions) r.stored = std::min(r.stored, *w.keep_actions);
  w.first_new = r.stored;
  w.append.assign(actions.begin() + static_cast<std::ptrdiff_t>(r.stored), actions.end());
  r.stored = actions.size();
  r.version += w.claim ? 0 : 1;  // a claim changes no view's choices
  r.updated = now();
  r.finished = r.game->node_kind() == core::NodeKind::Terminal;
  r.staged_summary = make_summary(id, r);
  w.mark = GameMark{r.version, r.stored, r.game->state_hash(), r.finished, r.updated, r.staged_summary};
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

void Lobby::settle(bool committed, const std::vector<std::string>& conflicts) {
  std::vector<std::string> reload_now, think_now;
  for (const std::string& id : in_flight_ids_) {
    auto it = rooms_.find(id);
    if (it == rooms_.end()) continue;
    Room& r = it->second;
    r.busy = false;
    const bool conflict = std::find(conflicts.begin(), conflicts.end(), id) != conflicts.end();
    if (std::exchange(r.stale, false) || conflict) reload_now.push_back(id);
    if (committed && !conflict && r.erasing) {
      const auto listeners = std::move(r.listeners);
      rooms_.erase(it);
      for (const auto& [_, listener] : listeners) listener();  // they find the game gone
      continue;
    }
    if (!committed || conflict) {  // back to what the store holds: loaded again on its next use
      r.game.reset();
      r.erasing = false;
      if (r.summary.empty() && r.listeners.empty()) rooms_.erase(it);  // a game never stored
      continue;
    }
    r.summary = std::move(r.staged_summary);
    for (const auto& [_, listener] : std::map<int, Listener>(r.listeners)) listener();
    release_if_idle(id);
    think_now.push_back(id);
  }
  in_flight_ids_.clear();
  for (const std::string& id : reload_now) reload(id);
  for (const std::string& id : think_now) think(id);
}

std::vector<std::string> Lobby::commit_now() {
  const auto batch = take_staged();
  bool ok = true;
  std::vector<std::string> conflicts;
  try {
    conflicts = store_.commit(batch);
  } catch (const StoreError& e) {
    std::cerr << fmt::format("churchill serve: a commit failed, nothing of it was applied: {}\n", e.what());
    ok = false;
  }
  settle(ok, conflicts);
  return conflicts;
}

void Lobby::changed_elsewhere(const std::string& id) {
  if (id != "*") return reload(id);
  std::vector<std::string> ids;
  for (const auto& [room_id, _] : rooms_) ids.push_back(room_id);
  for (const std::string& room_id : ids) reload(room_id);
  try {  // games created elsewhere while this server was not listening
    for (StoredGame& sg : store_.load_unfinished())
      if (!rooms_.count(sg.id)) rooms_.emplace(sg.id, build(std::move(sg)));
  } catch (const StoreError& e) {
    std::cerr << fmt::format("churchill serve: cannot read the games in play: {}\n", e.what());
  }
}

// The game as the store holds it now, in place of what this server had (its listeners are told); a
// game deleted elsewhere leaves; one created elsewhere joins the list. A game nobody here watches is
// not replayed until it is used (each server replays only the games it serves). Read errors leave
// the game to be loaded on its next use.
void Lobby::reload(const std::string& id) {
  auto it = rooms_.find(id);
  if (it != rooms_.end() && it->second.busy) {
    it->second.stale = true;
    return;
  }
  std::optional<StoredGame> sg;
  try {
    sg = store_.load(id);
  } catch (const StoreError& e) {
    std::cerr << fmt::format("churchill serve: cannot load game {}: {}\n", printable(id), e.what());
    if (it != rooms_.end() && it->second.damaged.empty()) it->second.game.reset();
    return;
  }
  if (!sg) {
    if (it == rooms_.end()) return;
    const auto listeners = std::move(it->second.listeners);
    rooms_.erase(it);
    std::erase(finished_loaded_, id);
    for (const auto& [_, listener] : listeners) listener();  // they find the game gone
    return;
  }
  if (sg->mark && (it == rooms_.end() || it->second.listeners.empty())) {
    // Nobody here watches it: only its list entry is kept, and it is replayed when first used.
    Room cold;
    cold.version = sg->mark->version;
    cold.updated = sg->mark->updated;
    cold.finished = sg->mark->finished;
    cold.summary = sg->mark->summary;
    if (it == rooms_.end()) {
      if (!cold.finished) rooms_.emplace(id, std::move(cold));
    } else {
      it->second = std::move(cold);
      release_if_idle(id);
    }
    return;
  }
  Room fresh = build(std::move(*sg));
  if (it == rooms_.end()) {
    if (!fresh.finished) rooms_.emplace(id, std::move(fresh));
    return think(id);
  }
  fresh.listeners = std::move(it->second.listeners);
  it->second = std::move(fresh);
  for (const auto& [_, listener] : std::map<int, Listener>(it->second.listeners)) listener();
  if (it->second.finished && std::find(finished_loaded_.begin(), finished_loaded_.end(), id) == finished_loaded_.end())
    release_if_idle(id);
  think(id);
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

void Lobby::offload(Offload offload) {
  offload_ = std::move(offload);
  std::vector<std::string> ids;
  for (const auto& [id, r] : rooms_)
    if (r.game) ids.push_back(id);
  for (const std::string& id : ids) think(id);
}

void Lobby::think(const std::string& id) {
  if (!offload_ || thinking_.count(id)) return;
  auto it = rooms_.find(id);
  if (it == rooms_.end()) return;
  Room& r = it->second;
  if (!r.game || r.busy || r.finished || r.erasing || !r.damaged.empty()) return;
  std::optional<core::Match::BotTask> task = r.game->bot_task();
  if (!task) return;
  if (searches_ >= limits_.max_searches) {
    if (std::find(waiting_.begin(), waiting_.end(), id) == waiting_.end()) waiting_.push_back(id);
    return;
  }
  thinking_.insert(id);
  ++searches_;
  offload_([this, id, version = r.version, hash = r.game->state_hash(), task = std::move(*task)]() -> std::function<void()> {
    std::optional<core::Action> action;
    try {
      action = task.decide();
    } catch (const std::exception& e) {  // never expected: the game waits, and the log says why
      std::cerr << fmt::format("churchill serve: a bot of game {} could not decide: {}\n", id, e.what());
    }
    return [this, id, version, hash, task, action] { decided(id, version, hash, task, action); };
  });
}

// A bot's search has ended: its action is played if the game is where it was (the same version and
// state), else the game's next search, if any, starts from where the game is now.
void Lobby::decided(const std::string& id, std::uint64_t version, const std::string& hash, const core::Match::BotTask& task,
                    std::optional<core::Action> action) {
  thinking_.erase(id);
  --searches_;
  auto it = rooms_.find(id);
  bool again = action.has_value();
  if (it != rooms_.end() && action) {
    Room& r = it->second;
    if (r.game && !r.busy && !r.finished && !r.erasing && r.version == version && r.game->state_hash() == hash) {
      try {
        r.game->apply_bot(task, *action);
        r.game->run_bots(true);
        stage(id, r, GameWrite{});
      } catch (const core::ActionError& e) {  // never expected: the same state gives the same choice
        std::cerr << fmt::format("churchill serve: the bot's action in game {} was not played: {}\n", id, e.what());
        again = false;
      }
    }
  }
  if (again) think(id);  // moved on meanwhile: searched again from where it is (after its commit if staged)
  next_waiting();
}

void Lobby::next_waiting() {
  while (!waiting_.empty() && searches_ < limits_.max_searches) {
    const std::string id = waiting_.front();
    waiting_.pop_front();
    think(id);
  }
}

void Lobby::hint(const std::string& id, const std::string& token, Answer answer) {
  Room& r = room(id);
  const auto seat = seat_of(id, token);
  if (!seat) throw ApiError(401, ErrorCode{"token_needed"}, "a hint is for a seat's own decision: it needs the seat's token (Authorization: Bearer TOKEN)");
  auto& [cached_version, cached] = r.hints[*seat];
  if (!cached.empty() && cached_version == r.version) return answer(200, cached);
  const std::string seat_name = r.game->seat_name(static_cast<core::Seat>(*seat));
  std::function<std::vector<core::Match::Hint>()> task;
  try {
    task = r.game->hint_task(static_cast<core::Seat>(*seat), 3);
  } catch (const core::ActionError&) {
    throw ApiError(409, ErrorCode{"not_your_turn", {{"seat", seat_name}, {"phase", r.game->phase_message()}}},
                   fmt::format("{} may not act now ({}): a hint is for the seat's own decision", seat_name, r.game->phase()));
  }
  if (!task) throw ApiError(404, ErrorCode{"no_hints"}, "this title has no search to give hints");
  const auto key = std::make_pair(id, *seat);
  if (hinting_.count(key)) throw ApiError(429, ErrorCode{"hint_pending"}, "a hint for this seat is being computed; wait for its answer");
  if (offload_ && searches_ >= limits_.max_searches)
    throw ApiError(503, ErrorCode{"searches_busy"}, "the server is thinking for too many games at once; ask again shortly");
  auto finish = [this, id, seat = *seat, seat_name, version = r.version, answer](const std::vector<core::Match::Hint>& hints) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& h : hints) list.push_back({{"action", h.action}, {"win_chance", h.win_chance}, {"visits", h.visits}});
    const std::string text = nlohmann::json{{"version", version}, {"seat", seat_name}, {"hints", list}}.dump(
        -1, ' ', false, nlohmann::json::error_handler_t::replace);
    auto it = rooms_.find(id);
    if (it != rooms_.end() && it->second.version == version) it->second.hints[seat] = {version, text};
    answer(200, text);
  };
  if (!offload_) return finish(task());
  hinting_.insert(key);
  ++searches_;
  offload_([this, key, task, finish, answer]() -> std::function<void()> {
    std::optional<std::vector<core::Match::Hint>> hints;
    try {
      hints = task();
    } catch (const std::exception& e) {  // never expected
      std::cerr << fmt::format("churchill serve: a hint for game {} failed: {}\n", key.first, e.what());
    }
    auto finish_error = [answer = answer] { answer(500, R"({"error": "internal error"})"); };
    return [this, key, hints, finish, finish_error] {
      hinting_.erase(key);
      --searches_;
      if (hints) finish(*hints);
      else finish_error();
      next_waiting();
    };
  });
}

}  // namespace server
