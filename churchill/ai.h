// The search opponent: information-set Monte Carlo tree search (core/ismcts.h) over Churchill, in
// four levels of strength (docs/ai.md). It sees only its seat's observation; every other seat's
// hand, face-down agenda card, undealt cards and Secret Agenda markers are drawn afresh for each
// iteration by Game::resample_hidden. Rollouts are played by the rulebook 'Bots (rulebook_bot.h),
// the searching seat's own moves by the 'Bot taking every pass it earns (4.22), and cut off by an
// evaluation of the board: the chance of winning (4.4) over imagined ends of the game.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "churchill/bots.h"
#include "core/ismcts.h"

namespace churchill {

// The evaluation's model of the rest of the game, an estimate for the search and not a rule: each
// power's final score is its score now plus a normal spread of this many VP per conference still to
// play (times the square root of the conferences left less a half).
struct Evaluation {
  double spread_per_conference = 2.0;
};

// A level of the search: its budget per decision and its evaluation (docs/ai.md gives each level's figures).
struct AiLevel {
  std::string_view name;  // "easy", "normal", "hard", "expert": the bot kind is "ai:" + name
  int iterations;         // the iteration budget
  double max_seconds;     // the cap on processor time per decision
  int rollout_limit;      // decisions played out before the board is evaluated
  double policy_bonus;    // the rulebook 'Bot's choice counts this share of the iterations as visits
  Evaluation evaluation;
};
const std::array<AiLevel, 4>& ai_levels();
const AiLevel* ai_level(std::string_view name);  // "normal"; nullptr for an unknown one

// The bot kinds of the search ("ai:easy" ... "ai:expert").
std::vector<std::string> ai_kinds();

// The search's configuration and hooks at a level; `threads` search in parallel (root parallelism).
core::SearchConfig ai_config(const AiLevel& level, int threads = 1);
core::SearchHooks<Game> ai_hooks(const Evaluation& model);

// Each power's estimated chance of winning from `s` (the cut-off evaluation): 4.4 judged over imagined
// ends of the game (ai.cpp; docs/ai.md, How it plays).
void evaluate_board(const Game& g, const State& s, std::span<double> value, const Evaluation& model = {});

// A bot of kind "ai:LEVEL"; nullptr for an unknown name.
std::unique_ptr<Bot> make_ai(std::string_view name, int threads = 1);

// Any bot kind of Churchill: make_bot's ("rulebook", "random") and the search's ("ai:normal"), whose
// searches use `threads` threads (core::SaveFile::search_threads).
std::unique_ptr<Bot> make_any_bot(std::string_view name, int threads = 1);
std::vector<std::string> all_bot_kinds();

}  // namespace churchill
