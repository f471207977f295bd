#!/bin/sh
# Runs a program (make run: mediaremoted) on the session bus; where there is none (a bare
# server, ssh, a container), on a private bus started for it with dbus-run-session, first
# printing the export line that lets mediaremotectl, playerctl and players in another shell
# reach that bus. Either way it says where mediaremotectl is: the build folder is not on PATH.
set -eu
bin=$(dirname "$1")
echo "make run: mediaremotectl is $bin/mediaremotectl; to call it by name from another shell:"
echo "  export PATH=\"$bin:\$PATH\""
if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || [ -S "${XDG_RUNTIME_DIR:-/nonexistent}/bus" ]; then
	exec "$@"
fi
echo "make run: no session bus here; starting $(basename "$1") on a private bus (dbus-run-session)."
if [ "$(id -u)" = 0 ]; then
	# dbus-daemon, as root, tries to raise its open-file limit and says so when a container
	# forbids it; it runs on with the limit it has.
	echo "make run: as root, dbus-daemon's \"Failed to set fd limit\" warning is harmless: it runs on with the limit it has."
fi
exec dbus-run-session -- sh -c '
	echo "make run: to reach it from another shell (mediaremotectl, playerctl, players):"
	echo "  export DBUS_SESSION_BUS_ADDRESS=\"$DBUS_SESSION_BUS_ADDRESS\""
	exec "$@"' sh "$@"
