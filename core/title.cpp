#include "core/title.h"

#include <fmt/format.h>

#include <algorithm>

namespace core {

namespace {

std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

void Title::expect_own_save(const SaveFile& record, std::string_view shown_name) const {
  if (record.game != id()) throw SetupError(fmt::format("a save of \"{}\", not of {}", record.game, shown_name));
  if (record.search_threads < 1 || record.search_threads > kMaxSearchThreads)
    throw SetupError(fmt::format("a search uses 1 to {} threads, not {}", kMaxSearchThreads, record.search_threads));
}

bool Title::valid_controller(std::string_view controller) const {
  if (controller == "human") return true;
  if (!controller.starts_with("bot:")) return false;
  const auto kinds = bot_kinds();
  return std::find(kinds.begin(), kinds.end(), controller.substr(4)) != kinds.end();
}

SaveFile Title::new_record(const std::string& scenario, const std::vector<std::string>& options, int players,
                           const std::vector<std::pair<std::string, std::string>>& controllers) const {
  const auto all = scenarios();
  const auto sc = std::find_if(all.begin(), all.end(), [&](const ScenarioInfo& s) { return s.id == scenario; });
  if (sc == all.end()) {
    std::vector<std::string> ids;
    for (const auto& s : all) ids.push_back(s.id);
    throw SetupError(fmt::format("unknown scenario \"{}\" ({})", scenario, listed(ids)));
  }
  if (players != 0 && std::find(sc->players.begin(), sc->players.end(), players) == sc->players.end()) {
    std::vector<std::string> counts;
    for (int n : sc->players) counts.push_back(std::to_string(n));
    throw SetupError(fmt::format("{} is played by {} players, not {}", sc->name, listed(counts), players));
  }
  for (std::size_t i = 0; i < options.size(); ++i)
    if (std::find(options.begin(), options.begin() + static_cast<std::ptrdiff_t>(i), options[i]) !=
        options.begin() + static_cast<std::ptrdiff_t>(i))
      throw SetupError(fmt::format("option \"{}\" is given twice", options[i]));
  SaveFile record;
  record.game = id();
  record.data_hash = data_hash();  // the record loads wherever the same data set is (a server's, the command line's)
  record.scenario = scenario;
  record.options = options;
  record.players = sc->players.size() > 1 ? (players ? players : sc->players.front()) : 0;
  const std::vector<std::string> seats = seat_names(scenario, options, record.players);  // checks the options
  for (const auto& seat : seats) record.seats.emplace_back(seat, "human");
  std::vector<std::string> kinds = {"human"};
  for (const auto& k : bot_kinds()) kinds.push_back("bot:" + k);
  for (std::size_t i = 0; i < controllers.size(); ++i) {
    const std::string &seat = controllers[i].first, &controller = controllers[i].second;  // captured below (Clang 14)
    auto it = std::find_if(record.seats.begin(), record.seats.end(), [&](const auto& s) { return s.first == seat; });
    if (it == record.seats.end()) throw SetupError(fmt::format("unknown seat \"{}\" ({})", seat, listed(seats)));
    for (std::size_t k = 0; k < i; ++k)
      if (controllers[k].first == seat) throw SetupError(fmt::format("seat \"{}\" is given twice", seat));
    if (!valid_controller(controller))
      throw SetupError(fmt::format("unknown controller \"{}\" for {} ({})", controller, seat, listed(kinds)));
    it->second = controller;
  }
  return record;
}

RulesText Title::rules_section(const std::string& section, const std::string& /*language*/) const {
  return {true, rules_text(section), std::string(kEnglish)};
}

std::vector<std::string> Title::languages() const { return {std::string(kEnglish)}; }

}  // namespace core

namespace core {

// An event's `at` counts the actions before it that every seat may know of (public_actions): at a
// simultaneous decision, those up to its last barrier, for how many secret entries a seat has made is
// its own (a resignation in the middle of War Room's orders stands where the orders began).
void Match::hand_over(Seat seat, const std::string& controller, const std::string& why) {
  const std::string name = seat_name(seat);
  if (node_kind() == NodeKind::Terminal) throw ActionError(fmt::format("the game is over: nobody takes {}'s place", name));
  if (resigned(seat)) throw ActionError(fmt::format("{}'s player resigned: the seat stays with its bot", name));
  if (!has_controller(controller)) throw ActionError(fmt::format("no player \"{}\" for {}", controller, name));
  if (controller == this->controller(seat)) throw ActionError(fmt::format("{} is already played by {}", name, controller));
  add_event({public_actions(), name, why, controller, ""}, 0);
}

void Match::resign(Seat seat, const std::string& controller) {
  if (is_bot(seat)) throw ActionError(fmt::format("{} is played by a bot, which does not resign", seat_name(seat)));
  if (!controller.starts_with("bot:")) throw ActionError(fmt::format("a bot takes a resigned seat, not \"{}\"", controller));
  hand_over(seat, controller, "resign");
}

SeatMask Match::team_seats(int team) const {
  SeatMask seats = 0;
  for (Seat p = 0; p < seat_count(); ++p)
    if (this->team(p) == team) seats |= seat_bit(p);
  return seats;
}

bool Match::concede(Seat seat, bool agree) {
  const std::string name = seat_name(seat);
  const int t = team(seat);
  if (t < 0) throw ActionError("this game has no alliances to concede: a player resigns instead");
  if (node_kind() == NodeKind::Terminal) throw ActionError("the game is over");
  if (is_bot(seat)) throw ActionError(fmt::format("{} is played by a bot, which does not concede", name));
  const bool agreed = conceding() & seat_bit(seat);
  if (agree && agreed) throw ActionError(fmt::format("{} has already agreed to concede", name));
  if (!agree && !agreed) throw ActionError(fmt::format("{} has not agreed to concede", name));
  const SeatMask team = team_seats(t);
  add_event({public_actions(), name, agree ? "concede" : "withdraw", "", ""}, team);  // the other teams do not learn of it
  SeatMask humans = 0;
  for (Seat p = 0; p < seat_count(); ++p)
    if ((team & seat_bit(p)) && !is_bot(p)) humans |= seat_bit(p);
  if (!agree || (conceding() & humans) != humans) return false;
  add_event({public_actions(), name, "conceded", "", ""}, 0);
  return true;
}

void Match::note_after_end(SeatEvent event) {
  if (node_kind() != NodeKind::Terminal) throw ActionError("the game is not over");
  event.at = public_actions();
  add_event(std::move(event), 0);
}

bool Match::resigned(Seat seat) const {
  const std::string name = seat_name(seat);
  const auto& events = record().events;
  return std::any_of(events.begin(), events.end(), [&](const SeatEvent& e) { return e.seat == name && e.event == "resign"; });
}

SeatMask Match::conceding() const {
  SeatMask seats = 0;
  for (const SeatEvent& e : record().events)
    if (const auto p = seat_from_name(e.seat); p && (e.event == "concede" || e.event == "withdraw")) {
      if (e.event == "concede")
        seats |= seat_bit(*p);
      else
        seats &= ~seat_bit(*p);
    }
  return seats;
}

SeatMask Match::conceded() const {
  for (const SeatEvent& e : record().events)
    if (const auto p = seat_from_name(e.seat); p && e.event == "conceded") return team_seats(team(*p));
  return 0;
}

}  // namespace core
