#include "studio/studio.hpp"

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "core/log.hpp"
#include "core/metrics.hpp"

namespace croupier::studio {

namespace {

int64_t wall_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The frames are paced on the steady clock: a step of the wall clock (NTP) neither freezes
// the stream nor floods the encoder.
int64_t steady_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

constexpr int64_t kFirstRetryMs = 1000;
constexpr int64_t kLastRetryMs = 30000;

std::atomic<int> live_encoders{0};  // every studio of the process

// The last words of ffmpeg's log, for the reason of a failure.
std::string log_tail(const std::string& dir) {
  std::ifstream in(dir + "/encoder.log", std::ios::binary | std::ios::ate);
  if (!in) return {};
  const auto size = static_cast<int64_t>(in.tellg());
  const int64_t from = std::max<int64_t>(0, size - 300);
  in.seekg(from);
  std::string tail(static_cast<size_t>(size - from), '\0');
  in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
  for (char& c : tail)
    if (c == '\n' || c == '\r') c = ' ';
  return tail;
}

// What a source is, for the log: a feed's address may hold a password or a passphrase.
std::string source_kind(const std::string& source) {
  const auto colon = source.find("://");
  return colon == std::string::npos ? source.substr(0, 1) == "/" ? "device" : source
                                    : source.substr(0, colon);
}

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

// A synthetic studio runs while watched; a real studio's feed always (its listener must be
// there when the studio's encoder pushes).
bool Studio::wanted(int64_t now_ms) const {
  if (video_.source != "synthetic") return true;
  return (watched_ && watched_()) || now_ms - touched_ms_.load() < settings_.idle_stop.count();
}

int64_t Studio::last_playlist_ms() const {
  int64_t newest = 0;
  std::error_code ec;
  for (const auto& r : spec_.renditions) {
    auto t = std::filesystem::last_write_time(settings_.dir + "/" + r.name + ".m3u8", ec);
    if (ec) continue;
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::file_clock::to_sys(t).time_since_epoch())
                        .count();
    newest = std::max<int64_t>(newest, ms);
  }
  return newest;
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

bool Studio::pause_until(int64_t until_steady_ms) {
  std::unique_lock lock(wait_mutex_);
  const auto until =
      std::chrono::steady_clock::time_point(std::chrono::milliseconds(until_steady_ms));
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
  const int fps = std::max(1, settings_.fps);
  int64_t retry_ms = kFirstRetryMs;
  int64_t next_start = 0;  // steady ms
  int64_t started = 0;     // steady ms
  uint64_t written = 0;
  bool live = false;
  bool wrote_playlist = false;
  int64_t next_check = 0;  // steady ms: when the playlists' times are read next

  auto health = [&](auto&& change) {
    std::lock_guard lock(health_mutex_);
    change(health_);
  };
  // Ends the encoder: at once (an idle stop: no last playlist saying the stream ended) or
  // because it failed, to be started again after the back-off.
  auto end_stream = [&](const std::string& failure) {
    encoder_.kill();
    encoder_.stop();
    clear_stream();
    if (live) live_encoders.fetch_sub(1);
    live = false;
    health([](StudioHealth& h) { h.live = false; });
    if (failure.empty()) return;
    failures.inc();
    const std::string tail = log_tail(settings_.dir);
    const std::string why = tail.empty() ? failure : failure + ": " + tail;
    // A run that lasted a while earns a quick restart.
    if (steady_now_ms() - started > kLastRetryMs) retry_ms = kFirstRetryMs;
    next_start = steady_now_ms() + retry_ms;
    log::warn("studio encoder failed",
              {{"dir", settings_.dir}, {"error", why}, {"retry_ms", retry_ms}});
    retry_ms = std::min(retry_ms * 2, kLastRetryMs);
    health([&](StudioHealth& h) {
      h.error = why;
      ++h.failures;
      ++h.failures_in_a_row;
    });
  };

  while (!stopping_) {
    const int64_t now = steady_now_ms();
    if (!wanted(wall_now_ms())) {
      if (live) {
        log::info("studio idle, encoder stopped", {{"dir", settings_.dir}});
        end_stream({});
      }
      health([](StudioHealth& h) { h.capped = false; });
      if (!pause_until(now + 1000)) break;
      continue;
    }
    if (!live) {
      if (now < next_start) {
        if (!pause_until(next_start)) break;
        continue;
      }
      if (live_encoders.load() >= settings_.streams_max) {
        health([](StudioHealth& h) { h.capped = true; });
        if (!pause_until(now + 1000)) break;
        continue;
      }
      std::error_code ec;
      std::filesystem::create_directories(settings_.dir, ec);
      clear_stream();
      if (!encoder_.start(spec_)) {
        end_stream(encoder_.error());
        continue;
      }
      live_encoders.fetch_add(1);
      starts.inc();
      started = now;
      written = 0;
      live = true;
      wrote_playlist = false;
      health([&](StudioHealth& h) {
        h.live = true;
        h.capped = false;
        h.since_ms = wall_now_ms();
        h.frames = 0;
        ++h.starts;
      });
      log::info("studio encoder started",
                {{"dir", settings_.dir}, {"source", source_kind(video_.source)}});
    }
    // A stuck encoder (a dead feed, a full disk) writes no playlist: it is started again.
    // The playlists' times are read once a second, not at every frame.
    if (now - started > settings_.stall_after.count() && now >= next_check) {
      next_check = now + 1000;
      const int64_t last = last_playlist_ms();
      if (last == 0 || wall_now_ms() - last > settings_.stall_after.count()) {
        end_stream(last == 0 ? "no stream written" : "the stream stopped");
        continue;
      }
      if (!wrote_playlist) {
        wrote_playlist = true;
        health([](StudioHealth& h) { h.failures_in_a_row = 0; });
      }
    }
    if (!synthetic) {
      // A real studio's feed needs no frames from us: watch the encoder.
      if (!encoder_.running()) {
        end_stream(encoder_.error().empty() ? "encoder ended" : encoder_.error());
        continue;
      }
      if (!pause_until(now + 500)) break;
      continue;
    }
    // fps frames a second, paced on the steady clock. One more than five seconds behind (a
    // stalled machine) restarts the stream rather than pile up delay or a burst of frames.
    const int64_t due = (now - started) * fps / 1000 + 1;
    if (due - static_cast<int64_t>(written) > 5 * fps) {
      log::warn("studio fell behind; stream restarted",
                {{"dir", settings_.dir}, {"frames_behind", due - static_cast<int64_t>(written)}});
      end_stream({});
      continue;
    }
    if (static_cast<int64_t>(written) >= due) {
      // The next frame is due when (written * 1000 / fps) has passed: rounded up.
      const int64_t next = started + (static_cast<int64_t>(written) * 1000 + fps - 1) / fps;
      if (!pause_until(next)) break;
      continue;
    }
    scene_.render(canvas, wall_now_ms());
    if (!encoder_.write(canvas.data(), canvas.bytes()) || !encoder_.running()) {
      if (stopping_) break;
      end_stream(encoder_.error().empty() ? "encoder ended" : encoder_.error());
      continue;
    }
    ++written;
    frames.inc();
    health([&](StudioHealth& h) { h.frames = written; });
  }
  if (live) {
    encoder_.kill();
    encoder_.stop();
    clear_stream();
    live_encoders.fetch_sub(1);
  }
}

}  // namespace croupier::studio
