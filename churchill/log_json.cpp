// The log as structure for the clients (the view's "log_events", one beside each worded line of
// "log"): each entry's rule number, its event's name and its arguments by name, as data ids (powers
// "UK", cards "portal" or "leader", issues "second-front", locations, Fronts, theaters, spaces). The
// names below are the arguments listed beside the events in rules.h (Event); a client reads these
// fields and never the English line, which is worded from the catalogues (log_message).
#include <array>
#include <span>

#include "churchill/rules.h"
#include "core/wire_schema.h"

namespace churchill {

namespace {

using rules::Event;

enum class Arg : std::uint8_t {
  kBlank,
  kNum,
  kFlag,
  kPower,
  kCard,
  kUssrCard,
  kLeader,
  kIssue,
  kLocation,
  kFront,
  kTheater,
  kSpace,
  kABomb,
  kGlobalIssue,
  kAxis,
  kReserve,
  kConferenceCard,
  kRegion,
  kUse,
  kRestriction,
  kPolMilFor,
  kMarker,
  kSeatSpace,
};
struct Field {
  const char* name = nullptr;
  Arg kind = Arg::kBlank;
  bool or_none = false;  // null where the entry names none (kOrNone)
};
constexpr bool kOrNone = true;
struct Shape {
  const char* event;
  std::array<Field, 4> fields;  // args[0..3]
};

using enum Arg;
// By rules.h's Event, in its order.
constexpr Shape kEvents[] = {
    {"conference_card", {{{"card", kConferenceCard}}}},
    {"mandate", {{{"power", kPower}, {"count", kNum}, {"theater", kTheater, kOrNone}, {"use", kUse}}}},  // a theater for naval use
    {"production_change", {{{"power", kPower}, {"change", kNum}}}},
    {"issue_to_table", {{{"issue", kIssue}}}},
    {"leader_restricted", {{{"power", kPower}, {"restriction", kRestriction}, {"leader", kLeader}, {"in_office", kLeader}}}},
    // A reserve goes to a Front or a theater: the other is null.
    {"reserve_placed", {{{"reserve", kReserve}, {"count", kNum}, {"front", kFront, kOrNone}, {"theater", kTheater, kOrNone}}}},
    {"naval_lost", {{{"theater", kTheater}}}},
    {"naval_placed", {{{"theater", kTheater}, {"power", kPower, kOrNone}}}},                    // no power: set up by the scenario
    {"offensive_placed", {{{"front", kFront}, {"power", kPower, kOrNone}, {"bonus", kFlag}}}},  // no power: set up by the scenario
    {"convoy_roll", {{{"roll", kNum}, {"arrived", kFlag}}}},
    {"convoy_arrives", {{{"power", kPower}}}},
    {"polmil_count", {{{"roll", kNum}, {"rolls", kNum}}}},
    {"polmil_cell", {{{"red", kNum}, {"blue", kNum}, {"location", kLocation}, {"for", kPolMilFor}}}},
    {"network_placed", {{{"power", kPower}, {"location", kLocation}}}},
    {"network_removed", {{{"power", kPower}, {"location", kLocation}}}},
    {"alignment_placed", {{{"power", kPower}, {"location", kLocation}}}},
    {"alignment_removed", {{{"power", kPower}, {"location", kLocation}}}},
    {"marker_lost", {{{"power", kPower}, {"location", kLocation}, {"marker", kMarker}}}},
    {"removal_declined", {{{"power", kPower}, {"count", kNum}, {"marker", kMarker}}}},
    {"dealt", {{{"power", kPower}, {"count", kNum}}}},
    {"shuffled", {{{"power", kPower}, {"count", kNum}}}},
    {"agenda_revealed", {{{"power", kPower}, {"card", kCard}, {"value", kNum}}}},
    {"agenda_winner", {{{"power", kPower}, {"difference", kNum}}}},
    {"tie_broken", {{{"power", kPower}, {"winner", kPower}}}},
    {"tie_by_us", {{{"power", kPower}, {"winner", kPower}}}},
    {"issue_selected", {{{"power", kPower}, {"issue", kIssue}, {"space", kSeatSpace}}}},
    {"played", {{{"power", kPower}, {"card", kCard}, {"issue", kIssue}, {"value", kNum}}}},
    {"debated", {{{"power", kPower}, {"card", kCard}, {"value", kNum}}}},
    // track null: the centre of the table (5.22).
    {"issue_moved", {{{"issue", kIssue}, {"track", kPower, kOrNone}, {"space", kNum}}}},
    {"captured", {{{"power", kPower}, {"issue", kIssue}}}},
    {"passed", {{{"power", kPower}}}},
    {"discarded", {{{"power", kPower}, {"card", kCard}}}},
    {"chief_value", {{{"power", kPower}, {"roll", kNum}}}},
    {"health_roll", {{{"power", kPower}, {"card", kCard}, {"roll", kNum}, {"failed", kFlag}}}},
    {"card_removed", {{{"power", kPower}, {"card", kCard}}}},
    {"leader_dies", {{{"leader", kLeader}, {"successor", kLeader}}}},
    {"heart_attack", {{{"power", kPower}}}},
    {"paranoia", {{{"roll", kNum}, {"failed", kFlag}}}},
    {"purge", {{{"card", kUssrCard}, {"roll", kNum}, {"arrested", kFlag}}}},
    {"networks_gained", {{{"power", kPower}, {"count", kNum}}}},
    {"alignment_gained", {{{"power", kPower}, {"count", kNum}}}},
    {"issue_won", {{{"power", kPower}, {"issue", kIssue}}}},
    {"conditional_in_effect", {{{"issue", kIssue}}}},
    {"conference_winner", {{{"power", kPower}, {"issues", kNum}}}},
    {"directed_placed", {{{"power", kPower}, {"issue", kIssue}, {"front", kFront}}}},
    {"production_total", {{{"power", kPower}, {"count", kNum}}}},
    {"production_taken", {{{"power", kPower}, {"from", kPower}}}},
    {"activated", {{{"power", kPower}, {"issue", kIssue}}}},
    {"a_bomb_modifier", {{{"power", kPower}}}},
    {"leadership_set", {{{"power", kPower}, {"region", kRegion}, {"holder", kPower}}}},
    {"a_bomb_roll", {{{"roll", kNum}, {"modifier", kNum}, {"advanced", kFlag}}}},
    {"spy_ring", {{{"space", kABomb}}}},
    {"global_moved", {{{"power", kPower}, {"global_issue", kGlobalIssue}}}},
    {"end_of_conference", {{{"conference", kNum}}}},
    {"front_held", {{{"front", kFront}, {"exception", kNum}, {"strength", kNum}, {"naval_needed", kNum}}}},
    {"front_rolled", {{{"front", kFront}, {"roll", kNum}, {"strength", kNum}, {"advanced", kFlag}}}},
    {"front_advanced", {{{"front", kFront}, {"space", kSpace}}}},
    {"reserve_collapse", {{{"reserve", kReserve}}}},
    {"ijn_sortie", {{{"roll", kNum}, {"theater", kTheater, kOrNone}}}},  // no theater: no sortie (7.64.4)
    {"ijn_battle", {{{"roll", kNum}, {"eliminated", kFlag}, {"left", kNum}}}},
    {"surrender", {{{"axis", kAxis}}}},
    {"game_won", {{{"power", kPower}}}},
    {"secret_agenda_drawn", {{{"power", kPower}, {"count", kNum}}}},
    {"breakthrough_held", {{{"front", kFront}, {"space", kSpace}}}},
};
static_assert(std::size(kEvents) == static_cast<std::size_t>(Event::BreakthroughHeld) + 1);

constexpr std::array<const char*, 5> kUses{"offensive", "naval", "support", "polmil", "a_bomb"};
// 5.12: what a Pol-Mil roll is for (0: a cell of no placement; 1 + PolMilAction).
constexpr std::array<const char*, 7> kPolMilPurposes{
    nullptr, "place_networks", "place_alignment", "remove_network", "remove_alignment", "remove_all_networks", "remove_all_alignment"};

// The id of entry `i` of a data set's entries (a std::vector or a core::IdVector), or null.
template <class V>
nlohmann::json id_in(const V& entries, int i) {
  return i >= 0 && static_cast<std::size_t>(i) < entries.size() ? nlohmann::json(entries.begin()[i].id) : nlohmann::json(nullptr);
}
template <std::size_t N>
nlohmann::json name_in(const std::array<const char*, N>& names, int i) {
  return i >= 0 && static_cast<std::size_t>(i) < N && names[static_cast<std::size_t>(i)]
             ? nlohmann::json(names[static_cast<std::size_t>(i)])
             : nlohmann::json(nullptr);
}
nlohmann::json power_id(int p) { return p >= 0 && p < kPowers ? nlohmann::json(power_name(power_at(p))) : nlohmann::json(nullptr); }
// A staff card of `power`'s deck by id; -1 is the power's Leader ("leader", 5.21).
nlohmann::json card_id(const Data& d, int power, int card) {
  if (card < 0) return "leader";
  return power >= 0 && power < kPowers ? id_in(d.staff[power_at(power)], card) : nlohmann::json(nullptr);
}

nlohmann::json value(const Data& d, Arg kind, int v, int power) {
  switch (kind) {
    case kFlag: return v != 0;
    case kPower: return power_id(v);
    case kCard: return card_id(d, power, v);
    case kUssrCard: return card_id(d, index(Power::USSR), v);
    case kLeader: return id_in(d.leaders, v);
    case kIssue: return id_in(d.issues, v);
    case kLocation: return id_in(d.locations, v);
    case kFront: return id_in(d.fronts, v);
    case kTheater: return id_in(d.theaters, v);
    case kSpace: return id_in(d.spaces, v);
    case kABomb: return id_in(d.a_bomb, v);
    case kGlobalIssue: return id_in(d.global_issues, v);
    case kAxis: return id_in(d.axis, index(surrendered_axis(v)));
    case kReserve:
      return v >= 0 && v < kReserveKinds ? nlohmann::json(reserve_kind_name(static_cast<ReserveKind>(v))) : nlohmann::json(nullptr);
    case kConferenceCard: return id_in(d.conference_cards, v);
    case kRegion: return v == 0 ? "Europe" : "Pacific";
    case kUse: return name_in(kUses, v);
    case kRestriction: return v == static_cast<int>(Restriction::StaysHome) ? "stays_home" : "inactive";
    case kPolMilFor: return name_in(kPolMilPurposes, v);
    case kMarker: return v ? "alignment" : "network";
    case kSeatSpace:  // 0: the centre of the table (5.22), else the space on the selecting power's track
    case kNum:
    case kBlank: return v;
  }
  return v;
}

// The schema of an argument of kind `k` (the named kinds: log_schema's $defs).
nlohmann::json arg_schema(Arg k) {
  using namespace core::wire;
  switch (k) {
    case kFlag: return flag();
    case kPower: return ref("Power");
    case kCard:
    case kUssrCard: return ref("Card");
    case kLeader: return ref("Leader");
    case kIssue: return ref("Issue");
    case kLocation: return ref("Location");
    case kFront: return ref("Front");
    case kTheater: return ref("Theater");
    case kSpace: return ref("Space");
    case kABomb: return ref("ABombSpace");
    case kGlobalIssue: return ref("GlobalIssue");
    case kAxis: return ref("Axis");
    case kReserve: return ref("Reserve");
    case kConferenceCard: return ref("ConferenceCard");
    case kRegion: return ref("Region");
    case kUse: return ref("Use");
    case kRestriction: return ref("Restriction");
    case kPolMilFor: return or_null(ref("PolMilFor"));  // null: a cell that places nothing
    case kMarker: return ref("Marker");
    case kSeatSpace:
    case kNum:
    case kBlank: break;
  }
  return integer();
}

template <std::size_t N>
std::vector<std::string> words(const std::array<const char*, N>& names) {
  std::vector<std::string> out;
  for (const char* n : names)
    if (n) out.emplace_back(n);
  return out;
}

}  // namespace

nlohmann::json named_kinds() {
  using core::wire::id_kind;
  std::vector<std::string> powers, reserves;
  for (Power p : kAllPowers) powers.emplace_back(power_name(p));
  for (int r = 0; r < kReserveKinds; ++r) reserves.emplace_back(reserve_kind_name(static_cast<ReserveKind>(r)));
  return {{"Power", id_kind("Power", "A power", powers)},
          {"Card", id_kind("Card", "A staff card of the power's deck (data/churchill cards), or its Leader: \"leader\" (5.21)")},
          {"Leader", id_kind("Leader", "A leader (data/churchill leaders)")},
          {"Issue", id_kind("Issue", "An issue (data/churchill issues)")},
          {"Location", id_kind("Location", "A location of the map (data/churchill locations)")},
          {"Front", id_kind("Front", "A Front (data/churchill fronts)")},
          {"Theater", id_kind("Theater", "A naval theater (data/churchill theaters)")},
          {"Space", id_kind("Space", "A space of a Front's track (data/churchill spaces)")},
          {"ABombSpace", id_kind("ABombSpace", "A space of the A-bomb track (data/churchill a_bomb)")},
          {"GlobalIssue", id_kind("GlobalIssue", "A Global Issue marker (data/churchill global_issues)")},
          {"Axis", id_kind("Axis", "An Axis power (data/churchill axis)")},
          {"Reserve", id_kind("Reserve", "A kind of reserve", reserves)},
          {"ConferenceCard", id_kind("ConferenceCard", "A conference card (data/churchill conference_cards)")},
          {"Region", id_kind("Region", "A region of the war", {"Europe", "Pacific"})},
          {"Use", id_kind("Use", "What a mandate is for", words(kUses))},
          {"Restriction", id_kind("Restriction", "A Leader's restriction", {"stays_home", "inactive"})},
          {"PolMilFor", id_kind("PolMilFor", "What a Pol-Mil roll is for (5.12)", words(kPolMilPurposes))},
          {"Marker", id_kind("Marker", "A Pol-Mil marker", {"network", "alignment"})}};
}

nlohmann::json log_schema() {
  using namespace core::wire;
  Document d{.name = "ChurchillLogEvent",
             .description =
                 "One Churchill log entry as structure (log_events): its rule number, its event and its arguments by name "
                 "(churchill/log_json.cpp: kEvents).",
             .tag = "event",
             .suffix = "Event",
             .common = {{"rule", text()}},
             .kinds = named_kinds()};
  for (const Shape& s : kEvents) {
    core::wire::Shape& out = d.shapes.emplace_back(core::wire::Shape{s.event, {}});
    for (std::size_t k = 0; k < s.fields.size() && s.fields[k].name; ++k) {
      const Field& f = s.fields[k];
      out.fields.push_back({f.name, f.or_none ? core::wire::or_null(arg_schema(f.kind)) : arg_schema(f.kind)});
    }
  }
  return schema(d);
}

nlohmann::json Game::log_json(const core::LogEntry& e) const {
  if (e.event >= std::size(kEvents)) return {{"rule", e.rule}, {"event", nullptr}};
  const Shape& shape = kEvents[e.event];
  nlohmann::json out = {{"rule", e.rule}, {"event", shape.event}};
  for (std::size_t k = 0; k < shape.fields.size() && shape.fields[k].name; ++k)
    out[shape.fields[k].name] = value(*data_, shape.fields[k].kind, e.args[k], e.args[0]);
  return out;
}

}  // namespace churchill
