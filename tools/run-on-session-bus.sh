#!/bin/sh
# Runs a program (make run: mediaremoted) on the session bus; where there is none (a bare
# server, ssh, a container), on a private bus started for it with dbus-run-session, first
# printing the export line that lets mediaremotectl, playerctl and players in another shell
# reach that bus.
set -eu
if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || [ -S "${XDG_RUNTIME_DIR:-/nonexistent}/bus" ]; then
	exec "$@"
fi
echo "make run: no session bus here; starting $(basename "$1") on a private bus (dbus-run-session)."
exec dbus-run-session -- sh -c '
	echo "make run: to reach it from another shell (mediaremotectl, playerctl, players):"
	echo "  export DBUS_SESSION_BUS_ADDRESS=\"$DBUS_SESSION_BUS_ADDRESS\""
	exec "$@"' sh "$@"
