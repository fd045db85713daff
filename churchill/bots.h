// Bots (rulebook section 11) and the driver that plays whole games with them. A bot sees only its
// seat's observation: the state with every other seat's secrets removed.
#pragma once

#include <array>
#include <memory>
#include <string_view>
#include <vector>

#include "churchill/game.h"
#include "core/bot.h"
#include "core/rng.h"

namespace churchill {

// What `seat` knows (Game::observe, observe.cpp).
State observe(const State& s, core::Seat seat);

using Bot = core::Bot<Game>;

// "random", "rulebook"; nullptr for an unknown name.
std::unique_ptr<Bot> make_bot(std::string_view name);

// A seat's controller: "human", or "bot:" and a bot's name ("bot:rulebook", "bot:random").
inline bool is_bot_controller(std::string_view controller) { return controller.starts_with("bot:"); }
bool valid_controller(std::string_view controller);

struct GameResult {
  Power winner = kNoPower;  // 4.4 (a game played to its end has one)
  std::array<int, kPowers> vp{};
  std::vector<ScoreLine> vp_lines;  // the 9.4 condition (and Secret Agenda marker) behind each VP
  bool germany_surrendered = false, japan_surrendered = false;
  int conferences = 0;
  long decisions = 0;  // actions taken by seats (chance outcomes excluded)
  long actions = 0;    // all actions, chance outcomes included
};

// Plays a game to its end with a bot in every seat; chance outcomes and bot choices come from
// streams derived from `seed`, so the same seed gives the same game.
GameResult play_game(const Game& g, const Scenario& scenario, const Options& options, const std::array<Bot*, kPowers>& bots,
                     std::uint64_t seed);

// The states at the decision points of one game of random bots (at most `max`): the sample that
// benchmarks of state copies and legal actions run over.
std::vector<State> decision_states(const Game& g, const Scenario& scenario, std::uint64_t seed, std::size_t max);

// The same, from a state, until a seat without a bot must act or the game ends (core::play_until_human).
template <class Apply>
long play_until_human(const Game& g, State& s, const std::array<Bot*, kPowers>& bots, core::Rng& chance_rng, core::Rng& bot_rng,
                      Apply apply) {
  return core::play_until_human<Game>(g, s, std::span<Bot* const>(bots), chance_rng, bot_rng, apply);
}

}  // namespace churchill
