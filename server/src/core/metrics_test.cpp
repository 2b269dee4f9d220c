#include "core/metrics.hpp"

#include <gtest/gtest.h>

namespace croupier::metrics {
namespace {

TEST(Metrics, RendersPrometheusText) {
  Registry r;
  r.counter("bets_total", "Bets.", "code=\"1007\"").inc(3);
  r.counter("bets_total", "Bets.", "code=\"1007\"").inc();
  r.gauge("connections", "Open connections.").set(5);
  auto& h = r.histogram("commit_seconds", "Commit latency.", {0.001, 0.01});
  h.observe(0.0005);
  h.observe(0.005);
  h.observe(1.0);
  std::string text = r.render();
  EXPECT_NE(text.find("# TYPE bets_total counter\nbets_total{code=\"1007\"} 4\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("connections 5\n"), std::string::npos);
  EXPECT_NE(text.find("commit_seconds_bucket{le=\"0.001\"} 1\n"), std::string::npos);
  EXPECT_NE(text.find("commit_seconds_bucket{le=\"0.01\"} 2\n"), std::string::npos);
  EXPECT_NE(text.find("commit_seconds_bucket{le=\"+Inf\"} 3\n"), std::string::npos);
  EXPECT_NE(text.find("commit_seconds_count 3\n"), std::string::npos);
}

TEST(Metrics, CommonLabelsComeFirstOnEverySeries) {
  Registry r;
  r.set_common_labels("node=\"b\"");
  r.counter("bets_total", "Bets.", "code=\"1007\"").inc();
  r.gauge("connections", "Open connections.").set(2);
  r.histogram("commit_seconds", "Commit latency.", {0.01}).observe(0.001);
  const std::string text = r.render();
  EXPECT_NE(text.find("bets_total{node=\"b\",code=\"1007\"} 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("connections{node=\"b\"} 2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("commit_seconds_bucket{node=\"b\",le=\"0.01\"} 1\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("commit_seconds_count{node=\"b\"} 1\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace croupier::metrics
