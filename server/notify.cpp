#include "server/notify.h"

#include <sodium.h>

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <iostream>
#include <set>

#include "server/api_error.h"
#include "server/notify_send.h"
#include "server/tokens.h"
#include "server/unix_time.h"

namespace server {

namespace {

constexpr std::size_t kMaxChanges = 4096;     // changes waiting for the notifier's thread
constexpr std::int64_t kLease = 120;          // seconds a claimed message is this server's to send
constexpr std::size_t kBatch = 32;            // messages claimed at a time
constexpr std::chrono::seconds kTimeout{10};  // one send, all told

nlohmann::json target_json(const NotifySettings::Target& t) {
  return {{"to", t.to},       {"confirmed", t.confirmed}, {"code_hash", t.code_hash}, {"code_expires", t.code_expires},
          {"tries", t.tries}, {"window", t.window},       {"sends", t.sends}};
}

NotifySettings::Target target_of(const nlohmann::json& j) {
  NotifySettings::Target t;
  if (!j.is_object()) return t;
  t.to = j.value("to", "");
  t.confirmed = j.value("confirmed", false);
  t.code_hash = j.value("code_hash", "");
  t.code_expires = j.value("code_expires", std::int64_t{0});
  t.tries = j.value("tries", 0);
  t.window = j.value("window", std::int64_t{0});
  t.sends = j.value("sends", 0);
  return t;
}

std::set<std::string> seats_in(const nlohmann::json& summary, const char* field) {
  std::set<std::string> out;
  if (!summary.is_object() || !summary.contains(field) || !summary[field].is_array()) return out;
  for (const auto& s : summary[field])
    if (s.is_string()) out.insert(s.get<std::string>());
  return out;
}

// The text of a list of seats: "UK, US".
std::string joined(const std::set<std::string>& seats) {
  std::string out;
  for (const auto& s : seats) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

NotifySettings NotifySettings::parse(const std::string& stored) {
  NotifySettings s;
  const auto j = nlohmann::json::parse(stored, nullptr, false);
  if (!j.is_object()) return s;
  s.webhook = target_of(j.value("webhook", nlohmann::json()));
  s.email = target_of(j.value("email", nlohmann::json()));
  s.browser = j.value("browser", false);
  s.turns = j.value("turns", true);
  s.digest = j.value("digest", true);
  s.language = j.value("language", s.language);
  return s;
}

std::string NotifySettings::stored() const {
  return nlohmann::json{{"webhook", target_json(webhook)},
                        {"email", target_json(email)},
                        {"browser", browser},
                        {"turns", turns},
                        {"digest", digest},
                        {"language", language}}
      .dump();
}

nlohmann::json NotifySettings::public_json(bool email_available) const {
  const auto shown = [](const NotifySettings::Target& t, const char* field) {
    return t.to.empty() ? nlohmann::json(nullptr) : nlohmann::json{{field, t.to}, {"confirmed", t.confirmed}};
  };
  return {{"webhook", shown(webhook, "url")},
          {"email", shown(email, "address")},
          {"browser", browser},
          {"turns", turns},
          {"digest", digest},
          {"language", language},
          {"email_available", email_available}};
}

std::string checked_webhook(const std::string& url, bool allow_local) {
  const auto bad = [&](const std::string& why) {
    return ApiError(400, ErrorCode{"bad_webhook", {{"reason", why}}}, fmt::format("the webhook's URL cannot be used: {}", why));
  };
  if (url.size() > 500) throw bad("longer than 500 characters");
  if (!std::all_of(url.begin(), url.end(), [](unsigned char c) { return c > 0x20 && c < 0x7F; }))
    throw bad("only printable ASCII without spaces");
  Url u;
  try {
    u = Url::parse(url);
  } catch (const std::invalid_argument& e) {
    throw bad(e.what());
  }
  if (u.scheme != "https" && !(u.scheme == "http" && allow_local)) throw bad("it must begin with https://");
  if (!u.user.empty() || !u.password.empty()) throw bad("no user or password in it");
  if (!allow_local) {
    std::string host = u.host;
    for (char& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const bool literal = host.find_first_not_of("0123456789.:abcdef") == std::string::npos && host.find_first_of(".:") != std::string::npos;
    if (host == "localhost" || (host.size() > 10 && host.substr(host.size() - 10) == ".localhost") || (literal && !public_address(host)))
      throw bad("not a public address");
  }
  return url;
}

std::string checked_email(const std::string& address) {
  const auto at = address.find('@');
  const bool ok = address.size() >= 3 && address.size() <= 254 && at != std::string::npos && at > 0 && at + 1 < address.size() &&
                  address.find('@', at + 1) == std::string::npos &&
                  std::all_of(address.begin(), address.end(),
                              [](unsigned char c) {
                                return std::isalnum(c) ||
                                       std::string_view("!#$%&'*+-/=?^_`{|}~.@").find(static_cast<char>(c)) != std::string_view::npos;
                              }) &&
                  address.find('.', at) != std::string::npos && address.back() != '.';
  if (!ok) throw ApiError(400, ErrorCode{"bad_email"}, "an e-mail address is name@domain.example, at most 254 characters");
  return address;
}

nlohmann::json Notice::to_json() const {
  return {{"kind", kind}, {"game", game}, {"seat", seat}, {"subject", subject}, {"text", text}, {"link", link}};
}

Notice Notice::from_json(const std::string& text) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  Notice n;
  if (!j.is_object()) return n;
  n.kind = j.value("kind", "");
  n.game = j.value("game", "");
  n.seat = j.value("seat", "");
  n.subject = j.value("subject", "");
  n.text = j.value("text", "");
  n.link = j.value("link", "");
  return n;
}

std::string new_code() { return fmt::format("{:06}", randombytes_uniform(1000000)); }

std::string code_hash(const std::string& code, const std::string& target) { return hash_token(code + "\n" + target); }

Notifier::Notifier(NotifyOptions options, std::unique_ptr<SideStore> store, const core::i18n::Catalogues& words)
    : options_(std::move(options)), store_(std::move(store)), words_(words), sender_(new_token().substr(0, 16)) {}

Notifier::~Notifier() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Notifier::start(const std::string& public_url, const nlohmann::json& titles) {
  if (options_.public_url.empty()) options_.public_url = public_url;
  while (!options_.public_url.empty() && options_.public_url.back() == '/') options_.public_url.pop_back();
  for (const auto& t : titles)
    if (t.is_object()) title_names_[t.value("id", "")] = t.value("name", "");
  thread_ = std::thread([this] { run(); });
}

void Notifier::committed(Committed change) {
  {
    std::lock_guard lock(mutex_);
    if (changes_.size() >= kMaxChanges) {
      changes_.pop_front();
      std::cerr << "churchill serve: notifications: too many changes waiting; the oldest was dropped" << std::endl;
    }
    changes_.push_back(std::move(change));
  }
  wake_.notify_one();
}

void Notifier::held(std::string game, std::string seat) {
  {
    std::lock_guard lock(mutex_);
    if (held_.size() >= kMaxChanges) held_.pop_front();
    held_.emplace_back(std::move(game), std::move(seat));
  }
  wake_.notify_one();
}

void Notifier::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  wake_.notify_one();
}

namespace {

template <class Work>
void guarded(Work work) {
  try {
    work();
  } catch (const std::exception& e) {
    std::cerr << "churchill serve: notifications: " << printable(e.what(), 200) << std::endl;
  }
}

}  // namespace

void Notifier::run() {
  for (;;) {
    std::deque<Committed> changes;
    std::deque<std::pair<std::string, std::string>> held;
    {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, std::chrono::duration<double>(options_.poll_seconds),
                     [this] { return stopping_ || woken_ || !changes_.empty() || !held_.empty(); });
      if (stopping_) return;
      woken_ = false;
      changes.swap(changes_);
      held.swap(held_);
    }
    // A change the store cannot take now is lost (logged); the outbox is drained again at the next look.
    for (const Committed& c : changes) guarded([&] { enqueue(c); });
    for (const auto& h : held) guarded([&] { enqueue_held(h.first, h.second); });
    guarded([&] { drain(); });
    guarded([&] { prune(); });
  }
}

void Notifier::prune() {
  const auto now = std::chrono::steady_clock::now();
  const double every = std::min(60.0, options_.keep_seconds);
  if (pruned_ != std::chrono::steady_clock::time_point{} && now - pruned_ < std::chrono::duration<double>(every)) return;
  pruned_ = now;
  store_->prune_outbox(unix_now() - static_cast<std::int64_t>(options_.keep_seconds));
}

std::string Notifier::title_name(const std::string& id) const {
  const auto it = title_names_.find(id);
  return it == title_names_.end() || it->second.empty() ? id : it->second;
}

Notice Notifier::notice(const std::string& kind, const Committed& c, const nlohmann::json& after, const std::string& seat,
                        const NotifySettings& s) const {
  Notice n;
  n.kind = kind;
  n.game = c.id;
  n.seat = seat;
  n.link = fmt::format("{}/#/game/{}", options_.public_url, c.id);
  const bool details = !c.invitation || options_.private_details;
  const core::i18n::Args args = {{"title", title_name(after.value("title", ""))}, {"seat", seat}, {"actions", std::to_string(c.actions)}};
  const std::string& lang = s.language;
  if (kind == "turn") {
    n.subject = words_.tr(lang, "server.notify.turn_subject", args);
    n.text = words_.tr(lang, details ? "server.notify.turn_text" : "server.notify.turn_text_private", args);
  } else {
    const std::set<std::string> winners = seats_in(after, "winners");
    core::i18n::Args end = args;
    end.emplace_back("winners", joined(winners));
    n.subject = words_.tr(lang, "server.notify.end_subject", end);
    n.text = words_.tr(lang, details ? "server.notify.end_text" : "server.notify.end_text_private", end);
    n.text += " " + words_.tr(lang, winners.count(seat) ? "server.notify.end_won" : "server.notify.end_not_won", end);
  }
  n.text += "\n" + words_.tr(lang, "server.notify.open", {{"link", n.link}});
  return n;
}

Notice Notifier::confirmation(const std::string& channel, const std::string& code, const std::string& language) const {
  Notice n;
  n.kind = "confirm";
  n.subject = words_.tr(language, "server.notify.confirm_subject", {{"code", code}});
  n.text = words_.tr(language, channel == "email" ? "server.notify.confirm_email" : "server.notify.confirm_webhook", {{"code", code}});
  return n;
}

// The seats whose turn the change began: those the game waits on after it that it did not wait on at
// some point since the last seats it waited on before it, action by action when the change played
// several (a slice of bots and chance). Waiting on chance alone, the game is still in the turns of
// the seats it waited on before: a seat that fights, sees the dice and decides again is told once,
// however the commits fell; a seat waited on again after another seat decided is told again, though
// the dice and that decision were one change.
std::set<std::string> Notifier::began_turns(const Committed& c, const nlohmann::json& before, const nlohmann::json& after) {
  const bool was_over = before.is_object() && before.value("terminal", false);
  std::set<std::string> waited = seats_in(before, "active");
  if (waited.empty() && !was_over) waited = seats_in(before, "waited_on");  // the stored entry's, whichever server made it
  const auto memory = waited_on_.find(c.id);
  if (waited.empty() && !was_over && memory != waited_on_.end()) waited = memory->second;  // an entry without it (an older server's)
  std::set<std::string> began;
  const auto step = [&](const std::set<std::string>& now) {
    if (now.empty()) return;  // chance: nobody's turn ends
    for (const auto& seat : now)
      if (!waited.count(seat)) began.insert(seat);
    waited = now;
  };
  for (const auto& seats : c.waits) step({seats.begin(), seats.end()});
  const std::set<std::string> now = seats_in(after, "active");
  step(now);
  if (waited_on_.size() >= 4096 && memory == waited_on_.end()) waited_on_.clear();
  waited_on_[c.id] = waited;
  std::set<std::string> out;
  for (const auto& seat : began)
    if (now.count(seat)) out.insert(seat);
  return out;
}

// The seats whose turn the change began (each told once per account, game and action count), and at
// the end of a game every seat's account (once per account and game).
void Notifier::enqueue(const Committed& c) {
  const auto after = nlohmann::json::parse(c.after, nullptr, false), before = nlohmann::json::parse(c.before, nullptr, false);
  if (!after.is_object()) return;
  const bool over = after.value("terminal", false), was_over = before.is_object() && before.value("terminal", false);
  std::vector<std::pair<std::string, std::string>> told;  // (kind, seat)
  if (!over) {
    for (const auto& seat : began_turns(c, before, after)) told.emplace_back("turn", seat);
  } else if (!was_over) {
    waited_on_.erase(c.id);
    for (const auto& seat : seats_in(after, "seat_order")) told.emplace_back("end", seat);
  }
  for (const auto& [kind, seat] : told) tell(kind, c, after, seat);
}

// A seat held now whose turn it is already (its turn began while nobody held it). The changes that
// began a turn are told before a hold made after them, so a turn message of the account in this game
// means that the turn under way is told already (it began after the hold).
void Notifier::enqueue_held(const std::string& game, const std::string& seat) {
  const auto entry = store_->game_entry(game);
  if (!entry) return;
  const auto after = nlohmann::json::parse(entry->summary, nullptr, false);
  if (!after.is_object() || after.value("terminal", false) || !seats_in(after, "active").count(seat)) return;
  const auto holder = store_->seat_holder(game, seat);
  if (!holder || store_->told_turn(holder->first, game)) return;
  tell("turn", Committed{game, "", entry->summary, entry->actions, entry->invitation, {}}, after, seat);
}

void Notifier::tell(const std::string& kind, const Committed& c, const nlohmann::json& after, const std::string& seat) {
  const std::int64_t now = unix_now();
  const auto seats = after.value("seats", nlohmann::json::object());
  // A bot's turn, or nobody's yet, is told to nobody; the end is told to whoever holds the seat, a
  // player who resigned too (its bot played on, 11.0).
  if (kind == "turn" && seats.is_object() && seats.contains(seat) && seats[seat] != "taken") return;
  const auto holder = store_->seat_holder(c.id, seat);
  if (!holder) return;
  const NotifySettings s = NotifySettings::parse(holder->second);
  if (kind == "turn" ? !s.turns : !s.digest) return;
  const std::string payload = notice(kind, c, after, seat, s).to_json().dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  const std::string key =
      kind == "turn" ? fmt::format("turn:{}:{}:{}", holder->first, c.id, c.actions) : fmt::format("end:{}:{}", holder->first, c.id);
  if (s.webhook.confirmed && !s.webhook.to.empty())
    store_->add_outbox(key + ":webhook", {0, holder->first, "webhook", s.webhook.to, payload, 0}, now, now);
  if (s.email.confirmed && !s.email.to.empty() && email_available())
    store_->add_outbox(key + ":email", {0, holder->first, "email", s.email.to, payload, 0}, now, now);
}

void Notifier::drain() {
  for (;;) {
    const auto rows = store_->claim_outbox(sender_, unix_now(), kLease, kBatch);
    if (rows.empty()) return;
    for (const OutboxRow& row : rows) send(row);
    std::lock_guard lock(mutex_);
    if (stopping_) return;
  }
}

// A turn whose seat has played meanwhile (or whose game is over or gone) is not told any more.
bool Notifier::stale(const Notice& n) {
  if (n.kind != "turn") return false;
  const auto summary = nlohmann::json::parse(store_->game_summary(n.game), nullptr, false);
  return !summary.is_object() || summary.value("terminal", false) || !seats_in(summary, "active").count(n.seat);
}

void Notifier::send(const OutboxRow& row) {
  const Notice n = Notice::from_json(row.payload);
  if (stale(n)) return store_->settle_outbox(row.id, sender_, "stale", 0, "");
  try {
    if (row.channel == "webhook") {
      const std::string text = n.subject + "\n" + n.text;
      const nlohmann::json body = {{"content", text}, {"text", text}, {"allowed_mentions", {{"parse", nlohmann::json::array()}}}};
      post_webhook(row.target, body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), options_.allow_local, kTimeout);
    } else {
      send_mail(options_.smtp, options_.mail_from, row.target, n.subject, n.text, kTimeout);
    }
    store_->settle_outbox(row.id, sender_, "sent", unix_now(), "");
  } catch (const SendError& e) {
    const bool last = e.permanent || row.attempts + 1 >= options_.max_attempts;
    const double delay = std::min(3600.0, options_.backoff_seconds * static_cast<double>(std::int64_t{1} << std::min(row.attempts, 20)));
    std::cerr << fmt::format("churchill serve: notifications: message {} to {} not sent{}: {}\n", row.id, row.channel,
                             last ? " (given up)" : "", printable(e.what(), 200));
    store_->settle_outbox(row.id, sender_, last ? "failed" : "pending", unix_now() + static_cast<std::int64_t>(delay),
                          printable(e.what(), 200));
  }
}

}  // namespace server
