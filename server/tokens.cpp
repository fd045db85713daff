#include "server/tokens.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <stdexcept>

namespace server {

namespace {
std::string hex(const unsigned char* bytes, std::size_t n) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    out += digits[bytes[i] >> 4];
    out += digits[bytes[i] & 15];
  }
  return out;
}

std::string random_hex(std::size_t bytes) {
  unsigned char buf[64];
  if (RAND_bytes(buf, static_cast<int>(bytes)) != 1) throw std::runtime_error("no entropy for a token");
  return hex(buf, bytes);
}
}  // namespace

std::string new_token() { return random_hex(32); }
std::string new_id() { return random_hex(6); }

std::string hash_token(std::string_view token) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (EVP_Digest(token.data(), token.size(), digest, &n, EVP_sha256(), nullptr) != 1) throw std::runtime_error("SHA-256 failed");
  return hex(digest, n);
}

bool same_hash(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace server
