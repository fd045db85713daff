// warroom odds: the battle calculator (warroom/calculator.h, docs/warroom/ai.md) on a saved game,
// as one seat sees it: the chance to take or hold a region, expected losses, Stress and Medals, with
// the stances and everything else assumed.
#include <fmt/format.h>

#include <cstdio>

#include "cli/warroom_commands.h"
#include "core/session_match.h"
#include "warroom/calculator.h"

namespace cli {

namespace {

[[noreturn]] void fail(const std::string& message) { throw core::SaveError(message); }

// The seat named, or the seat of the nation named (GER in GER+ITA); none: a spectator.
core::Seat parse_seat(const warroom::Game& g, const std::string& text) {
  if (text.empty()) return -1;
  if (const auto seat = g.seat_from_name(text)) return *seat;
  if (const auto n = warroom::nation_from_id(text); n && g.seat_of(*n) >= 0) return g.seat_of(*n);
  std::string seats;
  for (core::Seat p = 0; p < g.seat_count(); ++p) seats += (seats.empty() ? "" : ", ") + g.seat_name(p);
  fail(fmt::format("--as: \"{}\" is not a seat of this game, nor a nation of one ({})", text, seats));
}

std::string figure(const warroom::Estimate& e, bool exact, bool percent) {
  std::string mean = percent ? fmt::format("{:.1f}%", 100 * e.mean) : fmt::format("{:.2f}", e.mean);
  if (exact) return mean;
  return percent ? fmt::format("{} ±{:.1f}", mean, 100 * e.se) : fmt::format("{} ±{:.2f}", mean, e.se);
}

// `text` padded with spaces to `width` characters on the screen (UTF-8: "±" is one).
std::string padded(const std::string& text, std::size_t width) {
  std::size_t shown = 0;
  for (unsigned char c : text) shown += (c & 0xC0) != 0x80;
  return text + std::string(width > shown ? width - shown : 0, ' ');
}

// A side's column heading: its role in a land battle.
std::string column(const warroom::Odds& o, int side) {
  if (!o.land || o.defender < 0) return warroom_alliance_name(side);
  return fmt::format("{} ({})", warroom_alliance_name(side), side == o.defender ? "defending" : "attacking");
}

std::string stance_line(const warroom::Game& g, const warroom::SideOdds& s) {
  const warroom::BattleNames names = g.battle_names();
  std::string out;
  for (const warroom::StanceUse& u : s.stances)
    out += (out.empty() ? "" : ", ") + names.type[u.type] + " " + names.stance[u.type][u.stance];
  switch (s.stance_source) {
    case warroom::StanceSource::Searched: return out + " (its best)";
    case warroom::StanceSource::RulesBot: return out + " (as bot:rules chooses)";
    case warroom::StanceSource::OnBoard: return out + " (on the board)";
    case warroom::StanceSource::None: break;
  }
  return out.empty() ? "no units" : out + " (no choice)";
}

std::string commands(const warroom::Game& g, const std::vector<warroom::CommandRef>& list) {
  std::string out;
  for (std::size_t i = 0; i < list.size(); ++i)
    out += (i == 0 ? "" : i + 1 == list.size() ? " and " : ", ") + fmt::format("{} {}", g.nation_name(list[i].nation), list[i].number);
  return out;
}

void print_text(const warroom::Game& g, const warroom::Odds& o, const std::string& seat) {
  const warroom::Region& reg = g.data().region(o.region);
  const std::string where = fmt::format("{} ({})", reg.name, reg.id);
  const bool x = o.exact;
  const std::string until =
      o.error_target > 0 ? fmt::format(" (until each side's win chance was within ±{:.1f}% or all were played)", 100 * o.error_target) : "";
  const std::string how = x ? "Exact: every roll of the dice weighed."
                            : fmt::format("Monte Carlo, {} battles{}: each figure ± one standard error.", o.samples, until);
  std::printf("Odds in %s, as %s sees it\n%s\n", where.c_str(), seat.c_str(), how.c_str());
  if (o.kind == warroom::BattleKind::ConvoyRaid) std::printf("A convoy raid (Phase 4 > Raids > Resolving Convoy Raids).\n");
  const std::string wins = !o.land ? "alone in " + reg.name : o.defender == 0 ? "holds / takes " + reg.name : "takes / holds " + reg.name;
  std::printf("  %s %s %s\n", padded("", 26).c_str(), padded(column(o, 0), 20).c_str(), column(o, 1).c_str());
  const auto row = [&](const std::string& label, const warroom::Estimate& a, const warroom::Estimate& b, bool percent) {
    std::printf("  %s %s %s\n", padded(label, 26).c_str(), padded(figure(a, x, percent), 20).c_str(), figure(b, x, percent).c_str());
  };
  row(wins, o.side[0].wins, o.side[1].wins, true);
  row("units lost", o.side[0].units_lost, o.side[1].units_lost, false);
  row("Casualty Points lost", o.side[0].casualty_points, o.side[1].casualty_points, false);
  row("Stress gained", o.side[0].stress, o.side[1].stress, false);
  row("Medals gained", o.side[0].medals, o.side[1].medals, false);
  row("resources lost", o.side[0].resources_lost, o.side[1].resources_lost, false);
  std::printf("  %s: %s\n", o.land ? "Embattled after it (both keep land units)" : "Both sides still there after it",
              figure(o.contested, x, true).c_str());
  if (!o.side[0].stances.empty() || !o.side[1].stances.empty()) {
    std::printf("Stances (Battle Setup > 5: the %s commit first, the %s answer):\n", warroom_alliance_name(o.first_side),
                warroom_alliance_name(1 - o.first_side));
    for (int side = 0; side < warroom::kSides; ++side)
      std::printf("  %s %s\n", padded(std::string(warroom_alliance_name(side)) + ":", 7).c_str(),
                  stance_line(g, o.side[static_cast<std::size_t>(side)]).c_str());
  }
  std::printf("Assumed:\n");
  if (o.in_progress) std::printf("  - the battle as it stands now, being fought.\n");
  if (!o.moved_in.empty())
    std::printf("  - %s move%s in first (%s carried out now).\n", commands(g, o.moved_in).c_str(), o.moved_in.size() == 1 ? "s" : "",
                o.moved_in.size() == 1 ? "its order" : "their orders");
  if (o.more_may_come) std::printf("  - no other Command comes (orders not yet carried out may bring more).\n");
  std::printf("  - hits, escorts, repairs and the other battle choices as bot:rules makes them.\n");
  if (o.later_chance) std::printf("  - the pact's second battle or a convoy raid after it is played out too.\n");
  if (o.plans > 1) std::printf("  - %d pairs of stance plans compared.\n", o.plans);
  std::printf("Computed in %.0f ms.\n", o.milliseconds);
}

}  // namespace

void add_warroom_odds_command(CLI::App& app, Kit& kit) {
  static std::string file, as, region, with;
  static int samples = 3000;
  static double error = warroom::OddsQuery{}.error;
  static std::uint64_t seed = 1;
  static bool json = false, rules_stances = false;
  CLI::App* odds =
      app.add_subcommand("odds", "The odds of a battle in a region of a saved game, as one seat sees it (the battle calculator)");
  odds->add_option("file", file, "Save file")->required();
  odds->add_option("--region", region, "The region: its id (R1) or name (Moscow)")->required();
  odds->add_option("--as", as, "The seat asking (or a nation of it); default: a spectator, who sees only the board");
  odds->add_option("--with", with, "Commands assumed to move in first, NATION:NUMBER,... (default: the seat's own written orders there)");
  odds->add_option("--samples", samples, "Monte Carlo battles when the exact odds are out of reach")->check(CLI::Range(100, 1000000));
  odds->add_option("--error", error, "Monte Carlo stops once each side's win chance has this standard error (0: all the samples)")
      ->check(CLI::Range(0.0, 0.5));
  odds->add_option("--seed", seed, "Monte Carlo seed (the same seed, the same figures)");
  odds->add_flag("--rules-stances", rules_stances, "Stances as bot:rules chooses them instead of each side's best");
  odds->add_flag("--json", json, "JSON");
  odds->callback([&kit] {
    const auto match = load_match(kit.title(), file);
    const auto* session = dynamic_cast<const core::SessionMatch<warroom::Game>*>(match.get());
    if (!session) fail(fmt::format("{} is not a War Room game", file));
    const warroom::Game& g = session->game();
    warroom::OddsQuery q;
    try {
      q.region = warroom::region_named(g, region);
      q.moving_in = warroom::commands_named(g, with);
    } catch (const core::ActionError& e) {
      fail(fmt::format("--{}", e.what()));
    }
    q.samples = samples;
    q.error = error;
    q.seed = seed;
    q.search_stances = !rules_stances;
    std::vector<std::string> controllers;  // a side bot:rules plays chooses as it does, as through the server
    for (core::Seat p = 0; p < g.seat_count(); ++p) controllers.push_back(match->controller(p));
    q.rules_sides = warroom::rules_sides(g, controllers);
    const core::Seat seat = parse_seat(g, as);
    const warroom::Odds o = warroom::battle_odds(g, session->session().state(), seat, q);
    if (!o.error.empty()) fail(o.error);
    if (json)
      std::printf("%s\n", warroom::odds_json(g, o).dump(1).c_str());
    else
      print_text(g, o, seat < 0 ? "a spectator" : g.seat_name(seat));
  });
}

}  // namespace cli
