#include "server/lobby.h"

#include <fmt/format.h>

#include "churchill/bots.h"
#include "server/tokens.h"

namespace server {

namespace {

constexpr std::size_t kMaxGames = 10000;

std::string seat_name(int p) { return std::string(churchill::power_name(static_cast<churchill::Power>(p))); }

// {"scenario": "...", "options": [...], "seats": {"UK": "human", ...}, "seed": N}: checked field by field.
core::SaveFile parse_create(const churchill::Data& data, const nlohmann::json& body) {
  if (!body.is_object()) throw ApiError(400, "the body must be a JSON object");
  for (const auto& [key, _] : body.items())
    if (key != "scenario" && key != "options" && key != "seats" && key != "seed")
      throw ApiError(400, fmt::format("unknown field \"{}\" (scenario, options, seats, seed)", key));
  core::SaveFile f;
  f.game = "churchill";
  const auto scenario = body.value("scenario", nlohmann::json("training"));
  if (!scenario.is_string() || !data.scenario(scenario.get<std::string>()))
    throw ApiError(400, "\"scenario\" must be \"training\", \"tournament\" or \"campaign\"");
  f.scenario = scenario.get<std::string>();
  for (const auto& o : body.value("options", nlohmann::json::array())) {
    if (!o.is_string() || (o != "secret-agenda" && o != "german-reserves"))
      throw ApiError(400, "\"options\" may hold \"secret-agenda\" and \"german-reserves\"");
    f.options.push_back(o.get<std::string>());
  }
  f.seats = {{"UK", "human"}, {"US", "human"}, {"USSR", "human"}};
  const auto seats = body.value("seats", nlohmann::json::object());
  if (!seats.is_object()) throw ApiError(400, "\"seats\" must be an object such as {\"UK\": \"human\", \"US\": \"bot:rulebook\"}");
  for (const auto& [seat, controller] : seats.items()) {
    if (!churchill::power_from_name(seat)) throw ApiError(400, fmt::format("unknown seat \"{}\" (UK, US, USSR)", seat));
    if (!controller.is_string() || !churchill::valid_controller(controller.get<std::string>()))
      throw ApiError(400, "a seat is \"human\", \"bot:rulebook\" or \"bot:random\"");
    for (auto& [s, c] : f.seats)
      if (s == seat) c = controller.get<std::string>();
  }
  const auto seed = body.value("seed", nlohmann::json(nullptr));
  if (!seed.is_null() && !seed.is_number_unsigned()) throw ApiError(400, "\"seed\" must be a non-negative integer");
  f.seed = seed.is_null() ? std::stoull(new_id(), nullptr, 16) : seed.get<std::uint64_t>();
  return f;
}

}  // namespace

Lobby::Lobby(const churchill::Data& data, Store& store) : data_(data), store_(store) {
  for (StoredGame& sg : store_.load_all()) {
    Room r;
    r.game = std::make_unique<churchill::SavedGame>(data_, sg.record);
    r.stored = sg.record.actions.size();
    for (const auto& [seat, hash] : sg.token_hashes) r.token_hash[static_cast<std::size_t>(*churchill::power_from_name(seat))] = hash;
    rooms_.emplace(sg.id, std::move(r));
  }
}

Lobby::Room& Lobby::room(const std::string& id) {
  auto it = rooms_.find(id);
  if (it == rooms_.end()) throw ApiError(404, fmt::format("no game \"{}\"", id.substr(0, 40)));
  return it->second;
}
const Lobby::Room& Lobby::room(const std::string& id) const { return const_cast<Lobby*>(this)->room(id); }

nlohmann::json Lobby::list() const {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& [id, r] : rooms_) {
    const auto& g = r.game->game();
    const auto& s = r.game->session().state();
    nlohmann::json seats = nlohmann::json::object();
    for (int p = 0; p < churchill::kPowers; ++p) {
      const std::string c = r.game->controller(static_cast<core::Seat>(p));
      seats[seat_name(p)] = c == "human" ? (r.token_hash[static_cast<std::size_t>(p)].empty() ? "open" : "taken") : c;
    }
    games.push_back({{"id", id}, {"scenario", r.game->meta().scenario}, {"seats", seats}, {"phase", churchill::phase_text(g, s)},
                     {"conference", s.conference}, {"terminal", g.node_kind(s) == core::NodeKind::Terminal},
                     {"winner", s.winner >= 0 ? nlohmann::json(seat_name(s.winner)) : nlohmann::json(nullptr)}});
  }
  return games;
}

nlohmann::json Lobby::board() const {
  nlohmann::json fronts = nlohmann::json::array(), locations = nlohmann::json::array(), issues = nlohmann::json::array();
  for (const auto& f : data_.fronts) {
    nlohmann::json track = nlohmann::json::array();
    for (const auto& t : f.track)
      track.push_back({{"id", data_.spaces[t.space].id}, {"name", data_.spaces[t.space].name}, {"amphibious", t.amphibious},
                       {"b29", data_.spaces[t.space].b29}, {"kamikaze", data_.spaces[t.space].kamikaze}});
    fronts.push_back({{"id", f.id}, {"name", f.name}, {"color", churchill::power_name(f.color)}, {"theater", data_.theaters[f.theater].id},
                      {"track", track}});
  }
  for (const auto& l : data_.locations)
    locations.push_back({{"id", l.id}, {"name", l.name}, {"colony", l.colony}, {"theater", data_.theaters[l.theater].id},
                         {"space", l.space == churchill::kNone ? nlohmann::json(nullptr) : nlohmann::json(data_.spaces[l.space].id)}});
  for (const auto& i : data_.issues) issues.push_back({{"id", i.id}, {"name", i.name}});
  return {{"fronts", fronts}, {"locations", locations}, {"issues", issues}};
}

std::string Lobby::create(const nlohmann::json& body) {
  if (rooms_.size() >= kMaxGames) throw ApiError(409, "the server holds as many games as it may");
  core::SaveFile record = parse_create(data_, body);
  std::string id = new_id();
  Room r;
  r.game = std::make_unique<churchill::SavedGame>(data_, record);
  store_.create_game(id, r.game->snapshot());
  auto& room = rooms_.emplace(id, std::move(r)).first->second;
  room.game->run_bots();
  commit(id, room);
  return id;
}

std::string Lobby::claim(const std::string& id, const std::string& seat) {
  Room& r = room(id);
  const auto p = churchill::power_from_name(seat);
  if (!p) throw ApiError(404, fmt::format("no seat \"{}\" (UK, US, USSR)", seat.substr(0, 20)));
  const std::size_t i = static_cast<std::size_t>(*p);
  if (r.game->controller(static_cast<core::Seat>(i)) != "human") throw ApiError(409, seat + " is played by a bot");
  if (!r.token_hash[i].empty()) throw ApiError(409, seat + " is already taken");
  const std::string token = new_token();
  store_.claim_seat(id, seat, hash_token(token));
  r.token_hash[i] = hash_token(token);
  return token;
}

std::optional<core::Seat> Lobby::seat_of(const std::string& id, const std::string& token) const {
  const Room& r = room(id);
  if (token.empty()) return std::nullopt;
  const std::string hash = hash_token(token);
  for (int p = 0; p < churchill::kPowers; ++p)
    if (!r.token_hash[static_cast<std::size_t>(p)].empty() && same_hash(r.token_hash[static_cast<std::size_t>(p)], hash))
      return static_cast<core::Seat>(p);
  throw ApiError(401, "this token opens no seat of this game");
}

nlohmann::json Lobby::view(const std::string& id, const std::string& token) const {
  const Room& r = room(id);
  const auto seat = seat_of(id, token);
  nlohmann::json v = r.game->view(seat, 40);
  v["id"] = id;
  return v;
}

nlohmann::json Lobby::act(const std::string& id, const std::string& token, const nlohmann::json& body) {
  Room& r = room(id);
  const auto seat = seat_of(id, token);
  if (!seat) throw ApiError(401, "acting needs the seat's token (Authorization: Bearer TOKEN)");
  if (!body.is_object() || !body.contains("action") || !body["action"].is_string() || body.size() != 1)
    throw ApiError(400, "the body must be {\"action\": \"<the action's text>\"}");
  const std::string text = body["action"].get<std::string>();
  auto& session = r.game->session();
  const auto& g = r.game->game();
  if (!(g.acting_seats(session.state()) & core::seat_bit(*seat)) || session.node_kind() == core::NodeKind::Chance)
    throw ApiError(409, fmt::format("{} may not act now ({})", seat_name(*seat), churchill::phase_text(g, session.state())));
  const auto a = g.action_from_string(session.state(), *seat, text);
  if (!a) throw ApiError(422, fmt::format("\"{}\" is not a legal action for {} now", text.substr(0, 80), seat_name(*seat)));
  session.act(*seat, *a);
  r.game->run_bots();
  commit(id, r);
  return view(id, token);
}

nlohmann::json Lobby::undo(const std::string& id, const std::string& token) {
  Room& r = room(id);
  const auto seat = seat_of(id, token);
  if (!seat) throw ApiError(401, "undo needs the seat's token");
  auto& session = r.game->session();
  if (!session.can_undo(*seat)) throw ApiError(409, "nothing to undo (undo never crosses a die roll, a reveal or another seat's turn)");
  session.undo(*seat);
  store_.truncate_actions(id, session.history().size());
  r.stored = session.history().size();
  for (auto& [_, listener] : r.listeners) listener();
  return view(id, token);
}

void Lobby::commit(const std::string& id, Room& r) {
  const auto& actions = r.game->actions();
  store_.append_actions(id, actions, r.stored);  // durable before anyone is answered
  r.stored = actions.size();
  for (auto& [_, listener] : r.listeners) listener();
}

int Lobby::subscribe(const std::string& id, Listener listener) {
  room(id).listeners.emplace(next_handle_, std::move(listener));
  return next_handle_++;
}

void Lobby::unsubscribe(const std::string& id, int handle) {
  auto it = rooms_.find(id);
  if (it != rooms_.end()) it->second.listeners.erase(handle);
}

}  // namespace server
