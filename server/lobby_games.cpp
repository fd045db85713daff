// The games a lobby holds: restored at start, loaded when opened, built from the store's records (and
// quarantined when they do not replay), listed, and expired when abandoned.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include <malloc.h>

#include "server/lobby.h"
#include "server/unix_time.h"

namespace server {

namespace {

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

}  // namespace

Lobby::Lobby(const core::Titles& titles, Store& store, LobbyLimits limits, std::function<std::int64_t()> clock)
    : titles_(titles), store_(store), limits_(limits), clock_(clock ? std::move(clock) : unix_now), titles_json_(nlohmann::json::array()) {
  for (const auto& t : titles_.all()) {
    titles_json_.push_back(title_json(*t));
    layouts_[t->id()] = t->layout();
  }
  for (StoredGame& sg : store_.load_unfinished()) {
    const std::string id = sg.id;
    const bool marked = sg.mark.has_value();
    adopt(id, build(std::move(sg)));
    Room& r = rooms_.at(id);
    if (!r.damaged.empty()) {
      std::cerr << fmt::format("serve: game {} is damaged and kept aside: {}\n", id, r.damaged);
      continue;
    }
    if (!marked) stage(id, r, GameWrite{});  // a game stored before marks: its mark is written now
  }
  if (staging_.size()) commit_now();
}

const core::Title& Lobby::title_of(const std::string& id) const {
  if (const core::Title* t = titles_.find(id)) return *t;
  std::string ids;
  for (const auto& t : titles_.all()) ids += (ids.empty() ? "" : ", ") + t->id();
  throw ApiError(400, fmt::format("no title {} ({})", printable(id), ids));
}

std::int64_t listed_time(const GameMark& mark) {
  const nlohmann::json s = nlohmann::json::parse(mark.summary, nullptr, false);
  const auto it = s.is_object() ? s.find("updated") : s.end();
  return it != s.end() && it->is_number_integer() ? it->get<std::int64_t>() : mark.updated;
}

Lobby::Room Lobby::build(StoredGame sg) const {
  Room r;
  r.invitation_hash = sg.invitation_hash;
  r.updated = sg.mark ? sg.mark->updated : now();
  r.listed = sg.mark ? listed_time(*sg.mark) : r.updated;
  r.version = sg.mark ? sg.mark->version : 0;
  r.stored = sg.record.actions.size();
  try {
    const core::Title* title = titles_.find(sg.record.game);
    if (!title)
      throw core::SaveError(fmt::format("a game of \"{}\", which this server does not serve ({})", sg.record.game, sg.record.state_hash));
    r.game = title->open(sg.record);
    r.token_hash.resize(static_cast<std::size_t>(r.game->seat_count()));
    for (core::Seat p = 0; p < r.game->seat_count(); ++p)
      if (!title->valid_controller(r.game->controller(p)))
        throw core::SaveError(
            fmt::format("the seat {} is played by \"{}\", which this server does not have", r.game->seat_name(p), r.game->controller(p)));
    for (const auto& [seat, hash] : sg.token_hashes)
      if (const auto p = r.game->seat_from_name(seat)) r.token_hash[static_cast<std::size_t>(*p)] = hash;
    if (sg.mark && sg.mark->action_count != sg.record.actions.size())
      throw core::SaveError(fmt::format("{} actions stored, {} expected", sg.record.actions.size(), sg.mark->action_count));
    if (sg.mark && sg.mark->state_hash != r.game->state_hash())
      throw core::SaveError(fmt::format("replaying gives state hash {}, {} expected", r.game->state_hash(), sg.mark->state_hash));
    r.finished = r.game->node_kind() == core::NodeKind::Terminal;
    r.human = has_human(*r.game);
    r.observers = r.game->record().observers;
    r.stored_events = r.game->record().events;
    r.versions = SeatVersions(sg.mark ? sg.mark->versions : "", r.game->seat_count(), r.version);
    r.requests = RequestKeys(sg.mark ? sg.mark->requests : "");
    r.clocks = Clocks(sg.mark ? sg.mark->clocks : "", r.game->seat_count());
    seat_stand_ins(r);
    r.game->take_changes();  // the replay of its record is no change
  } catch (const std::exception& e) {
    r.game.reset();
    r.damaged = e.what();
    r.summary = nlohmann::json{{"id", sg.id}, {"damaged", r.damaged}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return r;
  }
  r.summary = make_summary(sg.id, r);
  return r;
}

bool Lobby::has_human(const core::MatchSeats& m) {
  for (int p = 0; p < m.seat_count(); ++p)
    if (!m.is_bot(static_cast<core::Seat>(p))) return true;
  return false;
}

// A game read from the store takes the place of what was held of it (what its bots used stays).
void Lobby::adopt(const std::string& id, Room fresh) {
  auto [it, added] = rooms_.try_emplace(id);
  recent_.touch(id);
  if (!added) {
    fresh.owner = std::move(it->second.owner);
    fresh.bot_seconds = it->second.bot_seconds;
    fresh.slices = it->second.slices;
    fresh.refreshed_for = it->second.refreshed_for;
  }
  it->second = std::move(fresh);
}

// The game whole, ready to be used. Without an offload it is loaded here and now; with one (a
// server), a game not held whole is loaded on a worker and the call waits for it (NotReady).
Lobby::Room& Lobby::room(const std::string& id) {
  if (!ready(id)) throw NotReady{id};
  if (const auto failed = load_failed_.find(id); failed != load_failed_.end()) {  // its waiters are told why
    if (failed->second.empty()) throw ApiError(404, ErrorCode{"no_game"}, fmt::format("no game {}", printable(id)));
    throw ApiError(503, ErrorCode{"storage"}, "the game cannot be read from storage now; try again");
  }
  auto it = rooms_.find(id);
  if (it == rooms_.end() || (!it->second.game && it->second.damaged.empty())) {
    if (offload_) {
      load(id, true);
      throw NotReady{id};
    }
    std::optional<StoredGame> sg;
    try {
      sg = store_.load(id);
    } catch (const StoreError& e) {
      std::cerr << fmt::format("serve: cannot load game {}: {}\n", printable(id), e.what());
      throw ApiError(503, ErrorCode{"storage"}, "the game cannot be read from storage now; try again");
    }
    if (!sg) throw ApiError(404, ErrorCode{"no_game"}, fmt::format("no game {}", printable(id)));
    adopt(id, build(std::move(*sg)));
    trim(id);  // the others: this one is about to be used
    it = rooms_.find(id);
  }
  if (it->second.erasing) throw ApiError(404, ErrorCode{"no_game"}, fmt::format("no game {}", printable(id)));
  if (!it->second.damaged.empty())
    throw ApiError(410, ErrorCode{"damaged"},
                   fmt::format("game {} is damaged (its stored actions do not replay to its stored state) and is kept aside", id));
  recent_.touch(id);
  return it->second;
}

// Reads the game and replays it on a worker, charged to the address asking. Without `whole`, a game
// nobody here watches is held by its list entry only.
void Lobby::load(const std::string& id, bool whole) {
  if (!loading_.insert(id).second) return;
  whole = whole || listeners_.watched(id);
  Job job{Lane::Load, client_, id, [this, id, whole]() -> std::function<void()> {
            std::optional<Room> fresh;
            std::string failure;
            try {
              if (std::optional<StoredGame> sg = store_.load(id)) fresh = whole || !sg->mark ? build(std::move(*sg)) : entry(*sg->mark);
            } catch (const StoreError& e) {
              failure = e.what();
            }
            auto shared = std::make_shared<std::optional<Room>>(std::move(fresh));
            return [this, id, shared, failure] { loaded(id, std::move(*shared), failure); };
          }};
  if (offload_) return offload_(std::move(job));
  job.work()();  // without an offload, here and now
}

void Lobby::loaded(const std::string& id, std::optional<Room> fresh, const std::string& failure) {
  loading_.erase(id);
  if (!failure.empty()) std::cerr << fmt::format("serve: cannot load game {}: {}\n", printable(id), failure);
  if (!fresh) {  // gone (deleted, or an id that never was), or unreadable now (then loaded again on its next use)
    if (auto it = rooms_.find(id); it != rooms_.end() && !failure.empty() && it->second.damaged.empty()) it->second.game.reset();
    if (failure.empty() && rooms_.count(id)) {
      forget(id);
      listeners_.tell(id);  // they find the game gone
    }
    load_failed_[id] = failure;
    release(id);
    load_failed_.erase(id);
    return;
  }
  const auto it = rooms_.find(id);
  const bool known = it != rooms_.end(), whole = fresh->game != nullptr;
  if (!known && fresh->finished && !whole) return release(id);  // a game finished elsewhere, not asked for here
  if (known && (it->second.busy || it->second.lent)) {          // changed here meanwhile: read again once that settles
    it->second.stale = true;
    return;
  }
  adopt(id, std::move(*fresh));
  if (known && whole) listeners_.tell(id);
  if (reload_after_.erase(id)) return load(id, whole);
  recent_.touch(id);
  release(id);
  schedule(id);
  trim();
}

// A game known by its list entry only: replayed when it is first used here.
Lobby::Room Lobby::entry(const GameMark& mark) const {
  Room cold;
  cold.version = mark.version;
  cold.updated = mark.updated;
  cold.listed = listed_time(mark);
  cold.finished = mark.finished;
  cold.summary = mark.summary;
  cold.clocks = Clocks(mark.clocks, -1);  // its clocks run out even while it is not held whole
  return cold;
}

void Lobby::forget(const std::string& id) {
  rooms_.erase(id);
  recent_.forget(id);
}

bool Lobby::idle(const std::string& id, const Room& r) const {
  return !r.busy && !r.lent && !r.erasing && !working_.count(id) && !loading_.count(id);
}

std::size_t Lobby::cost(const Room& r) {
  std::size_t bytes = sizeof(Room) + r.summary.size() + (r.game ? r.game->memory() : 0);
  for (const auto& [_, view] : r.views) bytes += view.second.size();
  for (const auto& [_, hint] : r.hints) bytes += hint.second.size();
  return bytes;
}

std::size_t Lobby::whole() const {
  return static_cast<std::size_t>(std::count_if(rooms_.begin(), rooms_.end(), [](const auto& kv) { return kv.second.game != nullptr; }));
}

std::size_t Lobby::memory() const {
  std::size_t bytes = 0;
  for (const auto& [_, r] : rooms_) bytes += cost(r);
  return bytes;
}

// Memory is bounded whatever clients do. The finished games beyond the finished_in_memory most
// recently used keep only their views (and leave memory if nobody watches them: they are read from
// the store when opened); then, least recently used first, games leave memory whole until at most
// max_loaded are held and their cost is within max_memory, and their views go too if it is still
// over.
void Lobby::trim(const std::string& keep) {
  std::size_t bytes = memory(), held = whole(), finished_held = 0, freed = 0;
  const auto drop_game = [&](Room& r) {
    const std::size_t b = r.game->memory();
    bytes -= b, freed += b, --held;
    r.game.reset();
    r.hints.clear();
  };
  for (const std::string& id : recent_.newest_first()) {
    Room& r = rooms_.at(id);
    if (!r.finished || !r.game || ++finished_held <= limits_.finished_in_memory || !idle(id, r) || id == keep) continue;
    drop_game(r);
    if (!listeners_.watched(id)) bytes -= cost(r), forget(id);
  }
  std::vector<std::string> oldest = recent_.newest_first();
  std::reverse(oldest.begin(), oldest.end());
  for (const std::string& id : oldest) {
    if (held <= limits_.max_loaded && bytes <= limits_.max_memory) break;
    Room& r = rooms_.at(id);
    if (!idle(id, r) || id == keep) continue;
    if (r.game) drop_game(r);
    if (bytes <= limits_.max_memory) continue;
    const std::size_t views = cost(r) - sizeof(Room) - r.summary.size();
    r.views.clear();
    bytes -= views, freed += views;
  }
  give_back(freed);
}

// Memory freed by games leaving it goes back to the system (glibc keeps what threads freed in their
// arenas), at most once a second.
void Lobby::give_back(std::size_t freed) {
  const auto at = std::chrono::steady_clock::now();
  if (freed < (std::size_t{1} << 20) || at - trimmed_at_ < std::chrono::seconds(1)) return;
  trimmed_at_ = at;
  ::malloc_trim(0);
}

// While a game waits on chance alone (dice, a card drawn), the seats it waited on last: dice end
// nobody's turn (docs/server.md, "Notifications"). The last seats acting among the actions of the
// change staged (Room::waits), else those of the entry before it (its `active`, or its own
// `waited_on`). Kept in the stored list entry, so that every server's notifier reads the same.
nlohmann::json Lobby::waited_on(const Room& r) const {
  for (auto it = r.waits.rbegin(); it != r.waits.rend(); ++it)
    if (*it != 0) return seat_names(*r.game, *it);
  // Without an offload several changes may be staged before a commit: the last one staged is the one before.
  const auto before = nlohmann::json::parse(r.busy ? r.staged_summary : r.summary, nullptr, false);
  if (!before.is_object() || before.value("terminal", false)) return nlohmann::json::array();
  for (const char* field : {"active", "waited_on"})
    if (auto seats = before.value(field, nlohmann::json::array()); seats.is_array() && !seats.empty()) return seats;
  return nlohmann::json::array();
}

std::vector<std::string> Lobby::seat_names(const core::MatchSeats& m, core::SeatMask seats) {
  std::vector<std::string> out;
  for (int p = 0; p < m.seat_count(); ++p)
    if (seats & core::seat_bit(static_cast<core::Seat>(p))) out.push_back(m.seat_name(p));
  return out;
}

std::string Lobby::make_summary(const std::string& id, Room& r) const {
  const core::Match& m = *r.game;
  const std::vector<std::string> active = seat_names(m, m.acting_seats());  // whose turn: "My games"
  nlohmann::json s = {{"title", m.record().game},
                      {"scenario", m.record().scenario},
                      {"phase", m.phase()},
                      {"phase_message", m.phase_message()},
                      {"terminal", m.node_kind() == core::NodeKind::Terminal},
                      {"winners", seat_names(m, m.winners())},
                      {"seat_order", seat_names(m, ~core::SeatMask{0})},
                      {"active", active}};
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
  if (!m.record().observers) s["observers"] = false;
  if (!m.record().rematch.empty()) s["rematch"] = m.record().rematch;
  if (const core::SeatMask conceded = m.conceded()) {
    nlohmann::json seats_conceding = nlohmann::json::array();
    for (int p = 0; p < m.seat_count(); ++p)
      if (conceded & core::seat_bit(static_cast<core::Seat>(p))) seats_conceding.push_back(m.seat_name(p));
    s["conceded"] = seats_conceding;
  }
  if (active.empty() && m.node_kind() != core::NodeKind::Terminal) {
    const nlohmann::json waited = waited_on(r);
    if (!waited.empty()) s["waited_on"] = waited;
  }
  s["updated"] = r.listed;
  s["pace"] = r.clocks.pace().name;
  if (!r.stopped.empty()) s["stopped"] = r.stopped;
  return s.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string Lobby::list(const std::string& status, const std::string& after, std::size_t limit) {
  if (status != "live" && status != "open" && status != "finished" && status != "damaged")
    throw ApiError(400, "\"status\" is \"live\", \"open\", \"finished\" or \"damaged\"");
  std::vector<std::string> entries;
  std::string last;
  if (status == "finished") {
    // An entry that is not a JSON object (a row written by hand, a damaged one) is left out: the list
    // stays valid JSON, and the next page follows the last game read.
    for (bool read_all = false; !read_all && entries.size() <= limit;) {
      Store::Summaries stored;
      try {
        stored = store_.finished_summaries(last.empty() ? after : last, limit + 1);
      } catch (const StoreError&) {
        throw ApiError(503, ErrorCode{"storage"}, "the list of finished games cannot be read from storage now; try again");
      }
      read_all = stored.size() <= limit;
      for (auto& [game, summary] : stored) {
        if (entries.size() == limit) {
          entries.emplace_back();  // one more game: there is a next page
          break;
        }
        last = game;
        if (nlohmann::json::parse(summary, nullptr, false).is_object()) entries.push_back(std::move(summary));
      }
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
  return page(std::move(entries), last, limit);
}

// {"games": [the entries, less the one beyond `limit`], "next": the last id shown when there is one more, or null}.
std::string Lobby::page(std::vector<std::string> entries, const std::string& last, std::size_t limit) {
  const bool more = entries.size() > limit;
  if (more) entries.pop_back();
  std::string out = "{\"games\":[";
  for (std::size_t i = 0; i < entries.size(); ++i) out += (i ? "," : "") + entries[i];
  return out + "],\"next\":" + (more ? nlohmann::json(last).dump() : "null") + "}";
}

void Lobby::expire() {
  for (auto& [id, r] : rooms_) {
    // A game nobody joined goes after an hour (a flood of creations holds nothing for long); its
    // seats are known once it was read whole, as every game in play is when the server starts.
    const bool unjoined = r.human && !r.token_hash.empty() &&
                          std::all_of(r.token_hash.begin(), r.token_hash.end(), [](const std::string& h) { return h.empty(); });
    const std::int64_t limit = now() - (unjoined ? std::min(limits_.unjoined_seconds, limits_.expire_seconds) : limits_.expire_seconds);
    // (a game whose bot is searching may go: the search's answer finds it gone)
    if (r.busy || r.lent || r.erasing || loading_.count(id) || r.finished || !r.damaged.empty() || r.updated > limit) continue;
    r.erasing = true;
    GameWrite w;
    w.erase = true;
    w.id = id;
    w.base_version = r.version;
    r.busy = true;
    staging_.add(std::move(w));
  }
}

std::size_t Lobby::live() const {
  return static_cast<std::size_t>(std::count_if(
      rooms_.begin(), rooms_.end(), [](const auto& kv) { return !kv.second.finished && kv.second.damaged.empty() && !kv.second.erasing; }));
}

bool Lobby::busy(const std::string& id) const {
  auto it = rooms_.find(id);
  return it != rooms_.end() && it->second.busy;
}

}  // namespace server
