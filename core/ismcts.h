// Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse's single-observer ISMCTS),
// over any ObservableGame. The searching seat sees only its observation: every iteration fills in
// what it cannot see with `resample_hidden` (a determinization), walks one shared tree of action
// sequences chosen by UCB -- counting each edge's availability, since a hand dealt one way allows
// actions that another does not -- and plays out with a rollout policy. Chance outcomes are sampled
// afresh each iteration (open loop): the tree branches on choices only.
//
// Deterministic: the same observation, seat, seed and thread count give the same choice, as long as
// the iteration budget is reached before the time cap. The cap counts the processor time of the
// searching thread, not the wall clock, so that a busy machine does not weaken the search. Threads search separate trees from seeds
// derived from the seed (root parallelism) and add their root statistics.
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <ctime>
#include <functional>
#include <span>
#include <thread>
#include <vector>

#include "core/bot.h"
#include "core/game.h"

namespace core {

struct SearchConfig {
  int iterations = 1000;   // the budget, over all threads
  double max_seconds = 0;  // the cap on each thread's processor time (0: none); reached first, it ends the search early
  int threads = 1;
  double exploration = 0.7;  // UCB's constant, for rewards in [0, 1]
  int rollout_limit = -1;    // decisions played out before the evaluation is asked (-1: to the end)
  // With a rollout policy: each node expands the policy's action first, and at the root the
  // policy's choice for the seat (from its observation) counts this share of the iterations as
  // extra visits, so that the search departs from the policy only on clear evidence.
  double policy_bonus = 0;
  // An opponent model: with a rollout policy, every other seat's decision in the tree is the
  // policy's action in the determinized state (as in a rollout) rather than a choice by UCB, so the
  // tree branches only on the searching seat's choices (open loop, as for chance) and the search
  // answers the policy's play. Right when the other seats play like the policy.
  bool opponents_follow_policy = false;
};

// What a title may give the search: a rollout policy and an evaluation of a cut-off position.
template <class G>
struct SearchHooks {
  using State = typename G::State;
  // `seat`'s action in the determinized state `s` (empty: uniform among the legal actions).
  std::function<Action(const G&, const State& s, Seat seat, Rng& rng)> rollout;
  // The searching seat's own policy, where the search asks one for it (its prior, its expansions,
  // its moves in the rollouts); empty: `rollout`. A title may play its own seat better than it
  // expects the others to play.
  std::function<Action(const G&, const State& s, Seat seat, Rng& rng)> own_policy;
  // Each seat's chance of winning from `s`, in [0, 1], written to `value` (one per seat). Asked
  // where a rollout stops at its limit; empty: the rollout goes on to the end.
  std::function<void(const G&, const State& s, std::span<double> value)> evaluate;
};

// One of the searching seat's actions at the root: how often the search tried it and its mean
// reward to the seat (an estimate of the chance of winning after it).
struct ActionValue {
  Action action = 0;
  long visits = 0;
  double value = 0;
};

// A hint's advice (core::SessionMatch's Advisor): the seat's actions ranked, and where the title has
// one its plan as structure for clients (War Room: the sheet the AI would write, warroom/ai.h advise);
// null where it has none.
struct Advised {
  std::vector<ActionValue> ranked;
  nlohmann::json plan;
};

struct SearchResult {
  Action best = 0;
  std::vector<ActionValue> ranked;  // most visited first
  long iterations = 0;
  double seconds = 0;
};

template <ObservableGame G>
class Ismcts {
 public:
  using State = typename G::State;

  Ismcts(SearchConfig config, SearchHooks<G> hooks) : config_(config), hooks_(std::move(hooks)) {}
  const SearchConfig& config() const { return config_; }

  // The processor time the calling thread has used, in seconds.
  static double thread_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
  }

  // Searches `seat`'s decision in `position`, which may be the true state or the seat's
  // observation: the search observes it first and never looks at anything else. `seat` must be
  // one of the acting seats.
  SearchResult search(const G& g, const State& position, Seat seat, std::uint64_t seed) const {
    const auto start = std::chrono::steady_clock::now();
    const State observation = g.observe(position, seat);
    const int threads = std::max(1, config_.threads);
    std::vector<Tree> trees(static_cast<std::size_t>(threads));
    auto run = [&](int t) {
      const long share = config_.iterations / threads + (t < config_.iterations % threads ? 1 : 0);
      std::uint64_t mix = seed ^ (0xd1b54a32d192ed03ULL * static_cast<std::uint64_t>(t + 1));
      Rng rng(splitmix64(mix));
      trees[static_cast<std::size_t>(t)].grow(*this, g, observation, seat, rng, share);
    };
    if (threads == 1) {
      run(0);
    } else {
      std::vector<std::thread> pool;
      for (int t = 0; t < threads; ++t) pool.emplace_back(run, t);
      for (auto& th : pool) th.join();
    }
    SearchResult result;
    for (const Tree& tree : trees) {
      result.iterations += tree.iterations;
      for (const Edge& e : tree.nodes.front().edges) {
        if (e.seat != seat) continue;
        auto it = std::find_if(result.ranked.begin(), result.ranked.end(), [&](const ActionValue& v) { return v.action == e.action; });
        if (it == result.ranked.end()) it = result.ranked.insert(result.ranked.end(), ActionValue{e.action, 0, 0});
        it->visits += e.visits;
        it->value += e.value;
      }
    }
    for (ActionValue& v : result.ranked) v.value = v.visits ? v.value / static_cast<double>(v.visits) : 0;
    // The policy's choice, made from the observation as the policy would play the seat.
    Action preferred = kNoAction;
    if (hooks_.rollout && config_.policy_bonus > 0) {
      std::uint64_t mix = seed;
      Rng policy_rng(splitmix64(mix));
      preferred = policy(seat, seat)(g, observation, seat, policy_rng);
    }
    const double bonus = config_.policy_bonus * static_cast<double>(result.iterations);
    auto weight = [&](const ActionValue& v) { return static_cast<double>(v.visits) + (v.action == preferred ? bonus : 0); };
    std::stable_sort(result.ranked.begin(), result.ranked.end(), [&](const ActionValue& a, const ActionValue& b) {
      return weight(a) != weight(b) ? weight(a) > weight(b) : a.value > b.value;
    });
    ActionList legal;
    g.legal_actions(observation, seat, legal);
    if (legal.size() == 1) {
      // A forced action is not branched on (Tree::descend): the root's edges are those of the seat's
      // next decision, never answers now. The action's value is theirs, over all their visits.
      double value = 0;
      long visits = 0;
      for (const ActionValue& v : result.ranked) value += v.value * static_cast<double>(v.visits), visits += v.visits;
      result.ranked = {{legal[0], visits, visits ? value / static_cast<double>(visits) : 0}};
    }
    if (result.ranked.empty()) result.ranked.push_back({legal[0], 0, 0});  // no iteration ran (a zero budget): the first legal action
    result.best = result.ranked.front().action;
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  }

 private:
  static constexpr Action kNoAction = ~Action{0};  // no game uses the largest action

  struct Edge {
    Seat seat;
    Action action;
    int child;
    long visits = 0;
    long available = 0;  // how often it was legal when its node was walked through
    double value = 0;    // total reward to `seat`
  };
  struct Node {
    std::vector<Edge> edges;
  };
  struct Step {
    int node;
    std::size_t edge;
  };

  // The seat that chooses at a decision in the tree: the searching seat first at a simultaneous
  // decision (so that its choice never depends on the others' secret ones), else the lowest.
  // A seat in the acting mask with no legal action (one that has finished its part of a
  // simultaneous decision) is passed over; -1 if no seat has one. Fills `legal` with its actions.
  static Seat actor(const G& g, const State& s, Seat searcher, ActionList& legal) {
    const SeatMask acting = g.acting_seats(s);
    for (int k = -1; k < kMaxSeats; ++k) {
      const Seat who = k < 0 ? searcher : static_cast<Seat>(k);
      if (!(acting & seat_bit(who)) || (k >= 0 && who == searcher)) continue;
      legal.clear();
      g.legal_actions(s, who, legal);
      if (!legal.empty()) return who;
    }
    return -1;
  }

  struct Tree {
    std::vector<Node> nodes{Node{}};
    long iterations = 0;
    std::vector<std::uint8_t> tried_;  // per sorted legal action: has an edge at the current node

    void grow(const Ismcts& search, const G& g, const State& observation, Seat seat, Rng& rng, long budget) {
      const double cap = search.config_.max_seconds, start = thread_seconds();
      std::vector<Step> path;
      std::array<double, kMaxSeats> reward{};
      ActionList legal, sorted;
      for (; iterations < budget; ++iterations) {
        if (cap > 0 && iterations > 0 && (iterations & 7) == 0 && thread_seconds() - start >= cap) break;
        State s = g.resample_hidden(observation, seat, rng);
        path.clear();
        descend(search, g, s, seat, rng, path, legal, sorted);
        search.play_out(g, s, seat, rng, legal, std::span<double>(reward.data(), static_cast<std::size_t>(g.seat_count())));
        for (const Step& st : path) {
          Edge& e = nodes[static_cast<std::size_t>(st.node)].edges[st.edge];
          ++e.visits;
          e.value += reward[static_cast<std::size_t>(e.seat)];
        }
      }
    }

    // Selection and expansion: follows UCB among the edges legal in `s` until it adds a new edge.
    void descend(const Ismcts& search, const G& g, State& s, Seat seat, Rng& rng, std::vector<Step>& path, ActionList& legal,
                 ActionList& sorted) {
      int node = 0;
      OutcomeList outcomes;
      for (;;) {
        const NodeKind kind = g.node_kind(s);
        if (kind == NodeKind::Terminal) return;
        if (kind == NodeKind::Chance) {
          g.apply(s, kChance, draw_chance(g, s, rng, outcomes), nullptr);
          continue;
        }
        const Seat who = actor(g, s, seat, legal);
        if (who < 0) return;      // nobody can act: a leaf
        if (legal.size() == 1) {  // a forced action is no choice: the tree does not branch on it
          g.apply(s, who, legal[0], nullptr);
          continue;
        }
        if (who != seat && search.config_.opponents_follow_policy && search.hooks_.rollout) {
          g.apply(s, who, search.hooks_.rollout(g, s, who, rng), nullptr);
          continue;
        }
        sorted = legal;
        std::sort(sorted.begin(), sorted.end());
        // The legal actions that already have an edge here are tried.
        std::vector<Edge>& edges = nodes[static_cast<std::size_t>(node)].edges;
        tried_.assign(sorted.size(), 0);
        std::size_t tried = 0;
        for (const Edge& e : edges) {
          if (e.seat != who) continue;
          const auto it = std::lower_bound(sorted.begin(), sorted.end(), e.action);
          if (it != sorted.end() && *it == e.action) {
            tried_[static_cast<std::size_t>(it - sorted.begin())] = 1;
            ++tried;
          }
        }
        if (tried < sorted.size()) {  // expansion: the policy's action if untried, else a random one
          Action chosen = kNoAction;
          if (search.hooks_.rollout && search.config_.policy_bonus > 0) {
            const Action preferred = search.policy(who, seat)(g, s, who, rng);
            const auto it = std::lower_bound(sorted.begin(), sorted.end(), preferred);
            if (it != sorted.end() && *it == preferred && !tried_[static_cast<std::size_t>(it - sorted.begin())]) chosen = preferred;
          }
          if (chosen == kNoAction) {
            std::uint32_t k = rng.below(static_cast<std::uint32_t>(sorted.size() - tried));
            for (std::size_t i = 0; i < sorted.size() && chosen == kNoAction; ++i)
              if (!tried_[i] && k-- == 0) chosen = sorted[i];
          }
          const int child = static_cast<int>(nodes.size());
          edges.push_back(Edge{who, chosen, child});
          path.push_back({node, edges.size() - 1});
          nodes.emplace_back();
          g.apply(s, who, chosen, nullptr);
          return;
        }
        // Selection: UCB over the available edges, each counting how often it was available.
        std::size_t best = 0;
        double best_score = -1;
        for (std::size_t i = 0; i < edges.size(); ++i) {
          Edge& e = edges[i];
          if (e.seat != who || !std::binary_search(sorted.begin(), sorted.end(), e.action)) continue;
          ++e.available;
          const double score =
              e.value / static_cast<double>(e.visits) +
              search.config_.exploration * std::sqrt(std::log(static_cast<double>(e.available)) / static_cast<double>(e.visits));
          if (score > best_score) {
            best_score = score;
            best = i;
          }
        }
        path.push_back({node, best});
        g.apply(s, who, edges[best].action, nullptr);
        node = edges[best].child;
      }
    }
  };

  // The policy that plays `who` for the search of `searcher` (given a rollout policy).
  const auto& policy(Seat who, Seat searcher) const { return who == searcher && hooks_.own_policy ? hooks_.own_policy : hooks_.rollout; }

  // Plays `s` out with the rollout policy, to the end or to the limit and the evaluation; writes
  // each seat's reward.
  void play_out(const G& g, State& s, Seat seat, Rng& rng, ActionList& legal, std::span<double> reward) const {
    OutcomeList outcomes;
    int decisions = 0;
    for (;;) {
      const NodeKind kind = g.node_kind(s);
      if (kind == NodeKind::Terminal) break;
      if (kind == NodeKind::Chance) {
        g.apply(s, kChance, draw_chance(g, s, rng, outcomes), nullptr);
        continue;
      }
      if (config_.rollout_limit >= 0 && decisions >= config_.rollout_limit && hooks_.evaluate) {
        hooks_.evaluate(g, s, reward);
        return;
      }
      const Seat who = actor(g, s, seat, legal);
      if (who < 0) {  // nobody can act: value the position as it stands
        if (hooks_.evaluate) return hooks_.evaluate(g, s, reward);
        break;
      }
      const Action a = hooks_.rollout ? policy(who, seat)(g, s, who, rng) : legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      g.apply(s, who, a, nullptr);
      ++decisions;
    }
    const SeatMask won = g.winners(s);
    const int count = __builtin_popcount(won);
    for (std::size_t p = 0; p < reward.size(); ++p) reward[p] = (won & seat_bit(static_cast<Seat>(p))) ? 1.0 / count : 0.0;
  }

  SearchConfig config_;
  SearchHooks<G> hooks_;
};

// A bot that searches each decision with ISMCTS; its seed comes from the bot's random stream.
template <ObservableGame G>
class IsmctsBot final : public Bot<G> {
 public:
  IsmctsBot(SearchConfig config, SearchHooks<G> hooks) : search_(config, std::move(hooks)) {}
  Action choose(const G& game, const typename G::State& observation, Seat seat, Rng& rng) override {
    ActionList legal;
    game.legal_actions(observation, seat, legal);
    if (legal.size() == 1) return legal[0];
    return search_.search(game, observation, seat, rng.next()).best;
  }
  bool searches() const override { return true; }
  const Ismcts<G>& search() const { return search_; }

 private:
  Ismcts<G> search_;
};

}  // namespace core
