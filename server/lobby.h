// The games a server holds and the API's meaning, apart from HTTP: create, claim a seat, view, act,
// undo, list (architecture.md §5, docs/server.md). Single-threaded: every call is made on the
// server's thread.
//
// Staged changes: a call that changes a game applies the change in memory and stages its writes; the
// game is then busy (nobody may see or change it) until the batch holding the writes is committed
// and settled. A committed batch makes its games visible again and tells their listeners; a failed
// one puts every game in it back as the store has it. So what anyone sees of a game has always been
// committed first, and a failed commit changes nothing.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/title.h"
#include "server/api_error.h"
#include "server/store.h"

namespace server {

struct LobbyLimits {
  std::size_t max_live_games = 1000;          // games not finished (finished ones do not count)
  std::int64_t expire_seconds = 14 * 86400;   // a game not finished and unchanged this long is deleted
  std::size_t finished_in_memory = 16;        // finished games kept loaded after they were opened
  std::size_t max_searches = 16;              // searches queued or running at once (bot decisions, hints)
  int threads_per_search = 1;                 // a new game's search threads (core::SaveFile::search_threads)
};

class Lobby {
 public:
  // Restores every unfinished game by replay; a game that does not replay to its stored action count
  // and state hash is quarantined (listed as damaged, logged) and every other game serves.
  // Games of any of `titles`; a new game names its title (the first one by default).
  Lobby(const core::Titles& titles, Store& store, LobbyLimits limits = {},
        std::function<std::int64_t()> clock = nullptr);

  // A page of the list of games: status "live" (every game not finished: the default), "open" (live
  // with a public open seat), "finished" or "damaged"; ids after `after`; at most `limit`.
  // {"games": [...], "next": id or null} as JSON text.
  std::string list(const std::string& status, const std::string& after, std::size_t limit);
  // The titles a game may be created of: scenarios (with their seat counts and each count's seats),
  // options and bots, for the lobby's form.
  const nlohmann::json& titles() const { return titles_json_; }
  // What a client needs to draw a title's board (Title::layout); throws ApiError 404 for none.
  const nlohmann::json& layout(const std::string& title) const;
  // {"section": "7.74", "language": "it", "found": true, "text": ...}: a section of the rulebook
  // (Title::rules_section), for the log's rule numbers, in the edition of `language` ("" = English),
  // else in English ("language": "en"; not found, "text" says why); throws ApiError 404 for no title,
  // 400 for a section that is not a number or a language no title is played in.
  nlohmann::json rules(const std::string& title, const std::string& section, const std::string& language = "") const;
  // {"title": ..., "scenario": ..., "players": N, "options": [...], "seats": {...}, "seating": ...} ->
  // {"id": ..., "invitation": secret (when the seats are by invitation)}
  nlohmann::json create(const nlohmann::json& body);
  // The seat's token; the body may carry {"invitation": secret}.
  std::string claim(const std::string& id, const std::string& seat, const nlohmann::json& body);
  // The view of the token's seat as JSON text; an empty token gives the spectator's view.
  const std::string& view(const std::string& id, const std::string& token);
  // {"action": text, "version": N}: N is the "version" of the view the action was chosen on. The
  // seat's new view.
  const std::string& act(const std::string& id, const std::string& token, const nlohmann::json& body);
  const std::string& undo(const std::string& id, const std::string& token, const nlohmann::json& body);
  // The game after its first `step` actions (empty: all), from the view of `seat` (server/replay.cpp):
  // any seat of a finished game, only the token's seat (or a spectator's) of one in play.
  nlohmann::json replay(const std::string& id, const std::string& token, const std::string& step, const std::string& seat);
  // Stages the deletion of every abandoned game (not finished, unchanged for expire_seconds).
  void expire();

  // Searches -- the decisions of bots that search (Bot::searches) and hints -- run where `offload`
  // says: it runs `work` on another thread and then the function `work` returns on the lobby's
  // thread. Each game has at most one bot search at a time, and at most max_searches run or wait
  // for a worker; games beyond that wait here in turn. A decision is applied only if the game is
  // still at the version it was searched at (else the game is searched again). Setting it starts the
  // searches of every game that waits for one. Without an offload, searches run at once, inline.
  using Work = std::function<std::function<void()>()>;
  using Offload = std::function<void(Work work)>;
  void offload(Offload offload);
  std::size_t searching() const { return searches_; }
  // Advice for the token's seat (Match::hint, three actions with their estimated chance of winning),
  // from that seat's observation: `answer` gets {"version": N, "seat": ..., "hints": [...]} on the
  // lobby's thread (now, or when the search ends). Throws ApiError: 401 without a seat's token, 409
  // when the seat may not act, 429 while the seat's last hint is still being computed, 503 when
  // max_searches are taken.
  using Answer = std::function<void(int status, const std::string& json_text)>;
  void hint(const std::string& id, const std::string& token, Answer answer);

  // Called after every committed change of the game (for WebSocket pushes), and when it is deleted.
  using Listener = std::function<void()>;
  int subscribe(const std::string& id, Listener listener);
  void unsubscribe(const std::string& id, int handle);
  // The seat a token opens (nullopt: spectator for an empty token); throws ApiError for a bad one.
  std::optional<int> seat_of(const std::string& id, const std::string& token);

  // Staging (see above). busy(): the game has writes staged or being committed.
  bool busy(const std::string& id) const;
  std::size_t staged() const { return staged_.size(); }
  std::vector<GameWrite> take_staged();  // the next batch; its games stay busy until settle()
  // The outcome of the batch last taken: committed or not; when committed, the games another server
  // changed first (Store::commit), whose changes were not made: they are loaded again.
  void settle(bool committed, const std::vector<std::string>& conflicts = {});
  // Take, commit and settle on this thread (start, tests); the games in conflict.
  std::vector<std::string> commit_now();

  // Another server sharing the store changed the game ("*": any game): it is loaded again (now, or
  // when its own change in flight settles), its listeners are told, and a game new to this server
  // joins its list.
  void changed_elsewhere(const std::string& id);

  std::size_t live() const;  // games not finished and not damaged
  std::size_t loaded() const { return rooms_.size(); }

 private:
  struct Room {
    std::unique_ptr<core::Match> game;           // null: to be loaded again from the store
    std::vector<std::string> token_hash;         // by seat; empty: open
    std::string invitation_hash;                 // empty: public seats
    std::map<int, Listener> listeners;
    std::size_t stored = 0;                      // actions in the store
    std::uint64_t version = 0;
    std::int64_t updated = 0;
    bool finished = false;
    bool busy = false;
    bool erasing = false;
    bool stale = false;                          // changed elsewhere while busy: loaded again once settled
    std::string damaged;                         // why it was quarantined; empty: sound
    std::string summary;                         // committed list entry (JSON)
    std::string staged_summary;                  // the entry once the staged change is committed
    std::map<int, std::pair<std::uint64_t, std::string>> views;  // by seat (-1: spectator): version, JSON text
    std::map<int, std::pair<std::uint64_t, std::string>> hints;  // by seat: version, JSON text
  };
  Room& room(const std::string& id);             // loads it if needed; 404 / 410 / 503 as ApiError
  Room build(StoredGame sg);
  std::string make_summary(const std::string& id, Room& r) const;
  void stage(const std::string& id, Room& r, GameWrite w);  // with the room's mark
  void check_version(const std::string& id, Room& r, std::optional<int> seat, const nlohmann::json& body);
  nlohmann::json seat_view(const std::string& id, Room& r, std::optional<int> seat);
  const std::string& cached_view(const std::string& id, Room& r, std::optional<int> seat);
  void release_if_idle(const std::string& id);
  void think(const std::string& id);  // starts the search of the bot to act next, if a searching one must
  void decided(const std::string& id, std::uint64_t version, const std::string& hash, const core::Match::BotTask& task,
               std::optional<core::Action> action);
  void next_waiting();  // starts the searches of waiting games while workers are free
  void reload(const std::string& id);
  std::int64_t now() const { return clock_(); }

  const core::Title& title_of(const std::string& id) const;  // ApiError 400 for none
  core::SaveFile parse_create(const nlohmann::json& body) const;
  const core::Titles& titles_;
  Store& store_;
  LobbyLimits limits_;
  std::function<std::int64_t()> clock_;
  nlohmann::json titles_json_;
  std::map<std::string, nlohmann::json> layouts_;
  std::map<std::string, Room> rooms_;
  std::vector<std::string> finished_loaded_;      // oldest first
  std::vector<GameWrite> staged_;
  std::vector<std::string> staged_ids_, in_flight_ids_;
  int next_handle_ = 1;
  Offload offload_;
  std::size_t searches_ = 0;                      // offloaded and not yet answered
  std::set<std::string> thinking_;                // games with a bot's search offloaded
  std::deque<std::string> waiting_;               // games whose bot waits for a free worker, in turn
  std::set<std::pair<std::string, int>> hinting_;  // (game, seat) with a hint being computed
};

}  // namespace server
