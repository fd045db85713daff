// Churchill as a core::Game: the rules over a State (architecture.md §3). One object per data set;
// it holds no mutable state, so one Game serves any number of states and threads.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "churchill/data.h"
#include "churchill/state.h"
#include "core/game.h"

namespace churchill {

// Indices of the entries the rules name (rule numbers where they are used).
struct Known {
  TheaterId arctic, western_theater;
  FrontId western, eastern, mediterranean, cbi, far_east, central_pacific, sw_pacific;  // fronts
  SpaceId normandy, manchuria, bolero, west_germany, east_germany;                      // spaces
  SpaceId southern_italy, central_italy;                                                // spaces (7.81)
  AxisId italy;                                                                         // Axis power (7.63)
  IssueId second_front, ussr_declares_war, strategic_materials, a_bomb_research, global_issue;
  std::array<IssueId, 2> leadership;  // [Region] Theater Leadership issue
  LeaderId stalin;                    // Stalin's Leader card (5.25 Paranoia)
  // 6.11 Spheres of Influence: bits of the locations of each sphere.
  std::uint32_t eastern_sphere, western_sphere;
  // 6.8: bits of the Pol-Mil issues (the issues production may activate).
  std::uint32_t polmil_issues;
  // 5.22: bits of the conditional issues (Issue::conditional: they may stop in the centre), and
  // what each staff card's effects allow (rules::staff_traits), by power and deck index.
  IssueSet conditional_issues;
  PowerArray<StaffArray<std::uint8_t>> staff_traits;
  // 7.4: bits of the locations in the Arctic theater (Norway and Finland).
  std::uint32_t arctic_locations;
  // 6.11: bits of the locations connected to the Western or Eastern Front Track, and the Global
  // Issue marker each pair of powers debates.
  std::uint32_t front_countries;
  GlobalIssueId uk_us_marker, uk_ussr_marker, us_ussr_marker;
  // 3.25: the Front of each theater box, or -1 (the Arctic has naval support only, no Front).
  TheaterArray<std::int8_t> front_of_theater;
  // 3.25: the number of positions of each Front's track (a Front at the last one has no entry space).
  FrontArray<std::int8_t> track_length;
  // 7.8: bits of the Fronts and of the theater boxes of each Region (Europe, Pacific).
  std::array<std::uint32_t, 2> region_fronts, region_theaters;
};

// Optional rules chosen when a game is created.
struct Options {
  bool secret_agenda = false;    // 10 Secret Agenda variant
  bool german_reserves = false;  // the optional "German Reserves" rule (churchill-sources.md ruling 7)
};

// Victory points (9.4): totals and the line of each condition that scored.
struct ScoreLine {
  std::string condition;  // "A".."AA", or "10.3" for a Secret Agenda marker
  Power power;
  int vp;
};
struct ScoreSheet {
  std::array<int, kPowers> total{};
  std::vector<ScoreLine> lines;
};

// 4.4: the three end-game situations.
enum class EndCase : std::uint8_t { AllianceVictory, BrokenAlliance, GlobalHegemon };
std::string_view end_case_name(EndCase c);  // "4.41 Alliance Victory", ...
// 4.43: the totals after the highest loses 5 VP, the second 3 and the lowest gains 5 (ties as 4.43 says).
std::array<int, kPowers> hegemon_adjusted(const std::array<int, kPowers>& totals);

// The schemas of the structure a client reads (core/wire_schema.h, schema/churchill-*.schema.json):
// the log's events by the table log_json reads (log_json.cpp), the kinds of action action_json
// writes (actions.cpp), and the named kinds of data id both use.
nlohmann::json log_schema();
nlohmann::json action_schema();
nlohmann::json named_kinds();

class Game {
 public:
  using State = churchill::State;

  explicit Game(const Data& data);
  const Data& data() const { return *data_; }
  const Known& known() const { return known_; }

  // 9.x: the board of a scenario, before its first conference card is revealed.
  State new_game(const Scenario& scenario, const Options& options = {}) const;

  // 9.4: the score as the scoring track shows it; Secret Agenda markers count only when revealed.
  ScoreSheet score(const State& s, bool reveal_secret_agenda) const;
  // The same totals without the lines (for the bots and the search).
  std::array<int, kPowers> totals(const State& s, bool reveal_secret_agenda) const;
  // The part of the totals from the conditions that read the Fronts and the spaces entered (9.4):
  // what a Front's advance can change.
  std::array<int, kPowers> front_totals(const State& s) const;
  // 4.4: the winner of a finished game (Secret Agenda included).
  Power winner(const State& s) const;
  // 4.4: the winner if the game ended on this board with the final scores `totals` (the search's
  // evaluation asks it of scores it expects).
  Power winner(const State& s, const std::array<int, kPowers>& totals) const;
  // 4.4: the situation scores `totals` on this board fall under (during play: if the game ended now).
  EndCase end_case(const State& s, const std::array<int, kPowers>& totals) const;

  // 7.61: the Axis reserves of a kind still in the game (not eliminated or out of play).
  int reserves_in_game(const State& s, ReserveKind kind) const;

  // core::Game
  core::NodeKind node_kind(const State& s) const;
  core::SeatMask acting_seats(const State& s) const;
  void legal_actions(const State& s, core::Seat seat, core::ActionList& out) const;
  void chance_outcomes(const State& s, core::OutcomeList& out) const;
  core::Applied apply(State& s, core::Seat seat, core::Action a, core::LogSink* log) const;
  // A uniformly random legal action of `seat`: the item rng.below(n) of legal_actions' list of n,
  // drawn without building the list where the rules can count it (core::RandomBot).
  core::Action random_action(const State& s, core::Seat seat, core::Rng& rng) const;
  // A chance outcome drawn by its probability: the one core::sample_outcome draws from
  // chance_outcomes' list with the same generator, without building the list where the outcomes
  // are equally likely (a die, a deal; core::draw_chance).
  core::Action sample_chance(const State& s, core::Rng& rng) const;
  std::string action_to_string(const State& s, core::Seat seat, core::Action a) const;
  std::optional<core::Action> action_from_string(const State& s, core::Seat seat, std::string_view text) const;
  // The action as structure for the clients (the view's "action_fields"): kind and data ids.
  nlohmann::json action_json(const State& s, core::Seat seat, core::Action a) const;
  std::uint64_t hash(const State& s) const;
  std::string seat_name(core::Seat seat) const;
  std::optional<core::Seat> seat_from_name(std::string_view name) const;

  // core::ObservableGame (observe.cpp): what a seat knows, and arrangements of what it does not.
  int seat_count() const { return kPowers; }
  State observe(const State& s, core::Seat seat) const;
  State resample_hidden(const State& observation, core::Seat seat, core::Rng& rng) const;
  core::SeatMask winners(const State& s) const;

  // core::PresentableGame (view.cpp): the phase in words, a seat's view as JSON and as text, from
  // its observation.
  std::string phase_text(const State& s) const;
  nlohmann::json view_json(const State& observation, std::optional<core::Seat> seat) const;
  std::string board_text(const State& observation, std::optional<core::Seat> seat) const;

  // core::LocalizedGame (docs/i18n.md): the display texts as messages, and the board in a language.
  const core::i18n::Catalogues& catalogues() const { return *data_->catalogues; }
  core::i18n::Message phase_message(const State& s) const;
  core::i18n::Message log_message(const core::LogEntry& e) const;
  core::i18n::Message action_message(const State& s, core::Seat seat, core::Action a) const;
  std::string board_text(const State& observation, std::optional<core::Seat> seat, std::string_view language) const;

  // Runs automatic steps until a decision, a chance node or the end (apply does this itself; a
  // position set up by hand, as in tests, may need it).
  void run_automatic(State& s, core::LogSink* log) const;

  // A log entry in words, with its rule number.
  std::string describe(const core::LogEntry& e) const;
  // The entry as structure for the clients: rule, event and arguments as data ids (log_json.cpp,
  // the view's "log_events").
  nlohmann::json log_json(const core::LogEntry& e) const;

 private:
  // 9.4 and 10.3: adds the VP of the conditions `which` names to `total`, and their lines to
  // `lines` when given.
  enum class Conditions : std::uint8_t { All, AllRevealed, Fronts };  // AllRevealed: with 10.3's markers
  void tally(const State& s, Conditions which, std::array<int, kPowers>& total, std::vector<ScoreLine>* lines) const;

  const Data* data_;
  Known known_;
};

static_assert(core::ObservableGame<Game>);

}  // namespace churchill
