// War Room as a title of the platform.
#pragma once

#include <filesystem>
#include <memory>

#include "core/title.h"
#include "warroom/game.h"

namespace warroom {

// The title over the data set in `data_dir` (throws DataError if it does not load), its rulebook
// text read from `rules_dir` (default: core::default_rules_dir).
std::unique_ptr<core::Title> make_title(const std::filesystem::path& data_dir);
std::unique_ptr<core::Title> make_title(const std::filesystem::path& data_dir, const std::filesystem::path& rules_dir);

// The options of a record ("round-limit-40", "ussr-with-seat-2"); throws core::SetupError.
Options options_from(const std::vector<std::string>& names);

}  // namespace warroom
