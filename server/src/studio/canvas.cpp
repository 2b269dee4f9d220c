#include "studio/canvas.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace croupier::studio {

namespace {

// The 5×7 font: seven rows of five bits each, the leftmost pixel the highest bit.
struct Glyph {
  char c;
  std::array<uint8_t, 7> rows;
};
constexpr std::array kFont = {
    Glyph{'0', {0b01110, 0b10001, 0b10011, 0b10101, 0b11001, 0b10001, 0b01110}},
    Glyph{'1', {0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110}},
    Glyph{'2', {0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111}},
    Glyph{'3', {0b11111, 0b00010, 0b00100, 0b00010, 0b00001, 0b10001, 0b01110}},
    Glyph{'4', {0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010}},
    Glyph{'5', {0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110}},
    Glyph{'6', {0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110}},
    Glyph{'7', {0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000}},
    Glyph{'8', {0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110}},
    Glyph{'9', {0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100}},
    Glyph{'A', {0b01110, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001}},
    Glyph{'B', {0b11110, 0b10001, 0b10001, 0b11110, 0b10001, 0b10001, 0b11110}},
    Glyph{'C', {0b01110, 0b10001, 0b10000, 0b10000, 0b10000, 0b10001, 0b01110}},
    Glyph{'D', {0b11100, 0b10010, 0b10001, 0b10001, 0b10001, 0b10010, 0b11100}},
    Glyph{'E', {0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111}},
    Glyph{'F', {0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b10000}},
    Glyph{'G', {0b01110, 0b10001, 0b10000, 0b10111, 0b10001, 0b10001, 0b01111}},
    Glyph{'H', {0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001}},
    Glyph{'I', {0b01110, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110}},
    Glyph{'J', {0b00111, 0b00010, 0b00010, 0b00010, 0b00010, 0b10010, 0b01100}},
    Glyph{'K', {0b10001, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010, 0b10001}},
    Glyph{'L', {0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b11111}},
    Glyph{'M', {0b10001, 0b11011, 0b10101, 0b10101, 0b10001, 0b10001, 0b10001}},
    Glyph{'N', {0b10001, 0b10001, 0b11001, 0b10101, 0b10011, 0b10001, 0b10001}},
    Glyph{'O', {0b01110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110}},
    Glyph{'P', {0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000}},
    Glyph{'Q', {0b01110, 0b10001, 0b10001, 0b10001, 0b10101, 0b10010, 0b01101}},
    Glyph{'R', {0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001}},
    Glyph{'S', {0b01111, 0b10000, 0b10000, 0b01110, 0b00001, 0b00001, 0b11110}},
    Glyph{'T', {0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100}},
    Glyph{'U', {0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110}},
    Glyph{'V', {0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100}},
    Glyph{'W', {0b10001, 0b10001, 0b10001, 0b10101, 0b10101, 0b10101, 0b01010}},
    Glyph{'X', {0b10001, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001, 0b10001}},
    Glyph{'Y', {0b10001, 0b10001, 0b10001, 0b01010, 0b00100, 0b00100, 0b00100}},
    Glyph{'Z', {0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0b11111}},
    Glyph{':', {0b00000, 0b01100, 0b01100, 0b00000, 0b01100, 0b01100, 0b00000}},
    Glyph{'.', {0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b01100, 0b01100}},
    Glyph{',', {0b00000, 0b00000, 0b00000, 0b00000, 0b01100, 0b00100, 0b01000}},
    Glyph{'-', {0b00000, 0b00000, 0b00000, 0b11111, 0b00000, 0b00000, 0b00000}},
    Glyph{'+', {0b00000, 0b00100, 0b00100, 0b11111, 0b00100, 0b00100, 0b00000}},
    Glyph{'/', {0b00001, 0b00010, 0b00010, 0b00100, 0b01000, 0b01000, 0b10000}},
    Glyph{'!', {0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00000, 0b00100}},
    Glyph{'#', {0b01010, 0b01010, 0b11111, 0b01010, 0b11111, 0b01010, 0b01010}},
    Glyph{'(', {0b00010, 0b00100, 0b01000, 0b01000, 0b01000, 0b00100, 0b00010}},
    Glyph{')', {0b01000, 0b00100, 0b00010, 0b00010, 0b00010, 0b00100, 0b01000}},
};

const Glyph* glyph(char c) {
  if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  for (const auto& g : kFont)
    if (g.c == c) return &g;
  return nullptr;
}

// The angle of (dx, dy) clockwise from twelve o'clock, in [0, 2π).
double clock_angle(double dx, double dy) {
  double a = std::atan2(dx, -dy);
  return a < 0 ? a + 2 * std::numbers::pi : a;
}

}  // namespace

Canvas::Canvas(int width, int height)
    : width_(width), height_(height), pixels_(static_cast<size_t>(width) * height * 3) {}

Rgb Canvas::at(int x, int y) const {
  const auto* p = &pixels_[(static_cast<size_t>(y) * width_ + x) * 3];
  return {p[0], p[1], p[2]};
}

void Canvas::fill(Rgb colour) {
  rect(0, 0, width_, height_, colour);
}

void Canvas::rect(int x, int y, int w, int h, Rgb colour) {
  const int x0 = std::max(0, x), x1 = std::min(width_, x + w);
  const int y0 = std::max(0, y), y1 = std::min(height_, y + h);
  for (int yy = y0; yy < y1; ++yy)
    for (int xx = x0; xx < x1; ++xx) put(xx, yy, colour);
}

void Canvas::disc(double cx, double cy, double r, Rgb colour) {
  ring_sector(cx, cy, 0, r, 0, 2 * std::numbers::pi, colour);
}

void Canvas::ring_sector(double cx, double cy, double r0, double r1, double a0, double a1,
                         Rgb colour) {
  const int x0 = std::max(0, static_cast<int>(std::floor(cx - r1)));
  const int x1 = std::min(width_ - 1, static_cast<int>(std::ceil(cx + r1)));
  const int y0 = std::max(0, static_cast<int>(std::floor(cy - r1)));
  const int y1 = std::min(height_ - 1, static_cast<int>(std::ceil(cy + r1)));
  const bool whole = a1 - a0 >= 2 * std::numbers::pi;
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      const double dx = x + 0.5 - cx, dy = y + 0.5 - cy;
      const double d2 = dx * dx + dy * dy;
      if (d2 > r1 * r1 || d2 < r0 * r0) continue;
      if (!whole) {
        double a = clock_angle(dx, dy);
        // The sector may wrap past twelve o'clock.
        if (a < a0) a += 2 * std::numbers::pi;
        if (a > a1) continue;
      }
      put(x, y, colour);
    }
  }
}

void Canvas::triangle(double x0, double y0, double x1, double y1, double x2, double y2,
                      Rgb colour) {
  const int bx0 = std::max(0, static_cast<int>(std::floor(std::min({x0, x1, x2}))));
  const int bx1 = std::min(width_ - 1, static_cast<int>(std::ceil(std::max({x0, x1, x2}))));
  const int by0 = std::max(0, static_cast<int>(std::floor(std::min({y0, y1, y2}))));
  const int by1 = std::min(height_ - 1, static_cast<int>(std::ceil(std::max({y0, y1, y2}))));
  auto edge = [](double ax, double ay, double bx, double by, double px, double py) {
    return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
  };
  const double area = edge(x0, y0, x1, y1, x2, y2);
  if (area == 0) return;
  for (int y = by0; y <= by1; ++y) {
    for (int x = bx0; x <= bx1; ++x) {
      const double px = x + 0.5, py = y + 0.5;
      const double w0 = edge(x1, y1, x2, y2, px, py) / area;
      const double w1 = edge(x2, y2, x0, y0, px, py) / area;
      const double w2 = edge(x0, y0, x1, y1, px, py) / area;
      if (w0 >= 0 && w1 >= 0 && w2 >= 0) put(x, y, colour);
    }
  }
}

void Canvas::text(int x, int y, std::string_view s, int scale, Rgb colour) {
  for (char c : s) {
    if (const Glyph* g = glyph(c)) {
      for (int row = 0; row < 7; ++row)
        for (int col = 0; col < 5; ++col)
          if (g->rows[row] & (0b10000 >> col))
            rect(x + col * scale, y + row * scale, scale, scale, colour);
    }
    x += 6 * scale;
  }
}

int Canvas::text_width(std::string_view s, int scale) {
  return s.empty() ? 0 : static_cast<int>(s.size()) * 6 * scale - scale;
}

void Canvas::copy_from(const Canvas& other) {
  if (other.pixels_.size() == pixels_.size())
    std::copy(other.pixels_.begin(), other.pixels_.end(), pixels_.begin());
}

}  // namespace croupier::studio
