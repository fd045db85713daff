// Shared between the files of the battle module (battle.cpp, battle_raids.cpp, battle_text.cpp);
// not part of its interface.
#pragma once

#include <vector>

#include "warroom/battle.h"

namespace warroom {

namespace rule {
extern const char* const kStances;
extern const char* const kForceAdvantage;
extern const char* const kCountDice;
extern const char* const kBatches;
extern const char* const kAssignDamage;
extern const char* const kEscort;
extern const char* const kDive;
extern const char* const kGarrison;
extern const char* const kBombing;
extern const char* const kConvoy;
extern const char* const kRepairs;
extern const char* const kTransports;
}  // namespace rule

void log_event(core::LogSink* log, const char* rule_heading, std::uint16_t event, int a0 = 0, int a1 = 0, int a2 = 0, int a3 = 0);
int first_side(const Battle& b);
bool in_stage(const Battle& b, const Row& r, Stage st);
bool has_targets(const Battle& b, int side, Stage st);
void advance(Battle& b, core::LogSink* log);

// battle_raids.cpp: Garrison Forces, Strategic Bombing Raids, Raiding Convoys.
void begin_bombing(Battle& b, core::LogSink* log);
[[nodiscard]] bool run_bombing(Battle& b, core::LogSink* log);
void bombing_die(Battle& b, Colour f, core::LogSink* log);
void bombing_legal(const Battle& b, std::vector<Choice>& out);
void apply_bombing(Battle& b, Choice c, core::LogSink* log);

[[nodiscard]] bool run_garrison(Battle& b, core::LogSink* log);
void garrison_die(Battle& b, Colour f, core::LogSink* log);
void garrison_legal(const Battle& b, std::vector<Choice>& out);
void apply_garrison(Battle& b, Choice c, core::LogSink* log);

[[nodiscard]] bool run_convoy(Battle& b, core::LogSink* log);
void convoy_die(Battle& b, Colour f, core::LogSink* log);
void cluster_legal(const Battle& b, std::vector<Choice>& out);
void apply_cluster(Battle& b, Choice c, core::LogSink* log);
void black_legal(const Battle& b, std::vector<Choice>& out);
void apply_black(Battle& b, Choice c, core::LogSink* log);

}  // namespace warroom
