// Churchill in the reader's language: the names of cards, issues, spaces, countries, Fronts and
// theaters, card texts and log entries, looked up by data id in the message catalogues of
// data/i18n (docs/i18n.md). The rules never call this: it is for the terminal and the server views,
// which keep the log structured (rule number + arguments) and word it for each reader.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "churchill/data.h"
#include "core/i18n.h"
#include "core/log.h"

namespace churchill {

struct State;

// Catalogue keys of the data entities: "<kind>.<id>.name" (and ".office", ".text").
std::string power_key(Power p);                           // "power.UK"
std::string leader_key(const Data& d, LeaderId leader);   // "leader.churchill"
std::string staff_key(const Data& d, Power p, int card);  // "staff.portal"
std::string issue_number(const Data& d, int issue);       // "2" for us-production-2, "" for an issue whose name is its own
std::string conference_key(int number);                   // "conference.1" (the rulebook numbers them, 9.71)
std::string issue_key(const Data& d, int issue);          // "issue.second-front"
std::string theater_key(const Data& d, TheaterId theater);
std::string axis_key(const Data& d, AxisId axis);
std::string space_key(const Data& d, SpaceId space);
std::string front_key(const Data& d, FrontId front);
std::string location_key(const Data& d, LocationId location);
std::string a_bomb_key(const Data& d, int space);
std::string global_issue_key(const Data& d, GlobalIssueId global_issue);
std::string scenario_key(const Scenario& s);
std::string victory_key(const VictoryCondition& v);  // "victory.A" (its ".text")
std::string reserve_key(ReserveKind k);              // "reserve.german-army"

// The messages the wording code is built of: a catalogue key, the name of a thing by its key's base
// ("power.UK" -> "power.UK.name") and a number as it is.
inline core::i18n::Message key(std::string k) { return core::i18n::Message{std::move(k), {}, {}, {}}; }
inline core::i18n::Message nm(const std::string& base) { return key(base + ".name"); }
inline core::i18n::Message num(int v) { return core::i18n::Message::plain(std::to_string(v)); }

// Every "<entity>.name" key the data set needs, for the test that each has a name in every language.
std::vector<std::string> entity_name_keys(const Data& d);

// The catalogues of data/i18n beside a data set's directory (data/churchill -> data/i18n), or
// $CHURCHILL_I18N. Throws core::i18n::CatalogueError.
core::i18n::Catalogues load_catalogues(const std::filesystem::path& data_dir);

// Names in one language. Holds references: the data and the catalogues outlive it.
class Names {
 public:
  Names(const Data& data, const core::i18n::Catalogues& catalogues, std::string language);

  const std::string& language() const { return language_; }
  const Data& data() const { return data_; }
  std::string tr(std::string_view key, const core::i18n::Args& args = {}, std::optional<long long> count = std::nullopt) const {
    return catalogues_.tr(language_, key, args, count);
  }
  std::string render(const core::i18n::Message& m) const { return catalogues_.render(language_, m); }
  const core::i18n::Catalogues& catalogues() const { return catalogues_; }

  std::string power(int p) const;  // "-" for none
  std::string leader(LeaderId leader) const;
  std::string leader_surname(LeaderId leader) const;  // "Churchill", where a line names the card briefly
  std::string leader_text(LeaderId leader) const;
  std::string staff(Power p, int card) const;
  std::string staff_office(Power p, int card) const;
  std::string staff_text(Power p, int card) const;
  std::string conference(int number) const;
  std::string issue(int issue) const;
  std::string theater(TheaterId theater) const;
  std::string axis(AxisId axis) const;
  std::string space(SpaceId space) const;
  std::string front(FrontId front) const;
  std::string location(LocationId location) const;
  std::string a_bomb(int space) const;
  std::string global_issue(GlobalIssueId global_issue) const;
  std::string reserve(ReserveKind k) const;
  // A conference card band's title and text where the catalogue has them, else the data's English.
  std::string band_title(ConferenceCardId card, Band band) const;
  std::string band_text(ConferenceCardId card, Band band) const;

 private:
  std::string name(const std::string& key) const { return tr(key + ".name"); }
  const Data& data_;
  const core::i18n::Catalogues& catalogues_;
  std::string language_;
};

class Game;

// The phase a state is in, in the reader's language: phase_message (churchill/view.h, the step
// table's "prompt.*" message) worded.
std::string phase_text(const Names& names, const Game& g, const State& s);

// What an action of `seat` (or a chance outcome) does: the display text beside the language-neutral
// command of Game::action_to_string, which saves and `act` keep using. As a message ("action.*",
// names as keys), and worded in the reader's language.
core::i18n::Message action_message(const Data& d, const State& s, core::Seat seat, core::Action a);
std::string action_text(const Names& names, const State& s, core::Seat seat, core::Action a);

// A log entry with its rule number: "[5.22] ...". As a message ("log.entry" around the event's
// "log.*" message), and worded in the reader's language (in English as Game::describe).
core::i18n::Message log_message(const Data& d, const core::LogEntry& entry);
std::string describe(const Names& names, const core::LogEntry& entry);

}  // namespace churchill
