#include "server/router.h"

#include <fmt/format.h>
#include <boost/beast/core/string.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace server {

namespace beast = boost::beast;
namespace http = beast::http;

namespace {

Response respond(unsigned version, bool keep_alive, http::status status, const char* content_type, std::string body) {
  Response res{status, version};
  res.set(http::field::content_type, content_type);
  res.set("X-Content-Type-Options", "nosniff");
  res.keep_alive(keep_alive);
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

}  // namespace

Response json_text(const Request& req, http::status status, std::string body) {
  Response res = respond(req.version(), req.keep_alive(), status, "application/json", std::move(body));
  res.set(http::field::cache_control, "no-store");
  return res;
}

namespace {

// The answer's JSON with any text that is not UTF-8 replaced (a client's bytes quoted in a message).
std::string dump(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

Response json_response(const Request& req, http::status status, const nlohmann::json& body) { return json_text(req, status, dump(body)); }

nlohmann::json body_json(const Request& req) {
  if (req.body().empty()) return nlohmann::json::object();
  try {
    return nlohmann::json::parse(req.body());
  } catch (const nlohmann::json::exception&) {
    throw ApiError(400, "the body is not valid JSON");
  }
}

const char* mime(const std::string& path) {
  auto ends = [&](const char* ext) {
    return path.size() >= std::strlen(ext) && path.compare(path.size() - std::strlen(ext), std::string::npos, ext) == 0;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return "text/javascript";
  if (ends(".css")) return "text/css";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".json")) return "application/json";
  if (ends(".png")) return "image/png";
  return "application/octet-stream";
}

// A file of the web client; nothing outside its directory, no folder.
Response static_file(const Request& req, const std::string& path_and_query, const std::string& web_dir) {
  std::string path = path_and_query.substr(0, path_and_query.find('?'));
  if (path == "/") path = "/index.html";
  const bool safe = path.size() < 200 && path[0] == '/' && path.find("..") == std::string::npos && path.find("//") == std::string::npos &&
                    std::all_of(path.begin(), path.end(),
                                [](unsigned char ch) { return std::isalnum(ch) || ch == '/' || ch == '.' || ch == '-' || ch == '_'; });
  if (!safe) return error(req, ApiError(404, "not found"));
  std::error_code ec;
  if (!std::filesystem::is_regular_file(web_dir + path, ec)) {
    if (path == "/index.html") return error(req, ApiError(404, "the web client is not built (scripts/setup.sh builds it)"));
    return error(req, ApiError(404, "not found"));
  }
  std::ifstream in(web_dir + path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return respond(req.version(), req.keep_alive(), http::status::ok, mime(path), ss.str());
}

// A path segment with its %XX escapes decoded (a War Room seat "BC+USSR+US" arrives as
// "BC%2BUSSR%2BUS" from the browser); a malformed escape is kept as it is.

std::string percent_decoded(std::string_view s) {
  std::string out;
  const auto hex = [](char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

// The request's Idempotency-Key ("" without one): 1 to 64 letters, digits and "-_.:" (a UUID fits).
std::string idempotency_key(const Request& req) {
  const auto it = req.find("Idempotency-Key");
  if (it == req.end()) return "";
  std::string key(it->value());
  const bool valid = !key.empty() && key.size() <= 64 && std::all_of(key.begin(), key.end(), [](unsigned char ch) {
    return std::isalnum(ch) || ch == '-' || ch == '_' || ch == '.' || ch == ':';
  });
  if (!valid) throw ApiError(400, "Idempotency-Key is 1 to 64 letters, digits and \"-_.:\" (a UUID, say)");
  return key;
}

bool json_content(const Request& req) {
  const auto type = req.find(http::field::content_type);
  if (type == req.end()) return false;
  const beast::string_view v = type->value();
  return beast::iequals(v.substr(0, v.find(';')), "application/json");
}

// The query's `key` as a whole number from `least` to `most`; `otherwise` where the query has none.
std::size_t number_in(std::string_view target, const char* key, std::size_t least, std::size_t most, std::size_t otherwise) {
  const std::string text = query(target, key);
  if (text.empty()) return otherwise;
  const bool digits = text.size() <= 9 && std::all_of(text.begin(), text.end(), ::isdigit);
  if (!digits || std::stoul(text) < least || std::stoul(text) > most)
    throw ApiError(400, fmt::format("\"{}\" is a whole number from {} to {}", key, least, most));
  return std::stoul(text);
}

// A list's page size: `limit`, 1 to 100, 50 by default.
std::size_t list_limit(std::string_view target) { return number_in(target, "limit", 1, 100, 50); }

Response route(const Request& req, const std::string& client, Context& s) {
  const std::string target(req.target());
  const auto p = parts(target);
  const auto method = req.method();
  const bool read = method == http::verb::get || method == http::verb::head;
  if (p.empty() || p[0] != "api") {
    if (!read) throw ApiError(405, "method not allowed here");
    return static_file(req, target, s.options.web_dir);
  }
  auto only = [&](bool post) {
    if (post ? method != http::verb::post : !read) throw ApiError(405, "method not allowed here");
    if (!post) return;
    if (!same_origin(req, s.options)) throw ApiError(403, "a cross-site request is refused (its Origin is not this server's)");
    if (!json_content(req)) throw ApiError(415, "a POST must be sent with Content-Type: application/json");
  };
  Lobby& lobby = s.lobby;
  const bool game = p.size() == 4 && p[1] == "games";
  if (p.size() == 2 && p[1] == "titles") {
    only(false);
    return json_response(req, http::status::ok, lobby.titles());
  }
  if (p.size() == 4 && p[1] == "titles" && p[3] == "layout") {
    only(false);
    return json_response(req, http::status::ok, lobby.layout(p[2]));
  }
  if (p.size() == 5 && p[1] == "titles" && p[3] == "rules") {
    only(false);
    return json_response(req, http::status::ok, lobby.rules(p[2], p[4], query(target, "lang")));
  }
  if (p.size() == 2 && p[1] == "games") {
    if (read) {
      const std::string status = query(target, "status");
      return json_text(req, http::status::ok, lobby.list(status.empty() ? "live" : status, query(target, "after"), list_limit(target)));
    }
    only(true);
    if (!s.creations.allow(client)) throw ApiError(429, ErrorCode{"too_many_games"}, "too many new games from this address; wait a minute");
    return json_response(req, http::status::created, lobby.create(body_json(req), client));
  }
  if (p.size() == 5 && p[1] == "games" && p[3] == "seats") {
    only(true);
    return json_response(req, http::status::created, nlohmann::json{{"token", lobby.claim(p[2], p[4], body_json(req))}});
  }
  if (game && p[3] == "view") {
    only(false);
    return json_text(req, http::status::ok, lobby.view(p[2], bearer(req)));
  }
  if (game && p[3] == "log") {
    only(false);
    const std::size_t from = number_in(target, "from", 0, 999'999'999, 0), count = number_in(target, "count", 1, Lobby::kLogPage, 200);
    if (!s.log_pages.allow(client))
      throw ApiError(429, ErrorCode{"too_many_log_pages"}, "too many pages of a game's log from this address; wait a few seconds");
    return json_response(req, http::status::ok, lobby.log(p[2], bearer(req), from, count));
  }
  if (game && p[3] == "actions") {
    only(true);
    return json_text(req, http::status::ok, lobby.act(p[2], bearer(req), body_json(req), client, idempotency_key(req)));
  }
  if (game && p[3] == "clock") {
    only(true);
    return json_text(req, http::status::ok, lobby.clock(p[2], bearer(req), body_json(req)));
  }
  if (p.size() == 3 && p[1] == "games" && p[2] == "open") {
    only(false);
    return json_text(req, http::status::ok,
                     lobby.open_games(query(target, "title"), query(target, "scenario"), query(target, "pace"), query(target, "after"),
                                      list_limit(target)));
  }
  if (game && p[3] == "resign") {
    only(true);
    return json_text(req, http::status::ok, lobby.resign(p[2], bearer(req), body_json(req), idempotency_key(req)));
  }
  if (game && p[3] == "concede") {
    only(true);
    return json_text(req, http::status::ok, lobby.concede(p[2], bearer(req), body_json(req), idempotency_key(req)));
  }
  if (game && p[3] == "rematch") {
    only(true);
    if (!s.creations.allow(client)) throw ApiError(429, ErrorCode{"too_many_games"}, "too many new games from this address; wait a minute");
    nlohmann::json made = lobby.rematch(p[2], bearer(req), client);
    return json_response(req, made["created"].get<bool>() ? http::status::created : http::status::ok, made);
  }
  if (game && p[3] == "undo") {
    only(true);
    return json_text(req, http::status::ok, lobby.undo(p[2], bearer(req), body_json(req), idempotency_key(req)));
  }
  throw ApiError(404, "no such API endpoint");
}

}  // namespace

// {"error": English text, "code": stable id, "message": {"key": "server.error.<code>", "args"}, "view"}.
Response error(const Request& req, const ApiError& e) {
  nlohmann::json body = {{"error", e.what()}, {"code", e.code()}, {"message", e.message()}};
  if (!e.view().is_null()) body["view"] = e.view();
  const int status = e.status();
  Response res = json_response(req, static_cast<http::status>(status), body);
  if (status == 405) res.set(http::field::allow, "GET, HEAD, POST");
  if (status == 503 || status == 429) res.set(http::field::retry_after, "1");
  return res;
}

// A framing error: answered, then the connection is closed (what follows on it cannot be trusted).
Response framing_error(int status, const std::string& message) {
  Request req;
  req.keep_alive(false);
  Response res = error(req, ApiError(status, message));
  res.keep_alive(false);
  return res;
}

std::string bearer(const Request& req) {
  const auto it = req.find(http::field::authorization);
  if (it == req.end()) return "";
  const std::string value(it->value());
  if (value.rfind("Bearer ", 0) != 0) throw ApiError(401, "Authorization must be \"Bearer TOKEN\"");
  return value.substr(7);
}

// /api/games/{id}/... split into its parts, each decoded.
std::vector<std::string> parts(std::string_view target) {
  target = target.substr(0, target.find('?'));
  std::vector<std::string> out;
  std::size_t start = 1;
  while (start <= target.size()) {
    const std::size_t end = target.find('/', start);
    out.emplace_back(percent_decoded(target.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start)));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

// The value of `key` in the target's query ("" if absent).
std::string query(std::string_view target, std::string_view key) {
  const auto q = target.find('?');
  if (q == std::string_view::npos) return "";
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    if (pair.substr(0, key.size()) == key && pair.size() > key.size() && pair[key.size()] == '=')
      return percent_decoded(pair.substr(key.size() + 1));
    if (amp == std::string_view::npos) break;
    rest.remove_prefix(amp + 1);
  }
  return "";
}

// The game a target names (/api/games/{id}/...), or "".
std::string game_of(std::string_view target) {
  const auto p = parts(target);
  return p.size() >= 3 && p[0] == "api" && p[1] == "games" ? p[2] : "";
}

// A browser's cross-site POST carries an Origin that is not this server's: refused. Clients that are
// not browsers send none.
bool same_origin(const Request& req, const Options& o) {
  const auto origin = req.find(http::field::origin);
  if (origin == req.end()) return true;
  const std::string value(origin->value());
  if (std::find(o.origins.begin(), o.origins.end(), value) != o.origins.end()) return true;
  const auto scheme = value.find("://");
  const auto host = req.find(http::field::host);
  return scheme != std::string::npos && host != req.end() && beast::iequals(value.substr(scheme + 3), host->value());
}

// Whatever a request causes is answered: an ApiError with its status, anything else 500 (logged).
std::variant<Response, NotReady> answer(const Request& req, const std::string& client, Context& c) {
  const Lobby::Asking asking(c.lobby, client);
  try {
    Response res = route(req, client, c);
    if (req.method() == http::verb::head) {
      const auto length = res.body().size();
      res.body().clear();
      res.content_length(length);
    }
    return res;
  } catch (const NotReady& wait) {
    return wait;
  } catch (const ApiError& e) {
    return error(req, e);
  } catch (const std::exception& e) {
    std::cerr << "serve: " << printable(e.what(), 200) << std::endl;
    return error(req, ApiError(500, "internal error"));
  }
}

}  // namespace server
