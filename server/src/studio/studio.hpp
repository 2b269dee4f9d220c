// Studio: the video of one table. It keeps the table's stream on disk as HLS (master
// playlist, a playlist per rendition, one-second segments) in its own directory, which the
// gateway serves under /video/<table>/ (docs/studio.md).
//
// The source is the synthetic studio (a Scene drawn 30 times a second from the table's
// events and piped to the encoder) or a real studio's feed given to the encoder as its
// input (an RTMP or SRT ingest address, a capture device). The studio runs while anyone
// watches (a player follows the table, or asked for its stream within the idle time) and
// stops the encoder when no one has for that long, so a casino of many tables encodes only
// the ones in play. It supervises its encoder: one that ends or fails is started again
// after a pause that doubles up to half a minute, and every start and failure is counted.
//
// Thread-safety: observe() is called on the table's thread, touch() and health() on any;
// the studio's own thread renders and feeds the encoder.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/clock.hpp"
#include "studio/encoder.hpp"
#include "studio/scene.hpp"

namespace croupier::studio {

// A table's video, from the casino file (docs/studio.md).
struct VideoConfig {
  std::string source = "synthetic";  // or the encoder's input: rtmp://, srt://, a device
  std::vector<std::string> renditions = {"high", "medium", "low"};  // best first
  // The delay from the studio to a player's screen the table plans for: the betting
  // window is that much longer, so a player who sees the call for bets late still has the
  // whole window (docs/studio.md).
  Millis delay_budget{4000};
};

struct StudioSettings {
  std::string dir;     // the table's stream directory (made before each start)
  std::string ffmpeg;  // the encoder program's full path
  int fps = 30;
  Millis idle_stop{30000};  // stop encoding a synthetic studio after this long unwatched
  // Encoders running at once in this process, all tables together; a studio wanted past it
  // waits (its stream answers VIDEO_UNAVAILABLE meanwhile).
  int streams_max = 8;
  // An encoder that has written no playlist for this long is stuck (a dead feed, a full
  // disk): it is ended and started again.
  Millis stall_after{8000};
};

struct StudioHealth {
  bool live = false;          // the encoder runs
  int64_t since_ms = 0;       // when it last started (wall ms), 0 if never
  uint64_t frames = 0;        // frames drawn since then
  uint64_t starts = 0;        // encoder starts, all told
  uint64_t failures = 0;      // encoder ends that were not asked for
  int failures_in_a_row = 0;  // since the last run that wrote a playlist
  bool capped = false;        // wanted, but streams_max encoders run already
  std::string error;          // the last failure, with the end of ffmpeg's own words
  // Whether players should give up on the stream for now (the client then draws the studio).
  bool unavailable() const { return failures_in_a_row >= 3 || capped; }
};

class Studio {
 public:
  // `watched`: whether any player follows the table now (polled by the studio's thread).
  Studio(StudioSettings settings, SceneConfig scene, VideoConfig video,
         std::function<bool()> watched);
  ~Studio();
  Studio(const Studio&) = delete;
  Studio& operator=(const Studio&) = delete;

  void start();
  void stop();

  void observe(const table::TableEvent& event) { scene_.observe(event); }
  // Someone asked for the stream: keeps (or starts) it running for the idle time.
  void touch();
  StudioHealth health() const;
  const VideoConfig& video() const { return video_; }
  const std::string& dir() const { return settings_.dir; }
  const Scene& scene() const { return scene_; }

 private:
  void run();
  bool wanted(int64_t now_ms) const;
  // The newest time a playlist of the stream was written, 0 when there is none.
  int64_t last_playlist_ms() const;
  void clear_stream() const;
  // Waits until `until_ms` (the steady clock's) or a stop; false on a stop.
  bool pause_until(int64_t until_ms);

  const StudioSettings settings_;
  const VideoConfig video_;
  const std::function<bool()> watched_;
  Scene scene_;
  EncoderSpec spec_;

  std::atomic<int64_t> touched_ms_{0};
  std::atomic<bool> stopping_{false};
  std::mutex wait_mutex_;
  std::condition_variable wake_;
  Encoder encoder_;
  mutable std::mutex health_mutex_;
  StudioHealth health_;
  std::thread thread_;
};

}  // namespace croupier::studio
