// Result<T, E>: a value or an error (by default an ErrorCode of SPEC section 8), for
// operations whose refusal is an expected outcome (a bad bet, an unknown session), not
// a bug. C++20 has no std::expected, so this is the small subset we need. A plain value
// type; thread-safety as for T.
#pragma once

#include <cassert>
#include <utility>
#include <variant>

#include "core/error_code.hpp"

namespace croupier {

template <class T, class E = ErrorCode>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Result(E error) : v_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }

  const T& value() const& {
    assert(ok());
    return std::get<T>(v_);
  }
  T& value() & {
    assert(ok());
    return std::get<T>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<T>(std::move(v_));
  }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }

  const E& error() const {
    assert(!ok());
    return std::get<E>(v_);
  }

 private:
  std::variant<T, E> v_;
};

}  // namespace croupier
