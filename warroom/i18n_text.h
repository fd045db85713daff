// War Room's display texts as messages (core/i18n.h, docs/i18n.md): catalogue keys with arguments,
// worded in each reader's language from data/i18n/warroom/<language>.json. These are the names
// the messages use; the log, phase line and actions' display texts are built in names.cpp,
// view.cpp and battle_text.cpp. Commands (action_to_string) stay language-neutral.
#pragma once

#include <filesystem>
#include <memory>
#include <string_view>
#include <vector>

#include "core/i18n.h"
#include "warroom/data.h"

namespace warroom::text {

using core::i18n::Message;

// The name of a thing by its catalogue key: "warroom.nation.GER", "warroom.unit.inf",
// "warroom.stance.assault", "warroom.colour.blue", "warroom.resource.oil", "warroom.zone.red",
// "warroom.alliance.allied" (side 0) / "warroom.alliance.axis" (side 1), "warroom.box.fresh".
Message nation(std::string_view id);
Message nation(int nation);  // a log argument's int: -1 or beyond the nations reads "?"
Message nation(Nation n);
// A nation's units as a player names them: "German" ("warroom.nationality.GER"; in Italian and Russian the
// nation's genitive, "della Germania", "Германии", which agrees with any unit).
Message nationality(std::string_view id);
Message unit(std::string_view id);
Message unit(int type);
Message stance(std::string_view id);
Message colour(int colour);
Message resource(int resource);
Message zone(int zone);
Message alliance(int side);
Message box(int box);
// A message with its arguments: key("warroom.log.moved").with("nation", ...).
Message key(std::string_view k);
// A count with its noun, the noun in the number the count asks for: "1 Fighter", "2 Fighters",
// "1 unit", "3 dice". `noun` is a catalogue key with plural forms ("<noun>_one", "<noun>_other";
// docs/i18n.md) that say "{{count}} ...": "warroom.count.unit", "warroom.count.die". The one way
// the log, the choices and the notes put a number before a noun.
Message counted(std::string_view noun, long long count);
// A number of units of one type: counted("warroom.units.<id>", count), "2 Fighters".
Message units(std::string_view id, long long count);
Message units(int type, long long count);
// Messages as one list, "A, B and C" ("warroom.phase.list"); an empty text for none.
Message listed(const std::vector<Message>& items);

// data/i18n/warroom/ beside the data set (or $CHURCHILL_I18N/warroom); the source tree's if a copied
// data set has none. English must be there; a language without a file falls back to English.
std::shared_ptr<const core::i18n::Catalogues> load_catalogues(const std::filesystem::path& data_dir);

}  // namespace warroom::text
