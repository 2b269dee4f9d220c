// A NATS server of a test's own (header-only, so the module library stays free of test
// code): Debian's nats-server on 127.0.0.1 and a free port, started by the constructor
// and stopped (SIGKILL, as a crash would) by stop() or the destructor; start() again
// brings it back on the same port. A missing nats-server fails the test: nothing is
// skipped.
//
// Thread-safety: for one test thread.
#pragma once

#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>

namespace croupier::cluster::testing {

class TestNats {
 public:
  TestNats() : port_(free_port()) { start(); }
  ~TestNats() { stop(); }
  TestNats(const TestNats&) = delete;
  TestNats& operator=(const TestNats&) = delete;

  std::string url() const { return "nats://127.0.0.1:" + std::to_string(port_); }

  void start() {
    if (pid_ > 0) return;
    const std::string port = std::to_string(port_);
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      execlp("nats-server", "nats-server", "-a", "127.0.0.1", "-p", port.c_str(), "-l", "/dev/null",
             static_cast<char*>(nullptr));
      _exit(127);  // not installed: the wait below reports it
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!accepts()) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        throw std::runtime_error("nats-server did not start (install nats-server)");
      }
      if (std::chrono::steady_clock::now() > deadline)
        throw std::runtime_error("nats-server did not listen on " + port);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }

  void stop() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

 private:
  static int free_port() {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
        getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0)
      throw std::runtime_error("no free port");
    close(fd);
    return ntohs(addr.sin_port);
  }

  bool accepts() const {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(static_cast<uint16_t>(port_));
    const bool ok = connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    close(fd);
    return ok;
  }

  int port_;
  pid_t pid_ = -1;
};

}  // namespace croupier::cluster::testing
