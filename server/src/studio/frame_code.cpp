#include "studio/frame_code.hpp"

#include <array>

namespace croupier::studio {

namespace {

constexpr int kCells = 48;
constexpr int kCell = 16;
constexpr int kX0 = 43;
constexpr int kY0 = 462;

std::array<bool, kCells> bits_of(const FrameCode& code) {
  std::array<bool, kCells> bits{};
  const uint64_t payload =
      (static_cast<uint64_t>(code.value & 0xff) << 32) | static_cast<uint64_t>(code.centis);
  uint8_t check = 0;
  for (int nibble = 0; nibble < 10; ++nibble) check ^= (payload >> (nibble * 4)) & 0xf;
  const uint64_t all = (uint64_t{0b1011} << 44) | (payload << 4) | check;
  for (int i = 0; i < kCells; ++i) bits[i] = (all >> (kCells - 1 - i)) & 1;
  return bits;
}

}  // namespace

void draw_code(Canvas& canvas, const FrameCode& code) {
  const auto bits = bits_of(code);
  canvas.rect(kX0 - 4, kY0 - 4, kCells * kCell + 8, kCell + 8, {0, 0, 0});
  for (int i = 0; i < kCells; ++i)
    if (bits[i]) canvas.rect(kX0 + i * kCell, kY0, kCell, kCell, {255, 255, 255});
}

std::optional<FrameCode> read_code(const uint8_t* luma, int width, int height, size_t stride) {
  if (width <= 0 || height <= 0) return std::nullopt;
  uint64_t all = 0;
  const double sx = static_cast<double>(width) / kSourceWidth;
  const double sy = static_cast<double>(height) / kSourceHeight;
  const int y = static_cast<int>((kY0 + kCell / 2.0) * sy);
  for (int i = 0; i < kCells; ++i) {
    const int x = static_cast<int>((kX0 + i * kCell + kCell / 2.0) * sx);
    if (x >= width || y >= height) return std::nullopt;
    all = (all << 1) | (luma[static_cast<size_t>(y) * stride + x] >= 128 ? 1 : 0);
  }
  if ((all >> 44) != 0b1011) return std::nullopt;
  const uint64_t payload = (all >> 4) & ((uint64_t{1} << 40) - 1);
  uint8_t check = 0;
  for (int nibble = 0; nibble < 10; ++nibble) check ^= (payload >> (nibble * 4)) & 0xf;
  if (check != (all & 0xf)) return std::nullopt;
  return FrameCode{static_cast<int>(payload >> 32), static_cast<uint32_t>(payload & 0xffffffff)};
}

}  // namespace croupier::studio
