#include "warroom/bots.h"

#include <bit>

#include "core/title.h"
#include "warroom/actions.h"
#include "warroom/ai.h"
#include "warroom/bots_rules.h"
#include "warroom/state.h"

namespace warroom {

core::Action RandomBot::choose(const Game& game, const State& observation, core::Seat seat, core::Rng& rng) {
  core::ActionList legal;
  game.legal_actions(observation, seat, legal);
  if (legal.size() > 1 && rng.below(4) == 0)
    for (core::Action a : legal)
      if (decode_action(a).kind == ActionKind::Done) return a;
  // A kind first, then an action of that kind: the hundreds of bids on a sheet must not drown the
  // few orders, nor the targets of a move its execution.
  // "done" has had its chance above.
  std::uint32_t kinds = 0;
  for (core::Action a : legal) kinds |= 1u << static_cast<int>(decode_action(a).kind);
  if (kinds != 1u) kinds &= ~1u;
  std::uint32_t pick = rng.below(static_cast<std::uint32_t>(std::popcount(kinds)));
  int kind = 0;
  for (;; ++kind)
    if (((kinds >> kind) & 1u) && pick-- == 0) break;
  std::uint32_t count = 0;
  for (core::Action a : legal) count += static_cast<int>(decode_action(a).kind) == kind;
  std::uint32_t which = rng.below(count);
  for (core::Action a : legal)
    if (static_cast<int>(decode_action(a).kind) == kind && which-- == 0) return a;
  return legal[0];
}

std::unique_ptr<core::Bot<Game>> make_bot(std::string_view kind, int threads) {
  if (kind == "random") return std::make_unique<RandomBot>();
  if (kind == "rules") return std::make_unique<RulesBot>();
  return make_ai(kind, threads);
}

std::vector<std::string> bot_kinds() {
  std::vector<std::string> kinds = {"rules", "random"};
  for (const std::string& k : ai_kinds()) kinds.push_back(k);
  return kinds;
}

}  // namespace warroom

namespace warroom {

namespace {

GameResult play(const Game& g, std::uint64_t seed, std::vector<std::unique_ptr<core::Bot<Game>>>& bots,
                const std::function<void(const State&)>& after_action) {
  State s = g.new_game();
  core::Rng chance(seed), choices(seed ^ 0x9e3779b97f4a7c15ULL);
  core::OutcomeList outcomes;
  GameResult r;
  while (g.node_kind(s) != core::NodeKind::Terminal) {
    if (g.node_kind(s) == core::NodeKind::Chance) {
      outcomes.clear();
      g.chance_outcomes(s, outcomes);
      g.apply(s, core::kChance, core::sample_outcome(outcomes, chance), nullptr);
    } else {
      const core::SeatMask acting = g.acting_seats(s);
      core::Seat seat = 0;
      while (!(acting & core::seat_bit(seat))) ++seat;
      core::Bot<Game>& bot = *bots[static_cast<std::size_t>(seat)];
      g.apply(s, seat, bot.reads_only_legal_actions() ? bot.choose(g, s, seat, choices) : bot.choose(g, g.observe(s, seat), seat, choices),
              nullptr);
    }
    ++r.actions;
    if (after_action) after_action(s);
  }
  r.rounds = s.round;
  r.winner = s.winner;
  r.stopped = s.winner == 0;
  return r;
}

}  // namespace

GameResult play_random_game(const Game& g, std::uint64_t seed, const std::function<void(const State&)>& after_action) {
  std::vector<std::unique_ptr<core::Bot<Game>>> bots;
  for (core::Seat p = 0; p < g.seat_count(); ++p) bots.push_back(std::make_unique<RandomBot>());
  return play(g, seed, bots, after_action);
}

GameResult play_game(const Game& g, std::uint64_t seed, std::string_view allied, std::string_view axis,
                     const std::function<void(const State&)>& after_action) {
  std::vector<std::unique_ptr<core::Bot<Game>>> bots;
  for (core::Seat p = 0; p < g.seat_count(); ++p) {
    const Nation first = g.seat_nations(p).nth(0);
    const std::string_view kind = alliance_of(first) == Alliance::Allied ? allied : axis;
    bots.push_back(make_bot(kind));
    if (!bots.back()) {
      std::string kinds;
      for (const std::string& k : bot_kinds()) kinds += (kinds.empty() ? "" : ", ") + k;
      throw core::SetupError("unknown bot \"" + std::string(kind) + "\" (" + kinds + ")");
    }
  }
  return play(g, seed, bots, after_action);
}

}  // namespace warroom
