// Log entries in words, each with its rule number: "[5.22] USSR plays Merkulov (2) on Pol-Mil 1/3".
#include <fmt/format.h>

#include "churchill/game.h"
#include "churchill/i18n_names.h"
#include "churchill/rules.h"

namespace churchill {

using rules::Event;

namespace {

std::string power(int p) { return p >= 0 && p < kPowers ? std::string(power_name(static_cast<Power>(p))) : "-"; }

std::string where(int track, int space) {
  if (track < 0 || track >= kPowers) return "the centre";
  if (space >= kChair) return fmt::format("the {} chair", power(track));
  return fmt::format("{} {}", power(track), space);
}

std::string card_name(const Data& d, int p, int card) {
  if (card < 0 || p < 0 || p >= kPowers) return "the Leader";
  return d.staff[at(p)][at(card)].name;
}

// Why a Front makes no roll: the exception of 7.73 and its figures.
std::string held_because(int exception, int figure, int naval_needed) {
  switch (exception) {
    case 1: return fmt::format("{} naval support, an amphibious entry needs {}", figure, naval_needed);
    case 3: return "D-Day, the Second Front issue did not end the Meeting in the centre";
    case 4: return "the USSR Declares War on Japan issue did not end the Meeting in the centre";
    default: return fmt::format("strength {}", figure);
  }
}

}  // namespace

std::string Game::describe(const core::LogEntry& e) const {
  const Data& d = *data_;
  const auto [a, b, c, x] = e.args;
  auto issue = [&](int i) {  // "US Production 2" where two issues share a name
    const std::string number = issue_number(d, i);
    return d.issues[at(i)].name + (number.empty() ? "" : " " + number);
  };
  auto loc = [&](int i) { return d.locations[at(i)].name; };
  std::string text;
  switch (static_cast<Event>(e.event)) {
    case Event::ConferenceCard: {
      const ConferenceCard& card = d.conference_cards[at(a)];
      text = fmt::format("Conference {} {} {} ({}) is revealed", card.conference, card.title, card.version, card.date);
      break;
    }
    case Event::Mandate:
      text = fmt::format("{} must allocate {} production{}", power(a), b, c >= 0 ? " in the " + d.theaters[at(c)].name : "");
      break;
    case Event::ProductionChange: text = fmt::format("{} production {:+}", power(a), b); break;
    case Event::IssueToTable: text = issue(a) + " is placed on the table"; break;
    case Event::LeaderRestricted:
      text = c == x ? fmt::format("{} {}", d.leaders[at(c)].name, b == 0 ? "stays home: may debate, may not advance" : "is inactive")
                    : fmt::format("the card names {}; {} leads the {}: it does not apply (Glossary)", d.leaders[at(c)].name,
                                  d.leaders[at(x)].name, power(a));
      break;
    case Event::ReservePlaced:
      text = fmt::format("{} x{} placed {}", reserve_kind_name(static_cast<ReserveKind>(a)), b,
                         c >= 0 ? "against the " + d.fronts[at(c)].name : "in the " + d.theaters[at(x)].name);
      break;
    case Event::NavalLost: text = "a naval support marker is lost in the " + d.theaters[at(a)].name; break;
    case Event::NavalPlaced:  // by a power, or by the conference card (5.11)
      text = fmt::format("{} places naval support in the {}", b < 0 ? "the conference card" : power(b), d.theaters[at(a)].name);
      break;
    case Event::OffensivePlaced:
      text = fmt::format("{} places offensive support on the {}{}", b < 0 ? "the conference card" : power(b), d.fronts[at(a)].name,
                         c ? " (bonus)" : "");
      break;
    case Event::ConvoyRoll:
      text = fmt::format("Murmansk convoy roll {}: {}", a, b ? "it arrives, USSR production +1" : "sunk by U-boats");
      break;
    case Event::ConvoyArrives: text = "the escorted Murmansk convoy arrives: USSR production +1"; break;
    case Event::PolMilCount: text = fmt::format("roll {}: {} roll(s) on the Pol-Mil table", a, b); break;
    case Event::PolMilCell: {  // 5.12: what the roll is for (1 + PolMilAction)
      static constexpr const char* kFor[] = {"",
                                             ", for a Clandestine Network",
                                             ", for a Political Alignment marker",
                                             ", to remove Clandestine Networks (if there are none: no effect)",
                                             ", to remove Political Alignment markers (if there are none: no effect)",
                                             ", to remove Clandestine Networks (if there are none: no effect)",
                                             ", to remove Political Alignment markers (if there are none: no effect)"};
      text = fmt::format("Pol-Mil table {}-{}: {}{}", a, b, loc(c), kFor[x >= 0 && x <= 6 ? x : 0]);
      break;
    }
    case Event::NetworkPlaced: text = fmt::format("{} Clandestine Network placed in {}", power(a), loc(b)); break;
    case Event::NetworkRemoved: text = fmt::format("{} Clandestine Network removed from {}", power(a), loc(b)); break;
    case Event::AlignmentPlaced: text = fmt::format("{} Political Alignment placed in {}", power(a), loc(b)); break;
    case Event::AlignmentRemoved: text = fmt::format("{} Political Alignment removed from {}", power(a), loc(b)); break;
    case Event::MarkerLost:
      text = fmt::format("{} {} for {} is lost", power(a), c ? "Political Alignment" : "Clandestine Network", loc(b));
      break;
    case Event::RemovalDeclined:
      text = fmt::format("{} declines to remove: {} {}(s) lost", power(a), b, c ? "Political Alignment marker" : "Clandestine Network");
      break;
    case Event::Dealt: text = fmt::format("{} holds {} staff cards", power(a), b); break;
    case Event::Shuffled: text = fmt::format("{} shuffles its staff deck ({} cards)", power(a), b); break;
    case Event::AgendaRevealed: text = fmt::format("{} reveals {} ({})", power(a), card_name(d, a, b), c); break;
    case Event::AgendaWinner: text = fmt::format("{} wins the Agenda Segment by {}", power(a), b); break;
    case Event::TieBroken: text = fmt::format("{}'s Leader breaks the tie for {}", power(a), power(b)); break;
    case Event::TieByUs:
      text = a == b ? "Arsenal of Democracy: the US wins the tie" : "Arsenal of Democracy: the US gives the tie to " + power(b);
      break;
    case Event::IssueSelected:
      text = fmt::format("{} places {} on {}", power(a), issue(b), c ? fmt::format("{} {}", power(a), c) : "the centre");
      break;
    case Event::Played: text = fmt::format("{} plays {} ({}) on {}", power(a), card_name(d, a, b), x, issue(c)); break;
    case Event::Debated: text = fmt::format("{} debates with {} ({})", power(a), card_name(d, a, b), c); break;
    case Event::IssueMoved: text = fmt::format("{} moves to {}", issue(a), where(b, c)); break;
    case Event::Captured: text = fmt::format("{} captures {}", power(a), issue(b)); break;
    case Event::Passed: text = power(a) + " passes"; break;
    case Event::Discarded: text = fmt::format("{} discards {}", power(a), card_name(d, a, b)); break;
    case Event::ChiefValue: text = fmt::format("{}'s Chief of Staff rolls {}", power(a), b); break;
    case Event::HealthRoll:
      text = fmt::format("{} health roll for {}: {}{}", power(a), card_name(d, a, b), c, x ? " - fails" : " - passes");
      break;
    case Event::CardRemoved: text = fmt::format("{} is removed from the game", card_name(d, a, b)); break;
    case Event::LeaderDies: text = fmt::format("{} dies; {} takes his place", d.leaders[at(a)].name, d.leaders[at(b)].name); break;
    case Event::HeartAttack: text = power(a) + "'s Leader has a heart attack: inactive next conference"; break;
    case Event::Paranoia:
      text = fmt::format("Stalin's Paranoia roll {}{}", a, b ? ": USSR staff cards -1 for the rest of the conference" : ": passes");
      break;
    case Event::Purge: text = fmt::format("purge roll {} for {}{}", b, card_name(d, 2, a), c ? ": arrested" : ": spared"); break;
    case Event::NetworksGained: text = fmt::format("{} gains {} Clandestine Network(s)", power(a), b); break;
    case Event::AlignmentGained: text = fmt::format("{} gains {} Political Alignment marker(s)", power(a), b); break;
    case Event::IssueWon: text = fmt::format("{} wins {}", power(a), issue(b)); break;
    case Event::ConditionalInEffect: text = issue(a) + " ended in the centre: it takes effect"; break;
    case Event::ConferenceWinner: text = power(a) + " wins the conference"; break;
    case Event::DirectedPlaced: text = fmt::format("{} places the {} on the {}", power(a), issue(b), d.fronts[at(c)].name); break;
    case Event::ProductionTotal: text = fmt::format("{} has {} production", power(a), b); break;
    case Event::ProductionTaken: text = fmt::format("{} takes a production marker from {}", power(a), power(b)); break;
    case Event::Activated: text = fmt::format("{} activates {}", power(a), issue(b)); break;
    case Event::ABombModifier: text = power(a) + " adds +1 to the A-Bomb Research roll"; break;
    case Event::LeadershipSet:
      text = fmt::format("{} gives {} leadership to {}", power(a), b == 0 ? "European" : "Pacific", power(c));
      break;
    case Event::ABombRoll: text = fmt::format("A-Bomb Research roll {}{:+}: {}", a, b, c ? "the US marker advances" : "no progress"); break;
    case Event::SpyRing: text = "the Manhattan spy ring advances to " + d.a_bomb[at(a)].name; break;
    case Event::GlobalMoved:
      text = fmt::format("{} moves the {} Global Issue to its advantage", power(a), d.global_issues[at(b)].name);
      break;
    case Event::EndOfConference: text = fmt::format("conference {} ends", a); break;
    case Event::FrontHeld: text = fmt::format("the {} cannot advance: {} (7.73.{})", d.fronts[at(a)].name, held_because(b, c, x), b); break;
    case Event::FrontRolled:
      text = fmt::format("the {} rolls {} against strength {}: {}", d.fronts[at(a)].name, b, c, x ? "it advances" : "no advance");
      break;
    case Event::FrontAdvanced: text = fmt::format("the {} enters {}", d.fronts[at(a)].name, d.spaces[at(b)].name); break;
    case Event::ReserveCollapse:
      text = fmt::format("one {} reserve is permanently removed", reserve_kind_name(static_cast<ReserveKind>(a)));
      break;
    case Event::IjnSortie:
      text = fmt::format("IJN roll {}: {}", a, b >= 0 ? "the IJN sorties into the " + d.theaters[at(b)].name : std::string("no sortie"));
      break;
    case Event::IjnBattle:
      text = fmt::format("Battle of the Philippine Sea and Leyte Gulf roll {}: {}", a,
                         b ? fmt::format("the IJN is eliminated ({} IJN left)", c) : std::string("the IJN returns to Japan"));
      break;
    case Event::Surrender: text = a == 0 ? "Germany surrenders" : "Japan surrenders"; break;
    case Event::GameWon: text = fmt::format("the game is over: {} wins", power(a)); break;
    case Event::SecretAgendaDrawn: text = fmt::format("{} draws {} Secret Agenda markers", power(a), b); break;
    case Event::BreakthroughHeld:
      text = fmt::format("the {} breaks through but stops: {} is an amphibious space", d.fronts[at(a)].name, d.spaces[at(b)].name);
      break;
  }
  return fmt::format("[{}] {}", e.rule, text);
}

}  // namespace churchill
