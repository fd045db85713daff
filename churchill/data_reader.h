// Internal to the data loader: reading JSON entries with errors that name file, entry and field.
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

#include "churchill/data.h"
#include "core/data_reader.h"

namespace churchill::detail {

using core::json;

// One JSON value and where it is ("issues.json: issues[3] (id \"uk-production\")"). A null field
// counts as present (has() is true): the files write null where a field has no value.
class Node : public core::DataNodeOf<Node> {
 public:
  Node(const json& j, std::string where) : DataNodeOf(j, std::move(where), core::ReadRules{}) {}
  explicit Node(core::DataNode n) : DataNodeOf(std::move(n)) {}

  // A string or a non-empty array of strings, as a list.
  std::vector<std::string> string_or_strings(const char* key) const;
  Power power(const char* key) const;
  Origin origin() const;  // provenance, source, stated
};

// The ids of one kind of entry, and their indices.
class Ids : public core::Ids {
 public:
  using core::Ids::Ids;
  // Registers the entry's "id" (at most 250 of a kind); a duplicate is an error.
  std::uint8_t add(const Node& entry);
};

// The registry of a noun whose index is a typed id (data.h): a reference resolves to the id.
template <class Id>
class IdsOf : public Ids {
 public:
  using Ids::Ids;
  Id resolve(const Node& n, std::string_view field, const std::string& id) const { return Id{Ids::resolve(n, field, id)}; }
};

// The id registries the files refer to each other through.
struct Registry {
  Ids a_bomb{"A-Bomb track space"};
  IdsOf<AxisId> axis{"Axis power"};
  IdsOf<LeaderId> leaders{"leader"};
  IdsOf<IssueId> issues{"issue"};
  IdsOf<FrontId> fronts{"front"};
  IdsOf<TheaterId> theaters{"theater"};
  IdsOf<SpaceId> spaces{"space"};
  IdsOf<LocationId> locations{"location"};
};

// One data file, parsed ("churchill/map.json").
using Document = core::DataDocument<Node>;

Dice parse_dice(const Node& n, const char* key);
Range parse_range(const Node& n, const char* key, int lo, int hi);

// Effects of Staff and Leader cards, and of Conference-card bands (data_effects.cpp).
enum class EffectSource { Card, Conference };
std::vector<Effect> read_effects(const Node& entry, EffectSource source, const Registry& ids);

// The loaders of each file; they fill `data` and register ids for the files read after them.
void load_leaders(const Document& doc, Registry& ids, Data& data);                   // data_cards.cpp
void load_staff(const Document& doc, Power power, const Registry& ids, Data& data);  // data_cards.cpp
void load_conferences(const Document& doc, const Registry& ids, Data& data);         // data_cards.cpp
void load_scenarios(const Document& doc, const Registry& ids, Data& data);           // data_scenarios.cpp
void load_victory(const Document& doc, const Registry& ids, Data& data);             // data_scenarios.cpp

}  // namespace churchill::detail
