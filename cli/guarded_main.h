// A program's main that lets no exception escape: the command-line programs, the load test and the
// deployment check each wrap their work in it.
#pragma once

#include <cstdio>
#include <exception>

namespace cli {

// `body`'s exit code; what escapes it is one line on stderr, "PROGRAM: what", and exit code 1.
template <class Body>
int guarded_main(const char* program, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", program, e.what());
  } catch (...) {
    std::fprintf(stderr, "%s: an unknown error\n", program);
  }
  return 1;
}

}  // namespace cli
