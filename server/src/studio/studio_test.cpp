// The synthetic studio's pictures: the frame code read back off a drawn frame at every
// rendition's size, the scene's number and cards following the table's events, and the
// encoder's command line.
#include <gtest/gtest.h>

#include <algorithm>

#include "studio/canvas.hpp"
#include "studio/encoder.hpp"
#include "studio/frame_code.hpp"
#include "studio/scene.hpp"

namespace croupier::studio {
namespace {

// The canvas's luma, as a decoder gives it (BT.601 weights), shrunk to w×h by sampling.
std::vector<uint8_t> luma(const Canvas& c, int w, int h) {
  std::vector<uint8_t> out(static_cast<size_t>(w) * h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      Rgb p = c.at(x * c.width() / w, y * c.height() / h);
      out[static_cast<size_t>(y) * w + x] =
          static_cast<uint8_t>((299 * p.r + 587 * p.g + 114 * p.b) / 1000);
    }
  return out;
}

std::optional<FrameCode> code_of(const Canvas& c, int w = kSourceWidth, int h = kSourceHeight) {
  auto l = luma(c, w, h);
  return read_code(l.data(), w, h, static_cast<size_t>(w));
}

TEST(FrameCode, ReadsBackWhatWasDrawnAtEveryRenditionsSize) {
  Canvas c(kSourceWidth, kSourceHeight);
  c.fill({11, 61, 46});
  for (FrameCode code : {FrameCode{17, 123456789}, FrameCode{0, 0}, FrameCode{kNoValue, 0xffffffff},
                         FrameCode{37, 42}}) {
    draw_code(c, code);
    for (const auto& r : all_renditions()) EXPECT_EQ(code_of(c, r.width, r.height), code) << r.name;
  }
}

TEST(FrameCode, APictureWithoutTheStripOrWithAFlippedSquareIsNotRead) {
  Canvas c(kSourceWidth, kSourceHeight);
  c.fill({255, 255, 255});
  EXPECT_FALSE(code_of(c));
  draw_code(c, {17, 1000});
  // One black square of the value (17 = 00010001) turned white: the check no longer matches.
  c.rect(43 + 10 * 16, 462, 16, 16, {255, 255, 255});
  EXPECT_FALSE(code_of(c));
}

table::TableEvent event(table::EventBody body, int64_t ts = 1'700'000'000'000) {
  table::TableEvent e;
  e.head.table = "rou-1";
  e.head.ts = ts;
  e.head.game_id = "rou-1-000007";
  e.body = std::move(body);
  return e;
}

SceneConfig roulette(std::string variant = "european") {
  return {"rou-1", "Roulette Azure", "roulette", std::move(variant), "Ava"};
}

TEST(Scene, TheWheelShowsTheAnnouncedNumberUntilTheNextRoundOpens) {
  Scene scene(roulette());
  Canvas c(kSourceWidth, kSourceHeight);
  scene.render(c, 1'700'000'000'000);
  EXPECT_EQ(code_of(c)->value, kNoValue);
  EXPECT_EQ(code_of(c)->centis, static_cast<uint32_t>(1'700'000'000'000 / 10));

  scene.observe(event(table::BetsOpened{}));
  scene.observe(event(table::BetsClosed{}));
  scene.observe(event(table::StateChanged{games::RoundState::waiting_for_result, {}, {}}));
  scene.render(c, 1'700'000'001'000);
  EXPECT_EQ(code_of(c)->value, kNoValue);  // the ball still runs

  table::ResultShown result;
  result.label = "17";
  result.values = {17};
  scene.observe(event(result));
  scene.render(c, 1'700'000'002'000);
  EXPECT_EQ(code_of(c)->value, 17);
  EXPECT_EQ(scene.value(), 17);
  // The pocket's colour fills the result panel: 17 is black.
  EXPECT_EQ(c.at(600, 140), (Rgb{25, 25, 25}));

  scene.observe(event(table::BetsOpened{}));
  scene.render(c, 1'700'000'003'000);
  EXPECT_EQ(code_of(c)->value, kNoValue);
}

TEST(Scene, AnAmericanWheelShowsDoubleZero) {
  Scene scene(roulette("american"));
  table::ResultShown result;
  result.label = "00";
  result.values = {37};
  scene.observe(event(result));
  Canvas c(kSourceWidth, kSourceHeight);
  scene.render(c, 1'700'000'000'000);
  EXPECT_EQ(code_of(c)->value, 37);
  EXPECT_EQ(c.at(600, 140), (Rgb{20, 140, 60}));  // green
}

TEST(Scene, CardsAppearAsTheyAreDealtAndAFaceDownCardCountsOnceRevealed) {
  Scene scene({"bac-1", "Baccarat", "baccarat", "standard", "Mia"});
  Canvas c(kSourceWidth, kSourceHeight);
  scene.observe(event(table::BetsOpened{}));
  scene.observe(event(games::CardShown{"player", "KH", 0, 4}));
  scene.observe(event(games::CardShown{"banker", "", 1, 4, true}));
  scene.render(c, 1'700'000'000'000);
  EXPECT_EQ(code_of(c)->value, 1);
  scene.observe(event(games::CardShown{"banker", "9S", 1, 4, false, true}));
  scene.render(c, 1'700'000'000'100);
  EXPECT_EQ(code_of(c)->value, 2);
  // A new round clears the table.
  scene.observe(event(table::BetsOpened{}));
  EXPECT_EQ(scene.value(), 0);
}

TEST(Scene, TheDiceShowTheirTotal) {
  Scene scene({"sic-1", "Sic Bo", "sicbo", "classic", "Mei"});
  table::ResultShown result;
  result.label = "2,5,6";
  result.values = {2, 5, 6};
  scene.observe(event(result));
  Canvas c(kSourceWidth, kSourceHeight);
  scene.render(c, 1'700'000'000'000);
  EXPECT_EQ(code_of(c)->value, 13);
}

TEST(Encoder, TheCommandLineNamesEveryRenditionAndNumbersSegmentsByTheClock) {
  EncoderSpec spec;
  spec.ffmpeg = "/usr/bin/ffmpeg";
  spec.dir = "/var/video/rou-1";
  spec.source = "synthetic";
  spec.renditions = {*find_rendition("high"), *find_rendition("low")};
  auto args = encoder_args(spec);
  auto after = [&](std::string_view flag) {
    auto it = std::find(args.begin(), args.end(), flag);
    return it == args.end() || it + 1 == args.end() ? std::string() : *(it + 1);
  };
  EXPECT_EQ(args.front(), "/usr/bin/ffmpeg");
  EXPECT_EQ(after("-i"), "pipe:0");
  EXPECT_EQ(after("-s"), "854x480");
  EXPECT_EQ(after("-var_stream_map"), "v:0,name:high v:1,name:low");
  EXPECT_EQ(after("-filter_complex"),
            "[0:v]split=2[s0][s1];[s0]scale=854:480[v0];[s1]scale=426:240[v1]");
  EXPECT_EQ(after("-hls_start_number_source"), "epoch");
  EXPECT_EQ(after("-g"), "30");
  EXPECT_EQ(args.back(), "/var/video/rou-1/%v.m3u8");

  spec.source = "srt://studio.example:9000";
  args = encoder_args(spec);
  EXPECT_EQ(after("-i"), "srt://studio.example:9000");
  EXPECT_EQ(after("-filter_complex").rfind("[0:v]fps=30,split=2", 0), 0u);
}

TEST(Encoder, AProgramIsFoundOnThePathOrNotAtAll) {
  EXPECT_EQ(find_program("sh").value_or(""), "/usr/bin/sh");
  EXPECT_FALSE(find_program("no-such-encoder-anywhere"));
  EXPECT_FALSE(find_program("/nonexistent/ffmpeg"));
}

}  // namespace
}  // namespace croupier::studio
