# MediaRemote: `make run` runs the service, `make test` runs every test, `make bench` measures.
# Each target first installs the Debian packages it needs (only those missing).

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# To build: the libraries' headers and pkg-config, without which SwiftPM cannot find them.
BUILD_PACKAGES := pkg-config libdbus-1-dev libevdev-dev
# To run: a bus daemon (and dbus-run-session, for machines without a session bus).
RUN_PACKAGES := $(BUILD_PACKAGES) dbus-daemon
# To test: independent peers (busctl, python3-dbus), real players (mpv, Audacious), and a qemu
# guest with a real kernel's evdev and uinput (its kernel comes from apt-get download).
TEST_PACKAGES := $(RUN_PACKAGES) dbus-bin systemd python3 python3-dbus python3-gi mpv mpv-mpris audacious sox \
	libsox-fmt-base qemu-system-x86 busybox-static cpio
# To measure: playerctld is the reference the benchmarks compare against.
BENCH_PACKAGES := $(TEST_PACKAGES) playerctl

RELEASE_FLAGS := -c release --static-swift-stdlib

.PHONY: run test bench eval-motion build release deps-build deps-run deps-test deps-bench clean

define install_missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps-build:
	$(call install_missing,$(BUILD_PACKAGES))
deps-run:
	$(call install_missing,$(RUN_PACKAGES))
deps-test:
	$(call install_missing,$(TEST_PACKAGES))
deps-bench:
	$(call install_missing,$(BENCH_PACKAGES))

build: deps-build
	$(SWIFT) build

release: deps-build
	$(SWIFT) build $(RELEASE_FLAGS)

# Runs mediaremoted on the session bus; without one (a bare server), on a private bus.
run: deps-run release
	@if [ -n "$$DBUS_SESSION_BUS_ADDRESS" ] || [ -S "$${XDG_RUNTIME_DIR:-/nonexistent}/bus" ]; then \
		exec "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/mediaremoted"; \
	else \
		echo "make run: no session bus here; starting mediaremoted on a private bus (dbus-run-session)"; \
		exec dbus-run-session -- "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/mediaremoted"; \
	fi

test: deps-test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	bash Tests/Guest/run.sh "$$($(SWIFT) build --show-bin-path)"

bench: deps-bench release
	/usr/bin/python3 bench/run.py "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)"
	@echo
	@echo "key press to responder, in the qemu guest (TCG: compare the ratio, not the absolute times):"
	bash Tests/Guest/run.sh --bench "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)"
	@echo
	"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/motion-eval" --bench

# Scores the shake detectors on ../shared/data/motion/ for every device profile.
MOTION_DATA ?= ../shared/data/motion
eval-motion: deps-build
	$(SWIFT) build $(RELEASE_FLAGS) --product motion-eval
	"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/motion-eval" "$(MOTION_DATA)"

clean:
	rm -rf .build
