# MediaRemote: `make` builds what `make install` installs (so `make && sudo make install`),
# `make run` runs the service, `make test` runs every test, `make bench` measures.
# Each target first installs the Debian packages it needs (only those missing).

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# To build: the libraries' headers and pkg-config, without which SwiftPM cannot find them.
BUILD_PACKAGES := pkg-config libdbus-1-dev libevdev-dev libpulse-dev
# To run: a bus daemon (and dbus-run-session, for machines without a session bus).
RUN_PACKAGES := $(BUILD_PACKAGES) dbus-daemon
# To test: independent peers (busctl, python3-dbus, playerctl and playerctld), real players (mpv,
# Audacious), a qemu guest with a real kernel's evdev and uinput (its kernel comes from apt-get
# download), and the session guest's Debian root (mmdebstrap, with uidmap when not run as
# root; bsdtar from libarchive-tools turns its tar into the cpio the kernel unpacks), and a real
# audio server (pipewire with pipewire-bin's pw-cli, wireplumber, pipewire-pulse; pactl), and a
# browser playing through it with its media session on MPRIS (firefox-esr, on xvfb's Xvfb).
TEST_PACKAGES := $(RUN_PACKAGES) dbus-bin systemd python3 python3-dbus python3-gi playerctl mpv mpv-mpris audacious sox \
	libsox-fmt-base qemu-system-x86 busybox-static cpio groff-base mmdebstrap uidmap libarchive-tools \
	pipewire pipewire-bin wireplumber pipewire-pulse pulseaudio-utils firefox-esr xvfb
# To measure: playerctld is the reference the benchmarks compare against (a test peer already),
# and interception-tools (intercept | uinput, the pipeline keyboard remappers use) the one
# mediaremote-inputd's keyboard passthrough is measured beside.
BENCH_PACKAGES := $(TEST_PACKAGES) interception-tools

# The Swift runtime linked in (--static-swift-stdlib): the installed programs need no Swift on the
# machine. Linking mediaremotectl (and generate-manual) then prints one linker warning, "the use
# of `mktemp' is dangerous": glibc marks mktemp so that every link that uses it is told, and
# swift-foundation's FoundationEssentials, linked in with the runtime because
# swift-argument-parser imports it, refers to it (createTemporaryFile, behind Data's atomic
# writes). It cannot be mended from here: neither library can be left out, and hiding the
# linker's warnings would hide the ones that matter too.
# --disable-local-rpath: nothing is looked for beside the program (without it, every library is
# first searched for in /usr/bin and its glibc-hwcaps folders, 66 failed opens at each start).
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath
# What make install installs, built product by product: a plain `swift build` builds every
# executable of the package, the tests' programs among them (guest-test, file-replacer, …).
# mediaremote-inputd, the optional system service for the keyboards' media keys, is built and
# installed with the rest; it runs only once someone enables its unit.
INSTALLED_PRODUCTS := mediaremoted mediaremotectl mediaremote-inputd
# What make bench runs beside them, in the release build too.
BENCH_PRODUCTS := dispatch-bench motion-eval guest-test

.PHONY: all run test test-session bench fuzz soak eval-motion build release manual-tool deps-build deps-run deps-test deps-bench clean install uninstall

# The default: the release build and the manual's tool, what `make install` installs.
all: release manual-tool

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
	set -e; for product in $(INSTALLED_PRODUCTS); do $(SWIFT) build $(RELEASE_FLAGS) --product $$product; done
	@echo "(A linker warning above that 'the use of mktemp is dangerous' is glibc's, about Swift's Foundation linked in; MediaRemote never calls mktemp: the Makefile says more.)"

# generate-manual (swift-argument-parser's) writes mediaremotectl's manual from its own help
# (man/tidy-manual.awk then keeps its examples as written, lists the exit statuses under EXIT STATUS
# and adds SEE ALSO); only installing needs it.
manual-tool: deps-build
	$(SWIFT) build $(RELEASE_FLAGS) --product generate-manual

# Runs mediaremoted on the session bus; without one (a bare server), on a private bus whose
# address it prints first (tools/run-on-session-bus.sh).
run: deps-run release
	@exec sh tools/run-on-session-bus.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/mediaremoted"

test: deps-test
	$(SWIFT) build --build-tests
	$(SWIFT) build --product generate-manual
	$(SWIFT) test --skip-build
	bash Tests/Guest/run.sh "$$($(SWIFT) build --show-bin-path)"
	$(MAKE) --no-print-directory test-session

# The session guest: the release build, installed by make install as a distribution would, in a
# Debian root with systemd, udev, logind and a user logged in on a seat, started by the user's
# systemd with the unit's hardening (Tests/Session/run.sh; the root is made with mmdebstrap once
# and kept in .build/session).
test-session: deps-test release manual-tool
	bash Tests/Session/run.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)"

bench: deps-bench release
	set -e; for product in $(BENCH_PRODUCTS); do $(SWIFT) build $(RELEASE_FLAGS) --product $$product; done
	baseline="$$(SWIFT=$(SWIFT) sh bench/dispatcher_baseline.sh $(RELEASE_FLAGS))" && DISPATCHER_BASELINE="$$baseline" \
		/usr/bin/python3 bench/run.py "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)"
	@echo
	@echo "key press to responder, in the qemu guest (TCG: compare the ratio, not the absolute times):"
	bash Tests/Guest/run.sh --bench "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)"
	@echo
	"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/motion-eval" --bench

# The fuzzers at a larger scale than make test runs them: random and malformed calls to every
# interface, and players that break MPRIS; each prints its report (FUZZ_SEED repeats a run).
FUZZ_CALLS ?= 50000
FUZZ_PLAYER_STEPS ?= 30000
fuzz: deps-test
	$(SWIFT) build --build-tests
	FUZZ_CALLS=$(FUZZ_CALLS) FUZZ_PLAYER_STEPS=$(FUZZ_PLAYER_STEPS) $(SWIFT) test --skip-build --filter FuzzTests

# Longer runs than make test: four clients with 400 events in flight, a million events through a
# running service (its RSS afterwards within 1 MB of before), MISBEHAVE_EVENTS events a phase to a
# healthy player while others misbehave, CHURN_PLAYERS players coming, failing a delivery and
# going (the entries kept per app or player, before and after), then the fuzzers at make fuzz's
# scale; then one table of them all (calls, faults injected, crashes, lost events, latency quiet
# and under stress, memory, entries).
SOAK_EVENTS ?= 1000000
MISBEHAVE_EVENTS ?= 5000
CHURN_PLAYERS ?= 5000
soak: deps-test
	$(call install_missing,bsdextrautils)
	$(SWIFT) build --build-tests
	printf '%s\n' 'part	calls	faults	crashes	lost	latency quiet ms	latency stress ms	RSS before kB	RSS after kB	entries before	entries after' > .build/soak-report.tsv
	SOAK_REPORT=$(CURDIR)/.build/soak-report.tsv SOAK_EVENTS=$(SOAK_EVENTS) MISBEHAVE_EVENTS=$(MISBEHAVE_EVENTS) \
		CHURN_PLAYERS=$(CHURN_PLAYERS) $(SWIFT) test --skip-build --filter 'NothingLostTests|MisbehavingPlayersTests|PlayersComingAndGoingTests'
	SOAK_REPORT=$(CURDIR)/.build/soak-report.tsv FUZZ_CALLS=$(FUZZ_CALLS) FUZZ_PLAYER_STEPS=$(FUZZ_PLAYER_STEPS) \
		$(SWIFT) test --skip-build --filter FuzzTests
	@echo; echo "make soak:"; column -t -s '	' .build/soak-report.tsv

# Scores the shake detectors on data/motion/ (the development recordings) for every device profile.
MOTION_DATA ?= data/motion
eval-motion: deps-build
	$(SWIFT) build $(RELEASE_FLAGS) --product motion-eval
	"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/motion-eval" "$(MOTION_DATA)"

# Installation, by the conventions of distributions: PREFIX=/usr and DESTDIR for a package;
# the default /usr/local is searched by systemd, D-Bus and udev too (but for the system bus's
# policies: see DBUS_SYSTEM_POLICY_DIR). make install installs what `make release manual-tool`
# built (BUILT, the release build by default; the tests name their own) and never builds: under
# sudo there is no swift on the PATH, and a build as root would leave files in .build its owner
# cannot replace.
BUILT ?= .build/release
# What to run next, as README.md's "Installing" lists it (a test holds the two, the udev rule's
# comment and the journal's fix to the same udevadm commands): the rule read again and applied
# to the input devices and to /dev/uinput, then the user unit.
AFTER_INSTALL := "sudo udevadm control --reload" \
	"sudo udevadm trigger --subsystem-match=input && sudo udevadm trigger --sysname-match=uinput" \
	"systemctl --user daemon-reload" "systemctl --user enable --now mediaremoted"
# Then one line more, a choice rather than a step, so not indented with the steps: the system
# service that routes the keyboard's own media keys through MediaRemote. Without it they go by
# the desktop's rules, and nothing else needs it (README.md, "Installing").
AFTER_INSTALL_OPTIONAL := sudo systemctl enable --now mediaremote-inputd
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
# mediaremote-inputd is started by systemd only, never by a person: not on the PATH.
LIBEXECDIR ?= $(PREFIX)/libexec
DATADIR ?= $(PREFIX)/share
SYSTEMD_USER_UNIT_DIR ?= $(PREFIX)/lib/systemd/user
SYSTEMD_SYSTEM_UNIT_DIR ?= $(PREFIX)/lib/systemd/system
DBUS_SERVICES_DIR ?= $(DATADIR)/dbus-1/services
DBUS_INTERFACES_DIR ?= $(DATADIR)/dbus-1/interfaces
# The system bus's policy for org.mediaremote.Input1 (who may own it, who may call it), without
# which the service cannot take its name. Unlike systemd and udev, the system bus reads no
# directory under /usr/local: only /usr/share/dbus-1/system.d and /etc/dbus-1/system.d. A package
# (PREFIX=/usr) puts it in the first; the default /usr/local, in the second.
ifeq ($(PREFIX),/usr/local)
DBUS_SYSTEM_POLICY_DIR ?= /etc/dbus-1/system.d
else
DBUS_SYSTEM_POLICY_DIR ?= $(DATADIR)/dbus-1/system.d
endif
UDEV_RULES_DIR ?= $(PREFIX)/lib/udev/rules.d
DOC_DIR ?= $(DATADIR)/doc/mediaremote
BASH_COMPLETION_DIR ?= $(DATADIR)/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(DATADIR)/zsh/vendor-completions
FISH_COMPLETION_DIR ?= $(DATADIR)/fish/vendor_completions.d
MAN1_DIR ?= $(DATADIR)/man/man1

INSTALLED := $(BINDIR)/mediaremoted $(BINDIR)/mediaremotectl $(LIBEXECDIR)/mediaremote-inputd \
	$(SYSTEMD_USER_UNIT_DIR)/mediaremoted.service $(SYSTEMD_SYSTEM_UNIT_DIR)/mediaremote-inputd.service \
	$(DBUS_SERVICES_DIR)/org.mediaremote.MediaRemote1.service $(DBUS_SYSTEM_POLICY_DIR)/org.mediaremote.Input1.conf \
	$(DBUS_INTERFACES_DIR)/org.mediaremote.MediaRemote1.xml $(DBUS_INTERFACES_DIR)/org.mediaremote.Responder1.xml \
	$(DBUS_INTERFACES_DIR)/org.mediaremote.Input1.xml \
	$(UDEV_RULES_DIR)/70-mediaremote.rules \
	$(DOC_DIR)/config.example.toml $(DOC_DIR)/README.md \
	$(BASH_COMPLETION_DIR)/mediaremotectl $(ZSH_COMPLETION_DIR)/_mediaremotectl $(FISH_COMPLETION_DIR)/mediaremotectl.fish \
	$(MAN1_DIR)/mediaremoted.1 $(MAN1_DIR)/mediaremotectl.1

install:
	@missing=$$(for tool in mediaremoted mediaremotectl mediaremote-inputd generate-manual; do [ -x "$(BUILT)/$$tool" ] || printf ' %s' "$$tool"; done); \
	if [ -n "$$missing" ]; then \
		echo "make install: nothing to install: $(BUILT) lacks$$missing." >&2; \
		echo "Build first, as yourself (not root): make; then run: sudo make install" >&2; \
		exit 1; \
	fi
	@set -e; built="$(BUILT)"; \
	install -Dm755 "$$built/mediaremoted" "$(DESTDIR)$(BINDIR)/mediaremoted"; \
	install -Dm755 "$$built/mediaremotectl" "$(DESTDIR)$(BINDIR)/mediaremotectl"; \
	install -Dm755 "$$built/mediaremote-inputd" "$(DESTDIR)$(LIBEXECDIR)/mediaremote-inputd"; \
	install -d "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)" "$(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR)" "$(DESTDIR)$(DBUS_SERVICES_DIR)"; \
	sed 's|@bindir@|$(BINDIR)|g' systemd/mediaremoted.service.in > "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/mediaremoted.service"; \
	sed 's|@libexecdir@|$(LIBEXECDIR)|g' systemd/mediaremote-inputd.service.in \
		> "$(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR)/mediaremote-inputd.service"; \
	sed 's|@bindir@|$(BINDIR)|g' dbus/org.mediaremote.MediaRemote1.service.in \
		> "$(DESTDIR)$(DBUS_SERVICES_DIR)/org.mediaremote.MediaRemote1.service"; \
	chmod 644 "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/mediaremoted.service" "$(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR)/mediaremote-inputd.service" \
		"$(DESTDIR)$(DBUS_SERVICES_DIR)/org.mediaremote.MediaRemote1.service"; \
	install -Dm644 -t "$(DESTDIR)$(DBUS_SYSTEM_POLICY_DIR)" dbus/org.mediaremote.Input1.conf; \
	install -Dm644 -t "$(DESTDIR)$(DBUS_INTERFACES_DIR)" dbus/org.mediaremote.MediaRemote1.xml dbus/org.mediaremote.Responder1.xml \
		dbus/org.mediaremote.Input1.xml; \
	install -Dm644 -t "$(DESTDIR)$(UDEV_RULES_DIR)" udev/70-mediaremote.rules; \
	install -Dm644 -t "$(DESTDIR)$(DOC_DIR)" config/config.example.toml README.md; \
	install -d "$(DESTDIR)$(BASH_COMPLETION_DIR)" "$(DESTDIR)$(ZSH_COMPLETION_DIR)" "$(DESTDIR)$(FISH_COMPLETION_DIR)"; \
	"$$built/mediaremotectl" --generate-completion-script bash > "$(DESTDIR)$(BASH_COMPLETION_DIR)/mediaremotectl"; \
	"$$built/mediaremotectl" --generate-completion-script zsh > "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_mediaremotectl"; \
	"$$built/mediaremotectl" --generate-completion-script fish > "$(DESTDIR)$(FISH_COMPLETION_DIR)/mediaremotectl.fish"; \
	install -Dm644 -t "$(DESTDIR)$(MAN1_DIR)" man/mediaremoted.1; \
	"$$built/generate-manual" "$$built/mediaremotectl" --authors "the MediaRemote authors" \
		--date "$$(git log -1 --format=%cs 2>/dev/null || date +%F)" \
		--output-directory "$(DESTDIR)$(MAN1_DIR)"; \
	awk -f man/tidy-manual.awk "$(DESTDIR)$(MAN1_DIR)/mediaremotectl.1" > "$(DESTDIR)$(MAN1_DIR)/mediaremotectl.1.tidy"; \
	mv "$(DESTDIR)$(MAN1_DIR)/mediaremotectl.1.tidy" "$(DESTDIR)$(MAN1_DIR)/mediaremotectl.1"; \
	chmod 644 "$(DESTDIR)$(MAN1_DIR)/mediaremotectl.1"
	@echo "Installed under $(DESTDIR)$(PREFIX). Next:"
	@printf '  %s\n' $(AFTER_INSTALL)
	@echo "Optional, to route the keyboard's own media keys through MediaRemote: $(AFTER_INSTALL_OPTIONAL)"
	@echo "(where the system bus is dbus-broker, as on Fedora and Arch: sudo systemctl reload dbus first)"

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir "$(DESTDIR)$(DOC_DIR)" 2>/dev/null

clean:
	rm -rf .build
