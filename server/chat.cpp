#include "server/chat.h"

#include <fmt/format.h>
#include <boost/beast/http.hpp>
#include <chrono>

#include "server/unix_time.h"

namespace server {

namespace http = boost::beast::http;

namespace {

constexpr std::size_t kMaxChars = 500;   // a message's length, in characters (code points)
constexpr std::size_t kMaxWaiting = 32;  // table talk's jobs waiting for the side store's worker (of its 64)
constexpr const char* kMessageShape =
    "{\"channel\": \"table\", \"alliance\" or \"private\", \"to\": SEAT (private only), \"text\": \"...\"}";

nlohmann::json to_json(const ChatMessage& m) {
  nlohmann::json j = {{"id", m.id}, {"at", m.at}, {"step", m.step}, {"seat", m.seat}, {"channel", m.channel}, {"text", m.text}};
  if (m.channel == "private") j["to"] = m.to;
  if (m.channel == "alliance") j["team"] = std::stoi(m.to);
  return j;
}

bool muted(const std::vector<std::pair<std::string, std::string>>& mutes, const std::string& reader, const std::string& writer) {
  return std::find(mutes.begin(), mutes.end(), std::make_pair(reader, writer)) != mutes.end();
}

Reader reader_of(const Lobby::Roster& r) {
  if (!r.seat) return {"", -1, r.finished};
  const auto i = static_cast<std::size_t>(*r.seat);
  return {r.seats[i], r.teams[i], r.finished};
}

// Plain text: valid UTF-8 (the JSON parser checked it), no control characters but the line break,
// 1 to 500 characters once the spaces around it are trimmed.
std::string plain_text(std::string text) {
  for (const char c : text)
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\n') || c == 0x7f)
      throw ApiError(400, "a message is plain text: no control characters but line breaks");
  const auto first = text.find_first_not_of(" \n"), last = text.find_last_not_of(" \n");
  text = first == std::string::npos ? "" : text.substr(first, last - first + 1);
  if (text.empty()) throw ApiError(400, ErrorCode{"chat_empty"}, "the message is empty");
  const auto chars = std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
  if (static_cast<std::size_t>(chars) > kMaxChars)
    throw ApiError(400, ErrorCode{"chat_too_long", {{"max", std::to_string(kMaxChars)}}},
                   fmt::format("a message is at most {} characters", kMaxChars));
  return text;
}

// The name of another seat of the game named by `field`.
std::string other_seat(const nlohmann::json& body, const char* field, const Lobby::Roster& r, const Reader& me) {
  const auto it = body.find(field);
  if (it == body.end() || !it->is_string()) throw ApiError(400, fmt::format("\"{}\" must name another seat of the game", field));
  std::string seat = *it;
  if (seat == me.seat || std::find(r.seats.begin(), r.seats.end(), seat) == r.seats.end())
    throw ApiError(400, fmt::format("\"{}\" must name another seat of the game, not {}", field, printable(seat, 20)));
  return seat;
}

}  // namespace

bool may_read(const ChatMessage& m, const Reader& reader) {
  if (reader.finished || m.channel == "table") return true;
  if (reader.seat.empty()) return false;
  if (m.channel == "private") return reader.seat == m.seat || reader.seat == m.to;
  return m.channel == "alliance" && reader.team >= 0 && std::to_string(reader.team) == m.to;
}

// The seats' teams and names come from the game itself (Match::team).
Lobby::Roster Lobby::roster(const std::string& id, const std::string& token) {
  const std::optional<int> seat = watcher_of(id, token);
  Room& r = room(id);
  Roster out{{}, {}, r.finished, r.finished ? r.game->actions().size() : r.game->public_actions(), seat};
  for (core::Seat p = 0; p < r.game->seat_count(); ++p) {
    out.seats.push_back(r.game->seat_name(p));
    out.teams.push_back(r.game->team(p));
  }
  return out;
}

bool Chat::route(std::string_view target) {
  const auto p = parts(target);
  return p.size() >= 4 && p[0] == "api" && p[1] == "games" && p[3] == "chat" && (p.size() == 4 || (p.size() == 5 && p[4] == "mute"));
}

void Chat::answer(const Request& req, const std::string& client, const Accounts::Reply& reply) {
  const auto p = parts(std::string(req.target()));
  const std::string& id = p[2];
  const bool read = req.method() == http::verb::get || req.method() == http::verb::head;
  try {
    if (!read && req.method() != http::verb::post) throw ApiError(405, "method not allowed here");
    if (!read && !same_origin(req, accounts_.options()))
      throw ApiError(403, "a cross-site request is refused (its Origin is not this server's)");
    if (p.size() == 5 && read) throw ApiError(405, "method not allowed here");
    if (!by_address_.allow(client))
      throw ApiError(429, ErrorCode{"chat_flood"}, "too many table talk requests from this address; wait a moment");
    const Lobby::Asking asking(lobby_, client);
    const Lobby::Roster roster = lobby_.roster(id, bearer(req));
    if (read) return list(req, id, roster, reply);
    if (!roster.seat) throw ApiError(401, ErrorCode{"token_needed"}, "writing needs the seat's token (Authorization: Bearer TOKEN)");
    if (p.size() == 5) return mute(req, id, roster, reply);
    send(req, id, roster, reply);
  } catch (const NotReady& wait) {
    auto shared = std::make_shared<const Request>(req);
    lobby_.when_ready(wait.id, [this, shared, client, reply] { answer(*shared, client, reply); });
  } catch (const ApiError& e) {
    reply(error(req, e));
  }
}

void Chat::queue(const Request& req, Accounts::Work work, const Accounts::Reply& reply, std::function<void()> after) {
  auto shared = std::make_shared<const Request>(req);
  const bool queued = accounts_.submit(
      std::move(work),
      [shared, reply, after = std::move(after)](const JobAnswer& o) {
        if (!o.error && after) after();
        reply(respond(*shared, o));
      },
      kMaxWaiting);
  if (!queued) throw ApiError(503, ErrorCode{"accounts_busy"}, "too many requests are waiting; try again in a moment");
}

void Chat::send(const Request& req, const std::string& id, const Lobby::Roster& roster, const Accounts::Reply& reply) {
  const nlohmann::json body = object_body(req, {"channel", "to", "text"}, kMessageShape);
  const Reader me = reader_of(roster);
  ChatMessage m{0, unix_now(), static_cast<std::int64_t>(roster.actions), me.seat, "", "", ""};
  const auto channel = body.find("channel");
  m.channel = channel != body.end() && channel->is_string() ? channel->get<std::string>() : "";
  if (m.channel == "private") {
    m.to = other_seat(body, "to", roster, me);
  } else if (m.channel == "table" || (m.channel == "alliance" && me.team >= 0)) {
    if (body.contains("to")) throw ApiError(400, fmt::format("\"to\" is for a private message: the body must be {}", kMessageShape));
    if (m.channel == "alliance") m.to = std::to_string(me.team);
  } else {
    throw ApiError(
        400, ErrorCode{"no_channel", {{"channel", plain(m.channel, 20)}}},
        fmt::format("no channel {} here: \"table\", \"private\"{}", printable(m.channel, 20), me.team >= 0 ? ", \"alliance\"" : ""));
  }
  const auto text = body.find("text");
  if (text == body.end() || !text->is_string())
    throw ApiError(400, fmt::format("\"text\" must be a string: the body must be {}", kMessageShape));
  m.text = plain_text(*text);
  if (!by_seat_.allow(id + "/" + me.seat)) throw ApiError(429, ErrorCode{"chat_flood"}, "too many messages from this seat; wait a moment");
  auto stored = std::make_shared<std::pair<ChatMessage, std::vector<std::pair<std::string, std::string>>>>(
      m, std::vector<std::pair<std::string, std::string>>{});
  queue(
      req,
      [id, stored](SideStore& s) {
        stored->first.id = s.add_message(id, stored->first);
        stored->second = s.mutes(id);
        s.announce_message(id, stored->first.id);
        return JobAnswer{201, {{"message", to_json(stored->first)}}, "", std::nullopt};
      },
      reply, [this, id, stored, finished = roster.finished] { told(id, stored->first, finished, stored->second); });
}

// The message's own announcement may be heard back before or after its writer's answer: whichever
// comes second pushes nothing (told() keeps the latest messages pushed).
void Chat::heard(const std::string& game, std::int64_t message) {
  if (pushed_here_.count({message, game})) return;
  auto found = std::make_shared<std::pair<std::optional<ChatMessage>, std::vector<std::pair<std::string, std::string>>>>();
  accounts_.submit(
      [game, message, found](SideStore& s) {
        if (auto from = s.messages(game, message); !from.empty() && from.front().id == message) found->first = std::move(from.front());
        found->second = s.mutes(game);
        return JobAnswer{};
      },
      [this, game, found](const JobAnswer& o) {
        if (!o.error && found->first) told(game, *found->first, false, found->second);
      });
}

// A stored message goes to every WebSocket of the game whose seat may read it and has not muted its writer.
void Chat::told(const std::string& id, const ChatMessage& m, bool finished, const std::vector<std::pair<std::string, std::string>>& mutes) {
  if (!pushed_here_.insert({m.id, id}).second) return;
  if (pushed_here_.size() > kPushedHere) pushed_here_.erase(pushed_here_.begin());
  const std::string text = nlohmann::json{{"chat", to_json(m)}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::vector<Push> due;
  for (const auto& [_, l] : listeners_) {
    if (l.game != id || !l.reader) continue;
    Reader r = *l.reader;
    r.finished = r.finished || finished;
    if (may_read(m, r) && !muted(mutes, r.seat, m.seat)) due.push_back(l.push);
  }
  for (const Push& push : due) push(text);
}

// {"messages": [...], "muted": [the seats the reader muted], "channels": [where it may write], "seats": [...]}.
void Chat::list(const Request& req, const std::string& id, const Lobby::Roster& roster, const Accounts::Reply& reply) {
  nlohmann::json channels = nlohmann::json::array();
  if (roster.seat)
    channels = reader_of(roster).team >= 0 ? nlohmann::json{"table", "alliance", "private"} : nlohmann::json{"table", "private"};
  queue(
      req,
      [id, me = reader_of(roster), channels, seats = roster.seats](SideStore& s) {
        const auto mutes = s.mutes(id);
        nlohmann::json messages = nlohmann::json::array(), mine = nlohmann::json::array();
        for (const ChatMessage& m : s.messages(id))
          if (may_read(m, me) && !muted(mutes, me.seat, m.seat)) messages.push_back(to_json(m));
        for (const auto& [seat, other] : mutes)
          if (!me.seat.empty() && seat == me.seat) mine.push_back(other);
        return JobAnswer{200, {{"messages", messages}, {"muted", mine}, {"channels", channels}, {"seats", seats}}, "", std::nullopt};
      },
      reply);
}

void Chat::mute(const Request& req, const std::string& id, const Lobby::Roster& roster, const Accounts::Reply& reply) {
  const char* shape = "{\"seat\": SEAT, \"muted\": true or false}";
  const nlohmann::json body = object_body(req, {"seat", "muted"}, shape);
  const Reader me = reader_of(roster);
  const std::string other = other_seat(body, "seat", roster, me);
  const auto on = body.find("muted");
  if (on == body.end() || !on->is_boolean())
    throw ApiError(400, fmt::format("\"muted\" must be true or false: the body must be {}", shape));
  queue(
      req,
      [id, seat = me.seat, other, muted = on->get<bool>()](SideStore& s) {
        s.set_mute(id, seat, other, muted);
        nlohmann::json mine = nlohmann::json::array();
        for (const auto& [who, whom] : s.mutes(id))
          if (who == seat) mine.push_back(whom);
        return JobAnswer{200, {{"muted", mine}}, "", std::nullopt};
      },
      reply);
}

int Chat::subscribe(const std::string& id, const std::string& token, Push push) {
  const int handle = next_++;
  listeners_[handle] = Listener{id, token, std::nullopt, std::move(push)};
  resolve(handle);
  return handle;
}

// A listener's seat and team, once its game can be read (a WebSocket's token was checked already).
void Chat::resolve(int handle) {
  const auto it = listeners_.find(handle);
  if (it == listeners_.end()) return;
  try {
    it->second.reader = reader_of(lobby_.roster(it->second.game, it->second.token));
  } catch (const NotReady& wait) {
    lobby_.when_ready(wait.id, [this, handle] { resolve(handle); });
  } catch (const ApiError&) {  // the game is gone: it hears nothing
  }
}

}  // namespace server
