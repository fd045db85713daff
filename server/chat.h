// Table talk (docs/server.md, "Table talk"): per game a table channel, private messages between two
// seats, and in a game with teams (War Room's alliances) each team's channel, which no seat of another
// team ever receives. Messages are stored with the game (the side store, on the accounts' worker),
// then pushed over the game's WebSockets to the seats that may read them, and listed for a seat; the
// replay shows them at the step they were written. Once the game is over everyone reads everything.
// Plain text only (the web client puts it in with textContent), at most 500 characters, 5 at once
// then 20 a minute per seat; a seat may mute another. An address may make 120 requests of table talk
// at once, then 600 a minute, and they never wait for more than half the side store's worker.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "server/accounts.h"

namespace server {

// Who reads a game's talk: a seat (or "" for a spectator), its team, whether the game is over.
struct Reader {
  std::string seat;
  int team = -1;
  bool finished = false;
};

// Whether `reader` may read `m` (mutes aside): the one rule lists, pushes and the replay follow.
bool may_read(const ChatMessage& m, const Reader& reader);

class Chat {
 public:
  Chat(Accounts& accounts, Lobby& lobby) : accounts_(accounts), lobby_(lobby) {}
  // The routes answered here: /api/games/ID/chat and /api/games/ID/chat/mute.
  static bool route(std::string_view target);
  void answer(const Request& req, const std::string& client, const Accounts::Reply& reply);

  // A game's WebSocket hears the messages its token's seat (none: a spectator) may read.
  using Push = std::function<void(const std::string& json_text)>;
  int subscribe(const std::string& id, const std::string& token, Push push);
  void unsubscribe(int handle) { listeners_.erase(handle); }
  // Another server sharing the store stored the game's message `message` (its announcement,
  // SideStore::announce_message): pushed here as a message written here is.
  void heard(const std::string& game, std::int64_t message);

 private:
  struct Listener {
    std::string game, token;
    std::optional<Reader> reader;  // none until the game's seats are known
    Push push;
  };
  void resolve(int handle);
  void send(const Request& req, const std::string& id, const Lobby::Roster& roster, const Accounts::Reply& reply);
  void list(const Request& req, const std::string& id, const Lobby::Roster& roster, const Accounts::Reply& reply);
  void mute(const Request& req, const std::string& id, const Lobby::Roster& roster, const Accounts::Reply& reply);
  void told(const std::string& id, const ChatMessage& m, bool finished, const std::vector<std::pair<std::string, std::string>>& mutes);
  void queue(const Request& req, Accounts::Work work, const Accounts::Reply& reply, std::function<void()> after = {});

  Accounts& accounts_;
  Lobby& lobby_;
  RateLimiter by_seat_{20, 5};        // messages a seat writes
  RateLimiter by_address_{600, 120};  // requests (reads, writes, mutes) from one address
  std::map<int, Listener> listeners_;
  static constexpr std::size_t kPushedHere = 1024;
  std::set<std::pair<std::int64_t, std::string>>
      pushed_here_;  // the latest messages this server pushed, with their games (each once, however it heard of it)
  int next_ = 1;
};

}  // namespace server
