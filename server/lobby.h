// The games a server holds and the API's meaning, apart from HTTP: create, claim a seat, view, act,
// undo, list (architecture.md §5, docs/server.md). Every call is made on the server's thread; the
// work that takes time -- bots' moves, searches, hints -- runs on workers (server/jobs.h) and comes
// back to that thread.
//
// Staged changes: a call that changes a game applies the change in memory and stages its writes; the
// game is then busy (nobody may see or change it) until the batch holding the writes is committed
// and settled. A committed batch makes its games visible again and tells their listeners; a failed
// one puts every game in it back as the store has it. So what anyone sees of a game has always been
// committed first, and a failed commit changes nothing.
//
// The files: lobby.cpp (the API), lobby_games.cpp (games loaded, built, listed, expired),
// lobby_commits.cpp (staging, settling, changes made by other servers), lobby_bots.cpp (bots' turns,
// searches and hints on the workers), replay.cpp (replays).
#pragma once

#include <chrono>
#include <cstdint>
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
#include "server/clocks.h"
#include "server/jobs.h"
#include "server/limits.h"
#include "server/listeners.h"
#include "server/recency.h"
#include "server/request_keys.h"
#include "server/staging.h"
#include "server/store.h"
#include "server/versions.h"

namespace server {

// A request's body must be a JSON object with only the fields `allowed` (400 naming `shape` otherwise).
void only_fields(const nlohmann::json& body, std::initializer_list<const char*> allowed, const char* shape);

struct LobbyLimits {
  std::size_t max_live_games = 1000;              // games not finished (finished ones do not count); the last
                                                  // eighth of them only for addresses that hold none
  std::size_t max_games_per_address = 20;         // games in play one address created (all servers of the store)
  std::size_t max_games_per_network = 80;         // ... and one IPv4 /24 or IPv6 /64
  std::int64_t expire_seconds = 14 * 86400;       // a game not finished and unchanged this long is deleted
  std::int64_t unjoined_seconds = 3600;           // ... and one whose human seats nobody ever claimed, after this long
  std::size_t finished_in_memory = 16;            // finished games kept whole after they were opened (the others: their views)
  std::size_t max_loaded = 2000;                  // games held whole in memory; the least recently used leave it
  std::size_t max_memory = std::size_t{1} << 30;  // bytes the games held may take, about (Match::memory and views)
  std::size_t max_searches = 16;                  // searches (bot decisions, hints) one address may have waiting or running
  int threads_per_search = 1;                     // a new game's search threads (core::SaveFile::search_threads)
  double bot_slice_seconds = 0.02;                // processor time of one turn of a game's quick bots on a worker
  std::size_t bot_game_actions = 20000;           // a game no human plays stops after this many actions ...
  double bot_game_seconds = 300;                  // ... or this much processor time of its bots
};

// The game a call needs is busy (its change is being committed, or its bots are playing on a
// worker): the call changed nothing and is made again when the game is ready (Lobby::when_ready).
// Not an error, so not a std::exception.
struct NotReady {
  std::string id;
};

// The "updated" of a stored game's list entry: the time of its last change everyone saw (the mark's
// own for an entry without one).
std::int64_t listed_time(const GameMark& mark);

class Lobby {
 public:
  // Restores every unfinished game by replay; a game that does not replay to its stored action count
  // and state hash is quarantined (listed as damaged, logged) and every other game serves.
  // Games of any of `titles`; a new game names its title (the first one by default).
  Lobby(const core::Titles& titles, Store& store, LobbyLimits limits = {}, std::function<std::int64_t()> clock = nullptr);

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
  // {"id": ..., "invitation": secret (when the seats are by invitation)}. `client`: the address
  // asking, to which the game's bot work is charged.
  nlohmann::json create(const nlohmann::json& body, const std::string& client = "");
  // The seat's token; the body may carry {"invitation": secret}.
  std::string claim(const std::string& id, const std::string& seat, const nlohmann::json& body);
  // The view of the token's seat as JSON text; an empty token gives the spectator's view.
  const std::string& view(const std::string& id, const std::string& token);
  // The lines [from, from + count) of the game's log, as its views number them, for whoever may see
  // its views (server/clocks.h, log_range): a client's lines missed between two views.
  static constexpr std::size_t kLogPage = 500;  // lines at most in one answer
  nlohmann::json log(const std::string& id, const std::string& token, std::size_t from, std::size_t count);
  // {"action": text, "version": N}: N is the "version" of the view the action was chosen on. The
  // seat's new view. `key`: the request's Idempotency-Key (server/request_keys.h), "" for none: a
  // request the seat already made with it is answered with the seat's view and made no second time.
  const std::string& act(const std::string& id, const std::string& token, const nlohmann::json& body, const std::string& client = "",
                         const std::string& key = "");
  const std::string& undo(const std::string& id, const std::string& token, const nlohmann::json& body, const std::string& key = "");
  // The game after its first `step` actions (empty: all), from the view of `seat` (server/replay.cpp):
  // any seat of a finished game, only the token's seat (or a spectator's) of one in play. `answer`
  // gets it on the lobby's thread once it is made on a worker (at once without an offload); 429 while
  // the address asking has 4 replays being made.
  using Answer = std::function<void(int status, const std::string& json_text)>;
  void replay(const std::string& id, const std::string& token, const std::string& step, const std::string& seat, Answer answer);
  // Endings and beginnings (server/endings.cpp, docs/server.md). The token's seat resigns ({"bot":
  // KIND}, optional: the title's first bot plays it from then on) or agrees that its alliance
  // concedes ({"agree": true}, or false to take it back): the seat's view. Throws ApiError: 401
  // without a seat's token, 400 for a bad body, 409 when it may not (a bot's seat, twice, after the
  // end, a game without alliances).
  const std::string& resign(const std::string& id, const std::string& token, const nlohmann::json& body, const std::string& key = "");
  const std::string& concede(const std::string& id, const std::string& token, const nlohmann::json& body, const std::string& key = "");
  // A finished game's seat offers a rematch: a new game of the same title, scenario, options and
  // seats, each seat claimed in it by the same token as in this one and the others open as they
  // were. {"id": the new game, "created": true}, or the rematch offered before ("created": false).
  nlohmann::json rematch(const std::string& id, const std::string& token, const std::string& client = "");
  // The games in play with a public open seat, for a stranger to join, filtered by title, scenario
  // and pace ("" for any), as list() pages them.
  std::string open_games(const std::string& title, const std::string& scenario, const std::string& pace, const std::string& after,
                         std::size_t limit);
  // The seat a token opens, as seat_of(), refusing a spectator (an empty token) with 403 no_observers
  // while a game created with "observers": false is played.
  std::optional<int> watcher_of(const std::string& id, const std::string& token);

  // Stages the deletion of every abandoned game (not finished, unchanged for expire_seconds).
  void expire();
  // Clocks (server/clocks.h, docs/server.md "Paces and clocks"). tick_clocks(): every seat whose
  // clock ran out by now is given to the game's stand-in bot (staged: on several servers sharing a
  // store, the first to commit it wins and the others read it); a game held by its entry only is
  // loaded first (it is looked at again on the next tick). clock(): the token's seat is back
  // ({"back": true}) or agrees to pause or resume ({"pause": true|false}); its view. Throws ApiError.
  void tick_clocks();
  const std::string& clock(const std::string& id, const std::string& token, const nlohmann::json& body);
  // The player of the seat is on vacation until `until` (0: back): the seat's clock stands still
  // meanwhile. Nothing for a finished game or one without a clock. Throws NotReady, ApiError.
  void set_away(const std::string& id, const std::string& seat, std::int64_t until);
  // The catalogues the clocks' notes in a game's log are worded from (data/i18n; server/clocks.h,
  // add_log_notes): without them, the source tree's are read when first needed.
  void words(std::shared_ptr<const core::i18n::Catalogues> words);

  // Where the work that takes time runs (server/jobs.h): quick bots' moves a slice at a time
  // (Lane::Bots: the game is lent to the worker and its views are served from the cache meanwhile),
  // the decisions of bots that search and hints (Lane::Search), each charged to the address that
  // created the game or asked. Setting it starts the bots of every game whose bots must play.
  // Without an offload, bots play at once, inline, and searches too.
  void offload(Offload offload);
  std::size_t searching() const;  // searches offloaded and not yet answered
  // Advice for the token's seat (Match::hint, three actions with their estimated chance of winning,
  // and the title's plan where it has one), from that seat's observation: `answer` gets
  // {"version": N, "seat": ..., "hints": [...], "plan": {...}} on the lobby's thread (now, or when
  // the search ends). Throws ApiError: 401 without a seat's token, 409
  // when the seat may not act, 429 while the seat's last hint is still being computed or `client`
  // has max_searches waiting.
  void hint(const std::string& id, const std::string& token, Answer answer, const std::string& client = "");
  // The title's battle calculator (Match::question_task "odds") from the observation of the token's
  // seat (an empty token: a spectator's), its parameters from the query string of `target`: `answer`
  // gets {"version": N, "seat": ..., "odds": {...}} on the lobby's thread, or 422 when there is no
  // battle to compute. Throws ApiError: 400 for a bad parameter, 404 for a title without one, 429
  // when `client` has max_searches waiting (odds.cpp).
  void odds(const std::string& id, const std::string& token, std::string_view target, Answer answer, const std::string& client = "");

  // Called after every committed change of the game the token's seat (an empty token: a spectator)
  // sees (for WebSocket pushes), and when it is deleted; throws ApiError for a bad token.
  using Listener = Listeners::Listener;
  int subscribe(const std::string& id, const std::string& token, Listener listener);
  void unsubscribe(const std::string& id, int handle);
  // The seat a token opens (nullopt: spectator for an empty token); throws ApiError for a bad one.
  std::optional<int> seat_of(const std::string& id, const std::string& token);
  // A game's seats as its table talk needs them (server/chat.cpp): their names and teams, whether it
  // is over, its actions so far that every seat may know of (Match::public_actions: a message written
  // during War Room's orders is at their barrier, whatever secret entries were made), and the token's
  // seat (nullopt: a spectator). Throws as room() does.
  struct Roster {
    std::vector<std::string> seats;
    std::vector<int> teams;
    bool finished = false;
    std::size_t actions = 0;
    std::optional<int> seat;
  };
  Roster roster(const std::string& id, const std::string& token);

  // Whether the game can be used now (not busy, its game not on a worker): a call for a game that is
  // not throws NotReady. `then` runs once it is (or once it is gone). Without an offload (tests,
  // tools) a busy game may be used: its caller commits when it likes.
  bool ready(const std::string& id) const;
  void when_ready(const std::string& id, std::function<void()> then);
  // `then` runs once the game's quick bots have played a turn on a worker since now, or have none to
  // play, and the game is ready: the answer to an action shows the bots' replies.
  void after_bots(const std::string& id, std::function<void()> then);

  // Staging (see above). busy(): the game has writes staged or being committed.
  bool busy(const std::string& id) const;
  std::size_t staged() const { return staging_.size(); }
  std::vector<GameWrite> take_staged() { return staging_.take(); }  // the next batch; its games stay busy until settle()
  // The outcome of the batch last taken: committed or not; when committed, the games another server
  // changed first (Store::commit), whose changes were not made: they are loaded again.
  // A batch of unknown outcome is read again from the store, as a failed one is.
  void settle(Outcome outcome, const std::vector<std::string>& conflicts = {});
  // Take, commit and settle on this thread (start, tests); the games in conflict.
  std::vector<std::string> commit_now();

  // Another server sharing the store changed the game ("*": any game): it is loaded again (now, or
  // when its own change in flight settles), its listeners are told, and a game new to this server
  // joins its list.
  void changed_elsewhere(const std::string& id);

  // Called on the lobby's thread after every committed change made here of a game some human plays: the game, its
  // list entry before and after (JSON text), its actions stored, whether its seats are by invitation,
  // and, for a change of several actions (a slice of bots and chance), the seats the game waited on
  // after each of them (empty for chance). The notifier (server/notify.h) finds whose turn it became there.
  using Waits = std::vector<std::vector<std::string>>;
  using CommitHook = std::function<void(const std::string& id, const std::string& before, const std::string& after, std::size_t actions,
                                        bool invitation, const Waits& waits)>;
  void on_committed(CommitHook hook) { on_committed_ = std::move(hook); }
  // Called on the lobby's thread after a committed change made here moved a game's list entry (any
  // game, bots' too; never a seat's secret entry, which leaves the entry as it was): "My games" pushes.
  void on_listed(std::function<void(const std::string& id)> hook) { on_listed_ = std::move(hook); }

  std::size_t live() const;                             // games not finished and not damaged
  std::size_t loaded() const { return rooms_.size(); }  // games known here (whole, or their list entry and views)
  std::size_t whole() const;                            // games held whole (a match in memory)
  std::size_t memory() const;                           // bytes the games held take, about

  // The address whose request is being answered: the work it causes (loads) is charged to it.
  class Asking {
   public:
    Asking(Lobby& lobby, std::string client) : lobby_(lobby), before_(std::exchange(lobby.client_, std::move(client))) {}
    ~Asking() { lobby_.client_ = std::move(before_); }
    Asking(const Asking&) = delete;
    Asking& operator=(const Asking&) = delete;

   private:
    Lobby& lobby_;
    std::string before_;
  };

 private:
  // A game as the lobby holds it: whole (its match), or only its list entry, seats and cached views
  // (a finished game is served from those; any other is loaded again when it is used).
  struct Room {
    std::shared_ptr<core::Match> game;    // null: not held whole, or lent
    bool lent = false;                    // the game is on a worker, its quick bots playing
    std::vector<std::string> token_hash;  // by seat ("": open); none: not known until loaded
    std::string invitation_hash;          // empty: public seats
    std::size_t stored = 0;               // actions in the store
    std::uint64_t version = 0;            // the store's: counts every committed change (never shown)
    SeatVersions versions;                // the views' (server/versions.h)
    SeatVersions::Seen seen;              // whose views the changes staged and not settled made new
    std::uint64_t refreshed_for = 0;      // the highest version a client named that made it be read again
    std::int64_t updated = 0;             // unix seconds of its last change (expire)
    std::int64_t listed = 0;              // of its last change everyone sees: its list entry's "updated"
    bool finished = false;
    bool busy = false;
    bool erasing = false;
    bool stale = false;                                          // changed elsewhere while busy or lent: loaded again after
    std::string damaged;                                         // why it was quarantined; empty: sound
    std::string summary;                                         // committed list entry (JSON)
    std::string staged_summary;                                  // the entry once the staged change is committed
    std::map<int, std::pair<std::uint64_t, std::string>> views;  // by seat (-1: spectator): version, JSON text
    std::map<int, std::pair<std::uint64_t, std::string>> hints;  // by seat: version, JSON text
    RequestKeys requests;                                        // the keys of its latest changes (stored with its mark)
    Clocks clocks;                                               // its pace, clocks and stand-ins (stored with its mark)
    bool touched = false;                                        // a change everyone sees outside the match (a clock's), not yet staged
    // Bots
    std::string owner;                           // the address its bots' work is charged to
    std::string creator;                         // the address that created it, until it is stored
    bool human = true;                           // some seat is played by a human
    bool observers = true;                       // spectators may watch it while it is played (core::SaveFile::observers)
    std::vector<core::SeatEvent> stored_events;  // the record's events as stored (a change rewrites the record)
    std::size_t slices = 0;                      // turns its quick bots played on a worker
    std::vector<core::SeatMask> waits;           // the seats acting after each action of the slice staged (the notifier's)
    double bot_seconds = 0;                      // processor time its bots used (while in memory)
    std::string stopped;                         // why its bots stopped (a game no human plays at its cap)
  };
  // lobby_games.cpp
  Room& room(const std::string& id);             // loads it if needed; 404 / 410 / 503 as ApiError, NotReady
  Room build(StoredGame sg) const;               // may run on a worker
  void load(const std::string& id, bool whole);  // on a worker; without whole, a game nobody here watches keeps its entry only
  void loaded(const std::string& id, std::optional<Room> fresh, const std::string& failure);
  Room entry(const GameMark& mark) const;   // a game known by its list entry only
  void forget(const std::string& id);       // leaves memory entirely
  void trim(const std::string& keep = "");  // within max_loaded and max_memory, least recently used first
  void give_back(std::size_t freed);
  bool idle(const std::string& id, const Room& r) const;
  static std::size_t cost(const Room& r);
  void adopt(const std::string& id, Room fresh);
  static bool has_human(const core::MatchSeats& m);  // a game read from the store, in place of what was held
  std::string make_summary(const std::string& id, Room& r) const;
  nlohmann::json waited_on(const Room& r) const;  // the seats a game waiting on chance alone waited on last
  static std::vector<std::string> seat_names(const core::MatchSeats& m, core::SeatMask seats);  // in seat order
  // clocks.cpp's part: a new game's pace and stand-in from its body; the clocks brought up to date
  // with the game (true: a view shows a change); their stand-ins set on the match.
  Clocks parse_clocks(const nlohmann::json& body, const core::SaveFile& record) const;
  bool update_clocks(Room& r);
  void run_out(const std::string& id, std::int64_t t);  // the game's clocks that ran out by `t`
  static void seat_stand_ins(Room& r);
  std::shared_ptr<const core::i18n::Catalogues> platform_words();
  static std::string page(std::vector<std::string> entries, const std::string& last, std::size_t limit);
  const core::Title& title_of(const std::string& id) const;  // ApiError 400 for none
  core::SaveFile parse_create(const nlohmann::json& body, const std::string& client) const;
  void check_held(const std::string& client) const;  // games per address and network
  // lobby.cpp
  void check_version(const std::string& id, Room& r, int seat, const nlohmann::json& body);
  static bool made_before(Room& r, int seat, const std::string& key, const std::string& request);
  static std::optional<int> seat_of_hashes(const Room& r, const std::string& token);
  // The seat a token opens, for a request only a seat may make (`what`, such as "acting"): 401 without one.
  int seat_needed(const std::string& id, const std::string& token, std::string_view what);
  nlohmann::json seat_view(const std::string& id, Room& r, std::optional<int> seat);
  const std::string& cached_view(const std::string& id, Room& r, std::optional<int> seat);
  const std::string& changed(const std::string& id, Room& r, int seat, const std::string& key, const std::string& request,
                             GameWrite w = {});
  // lobby_commits.cpp
  void stage(const std::string& id, Room& r, GameWrite w);  // with the room's mark
  void reload(const std::string& id);
  void catch_up(const std::string& id, Room& r);  // reads what another server stored since, on a worker
  void caught_up(const std::string& id, std::size_t held, bool whole, std::optional<StoredGame> sg, const std::string& failure);
  // lobby_bots.cpp
  void schedule(const std::string& id);  // starts the turn of the game's bots, if they must play
  void play_slice(const std::string& id, Room& r);
  void slice_played(const std::string& id, std::shared_ptr<core::Match> game, std::size_t played, std::vector<core::SeatMask> waits,
                    double seconds, const std::string& failure);
  void search(const std::string& id, Room& r, core::MatchSearch::BotTask task);
  void decided(const std::string& id, std::uint64_t version, const std::string& hash, const core::MatchSearch::BotTask& task,
               std::optional<core::Action> action, double seconds);
  void release(const std::string& id);       // runs the waiters of a game that is ready, or gone
  bool bots_due(const Room& r) const;        // chance or a bot must play next
  bool quick_turn_due(const Room& r) const;  // ... and not a bot that searches
  std::int64_t now() const { return clock_(); }

  const core::Titles& titles_;
  Store& store_;
  LobbyLimits limits_;
  std::function<std::int64_t()> clock_;
  nlohmann::json titles_json_;
  std::map<std::string, nlohmann::json> layouts_;
  std::map<std::string, Room> rooms_;
  Recency recent_;
  std::string client_;                                  // the address asking (Asking)
  std::set<std::string> loading_;                       // games being read from the store on a worker
  std::map<std::string, std::string> load_failed_;      // while their waiters are released: why the load failed ("": no such game)
  std::set<std::string> reload_after_;                  // changed elsewhere while loading: loaded again after
  std::chrono::steady_clock::time_point trimmed_at_{};  // when memory was last given back to the system
  Staging staging_;
  Listeners listeners_;
  Offload offload_;
  CommitHook on_committed_;
  std::function<void(const std::string&)> on_listed_;
  std::shared_ptr<const core::i18n::Catalogues> words_;  // platform_words()
  std::set<std::string> working_;                        // games with a bots' turn or a search on a worker
  std::map<std::string, std::size_t> searches_;          // by address: searches waiting or running
  std::set<std::pair<std::string, int>> hinting_;        // (game, seat) with a hint being computed
  std::map<std::string, std::size_t> replays_;           // by address: replays being made
  // A seat's clock requests (a pause, a return): each writes the game and a line of its log that
  // every player reads, so a seat may make 5 at once, then 6 a minute (429 too_many_changes).
  RateLimiter clock_requests_{6, 5};
  struct BotWaiter {
    std::size_t slices;  // the game's slices when it began to wait
    std::function<void()> then;
  };
  std::map<std::string, std::vector<std::function<void()>>> ready_waiters_;
  std::map<std::string, std::vector<BotWaiter>> bot_waiters_;
};

}  // namespace server
