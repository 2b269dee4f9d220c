#include "studio/studio.hpp"

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "core/log.hpp"
#include "core/metrics.hpp"

namespace croupier::studio {

namespace {

int64_t wall_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

constexpr int64_t kFirstRetryMs = 1000;
constexpr int64_t kLastRetryMs = 30000;

}  // namespace

Studio::Studio(StudioSettings settings, SceneConfig scene, VideoConfig video,
               std::function<bool()> watched)
    : settings_(std::move(settings)),
      video_(std::move(video)),
      watched_(std::move(watched)),
      scene_(std::move(scene)) {
  spec_.ffmpeg = settings_.ffmpeg;
  spec_.dir = settings_.dir;
  spec_.source = video_.source;
  spec_.fps = settings_.fps;
  spec_.width = kSourceWidth;
  spec_.height = kSourceHeight;
  for (const auto& name : video_.renditions)
    if (const Rendition* r = find_rendition(name)) spec_.renditions.push_back(*r);
}

Studio::~Studio() {
  stop();
}

void Studio::start() {
  if (thread_.joinable()) return;
  std::error_code ec;
  std::filesystem::create_directories(settings_.dir, ec);
  clear_stream();
  stopping_ = false;
  thread_ = std::thread([this] { run(); });
}

void Studio::stop() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(wait_mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  encoder_.kill();  // a write ffmpeg does not read returns at once
  thread_.join();
}

void Studio::touch() {
  const int64_t before = touched_ms_.exchange(wall_now_ms());
  if (wall_now_ms() - before > settings_.idle_stop.count()) wake_.notify_all();
}

StudioHealth Studio::health() const {
  std::lock_guard lock(health_mutex_);
  return health_;
}

bool Studio::wanted(int64_t now_ms) const {
  return (watched_ && watched_()) || now_ms - touched_ms_.load() < settings_.idle_stop.count();
}

// An ended stream's playlists say so (#EXT-X-ENDLIST): a player that found them would stop.
// The stream's files go when it stops and before it starts.
void Studio::clear_stream() const {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(settings_.dir, ec)) {
    const auto ext = entry.path().extension();
    if (ext == ".ts" || ext == ".m3u8" || ext == ".tmp") std::filesystem::remove(entry.path(), ec);
  }
}

bool Studio::pause_until(int64_t until_ms) {
  std::unique_lock lock(wait_mutex_);
  const auto until = std::chrono::system_clock::time_point(std::chrono::milliseconds(until_ms));
  wake_.wait_until(lock, until, [this] { return stopping_.load(); });
  return !stopping_;
}

void Studio::run() {
  // A write to an encoder that died fails with EPIPE here instead of a SIGPIPE that would
  // end croupierd (the signal is blocked on this thread only).
  sigset_t pipe_signal;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_signal, nullptr);
  auto& frames = metrics::registry().counter("croupier_studio_frames_total",
                                             "Frames the synthetic studios drew.");
  auto& starts =
      metrics::registry().counter("croupier_studio_encoder_starts_total", "Encoder starts.");
  auto& failures = metrics::registry().counter("croupier_studio_encoder_failures_total",
                                               "Encoders that ended without being asked to.");
  Canvas canvas(kSourceWidth, kSourceHeight);
  const bool synthetic = video_.source == "synthetic";
  int64_t retry_ms = kFirstRetryMs;
  int64_t next_start_ms = 0;
  int64_t started_ms = 0;
  uint64_t written = 0;
  bool live = false;

  auto set_live = [&](bool on, const std::string& error = {}) {
    std::lock_guard lock(health_mutex_);
    health_.live = on;
    if (on) {
      health_.since_ms = started_ms;
      health_.frames = 0;
      ++health_.starts;
    }
    if (!error.empty()) {
      health_.error = error;
      ++health_.failures;
    }
  };
  auto end_stream = [&](bool failed) {
    const std::string error =
        failed ? (encoder_.error().empty() ? "encoder ended" : encoder_.error()) : std::string();
    if (failed) {
      encoder_.kill();
      failures.inc();
      log::warn("studio encoder failed",
                {{"dir", settings_.dir}, {"error", error}, {"retry_ms", retry_ms}});
      next_start_ms = wall_now_ms() + retry_ms;
      // A run that lasted a while earns a quick restart next time.
      retry_ms = wall_now_ms() - started_ms > kLastRetryMs ? kFirstRetryMs
                                                           : std::min(retry_ms * 2, kLastRetryMs);
    }
    encoder_.stop();
    clear_stream();
    live = false;
    set_live(false, error);
  };

  while (!stopping_) {
    const int64_t now = wall_now_ms();
    if (!wanted(now)) {
      if (live) {
        log::info("studio idle, encoder stopped", {{"dir", settings_.dir}});
        end_stream(false);
      }
      if (!pause_until(now + 1000)) break;
      continue;
    }
    if (!live) {
      if (now < next_start_ms) {
        if (!pause_until(next_start_ms)) break;
        continue;
      }
      clear_stream();
      if (!encoder_.start(spec_)) {
        failures.inc();
        set_live(false, encoder_.error());
        log::error("studio encoder did not start",
                   {{"dir", settings_.dir}, {"error", encoder_.error()}});
        next_start_ms = now + retry_ms;
        retry_ms = std::min(retry_ms * 2, kLastRetryMs);
        continue;
      }
      starts.inc();
      started_ms = now;
      written = 0;
      live = true;
      set_live(true);
      log::info("studio encoder started", {{"dir", settings_.dir}, {"source", video_.source}});
    }
    if (!synthetic) {
      // A real studio's feed needs no frames from us: watch the encoder.
      if (!encoder_.running()) {
        end_stream(true);
        continue;
      }
      if (!pause_until(now + 500)) break;
      continue;
    }
    // Exactly fps frames a second of wall time, so the stream's clock keeps to the wall's:
    // a late frame is drawn at once, and one more than a second late is sent again as it
    // was rather than drawn anew.
    const int64_t due = (now - started_ms) * settings_.fps / 1000 + 1;
    if (static_cast<int64_t>(written) >= due) {
      if (!pause_until(started_ms + static_cast<int64_t>(written) * 1000 / settings_.fps)) break;
      continue;
    }
    if (due - static_cast<int64_t>(written) < settings_.fps || written == 0)
      scene_.render(canvas, now);
    if (!encoder_.write(canvas.data(), canvas.bytes()) || !encoder_.running()) {
      if (stopping_) break;
      end_stream(true);
      continue;
    }
    ++written;
    frames.inc();
    {
      std::lock_guard lock(health_mutex_);
      health_.frames = written;
    }
  }
  if (live) {
    encoder_.stop();
    clear_stream();
  }
}

}  // namespace croupier::studio
