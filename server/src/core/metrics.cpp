#include "core/metrics.hpp"

#include <cstdio>

namespace croupier::metrics {

Histogram::Histogram(std::vector<double> bounds)
    : bounds_(std::move(bounds)), buckets_(new std::atomic<uint64_t>[bounds_.size() + 1]) {
  for (size_t i = 0; i <= bounds_.size(); ++i) buckets_[i] = 0;
}

void Histogram::observe(double value) {
  size_t i = 0;
  while (i < bounds_.size() && value > bounds_[i]) ++i;
  buckets_[i].fetch_add(1, std::memory_order_relaxed);
  count_.fetch_add(1, std::memory_order_relaxed);
  if (value > 0)
    sum_micro_.fetch_add(static_cast<uint64_t>(value * 1e6), std::memory_order_relaxed);
}

double Histogram::sum() const {
  return static_cast<double>(sum_micro_.load()) / 1e6;
}

void* Registry::find_or_add(std::string_view name, std::string_view help, Kind kind,
                            std::string_view labels, const std::vector<double>* bounds) {
  std::lock_guard lock(mutex_);
  auto it = families_.find(name);
  if (it == families_.end()) {
    it = families_.emplace(std::string(name), Family{kind, std::string(help), {}}).first;
  }
  Family& family = it->second;
  auto series = family.series.find(std::string(labels));
  if (series != family.series.end()) return series->second;
  void* metric = nullptr;
  switch (kind) {
    case Kind::counter:
      metric = &counters_.emplace_back();
      break;
    case Kind::gauge:
      metric = &gauges_.emplace_back();
      break;
    case Kind::histogram:
      metric = &histograms_.emplace_back(*bounds);
      break;
  }
  family.series.emplace(std::string(labels), metric);
  return metric;
}

Counter& Registry::counter(std::string_view name, std::string_view help, std::string_view labels) {
  return *static_cast<Counter*>(find_or_add(name, help, Kind::counter, labels, nullptr));
}

Gauge& Registry::gauge(std::string_view name, std::string_view help, std::string_view labels) {
  return *static_cast<Gauge*>(find_or_add(name, help, Kind::gauge, labels, nullptr));
}

Histogram& Registry::histogram(std::string_view name, std::string_view help,
                               const std::vector<double>& bounds, std::string_view labels) {
  return *static_cast<Histogram*>(find_or_add(name, help, Kind::histogram, labels, &bounds));
}

namespace {
std::string with_labels(const std::string& name, const std::string& labels,
                        const std::string& extra = {}) {
  std::string all = labels;
  if (!extra.empty()) all += (all.empty() ? "" : ",") + extra;
  return all.empty() ? name : name + "{" + all + "}";
}

std::string joined(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a + "," + b;
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}
}  // namespace

void Registry::set_common_labels(std::string labels) {
  std::lock_guard lock(mutex_);
  common_labels_ = std::move(labels);
}

std::string Registry::render() const {
  std::lock_guard lock(mutex_);
  std::string out;
  for (const auto& [name, family] : families_) {
    const char* type = family.kind == Kind::counter ? "counter"
                       : family.kind == Kind::gauge ? "gauge"
                                                    : "histogram";
    out += "# HELP " + name + " " + family.help + "\n";
    out += "# TYPE " + name + " " + type + "\n";
    for (const auto& [own_labels, metric] : family.series) {
      const std::string labels = joined(common_labels_, own_labels);
      switch (family.kind) {
        case Kind::counter:
          out += with_labels(name, labels) + " " +
                 std::to_string(static_cast<Counter*>(metric)->value()) + "\n";
          break;
        case Kind::gauge:
          out += with_labels(name, labels) + " " +
                 std::to_string(static_cast<Gauge*>(metric)->value()) + "\n";
          break;
        case Kind::histogram: {
          auto* h = static_cast<Histogram*>(metric);
          uint64_t cumulative = 0;
          for (size_t i = 0; i < h->bounds().size(); ++i) {
            cumulative += h->bucket(i);
            out += with_labels(name + "_bucket", labels, "le=\"" + number(h->bounds()[i]) + "\"") +
                   " " + std::to_string(cumulative) + "\n";
          }
          cumulative += h->bucket(h->bounds().size());
          out += with_labels(name + "_bucket", labels, "le=\"+Inf\"") + " " +
                 std::to_string(cumulative) + "\n";
          out += with_labels(name + "_sum", labels) + " " + number(h->sum()) + "\n";
          out += with_labels(name + "_count", labels) + " " + std::to_string(h->count()) + "\n";
          break;
        }
      }
    }
  }
  return out;
}

Registry& registry() {
  static Registry r;
  return r;
}

const std::vector<double>& latency_buckets() {
  static const std::vector<double> b = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005,
                                        0.01,   0.025,   0.05,   0.1,   0.25,   0.5,
                                        1,      2.5,     5,      10,    30,     60};
  return b;
}

}  // namespace croupier::metrics
