// Token buckets for rate limits: `rate` tokens a second up to `burst`.
//
// TokenBucket is a plain value for one owner (a connection's strand). RateLimiter keys
// buckets by client address for HTTP; it is thread-safe and forgets idle addresses so
// its memory stays bounded (keys_max).
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

namespace croupier::gateway {

class TokenBucket {
 public:
  TokenBucket(double rate_per_s, double burst) : rate_(rate_per_s), burst_(burst), tokens_(burst) {}
  // Takes one token at time `now_ms`; false when none is left.
  bool take(int64_t now_ms) {
    if (last_ms_ != 0 && now_ms > last_ms_) {
      tokens_ = std::min(burst_, tokens_ + (now_ms - last_ms_) * rate_ / 1000.0);
    }
    last_ms_ = std::max(last_ms_, now_ms);
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }
  int64_t last_ms() const { return last_ms_; }

 private:
  double rate_;
  double burst_;
  double tokens_;
  int64_t last_ms_ = 0;
};

class RateLimiter {
 public:
  RateLimiter(double rate_per_s, double burst, size_t keys_max = 100000)
      : rate_(rate_per_s), burst_(burst), keys_max_(keys_max) {}

  bool allow(const std::string& key, int64_t now_ms) {
    std::lock_guard lock(mutex_);
    if (buckets_.size() >= keys_max_) forget_idle(now_ms);
    auto it = buckets_.try_emplace(key, rate_, burst_).first;
    return it->second.take(now_ms);
  }

 private:
  // A bucket idle long enough to be full again is the same as a new one.
  void forget_idle(int64_t now_ms) {
    const int64_t refill_ms = static_cast<int64_t>(burst_ / rate_ * 1000) + 1;
    for (auto it = buckets_.begin(); it != buckets_.end();) {
      it = now_ms - it->second.last_ms() > refill_ms ? buckets_.erase(it) : std::next(it);
    }
    if (buckets_.size() >= keys_max_) buckets_.clear();  // under a flood: start afresh
  }

  const double rate_;
  const double burst_;
  const size_t keys_max_;
  std::mutex mutex_;
  std::unordered_map<std::string, TokenBucket> buckets_;
};

}  // namespace croupier::gateway
