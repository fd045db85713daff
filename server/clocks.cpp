#include "server/clocks.h"

#include <fmt/format.h>

#include <algorithm>

#include "server/api_error.h"

namespace server {

std::vector<Pace> pace_presets() {
  constexpr std::int64_t m = 60, h = 3600;
  return {{"none", 0, 0, 0}, {"live", 15 * m, 2 * m, 30 * m}, {"fast", 12 * h, 4 * h, 48 * h}, {"slow", 72 * h, 12 * h, 120 * h}};
}

namespace {

std::int64_t seconds_field(const nlohmann::json& pace, const char* field, std::int64_t least, std::int64_t most) {
  const auto it = pace.find(field);
  if (it == pace.end() || !it->is_number_integer() || it->get<std::int64_t>() < least || it->get<std::int64_t>() > most)
    throw ApiError(400, ErrorCode{"bad_pace", {{"field", field}, {"least", std::to_string(least)}, {"most", std::to_string(most)}}},
                   fmt::format("a custom pace's \"{}\" is a whole number of seconds from {} to {}", field, least, most));
  return it->get<std::int64_t>();
}

}  // namespace

Pace parse_pace(const nlohmann::json& pace) {
  if (pace.is_null()) return {};
  if (pace.is_string()) {
    for (const Pace& p : pace_presets())
      if (p.name == pace.get<std::string>()) return p;
    throw ApiError(400, ErrorCode{"bad_pace", {{"pace", plain(pace.get<std::string>(), 20)}}},
                   fmt::format("no pace {}: \"none\", \"live\", \"fast\", \"slow\", or a custom one "
                               "{{\"initial\": s, \"per_move\": s, \"most\": s}}",
                               printable(pace.get<std::string>(), 20)));
  }
  if (!pace.is_object())
    throw ApiError(400, ErrorCode{"bad_pace"}, "\"pace\" is a preset's name or {\"initial\": s, \"per_move\": s, \"most\": s}");
  for (const auto& [key, _] : pace.items())
    if (key != "initial" && key != "per_move" && key != "most")
      throw ApiError(400, ErrorCode{"bad_pace"},
                     fmt::format("a custom pace has no field {}: {{\"initial\": s, \"per_move\": s, \"most\": s}}", printable(key)));
  Pace p{"custom", 0, 0, 0};
  p.initial = seconds_field(pace, "initial", PaceBounds::kMinInitial, PaceBounds::kMaxInitial);
  p.per_move = seconds_field(pace, "per_move", 0, PaceBounds::kMaxPerMove);
  p.most = seconds_field(pace, "most", p.initial, PaceBounds::kMaxMost);
  return p;
}

Clocks::Clocks(Pace pace, std::string stand_in, int seats)
    : pace_(std::move(pace)), stand_in_(std::move(stand_in)), seats_(static_cast<std::size_t>(seats)) {
  for (Seat& s : seats_) s.bank = pace_.initial;
}

Clocks::Clocks(const std::string& text, int seats) : seats_(static_cast<std::size_t>(std::max(seats, 0))) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return;
  try {
    if (seats < 0) seats_.resize(j.at("seats").size());
    const auto& p = j.at("pace");
    pace_ = {p.at("name").get<std::string>(), p.at("initial").get<std::int64_t>(), p.at("per_move").get<std::int64_t>(),
             p.at("most").get<std::int64_t>()};
    stand_in_ = j.at("stand_in").get<std::string>();
    started_ = j.at("started").get<bool>();
    paused_ = j.at("paused").get<bool>();
    over_ = j.at("over").get<bool>();
    humans_ = j.at("humans").get<core::SeatMask>();
    const auto& list = j.at("seats");
    for (std::size_t i = 0; i < seats_.size() && i < list.size(); ++i) {
      const auto& e = list[i];
      seats_[i] = {e.at("bank").get<std::int64_t>(),   e.at("since").get<std::int64_t>(),
                   e.at("acting").get<bool>(),         e.at("out").get<bool>(),
                   e.at("voted").get<bool>(),          e.at("away_until").get<std::int64_t>(),
                   e.at("stand_in").get<std::string>()};
    }
    for (const auto& e : j.at("events")) events_.push_back({e.at(0).get<std::int64_t>(), e.at(1).get<int>(), e.at(2).get<std::string>()});
    if (j.contains("notes"))
      for (const auto& n : j.at("notes"))
        notes_.push_back({n.at(0).get<std::size_t>(), n.at(1).get<std::size_t>(), n.at(2).get<std::string>(), n.at(3).get<std::string>(),
                          n.at(4).get<std::string>()});
  } catch (const nlohmann::json::exception&) {  // never expected: written by text()
    *this = Clocks(Pace{}, "", std::max(seats, 0));
  }
}

std::string Clocks::text() const {
  const bool stand_ins = std::any_of(seats_.begin(), seats_.end(), [](const Seat& s) { return !s.stand_in.empty(); });
  if (!pace_.timed() && !stand_ins && stand_in_.empty()) return "";
  nlohmann::json seats = nlohmann::json::array(), events = nlohmann::json::array();
  for (const Seat& s : seats_)
    seats.push_back({{"bank", s.bank},
                     {"since", s.since},
                     {"acting", s.acting},
                     {"out", s.out},
                     {"voted", s.voted},
                     {"away_until", s.away_until},
                     {"stand_in", s.stand_in}});
  for (const Event& e : events_) events.push_back({e.at, e.seat, e.event});
  nlohmann::json out = {{"pace", {{"name", pace_.name}, {"initial", pace_.initial}, {"per_move", pace_.per_move}, {"most", pace_.most}}},
                        {"stand_in", stand_in_},
                        {"started", started_},
                        {"paused", paused_},
                        {"over", over_},
                        {"humans", humans_},
                        {"seats", seats},
                        {"events", events}};
  if (!notes_.empty()) {
    nlohmann::json notes = nlohmann::json::array();
    for (const LogNote& n : notes_) notes.push_back({n.actions, n.log, n.seat, n.event, n.bot});
    out["notes"] = std::move(notes);
  }
  return out.dump();
}

std::vector<std::string> Clocks::stand_ins() const {
  std::vector<std::string> out;
  for (const Seat& s : seats_) out.push_back(s.stand_in);
  return out;
}

void Clocks::set_stand_in(int seat, std::string bot) { seats_.at(static_cast<std::size_t>(seat)).stand_in = std::move(bot); }

bool Clocks::runs(const Seat& s, std::size_t i, std::int64_t now) const {
  return pace_.timed() && started_ && !paused_ && !over_ && (humans_ & core::seat_bit(static_cast<core::Seat>(i))) && s.acting && !s.out &&
         s.stand_in.empty() && s.away_until <= now;
}

void Clocks::settle(std::int64_t now) {
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    Seat& s = seats_[i];
    if (s.away_until && s.away_until <= now) s.away_until = 0;  // back from vacation
    const bool run = runs(s, i, now);
    if (s.since && !run)
      s.bank = std::max<std::int64_t>(0, s.bank - (now - s.since)), s.since = 0;
    else if (!s.since && run)
      s.since = now;
  }
}

bool Clocks::update(core::SeatMask acting, core::SeatMask humans, core::SeatMask claimed, bool over, std::int64_t now) {
  if (!pace_.timed()) return false;
  const std::string before = text();
  humans_ = humans;
  started_ = started_ || (humans & ~claimed) == 0;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    Seat& s = seats_[i];
    const bool decides = acting & core::seat_bit(static_cast<core::Seat>(i));
    if (s.acting && !decides && started_ && !s.out) {  // its turn passed (rule: RTT's time per move)
      if (s.since) s.bank = std::max<std::int64_t>(0, s.bank - (now - s.since)), s.since = 0;
      s.bank = std::min(pace_.most, s.bank + pace_.per_move);
    }
    s.acting = decides;
  }
  over_ = over;
  settle(now);
  return text() != before;
}

std::vector<int> Clocks::due(std::int64_t now) const {
  std::vector<int> out;
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].since && seats_[i].since + seats_[i].bank <= now) out.push_back(static_cast<int>(i));
  return out;
}

std::optional<std::int64_t> Clocks::next_deadline() const {
  std::optional<std::int64_t> next;
  const auto sooner = [&](std::int64_t t) { next = next ? std::min(*next, t) : t; };
  for (const Seat& s : seats_) {
    if (s.since) sooner(s.since + s.bank);
    // A seat back from vacation whose turn it is: its clock starts again then.
    if (!s.since && s.acting && s.away_until) sooner(s.away_until);
  }
  return next;
}

void Clocks::run_out(int seat, std::int64_t now) {
  Seat& s = seats_.at(static_cast<std::size_t>(seat));
  s.bank = 0, s.since = 0, s.out = true;
  s.stand_in = stand_in_;
  note(now, seat, "out");
  settle(now);
}

void Clocks::come_back(int seat, std::int64_t now) {
  Seat& s = seats_.at(static_cast<std::size_t>(seat));
  s.out = false;
  s.stand_in.clear();
  s.bank = std::max(s.bank, pace_.per_move > 0 ? pace_.per_move : pace_.initial);
  note(now, seat, "back");
  settle(now);
}

bool Clocks::vote_pause(int seat, bool pause, core::SeatMask voters, std::int64_t now) {
  seats_.at(static_cast<std::size_t>(seat)).voted = pause;
  bool all = true;
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if ((voters & core::seat_bit(static_cast<core::Seat>(i))) && !seats_[i].voted) all = false;
  const bool was = paused_;
  paused_ = pause ? all : false;
  if (!paused_)
    for (Seat& s : seats_) s.voted = s.voted && pause;  // a resumed game asks everyone again
  if (paused_ != was) note(now, -1, paused_ ? "paused" : "resumed");
  settle(now);
  return paused_ != was;
}

void Clocks::set_away(int seat, std::int64_t until, std::int64_t now) {
  Seat& s = seats_.at(static_cast<std::size_t>(seat));
  if (s.away_until == until) return;
  s.away_until = until;
  if (until > now) note(now, seat, "away");
  settle(now);
}

void Clocks::note(std::int64_t at, int seat, std::string event) {
  events_.push_back({at, seat, std::move(event)});
  if (events_.size() > kEvents) events_.erase(events_.begin());
}

void Clocks::log_note(const core::Match& m, int seat, std::string event, std::string bot) {
  if (notes_.size() >= kLogNotes) return;
  notes_.push_back(
      {m.public_actions(), m.log_size(), seat >= 0 ? m.seat_name(static_cast<core::Seat>(seat)) : "", std::move(event), std::move(bot)});
}

void Clocks::taken_back(std::size_t actions, std::size_t log) {
  for (LogNote& n : notes_) n.actions = std::min(n.actions, actions), n.log = std::min(n.log, log);
}

namespace {

// A note as the catalogue words it: ui.web.clock_event.<event> with the seat and the stand-in bot
// (its own name where the catalogue has one, Churchill's "rulebook 'Bot"; else "{{kind}} bot", its
// kind by name where the catalogue has it), as the web client's botName names it.
nlohmann::json note_message(const Clocks::LogNote& n, const core::i18n::Catalogues& words) {
  nlohmann::json args = nlohmann::json::object();
  if (!n.seat.empty()) args["seat"] = n.seat;
  if (!n.bot.empty()) {
    const std::string kind = n.bot.starts_with("bot:") ? n.bot.substr(4) : n.bot;
    std::string id = kind;
    std::replace(id.begin(), id.end(), ':', '_');  // ai:easy -> ai_easy
    const std::string key = "ui.web.bot_kinds." + id, name = "ui.web.bot_names." + id;
    if (words.contains("en", name))
      args["bot"] = {{"key", name}};
    else
      args["bot"] = {{"key", "ui.web.bot_kind"},
                     {"args", {{"kind", words.contains("en", key) ? nlohmann::json{{"key", key}} : nlohmann::json(kind)}}}};
  }
  nlohmann::json m = {{"key", "ui.web.clock_event." + n.event}};
  if (!args.empty()) m["args"] = std::move(args);
  return m;
}

nlohmann::json note_event(const Clocks::LogNote& n) {
  nlohmann::json e = {
      {"rule", ""}, {"event", "clock_" + n.event}, {"seat", n.seat.empty() ? nlohmann::json(nullptr) : nlohmann::json(n.seat)}};
  if (!n.bot.empty()) e["bot"] = n.bot;
  return e;
}

// The notes of the first `actions` public actions, in the log's order.
std::vector<const Clocks::LogNote*> shown_notes(const std::vector<Clocks::LogNote>& notes, std::size_t actions) {
  std::vector<const Clocks::LogNote*> shown;
  for (const Clocks::LogNote& n : notes)
    if (n.actions <= actions) shown.push_back(&n);
  return shown;
}

// One line of the log as a view numbers it: a clock's note (its index among those shown) or the
// game's entry `index`.
struct LogItem {
  bool note = false;
  std::size_t index = 0;
};

// Where the lines [from, to) of the log as a view numbers it come from: each note stands before the
// entry its `log` names, those past the game's `size` entries after the last.
std::vector<LogItem> log_items(const std::vector<const Clocks::LogNote*>& shown, std::size_t size, std::size_t from, std::size_t to) {
  std::vector<LogItem> out;
  for (std::size_t i = 0, entry = 0, k = 0; i < to && (entry < size || k < shown.size()); ++i) {
    const bool note = k < shown.size() && std::min(shown[k]->log, size) <= entry;
    if (i >= from) out.push_back({note, note ? k : entry});
    ++(note ? k : entry);
  }
  return out;
}

// The log's fields of `items` in `out`, the game's entries read from `entries` (a view's "log",
// "log_messages" and "log_events" of the entries from `first` on).
void put_items(nlohmann::json& out, const std::vector<LogItem>& items, const nlohmann::json& entries, std::size_t first,
               const std::vector<const Clocks::LogNote*>& shown, const core::i18n::Catalogues& words) {
  const nlohmann::json none = nlohmann::json::array();
  const nlohmann::json& lines = entries.contains("log") ? entries["log"] : none;
  const bool has_messages = entries.contains("log_messages"), has_events = entries.contains("log_events");
  const nlohmann::json& messages = has_messages ? entries["log_messages"] : none;
  const nlohmann::json& events = has_events ? entries["log_events"] : none;
  const auto at = [&](const nlohmann::json& list, std::size_t i, const nlohmann::json& missing) {
    return i >= first && i - first < list.size() ? list[i - first] : missing;
  };
  nlohmann::json log = nlohmann::json::array(), log_messages = nlohmann::json::array(), log_events = nlohmann::json::array();
  for (const LogItem& item : items) {
    if (item.note) {
      const nlohmann::json m = note_message(*shown[item.index], words);
      log.push_back(words.render(core::i18n::kFallbackLanguage, core::i18n::message_from_json(m)));
      log_messages.push_back(m);
      log_events.push_back(note_event(*shown[item.index]));
      continue;
    }
    log.push_back(at(lines, item.index, ""));
    log_messages.push_back(at(messages, item.index, nullptr));
    log_events.push_back(at(events, item.index, nullptr));
  }
  out["log"] = std::move(log);
  if (has_messages) out["log_messages"] = std::move(log_messages);
  if (has_events) out["log_events"] = std::move(log_events);
}

}  // namespace

void add_log_notes(nlohmann::json& view, const std::vector<Clocks::LogNote>& notes, std::size_t actions,
                   const core::i18n::Catalogues& words) {
  const auto shown = shown_notes(notes, actions);
  if (shown.empty() || !view.contains("log") || !view["log"].is_array()) return;
  const std::size_t size = view.value("log_size", view["log"].size()), first = size - std::min(size, view["log"].size());
  std::size_t from = first;  // the view's first line counts the notes before it
  for (const Clocks::LogNote* n : shown) from += std::min(n->log, size) < first;
  nlohmann::json entries = nlohmann::json::object();
  for (const char* field : {"log", "log_messages", "log_events"})
    if (view.contains(field)) entries[field] = std::move(view[field]);
  put_items(view, log_items(shown, size, from, size + shown.size()), entries, first, shown, words);
  view["log_size"] = size + shown.size();
}

nlohmann::json log_range(const core::Match& m, const std::vector<Clocks::LogNote>& notes, std::size_t from, std::size_t to,
                         const core::i18n::Catalogues& words) {
  const auto shown = shown_notes(notes, m.version());
  const std::size_t size = m.log_size();
  const auto items = log_items(shown, size, from, to);
  std::size_t first = size, last = 0;
  for (const LogItem& item : items)
    if (!item.note) first = std::min(first, item.index), last = item.index + 1;
  nlohmann::json out = {{"from", from}, {"log_size", size + shown.size()}};
  put_items(out, items, m.log_range(first, std::max(first, last)), first, shown, words);
  return out;
}

nlohmann::json Clocks::view(const core::MatchSeats& m) const {
  nlohmann::json seats = nlohmann::json::object(), votes = nlohmann::json::array(), events = nlohmann::json::array();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const Seat& s = seats_[i];
    const std::string name = m.seat_name(static_cast<core::Seat>(i));
    seats[name] = {{"bank", s.bank},
                   {"running", s.since != 0},
                   {"deadline", s.since ? nlohmann::json(s.since + s.bank) : nlohmann::json(nullptr)},
                   {"out", s.out},
                   {"away_until", s.away_until},
                   {"stand_in", s.stand_in.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.stand_in)}};
    if (s.voted) votes.push_back(name);
  }
  for (const Event& e : events_)
    events.push_back({{"at", e.at},
                      {"seat", e.seat >= 0 ? nlohmann::json(m.seat_name(static_cast<core::Seat>(e.seat))) : nlohmann::json(nullptr)},
                      {"event", e.event}});
  return {{"pace", pace_.name},  {"initial", pace_.initial}, {"per_move", pace_.per_move}, {"most", pace_.most}, {"stand_in", stand_in_},
          {"started", started_}, {"paused", paused_},        {"pause_votes", votes},       {"seats", seats},     {"events", events}};
}

}  // namespace server
