// The platform's conformance harness (tests/core/conformance.h) on every scenario of Churchill,
// with and without the Secret Agenda variant.
#include <cstring>
#include <set>

#include "../core/conformance.h"
#include "churchill/actions.h"
#include "churchill/rules.h"
#include "table_fixture.h"
#include "tests/support/play_until.h"

namespace churchill::testing {
namespace {

TEST(ChurchillConformance, RandomGamesOfEveryScenario) {
  const Game g(data());
  for (const Scenario& sc : data().scenarios)
    for (bool secret_agenda : {false, true}) {
      conformance::Options o;
      o.games = 6;
      o.seed = 11;
      o.check_every = test_support::kSanitized ? 4 : 1;  // 100 s under the sanitizers checking every state
      o.scenario = sc.id + (secret_agenda ? "+secret-agenda" : "");
      const auto stats = conformance::run(g, g.new_game(sc, Options{secret_agenda, false}), o);
      if (::testing::Test::HasFatalFailure()) return;
      EXPECT_GT(stats.resamples_that_differ, 0) << o.scenario << ": hands are hidden, so resampling redraws them";
    }
}

// A position `moves` random actions into a game of the training scenario (Secret Agenda on, so
// that its fields are set too).
State played(const Game& g, int moves, std::uint64_t seed) {
  State s = g.new_game(*data().scenario("training"), Options{true, false});
  core::Rng rng(seed);
  test_support::play_to_end(g, s, rng, test_support::random_choice(g, rng), moves);
  return s;
}

TEST(ChurchillStateHash, EveryFieldOfStateIsHashed) {
  const Game g(data());
  int checked = 0;
  for (int moves : {0, 120, 400, 900}) {
    const State s = played(g, moves, 5 + static_cast<std::uint64_t>(moves));
    checked += conformance::expect_every_byte_hashed(g, s, "a position in play");
    checked += conformance::expect_every_byte_hashed(g, g.observe(s, 1), "an observation");
  }
  EXPECT_GT(checked, 4 * static_cast<int>(sizeof(State))) << "most bytes of State are fields";
}

TEST(ChurchillStateHash, AHandHiddenInAnObservationChangesTheHash) {
  const Game g(data());
  const State s = played(g, 120, 9);
  State o = g.observe(s, 0);
  const std::uint64_t h = g.hash(o);
  ++o.hidden_hand[Power::USSR];
  EXPECT_NE(g.hash(o), h);
}

// The rules' preconditions (CORE_EXPECT) are live in the sanitizer build: an action applied
// where its step does not accept it stops the program there, before it can corrupt a state.
TEST(ChurchillPreconditions, AnActionAtTheWrongStepStopsACheckedBuild) {
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  const Game g(data());
  const State start = g.new_game(*data().scenario("training"));
  ASSERT_EQ(start.steps.top().id, StepId::RevealConference);
  EXPECT_DEATH(
      {
        State s = start;
        g.apply(s, 0, encode(Act::Pass), nullptr);
      },
      "precondition failed");
  EXPECT_DEATH(
      {
        State s = start;
        g.apply(s, core::kChance, encode(Act::Chance, 99), nullptr);  // no such conference card
      },
      "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// Typed ids (core/ids.h): an int meets the arrays of powers and of Fronts only through power_at and
// front_at, which stop a checked build on an index that names none (a fourth power, kInBox or kNone
// taken for a Front) instead of reading the next field of the State.
TEST(ChurchillPreconditions, AnIndexThatNamesNoPowerOrFrontStopsACheckedBuild) {
  const State s = Game(data()).new_game(*data().scenario("training"));
  EXPECT_EQ(s.hand[power_at(2)], s.hand[Power::USSR]);
  EXPECT_EQ(&s.front[front_at(kMaxFronts - 1)], &s.front.items.back());
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const auto h = s.hand[power_at(kPowers)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto f = s.front[front_at(kInBox)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto f = s.offensive[front_at(kNone)]; }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// An issue meets State::issues and Data::issues only through issue_at: a checked build stops on an
// index that names no issue counter (kNone, -1) or one past the data set's issues (an
// IdVector checks its size), instead of reading the next field or past the vector.
TEST(ChurchillPreconditions, AnIndexThatNamesNoIssueStopsACheckedBuild) {
  const State s = Game(data()).new_game(*data().scenario("training"));
  const int issues = static_cast<int>(data().issues.size());
  EXPECT_EQ(&data().issues[issue_at(issues - 1)], &data().issues.back());
  EXPECT_EQ(&s.issues[issue_at(kMaxIssues - 1)], &s.issues.items.back());
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const auto& i = s.issues[issue_at(kNone)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& i = s.issues[issue_at(-1)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& i = data().issues[issue_at(issues)]; }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// A staff card meets a deck (Data::staff) and its traits (Known::staff_traits) only through
// staff_at: a checked build stops on an index past the 21 cards of a deck (kNone, a Leader's -1)
// instead of reading the next power's deck.
TEST(ChurchillPreconditions, AnIndexThatNamesNoStaffCardStopsACheckedBuild) {
  const Game g(data());
  const auto& deck = data().staff[Power::UK];
  EXPECT_EQ(&deck[staff_at(kStaffPerDeck - 1)], &deck.back());
  EXPECT_EQ(&g.known().staff_traits[Power::UK][staff_at(kStaffPerDeck - 1)], &g.known().staff_traits[Power::UK].items.back());
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const auto& c = deck[staff_at(kStaffPerDeck)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& c = deck[staff_at(-1)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto t = g.known().staff_traits[Power::US][staff_at(kNone)]; }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// A Leader card is a LeaderId (Data::leaders, a LeaderState's card, Known's Stalin, the Leaders an
// effect or a condition names), in the byte it always was, kNoLeader the kNone of a datum that names
// no Leader: a new game's Leaders are the starting ones, and an id that names no Leader (kNoLeader,
// one past the data set's, a log argument of -1) stops a checked build instead of reading past
// Data::leaders.
TEST(ChurchillPreconditions, ALeaderIsItsByteAndAnIdThatNamesNoLeaderStopsACheckedBuild) {
  static_assert(sizeof(LeaderId) == 1 && sizeof(LeaderState) == 4);
  const Data& d = data();
  const Game g(d);
  const State s = g.new_game(*d.scenario("training"));
  EXPECT_EQ(s.leaders[Power::US].card, d.leader("roosevelt")) << "3.31: Truman replaces him later";
  EXPECT_EQ(g.known().stalin, d.leader("stalin"));
  EXPECT_EQ(d.leaders[d.leader("truman")].replaces, d.leader("roosevelt"));
  EXPECT_EQ(d.leaders[d.leader("roosevelt")].replaces, kNoLeader);
  EXPECT_EQ(d.leader("nobody"), kNoLeader);
  EXPECT_EQ(core::index_of(kNoLeader), kNone);
  const auto count = static_cast<int>(d.leaders.size());
  EXPECT_EQ(&d.leaders[leader_at(count - 1)], &d.leaders.back());
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const auto& l = d.leaders[kNoLeader]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& l = d.leaders[leader_at(count)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const LeaderId l = leader_at(-1); }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// A set of powers (a tie's, a Pol-Mil placement's, a victory condition's) is the byte of bits it
// always was, a PowerSet (core::IdBits): a tie's payload packs the same byte and reads it back, the
// set is walked lowest first, and none (kNoPower) is no member: asking for it stops a checked build
// instead of shifting a bit past the byte.
TEST(ChurchillPreconditions, ASetOfPowersIsItsByteOfBitsAndNoneIsNoMember) {
  static_assert(sizeof(PowerSet) == 1 && kEveryPower.bits == 7);
  const PowerSet tied = power_bit(Power::USSR) | power_bit(Power::UK);
  EXPECT_EQ(tied.bits, 0b101);
  const Step offer = step::TieBreakOffer{Power::US, 1, tied, 2};
  EXPECT_EQ(offer.bytes, (StepBytes{1, 1, 0b101 | 2 << 3}));
  EXPECT_EQ(offer.as<step::TieBreakOffer>().tied, tied);
  EXPECT_EQ(offer.as<step::TieBreakOffer>().offered, 2);
  std::vector<Power> members;
  for (Power p : tied) members.push_back(p);
  EXPECT_EQ(members, (std::vector<Power>{Power::UK, Power::USSR}));
  EXPECT_EQ(tied.without(power_bit(Power::UK)).nth(0), Power::USSR);
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const bool b = tied.test(kNoPower); }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// An Axis power and a conference card are typed the same way (AxisId, Data::axis and a space's Axis
// power; ConferenceCardId, Data::conference_cards and the State's card, kNoConferenceCard until it
// is revealed, the byte kNone it always held): an id that names none stops a checked build.
TEST(ChurchillPreconditions, AnAxisPowerOrAConferenceCardIsItsByteAndNoneIndexesNothing) {
  static_assert(sizeof(AxisId) == 1 && sizeof(ConferenceCardId) == 1);
  const Data& d = data();
  const Game g(d);
  const State s = g.new_game(*d.scenario("training"));
  EXPECT_EQ(s.conference_card, kNoConferenceCard) << "9.2: revealed when the conference begins";
  EXPECT_EQ(core::index_of(s.conference_card), kNone);
  EXPECT_EQ(d.conference_cards[d.conference_card("8c")].id, "8c");
  EXPECT_EQ(d.conference_card("8d"), kNoConferenceCard);
  EXPECT_EQ(d.axis[surrendered_axis(0)].id, "germany");
  EXPECT_EQ(d.axis[surrendered_axis(1)].id, "japan");
  EXPECT_EQ(d.axis[g.known().italy].id, "italy");
  EXPECT_EQ(d.spaces[d.space("germany")].axis, surrendered_axis(0));
  EXPECT_EQ(d.spaces[d.space("normandy")].axis, kNoAxis);
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const auto& c = d.conference_cards[s.conference_card]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto c = conference_card_at(kConferenceCards); }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& a = d.axis[d.spaces[d.space("normandy")].axis]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& a = d.axis[axis_at(static_cast<int>(d.axis.size()))]; }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// A hand (and a draw pile, and the cards out of the game) is a set of staff cards whose storage is the
// word of bits the State always held (core::IdBits): the set is that word, bit for bit, so a State's
// layout and hash are unchanged; it lists its cards lowest first; and a card past the word's 32 bits
// (a kNone card, a Leader's -1) stops a checked build instead of shifting past the word.
TEST(ChurchillPreconditions, AHandIsItsWordOfBitsAndACardPastItStopsACheckedBuild) {
  static_assert(sizeof(StaffSet) == sizeof(std::uint32_t) && alignof(StaffSet) == alignof(std::uint32_t));
  StaffSet hand;
  hand.set(staff_at(20)).set(staff_at(0)).set(staff_at(5));
  EXPECT_EQ(hand.bits, (1u << 0) | (1u << 5) | (1u << 20));
  std::vector<int> cards;
  for (StaffId c : hand) cards.push_back(index(c));
  EXPECT_EQ(cards, (std::vector<int>{0, 5, 20}));
  EXPECT_EQ(hand.count(), 3);
  EXPECT_EQ(hand.nth(1), staff_at(5));
  EXPECT_EQ(hand.without(StaffSet::of(staff_at(5))).bits, (1u << 0) | (1u << 20));
  EXPECT_EQ(StaffSet::first(kStaffPerDeck).bits, (1u << kStaffPerDeck) - 1);
  const State s = Game(data()).new_game(*data().scenario("training"));
  std::uint32_t word = 0;
  std::memcpy(&word, &s.draw[Power::US], sizeof word);
  EXPECT_EQ(word, (1u << kStaffPerDeck) - 1) << "a new game's draw pile is the whole deck, in the word";
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const bool b = hand.test(StaffId{kNone}); }, "precondition failed");
  EXPECT_DEATH({ hand.set(static_cast<StaffId>(32)); }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const StaffId c = StaffSet{}.nth(0); }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// A Meeting play's seat, card and issue are typed ids in the bytes the State always held there: the
// play nobody made reads -1 in its seat's byte and kNone in its card's and issue's, as before, so a
// State's hash and the saves are unchanged; and a play nobody made cannot index a power's arrays (a
// checked build stops) where the -1 of before would have read the field in front.
TEST(ChurchillPreconditions, AMeetingPlayHoldsTypedIdsInItsBytesAndNobodysPlayIndexesNothing) {
  static_assert(sizeof(Play) == 7);
  const Play nobody{};
  EXPECT_FALSE(nobody.made());
  std::array<unsigned char, sizeof(Play)> bytes{};
  std::memcpy(bytes.data(), &nobody, sizeof nobody);
  EXPECT_EQ(static_cast<std::int8_t>(bytes[0]), -1);
  EXPECT_EQ(bytes[1], kNone);
  EXPECT_EQ(bytes[2], kNone);
  const Play uk{Power::UK, staff_at(3), issue_at(5)};
  std::memcpy(bytes.data(), &uk, sizeof uk);
  EXPECT_TRUE(uk.made());
  EXPECT_EQ(bytes[0], 0);
  EXPECT_EQ(bytes[1], 3);
  EXPECT_EQ(bytes[2], 5);
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  const State s = Game(data()).new_game(*data().scenario("training"));
  EXPECT_DEATH({ [[maybe_unused]] const auto h = s.hand[nobody.seat]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& i = s.issues[nobody.issue]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& c = data().staff[Power::UK][nobody.card]; }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// A Secret Agenda marker is a MarkerId (Data::secret_agenda, exactly kSecretAgendaMarkers; each
// power's three in the State, kNoMarker until dealt, the byte kNone they always held): a game of the
// variant deals three different markers to each power, and none indexes no marker in a checked build.
TEST(ChurchillPreconditions, ASecretAgendaMarkerIsItsByteAndNoneIndexesNothing) {
  static_assert(sizeof(MarkerId) == 1);
  const Data& d = data();
  const Game g(d);
  State s = g.new_game(*d.scenario("training"), Options{true, false});
  EXPECT_EQ(core::index_of(s.secret_agenda[Power::UK][0]), kNone) << "10.2: dealt at random once the game begins";
  core::Rng rng(7);
  const auto all_dealt = [](const State& x) {
    for (Power p : kAllPowers)
      for (MarkerId m : x.secret_agenda[p])
        if (m == kNoMarker) return false;
    return true;
  };
  ASSERT_TRUE(test_support::play_until(g, s, all_dealt, rng, test_support::random_choice(g, rng), 1000));
  std::set<MarkerId> dealt;
  for (Power p : kAllPowers)
    for (MarkerId m : s.secret_agenda[p]) {
      ASSERT_NE(m, kNoMarker);
      dealt.insert(m);
      EXPECT_EQ(&d.secret_agenda[m], &d.secret_agenda[marker_at(index(m))]);
    }
  EXPECT_EQ(dealt.size(), 9u) << "10.2: three markers each, none twice";
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const auto& m = d.secret_agenda[kNoMarker]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const MarkerId m = marker_at(kSecretAgendaMarkers); }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// A Global Issue marker (6.11) is a GlobalIssueId (Data::global_issues, exactly kGlobalIssues; the
// State's three positions, the bytes they always were; Known's marker of each pair of powers):
// each of the three pairs debates its own marker, a pair of one power debates none, and an id that
// names no marker stops a checked build.
TEST(ChurchillPreconditions, AGlobalIssueMarkerIsItsByteAndNoneIndexesNothing) {
  static_assert(sizeof(GlobalIssueId) == 1 && sizeof(State::global) == kGlobalIssues);
  const Data& d = data();
  const Game g(d);
  const State s = g.new_game(*d.scenario("training"));
  const auto debated_by = [&](GlobalIssueId m, Power a, Power b) {
    const auto& p = d.global_issues[m].powers;
    return (p[0] == a && p[1] == b) || (p[0] == b && p[1] == a);
  };
  EXPECT_TRUE(debated_by(g.known().uk_us_marker, Power::UK, Power::US));
  EXPECT_TRUE(debated_by(g.known().uk_ussr_marker, Power::UK, Power::USSR));
  EXPECT_TRUE(debated_by(g.known().us_ussr_marker, Power::US, Power::USSR));
  EXPECT_EQ(rules::marker_of(d, Power::US, Power::UK), g.known().uk_us_marker) << "either order of the pair";
  EXPECT_EQ(rules::marker_of(d, Power::UK, Power::UK), kNoGlobalIssue);
  std::set<GlobalIssueId> markers{g.known().uk_us_marker, g.known().uk_ussr_marker, g.known().us_ussr_marker};
  EXPECT_EQ(markers.size(), static_cast<std::size_t>(kGlobalIssues)) << "6.11: one marker per pair";
  for (GlobalIssueId m : d.global_issues.ids()) EXPECT_EQ(s.global[m], kNoPower) << "9.52: neutral at the start";
  EXPECT_EQ(g.action_to_string(s, 0, encode(Act::MoveGlobal, index(g.known().us_ussr_marker))),
            "global " + d.global_issues[g.known().us_ussr_marker].id);
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const auto& m = d.global_issues[kNoGlobalIssue]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const Power p = s.global[kNoGlobalIssue]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const GlobalIssueId m = global_issue_at(kGlobalIssues); }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// The State's bytes that name a power or a Front are typed ids in the bytes they always were: a new
// game's winners, next Meeting turn and game winner hold the -1 of before (kNoPower's byte), a
// location without markers and a neutral Global Issue marker kNone, a Directed Offensive not placed
// kNone, so a State's layout and the saves are unchanged; the log's and the hash's -1 of a power
// that is none is index_or_none's; and none of them indexes a power's or a Front's arrays (a checked
// build stops) where the -1 or kNone of before would have read another field.
TEST(ChurchillPreconditions, AStateByteThatNamesAPowerOrAFrontHoldsItsByteAndNoneIndexesNothing) {
  static_assert(sizeof(Power) == 1 && sizeof(FrontId) == 1 && sizeof(IssueState) == 4 && sizeof(Mandate) == 4);
  const State s = Game(data()).new_game(*data().scenario("training"));
  const auto byte = [](auto id) { return static_cast<std::int8_t>(core::index_of(id)); };
  EXPECT_EQ(byte(s.agenda_winner), -1);
  EXPECT_EQ(byte(s.conference_winner), -1);
  EXPECT_EQ(byte(s.meeting_next), -1);
  EXPECT_EQ(byte(s.winner), -1);
  EXPECT_EQ(byte(s.directed_front[Power::US]), -1);
  for (Power g : s.global) EXPECT_EQ(g, kNoPower) << "9.52: every Global Issue marker starts neutral";
  LocationId empty = kNoLocation;
  for (LocationId l : data().locations.ids())
    if (s.networks[l] == 0 && s.alignment[l] == kNoPower) empty = l;
  ASSERT_NE(empty, kNoLocation);
  EXPECT_EQ(byte(s.network_owner[empty]), -1);
  EXPECT_EQ(index_or_none(kNoPower), -1);
  EXPECT_EQ(index_or_none(Power::USSR), 2);
  EXPECT_EQ(power_or_none(-1), kNoPower);
  EXPECT_EQ(power_or_none(1), Power::US);
  EXPECT_EQ(kCenter, kNoPower) << "an issue in the centre is on no power's track";
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const auto h = s.hand[s.agenda_winner]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto h = s.hand[s.network_owner[empty]]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto f = s.front[s.directed_front[Power::UK]]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const Power p = power_or_none(kPowers); }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// A step payload's byte becomes an id only in unpack(), through its checked conversion: a checked
// build stops on a payload whose byte names no power (a seat of -1, a fourth power) or no Front
// (kInBox), instead of letting the rules index a State array with it. A typed payload packs the
// bytes its int fields packed, so a State's hash and the saves are unchanged.
TEST(ChurchillPreconditions, APayloadByteThatNamesNoPowerOrFrontStopsACheckedBuild) {
  const Step turn = step::MeetingTurn{Power::USSR};
  EXPECT_EQ(turn.bytes, (StepBytes{2, 0, 0}));
  EXPECT_EQ(turn.as<step::MeetingTurn>().seat, Power::USSR);
  const Step health = step::HealthRoll{Power::US, true, StaffId{}, 1};  // the Leader's health roll
  EXPECT_EQ(health.bytes, (StepBytes{1, -1, 1}));
  EXPECT_TRUE(health.as<step::HealthRoll>().leader);
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  for (const std::int8_t seat : {static_cast<std::int8_t>(kPowers), std::int8_t{-1}}) {
    Step bad = turn;
    bad.bytes[0] = seat;
    EXPECT_DEATH({ [[maybe_unused]] const auto t = bad.as<step::MeetingTurn>(); }, "precondition failed");
  }
  Step roll = step::FrontRoll{front_at(0)};
  roll.bytes[0] = kInBox;
  EXPECT_DEATH({ [[maybe_unused]] const auto r = roll.as<step::FrontRoll>(); }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

// The map's nouns meet State's arrays (naval support, networks and alignment, spaces entered) and
// Data's only through their typed ids: a checked build stops on an index that names no theater,
// location or space (kNone, -1, one past the engine's arrays or the data set's entries), and on an
// action whose argument names none, instead of reading the next field or past the vector.
TEST(ChurchillPreconditions, AnIndexThatNamesNoTheaterLocationOrSpaceStopsACheckedBuild) {
  const Game g(data());
  const State s = g.new_game(*data().scenario("training"));
  const int theaters = static_cast<int>(data().theaters.size()), locations = static_cast<int>(data().locations.size()),
            spaces = static_cast<int>(data().spaces.size());
  EXPECT_EQ(&data().theaters[theater_at(theaters - 1)], &data().theaters.back());
  EXPECT_EQ(&data().locations[location_at(locations - 1)], &data().locations.back());
  EXPECT_EQ(&data().spaces[space_at(spaces - 1)], &data().spaces.back());
  EXPECT_EQ(&s.naval[theater_at(kMaxTheaters - 1)], &s.naval.items.back());
  EXPECT_EQ(&s.networks[location_at(kMaxLocations - 1)], &s.networks.items.back());
  EXPECT_EQ(&s.entered[space_at(kMaxSpaces - 1)], &s.entered.items.back());
  EXPECT_EQ(g.action_to_string(s, 0, encode(Act::Naval, index(g.known().arctic))), "naval arctic");
#if defined(CORE_CHECKS) || !defined(NDEBUG)
  EXPECT_DEATH({ [[maybe_unused]] const auto n = s.naval[theater_at(kMaxTheaters)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto n = s.naval[kNoTheater]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& t = data().theaters[theater_at(theaters)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto n = s.networks[location_at(-1)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto a = s.alignment[kNoLocation]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& l = data().locations[location_at(locations)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto e = s.entered[space_at(kMaxSpaces)]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto& sp = data().spaces[kNoSpace]; }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto text = g.action_to_string(s, 0, encode(Act::Naval, theaters)); }, "precondition failed");
  EXPECT_DEATH({ [[maybe_unused]] const auto text = g.action_to_string(s, 0, encode(Act::PlaceNetwork, kNone)); }, "precondition failed");
#else
  GTEST_SKIP() << "preconditions are compiled out of this build (release without CHURCHILL_SANITIZE)";
#endif
}

}  // namespace
}  // namespace churchill::testing
