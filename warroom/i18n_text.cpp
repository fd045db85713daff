#include "warroom/i18n_text.h"

#include <array>
#include <string>

namespace warroom::text {

namespace {

Message named(std::string_view prefix, std::string_view id) { return key(std::string(prefix) + std::string(id)); }

}  // namespace

Message key(std::string_view k) { return Message{std::string(k), {}, {}, {}}; }

Message counted(std::string_view noun, long long count) { return key(noun).counted(count); }
Message units(std::string_view id, long long count) { return counted(named("warroom.units.", id).key, count); }
Message units(int t, long long count) {
  return t >= 0 && t < kUnitKinds ? units(unit_id(static_cast<UnitKind>(t)), count) : Message::plain(std::to_string(count) + " ?");
}

Message listed(const std::vector<Message>& items) {
  if (items.empty()) return Message::plain("");
  Message list = items.back();
  for (std::size_t i = items.size() - 1; i-- > 0;) list = key("warroom.phase.list").with("first", items[i]).with("rest", list);
  return list;
}

Message nation(std::string_view id) { return named("warroom.nation.", id); }
Message nationality(std::string_view id) { return named("warroom.nationality.", id); }
Message nation(int n) { return n >= 0 && n < kNations ? nation(nation_at(n)) : Message::plain("?"); }
Message nation(Nation n) { return index(n) < kNations ? nation(nation_id(n)) : Message::plain("?"); }
Message unit(std::string_view id) { return named("warroom.unit.", id); }
Message unit(int t) { return t >= 0 && t < kUnitKinds ? unit(unit_id(static_cast<UnitKind>(t))) : Message::plain("?"); }
Message stance(std::string_view id) { return named("warroom.stance.", id); }
Message colour(int c) { return c >= 0 && c < kColours ? named("warroom.colour.", colour_id(static_cast<Colour>(c))) : Message::plain("?"); }
Message resource(int r) {
  return r >= 0 && r < kResources ? named("warroom.resource.", resource_id(static_cast<Resource>(r))) : Message::plain("?");
}
Message zone(int z) { return z >= 0 && z < kZones ? named("warroom.zone.", zone_id(static_cast<Zone>(z))) : Message::plain("?"); }
Message alliance(int side) { return key(side == 0 ? "warroom.alliance.allied" : "warroom.alliance.axis"); }
Message box(int b) {
  static constexpr std::array<std::string_view, 4> ids = {"fresh", "light", "damaged", "eliminated"};
  return b >= 0 && b < 4 ? named("warroom.box.", ids[static_cast<std::size_t>(b)]) : Message::plain("?");
}

std::shared_ptr<const core::i18n::Catalogues> load_catalogues(const std::filesystem::path& data_dir) {
  std::filesystem::path dir = core::i18n::default_catalogue_dir(data_dir) / "warroom";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(dir / "en.json", ec)) dir = std::filesystem::path(CHURCHILL_DATA_DIR) / "i18n" / "warroom";
  try {
    return std::make_shared<const core::i18n::Catalogues>(core::i18n::Catalogues::load(dir));
  } catch (const core::i18n::CatalogueError& e) {
    throw DataError(e.what());
  }
}

}  // namespace warroom::text
