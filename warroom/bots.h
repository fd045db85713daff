// War Room's bots. The random bot picks a kind of action uniformly among the legal ones, then an
// action of that kind uniformly (so that a sheet's hundreds of bids do not drown its orders), except
// that in the open-ended windows (writing a sheet, reorganizing, purchases, deployment plans,
// cancelling Stress) it says "done" with probability 1/4 at each choice, so that games move on.
#pragma once

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "core/bot.h"
#include "warroom/game.h"

namespace warroom {

class RandomBot final : public core::Bot<Game> {
 public:
  core::Action choose(const Game& game, const State& observation, core::Seat seat, core::Rng& rng) override;
  // It reads only the seat's legal actions, the same in the state as in the seat's observation
  // (WarroomDeterminism checks it at every decision): drivers may spare the copy observe() makes.
  bool reads_only_legal_actions() const override { return true; }
};

// "random", "rules" (the rules-based bot, warroom/bots_rules.h) or "ai:easy" ... "ai:expert" (the
// search bot, warroom/ai.h, searching on `threads` threads); nullptr for an unknown kind.
std::unique_ptr<core::Bot<Game>> make_bot(std::string_view kind, int threads = 1);
std::vector<std::string> bot_kinds();  // "rules", "random", "ai:easy" ... "ai:expert"

}  // namespace warroom

namespace warroom {

// One game between random bots from the game's setup, its chance from `seed` (self-play, benchmarks
// and soak tests). `after_action`, if given, sees the state after every action.
struct GameResult {
  int rounds = 0;
  std::uint8_t winner = 0;  // kAlliedWin, kAxisWin, kBothLose; 0: stopped by the round limit
  bool stopped = false;     // ended by the round limit
  long actions = 0;
};
GameResult play_random_game(const Game& g, std::uint64_t seed, const std::function<void(const State&)>& after_action = {});

// One game from the setup with a bot of the given kind per alliance (bot_kinds()), each seat
// playing its own bot (one object for the whole game) on its own observation; chance from `seed`.
// Throws core::SetupError on an unknown kind.
GameResult play_game(const Game& g, std::uint64_t seed, std::string_view allied, std::string_view axis,
                     const std::function<void(const State&)>& after_action = {});

}  // namespace warroom
