// The games a server holds and the API's meaning, apart from HTTP: create, claim a seat, view, act,
// undo, list. Bots and chance play on the server until a human must act. Single-threaded.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>

#include "churchill/saved_game.h"
#include "server/store.h"

namespace server {

// An error for the client: an HTTP status (4xx) and a message.
class ApiError : public std::runtime_error {
 public:
  ApiError(int status, const std::string& message) : std::runtime_error(message), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

class Lobby {
 public:
  // Restores every stored game by replay.
  Lobby(const churchill::Data& data, Store& store);

  nlohmann::json list() const;
  // The public layout of the board for drawing it: Fronts and their spaces, locations, issues.
  nlohmann::json board() const;
  std::string create(const nlohmann::json& body);                  // returns the game id
  std::string claim(const std::string& id, const std::string& seat);  // returns the seat's token
  // The view of the token's seat; an empty token gives the spectator's view.
  nlohmann::json view(const std::string& id, const std::string& token) const;
  nlohmann::json act(const std::string& id, const std::string& token, const nlohmann::json& body);
  nlohmann::json undo(const std::string& id, const std::string& token);

  // Called after every change of the game (for WebSocket pushes); returns a handle.
  using Listener = std::function<void()>;
  int subscribe(const std::string& id, Listener listener);
  void unsubscribe(const std::string& id, int handle);
  // The seat a token opens (nullopt: spectator for an empty token); throws ApiError for a bad one.
  std::optional<core::Seat> seat_of(const std::string& id, const std::string& token) const;

  std::size_t size() const { return rooms_.size(); }

 private:
  struct Room {
    std::unique_ptr<churchill::SavedGame> game;
    std::array<std::string, churchill::kPowers> token_hash;
    std::map<int, Listener> listeners;
    std::size_t stored = 0;  // actions already in the store
  };
  Room& room(const std::string& id);
  const Room& room(const std::string& id) const;
  void commit(const std::string& id, Room& r);  // stores new actions, then tells the listeners

  const churchill::Data& data_;
  Store& store_;
  std::map<std::string, Room> rooms_;
  int next_handle_ = 1;
};

}  // namespace server
