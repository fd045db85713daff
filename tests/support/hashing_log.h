// A log sink that folds every entry into a fingerprint: the determinism tests of each title
// (tests/churchill/determinism_test.cpp, tests/warroom/determinism_test.cpp) show with it that a
// speed-up of an engine changes no game.
#pragma once

#include <cstdint>

#include "core/hash.h"
#include "core/log.h"

namespace test_support {

class HashingLog final : public core::LogSink {
 public:
  explicit HashingLog(core::Hasher& h) : h_(h) {}
  void add(const core::LogEntry& e) override {
    h_.add(core::fnv1a(e.rule));
    h_.add((static_cast<std::uint64_t>(static_cast<std::uint8_t>(e.seat)) << 16) | e.event);
    h_.add_range(e.args.begin(), e.args.end());
  }

 private:
  core::Hasher& h_;
};

}  // namespace test_support
