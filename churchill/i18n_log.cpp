// Log entries in the reader's language: each event's catalogue key ("log.played") and its named
// arguments, with the rule number in front. The entry itself stays language-neutral (core/log.h).
#include <fmt/format.h>

#include "churchill/i18n_names.h"
#include "churchill/rules.h"

namespace churchill {

using rules::Event;

namespace {

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

// One event worded: a key, its arguments and, for a plural message, the count.
struct Message {
  std::string key;
  core::i18n::Args args;
  std::optional<long long> count;
};

class Wording {
 public:
  explicit Wording(const Names& n) : n_(n), d_(n.data()) {}

  std::string power(int p) const { return n_.power(p); }
  std::string card(int p, int card) const {
    if (card < 0 || p < 0 || p >= kPowers) return n_.tr("log.the_leader");
    return n_.staff(static_cast<Power>(p), card);
  }
  std::string where(int track, int space) const {
    if (track < 0 || track >= kPowers) return n_.tr("log.where_centre");
    if (space >= kChair) return n_.tr("log.where_chair", {{"power", power(track)}});
    return n_.tr("log.where_space", {{"power", power(track)}, {"space", std::to_string(space)}});
  }
  std::string held_because(int exception, int figure, int naval_needed) const {
    switch (exception) {
      case 1: return n_.tr("log.held_naval", {{"naval", std::to_string(figure)}, {"needed", std::to_string(naval_needed)}});
      case 3: return n_.tr("log.held_d_day");
      case 4: return n_.tr("log.held_ussr_war");
      default: return n_.tr("log.held_strength", {{"strength", std::to_string(figure)}});
    }
  }

  Message message(const core::LogEntry& e) const;

 private:
  const Names& n_;
  const Data& d_;
};

std::string num(int v) { return std::to_string(v); }
std::string signed_num(int v) { return fmt::format("{:+}", v); }

Message Wording::message(const core::LogEntry& e) const {
  const auto [a, b, c, x] = e.args;
  auto issue = [&](int i) { return n_.issue(i); };
  auto loc = [&](int i) { return n_.location(i); };
  switch (static_cast<Event>(e.event)) {
    case Event::ConferenceCard: {
      const ConferenceCard& card = d_.conference_cards[at(a)];
      const std::string key = conference_key(card.conference);
      return {"log.conference_card",
              {{"number", num(card.conference)}, {"title", n_.tr(key + ".name")}, {"version", std::string(1, card.version)},
               {"date", n_.tr(key + ".date")}}, {}};
    }
    case Event::Mandate:
      if (c >= 0) return {"log.mandate_theater", {{"power", power(a)}, {"count", num(b)}, {"theater", n_.theater(c)}}, {}};
      return {"log.mandate", {{"power", power(a)}, {"count", num(b)}}, {}};
    case Event::ProductionChange: return {"log.production_change", {{"power", power(a)}, {"change", signed_num(b)}}, {}};
    case Event::IssueToTable: return {"log.issue_to_table", {{"issue", issue(a)}}, {}};
    case Event::LeaderRestricted:
      if (c != x) return {"log.leader_restriction_void", {{"leader", n_.leader(c)}, {"leader2", n_.leader(x)}, {"power", power(a)}}, {}};
      return {b == 0 ? "log.leader_stays_home" : "log.leader_inactive", {{"leader", n_.leader(c)}}, {}};
    case Event::ReservePlaced: {
      const std::string reserve = n_.reserve(static_cast<ReserveKind>(a));
      if (c >= 0) return {"log.reserve_front", {{"reserve", reserve}, {"count", num(b)}, {"front", n_.front(c)}}, {}};
      return {"log.reserve_theater", {{"reserve", reserve}, {"count", num(b)}, {"theater", n_.theater(x)}}, {}};
    }
    case Event::NavalLost: return {"log.naval_lost", {{"theater", n_.theater(a)}}, {}};
    case Event::NavalPlaced: return {"log.naval_placed", {{"power", power(b)}, {"theater", n_.theater(a)}}, {}};
    case Event::OffensivePlaced:
      return {c ? "log.offensive_placed_bonus" : "log.offensive_placed", {{"power", power(b)}, {"front", n_.front(a)}}, {}};
    case Event::ConvoyRoll: return {b ? "log.convoy_roll_arrives" : "log.convoy_roll_sunk", {{"roll", num(a)}}, {}};
    case Event::ConvoyArrives: return {"log.convoy_arrives", {}, {}};
    case Event::PolMilCount: return {"log.polmil_count", {{"roll", num(a)}}, b};
    case Event::PolMilCell: return {"log.polmil_cell", {{"red", num(a)}, {"blue", num(b)}, {"location", loc(c)}}, {}};
    case Event::NetworkPlaced: return {"log.network_placed", {{"power", power(a)}, {"location", loc(b)}}, {}};
    case Event::NetworkRemoved: return {"log.network_removed", {{"power", power(a)}, {"location", loc(b)}}, {}};
    case Event::AlignmentPlaced: return {"log.alignment_placed", {{"power", power(a)}, {"location", loc(b)}}, {}};
    case Event::AlignmentRemoved: return {"log.alignment_removed", {{"power", power(a)}, {"location", loc(b)}}, {}};
    case Event::MarkerLost: return {c ? "log.alignment_lost" : "log.network_lost", {{"power", power(a)}, {"location", loc(b)}}, {}};
    case Event::RemovalDeclined:
      return {c ? "log.removal_declined_alignment" : "log.removal_declined_network", {{"power", power(a)}}, b};
    case Event::Dealt: return {"log.dealt", {{"power", power(a)}}, b};
    case Event::Shuffled: return {"log.shuffled", {{"power", power(a)}}, b};
    case Event::AgendaRevealed: return {"log.agenda_revealed", {{"power", power(a)}, {"card", card(a, b)}, {"value", num(c)}}, {}};
    case Event::AgendaWinner: return {"log.agenda_winner", {{"power", power(a)}, {"difference", num(b)}}, {}};
    case Event::TieBroken: return {"log.tie_broken", {{"power", power(a)}, {"power2", power(b)}}, {}};
    case Event::TieByUs: return {a == b ? "log.tie_by_us_wins" : "log.tie_by_us_gives", {{"power2", power(b)}}, {}};
    case Event::IssueSelected:
      return {"log.issue_selected", {{"power", power(a)}, {"issue", issue(b)}, {"where", c ? where(a, c) : where(-1, 0)}}, {}};
    case Event::Played:
      return {"log.played", {{"power", power(a)}, {"card", card(a, b)}, {"value", num(x)}, {"issue", issue(c)}}, {}};
    case Event::Debated: return {"log.debated", {{"power", power(a)}, {"card", card(a, b)}, {"value", num(c)}}, {}};
    case Event::IssueMoved: return {"log.issue_moved", {{"issue", issue(a)}, {"where", where(b, c)}}, {}};
    case Event::Captured: return {"log.captured", {{"power", power(a)}, {"issue", issue(b)}}, {}};
    case Event::Passed: return {"log.passed", {{"power", power(a)}}, {}};
    case Event::Discarded: return {"log.discarded", {{"power", power(a)}, {"card", card(a, b)}}, {}};
    case Event::ChiefValue: return {"log.chief_value", {{"power", power(a)}, {"roll", num(b)}}, {}};
    case Event::HealthRoll:
      return {x ? "log.health_fails" : "log.health_passes", {{"power", power(a)}, {"card", card(a, b)}, {"roll", num(c)}}, {}};
    case Event::CardRemoved: return {"log.card_removed", {{"card", card(a, b)}}, {}};
    case Event::LeaderDies: return {"log.leader_dies", {{"leader", n_.leader(a)}, {"leader2", n_.leader(b)}}, {}};
    case Event::HeartAttack: return {"log.heart_attack", {{"power", power(a)}}, {}};
    case Event::Paranoia: return {b ? "log.paranoia_fails" : "log.paranoia_passes", {{"roll", num(a)}}, {}};
    case Event::Purge: return {c ? "log.purge_arrested" : "log.purge_spared", {{"roll", num(b)}, {"card", card(2, a)}}, {}};
    case Event::NetworksGained: return {"log.networks_gained", {{"power", power(a)}}, b};
    case Event::AlignmentGained: return {"log.alignment_gained", {{"power", power(a)}}, b};
    case Event::IssueWon: return {"log.issue_won", {{"power", power(a)}, {"issue", issue(b)}}, {}};
    case Event::ConditionalInEffect: return {"log.conditional_in_effect", {{"issue", issue(a)}}, {}};
    case Event::ConferenceWinner: return {"log.conference_winner", {{"power", power(a)}}, {}};
    case Event::DirectedPlaced: return {"log.directed_placed", {{"power", power(a)}, {"issue", issue(b)}, {"front", n_.front(c)}}, {}};
    case Event::ProductionTotal: return {"log.production_total", {{"power", power(a)}, {"count", num(b)}}, {}};
    case Event::ProductionTaken: return {"log.production_taken", {{"power", power(a)}, {"power2", power(b)}}, {}};
    case Event::Activated: return {"log.activated", {{"power", power(a)}, {"issue", issue(b)}}, {}};
    case Event::ABombModifier: return {"log.a_bomb_modifier", {{"power", power(a)}}, {}};
    case Event::LeadershipSet:
      return {b == 0 ? "log.leadership_europe" : "log.leadership_pacific", {{"power", power(a)}, {"power2", power(c)}}, {}};
    case Event::ABombRoll:
      return {c ? "log.a_bomb_advances" : "log.a_bomb_no_progress", {{"roll", num(a)}, {"modifier", signed_num(b)}}, {}};
    case Event::SpyRing: return {"log.spy_ring", {{"space", n_.a_bomb(a)}}, {}};
    case Event::GlobalMoved: return {"log.global_moved", {{"power", power(a)}, {"global_issue", n_.global_issue(b)}}, {}};
    case Event::EndOfConference: return {"log.end_of_conference", {{"number", num(a)}}, {}};
    case Event::FrontHeld:
      return {"log.front_held", {{"front", n_.front(a)}, {"reason", held_because(b, c, x)}, {"exception", num(b)}}, {}};
    case Event::FrontRolled:
      return {x ? "log.front_advances" : "log.front_no_advance", {{"front", n_.front(a)}, {"roll", num(b)}, {"strength", num(c)}}, {}};
    case Event::FrontAdvanced: return {"log.front_advanced", {{"front", n_.front(a)}, {"space", n_.space(b)}}, {}};
    case Event::ReserveCollapse: return {"log.reserve_collapse", {{"reserve", n_.reserve(static_cast<ReserveKind>(a))}}, {}};
    case Event::IjnSortie:
      if (b >= 0) return {"log.ijn_sortie", {{"roll", num(a)}, {"theater", n_.theater(b)}}, {}};
      return {"log.ijn_no_sortie", {{"roll", num(a)}}, {}};
    case Event::IjnBattle: return {b ? "log.ijn_eliminated" : "log.ijn_returns", {{"roll", num(a)}, {"count", num(c)}}, {}};
    case Event::Surrender: return {"log.surrender", {{"axis", n_.axis(a == 0 ? 0 : 1)}}, {}};
    case Event::GameWon: return {"log.game_won", {{"power", power(a)}}, {}};
    case Event::SecretAgendaDrawn: return {"log.secret_agenda_drawn", {{"power", power(a)}}, b};
  }
  return {"log.unknown_event", {{"event", num(e.event)}}, {}};
}

}  // namespace

std::string describe(const Names& names, const core::LogEntry& entry) {
  const Message m = Wording(names).message(entry);
  return names.tr("log.entry", {{"rule", entry.rule}, {"text", names.tr(m.key, m.args, m.count)}});
}

}  // namespace churchill
