// Log entries in the reader's language: each event's catalogue key ("log.played") and its named
// arguments (names as catalogue keys), with the rule number in front. The entry itself stays
// language-neutral (core/log.h); the message is worded by the terminal (Catalogues::render) or the
// web client (i18next), from the same catalogues.
#include <fmt/format.h>

#include "churchill/i18n_names.h"
#include "churchill/rules.h"

namespace churchill {

using core::i18n::Message;
using rules::Event;

namespace {

Message signed_num(int v) { return Message::plain(fmt::format("{:+}", v)); }

// One event worded: a key, its arguments and, for a plural message, the count.
struct Worded {
  std::string key;
  std::vector<std::pair<std::string, Message>> args;
  std::optional<long long> count;
  Message message() const {
    Message m = key_of();
    for (const auto& [name, value] : args) m.with(name, value);
    m.count = count;
    return m;
  }
  Message key_of() const { return churchill::key(key); }
};

class Wording {
 public:
  explicit Wording(const Data& d) : d_(d) {}

  Message power(int p) const { return p >= 0 && p < kPowers ? key(power_key(power_at(p))) : Message::plain("-"); }
  Message card(int p, int card) const {
    if (card < 0 || p < 0 || p >= kPowers) return key("log.the_leader");
    return nm(staff_key(d_, power_at(p), card));
  }
  Message where(int track, int space) const {
    if (track < 0 || track >= kPowers) return key("log.where_centre");
    if (space >= kChair) return key("log.where_chair").with("power", power(track));
    return key("log.where_space").with("power", power(track)).with("space", std::to_string(space));
  }
  Message held_because(int exception, int figure, int naval_needed) const {
    switch (exception) {
      case 1: return key("log.held_naval").with("naval", std::to_string(figure)).with("needed", std::to_string(naval_needed));
      case 3: return key("log.held_d_day");
      case 4: return key("log.held_ussr_war");
      default: return key("log.held_strength").with("strength", std::to_string(figure));
    }
  }

  Worded message(const core::LogEntry& e) const;

 private:
  const Data& d_;
};

Worded Wording::message(const core::LogEntry& e) const {
  const auto [a, b, c, x] = e.args;
  auto issue = [&](int i) {  // "US Production 2" where two issues share a name
    const std::string number = issue_number(d_, i);
    return number.empty() ? nm(issue_key(d_, i)) : key("log.issue_numbered").with("issue", nm(issue_key(d_, i))).with("number", number);
  };
  auto loc = [&](int i) { return nm(location_key(d_, location_at(i))); };
  switch (static_cast<Event>(e.event)) {
    case Event::ConferenceCard: {
      const ConferenceCard& card = d_.conference_cards[conference_card_at(a)];
      const std::string k = conference_key(card.conference);
      return {"log.conference_card",
              {{"number", num(card.conference)},
               {"title", nm(k)},
               {"version", Message::plain(std::string(1, card.version))},
               {"date", churchill::key(k + ".date")}},
              {}};
    }
    case Event::Mandate:
      if (c >= 0)
        return {"log.mandate_theater", {{"power", power(a)}, {"count", num(b)}, {"theater", nm(theater_key(d_, theater_at(c)))}}, {}};
      return {"log.mandate", {{"power", power(a)}, {"count", num(b)}}, {}};
    case Event::ProductionChange: return {"log.production_change", {{"power", power(a)}, {"change", signed_num(b)}}, {}};
    case Event::IssueToTable: return {"log.issue_to_table", {{"issue", issue(a)}}, {}};
    case Event::LeaderRestricted:
      if (c != x)
        return {"log.leader_restriction_void",
                {{"leader", nm(leader_key(d_, leader_at(c)))}, {"leader2", nm(leader_key(d_, leader_at(x)))}, {"power", power(a)}},
                {}};
      return {b == 0 ? "log.leader_stays_home" : "log.leader_inactive", {{"leader", nm(leader_key(d_, leader_at(c)))}}, {}};
    case Event::ReservePlaced: {
      const Message reserve = churchill::key(reserve_key(static_cast<ReserveKind>(a)));
      if (c >= 0) return {"log.reserve_front", {{"reserve", reserve}, {"count", num(b)}, {"front", nm(front_key(d_, front_at(c)))}}, {}};
      return {"log.reserve_theater", {{"reserve", reserve}, {"count", num(b)}, {"theater", nm(theater_key(d_, theater_at(x)))}}, {}};
    }
    case Event::NavalLost: return {"log.naval_lost", {{"theater", nm(theater_key(d_, theater_at(a)))}}, {}};
    case Event::NavalPlaced:  // by a power, or by the conference card (5.11): no power
      if (b < 0) return {"log.naval_placed_card", {{"theater", nm(theater_key(d_, theater_at(a)))}}, {}};
      return {"log.naval_placed", {{"power", power(b)}, {"theater", nm(theater_key(d_, theater_at(a)))}}, {}};
    case Event::OffensivePlaced:
      if (b < 0) return {"log.offensive_placed_card", {{"front", nm(front_key(d_, front_at(a)))}}, {}};
      return {
          c ? "log.offensive_placed_bonus" : "log.offensive_placed", {{"power", power(b)}, {"front", nm(front_key(d_, front_at(a)))}}, {}};
    case Event::ConvoyRoll: return {b ? "log.convoy_roll_arrives" : "log.convoy_roll_sunk", {{"roll", num(a)}}, {}};
    case Event::ConvoyArrives: return {"log.convoy_arrives", {}, {}};
    case Event::PolMilCount: return {"log.polmil_count", {{"roll", num(a)}}, b};
    case Event::PolMilCell: {  // 5.12: what the roll is for; a removal with nothing to remove does nothing
      static constexpr const char* kFor[] = {"log.polmil_cell",
                                             "log.polmil_for_networks",
                                             "log.polmil_for_alignment",
                                             "log.polmil_for_network_removal",
                                             "log.polmil_for_alignment_removal",
                                             "log.polmil_for_network_removal",
                                             "log.polmil_for_alignment_removal"};
      return {kFor[x >= 0 && x <= 6 ? x : 0], {{"red", num(a)}, {"blue", num(b)}, {"location", loc(c)}}, {}};
    }
    case Event::NetworkPlaced: return {"log.network_placed", {{"power", power(a)}, {"location", loc(b)}}, {}};
    case Event::NetworkRemoved: return {"log.network_removed", {{"power", power(a)}, {"location", loc(b)}}, {}};
    case Event::AlignmentPlaced: return {"log.alignment_placed", {{"power", power(a)}, {"location", loc(b)}}, {}};
    case Event::AlignmentRemoved: return {"log.alignment_removed", {{"power", power(a)}, {"location", loc(b)}}, {}};
    case Event::MarkerLost: return {c ? "log.alignment_lost" : "log.network_lost", {{"power", power(a)}, {"location", loc(b)}}, {}};
    case Event::RemovalDeclined: return {c ? "log.removal_declined_alignment" : "log.removal_declined_network", {{"power", power(a)}}, b};
    case Event::Dealt: return {"log.dealt", {{"power", power(a)}}, b};
    case Event::Shuffled: return {"log.shuffled", {{"power", power(a)}}, b};
    case Event::AgendaRevealed: return {"log.agenda_revealed", {{"power", power(a)}, {"card", card(a, b)}, {"value", num(c)}}, {}};
    case Event::AgendaWinner: return {"log.agenda_winner", {{"power", power(a)}, {"difference", num(b)}}, {}};
    case Event::TieBroken: return {"log.tie_broken", {{"power", power(a)}, {"power2", power(b)}}, {}};
    case Event::TieByUs: return {a == b ? "log.tie_by_us_wins" : "log.tie_by_us_gives", {{"power2", power(b)}}, {}};
    case Event::IssueSelected:
      return {"log.issue_selected", {{"power", power(a)}, {"issue", issue(b)}, {"where", c ? where(a, c) : where(-1, 0)}}, {}};
    case Event::Played: return {"log.played", {{"power", power(a)}, {"card", card(a, b)}, {"value", num(x)}, {"issue", issue(c)}}, {}};
    case Event::Debated: return {"log.debated", {{"power", power(a)}, {"card", card(a, b)}, {"value", num(c)}}, {}};
    case Event::IssueMoved: return {"log.issue_moved", {{"issue", issue(a)}, {"where", where(b, c)}}, {}};
    case Event::Captured: return {"log.captured", {{"power", power(a)}, {"issue", issue(b)}}, {}};
    case Event::Passed: return {"log.passed", {{"power", power(a)}}, {}};
    case Event::Discarded: return {"log.discarded", {{"power", power(a)}, {"card", card(a, b)}}, {}};
    case Event::ChiefValue: return {"log.chief_value", {{"power", power(a)}, {"roll", num(b)}}, {}};
    case Event::HealthRoll:
      return {x ? "log.health_fails" : "log.health_passes", {{"power", power(a)}, {"card", card(a, b)}, {"roll", num(c)}}, {}};
    case Event::CardRemoved: return {"log.card_removed", {{"card", card(a, b)}}, {}};
    case Event::LeaderDies:
      return {"log.leader_dies", {{"leader", nm(leader_key(d_, leader_at(a)))}, {"leader2", nm(leader_key(d_, leader_at(b)))}}, {}};
    case Event::HeartAttack: return {"log.heart_attack", {{"power", power(a)}}, {}};
    case Event::Paranoia: return {b ? "log.paranoia_fails" : "log.paranoia_passes", {{"roll", num(a)}}, {}};
    case Event::Purge: return {c ? "log.purge_arrested" : "log.purge_spared", {{"roll", num(b)}, {"card", card(2, a)}}, {}};
    case Event::NetworksGained: return {"log.networks_gained", {{"power", power(a)}}, b};
    case Event::AlignmentGained: return {"log.alignment_gained", {{"power", power(a)}}, b};
    case Event::IssueWon: return {"log.issue_won", {{"power", power(a)}, {"issue", issue(b)}}, {}};
    case Event::ConditionalInEffect: return {"log.conditional_in_effect", {{"issue", issue(a)}}, {}};
    case Event::ConferenceWinner: return {"log.conference_winner", {{"power", power(a)}}, {}};
    case Event::DirectedPlaced:
      return {"log.directed_placed", {{"power", power(a)}, {"issue", issue(b)}, {"front", nm(front_key(d_, front_at(c)))}}, {}};
    case Event::ProductionTotal: return {"log.production_total", {{"power", power(a)}, {"count", num(b)}}, {}};
    case Event::ProductionTaken: return {"log.production_taken", {{"power", power(a)}, {"power2", power(b)}}, {}};
    case Event::Activated: return {"log.activated", {{"power", power(a)}, {"issue", issue(b)}}, {}};
    case Event::ABombModifier: return {"log.a_bomb_modifier", {{"power", power(a)}}, {}};
    case Event::LeadershipSet:
      return {b == 0 ? "log.leadership_europe" : "log.leadership_pacific", {{"power", power(a)}, {"power2", power(c)}}, {}};
    case Event::ABombRoll:
      return {c ? "log.a_bomb_advances" : "log.a_bomb_no_progress", {{"roll", num(a)}, {"modifier", signed_num(b)}}, {}};
    case Event::SpyRing: return {"log.spy_ring", {{"space", nm(a_bomb_key(d_, a))}}, {}};
    case Event::GlobalMoved:
      return {"log.global_moved", {{"power", power(a)}, {"global_issue", nm(global_issue_key(d_, global_issue_at(b)))}}, {}};
    case Event::EndOfConference: return {"log.end_of_conference", {{"number", num(a)}}, {}};
    case Event::FrontHeld:
      return {"log.front_held", {{"front", nm(front_key(d_, front_at(a)))}, {"reason", held_because(b, c, x)}, {"exception", num(b)}}, {}};
    case Event::FrontRolled:
      return {x ? "log.front_advances" : "log.front_no_advance",
              {{"front", nm(front_key(d_, front_at(a)))}, {"roll", num(b)}, {"strength", num(c)}},
              {}};
    case Event::FrontAdvanced:
      return {"log.front_advanced", {{"front", nm(front_key(d_, front_at(a)))}, {"space", nm(space_key(d_, space_at(b)))}}, {}};
    case Event::ReserveCollapse:
      return {"log.reserve_collapse", {{"reserve", churchill::key(reserve_key(static_cast<ReserveKind>(a)))}}, {}};
    case Event::IjnSortie:
      if (b >= 0) return {"log.ijn_sortie", {{"roll", num(a)}, {"theater", nm(theater_key(d_, theater_at(b)))}}, {}};
      return {"log.ijn_no_sortie", {{"roll", num(a)}}, {}};
    case Event::IjnBattle: return {b ? "log.ijn_eliminated" : "log.ijn_returns", {{"roll", num(a)}, {"count", num(c)}}, {}};
    case Event::Surrender: return {"log.surrender", {{"axis", nm(axis_key(d_, surrendered_axis(a)))}}, {}};
    case Event::GameWon: return {"log.game_won", {{"power", power(a)}}, {}};
    case Event::SecretAgendaDrawn: return {"log.secret_agenda_drawn", {{"power", power(a)}}, b};
    case Event::BreakthroughHeld:
      return {"log.breakthrough_held", {{"front", nm(front_key(d_, front_at(a)))}, {"space", nm(space_key(d_, space_at(b)))}}, {}};
  }
  return {"log.unknown_event", {{"event", num(e.event)}}, {}};
}

}  // namespace

Message log_message(const Data& d, const core::LogEntry& entry) {
  return Message{"log.entry", {}, {}, {}}.with("rule", entry.rule).with("text", Wording(d).message(entry).message());
}

std::string describe(const Names& names, const core::LogEntry& entry) { return names.render(log_message(names.data(), entry)); }

}  // namespace churchill
