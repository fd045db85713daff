// Three Hills as a title of the platform.
#pragma once

#include <memory>

#include "core/title.h"

namespace hills {

std::unique_ptr<core::Title> make_title();

}  // namespace hills
