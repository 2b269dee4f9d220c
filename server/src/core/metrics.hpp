// Metrics: counters, gauges and histograms exposed at /metrics in the Prometheus text
// format.
//
// Metrics are created once (at start-up, or lazily for a new label value) and live for
// the whole process; the registry hands out stable references. Updating a metric is a
// relaxed atomic operation, safe from any thread and cheap enough for hot paths.
// Creating a metric takes the registry's mutex.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace croupier::metrics {

class Counter {
 public:
  void inc(uint64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
  uint64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<uint64_t> value_{0};
};

class Gauge {
 public:
  void add(int64_t n) { value_.fetch_add(n, std::memory_order_relaxed); }
  void set(int64_t n) { value_.store(n, std::memory_order_relaxed); }
  int64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<int64_t> value_{0};
};

// Cumulative buckets with fixed upper bounds (seconds, or any unit the name says).
class Histogram {
 public:
  explicit Histogram(std::vector<double> bounds);
  void observe(double value);
  const std::vector<double>& bounds() const { return bounds_; }
  uint64_t bucket(size_t i) const { return buckets_[i].load(std::memory_order_relaxed); }
  uint64_t count() const { return count_.load(std::memory_order_relaxed); }
  double sum() const;

 private:
  std::vector<double> bounds_;
  std::unique_ptr<std::atomic<uint64_t>[]> buckets_;  // one per bound (non-cumulative)
  std::atomic<uint64_t> count_{0};
  std::atomic<uint64_t> sum_micro_{0};  // sum in millionths, to stay atomic and integral
};

class Registry {
 public:
  // A metric is identified by name plus an optional label set written as Prometheus
  // text, e.g. label "code=\"1007\"". Asking twice returns the same object.
  Counter& counter(std::string_view name, std::string_view help, std::string_view labels = {});
  Gauge& gauge(std::string_view name, std::string_view help, std::string_view labels = {});
  Histogram& histogram(std::string_view name, std::string_view help,
                       const std::vector<double>& bounds, std::string_view labels = {});

  // The whole registry in the Prometheus text exposition format 0.0.4.
  std::string render() const;

  // Labels written on every series, first (a cluster's node: `node="a"`); set once at
  // start-up, before the first render.
  void set_common_labels(std::string labels);

 private:
  enum class Kind { counter, gauge, histogram };
  struct Family {
    Kind kind;
    std::string help;
    std::map<std::string, void*> series;  // labels -> metric (owned by storage below)
  };
  void* find_or_add(std::string_view name, std::string_view help, Kind kind,
                    std::string_view labels, const std::vector<double>* bounds);

  mutable std::mutex mutex_;
  std::string common_labels_;
  std::map<std::string, Family, std::less<>> families_;
  std::deque<Counter> counters_;
  std::deque<Gauge> gauges_;
  std::deque<Histogram> histograms_;
};

// The process-wide registry.
Registry& registry();

// Bucket bounds in seconds from 100 microseconds to 60 seconds.
const std::vector<double>& latency_buckets();

}  // namespace croupier::metrics
