// Whether the tests run under AddressSanitizer or ThreadSanitizer (several times slower), for the
// tests that scale their work or their bounds by it.
#pragma once

namespace test_support {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace test_support
