// War Room's rules as a core::Game (design §4): one scenario with its seats, over the data set.
// The flow of play is the step table in game.cpp: one row per StepId (warroom/state.h) giving its
// node kind, who acts, its legal actions or chance outcomes, how an action applies, and its prompt.
#pragma once

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/hash.h"
#include "core/plan_text.h"
#include "warroom/battle.h"
#include "warroom/data.h"
#include "warroom/state.h"

namespace warroom {

struct Options {
  std::uint8_t round_limit = 0;        // stop, with no winner, after this round (0: never; ruling 105)
  bool ussr_with_second_seat = false;  // 3-player War in Europe: the USSR joins seat 2, not seat 1 (ruling 90)
  bool rapid_resolution = false;       // Optional Rules › Rapid Resolution
};

// The schemas of the structure a client reads (core/wire_schema.h, schema/warroom-*.schema.json):
// the log's events by the tables log_json reads (log_json.cpp), and the kinds of action action_json
// writes (action_json.cpp).
nlohmann::json log_schema();
nlohmann::json action_schema();

class Game {
 public:
  using State = warroom::State;
  // Throws core::SetupError if the scenario has no seat table for `players`.
  Game(std::shared_ptr<const Data> data, const Scenario& scenario, int players, Options options = {});

  // The scenario's setup: cards, Commands, units under construction (Setting Up).
  State new_game() const;

  // core::Game
  core::NodeKind node_kind(const State& s) const;
  core::SeatMask acting_seats(const State& s) const;
  void legal_actions(const State& s, core::Seat seat, core::ActionList& out) const;
  void chance_outcomes(const State& s, core::OutcomeList& out) const;
  // Applies the action; says whether it revealed a secret (a sheet, a bid, purchases or a plan).
  core::Applied apply(State& s, core::Seat seat, core::Action a, core::LogSink* log) const;
  std::string action_to_string(const State& s, core::Seat seat, core::Action a) const;
  std::optional<core::Action> action_from_string(const State& s, core::Seat seat, std::string_view text) const;
  // The action as structure (action_json.cpp, the view's "action_fields"): kind and data ids.
  nlohmann::json action_json(const State& s, core::Seat seat, core::Action a) const;
  // Why a command the seat may not take now is refused, where a rule says (a bid above the oil held).
  std::optional<core::i18n::Message> refusal(const State& s, core::Seat seat, std::string_view text) const;
  std::uint64_t hash(const State& s) const;
  std::string seat_name(core::Seat seat) const;
  std::optional<core::Seat> seat_from_name(std::string_view name) const;
  // The seat's alliance (0 Allied, 1 Axis), whose table talk it shares; -1 for a seat with nations of
  // both (no seat table of the rulebook has one, but the tables are data).
  int team(core::Seat seat) const;

  // core::ObservableGame (observe.cpp)
  int seat_count() const { return static_cast<int>(seat_nations_.size()); }
  State observe(const State& s, core::Seat seat) const;
  State resample_hidden(const State& observation, core::Seat seat, core::Rng& rng) const;
  core::SeatMask winners(const State& s) const;

  // core::PresentableGame (view.cpp, names.cpp): the English words of the messages below.
  std::string phase_text(const State& s) const;
  std::string describe(const core::LogEntry& e) const;
  nlohmann::json view_json(const State& observation, std::optional<core::Seat> seat) const;
  nlohmann::json battle_json(const State& observation) const;                         // view.cpp: the "battle" of the view
  nlohmann::json last_battle_json(const State& observation) const;                    // view.cpp: the last battle's final board
  nlohmann::json action_notes(const State& observation, core::Seat seat) const;       // view.cpp: what each choice means
  nlohmann::json destinations_json(const State& observation, core::Seat seat) const;  // view.cpp: destinations an order cannot reach
  // A finished game's chronicle from its log (chronicle.cpp): why the war ended, and by round and by
  // nation the battles, territories taken, units lost and captured, Casualty Points, Stress, Medals.
  nlohmann::json chronicle_json(const std::vector<core::LogEntry>& log) const;
  std::string board_text(const State& observation, std::optional<core::Seat> seat) const;

  // core::LocalizedGame (docs/i18n.md): the display texts as messages of data/i18n/warroom, worded
  // in each reader's language; the phase line and log entry (view.cpp, names.cpp), an action's
  // display text beside its language-neutral command (names.cpp), the board with its phase line in
  // the language.
  const core::i18n::Catalogues& catalogues() const { return *data_->catalogues; }
  core::i18n::Message phase_message(const State& s) const;
  core::i18n::Message log_message(const core::LogEntry& e) const;
  nlohmann::json log_json(const core::LogEntry& e) const;  // log_json.cpp: the entry as data ids ("log_events")
  std::optional<core::i18n::Message> log_continuation(const std::vector<core::LogEntry>& entries, std::size_t i) const;
  core::i18n::Message action_message(const State& s, core::Seat seat, core::Action a) const;
  std::string board_text(const State& observation, std::optional<core::Seat> seat, std::string_view language) const;
  std::string compact_board_text(const State& observation, std::optional<core::Seat> seat, std::string_view language) const;
  core::i18n::Message region_message(RegionId r) const;  // the data's name of a region
  // A hint's plan (warroom/ai.h, advise) in words of `language` for a terminal, as the browser's hint
  // panel words it (ai_hint_text.cpp).
  core::PlanText plan_text(const State& observation, core::Seat seat, const nlohmann::json& plan, std::string_view language) const;

  // The tables the rules read.
  const Data& data() const { return *data_; }
  const Scenario& scenario() const { return *scenario_; }
  const Options& options() const { return options_; }
  // The seat table in use: the rulebook's, or the project's 7-seat option (ruling 89).
  const SeatTable& seat_table() const { return *seat_table_; }
  int scenario_index() const { return scenario_index_; }
  core::Seat seat_of(Nation nation) const { return nation_seat_[nation]; }  // -1: not in play
  NationSet seat_nations(core::Seat seat) const { return seat_nations_[static_cast<std::size_t>(seat)]; }
  int industries() const { return static_cast<int>(industry_region_.size()); }
  RegionId industry_region(int i) const { return industry_region_[static_cast<std::size_t>(i)]; }
  int industry_index(RegionId r) const { return industry_index_[r]; }  // -1: not industrial
  // Ruling 21: the order pad's destinations from region `from` for a Command of category `cat`
  // (`may_sail`: land units may embark), on the static map of the scenario, in region order;
  // computed once per game (planning.cpp, pad_reaches).
  std::span<const RegionId> pad_reach(RegionId from, Category cat, bool may_sail) const {
    const std::size_t i = at_(index(from)) * 4 + (cat == Category::Land ? (may_sail ? 0 : 1) : cat == Category::Air ? 2 : 3);
    return {pad_to_.data() + pad_start_[i], pad_to_.data() + pad_start_[i + 1]};
  }
  int mobilizations() const { return static_cast<int>(mobilization_region_.size()); }
  RegionId mobilization_region(int i) const { return mobilization_region_[static_cast<std::size_t>(i)]; }
  int threshold(Nation nation) const;                    // Stress Threshold (Morale Board side of the scenario)
  Provenance threshold_provenance(Nation nation) const;  // whether that threshold is printed or the project's
  int order_limit(Nation nation) const { return scenario_->order_limit[nation]; }
  // The nation whose decision or entry an action is for (the acting nation of the step).
  std::string nation_name(Nation nation) const;
  std::string region_name(RegionId r) const;
  // The names the battle module's texts use (nations, unit kinds, stances by the data's ids).
  BattleNames battle_names() const { return {battle_nation_, battle_type_, battle_stance_}; }

  // The nations a seat may act for now, at a decision or simultaneous step.
  NationSet acting_nations(const State& s, core::Seat seat) const;

 private:
  static std::size_t at_(int i) { return static_cast<std::size_t>(i); }
  std::string commands_text(const State& observation, Nation nation) const;           // view.cpp: a nation's Commands by region
  nlohmann::json board_sides(const State& observation) const;                         // view.cpp: the Battle Status Board's sides
  std::string board_head(const State& observation, std::string_view language) const;  // view.cpp: the board's parts
  std::string nations_text(const State& observation, std::optional<core::Seat> seat, std::string_view language) const;
  std::string under_way_text(const State& observation, std::optional<core::Seat> seat) const;
  std::string region_text(const State& observation, RegionId r) const;
  std::string destination_note(const State& observation, Nation nation, RegionId to) const;  // view.cpp: action_notes of `to`
  std::shared_ptr<const Data> data_;
  const Scenario* scenario_;
  const SeatTable* seat_table_ = nullptr;
  int scenario_index_ = 0;
  Options options_;
  NationArray<core::Seat> nation_seat_{};
  std::vector<NationSet> seat_nations_;
  std::vector<RegionId> industry_region_;
  std::vector<RegionId> mobilization_region_;  // in play, with the mobilization icon and no industry
  core::IdArray<RegionId, std::int8_t, 256> industry_index_{};
  std::vector<std::uint32_t> pad_start_;  // pad_reach: [from * 4 + kind] .. [+1] in pad_to_
  std::vector<RegionId> pad_to_;
  std::vector<std::string> battle_nation_, battle_type_;
  std::vector<std::vector<std::string>> battle_stance_;
};

static_assert(core::ObservableGame<Game>);

}  // namespace warroom
