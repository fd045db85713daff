// A Match over a core::Session: what a title's rules give, presented to every front end the same
// way. The title supplies the rules (a PresentableGame), the initial state of the record's setup
// and its bots; this class supplies replay, saving, undo, the bot driver and the view's platform
// fields. Every view is made from the seat's observation, never from the state itself.
#pragma once

#include <fmt/format.h>

#include <functional>
#include <map>
#include <memory>
#include <string>

#include "core/bot.h"
#include "core/i18n.h"
#include "core/ismcts.h"
#include "core/save.h"
#include "core/session.h"
#include "core/title.h"

namespace core {

template <class G>
concept PresentableGame = ObservableGame<G> &&
    requires(const G g, const typename G::State& cs, const LogEntry& e, std::optional<Seat> seat) {
  { g.phase_text(cs) } -> std::convertible_to<std::string>;
  { g.describe(e) } -> std::convertible_to<std::string>;
  // The game's part of a seat's view, from that seat's observation (nullopt: a spectator).
  { g.view_json(cs, seat) } -> std::same_as<nlohmann::json>;
  { g.board_text(cs, seat) } -> std::convertible_to<std::string>;
};

// A game whose display texts are messages (core/i18n.h) worded in each reader's language: the phase
// line, each log entry and each action's display text, and the terminal's board in a language.
template <class G>
concept LocalizedGame = PresentableGame<G> && requires(const G g, const typename G::State& cs, const LogEntry& e, Seat seat, Action a,
                                                       std::optional<Seat> viewer, std::string_view language) {
  { g.catalogues() } -> std::same_as<const i18n::Catalogues&>;
  { g.phase_message(cs) } -> std::same_as<i18n::Message>;
  { g.log_message(e) } -> std::same_as<i18n::Message>;
  { g.action_message(cs, seat, a) } -> std::same_as<i18n::Message>;
  { g.board_text(cs, viewer, language) } -> std::convertible_to<std::string>;
};

// A game whose log entries reach clients as structure too (the view's "log_events": rule, event
// and arguments as data ids), so that a client reads no English.
template <class G>
concept StructuredLogGame = requires(const G g, const LogEntry& e) {
  { g.log_json(e) } -> std::same_as<nlohmann::json>;
};

// A game whose legal actions reach clients as structure too (the view's "action_fields": each
// action's kind and arguments as data ids, by its command), so that a client finds the board's
// elements an action names without splitting its text.
template <class G>
concept StructuredActionGame = requires(const G g, const typename G::State& cs, Seat seat, Action a) {
  { g.action_json(cs, seat, a) } -> std::same_as<nlohmann::json>;
};

// The random stream of a bot's choice: fixed by the seed and the game's length, so that playing a
// saved game in several steps plays the same game as playing it at once.
inline Rng bot_stream(std::uint64_t seed, std::size_t actions_so_far) {
  std::uint64_t mix = seed ^ (0x9e3779b97f4a7c15ULL * (actions_so_far + 1));
  return Rng(splitmix64(mix));
}

// What `seat` (nullopt: a spectator) may see of a session: the game's view from the seat's
// observation, with the platform's fields (title, scenario, seat, seats, seat_order, active, phase,
// legal_actions, can_undo, log, log_size, terminal, version).
// The log's entries in words (describe) and, where the game has messages, as messages: each entry is
// worded once while it is in the tail a view shows (an entry taken back by an undo is worded again),
// and forgotten once it leaves it, so that a long game's log is not held worded. Not thread-safe:
// one owner (a match) updates it before reading.
template <PresentableGame G>
class LogTexts {
 public:
  // Words the entries from `from` on that are not worded yet (or changed by an undo); the words of
  // the entries before `from` are dropped.
  void update(const G& g, const std::vector<LogEntry>& entries, std::size_t from = 0) {
    std::size_t keep = 0;
    while (keep < entries_.size() && keep < entries.size() && same(entries_[keep], entries[keep])) ++keep;
    entries_.resize(keep), lines_.resize(keep), messages_.resize(keep);
    entries_.insert(entries_.end(), entries.begin() + static_cast<std::ptrdiff_t>(keep), entries.end());
    lines_.resize(entries.size()), messages_.resize(entries.size());
    for (std::size_t i = forgotten_; i < std::min(from, entries.size()); ++i) lines_[i].clear(), messages_[i] = nullptr;
    forgotten_ = std::min(from, entries.size());
    for (std::size_t i = from; i < entries.size(); ++i) {
      if (!lines_[i].empty()) continue;
      lines_[i] = g.describe(entries[i]);
      if constexpr (LocalizedGame<G>) messages_[i] = i18n::to_json(g.log_message(entries[i]));
    }
  }
  const std::string& line(std::size_t i) const { return lines_[i]; }
  const nlohmann::json& message(std::size_t i) const { return messages_[i]; }

 private:
  static bool same(const LogEntry& a, const LogEntry& b) {
    return a.rule == b.rule && a.seat == b.seat && a.event == b.event && a.args == b.args;
  }
  std::vector<LogEntry> entries_;
  std::vector<std::string> lines_;  // empty: not worded
  std::vector<nlohmann::json> messages_;
  std::size_t forgotten_ = 0;  // the entries before it are not worded
};

// The team of a seat where the game has teams (War Room's alliances), else -1.
template <class G>
int team_of(const G& g, Seat seat) {
  if constexpr (requires { g.team(seat); }) return g.team(seat);
  return -1;
}

// The platform's fields of endings and beginnings (docs/server.md, "Endings and beginnings"): the
// record's events the seat may see ("events": an alliance's agreements to concede only to that
// alliance until the game is over), the seats of the seat's alliance ("alliance"), "observers", "rematch" (the game this one is a rematch
// of, or null) and, for a game its seats ended, "conceded": {"seats": the team that conceded, "winners"}.
template <class G>
void add_endings_view(const G& g, const SaveFile& record, std::optional<Seat> seat, bool over, nlohmann::json& j) {
  const int own = seat ? team_of(g, *seat) : -1;
  nlohmann::json events = nlohmann::json::array();
  std::optional<Seat> conceded;
  for (const SeatEvent& e : record.events) {
    const auto who = g.seat_from_name(e.seat);
    const bool agreement = e.event == "concede" || e.event == "withdraw";
    if (e.event == "conceded") conceded = who;
    if (agreement && !over && (own < 0 || !who || team_of(g, *who) != own)) continue;
    nlohmann::json row = {{"at", e.at}, {"seat", e.seat}, {"event", e.event}};
    if (!e.controller.empty()) row["controller"] = e.controller;
    if (!e.game.empty()) row["game"] = e.game;
    events.push_back(std::move(row));
  }
  j["events"] = std::move(events);
  if (own >= 0) {  // the seat's alliance, whose human seats concede together
    nlohmann::json alliance = nlohmann::json::array();
    for (Seat p = 0; p < g.seat_count(); ++p)
      if (team_of(g, p) == own) alliance.push_back(g.seat_name(p));
    j["alliance"] = std::move(alliance);
  }
  j["observers"] = record.observers;
  j["rematch"] = record.rematch.empty() ? nlohmann::json(nullptr) : nlohmann::json(record.rematch);
  if (!conceded) return;
  nlohmann::json losers = nlohmann::json::array(), winners = nlohmann::json::array();
  for (Seat p = 0; p < g.seat_count(); ++p) {
    const int t = team_of(g, p);
    if (t == team_of(g, *conceded))
      losers.push_back(g.seat_name(p));
    else if (t >= 0)
      winners.push_back(g.seat_name(p));
  }
  j["conceded"] = {{"seats", losers}, {"winners", winners}};
}

// The log's entries [first, last) in a view's fields: "log" (each entry's `line`), "log_messages"
// (its `message`) where the game has messages, and "log_events" (each entry as structure: its rule,
// event and arguments as data ids, for clients that read it) where the game makes them.
template <PresentableGame G, class Line, class Message>
void put_log(const G& g, const std::vector<LogEntry>& entries, std::size_t first, std::size_t last, Line line, Message message,
             nlohmann::json& j) {
  nlohmann::json log = nlohmann::json::array(), messages = nlohmann::json::array(), events = nlohmann::json::array();
  for (std::size_t i = first; i < last; ++i) {
    log.push_back(line(i));
    if constexpr (LocalizedGame<G>) messages.push_back(message(i));
    if constexpr (StructuredLogGame<G>) events.push_back(g.log_json(entries[i]));
  }
  j["log"] = std::move(log);
  if constexpr (LocalizedGame<G>) j["log_messages"] = std::move(messages);
  if constexpr (StructuredLogGame<G>) j["log_events"] = std::move(events);
}

template <PresentableGame G>
nlohmann::json seat_view(const G& g, const Session<G>& session, const SaveFile& record, std::optional<Seat> seat, int log_tail,
                         LogTexts<G>* log_texts = nullptr) {
  const auto& s = session.state();
  const auto seen = g.observe(s, seat ? *seat : kSpectator);
  const bool ended = ended_by_events(record);  // by a concession (Match::concede)
  const NodeKind kind = ended ? NodeKind::Terminal : session.node_kind();
  const SeatMask acting = kind == NodeKind::Decision || kind == NodeKind::Simultaneous ? g.acting_seats(s) : 0;
  nlohmann::json j = g.view_json(seen, seat);
  j["title"] = record.game;
  j["scenario"] = record.scenario;
  j["seat"] = seat ? nlohmann::json(g.seat_name(*seat)) : nlohmann::json(nullptr);
  nlohmann::json seats = nlohmann::json::object(), order = nlohmann::json::array(), active = nlohmann::json::array();
  for (Seat p = 0; p < g.seat_count(); ++p) {
    seats[g.seat_name(p)] = controller_after_events(record, g.seat_name(p));
    order.push_back(g.seat_name(p));
    if (acting & seat_bit(p)) active.push_back(g.seat_name(p));
  }
  j["seats"] = seats;
  j["seat_order"] = order;
  j["active"] = active;
  j["phase"] = g.phase_text(seen);
  // The commands, and where the game has messages their display texts, worded by the client in its
  // reader's language (docs/i18n.md); the legal actions are listed once for both.
  nlohmann::json legal = nlohmann::json::array(), texts = nlohmann::json::object(), fields = nlohmann::json::object();
  if (seat && (acting & seat_bit(*seat))) {
    ActionList list;
    g.legal_actions(seen, *seat, list);
    for (Action a : list) {
      std::string command = g.action_to_string(seen, *seat, a);
      if constexpr (LocalizedGame<G>) texts[command] = i18n::to_json(g.action_message(seen, *seat, a));
      if constexpr (StructuredActionGame<G>) fields[command] = g.action_json(seen, *seat, a);
      legal.push_back(std::move(command));
    }
  }
  j["legal_actions"] = legal;
  // Each action as structure ({"kind", arguments as data ids}), for clients that read it.
  if constexpr (StructuredActionGame<G>) j["action_fields"] = fields;
  if constexpr (LocalizedGame<G>) {
    j["phase_message"] = i18n::to_json(g.phase_message(seen));
    j["action_messages"] = texts;
  }
  j["can_undo"] = seat && session.can_undo(*seat);
  // A finished game's chronicle, where the game makes one from its log (every entry is public).
  if constexpr (requires { g.chronicle_json(session.log().entries()); })
    if (kind == NodeKind::Terminal) j["chronicle"] = g.chronicle_json(session.log().entries());
  const auto& entries = session.log().entries();
  const std::size_t n = entries.size(), tail = static_cast<std::size_t>(std::max(log_tail, 0));
  const std::size_t first = n > tail ? n - tail : 0;
  LogTexts<G> own;
  LogTexts<G>& worded = log_texts ? *log_texts : own;
  worded.update(g, entries, first);
  put_log(
      g, entries, first, n, [&](std::size_t i) { return worded.line(i); }, [&](std::size_t i) { return worded.message(i); }, j);
  j["log_size"] = n;
  j["terminal"] = kind == NodeKind::Terminal;
  j["version"] = session.history().size();
  add_endings_view(g, record, seat, kind == NodeKind::Terminal, j);
  return j;
}

template <PresentableGame G>
class SessionMatch final : public Match {
 public:
  using State = typename G::State;
  using BotFactory = std::function<std::unique_ptr<Bot<G>>(std::string_view name)>;
  // The search behind hint(): a seat's actions ranked from its observation, with a seed, and the
  // title's plan (Advised); `controllers`: who plays each seat now, as for a Question.
  using Advisor =
      std::function<Advised(const G&, const State& observation, Seat, std::uint64_t seed, const std::vector<std::string>& controllers)>;
  // A title's question (Match::question_task): checks the parameters now (throws ActionError) and
  // returns the work, which may run on another thread, on the game and the seat's observation;
  // `controllers`: who plays each seat now ("human", "bot:rules", ...), public in the lobby.
  using Question = std::function<std::function<nlohmann::json()>(
      std::shared_ptr<const G>, State observation, Seat seat, const Parameters& parameters, const std::vector<std::string>& controllers)>;

  // Replays the record's actions from `initial` (throws SaveError naming the action that fails).
  SessionMatch(std::unique_ptr<const G> game, const State& initial, SaveFile record, std::string data_hash, BotFactory bots,
               Advisor advisor = {})
      : game_(std::move(game)),
        initial_(initial),
        record_(std::move(record)),
        data_hash_(std::move(data_hash)),
        bots_(std::move(bots)),
        advisor_(std::move(advisor)),
        snapshots_(1, Snapshot{0, 0, initial_, Rng(record_.seed)}),
        session_(load_session<G>(*game_, initial_, record_, [this](const Session<G>& s) { keep_snapshot(s); })),
        texts_(*game_, initial_) {
    check_events();
  }

  const G& game() const { return *game_; }
  const Session<G>& session() const { return session_; }
  const State& initial() const { return initial_; }

  int seat_count() const override { return game_->seat_count(); }
  std::string seat_name(Seat seat) const override { return game_->seat_name(seat); }
  std::optional<Seat> seat_from_name(std::string_view name) const override { return game_->seat_from_name(name); }
  std::string controller(Seat seat) const override { return controller_after_events(record_, seat_name(seat)); }
  void set_stand_in(Seat seat, std::string bot) override {
    if (!bot.empty() && !bots_(std::string_view(bot).substr(std::min<std::size_t>(4, bot.size()))))
      throw SetupError(fmt::format("no bot \"{}\" to stand in", bot));
    Match::set_stand_in(seat, std::move(bot));
  }
  int team(Seat seat) const override { return team_of(*game_, seat); }

  NodeKind node_kind() const override { return ended_ ? NodeKind::Terminal : session_.node_kind(); }
  SeatMask acting_seats() const override {
    const NodeKind k = node_kind();
    return k == NodeKind::Decision || k == NodeKind::Simultaneous ? game_->acting_seats(session_.state()) : 0;
  }
  std::string phase() const override {
    if constexpr (LocalizedGame<G>)
      return game_->catalogues().render(language_, game_->phase_message(session_.state()));
    else
      return game_->phase_text(session_.state());
  }
  nlohmann::json phase_message() const override {
    if constexpr (LocalizedGame<G>)
      return i18n::to_json(game_->phase_message(session_.state()));
    else
      return game_->phase_text(session_.state());
  }
  void set_language(std::string language) override { language_ = std::move(language); }
  std::string message_text(const nlohmann::json& message) const override {
    if constexpr (LocalizedGame<G>)
      return game_->catalogues().render(language_, i18n::message_from_json(message));
    else
      return Match::message_text(message);
  }
  std::string action_text(Seat seat, std::string_view command) const override {
    if constexpr (LocalizedGame<G>) {
      if (const auto a = game_->action_from_string(session_.state(), seat, command))
        return game_->catalogues().render(language_, game_->action_message(session_.state(), seat, *a));
    }
    return std::string(command);
  }
  SeatMask winners() const override {
    if (ended_) {  // by a concession: the other teams' seats
      SeatMask seats = 0;
      for (Seat p = 0; p < seat_count(); ++p)
        if (team(p) >= 0 && !(conceded() & seat_bit(p))) seats |= seat_bit(p);
      return seats;
    }
    return node_kind() == NodeKind::Terminal ? game_->winners(session_.state()) : 0;
  }
  std::string state_hash() const override { return to_hex(game_->hash(session_.state())); }
  std::size_t version() const override { return session_.history().size(); }

  std::vector<std::string> legal_actions(Seat seat) const override {
    std::vector<std::string> out;
    if (ended_) return out;
    for (Action a : session_.legal_actions(seat)) out.push_back(game_->action_to_string(session_.state(), seat, a));
    return out;
  }
  std::vector<std::string> chance_outcomes() const override {
    std::vector<std::string> out;
    if (ended_) return out;
    for (const ChanceOutcome& o : session_.chance_outcomes()) out.push_back(game_->action_to_string(session_.state(), kChance, o.action));
    return out;
  }
  void act(Seat seat, std::string_view text) override {
    if (!(acting_seats() & seat_bit(seat))) throw ActionError(fmt::format("{} may not act now ({})", seat_name(seat), phase()));
    const auto a = game_->action_from_string(session_.state(), seat, text);
    if (const nlohmann::json why = a ? nlohmann::json() : refusal(seat, text); !why.is_null())
      throw ActionError(fmt::format("\"{}\" is refused: {}", text, message_text(why)));
    if (!a) throw ActionError(fmt::format("\"{}\" is not a legal action for {} now", text, seat_name(seat)));
    noted(seat, [&] { session_.act(seat, *a); });
  }
  nlohmann::json refusal(Seat seat, std::string_view text) const override {
    if constexpr (requires { game_->refusal(session_.state(), seat, text); }) {
      if (!(acting_seats() & seat_bit(seat))) return nullptr;
      if (const auto why = game_->refusal(session_.state(), seat, text)) return i18n::to_json(*why);
    }
    return nullptr;
  }
  void chance(std::string_view text) override {
    if (ended_) throw ActionError("the game is over");
    const auto a = game_->action_from_string(session_.state(), kChance, text);
    if (!a) throw ActionError(fmt::format("\"{}\" is not a possible chance outcome now ({})", text, phase()));
    noted(kChance, [&] { session_.chance(*a); });
  }
  std::string sample_chance() override {
    if (ended_) throw ActionError("the game is over");
    const State before = session_.state();
    Action drawn = 0;
    noted(kChance, [&] { drawn = session_.sample_chance(); });
    return game_->action_to_string(before, kChance, drawn);
  }
  // Never across a change of who plays a seat (a resignation, a stand-in), nor after the game ended.
  // An event's `at` counts the public actions before it (Match::public_actions), so one made since the
  // last barrier is at the barrier: no action since then is taken back.
  bool can_undo(Seat seat) const override {
    if (ended_) return false;
    for (const SeatEvent& e : record_.events)
      if (!e.controller.empty() && e.at >= session_.barrier_size()) return false;
    return session_.can_undo(seat);
  }
  void undo(Seat seat) override {
    if (!can_undo(seat)) throw ActionError(fmt::format("{} has nothing to take back", seat_name(seat)));
    noted(seat, [&] { session_.undo(seat); });
    for (SeatEvent& e : record_.events) e.at = std::min(e.at, session_.history().size());  // an agreement to concede made since
    // What follows the last barrier was played again: the snapshots kept there are not the game's now.
    while (!snapshots_.empty() && snapshots_.back().actions > session_.barrier_size()) snapshots_.pop_back();
  }

  BotMove bot_move(Seat seat) override {
    const auto bot = make_bot(seat);
    if (!(acting_seats() & seat_bit(seat))) throw ActionError(fmt::format("{} may not act now ({})", seat_name(seat), phase()));
    Rng rng = bot_stream(record_.seed.digest(), session_.history().size());
    const State& s = session_.state();
    const Action a = bot->choose(*game_, game_->observe(s, seat), seat, rng);
    // Every choice at a simultaneous decision is secret, the last one too: the reveal it makes is
    // logged as the reveal, alike for every seat.
    BotMove move{game_->action_to_string(s, seat, a), node_kind() == NodeKind::Simultaneous, {}};
    move.display = action_text(seat, move.text);
    noted(seat, [&] { session_.act(seat, a); });
    return move;
  }
  // The hint's seed comes from the game's seed and the seat's observation alone: the count of
  // actions would differ with the other seats' secret entries, and with it the search's answer.
  std::function<Advice()> hint_task(Seat seat, int count) override {
    if (!advisor_) return {};
    if (!(acting_seats() & seat_bit(seat))) throw ActionError(fmt::format("{} may not act now ({})", seat_name(seat), phase()));
    State seen = game_->observe(session_.state(), seat);
    const std::uint64_t seed = bot_stream(record_.seed.digest(), static_cast<std::size_t>(game_->hash(seen))).next();
    std::vector<std::string> controllers;
    for (Seat p = 0; p < game_->seat_count(); ++p) controllers.push_back(controller(p));
    return [game = game_, advisor = advisor_, seen = std::move(seen), seat, count, seed, controllers = std::move(controllers)] {
      Advice out;
      Advised advised = advisor(*game, seen, seat, seed, controllers);
      for (const ActionValue& v : advised.ranked) {
        if (static_cast<int>(out.hints.size()) == count) break;
        out.hints.push_back({game->action_to_string(seen, seat, v.action), v.value, v.visits});
      }
      out.plan = std::move(advised.plan);
      return out;
    };
  }
  PlanText plan_text(Seat seat, const nlohmann::json& plan) const override {
    if constexpr (requires(const State& st) { game_->plan_text(st, seat, plan, language_); }) {
      if (!plan.is_null()) return game_->plan_text(game_->observe(session_.state(), seat), seat, plan, language_);
    }
    return {};
  }
  // The title's questions by name (none until set).
  void set_questions(std::map<std::string, Question, std::less<>> questions) { questions_ = std::move(questions); }
  std::function<nlohmann::json()> question_task(std::string_view name, std::optional<Seat> seat,
                                                const Parameters& parameters) const override {
    const auto it = questions_.find(name);
    if (it == questions_.end()) return {};
    const Seat who = seat ? *seat : kSpectator;
    std::vector<std::string> controllers;
    for (Seat p = 0; p < game_->seat_count(); ++p) controllers.push_back(controller(p));
    return it->second(game_, game_->observe(session_.state(), who), who, parameters, controllers);
  }
  using Match::run_bots;
  int run_bots(bool quick_only, const std::function<bool()>& stop) override {
    int applied = 0;
    while (node_kind() != NodeKind::Terminal && !(stop && stop())) {
      if (node_kind() == NodeKind::Chance) {
        noted(kChance, [&] { session_.sample_chance(); });
      } else {
        const Seat bot = first_bot(acting_seats());
        if (bot < 0 || (quick_only && make_bot(bot)->searches())) break;
        bot_move(bot);
      }
      ++applied;
    }
    return applied;
  }
  std::optional<BotTask> bot_task() override {
    if (node_kind() != NodeKind::Decision && node_kind() != NodeKind::Simultaneous) return std::nullopt;
    const Seat seat = first_bot(acting_seats());
    if (seat < 0) return std::nullopt;
    std::shared_ptr<Bot<G>> bot = make_bot(seat);  // one search at a time uses it (Match::bot_task)
    if (!bot->searches()) return std::nullopt;
    const std::size_t version = session_.history().size();
    return BotTask{seat, version,
                   [game = game_, bot, seen = game_->observe(session_.state(), seat), seat,
                    rng = bot_stream(record_.seed.digest(), version)]() mutable { return bot->choose(*game, seen, seat, rng); }};
  }
  void apply_bot(const BotTask& task, Action action) override {
    if (ended_) throw ActionError("the game is over");
    if (task.version != session_.history().size())
      throw ActionError(fmt::format("the game has moved on since {}'s bot began to think", seat_name(task.seat)));
    noted(task.seat, [&] { session_.act(task.seat, action); });  // throws if it may not act or the action is not legal
  }

  Changes take_changes() override { return std::exchange(changes_, {}); }
  std::size_t public_actions() const override {
    return node_kind() == NodeKind::Simultaneous ? session_.barrier_size() : session_.history().size();
  }

  std::function<std::unique_ptr<Match>()> at_task(std::size_t actions) const override {
    if (actions > session_.history().size())
      throw ActionError(fmt::format("the game has {} actions, not {}", session_.history().size(), actions));
    const auto after =
        std::upper_bound(snapshots_.begin(), snapshots_.end(), actions, [](std::size_t n, const Snapshot& k) { return n < k.actions; });
    const Snapshot& from = *std::prev(after);  // the first is the game's start
    const auto& history = session_.history();
    LogBuffer log = session_.log();
    log.truncate(from.log);
    SaveFile record = record_;
    record.actions.clear();
    // The events after it come in as the replay's match plays on (noted), as they came in the game.
    std::vector<SeatEvent> later;
    for (const SeatEvent& e : record.events)
      if (e.at > actions) later.push_back(e);
    std::erase_if(record.events, [&](const SeatEvent& e) { return e.at > actions; });
    return [game = game_, initial = initial_, record = std::move(record), data_hash = data_hash_, bots = bots_, advisor = advisor_,
            from = from, before = std::vector<Record>(history.begin(), history.begin() + static_cast<std::ptrdiff_t>(from.actions)),
            log = std::move(log), later = std::move(later),
            rest = std::vector<Record>(history.begin() + static_cast<std::ptrdiff_t>(from.actions),
                                       history.begin() + static_cast<std::ptrdiff_t>(actions))]() mutable {
      Session<G> session(*game, from.state, from.rng, std::move(before), std::move(log));
      for (const Record& r : rest) session.replay(r);
      auto match = std::unique_ptr<SessionMatch>(new SessionMatch(game, initial, record, data_hash, bots, advisor, std::move(session)));
      match->later_events_ = std::move(later);
      return std::unique_ptr<Match>(std::move(match));
    };
  }
  // Where the kept snapshots stand (numbers of actions), for tests.
  std::vector<std::size_t> snapshot_points() const {
    std::vector<std::size_t> out;
    for (const Snapshot& k : snapshots_) out.push_back(k.actions);
    return out;
  }

  nlohmann::json view(std::optional<Seat> seat, int log_tail) const override {
    return seat_view(*game_, session_, record_, seat, log_tail, &log_texts_);
  }
  std::string board_text(std::optional<Seat> seat) const override {
    const State seen = game_->observe(session_.state(), seat ? *seat : kSpectator);
    if constexpr (LocalizedGame<G>)
      return game_->board_text(seen, seat, language_);
    else
      return game_->board_text(seen, seat);
  }
  std::string compact_board_text(std::optional<Seat> seat) const override {
    if constexpr (requires(const State& st) { game_->compact_board_text(st, seat, language_); }) {
      return game_->compact_board_text(game_->observe(session_.state(), seat ? *seat : kSpectator), seat, language_);
    }
    return board_text(seat);
  }
  std::optional<std::string> log_continuation(std::size_t i) const override {
    if constexpr (requires { game_->log_continuation(session_.log().entries(), i); }) {
      if (const auto m = game_->log_continuation(session_.log().entries(), i)) return game_->catalogues().render(language_, *m);
    }
    return std::nullopt;
  }
  std::size_t log_size() const override { return session_.log().size(); }
  std::string log_line(std::size_t i) const override {
    if constexpr (LocalizedGame<G>)
      return game_->catalogues().render(language_, game_->log_message(session_.log().entries()[i]));
    else
      return game_->describe(session_.log().entries()[i]);
  }
  Seat log_seat(std::size_t i) const override { return session_.log().entries()[i].seat; }
  nlohmann::json log_range(std::size_t from, std::size_t to) const override {
    const auto& entries = session_.log().entries();
    to = std::min(to, entries.size());
    nlohmann::json j = nlohmann::json::object();
    const auto message = [&](std::size_t i) -> nlohmann::json {
      if constexpr (LocalizedGame<G>) return i18n::to_json(game_->log_message(entries[i]));
      return nullptr;
    };
    put_log(
        *game_, entries, std::min(from, to), to, [&](std::size_t i) { return game_->describe(entries[i]); }, message, j);
    return j;
  }

  std::size_t memory() const override {
    constexpr std::size_t kText = 48;                // a saved action's strings, about
    constexpr std::size_t kWordedTail = 200 * 1024;  // the log's tail in words and messages
    const std::size_t actions = session_.history().size(), saved = record_.actions.size();
    return sizeof(*this) + 4 * sizeof(State) + kWordedTail + actions * (2 * sizeof(Record) + sizeof(SavedAction) + kText) +
           saved * (sizeof(SavedAction) + kText) + session_.log().size() * 2 * sizeof(LogEntry) + snapshots_.size() * sizeof(Snapshot);
  }

  const SaveFile& record() const override { return record_; }
  const std::vector<SavedAction>& actions() override { return texts_.update(session_.history()); }
  SaveFile snapshot() override {
    SaveFile f = record_;
    f.engine_version = CHURCHILL_ENGINE_VERSION;
    f.data_hash = data_hash_;
    f.actions = actions();
    f.state_hash = state_hash();
    return f;
  }

 protected:
  void add_event(SeatEvent event, SeatMask secret_to) override {
    ended_ = ended_ || event.event == "conceded";
    record_.events.push_back(std::move(event));
    if (secret_to) {
      changes_.secret |= secret_to;
    } else {
      ++changes_.open;
      changes_.barrier = true;
    }
  }
  bool has_controller(const std::string& controller) const override {
    return controller == "human" || (controller.starts_with("bot:") && bots_(std::string_view(controller).substr(4)) != nullptr);
  }

 private:
  // The record's events fit the game: after at most its actions, naming its seats and controllers.
  void check_events() {
    for (const SeatEvent& e : record_.events) {
      if (e.at > session_.history().size())
        throw SaveError(
            fmt::format("the event {} of {} is after {} actions, of {} played", e.event, e.seat, e.at, session_.history().size()));
      if (!game_->seat_from_name(e.seat)) throw SaveError(fmt::format("the event {} names no seat of the game ({})", e.event, e.seat));
      if (!e.controller.empty() && !has_controller(e.controller))
        throw SaveError(fmt::format("the event {} gives {} to \"{}\", which this game does not have", e.event, e.seat, e.controller));
    }
    ended_ = ended_by_events(record_);
  }

  // Applies an action, a chance outcome or an undo of `seat` (kChance for chance) and notes what it
  // changed and for whom (take_changes), and keeps a snapshot where one is due.
  template <class Change>
  void noted(Seat seat, Change&& change) {
    const NodeKind kind = node_kind();
    const SeatMask acting = acting_seats();
    const std::size_t log = session_.log().size(), actions = session_.history().size();
    change();
    const bool barrier = session_.history().size() > actions && session_.barrier_size() == session_.history().size();
    const bool secret = seat >= 0 && !barrier && kind == NodeKind::Simultaneous && node_kind() == NodeKind::Simultaneous &&
                        acting_seats() == acting && session_.log().size() == log;
    changes_.barrier = changes_.barrier || barrier;
    if (seat >= 0) changes_.acted |= seat_bit(seat);
    if (secret)
      changes_.secret |= seat_bit(seat);
    else
      ++changes_.open;
    keep_snapshot(session_);
    while (!later_events_.empty() && later_events_.front().at <= session_.history().size()) {  // a replay's match (at_task)
      record_.events.push_back(std::move(later_events_.front()));
      later_events_.erase(later_events_.begin());
      ended_ = ended_by_events(record_);
    }
  }

  // A replay's match (at_task): its session resumed from a snapshot.
  SessionMatch(std::shared_ptr<const G> game, const State& initial, SaveFile record, std::string data_hash, BotFactory bots,
               Advisor advisor, Session<G> session)
      : game_(std::move(game)),
        initial_(initial),
        record_(std::move(record)),
        data_hash_(std::move(data_hash)),
        bots_(std::move(bots)),
        advisor_(std::move(advisor)),
        snapshots_(1, Snapshot{session.history().size(), session.log().size(), session.state(), session.rng()}),
        session_(std::move(session)),
        texts_(*game_, initial_) {
    ended_ = ended_by_events(record_);
  }

  // A snapshot of the session every `every_` actions (at most kSnapshots: beyond, every other one
  // goes and the spacing doubles), so that the game after any number of actions is made from the
  // nearest one before it (at_task), never by replaying from the first action.
  struct Snapshot {
    std::size_t actions = 0, log = 0;
    State state;
    Rng rng;
  };
  static constexpr std::size_t kSnapshots = 64;
  void keep_snapshot(const Session<G>& s) {
    const std::size_t n = s.history().size();
    if (n % every_ != 0 || snapshots_.back().actions >= n) return;
    snapshots_.push_back({n, s.log().size(), s.state(), s.rng()});
    if (snapshots_.size() <= kSnapshots) return;
    every_ *= 2;
    std::erase_if(snapshots_, [&](const Snapshot& k) { return k.actions % every_ != 0; });
  }

  // The bot of a seat a bot plays, as its controller (or its stand-in) names it; throws ActionError
  // for a human's seat. Every bot is one object for its seat while the seat's player stays the same,
  // so that it may remember its plans between decisions (e.g. War Room's sheet chosen at its first
  // entry) and plays alike here, in self-play and in the server; a new player gets a new bot.
  std::shared_ptr<Bot<G>> make_bot(Seat seat) const {
    const std::string who = player(seat);
    const auto kept = bots_by_seat_.find(seat);
    if (kept != bots_by_seat_.end() && kept->second.first == who) return kept->second.second;
    std::shared_ptr<Bot<G>> bot = who.starts_with("bot:") ? bots_(std::string_view(who).substr(4)) : nullptr;
    if (!bot) throw ActionError(fmt::format("{} is not played by a bot", seat_name(seat)));
    bots_by_seat_[seat] = {who, bot};
    return bot;
  }
  Seat first_bot(SeatMask seats) const {
    for (Seat p = 0; p < seat_count(); ++p)
      if ((seats & seat_bit(p)) && bot_plays(p)) return p;
    return -1;
  }

  std::shared_ptr<const G> game_;  // shared with the tasks that search on other threads
  State initial_;
  SaveFile record_;
  std::string data_hash_;
  BotFactory bots_;
  mutable std::map<Seat, std::pair<std::string, std::shared_ptr<Bot<G>>>> bots_by_seat_;  // by seat: its controller and bot
  Advisor advisor_;
  std::map<std::string, Question, std::less<>> questions_;
  std::vector<Snapshot> snapshots_;  // before session_: made while it is loaded
  std::size_t every_ = 32;
  Changes changes_;
  bool ended_ = false;                   // by a concession (Match::concede)
  std::vector<SeatEvent> later_events_;  // a replay's match (at_task): the game's events still to come, as its actions are played
  Session<G> session_;
  ActionTexts<G> texts_;
  std::string language_ = std::string(i18n::kFallbackLanguage);
  mutable LogTexts<G> log_texts_;  // the log worded once for every view (view() is called by one thread at a time)
};

}  // namespace core
