// Churchill as a title of the platform (core/title.h): its scenarios, options, seats and bots, and
// matches over core::SessionMatch.
#pragma once

#include <filesystem>
#include <memory>

#include "churchill/game.h"
#include "core/title.h"

namespace churchill {

// Loads the data set from `dir` (throws DataError) and makes the title that owns it; its rulebook
// editions are in `rules_dir` (core::default_rules_dir(dir) by default: $CHURCHILL_RULES_DIR, else
// ../shared/rules beside the source tree).
std::unique_ptr<core::Title> make_title(const std::filesystem::path& dir);
std::unique_ptr<core::Title> make_title(const std::filesystem::path& dir, const std::filesystem::path& rules_dir);
// The title owning a data set already loaded (the server keeps its catalogues, data/i18n, which are
// also the platform's words, instead of reading them twice).
std::unique_ptr<core::Title> make_title(Data data, const std::filesystem::path& rules_dir);

// The options a record names: "secret-agenda" (10), "german-reserves" (the optional rule of 7.62).
// Throws core::SetupError for an unknown one.
Options options_from(const std::vector<std::string>& names);

// The board's fixed layout for clients: Fronts and their spaces, locations, issues.
nlohmann::json layout_json(const Data& data);

// A section ("7.74") of the `language` edition in `rules_dir`, else of the English one (the result's
// language says which), wrapped at `width`; an explanation if neither has it.
core::RulesText rules_section(const std::filesystem::path& rules_dir, const std::string& section, const std::string& language,
                              std::size_t width = 78);

}  // namespace churchill
