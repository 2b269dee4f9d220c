// The frame code: a strip of 48 black and white squares along the bottom of every frame
// of the synthetic studio, which machines read and players ignore. It says what the frame
// shows and when it was drawn, so the video can be checked against the game (the number
// on the wheel is the result the table announced) and its delay measured (the frame's
// drawing time against the clock that plays it).
//
// Layout, on the 854×480 source (scaled with the picture for every rendition): squares of
// 16 px at x = 43 + 16 i, y = 462, i = 0..47; white is 1. Bits, most significant first:
//   0-3   1011, the sync pattern
//   4-11  value: the roulette number on the wheel (37 for 00), the dice's total, the
//         cards on the table; 255 when there is none
//   12-43 the wall time the frame was drawn, in hundredths of a second, modulo 2^32
//   44-47 the exclusive-or of the ten 4-bit groups of bits 4-43
// docs/studio.md gives the same layout for readers in other languages (the browser tests
// read it off the playing video element). Pure functions.
#pragma once

#include <cstdint>
#include <optional>

#include "studio/canvas.hpp"

namespace croupier::studio {

inline constexpr int kSourceWidth = 854;
inline constexpr int kSourceHeight = 480;
inline constexpr int kNoValue = 255;

struct FrameCode {
  int value = kNoValue;  // 0-255
  uint32_t centis = 0;   // wall ms / 10, modulo 2^32
  friend bool operator==(const FrameCode&, const FrameCode&) = default;
};

// Draws the strip on a canvas of the source size.
void draw_code(Canvas& canvas, const FrameCode& code);

// Reads the strip off a picture of any size with the source's proportions, given its
// luma (one byte a pixel, `stride` bytes a row); nullopt when the sync or the check fails.
std::optional<FrameCode> read_code(const uint8_t* luma, int width, int height, size_t stride);

}  // namespace croupier::studio
