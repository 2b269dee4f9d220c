#include "gateway/nickname.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

namespace croupier::gateway {

std::optional<NicknameProblem> nickname_problem(std::string_view name) {
  size_t count = 0;
  int32_t i = 0;
  const auto* s = reinterpret_cast<const uint8_t*>(name.data());
  const auto length = static_cast<int32_t>(name.size());
  bool characters_ok = true;
  while (i < length) {
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c < 0) return NicknameProblem::characters;  // not UTF-8
    ++count;
    if (!(U_GET_GC_MASK(c) & (U_GC_L_MASK | U_GC_N_MASK | U_GC_M_MASK))) characters_ok = false;
  }
  if (count < kNicknameMin || count > kNicknameMax) return NicknameProblem::length;
  if (!characters_ok) return NicknameProblem::characters;
  return std::nullopt;
}

namespace {

std::string normalised(std::string_view name, const icu::Normalizer2* (*instance)(UErrorCode&)) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = instance(status);
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(
      icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
  icu::UnicodeString out = U_SUCCESS(status) ? n->normalize(u, status) : u;
  std::string utf8;
  (U_SUCCESS(status) ? out : u).toUTF8String(utf8);
  return utf8;
}

}  // namespace

std::string nickname_nfc(std::string_view name) {
  return normalised(name, &icu::Normalizer2::getNFCInstance);
}

std::string nickname_key(std::string_view name) {
  return normalised(name, &icu::Normalizer2::getNFKCCasefoldInstance);
}

}  // namespace croupier::gateway
