#include "churchill/ai.h"

#include <algorithm>
#include <cmath>

#include "churchill/rulebook_bot.h"

namespace churchill {

namespace {

// Budgets (docs/ai.md): the caps on processor time keep a decision within the level's bound on a
// slow machine; on this project's machine the iteration budget ends the search first, and the
// search is then deterministic for its seed. The easy level has no policy bonus: its few
// iterations make plausible but uneven choices, the mistakes of a hurried player.
constexpr std::array<AiLevel, 4> kLevels = {{
    {"easy", 30, 0.02, 10, 0.0},
    {"normal", 250, 0.05, 40, 0.25},
    {"hard", 1000, 0.3, 60, 0.15},
    {"expert", 3000, 1.0, 80, 0.1},
}};

// How sharply a lead in victory points turns into a chance of winning (VP per e-fold).
constexpr double kVpScale = 4.0;

}  // namespace

const std::array<AiLevel, 4>& ai_levels() { return kLevels; }

const AiLevel* ai_level(std::string_view name) {
  for (const AiLevel& l : kLevels)
    if (l.name == name) return &l;
  return nullptr;
}

std::vector<std::string> ai_kinds() {
  std::vector<std::string> out;
  for (const AiLevel& l : kLevels) out.push_back("ai:" + std::string(l.name));
  return out;
}

// Half of the value is who would win if the game ended now (4.4, with the determinized Secret
// Agenda markers revealed); half is a softmax of the 9.4 tally, so that a larger lead is worth more.
void evaluate_board(const Game& g, const State& s, std::span<double> value) {
  const std::array<int, kPowers> vp = g.score(s, true).total;
  const int winner = g.winner(s);
  const int most = *std::max_element(vp.begin(), vp.end());
  double weights[kPowers], total = 0;
  for (std::size_t p = 0; p < kPowers; ++p) total += weights[p] = std::exp((vp[p] - most) / kVpScale);
  for (std::size_t p = 0; p < value.size() && p < kPowers; ++p)
    value[p] = 0.5 * (static_cast<int>(p) == winner ? 1.0 : 0.0) + 0.5 * weights[p] / total;
}

core::SearchConfig ai_config(const AiLevel& level, int threads) {
  core::SearchConfig c;
  c.iterations = level.iterations;
  c.max_seconds = level.max_seconds;
  c.threads = threads;
  c.rollout_limit = level.rollout_limit;
  c.policy_bonus = level.policy_bonus;
  return c;
}

core::SearchHooks<Game> ai_hooks() {
  core::SearchHooks<Game> hooks;
  std::shared_ptr<Bot> policy = make_rulebook_bot();  // stateless: one serves every thread
  hooks.rollout = [policy](const Game& g, const State& s, core::Seat seat, core::Rng& rng) {
    return policy->choose(g, s, seat, rng);
  };
  hooks.evaluate = evaluate_board;
  return hooks;
}

std::unique_ptr<Bot> make_ai(std::string_view name, int threads) {
  if (!name.starts_with("ai:")) return nullptr;
  const AiLevel* level = ai_level(name.substr(3));
  if (!level) return nullptr;
  return std::make_unique<core::IsmctsBot<Game>>(ai_config(*level, threads), ai_hooks());
}

std::unique_ptr<Bot> make_any_bot(std::string_view name) {
  if (auto bot = make_bot(name)) return bot;
  return make_ai(name);
}

std::vector<std::string> all_bot_kinds() {
  std::vector<std::string> kinds = {"rulebook", "random"};
  for (const std::string& k : ai_kinds()) kinds.push_back(k);
  return kinds;
}

}  // namespace churchill
