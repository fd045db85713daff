// Paces and clocks (server/clocks.h, docs/server.md "Paces and clocks"): a new game's pace and
// stand-in, the clocks brought up to date with every staged change, a seat whose clock ran out given
// to the stand-in bot (which plays on the workers like any bot), a player back, a pause agreed.
#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <memory>

#include "server/lobby.h"

namespace server {

namespace {

// The stand-in a title gives when the creator names none: its first bot that neither plays at
// random nor searches (Churchill's rulebook 'Bots, War Room's rules bot), else its first.
std::string default_stand_in(const core::Title& t) {
  const auto kinds = t.bot_kinds();
  for (const std::string& k : kinds)
    if (k != "random" && !t.bot_searches(k)) return "bot:" + k;
  return kinds.empty() ? "" : "bot:" + kinds.front();
}

core::SeatMask seats_where(const core::MatchSeats& m, const std::function<bool(core::Seat)>& test) {
  core::SeatMask mask = 0;
  for (core::Seat p = 0; p < m.seat_count(); ++p)
    if (test(p)) mask |= core::seat_bit(p);
  return mask;
}

}  // namespace

Clocks Lobby::parse_clocks(const nlohmann::json& body, const core::SaveFile& record) const {
  const core::Title& title = title_of(record.game);
  const Pace pace = parse_pace(body.value("pace", nlohmann::json(nullptr)));
  std::string stand_in = pace.timed() ? default_stand_in(title) : "";  // a game without a clock has none unless named
  if (const nlohmann::json chosen = body.value("stand_in", nlohmann::json(nullptr)); !chosen.is_null()) {
    const std::string bot = chosen.is_string() ? chosen.get<std::string>() : "";
    if (!bot.starts_with("bot:") || !title.valid_controller(bot))
      throw ApiError(400, ErrorCode{"bad_stand_in"},
                     fmt::format("\"stand_in\" is one of this title's bots, \"bot:\" and its name, not {}",
                                 chosen.is_string() ? printable(bot) : "a " + std::string(chosen.type_name())));
    stand_in = bot;
  }
  return Clocks(pace, stand_in, static_cast<int>(title.seat_names(record.scenario, record.options, record.players).size()));
}

bool Lobby::update_clocks(Room& r) {
  const core::Match& m = *r.game;
  const core::SeatMask humans = seats_where(m, [&](core::Seat p) { return m.controller(p) == "human"; });
  const core::SeatMask claimed = seats_where(m, [&](core::Seat p) {
    const auto i = static_cast<std::size_t>(p);
    return i < r.token_hash.size() && !r.token_hash[i].empty();
  });
  return r.clocks.update(m.acting_seats(), humans, claimed, m.node_kind() == core::NodeKind::Terminal, now());
}

void Lobby::seat_stand_ins(Room& r) {
  const auto bots = r.clocks.stand_ins();
  for (core::Seat p = 0; p < r.game->seat_count(); ++p) {
    const auto i = static_cast<std::size_t>(p);
    try {
      r.game->set_stand_in(p, i < bots.size() ? bots[i] : "");
    } catch (const core::SetupError& e) {  // a bot this server no longer has: the seat waits for its player
      std::cerr << fmt::format("churchill serve: no stand-in for {}: {}\n", r.game->seat_name(p), e.what());
    }
  }
}

void Lobby::tick_clocks() {
  const std::int64_t t = now();
  std::vector<std::string> due;
  for (const auto& [id, r] : rooms_) {
    const auto next = r.clocks.next_deadline();
    if (next && *next <= t && !r.finished && r.damaged.empty() && !r.erasing) due.push_back(id);
  }
  for (const std::string& id : due) {
    try {
      run_out(id, t);
    } catch (const std::exception& e) {  // never expected: the game's clocks are looked at again on the next tick
      std::cerr << fmt::format("churchill serve: the clocks of game {} could not run out: {}\n", id, e.what());
    }
  }
}

void Lobby::run_out(const std::string& id, std::int64_t t) {
  auto it = rooms_.find(id);
  if (it == rooms_.end() || it->second.busy || it->second.lent || loading_.count(id)) return;  // looked at again on the next tick
  if (!it->second.game) {
    load(id, true);
    it = rooms_.find(id);
    if (offload_ || it == rooms_.end() || !it->second.game) return;
  }
  Room& r = it->second;
  const std::string before = r.clocks.text();
  update_clocks(r);  // a seat back from vacation: its clock starts again
  for (const int seat : r.clocks.due(t)) {
    r.game->set_stand_in(static_cast<core::Seat>(seat), r.clocks.stand_in());  // throws, changing nothing, for a bot this server lacks
    r.clocks.run_out(seat, t);
    r.clocks.log_note(*r.game, seat, "out", r.clocks.stand_in());
    std::cerr << fmt::format("churchill serve: game {}: the clock of {} ran out; {} plays for it\n", id,
                             r.game->seat_name(static_cast<core::Seat>(seat)), r.clocks.stand_in());
  }
  if (r.clocks.text() == before) return;
  if (!offload_) r.game->run_bots();  // else on the workers once the change is stored (settle)
  r.touched = true;
  stage(id, r, GameWrite{});
}

const std::string& Lobby::clock(const std::string& id, const std::string& token, const nlohmann::json& body) {
  Room& r = room(id);
  const int seat = seat_needed(id, token, "a clock");
  constexpr const char* kShape = "{\"back\": true} or {\"pause\": true or false}";
  if (!body.is_object() || body.size() != 1 || !(body.contains("back") || body.contains("pause")))
    throw ApiError(400, fmt::format("the body must be {}", kShape));
  if (r.finished) throw ApiError(409, ErrorCode{"game_over"}, "the game is over");
  if (!r.clocks.pace().timed()) throw ApiError(409, ErrorCode{"no_clock"}, "this game has no clock (its pace is \"none\")");
  if (!clock_requests_.allow(id + "/" + std::to_string(seat)))
    throw ApiError(429, ErrorCode{"too_many_changes"}, "too many clock requests from this seat; wait a minute");
  const auto p = static_cast<core::Seat>(seat);
  if (body.contains("back")) {
    if (body["back"] != true) throw ApiError(400, fmt::format("the body must be {}", kShape));
    if (!r.clocks.out(seat))
      throw ApiError(409, ErrorCode{"not_out"}, fmt::format("{} is played by its player, not by a stand-in", r.game->seat_name(p)));
    r.clocks.come_back(seat, now());
    r.game->set_stand_in(p, "");
    r.clocks.log_note(*r.game, seat, "back");
  } else {
    if (!body["pause"].is_boolean()) throw ApiError(400, fmt::format("the body must be {}", kShape));
    // Every seat a player plays (not its stand-in) must agree.
    const core::Match& m = *r.game;
    const core::SeatMask voters = seats_where(m, [&](core::Seat s) { return m.controller(s) == "human" && !r.clocks.out(s); });
    if (r.clocks.vote_pause(seat, body["pause"].get<bool>(), voters, now()))
      r.clocks.log_note(m, -1, r.clocks.paused() ? "paused" : "resumed");
  }
  r.touched = true;
  stage(id, r, GameWrite{});
  return cached_view(id, r, seat);
}

void Lobby::set_away(const std::string& id, const std::string& seat, std::int64_t until) {
  Room& r = room(id);
  const auto p = r.game->seat_from_name(seat);
  if (r.finished || !p || !r.clocks.pace().timed()) return;
  const std::string before = r.clocks.text();
  r.clocks.set_away(*p, until, now());
  if (r.clocks.text() == before) return;
  if (until > now()) r.clocks.log_note(*r.game, *p, "away");
  r.touched = true;
  stage(id, r, GameWrite{});
}

void Lobby::words(std::shared_ptr<const core::i18n::Catalogues> words) { words_ = std::move(words); }

// The platform's catalogues (data/i18n): those the server was given, else the source tree's.
std::shared_ptr<const core::i18n::Catalogues> Lobby::platform_words() {
  if (!words_)
    words_ = std::make_shared<const core::i18n::Catalogues>(
        core::i18n::Catalogues::load(core::i18n::default_catalogue_dir(std::filesystem::path(CHURCHILL_DATA_DIR) / "churchill")));
  return words_;
}

}  // namespace server
