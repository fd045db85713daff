// The API's meaning: create a game, claim a seat, view, act and undo, with their checks.
#include "server/lobby.h"

#include <fmt/format.h>

#include <algorithm>

#include "server/limits.h"
#include "server/tokens.h"

namespace server {

void only_fields(const nlohmann::json& body, std::initializer_list<const char*> allowed, const char* shape) {
  if (!body.is_object()) throw ApiError(400, fmt::format("the body must be {}", shape));
  for (const auto& item : body.items())
    if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return item.key() == a; }))
      throw ApiError(400, fmt::format("unknown field {}: the body must be {}", printable(item.key()), shape));
}

namespace {

// Log lines in a view: enough for a whole War Phase played by bots in one request, which the web
// client keeps (with log_size) to show the whole log and each conference's summary.
constexpr int kLogTail = 200;

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

nlohmann::json Lobby::rules(const std::string& title, const std::string& section, const std::string& language) const {
  const core::Title* t = titles_.find(title);
  if (!t) throw ApiError(404, fmt::format("no title {}", printable(title)));
  // A rule number: "4.4", "7.72", "7.72.4" (digits and dots, at most 10 characters).
  const bool number =
      !section.empty() && section.size() <= 10 && std::isdigit(static_cast<unsigned char>(section.front())) &&
      std::isdigit(static_cast<unsigned char>(section.back())) &&
      std::all_of(section.begin(), section.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; });
  // Or a heading, as War Room's rulebook is cited ("Phase 6 > 3. Relieve Stress"): a letter first,
  // printable ASCII, at most 120 characters (it is only looked for in the rulebook's text).
  const bool heading = !section.empty() && section.size() <= 120 && std::isalpha(static_cast<unsigned char>(section.front())) &&
                       std::all_of(section.begin(), section.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
  if (!number && !heading)
    throw ApiError(400, "a rule is asked for by its number, such as 7.74, or its heading, such as \"Phase 6 > 3. Relieve Stress\"");
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

core::SaveFile Lobby::parse_create(const nlohmann::json& body, const std::string& client) const {
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
    const auto waiting = searches_.find(client);
    if (c.starts_with("bot:") && title.bot_searches(c.substr(4)) && waiting != searches_.end() && waiting->second >= limits_.max_searches)
      throw ApiError(429, ErrorCode{"searches_busy"},
                     fmt::format("{} searches of this address's games wait or run; try again when they are done, "
                                 "or choose a bot that does not search",
                                 waiting->second));
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

// Games in play per address and per network (an IPv4 /24, an IPv6 /64), counted in the store --
// every server's games -- and among this server's creations not yet stored; the last eighth of the
// places go only to addresses that hold no game, so that a flood from many addresses cannot lock the
// others out.
void Lobby::check_held(const std::string& client) const {
  if (client.empty()) return;
  const std::string network = network_of(client);
  std::pair<std::size_t, std::size_t> held;
  try {
    held = store_.games_held(client, network);
  } catch (const StoreError&) {
    throw ApiError(503, ErrorCode{"storage"}, "the games in play cannot be read from storage now; try again");
  }
  for (const auto& [_, r] : rooms_)
    if (r.summary.empty() && !r.creator.empty()) held.first += r.creator == client, held.second += network_of(r.creator) == network;
  if (held.first >= limits_.max_games_per_address || held.second >= limits_.max_games_per_network)
    throw ApiError(429, ErrorCode{"games_held", {{"games", std::to_string(std::max(held.first, held.second))}}},
                   fmt::format("this address or its network has {} games in play, as many as it may; try again when some have ended",
                               std::max(held.first, held.second)));
  if (held.first > 0 && live() + limits_.max_live_games / 8 >= limits_.max_live_games)
    throw ApiError(503, ErrorCode{"server_full"}, "the server holds as many games in play as it may; try again when some have ended");
}

nlohmann::json Lobby::create(const nlohmann::json& body, const std::string& client) {
  only_fields(
      body, {"title", "scenario", "players", "options", "seats", "seating", "seed", "pace", "stand_in", "observers"},
      "{\"title\": ..., \"scenario\": ..., \"players\": N, \"options\": [...], \"seats\": {...}, \"seating\": \"public\" or \"invitation\", "
      "\"pace\": ..., \"stand_in\": \"bot:...\", \"observers\": true or false}");
  const auto observers = body.value("observers", nlohmann::json(true));
  if (!observers.is_boolean()) throw ApiError(400, "\"observers\" is true (spectators may watch the game: the default) or false");
  if (body.contains("seed")) throw ApiError(400, "the server draws every game's seed; a client may not choose one");
  const auto seating = body.value("seating", nlohmann::json("invitation"));
  if (seating != "public" && seating != "invitation") throw ApiError(400, "\"seating\" is \"public\" or \"invitation\"");
  if (live() >= limits_.max_live_games)
    throw ApiError(503, ErrorCode{"server_full"}, "the server holds as many games in play as it may; try again when some have ended");
  check_held(client);
  core::SaveFile record = parse_create(body, client);
  Clocks clocks = parse_clocks(body, record);
  record.observers = observers.get<bool>();
  std::string id;
  do id = new_id();
  while (rooms_.count(id));  // an id of a finished game in the store is refused by its primary key (503, retried)
  Room r;
  r.game = title_of(record.game).open(record);
  r.human = has_human(*r.game);
  r.observers = record.observers;
  r.versions = SeatVersions("", r.game->seat_count(), 0);
  r.token_hash.resize(static_cast<std::size_t>(r.game->seat_count()));
  r.clocks = std::move(clocks);
  nlohmann::json reply = {{"id", id}};
  if (seating == "invitation") {
    const std::string invitation = new_token();
    r.invitation_hash = hash_token(invitation);
    reply["invitation"] = invitation;
  }
  r.owner = r.creator = client;
  if (!offload_) r.game->run_bots();  // else the bots play on workers once the game is stored (settle)
  adopt(id, std::move(r));
  Room& room = rooms_.at(id);
  GameWrite w;
  w.create = room.game->record();
  w.invitation_hash = room.invitation_hash;
  w.creator = client;
  w.creator_network = client.empty() ? "" : network_of(client);
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
      throw ApiError(403, ErrorCode{"invitation_needed"},
                     "this game's seats are by invitation: the body must carry the invitation's secret");
  }
  std::string token = new_token();
  r.token_hash[i] = hash_token(token);
  GameWrite w;
  w.claim = {seat, r.token_hash[i]};
  stage(id, r, std::move(w));
  return token;
}

// The seats of a game held by its entry and seats need no load.
std::optional<int> Lobby::seat_of(const std::string& id, const std::string& token) {
  const auto it = rooms_.find(id);
  const bool known = it != rooms_.end() && !it->second.token_hash.empty() && it->second.damaged.empty() && !it->second.erasing;
  return seat_of_hashes(known ? it->second : room(id), token);
}

int Lobby::seat_needed(const std::string& id, const std::string& token, std::string_view what) {
  const auto seat = seat_of(id, token);
  if (!seat) throw ApiError(401, ErrorCode{"token_needed"}, fmt::format("{} needs the seat's token (Authorization: Bearer TOKEN)", what));
  return *seat;
}

std::optional<int> Lobby::seat_of_hashes(const Room& r, const std::string& token) {
  if (token.empty()) return std::nullopt;
  const std::string hash = hash_token(token);
  for (std::size_t p = 0; p < r.token_hash.size(); ++p)
    if (!r.token_hash[p].empty() && same_hash(r.token_hash[p], hash)) return static_cast<int>(p);
  throw ApiError(401, ErrorCode{"bad_token"}, "this token opens no seat of this game");
}

nlohmann::json Lobby::seat_view(const std::string& id, Room& r, std::optional<int> seat) {
  nlohmann::json v = r.game->view(seat, kLogTail);
  v["id"] = id;
  v["version"] = r.versions.of(seat);
  if (r.finished) v["seed"] = r.game->record().seed.text();  // published once the game is over, to verify its replay
  if (!r.stopped.empty()) v["stopped"] = r.stopped;
  v["clock"] = r.clocks.view(*r.game);
  if (!r.clocks.log_notes().empty()) add_log_notes(v, r.clocks.log_notes(), r.game->version(), *platform_words());
  return v;
}

// A view is made once per version of the game and seat: spectators, pushes and repeated reads share it.
const std::string& Lobby::cached_view(const std::string& id, Room& r, std::optional<int> seat) {
  auto& [version, text] = r.views[seat ? *seat : -1];
  if (text.empty() || version != r.versions.of(seat)) {
    text = seat_view(id, r, seat).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    version = r.versions.of(seat);
  }
  return text;
}

// A view made since the game last changed is served from the cache, whether the game is held whole,
// on a worker (its bots playing) or by its entry (a finished game).
const std::string& Lobby::view(const std::string& id, const std::string& token) {
  const auto seat = watcher_of(id, token);
  if (auto it = rooms_.find(id); it != rooms_.end() && !it->second.busy) {
    const auto cached = it->second.views.find(seat ? *seat : -1);
    if (cached != it->second.views.end() && cached->second.first == it->second.versions.of(seat)) {
      recent_.touch(id);
      return cached->second.second;
    }
  }
  return cached_view(id, room(id), seat);
}

nlohmann::json Lobby::log(const std::string& id, const std::string& token, std::size_t from, std::size_t count) {
  watcher_of(id, token);
  const Room& r = room(id);
  return log_range(*r.game, r.clocks.log_notes(), from, from + std::min(count, kLogPage), *platform_words());
}

// The seat's request was chosen on its view of `version` (server/versions.h): accepted if nothing the
// seat could act on changed since, else 409 with its view now.
void Lobby::check_version(const std::string& id, Room& r, int seat, const nlohmann::json& body) {
  const auto found = body.find("version");
  if (found == body.end() || !found->is_number_unsigned())
    throw ApiError(400, "the body must carry \"version\": the version of the view the request was chosen on");
  const std::uint64_t version = found->get<std::uint64_t>();
  if (r.versions.accepts(seat, version)) return;
  if (version > r.versions.of(seat) && version > r.refreshed_for && store_.change_socket() >= 0) {
    r.refreshed_for = version;  // once: a version seen through another server sharing the store; this one's copy is behind
    reload(id);
    return check_version(id, room(id), seat, body);
  }
  throw ApiError(409, ErrorCode{"stale"},
                 fmt::format("the game has changed since version {} (it is at version {}): choose again on the current view", version,
                             r.versions.of(seat)),
                 seat_view(id, r, seat));
}

// A request the seat made before with this key (and the same body): true, and it is not made again.
bool Lobby::made_before(Room& r, int seat, const std::string& key, const std::string& request) {
  if (key.empty()) return false;
  switch (r.requests.seen(key, seat, request)) {
    case RequestKeys::Seen::no: return false;
    case RequestKeys::Seen::same: return true;
    case RequestKeys::Seen::other: break;
  }
  throw ApiError(422, ErrorCode{"key_reused"}, "this Idempotency-Key was sent with another request: use a new key for every request");
}

const std::string& Lobby::act(const std::string& id, const std::string& token, const nlohmann::json& body, const std::string& client,
                              const std::string& key) {
  Room& r = room(id);
  const int seat = seat_needed(id, token, "acting");
  const auto p = static_cast<core::Seat>(seat);
  only_fields(body, {"action", "version"}, "{\"action\": \"<the action's text>\", \"version\": N}");
  if (!body.contains("action") || !body["action"].is_string())
    throw ApiError(400, "the body must be {\"action\": \"<the action's text>\", \"version\": N}");
  const std::string request = hash_token("actions " + body.dump());
  if (made_before(r, seat, key, request)) return cached_view(id, r, seat);
  // Its player resigned, or a bot stands in for it: said whatever the version (its bot moves on), and
  // again once check_version has read the game another server changed.
  const auto refuse_if_bot = [p](const core::Match& m) {
    if (m.is_bot(p))
      throw ApiError(409, ErrorCode{"seat_is_bot", {{"seat", m.seat_name(p)}}}, fmt::format("{} is played by a bot now", m.seat_name(p)));
  };
  refuse_if_bot(*r.game);
  check_version(id, r, seat, body);
  Room& current = room(id);  // check_version may have loaded it again
  core::Match& m = *current.game;
  const std::string text = body["action"].get<std::string>();
  refuse_if_bot(m);
  if (!(m.acting_seats() & core::seat_bit(p)))
    throw ApiError(409, ErrorCode{"not_your_turn", {{"seat", m.seat_name(p)}, {"phase", m.phase_message()}}},
                   fmt::format("{} may not act now ({})", m.seat_name(p), m.phase()));
  try {
    m.act(p, text);
  } catch (const core::ActionError& e) {
    // Refused for a reason the rules state (a bid above the oil held): the reason as a message too.
    if (const nlohmann::json why = m.refusal(p, text); !why.is_null())
      throw ApiError(422, ErrorCode{"refused", {{"action", plain(text, 80)}, {"reason", why}}}, e.what());
    throw ApiError(422, ErrorCode{"not_legal", {{"action", plain(text, 80)}}},
                   fmt::format("{} is not a legal action for {} now", printable(text, 80), m.seat_name(p)));
  }
  if (!client.empty()) current.owner = client;  // the bots' replies are charged to who they answer
  return changed(id, current, seat, key, request);
}

const std::string& Lobby::undo(const std::string& id, const std::string& token, const nlohmann::json& body, const std::string& key) {
  Room& r = room(id);
  const int seat = seat_needed(id, token, "undo");
  only_fields(body, {"version"}, "{\"version\": N}");
  const std::string request = hash_token("undo " + body.dump());
  if (made_before(r, seat, key, request)) return cached_view(id, r, seat);
  check_version(id, r, seat, body);
  Room& current = room(id);  // check_version may have loaded it again
  core::Match& m = *current.game;
  if (!m.can_undo(static_cast<core::Seat>(seat)))
    throw ApiError(409, ErrorCode{"nothing_to_undo"}, "nothing to undo (undo never crosses a die roll, a reveal or another seat's turn)");
  const std::vector<core::SavedAction> before = m.actions();
  m.undo(static_cast<core::Seat>(seat));
  current.clocks.taken_back(m.public_actions(), m.log_size());  // the clocks' notes since stay where the game is now
  // A seat's undo may take back an action followed by other seats' (secret simultaneous orders):
  // the store keeps what the two histories share and the rest is written again.
  const auto& after = m.actions();
  std::size_t kept = 0;
  while (kept < before.size() && kept < after.size() && before[kept] == after[kept]) ++kept;
  GameWrite w;
  w.keep_actions = kept;
  return changed(id, current, seat, key, request, std::move(w));
}

// The tail of a request that changed the game for the token's seat: the bots play (here without an
// offload; else on the workers once the change is stored, settle), the request's key is kept with
// the change, the change is staged, and the seat's new view is the answer.
const std::string& Lobby::changed(const std::string& id, Room& r, int seat, const std::string& key, const std::string& request,
                                  GameWrite w) {
  if (!offload_) r.game->run_bots();
  if (!key.empty()) r.requests.add(key, seat, request);
  stage(id, r, std::move(w));
  return cached_view(id, r, seat);
}

int Lobby::subscribe(const std::string& id, const std::string& token, Listener listener) {
  return listeners_.add(id, watcher_of(id, token), std::move(listener));
}

void Lobby::unsubscribe(const std::string& id, int handle) {
  listeners_.remove(id, handle);
  trim();
}

}  // namespace server
