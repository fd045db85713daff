// Churchill as a title of the platform (core/title.h): its scenarios, options, seats and bots, and
// matches over core::SessionMatch.
#pragma once

#include <filesystem>
#include <memory>

#include "churchill/game.h"
#include "core/title.h"

namespace churchill {

// Loads the data set from `dir` (throws DataError) and makes the title that owns it.
std::unique_ptr<core::Title> make_title(const std::filesystem::path& dir);

// The options a record names: "secret-agenda" (10), "german-reserves" (the optional rule of 7.62).
// Throws core::SetupError for an unknown one.
Options options_from(const std::vector<std::string>& names);

// The board's fixed layout for clients: Fronts and their spaces, locations, issues.
nlohmann::json layout_json(const Data& data);

// The rulebook's text of one section ("7.74"), from $CHURCHILL_RULES or the rulebook beside the
// source tree; an explanation if it is not available.
std::string rules_text(const std::string& section);

}  // namespace churchill
