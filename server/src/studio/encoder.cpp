#include "studio/encoder.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace croupier::studio {

const std::vector<Rendition>& all_renditions() {
  static const std::vector<Rendition> renditions = {
      {"high", 854, 480, 1400}, {"medium", 640, 360, 800}, {"low", 426, 240, 350}};
  return renditions;
}

const Rendition* find_rendition(std::string_view name) {
  for (const auto& r : all_renditions())
    if (r.name == name) return &r;
  return nullptr;
}

std::vector<std::string> encoder_args(const EncoderSpec& spec) {
  std::vector<std::string> a = {spec.ffmpeg, "-hide_banner", "-loglevel", "warning", "-y"};
  const std::string fps = std::to_string(spec.fps);
  std::string filter;
  if (spec.source == "synthetic") {
    a.insert(a.end(), {"-f", "rawvideo", "-pix_fmt", "rgb24", "-s",
                       std::to_string(spec.width) + "x" + std::to_string(spec.height), "-r", fps,
                       "-i", "pipe:0"});
    filter = "[0:v]";
  } else {
    // A real studio's feed: whatever its size and rate, the renditions are cut from it.
    a.insert(a.end(), {"-nostdin", "-i", spec.source});
    filter = "[0:v]fps=" + fps + ",";
  }
  const size_t n = spec.renditions.size();
  filter += "split=" + std::to_string(n);
  for (size_t i = 0; i < n; ++i) filter += "[s" + std::to_string(i) + "]";
  for (size_t i = 0; i < n; ++i) {
    const auto& r = spec.renditions[i];
    filter += ";[s" + std::to_string(i) + "]scale=" + std::to_string(r.width) + ":" +
              std::to_string(r.height) + "[v" + std::to_string(i) + "]";
  }
  a.insert(a.end(), {"-filter_complex", filter});
  for (size_t i = 0; i < n; ++i) a.insert(a.end(), {"-map", "[v" + std::to_string(i) + "]"});
  // A key frame every second, on the second: every segment starts with one, so a player
  // switches renditions at any segment.
  a.insert(a.end(), {"-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-pix_fmt",
                     "yuv420p", "-g", fps, "-keyint_min", fps, "-sc_threshold", "0"});
  std::string map;
  for (size_t i = 0; i < n; ++i) {
    const auto& r = spec.renditions[i];
    const std::string k = std::to_string(r.kbps) + "k";
    const std::string v = std::to_string(i);
    a.insert(a.end(), {"-b:v:" + v, k, "-maxrate:v:" + v, k, "-bufsize:v:" + v, k});
    if (!map.empty()) map += " ";
    map += "v:" + v + ",name:" + r.name;
  }
  // Segments numbered by the clock, so that a restarted encoder never reuses a name a
  // player's cache may hold; each is written aside and renamed when whole.
  a.insert(a.end(),
           {"-f", "hls", "-hls_time", "1", "-hls_list_size", "6", "-hls_flags",
            "delete_segments+program_date_time+independent_segments+temp_file",
            "-hls_start_number_source", "epoch", "-hls_segment_filename", spec.dir + "/%v_%d.ts",
            "-master_pl_name", "master.m3u8", "-var_stream_map", map, spec.dir + "/%v.m3u8"});
  return a;
}

std::optional<std::string> find_program(const std::string& program) {
  auto executable = [](const std::string& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
  };
  if (program.find('/') != std::string::npos)
    return executable(program) ? std::optional(program) : std::nullopt;
  const char* path = std::getenv("PATH");
  std::string_view dirs = path ? path : "/usr/bin:/bin";
  while (!dirs.empty()) {
    const auto colon = dirs.find(':');
    std::string dir(dirs.substr(0, colon));
    dirs = colon == std::string_view::npos ? std::string_view() : dirs.substr(colon + 1);
    if (dir.empty()) continue;
    if (std::string full = dir + "/" + program; executable(full)) return full;
  }
  return std::nullopt;
}

bool Encoder::start(const EncoderSpec& spec) {
  stop();
  error_.clear();
  const auto args = encoder_args(spec);
  std::vector<char*> argv;
  for (const auto& s : args) argv.push_back(const_cast<char*>(s.c_str()));
  argv.push_back(nullptr);

  // ffmpeg's complaints of this run only (a long run's warnings are bounded by its life);
  // nowhere rather than croupierd's own log when the file cannot be had.
  int log =
      ::open((spec.dir + "/encoder.log").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (log < 0) log = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  int pipe_fds[2] = {-1, -1};
  const bool synthetic = spec.source == "synthetic";
  if (synthetic && ::pipe2(pipe_fds, O_CLOEXEC) != 0) {
    error_ = std::string("pipe: ") + std::strerror(errno);
    if (log >= 0) ::close(log);
    return false;
  }
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid == 0) {
    // The child: only async-signal-safe calls until exec.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);  // the studio's thread blocks SIGPIPE
    if (synthetic) ::dup2(pipe_fds[0], 0);
    if (log >= 0) {
      ::dup2(log, 1);
      ::dup2(log, 2);
    }
    // Nothing else of croupierd's: its listening socket and its players' connections
    // (Asio's sockets are not close-on-exec) must not outlive it in an encoder.
    ::close_range(3, ~0U, 0);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  if (log >= 0) ::close(log);
  if (synthetic) ::close(pipe_fds[0]);
  if (pid < 0) {
    error_ = std::string("fork: ") + std::strerror(errno);
    if (synthetic) ::close(pipe_fds[1]);
    return false;
  }
  if (synthetic) ::fcntl(pipe_fds[1], F_SETFL, O_NONBLOCK);
  std::lock_guard lock(mutex_);
  pid_ = pid;
  input_ = synthetic ? pipe_fds[1] : -1;
  return true;
}

bool Encoder::write(const uint8_t* data, size_t size) {
  if (input_ < 0) return false;
  while (size > 0) {
    const ssize_t n = ::write(input_, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) {
        // An encoder that stops reading (stuck on its output, a full disk) is given up on
        // rather than left to hold the studio's thread.
        pollfd p{input_, POLLOUT, 0};
        if (::poll(&p, 1, static_cast<int>(kWriteTimeoutMs)) > 0) continue;
        error_ = "the encoder stopped reading its frames";
        return false;
      }
      error_ = std::string("write: ") + std::strerror(errno);
      return false;
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool Encoder::running() {
  std::lock_guard lock(mutex_);
  if (pid_ <= 0) return false;
  int status = 0;
  if (::waitpid(pid_, &status, WNOHANG) == pid_) {
    error_ = WIFEXITED(status) ? "ffmpeg exited with status " + std::to_string(WEXITSTATUS(status))
                               : "ffmpeg ended by signal " + std::to_string(WTERMSIG(status));
    pid_ = -1;
    return false;
  }
  return true;
}

void Encoder::kill() {
  std::lock_guard lock(mutex_);
  if (pid_ > 0) ::kill(pid_, SIGKILL);
}

void Encoder::stop() {
  if (input_ >= 0) {
    ::close(input_);  // end of input: ffmpeg finishes its segments and ends
    input_ = -1;
  }
  // Reaped under the lock: kill() from another thread never signals a pid already reused.
  for (int i = 0; i < 40; ++i) {  // two seconds
    {
      std::lock_guard lock(mutex_);
      if (pid_ <= 0) return;
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return;
      }
      if (i == 20) ::kill(pid_, SIGTERM);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::lock_guard lock(mutex_);
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

}  // namespace croupier::studio
