// Encoder: one ffmpeg process that turns a table's pictures (the synthetic studio's raw
// frames on its standard input) or a real studio's feed (a camera, an RTMP or SRT ingest)
// into the table's HLS stream: one playlist and a run of one-second MPEG-TS segments per
// rendition, and the master playlist that names them (docs/studio.md). The process dies
// with croupierd (PR_SET_PDEATHSIG) and writes its complaints to encoder.log beside the
// stream.
//
// Thread-safety: start, write and wait belong to the studio's thread; kill() may be called
// from any thread (it is how a stop interrupts a write that ffmpeg does not read).
#pragma once

#include <sys/types.h>

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace croupier::studio {

// A rendition of the stream.
struct Rendition {
  std::string name;  // "high", "medium", "low": the video_stream setting's values
  int width = 0, height = 0;
  int kbps = 0;
};
// The renditions a table may offer, best first.
const std::vector<Rendition>& all_renditions();
const Rendition* find_rendition(std::string_view name);

struct EncoderSpec {
  std::string ffmpeg;  // the program, as found on PATH or given
  std::string dir;     // where the playlists and segments go
  std::string source;  // "synthetic" (raw frames on stdin), or ffmpeg's input
  std::vector<Rendition> renditions;
  int fps = 30;
  int width = 854, height = 480;  // the synthetic frames' size
};

// ffmpeg's arguments for a spec (argv[0] included).
std::vector<std::string> encoder_args(const EncoderSpec& spec);

// The full path of `program` (as given when it names a directory, else found on PATH);
// nullopt when no such executable exists.
std::optional<std::string> find_program(const std::string& program);

class Encoder {
 public:
  Encoder() = default;
  Encoder(const Encoder&) = delete;
  Encoder& operator=(const Encoder&) = delete;
  ~Encoder() { stop(); }

  // Starts ffmpeg; false (and the reason in error()) when it could not be started.
  bool start(const EncoderSpec& spec);
  // How long a frame may wait for ffmpeg to read it before the encoder counts as stuck.
  static constexpr int64_t kWriteTimeoutMs = 2000;
  // Writes one frame (synthetic source); false once ffmpeg is gone or stuck.
  bool write(const uint8_t* data, size_t size);
  // Whether the process still runs (reaps it when it has ended).
  bool running();
  // Ends the process: closes its input, waits a moment for it to finish the last segment,
  // then kills it.
  void stop();
  // Kills the process at once (any thread).
  void kill();
  const std::string& error() const { return error_; }

 private:
  std::mutex mutex_;  // pid_ against kill() from another thread
  pid_t pid_ = -1;
  int input_ = -1;
  std::string error_;
};

}  // namespace croupier::studio
