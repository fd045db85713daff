#include "core/hash.h"

#include <fmt/format.h>

namespace core {

std::string to_hex(std::uint64_t v) { return fmt::format("{:016x}", v); }

}  // namespace core
