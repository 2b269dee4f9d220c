// Canvas: an RGB picture the synthetic studio draws each video frame on (studio/scene.hpp)
// before the encoder turns it into the table's stream. A few shapes (rectangles, discs,
// ring sectors, triangles) and a 5×7 bitmap font, scaled by whole pixels: enough to draw
// a wheel, cards and dice legibly at every rendition, with no font or graphics library.
// Pure values; a Canvas belongs to one thread.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace croupier::studio {

struct Rgb {
  uint8_t r = 0, g = 0, b = 0;
  friend bool operator==(const Rgb&, const Rgb&) = default;
};

class Canvas {
 public:
  Canvas(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  // Packed rgb24, row after row: what the encoder reads (ffmpeg -pix_fmt rgb24).
  const uint8_t* data() const { return pixels_.data(); }
  size_t bytes() const { return pixels_.size(); }
  Rgb at(int x, int y) const;

  void fill(Rgb colour);
  // Everything below clips to the canvas.
  void rect(int x, int y, int w, int h, Rgb colour);
  void disc(double cx, double cy, double r, Rgb colour);
  // The part of the ring between radii r0 < r1 from angle a0 to a1 (radians, clockwise
  // from twelve o'clock, a0 < a1).
  void ring_sector(double cx, double cy, double r0, double r1, double a0, double a1, Rgb colour);
  void triangle(double x0, double y0, double x1, double y1, double x2, double y2, Rgb colour);
  // Text in the 5×7 font, each font pixel `scale` pixels square, one font pixel between
  // letters. Letters the font lacks are drawn as blanks; lower case as upper case.
  void text(int x, int y, std::string_view s, int scale, Rgb colour);
  static int text_width(std::string_view s, int scale);
  static int text_height(int scale) { return 7 * scale; }
  // Copies `other` (of the same size) over this canvas.
  void copy_from(const Canvas& other);

 private:
  void put(int x, int y, Rgb c) {
    auto* p = &pixels_[(static_cast<size_t>(y) * width_ + x) * 3];
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
  }

  int width_, height_;
  std::vector<uint8_t> pixels_;
};

}  // namespace croupier::studio
