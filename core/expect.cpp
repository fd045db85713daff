#include "core/expect.h"

#include <cstdio>
#include <cstdlib>

namespace core {

void precondition_failed(const char* condition, const char* file, int line) {
  std::fprintf(stderr, "precondition failed: %s (%s:%d)\n", condition, file, line);
  std::abort();
}

}  // namespace core
