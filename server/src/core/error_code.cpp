#include "core/error_code.hpp"

namespace croupier {

std::string_view meaning(ErrorCode c) {
  switch (c) {
#define CROUPIER_CASE(name, code, text) \
  case ErrorCode::name:                 \
    return text;
    CROUPIER_ERROR_CODES(CROUPIER_CASE)
#undef CROUPIER_CASE
  }
  return "unknown error";
}

std::string_view name(ErrorCode c) {
  switch (c) {
#define CROUPIER_CASE(n, code, text) \
  case ErrorCode::n:                 \
    return #n;
    CROUPIER_ERROR_CODES(CROUPIER_CASE)
#undef CROUPIER_CASE
  }
  return "Unknown";
}

std::optional<ErrorCode> error_code_from_int(int value) {
  switch (value) {
#define CROUPIER_CASE(n, code, text) \
  case code:                         \
    return ErrorCode::n;
    CROUPIER_ERROR_CODES(CROUPIER_CASE)
#undef CROUPIER_CASE
  }
  return std::nullopt;
}

}  // namespace croupier
