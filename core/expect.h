// Preconditions of the rules of every title, assert-style: CORE_EXPECT(cond) stops the program
// naming the condition, file and line where it is false. Checked where NDEBUG is not defined and in
// the sanitizer build (CORE_CHECKS, which CMake sets with CHURCHILL_SANITIZE); in a release build it
// is type-checked and not evaluated.
#pragma once

#if defined(CORE_CHECKS) || !defined(NDEBUG)
#define CORE_EXPECT(cond) ((cond) ? static_cast<void>(0) : ::core::precondition_failed(#cond, __FILE__, __LINE__))
#else
#define CORE_EXPECT(cond) static_cast<void>(sizeof((cond) ? 1 : 0))  // type-checked, not evaluated
#endif

namespace core {

// Reports a broken precondition on stderr and aborts.
[[noreturn]] void precondition_failed(const char* condition, const char* file, int line);

}  // namespace core
