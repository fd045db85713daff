// The wall clock in whole seconds since 1970, as the server stores times (sessions, table talk,
// notifications, games' changes).
#pragma once

#include <chrono>
#include <cstdint>

namespace server {

inline std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace server
