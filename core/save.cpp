#include "core/save.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/hash.h"

namespace core {

using nlohmann::json;

std::string save_to_json(const SaveFile& s) {
  json seats = json::object();
  for (const auto& [seat, controller] : s.seats) seats[seat] = controller;
  json actions = json::array();
  for (const SavedAction& a : s.actions) {
    json row = {{"seat", a.seat}, {"action", a.action}};
    if (a.sampled) row["sampled"] = true;
    actions.push_back(std::move(row));
  }
  json j = {{"game", s.game},
            {"format_version", s.format_version},
            {"engine_version", s.engine_version},
            {"data_hash", s.data_hash},
            {"scenario", s.scenario},
            {"options", s.options},
            {"seed", s.seed.wide ? json(s.seed.text()) : json(s.seed.low)},
            {"seats", seats},
            {"actions", actions},
            {"state_hash", s.state_hash}};
  if (s.players) j["players"] = s.players;
  if (s.search_threads != 1) j["search_threads"] = s.search_threads;
  if (s.rules_revision) j["rules_revision"] = s.rules_revision;
  if (!s.events.empty()) {
    json events = json::array();
    for (const SeatEvent& e : s.events) {
      json row = {{"at", e.at}, {"seat", e.seat}, {"event", e.event}};
      if (!e.controller.empty()) row["controller"] = e.controller;
      if (!e.game.empty()) row["game"] = e.game;
      events.push_back(std::move(row));
    }
    j["events"] = std::move(events);
  }
  if (!s.observers) j["observers"] = false;
  if (!s.rematch.empty()) j["rematch"] = s.rematch;
  return j.dump(1) + "\n";
}

bool ended_by_events(const SaveFile& save) {
  return std::any_of(save.events.begin(), save.events.end(), [](const SeatEvent& e) { return e.event == "conceded"; });
}

std::string controller_after_events(const SaveFile& save, const std::string& seat) {
  for (auto e = save.events.rbegin(); e != save.events.rend(); ++e)
    if (e->seat == seat && !e->controller.empty()) return e->controller;
  for (const auto& [s, c] : save.seats)
    if (s == seat) return c;
  return "human";
}

namespace {

const json& field(const json& j, const char* key, json::value_t type, const char* type_name) {
  auto it = j.find(key);
  if (it == j.end()) throw SaveError(fmt::format("save file: missing field \"{}\"", key));
  const bool ok = it->type() == type || (type == json::value_t::number_unsigned && it->is_number_unsigned()) ||
                  (type == json::value_t::number_integer && it->is_number_integer());
  if (!ok) throw SaveError(fmt::format("save file: field \"{}\" must be {}", key, type_name));
  return *it;
}

std::string str(const json& j, const char* key) { return field(j, key, json::value_t::string, "a string").get<std::string>(); }

Seed seed_from_json(const json& j) {
  auto it = j.find("seed");
  if (it == j.end()) throw SaveError("save file: missing field \"seed\"");
  if (it->is_number_unsigned()) return Seed(it->get<std::uint64_t>());
  if (it->is_string())
    if (auto seed = Seed::parse_hex(it->get<std::string>())) return *seed;
  throw SaveError("save file: field \"seed\" must be a non-negative integer or a string of 32 lower-case hex digits");
}

const std::set<std::string, std::less<>> kEvents = {"resign", "stand_in", "return", "concede", "withdraw", "conceded", "rematch"};

std::vector<SeatEvent> events_from_json(const json& j) {
  std::vector<SeatEvent> out;
  std::size_t i = 0;
  for (const json& e : field(j, "events", json::value_t::array, "an array")) {
    ++i;
    const auto text = [&](const char* key) { return e.contains(key) && e[key].is_string() ? e[key].get<std::string>() : std::string(); };
    if (!e.is_object() || !e.contains("at") || !e["at"].is_number_unsigned() || !kEvents.count(text("event")) || text("seat").empty() ||
        (e.contains("controller") && !e["controller"].is_string()) || (e.contains("game") && !e["game"].is_string()))
      throw SaveError(
          fmt::format("save file: event {} must be {{\"at\": N, \"seat\": string, \"event\": one of resign, stand_in, return, "
                      "concede, withdraw, conceded, rematch}}",
                      i));
    SeatEvent ev{e["at"].get<std::size_t>(), text("seat"), text("event"), text("controller"), text("game")};
    if (!out.empty() && ev.at < out.back().at)
      throw SaveError(fmt::format("save file: event {} is after {} actions, before the event ahead of it", i, ev.at));
    out.push_back(std::move(ev));
  }
  return out;
}

}  // namespace

SaveFile save_from_json(std::string_view text) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    throw SaveError(fmt::format("save file is not valid JSON: {}", e.what()));
  }
  if (!j.is_object()) throw SaveError("save file: must be a JSON object");
  SaveFile s;
  s.game = str(j, "game");
  s.format_version = field(j, "format_version", json::value_t::number_integer, "an integer").get<int>();
  if (s.format_version != kSaveFormatVersion)
    throw SaveError(
        fmt::format("save file: format version {} is not supported (this engine reads {})", s.format_version, kSaveFormatVersion));
  s.engine_version = str(j, "engine_version");
  s.data_hash = str(j, "data_hash");
  s.scenario = str(j, "scenario");
  for (const json& o : field(j, "options", json::value_t::array, "an array")) {
    if (!o.is_string()) throw SaveError("save file: \"options\" must hold strings");
    s.options.push_back(o.get<std::string>());
  }
  s.seed = seed_from_json(j);
  for (const auto& [seat, controller] : field(j, "seats", json::value_t::object, "an object").items()) {
    if (!controller.is_string()) throw SaveError("save file: \"seats\" values must be strings");
    s.seats.emplace_back(seat, controller.get<std::string>());
  }
  std::size_t i = 0;
  for (const json& a : field(j, "actions", json::value_t::array, "an array")) {
    ++i;
    if (!a.is_object() || !a.contains("seat") || !a.contains("action") || !a["seat"].is_string() || !a["action"].is_string() ||
        (a.contains("sampled") && !a["sampled"].is_boolean()))
      throw SaveError(fmt::format("save file: action {} must be {{\"seat\": string, \"action\": string}}", i));
    s.actions.push_back({a["seat"].get<std::string>(), a["action"].get<std::string>(), a.value("sampled", false)});
  }
  s.state_hash = str(j, "state_hash");
  if (j.contains("players")) {
    const auto players = field(j, "players", json::value_t::number_unsigned, "a seat count").get<std::uint64_t>();
    if (players < 1 || players > kMaxSeats) throw SaveError("save file: \"players\" must be a seat count from 1 to 32");
    s.players = static_cast<int>(players);
  }
  if (j.contains("search_threads")) {
    const auto threads = field(j, "search_threads", json::value_t::number_unsigned, "a number of threads").get<std::uint64_t>();
    if (threads < 1 || threads > kMaxSearchThreads)
      throw SaveError(fmt::format("save file: \"search_threads\" must be a number of threads from 1 to {}", kMaxSearchThreads));
    s.search_threads = static_cast<int>(threads);
  }
  if (j.contains("rules_revision")) {
    const auto revision = field(j, "rules_revision", json::value_t::number_unsigned, "a revision number").get<std::uint64_t>();
    if (revision > 1000) throw SaveError("save file: \"rules_revision\" must be a revision number from 0 to 1000");
    s.rules_revision = static_cast<int>(revision);
  }
  if (j.contains("events")) s.events = events_from_json(j);
  if (j.contains("observers")) s.observers = field(j, "observers", json::value_t::boolean, "true or false").get<bool>();
  if (j.contains("rematch")) s.rematch = str(j, "rematch");
  return s;
}

void write_file_atomic(const std::filesystem::path& path, std::string_view contents) {
  const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : ".";
  std::string tmpl = fmt::format("{}/.{}.tmp-XXXXXX", dir.string(), path.filename().string());
  const int fd = ::mkstemp(tmpl.data());
  if (fd < 0) throw SaveError(fmt::format("cannot write {}: {}", path.string(), std::system_category().message(errno)));
  std::size_t done = 0;
  while (done < contents.size()) {
    const ssize_t n = ::write(fd, contents.data() + done, contents.size() - done);
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      ::unlink(tmpl.c_str());
      throw SaveError(fmt::format("cannot write {}: {}", path.string(), std::system_category().message(err)));
    }
    done += static_cast<std::size_t>(n);
  }
  const bool synced = ::fsync(fd) == 0;
  ::close(fd);
  ::chmod(tmpl.c_str(), 0644);
  if (!synced || std::rename(tmpl.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmpl.c_str());
    throw SaveError(fmt::format("cannot write {}: {}", path.string(), std::system_category().message(err)));
  }
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SaveError(fmt::format("cannot read {}: no such file or not readable", path.string()));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace core
