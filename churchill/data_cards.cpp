// Leader, Staff and Conference cards (3.28, 3.31, 3.33, 5.11).
#include <algorithm>

#include "churchill/data_reader.h"

namespace churchill::detail {
namespace {

NationalCharacteristic characteristic(const Node& n) {
  const std::string s = n.str("national_characteristic");
  if (s == "imperial-staff") return NationalCharacteristic::ImperialStaff;
  if (s == "arsenal-of-democracy") return NationalCharacteristic::ArsenalOfDemocracy;
  if (s == "nyet") return NationalCharacteristic::Nyet;
  n.fail("national_characteristic", "must be imperial-staff, arsenal-of-democracy or nyet (3.32)");
}

}  // namespace

void load_leaders(const Document& doc, Registry& ids, Data& data) {
  const auto nodes = doc.node().array("leaders");
  for (const Node& n : nodes) ids.leaders.add(n);  // Roosevelt's card names Truman, listed after him
  for (const Node& n : nodes) {
    n.allow({"id", "name", "surname", "power", "value", "national_characteristic", "replaces", "card_no", "text", "effects", "provenance",
             "source", "stated"});
    Leader l{n.str("id"),
             n.str("name"),
             n.str("surname"),
             n.str("text"),
             n.power("power"),
             static_cast<std::int8_t>(n.integer("value", 1, 9)),
             characteristic(n),
             kNoLeader,
             n.opt_integer("card_no", 1, 999, -1),
             read_effects(n, EffectSource::Card, ids),
             n.origin()};
    if (n.has("replaces")) l.replaces = ids.leaders.resolve(n, "replaces", n.str("replaces"));
    data.leaders.push_back(std::move(l));
  }
  for (LeaderId i : data.leaders.ids()) {
    const Leader& l = data.leaders[i];
    if (l.replaces != kNoLeader && data.leaders[l.replaces].power != l.power)
      nodes[core::index_of(i)].fail("replaces", "a Leader is replaced by a Leader of the same power");
  }
  for (Power p : kAllPowers) {
    const auto starting =
        std::count_if(data.leaders.begin(), data.leaders.end(), [&](const Leader& l) { return l.power == p && l.replaces == kNoLeader; });
    if (starting != 1) doc.node().fail("leaders", fmt::format("{} must have exactly one starting Leader", power_name(p)));
  }
}

void load_staff(const Document& doc, Power power, const Registry& ids, Data& data) {
  const Node root = doc.node();
  root.allow({"kind", "power", "cards"});
  if (root.power("power") != power) root.fail("power", fmt::format("must be \"{}\" in this file", power_name(power)));
  Ids card_ids("Staff card");
  auto& deck = data.staff[power];
  for (const Node& n : root.array("cards")) {
    n.allow({"id", "name", "surname", "office", "card_no", "value", "text", "effects", "provenance", "source", "stated"});
    card_ids.add(n);
    std::int8_t value = kStar;
    if (!(n.at("value").is_string() && n.at("value").get<std::string>() == "star"))
      value = n.at("value").is_number_integer() ? static_cast<std::int8_t>(n.integer("value", 1, 5)) : -1;
    if (value < 0) n.fail("value", "must be an integer 1..5 or \"star\"");
    deck.push_back({n.str("id"), n.str("name"), n.str("surname"), n.opt_str("office"), n.str("text"), power, value,
                    n.opt_integer("card_no", 1, 999, -1), read_effects(n, EffectSource::Card, ids), n.origin()});
  }
  if (deck.size() != kStaffPerDeck)
    root.fail("cards", fmt::format("a Staff deck has {} cards (3.33), found {}", kStaffPerDeck, deck.size()));
  const auto chiefs = std::count_if(deck.begin(), deck.end(), [](const StaffCard& c) { return c.chief_of_staff(); });
  if (chiefs != 1) root.fail("cards", fmt::format("a Staff deck has exactly one Chief of Staff (value \"star\", 5.25), found {}", chiefs));
}

void load_conferences(const Document& doc, const Registry& ids, Data& data) {
  const Node root = doc.node();
  root.allow({"kind", "conferences", "cards"});
  for (const Node& n : root.array("conferences")) {
    n.allow({"id", "number", "name", "place", "date", "provenance", "source", "stated"});
    const int number = n.integer("number", 1, 10);
    if (number != static_cast<int>(data.conferences.size()) + 1) n.fail("number", "conferences are listed in order 1..10");
    data.conferences.push_back({number, n.str("name"), n.str("place"), n.str("date"), n.origin()});
  }
  if (data.conferences.size() != 10) root.fail("conferences", "there are ten conferences (3.1)");
  Ids card_ids("Conference card");
  bool seen[10][3] = {};
  for (const Node& n : root.array("cards")) {
    n.allow({"id", "conference", "version", "title", "date", "bands", "provenance", "source", "stated"});
    card_ids.add(n);
    ConferenceCard c{n.str("id"), n.str("title"), n.str("date"), n.integer("conference", 1, 10), 'A', {}, n.origin()};
    const std::string version = n.str("version");
    if (version != "A" && version != "B" && version != "C") n.fail("version", "must be \"A\", \"B\" or \"C\" (9.2)");
    c.version = version[0];
    bool& dup = seen[c.conference - 1][c.version - 'A'];
    if (dup) n.fail("version", fmt::format("conference {} already has a version {} card", c.conference, c.version));
    dup = true;
    const auto bands = n.array("bands");
    if (bands.size() != kBands) n.fail("bands", "a Conference card has five bands: green, red, blue, gray, white (3.28)");
    for (std::size_t b = 0; b < kBands; ++b) {
      const Node& band = bands[b];
      band.allow({"band", "title", "text", "effects"});
      if (band.str("band") != band_name(static_cast<Band>(b)))
        band.fail("band", fmt::format("must be \"{}\" (bands go green, red, blue, gray, white)", band_name(static_cast<Band>(b))));
      c.bands[b] = {band.str("title"), band.str("text"), read_effects(band, EffectSource::Conference, ids)};
      if (c.bands[b].effects.size() > 15) band.fail("effects", "a band has at most 15 effects");
    }
    data.conference_cards.push_back(std::move(c));
  }
  if (data.conference_cards.size() != kConferenceCards)
    root.fail("cards",
              fmt::format("there are 30 Conference cards, A/B/C of each conference (9.2), found {}", data.conference_cards.size()));
}

}  // namespace churchill::detail
