#!/usr/bin/env bash
# Makes the session guest's Debian root, the part that does not change from run to run, as an
# uncompressed cpio archive (the kernel unpacks it as its initramfs; the run's own files follow
# in a second archive). mmdebstrap picks its mode: as root it works in a chroot, as a plain user
# in a user namespace (uidmap's newuidmap, and ranges in /etc/subuid); either way its tar output
# holds root's files, made after its own clean-up (the fake start-stop-daemon and policy-rc.d it
# installs while packages are set up are gone), and bsdtar turns the tar into cpio unchanged.
#
# usage: Tests/Session/base.sh OUTPUT.cpio
# Tests/Session/run.sh names the archive after this file's checksum, so a change to the package
# list (or to anything else here) makes a new root.
set -euo pipefail
umask 022
output=$(realpath -m "$1")

# systemd as PID 1 with udev and logind; a user manager with its bus (dbus-user-session); what
# mediaremoted links (libdbus, libevdev, libpulse); and the checks' tools: getfacl, pgrep, insmod, and
# python3 for a uinput headset and keyboard (python3-evdev) and a Responder1 app (python3-dbus);
# a desktop that reads the same devices, sway (headless), with the MPRIS client its users bind
# their media keys to (playerctl), real MPRIS players (mpv with mpv-mpris; Audacious, whose GTK 2
# interface needs X: Xwayland, which sway recommends and a Debian sway has), and Debian's audio
# server with its user units (pipewire, wireplumber, pipewire-pulse; pw-cli from pipewire-bin, pactl
# from pulseaudio-utils).
packages=systemd,systemd-sysv,udev,dbus-user-session,libpam-systemd,libdbus-1-3,libevdev2,libpulse0,acl,procps,kmod
packages+=,python3-evdev,python3-dbus,python3-gi
packages+=,sway,playerctl,mpv,mpv-mpris,audacious,xwayland
packages+=,pipewire,pipewire-bin,wireplumber,pipewire-pulse,pulseaudio-utils

mmdebstrap --variant=minbase --format=tar --include="$packages" \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --customize-hook='chroot "$1" useradd --create-home --uid 1000 --user-group --shell /bin/bash person' \
    --customize-hook='mkdir -p "$1/var/log/journal"' \
    --customize-hook='rm -f "$1/etc/machine-id" "$1/etc/resolv.conf" "$1/etc/hostname"' \
    bookworm - | bsdtar --format newc -cf "$output.partial" @-
mv "$output.partial" "$output"
