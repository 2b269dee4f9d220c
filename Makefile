# Croupier: the two commands are `make run` and `make test` (see README.md).
PORT ?= 8080
DATA_DIR ?= ./var
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)

CROUPIERD := $(BUILD_DIR)/server/croupierd
HAS_CLIENT := $(wildcard client/package.json)

.PHONY: all deps deps-test configure server client build run cluster test test-full test-gcc \
        test-build \
        test-server test-fuzz test-tsan test-client test-e2e bench bench-cluster lighthouse \
        fuzz simulate soak lint format clean

all: build

deps:
	@scripts/install-deps run

deps-test:
	@scripts/install-deps test

$(BUILD_DIR)/build.ninja:
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

configure: $(BUILD_DIR)/build.ninja

server: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

client:
ifneq ($(HAS_CLIENT),)
	cd client && npm run build
endif

build: deps
	@$(MAKE) --no-print-directory server client

run: build
	@mkdir -p $(DATA_DIR)
	$(CROUPIERD) --port $(PORT) --data-dir $(DATA_DIR) --static-dir client/dist

# The same casino as a cluster on this machine: PostgreSQL, NATS, three nodes and nginx in
# front of them at http://127.0.0.1:$(PORT) (docs/deployment.md); Ctrl-C stops it.
cluster: build
	@scripts/install-deps cluster
	PORT=$(PORT) scripts/cluster $(BUILD_DIR)

# Every test (scripts/test-all; docs/testing.md "make test"): the C++ unit and integration
# tests under AddressSanitizer and UBSan, the threaded modules' under ThreadSanitizer, the
# client's unit tests and the browser journeys (against the sanitized croupierd), one after
# another; beside them at the lowest priority the simulator's 10,000 seeds and the games'
# statistics (gcc) and each fuzz target's short run. About 37 minutes on two cores.
test: deps-test
	@$(MAKE) --no-print-directory test-build
	@BUILD_DIR=$(BUILD_DIR) SANITIZE_DIR=$(SANITIZE_DIR) TSAN_DIR=$(TSAN_DIR) \
	  TSAN_TESTS="$(TSAN_TESTS)" JOBS=$(JOBS) TEST_JOBS=$(TEST_JOBS) \
	  TEST_FUZZ_SECONDS=$(TEST_FUZZ_SECONDS) TEST_FILES_DIR=$(TEST_FILES_DIR) scripts/test-all

# The name `make test` had while it was not yet `make test`.
test-full: test

# The same tests with gcc and no sanitizer (what `make test` was before the sanitizers:
# the C++ tests of the gcc build, then the seeds on every core, Vitest, the journeys).
test-gcc: deps-test
	@$(MAKE) --no-print-directory server client
	@$(MAKE) --no-print-directory test-server test-client test-e2e

# The tests' files (their SQLite ledgers, croupierd's data directories) on tmpfs when the
# machine has one: an inline ledger's commit waits for its fsync, and the disk's fsyncs were
# most of the unit tests' time (a FairPlay test: 83 s on disk, 3.4 s on tmpfs). The test
# PostgreSQL server runs with fsync off for the same reason; `make bench` measures on disk.
TEST_FILES_DIR ?= $(if $(wildcard /dev/shm/.),/dev/shm,/tmp)
# The integration tests mostly wait for rounds: 4 at a time on 2 cores (docs/decisions.md).
TEST_JOBS ?= 4

# The unit and integration tests, then the simulator's seeds (label `simulate`) on every
# core: beside the integration tests at the same priority, the seeds starved them
# (docs/decisions.md).
test-server: server
	cd $(BUILD_DIR) && TMPDIR=$(TEST_FILES_DIR) ctest --output-on-failure --timeout 1800 \
	  -j $(TEST_JOBS) -LE simulate
	cd $(BUILD_DIR) && TMPDIR=$(TEST_FILES_DIR) ctest --output-on-failure --timeout 3600 \
	  -j $(JOBS) -L simulate

# The sanitizers' trees (docs/testing.md "Sanitizers"), each a build directory of its own
# with clang at -O1 with line tables, linked by lld, assertions on, without the benchmarks
# and the games' statistical simulations, each unit-test binary split in CTest tests of 3
# shards: every unit and integration test under AddressSanitizer and UBSan
# ($(SANITIZE_DIR)), with each fuzz target run TEST_FUZZ_SECONDS from its corpus; the
# threaded parts' tests under ThreadSanitizer ($(TSAN_DIR)). `make test` runs both;
# `make test-sanitize` and `make test-tsan` each alone.
SANITIZE_DIR ?= build-sanitize
TSAN_DIR ?= build-tsan
TEST_FUZZ_SECONDS ?= 10
TSAN_TESTS ?= core_test db_test ledger_test cluster_test wallet_test
SANITIZED := -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
  -DCROUPIER_TEST_PER_BINARY=ON -DCROUPIER_TEST_SHARDS=3 \
  -DCROUPIER_STATISTICS_TESTS=OFF -DCROUPIER_SIM_SEEDS=400 -DCROUPIER_SIM_REPRODUCE_SEEDS=20 \
  -DCROUPIER_BENCH=OFF -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld \
  "-DCROUPIER_TEST_O0=core_test;db_test;cluster_test;store_test;studio_test;config_test;gateway_test"
# A sanitizer's report fails the test that met it (UBSan included: it would only print).
SANITIZER_ENV := UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
empty :=
space := $(empty) $(empty)

$(SANITIZE_DIR)/build.ninja:
	@scripts/install-deps sanitize
	CXX=clang++ cmake -S . -B $(SANITIZE_DIR) -G Ninja $(SANITIZED) -DCROUPIER_SANITIZE=ON

# Under ThreadSanitizer the ledger's cases with threads (its writer thread, two writers) and
# the seamless wallet's but its random bets with faults, whose operator times out under
# TSan's slowness (docs/testing.md "Sanitizers").
TSAN_FILTERS := "-DCROUPIER_TEST_FILTER_ledger_test=*Threaded:*ThreadedSeed1:*Writers*" \
  "-DCROUPIER_TEST_FILTER_wallet_test=-*RandomBetsWithFaults*"
$(TSAN_DIR)/build.ninja:
	@scripts/install-deps sanitize
	CXX=clang++ cmake -S . -B $(TSAN_DIR) -G Ninja $(SANITIZED) $(TSAN_FILTERS) -DCROUPIER_TSAN=ON

# What `make test` runs: of the gcc build only croupier_sim (the seeds') and the games'
# statistical simulations; the client; the sanitized trees (their croupierd is the journeys').
test-build: configure $(SANITIZE_DIR)/build.ninja $(TSAN_DIR)/build.ninja
	cmake --build $(BUILD_DIR) -j $(JOBS) --target croupier_sim games_sim_test
	@$(MAKE) --no-print-directory client
	cmake --build $(SANITIZE_DIR) -j $(JOBS)
	cmake --build $(TSAN_DIR) -j $(JOBS) --target $(TSAN_TESTS)

test-sanitize: $(SANITIZE_DIR)/build.ninja
	cmake --build $(SANITIZE_DIR) -j $(JOBS)
	cd $(SANITIZE_DIR) && TMPDIR=$(TEST_FILES_DIR) $(SANITIZER_ENV) ctest --output-on-failure \
	  --timeout 1800 -j $(TEST_JOBS)
	scripts/fuzz $(SANITIZE_DIR) $(TEST_FUZZ_SECONDS)

test-tsan: $(TSAN_DIR)/build.ninja
	cmake --build $(TSAN_DIR) -j $(JOBS) --target $(TSAN_TESTS)
	cd $(TSAN_DIR) && TMPDIR=$(TEST_FILES_DIR) $(SANITIZER_ENV) ctest --output-on-failure \
	  --timeout 1800 -j $(TEST_JOBS) \
	  -R '^($(subst $(space),|,$(strip $(TSAN_TESTS))))(\.[0-9]+)?$$'

test-client:
ifneq ($(HAS_CLIENT),)
	cd client && npm test
endif

test-e2e:
ifneq ($(HAS_CLIENT),)
	cd client && npm run e2e
endif

# The figures of docs/PERFORMANCE.md: the ledger next to raw SQLite, a round's settlement,
# and the fan-out of croupierd next to Node's ws, each in its own process, measured by
# the same load client (about 3 minutes).
BENCH_PG_DIR := /tmp/croupier-bench-pg

# The ledger's figures on SQLite and on a PostgreSQL server of their own (fsync on).
bench: build
	scripts/test-postgres start $(BENCH_PG_DIR) durable
	CROUPIER_TEST_PG_DIR=$(BENCH_PG_DIR) $(BUILD_DIR)/bench/bench_ledger --benchmark_min_time=2; \
	  rc=$$?; scripts/test-postgres stop $(BENCH_PG_DIR); exit $$rc
	bench/fanout.sh $(BUILD_DIR)
ifneq ($(HAS_CLIENT),)
	cd client && npm run --silent size
endif

# The cluster's fan-out: one table's events to subscribers over 3 nodes next to 1 node,
# with PostgreSQL and NATS on loopback (about a minute).
bench-cluster: build
	@scripts/install-deps test
	bench/cluster.sh $(BUILD_DIR)

# Lighthouse's mobile audit of the lobby and a table against the built server (figures
# for docs/PERFORMANCE.md, not a check; about 2 minutes).
lighthouse: build
	cd client && npm run --silent lighthouse

# The fuzz targets (server/fuzz; docs/testing.md "Fuzzing"): built with clang under
# AddressSanitizer and UBSan in $(FUZZ_DIR), each run for FUZZ_SECONDS from its corpus.
FUZZ_DIR ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz:
	@scripts/install-deps fuzz
	@test -f $(FUZZ_DIR)/build.ninja || CXX=clang++ cmake -S . -B $(FUZZ_DIR) -G Ninja \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCROUPIER_FUZZ=ON
	cmake --build $(FUZZ_DIR) -j $(JOBS) --target fuzz_targets
	scripts/fuzz $(FUZZ_DIR) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# The deterministic simulator (server/sim; docs/testing.md "The simulator"): SEEDS seeds from
# SEED_FROM on SIM_JOBS threads, each failing seed printed with the command that reproduces
# it.
SEEDS ?= 10000
SEED_FROM ?= 1
SIM_JOBS ?= $(JOBS)
simulate: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target croupier_sim
	$(BUILD_DIR)/server/sim/croupier_sim --seeds $(SEEDS) --from $(SEED_FROM) --jobs $(SIM_JOBS)

# The soak (docs/testing.md "The soak"): the real server, SOAK_PLAYERS simulated players over
# real sockets for SOAK_SECONDS, memory, descriptors, queues and latency sampled every
# SOAK_INTERVAL seconds; fails on an error or on growth that does not level off.
SOAK_PLAYERS ?= 5000
SOAK_SECONDS ?= 3600
SOAK_INTERVAL ?= 10
soak: build
	SOAK_PLAYERS=$(SOAK_PLAYERS) SOAK_SECONDS=$(SOAK_SECONDS) SOAK_INTERVAL=$(SOAK_INTERVAL) \
	  bench/soak.sh $(BUILD_DIR)

lint: deps
	@files=$$(git ls-files 'server/*.cpp' 'server/*.hpp' 'bench/*.cpp'); \
	clang-format --dry-run -Werror $$files && echo "clang-format: clean"
ifneq ($(HAS_CLIENT),)
	cd client && npm run lint
endif

format:
	clang-format -i $$(git ls-files 'server/*.cpp' 'server/*.hpp' 'bench/*.cpp')

clean:
	rm -rf $(BUILD_DIR) $(SANITIZE_DIR) $(TSAN_DIR) $(FUZZ_DIR)
