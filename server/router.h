// The API's routes (docs/server.md): each request checked (method, origin, content type, JSON shape,
// ids, tokens) and sent to the lobby; every error is JSON {"error": ...} with a 4xx status, or 503
// when storage failed. What a request and an answer are, for the connections (server/sessions.h).
#pragma once

#include <boost/beast/http.hpp>

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "server/http.h"
#include "server/limits.h"
#include "server/lobby.h"

namespace server {

class Committer;
class Accounts;
class Chat;
class MyGames;

using Request = boost::beast::http::request<boost::beast::http::string_body>;
using Response = boost::beast::http::response<boost::beast::http::string_body>;

// What the routes and the connections share.
struct Context {
  const Options& options;
  Lobby& lobby;
  Committer& committer;
  Connections& connections;
  RateLimiter& creations;
  RateLimiter& log_pages;  // pages of a game's log asked by one address (docs/server.md, "The log")
  Accounts& accounts;      // accounts, sessions and "My games" (server/accounts.h)
  Chat& chat;              // table talk (server/chat.h)
  MyGames& my_games;       // "My games" pushed (server/my_games.h)
};

// The answer to a request from `client`, or the game it must wait for (NotReady: asked again when
// that game is ready). No input escapes as an exception: anything unexpected is a 500, logged.
std::variant<Response, NotReady> answer(const Request& req, const std::string& client, Context& c);

Response json_text(const Request& req, boost::beast::http::status status, std::string body);
Response error(const Request& req, const ApiError& e);
// A framing error: answered, then the connection is closed (what follows on it cannot be trusted).
Response framing_error(int status, const std::string& message);
// The token of "Authorization: Bearer TOKEN" ("" without one); ApiError 401 for another scheme.
std::string bearer(const Request& req);
// A target's path split into its parts, each percent-decoded; the value of a query's key, decoded.
std::vector<std::string> parts(std::string_view target);
std::string query(std::string_view target, std::string_view key);
// The game a target names (/api/games/{id}/...), or "".
std::string game_of(std::string_view target);
// A browser's cross-site request carries an Origin that is not this server's.
bool same_origin(const Request& req, const Options& o);

}  // namespace server
