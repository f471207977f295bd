#!/usr/bin/env bash
# The session guest: MediaRemote where users run it. Boots Debian's kernel under qemu into a
# Debian root with systemd, udev, logind and a user manager (made by mmdebstrap, Tests/Session/
# base.sh), with MediaRemote installed by `make install DESTDIR=… PREFIX=/usr` and nothing else.
# A user logs in on tty1 (getty autologin), so logind gives them an active session on seat0 and
# udev's uaccess their devices; then Tests/Session/checks.sh runs as root and prints each check.
#
# usage: Tests/Session/run.sh BIN_DIR    (a release build: mediaremoted, mediaremotectl and
#                                         generate-manual, as `make release manual-tool` makes)
# Prints each check and "session: N passed, N failed"; exits 1 when anything failed or the guest
# never finished.
set -euo pipefail
# The overlay's directories replace the base's modes when the kernel unpacks it: /usr must not
# become 0700 under a strict umask.
umask 022

bin_dir=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/../.." && pwd)
work="$top/.build/session"
mkdir -p "$work"
source "$top/Tests/Guest/qemu.sh"
fetch_kernel "$top/.build/guest"

# The Debian root, made once for each version of base.sh (its package list) and kept.
base="$work/base-$(sha256sum "$top/Tests/Session/base.sh" | cut -c1-16).cpio"
if [ ! -f "$base" ]; then
    rm -f "$work"/base-*.cpio
    echo "session: making the Debian root with mmdebstrap (once; kept as ${base#"$top"/})"
    bash "$top/Tests/Session/base.sh" "$base" > "$work/mmdebstrap.log" 2>&1 || {
        tail -20 "$work/mmdebstrap.log"
        echo "session: mmdebstrap failed (the whole log: ${work#"$top"/}/mmdebstrap.log)"
        exit 1
    }
fi

# This run's files, in a second archive the kernel unpacks over the first: MediaRemote as
# installed, the checks and their helpers, and the units that log the user in and run the checks.
overlay="$work/overlay"
rm -rf "$overlay"
mkdir -p "$overlay"
make -s -C "$top" install DESTDIR="$overlay" PREFIX=/usr BUILT="$bin_dir" > /dev/null
mkdir -p "$overlay/opt/session"
sox -n -r 22050 -c 1 "$overlay/opt/session/track.ogg" synth 60 sine 440
cp "$top/Tests/Session/checks.sh" "$top/Tests/Session/uinput_devices.py" \
    "$top/Tests/BridgeTests/Peers/responder_app.py" "$top/.build/guest/evdev.ko" "$top/.build/guest/uinput.ko" \
    "$overlay/opt/session/"
mkdir -p "$overlay/etc/systemd/system/getty@tty1.service.d" "$overlay/etc/systemd/system/multi-user.target.wants"
cat > "$overlay/etc/systemd/system/getty@tty1.service.d/autologin.conf" <<'UNIT'
[Service]
ExecStart=
ExecStart=-/sbin/agetty --autologin person --noclear - $TERM
UNIT
cat > "$overlay/etc/systemd/system/session-checks.service" <<'UNIT'
[Unit]
Description=MediaRemote's session checks
After=systemd-logind.service getty@tty1.service

[Service]
Type=oneshot
ExecStart=/opt/session/checks.sh
StandardOutput=file:/dev/ttyS1
StandardError=inherit
ExecStopPost=/usr/bin/systemctl poweroff --force --force
UNIT
ln -s ../session-checks.service "$overlay/etc/systemd/system/multi-user.target.wants/session-checks.service"
# The person's desktop: sway, started from their login shell on tty1 as a sway user starts it
# (so libinput opens the devices through logind, in their session), once the checks say so; with
# the media-key binding sway users write, and bindings that log the keys that must still arrive.
# Debian's /etc/sway/config.d, which the default config includes, hands the user manager sway's
# DISPLAY (Xwayland, for X programs such as Audacious) and WAYLAND_DISPLAY.
home="$overlay/home/person"
mkdir -p "$home/.config/sway"
cat > "$home/.bash_profile" <<'PROFILE'
if [ "$(tty)" = /dev/tty1 ]; then
    while [ ! -e /tmp/start-sway ]; do sleep 0.5; done
    export WLR_BACKENDS=headless,libinput WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1
    export DBUS_SESSION_BUS_ADDRESS="unix:path=$XDG_RUNTIME_DIR/bus"
    exec sway > /tmp/sway.log 2>&1
fi
PROFILE
cat > "$home/.config/sway/config" <<'SWAY'
include /etc/sway/config.d/*
bindsym XF86AudioPlay exec sh -c 'echo play >> /tmp/sway-keys; playerctl play-pause'
bindsym XF86AudioNext exec sh -c 'echo next >> /tmp/sway-keys; mediaremotectl send next'
bindsym XF86AudioRaiseVolume exec sh -c 'echo volumeup >> /tmp/sway-keys'
bindsym a exec sh -c 'echo a >> /tmp/sway-keys'
SWAY
tr -d - < /proc/sys/kernel/random/uuid > "$overlay/etc/machine-id"
echo session-guest > "$overlay/etc/hostname"
(cd "$overlay" && find . -mindepth 1 ! -path './home*' | cpio -o -H newc -R 0:0 --quiet
    find ./home/person -mindepth 1 | cpio -o -H newc -R 1000:1000 --quiet) > "$work/overlay.cpio"
cat "$base" "$work/overlay.cpio" > "$work/initrd.cpio"

accel=$(choose_accel "$top/.build/guest")
echo "session: booting with $accel"
: > "$work/console.log"
: > "$work/checks.log"
timeout 900 qemu-system-x86_64 -accel "$accel" -m 4096 -smp 2 -kernel "$top/.build/guest/vmlinuz" \
    -initrd "$work/initrd.cpio" -append "console=ttyS0 rdinit=/sbin/init panic=-1 systemd.show_status=0" \
    -display none -serial "file:$work/console.log" -serial "file:$work/checks.log" -no-reboot || true

grep -a '^ok \|^FAIL ' "$work/checks.log" || true
passed=$(grep -ac '^ok ' "$work/checks.log" || true)
failed=$(grep -ac '^FAIL ' "$work/checks.log" || true)
if ! grep -aq '^session: ' "$work/checks.log"; then
    echo "FAIL the session guest never finished its checks"
    failed=$((failed + 1))
fi
if [ "$failed" -ne 0 ]; then
    sed -n '/^--- /,/^session: /p' "$work/checks.log" | grep -av '^session: '
    echo "--- the guest's console, end (all of it: ${work#"$top"/}/console.log):"
    tail -40 "$work/console.log"
fi
echo "session: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
