// What the fuzz targets share (docs/testing.md "Fuzzing"): a property that must hold stops
// the run with the input that broke it, as a sanitizer's report does.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace croupier::fuzz {

// Fails the run (libFuzzer keeps the input as a crash) when `holds` is false.
inline void check(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "property broken: %s\n", what);
  std::abort();
}

inline std::string_view text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace croupier::fuzz
