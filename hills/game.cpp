#include "hills/game.h"

#include <fmt/format.h>

#include <bit>
#include <cassert>

#include "core/wire_schema.h"

namespace hills {

namespace {

constexpr const char* kSeatNames[kMaxPlayers] = {"red", "green", "blue"};
constexpr char kHillNames[kHills] = {'A', 'B', 'C'};
constexpr int kWorth[kHills] = {1, 2, 3};

enum Event : std::uint16_t { kSheet, kHillTaken, kHillEmpty, kTieBroken, kGameOver };
// The events' names on the wire (log_json), by Event.
constexpr const char* kEventNames[] = {"sheet_shown", "hill_taken", "hill_empty", "tie_broken", "game_over"};

std::size_t at(int i) { return static_cast<std::size_t>(i); }

int sent(const State& s, core::Seat seat) {
  int total = 0;
  for (int h = 0; h < kHills; ++h) total += s.sheet[at(seat)][at(h)];
  return total;
}

}  // namespace

core::NodeKind Game::node_kind(const State& s) const {
  if (s.round > kRounds) return core::NodeKind::Terminal;
  if (s.resolving >= 0) return core::NodeKind::Chance;  // only a tie stops the resolution (R4)
  return core::NodeKind::Simultaneous;
}

core::SeatMask Game::acting_seats(const State& s) const {
  core::SeatMask mask = 0;
  for (int p = 0; p < players_; ++p)
    if (!s.done[at(p)]) mask |= core::seat_bit(static_cast<core::Seat>(p));
  return mask;
}

void Game::legal_actions(const State& s, core::Seat seat, core::ActionList& out) const {
  assert(node_kind(s) == core::NodeKind::Simultaneous && !s.done[at(seat)]);
  out.push_back(kDone);
  for (int h = 0; h < kHills; ++h) {
    const int free = kTroops - sent(s, seat) + s.sheet[at(seat)][at(h)];  // R2: a new order replaces the old
    for (int n = 1; n <= free; ++n)
      if (n != s.sheet[at(seat)][at(h)]) out.push_back(send(h, n));
    if (s.sheet[at(seat)][at(h)]) out.push_back(erase(h));
  }
}

core::SeatMask Game::leaders(const State& s) const {
  int most = 0;
  core::SeatMask mask = 0;
  for (int p = 0; p < players_; ++p) {
    const int n = s.sheet[at(p)][at(s.resolving)];
    if (n > most) most = n, mask = 0;
    if (n == most && n > 0) mask |= core::seat_bit(static_cast<core::Seat>(p));
  }
  return mask;
}

void Game::chance_outcomes(const State& s, core::OutcomeList& out) const {
  const core::SeatMask tied = leaders(s);
  for (int p = 0; p < players_; ++p)
    if (tied & core::seat_bit(static_cast<core::Seat>(p))) out.push_back({static_cast<core::Action>(p), 1.0 / std::popcount(tied)});
}

// R4: resolves hills from `s.resolving` on until a tie needs the die, then the next round or the end.
void Game::resolve(State& s, core::LogSink* log) const {
  for (; s.resolving < kHills; ++s.resolving) {
    const core::SeatMask top = leaders(s);
    if (std::popcount(top) > 1) return;  // a chance node: the die among the tied
    if (top == 0) {
      if (log) log->add({"R4", core::kChance, kHillEmpty, {s.resolving, 0, 0, 0}});
      continue;
    }
    const auto p = static_cast<core::Seat>(std::countr_zero(top));
    s.points[at(p)] = static_cast<std::int8_t>(s.points[at(p)] + kWorth[s.resolving]);
    if (log) log->add({"R4", p, kHillTaken, {s.resolving, s.sheet[at(p)][at(s.resolving)], kWorth[s.resolving], 0}});
  }
  s.resolving = -1;
  s.revealed = false;
  s.sheet = {};
  s.done = {};
  if (++s.round > kRounds && log) log->add({"R5", core::kChance, kGameOver, {static_cast<std::int32_t>(winners(s)), 0, 0, 0}});
}

core::Applied Game::apply(State& s, core::Seat seat, core::Action a, core::LogSink* log) const {
  if (seat == core::kChance) {  // R4: the die gives the tied hill to seat `a`
    assert(s.resolving >= 0 && (leaders(s) & core::seat_bit(static_cast<core::Seat>(a))));
    const auto p = static_cast<core::Seat>(a);
    s.points[at(p)] = static_cast<std::int8_t>(s.points[at(p)] + kWorth[s.resolving]);
    if (log) log->add({"R4", p, kTieBroken, {s.resolving, s.sheet[at(p)][at(s.resolving)], kWorth[s.resolving], 0}});
    ++s.resolving;
    resolve(s, log);
    return {};
  }
  assert(seat >= 0 && seat < players_ && !s.done[at(seat)]);
  if (a == kDone) {
    s.done[at(seat)] = true;
    if (acting_seats(s) != 0) return {};
    s.revealed = true;  // R3: the last sheet done reveals them all
    for (int p = 0; p < players_; ++p)
      if (log) log->add({"R3", static_cast<core::Seat>(p), kSheet, {s.sheet[at(p)][0], s.sheet[at(p)][1], s.sheet[at(p)][2], 0}});
    s.resolving = 0;
    resolve(s, log);
    return {.revealed = true};
  }
  if (a >= erase(0))
    s.sheet[at(seat)][a - erase(0)] = 0;
  else
    s.sheet[at(seat)][(a - 1) / 8] = static_cast<std::int8_t>((a - 1) % 8);
  return {};
}

std::string Game::action_to_string(const State&, core::Seat seat, core::Action a) const {
  if (seat == core::kChance) return fmt::format("tie {}", seat_name(static_cast<core::Seat>(a)));
  if (a == kDone) return "done";
  if (a >= erase(0) && a < erase(kHills)) return fmt::format("erase {}", kHillNames[a - erase(0)]);
  if (a >= send(0, 1) && a <= send(kHills - 1, kTroops) && (a - 1) % 8 >= 1 && (a - 1) % 8 <= kTroops)
    return fmt::format("send {} {}", (a - 1) % 8, kHillNames[(a - 1) / 8]);
  return fmt::format("action {}", a);
}

nlohmann::json Game::action_json(const State&, core::Seat seat, core::Action a) const {
  if (seat == core::kChance) return {{"kind", "tie"}, {"seat", seat_name(static_cast<core::Seat>(a))}};
  if (a >= erase(0) && a < erase(kHills)) return {{"kind", "erase"}, {"hill", std::string(1, kHillNames[a - erase(0)])}};
  if (a >= send(0, 1) && a <= send(kHills - 1, kTroops) && (a - 1) % 8 >= 1 && (a - 1) % 8 <= kTroops)
    return {{"kind", "send"}, {"troops", (a - 1) % 8}, {"hill", std::string(1, kHillNames[(a - 1) / 8])}};
  return {{"kind", a == kDone ? "done" : "action"}};
}

std::optional<core::Action> Game::action_from_string(const State& s, core::Seat seat, std::string_view text) const {
  if (seat == core::kChance) {
    core::OutcomeList outcomes;
    if (node_kind(s) == core::NodeKind::Chance) chance_outcomes(s, outcomes);
    for (const auto& o : outcomes)
      if (action_to_string(s, seat, o.action) == text) return o.action;
    return std::nullopt;
  }
  if (seat < 0 || seat >= players_ || node_kind(s) != core::NodeKind::Simultaneous || s.done[at(seat)]) return std::nullopt;
  core::ActionList legal;
  legal_actions(s, seat, legal);
  for (core::Action a : legal)
    if (action_to_string(s, seat, a) == text) return a;
  return std::nullopt;
}

std::uint64_t Game::hash(const State& s) const {
  core::Hasher h;
  h.add(static_cast<std::uint64_t>(s.round));
  h.add(static_cast<std::uint64_t>(s.resolving + 1));
  h.add(s.revealed);
  for (const auto& row : s.sheet) h.add_range(row.begin(), row.end());
  h.add_range(s.done.begin(), s.done.end());
  h.add_range(s.points.begin(), s.points.end());
  return h.digest();
}

std::string Game::seat_name(core::Seat seat) const {
  return seat >= 0 && seat < players_ ? kSeatNames[seat] : seat == core::kChance ? "chance" : "?";
}

std::optional<core::Seat> Game::seat_from_name(std::string_view name) const {
  for (int p = 0; p < players_; ++p)
    if (name == kSeatNames[p]) return static_cast<core::Seat>(p);
  return std::nullopt;
}

State Game::observe(const State& s, core::Seat seat) const {
  State v = s;
  if (!s.revealed)  // R2: sheets are secret until all are done
    for (int p = 0; p < players_; ++p)
      if (p != seat) v.sheet[at(p)] = {};
  return v;
}

State Game::resample_hidden(const State& observation, core::Seat seat, core::Rng& rng) const {
  State s = observation;
  if (s.revealed) return s;
  for (int p = 0; p < players_; ++p) {
    if (p == seat) continue;
    int left = static_cast<int>(rng.below(kTroops + 1));  // any sheet of at most 5 troops
    for (int h = 0; h < kHills && left > 0; ++h) {
      const int n = h == kHills - 1 ? left : static_cast<int>(rng.below(static_cast<std::uint32_t>(left + 1)));
      s.sheet[at(p)][at(h)] = static_cast<std::int8_t>(n);
      left -= n;
    }
  }
  return s;
}

core::SeatMask Game::winners(const State& s) const {
  int best = -1;
  core::SeatMask mask = 0;
  for (int p = 0; p < players_; ++p) {
    if (s.points[at(p)] > best) best = s.points[at(p)], mask = 0;
    if (s.points[at(p)] == best) mask |= core::seat_bit(static_cast<core::Seat>(p));
  }
  return mask;
}

std::string Game::phase_text(const State& s) const {
  if (s.round > kRounds) return "R5 Game over";
  if (s.resolving >= 0) return fmt::format("R4 Round {}: a die settles the tie on hill {}", s.round, kHillNames[s.resolving]);
  return fmt::format("R2 Round {}: everyone writes orders in secret", s.round);
}

std::string Game::describe(const core::LogEntry& e) const {
  const std::string who = seat_name(e.seat);
  switch (e.event) {
    case kSheet: return fmt::format("{}: {} sends A {}, B {}, C {}", e.rule, who, e.args[0], e.args[1], e.args[2]);
    case kHillTaken:
      return fmt::format("{}: {} takes hill {} with {} troops (+{})", e.rule, who, kHillNames[e.args[0]], e.args[1], e.args[2]);
    case kTieBroken: return fmt::format("{}: the die gives hill {} to {} (+{})", e.rule, kHillNames[e.args[0]], who, e.args[2]);
    case kHillEmpty: return fmt::format("{}: nobody sent troops to hill {}", e.rule, kHillNames[e.args[0]]);
    case kGameOver: {
      std::string names;
      for (int p = 0; p < players_; ++p)
        if (e.args[0] & (1 << p)) names += (names.empty() ? "" : " and ") + seat_name(static_cast<core::Seat>(p));
      return fmt::format("{}: the game is over; {} {}", e.rule, names,
                         std::popcount(static_cast<unsigned>(e.args[0])) > 1 ? "share the win" : "wins");
    }
    default: return fmt::format("{}: event {}", e.rule, e.event);
  }
}

nlohmann::json Game::log_json(const core::LogEntry& e) const {
  const auto hill = [&](int h) { return h >= 0 && h < kHills ? nlohmann::json(std::string(1, kHillNames[h])) : nlohmann::json(nullptr); };
  const auto seat = [&](core::Seat p) { return p < players_ ? nlohmann::json(seat_name(p)) : nlohmann::json(nullptr); };
  nlohmann::json out = {{"rule", e.rule}};
  switch (e.event) {
    case kSheet:
      out.update(
          {{"event", kEventNames[kSheet]}, {"seat", seat(e.seat)}, {"orders", {{"A", e.args[0]}, {"B", e.args[1]}, {"C", e.args[2]}}}});
      break;
    case kHillTaken:
    case kTieBroken:
      out.update({{"event", kEventNames[e.event]},
                  {"seat", seat(e.seat)},
                  {"hill", hill(e.args[0])},
                  {"troops", e.args[1]},
                  {"points", e.args[2]}});
      break;
    case kHillEmpty: out.update({{"event", kEventNames[kHillEmpty]}, {"hill", hill(e.args[0])}}); break;
    case kGameOver: {
      nlohmann::json names = nlohmann::json::array();
      for (int p = 0; p < players_; ++p)
        if (e.args[0] & (1 << p)) names.push_back(seat_name(static_cast<core::Seat>(p)));
      out.update({{"event", kEventNames[kGameOver]}, {"winners", names}});
      break;
    }
    default: out["event"] = nullptr;
  }
  return out;
}

nlohmann::json Game::view_json(const State& v, std::optional<core::Seat> seat) const {
  nlohmann::json hills = nlohmann::json::array(), sheets = nlohmann::json::object(), points = nlohmann::json::object();
  for (int h = 0; h < kHills; ++h) hills.push_back({{"id", std::string(1, kHillNames[h])}, {"worth", kWorth[h]}});
  for (int p = 0; p < players_; ++p) {
    const bool shown = v.revealed || (seat && *seat == p);
    nlohmann::json sheet = nlohmann::json::object();
    for (int h = 0; h < kHills; ++h) sheet[std::string(1, kHillNames[h])] = v.sheet[at(p)][at(h)];
    sheets[seat_name(static_cast<core::Seat>(p))] = {{"status", v.done[at(p)] ? "done" : "writing"},
                                                     {"orders", shown ? sheet : nlohmann::json(nullptr)}};
    points[seat_name(static_cast<core::Seat>(p))] = v.points[at(p)];
  }
  nlohmann::json winners_json = nlohmann::json::array();
  if (v.round > kRounds)
    for (int p = 0; p < players_; ++p)
      if (winners(v) & core::seat_bit(static_cast<core::Seat>(p))) winners_json.push_back(seat_name(static_cast<core::Seat>(p)));
  return {{"round", std::min<int>(v.round, kRounds)}, {"hills", hills}, {"sheets", sheets}, {"scores", points}, {"winners", winners_json}};
}

std::string Game::board_text(const State& v, std::optional<core::Seat> seat) const {
  std::string out = fmt::format("Three Hills, round {} of {} — {}\n", std::min<int>(v.round, kRounds), kRounds, phase_text(v));
  for (int p = 0; p < players_; ++p) {
    const bool shown = v.revealed || (seat && *seat == p);
    out += fmt::format("  {:<6} {:>2} points  {:<8}", seat_name(static_cast<core::Seat>(p)), v.points[at(p)],
                       v.done[at(p)] ? "done" : "writing");
    if (shown) out += fmt::format("  A {}  B {}  C {}", v.sheet[at(p)][0], v.sheet[at(p)][1], v.sheet[at(p)][2]);
    out += "\n";
  }
  return out;
}

namespace {

nlohmann::json seat_and_hill_kinds() {
  using core::wire::id_kind;
  return {{"Seat", id_kind("Seat", "A player's colour", {std::begin(kSeatNames), std::end(kSeatNames)})},
          {"Hill", id_kind("Hill", "A hill", {"A", "B", "C"})}};
}

}  // namespace

nlohmann::json log_schema() {
  using namespace core::wire;
  const Field seat{"seat", ref("Seat")}, hill{"hill", ref("Hill")}, troops{"troops", integer()}, points{"points", integer()};
  const nlohmann::json orders = {{"type", "object"},
                                 {"properties", {{"A", integer()}, {"B", integer()}, {"C", integer()}}},
                                 {"required", {"A", "B", "C"}},
                                 {"additionalProperties", false}};
  return schema(
      {.name = "HillsLogEvent",
       .description = "One Three Hills log entry as structure (log_events): its rule, its event and its arguments (hills/game.cpp).",
       .tag = "event",
       .suffix = "Event",
       .common = {{"rule", text()}},
       .shapes = {{kEventNames[kSheet], {seat, {"orders", orders}}},
                  {kEventNames[kHillTaken], {seat, hill, troops, points}},
                  {kEventNames[kHillEmpty], {hill}},
                  {kEventNames[kTieBroken], {seat, hill, troops, points}},
                  {kEventNames[kGameOver], {{"winners", {{"type", "array"}, {"items", ref("Seat")}}}}}},
       .kinds = seat_and_hill_kinds()});
}

nlohmann::json action_schema() {
  using namespace core::wire;
  return schema({.name = "HillsActionFields",
                 .description = "One Three Hills legal action as structure (action_fields): its kind and arguments (hills/game.cpp).",
                 .tag = "kind",
                 .suffix = "Action",
                 .shapes = {{"send", {{"troops", integer()}, {"hill", ref("Hill")}}}, {"erase", {{"hill", ref("Hill")}}}, {"done", {}}},
                 .kinds = seat_and_hill_kinds()});
}

}  // namespace hills
