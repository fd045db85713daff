#include "churchill/bots.h"

#include <span>

#include "churchill/rulebook_bot.h"

namespace churchill {

bool valid_controller(std::string_view controller) {
  return controller == "human" || (is_bot_controller(controller) && make_bot(controller.substr(4)));
}

std::unique_ptr<Bot> make_bot(std::string_view name) {
  if (name == "random") return std::make_unique<core::RandomBot<Game>>();
  if (name == "rulebook") return make_rulebook_bot();
  return nullptr;
}

GameResult play_game(const Game& g, const Scenario& scenario, const Options& options, const std::array<Bot*, kPowers>& bots,
                     std::uint64_t seed) {
  std::uint64_t mix = seed;
  core::Rng chance_rng(core::splitmix64(mix)), bot_rng(core::splitmix64(mix));
  State s = g.new_game(scenario, options);
  GameResult r;
  r.actions = play_until_human(g, s, bots, chance_rng, bot_rng, [&](core::Seat seat, core::Action a) {
    r.decisions += seat != core::kChance;
    g.apply(s, seat, a, nullptr);
  });
  r.winner = s.winner;
  ScoreSheet sheet = g.score(s, true);
  r.vp = sheet.total;
  r.vp_lines = std::move(sheet.lines);
  r.germany_surrendered = s.surrendered[0];
  r.japan_surrendered = s.surrendered[1];
  r.conferences = s.conference - scenario.first_conference + 1;
  return r;
}

std::vector<State> decision_states(const Game& g, const Scenario& scenario, std::uint64_t seed, std::size_t max) {
  auto random = make_bot("random");
  const std::array<Bot*, kPowers> bots = {random.get(), random.get(), random.get()};
  std::uint64_t mix = seed;
  core::Rng chance_rng(core::splitmix64(mix)), bot_rng(core::splitmix64(mix));
  State s = g.new_game(scenario);
  std::vector<State> out;
  play_until_human(g, s, bots, chance_rng, bot_rng, [&](core::Seat seat, core::Action a) {
    if (seat != core::kChance && out.size() < max) out.push_back(s);
    g.apply(s, seat, a, nullptr);
  });
  return out;
}

}  // namespace churchill
