// Small cryptographic helpers over OpenSSL: digests, HMAC, random tokens and a
// constant-time comparison. Pure functions, thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace croupier::crypto {

// Raw 32-byte digests.
std::string sha256(std::string_view data);
std::string hmac_sha256(std::string_view key, std::string_view data);

std::string to_hex(std::string_view bytes);
// Random bytes from the CSPRNG, as URL-safe base64 without padding (session ids, launch
// tokens, anti-forgery tokens). 24 bytes give 192 bits.
std::string random_token(size_t bytes = 24);

// Compares without an early exit, so timing reveals nothing about where they differ.
bool constant_time_equal(std::string_view a, std::string_view b);

// A password's hash for storing: libsodium's Argon2id string (memory-hard; salt and
// parameters inside), at its interactive limits. Slow on purpose (tens of milliseconds).
std::string hash_password(std::string_view password);
bool verify_password(std::string_view hash, std::string_view password);

// The header of a signed server-to-server request, both ways between Croupier and an
// operator: "sha256=<hex HMAC-SHA256 of the body with the operator's secret>".
inline constexpr std::string_view kSignatureHeader = "X-Croupier-Signature";

}  // namespace croupier::crypto
