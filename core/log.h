// Structured log entries: what happened, to whom, under which rule. The game formats them for
// people; the engine stores only small integers and a pointer to the rule number literal.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/types.h"

namespace core {

struct LogEntry {
  const char* rule = "";    // a string literal such as "7.74"
  Seat seat = kChance;      // who acted or is concerned; kChance for dice and automatic events
  std::uint16_t event = 0;  // game-defined event code
  std::array<std::int32_t, 4> args{};
};

class LogSink {
 public:
  virtual ~LogSink() = default;
  virtual void add(const LogEntry& entry) = 0;
};

class LogBuffer final : public LogSink {
 public:
  void add(const LogEntry& entry) override { entries_.push_back(entry); }
  const std::vector<LogEntry>& entries() const { return entries_; }
  std::size_t size() const { return entries_.size(); }
  void truncate(std::size_t n) { entries_.resize(n); }

 private:
  std::vector<LogEntry> entries_;
};

}  // namespace core
