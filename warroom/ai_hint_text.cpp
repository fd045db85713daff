// A hint's plan in words, for `hint` in `warroom play` (core::PlanText): the structure ai_hint.cpp
// answers -- data ids and reason codes -- worded from the catalogues (warroom.hint.*) as the
// browser's hint panel words them (web/src/titles/warroom-hint.ts): each order with why and, for an
// attack, the odds of the seat's side; the bid and why; the purchases and their mix; a deployment
// plan's or another decision's actions, a stance with the odds of the battle fought. No second
// planner: every entry and its actions are the plan's own.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "warroom/game.h"

namespace warroom {

namespace {

class PlanWords {
 public:
  PlanWords(const Game& g, core::Seat seat, std::string_view language) : g_(g), seat_(seat), language_(language) {}

  core::PlanText text(const State& seen, const nlohmann::json& plan) const {
    core::PlanText out;
    const std::string step = plan.value("step", "");
    std::string chance = tr("title") + " — " + tr("chance", {{"percent", percent(plan.value("value", 0.0))}});
    if (plan.contains("candidates"))
      chance += " " + tr("search", {{"weight", percent(plan.value("weight", 0.0))},
                                    {"candidates", std::to_string(plan.value("candidates", 0))},
                                    {"rollouts", std::to_string(plan.value("rollouts", 0L))}});
    out.head.push_back(chance);
    if (step == "sheet" || step == "purchases") {
      std::string styles;
      for (const auto& code : plan.value("styles", nlohmann::json::array()))
        styles += (styles.empty() ? "" : ", ") + style(code.get<std::string>());
      out.head.push_back(tr("styles", {{"styles", styles.empty() ? tr("style.rules") : styles}}));
      for (const auto& n : plan.value("nations", nlohmann::json::array())) {
        if (step == "sheet")
          sheet(plan, n, out.entries);
        else
          purchases(n, out.entries);
      }
    } else {
      actions(seen, plan, out.entries);
    }
    return out;
  }

 private:
  std::string tr(std::string_view key, const core::i18n::Args& args = {}) const {
    return g_.catalogues().tr(language_, "warroom.hint." + std::string(key), args);
  }
  std::string word(const std::string& key, const std::string& fallback) const {
    return g_.catalogues().contains(language_, key) ? g_.catalogues().tr(language_, key) : fallback;
  }
  std::string why(const std::string& code) const { return word("warroom.hint.why." + code, code); }
  std::string style(const std::string& code) const { return word("warroom.hint.style." + code, why(code)); }
  std::string nation(const std::string& id) const { return word("warroom.nation." + id, id); }
  // A region as the browser names it: its id and the data's name ("R5 Kiev"); "—" for none.
  std::string region(const nlohmann::json& id) const {
    if (!id.is_string()) return "—";
    const RegionId r = g_.data().find_region(id.get<std::string>());
    return r == kNoRegion ? id.get<std::string>() : fmt::format("{} {}", id.get<std::string>(), g_.data().regions[r].name);
  }
  static std::string percent(double x) { return fmt::format("{}%", std::lround(100 * x)); }
  // An estimate as the odds panel shows it: the mean, and with Monte Carlo "± one standard error".
  static std::string figure(const nlohmann::json& e, bool exact) {
    const std::string mean = fmt::format("{:.1f}%", 100 * e.value("mean", 0.0));
    return exact ? mean : fmt::format("{} ± {:.1f}", mean, 100 * e.value("se", 0.0));
  }
  static std::vector<std::string> strings(const nlohmann::json& list) {
    std::vector<std::string> out;
    for (const auto& a : list) out.push_back(a.get<std::string>());
    return out;
  }
  // The chance of `side` ("allied", "axis") in the battle for `region`, as the plan's odds give it.
  std::string odds(const nlohmann::json& plan, const std::string& region_id, const std::string& side) const {
    for (const auto& a : plan.value("attacks", nlohmann::json::array())) {
      if (a.value("region", "") != region_id || !a.contains("odds") || !a["odds"].contains("sides")) continue;
      const nlohmann::json& o = a["odds"];
      return tr("odds", {{"region", region(region_id)}, {"percent", figure(o["sides"][side]["wins"], o.value("exact", false))}});
    }
    return "";
  }
  static std::string side_of(Nation nation) { return alliance_of(nation) == Alliance::Axis ? "axis" : "allied"; }

  void sheet(const nlohmann::json& plan, const nlohmann::json& n, std::vector<core::PlanEntry>& out) const {
    const std::string id = n.value("nation", "");
    const std::optional<Nation> which = nation_from_id(id);
    const std::string side = which ? side_of(*which) : "allied";
    std::string group = nation(id);
    if (n.contains("campaign") && n["campaign"].is_string()) group += " — " + tr("campaign", {{"region", region(n["campaign"])}});
    std::vector<std::string> weighed;  // each attack's odds once, under the first order into it
    const nlohmann::json orders = n.value("orders", nlohmann::json::array());
    for (const auto& o : orders) {
      core::PlanEntry e{
          group,
          tr("order", {{"command", std::to_string(o.value("command", 0))}, {"from", region(o["from"])}, {"to", region(o["to"])}}),
          o.value("proposed", false) ? why(o.value("reason", "")) : tr("yours"),
          {},
          o.value("proposed", false) ? strings(o["actions"]) : std::vector<std::string>{}};
      const std::string to = o.value("to", "");
      if (o.value("attack", false) && std::find(weighed.begin(), weighed.end(), to) == weighed.end()) {
        weighed.push_back(to);
        if (std::string line = odds(plan, to, side); !line.empty()) e.details.push_back(std::move(line));
      }
      out.push_back(std::move(e));
    }
    if (orders.empty()) out.push_back({group, tr("no_orders"), "", {}, {}});
    if (!n.contains("bid")) return;
    const nlohmann::json& bid = n["bid"];
    out.push_back({group,
                   tr("bid", {{"bid", std::to_string(bid.value("bid", 0))}}),
                   why(bid.value("reason", "")),
                   {},
                   bid.value("proposed", false) ? strings(bid["actions"]) : std::vector<std::string>{}});
  }

  void purchases(const nlohmann::json& n, std::vector<core::PlanEntry>& out) const {
    const std::string group = nation(n.value("nation", ""));
    const nlohmann::json bought = n.value("purchases", nlohmann::json::array());
    for (const auto& p : bought) {
      const std::string what =
          p.contains("unit") ? tr("unit", {{"unit", word("warroom.unit." + p["unit"].get<std::string>(), p["unit"].get<std::string>())},
                                           {"n", std::to_string(p.value("count", 0))}})
                             : tr("goods", {{"n", std::to_string(p.value("goods", 0))}});
      const nlohmann::json cost = p.value("cost", nlohmann::json::object());
      const std::string paid = g_.catalogues().tr(language_, "warroom.purchase.mix",
                                                  {{"oil", std::to_string(cost.value("oil", 0))},
                                                   {"iron", std::to_string(cost.value("iron", 0))},
                                                   {"osr", std::to_string(cost.value("osr", 0))}});
      out.push_back({group, fmt::format("{} ({})", what, paid), why(p.value("reason", "")), {}, strings(p["actions"])});
    }
    if (bought.empty()) out.push_back({group, tr("nothing"), "", {}, {}});
  }

  // A deployment plan's entries or another decision's one action, each in the words of the decision
  // panel (its action message); the odds of the battle being fought under the first.
  void actions(const State& seen, const nlohmann::json& plan, std::vector<core::PlanEntry>& out) const {
    for (const auto& x : plan.value("actions", nlohmann::json::array())) {
      const std::string command = x.value("action", "");
      const std::optional<core::Action> a = g_.action_from_string(seen, seat_, command);
      const std::string text = a ? g_.catalogues().render(language_, g_.action_message(seen, seat_, *a)) : command;
      out.push_back({"", text, why(x.value("reason", "")), {}, {command}});
    }
    if (out.empty()) {
      out.push_back({"", tr("nothing"), "", {}, {}});
      return;
    }
    const NationSet nations = g_.seat_nations(seat_);
    const std::string side = nations.any() ? side_of(nations.nth(0)) : "allied";
    for (const auto& at : plan.value("attacks", nlohmann::json::array()))
      if (std::string line = odds(plan, at.value("region", ""), side); !line.empty()) out.front().details.push_back(std::move(line));
  }

  const Game& g_;
  core::Seat seat_;
  std::string language_;
};

}  // namespace

core::PlanText Game::plan_text(const State& observation, core::Seat seat, const nlohmann::json& plan, std::string_view language) const {
  if (!plan.is_object()) return {};
  return PlanWords(*this, seat, language).text(observation, plan);
}

}  // namespace warroom
