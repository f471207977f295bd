#!/usr/bin/env bash
# Boots Debian's kernel under qemu with evdev and uinput, and runs mediaremoted with the
# guest test (a Responder1 app that makes uinput devices and presses their keys) inside.
# This machine has no /dev/uinput and no input devices: the guest has real ones.
#
# usage: Tests/Guest/run.sh [--bench] BIN_DIR    (the folder with mediaremoted and guest-test)
# With --bench, the guest measures key press → responder call beside a direct D-Bus call.
# Prints each check and "guest: N passed, N failed"; exits 1 when anything failed or a part of
# the guest never finished. KVM is used where a probe boot shows it works, TCG otherwise.
#
# Parts in one boot: guest-test with mediaremoted's defaults (uinput devices); mediaremoted
# reading keyboards and guest-test --virtio-keyboard, to which this script sends `sendkey
# audionext` through QEMU's monitor: a key from outside the guest; mediaremoted with a
# configuration file that includes and excludes devices by name (guest-test --patterns, which
# changes the file and reloads); mediaremoted as nobody, without permission to read devices.
set -euo pipefail

bench=no
if [ "$1" = --bench ]; then bench=yes; shift; fi
bin_dir=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/../.." && pwd)
work="$top/.build/guest"
mkdir -p "$work"

source "$top/Tests/Guest/qemu.sh"
fetch_kernel "$work"

# The guest's root: busybox, dbus-daemon, our two binaries and the libraries they load.
root="$work/root"
rm -rf "$root"
mkdir -p "$root"/{bin,dev,proc,sys,tmp,etc,lib/modules}
cp /bin/busybox "$root/bin/"
cp /usr/bin/dbus-daemon /usr/bin/dbus-monitor "$bin_dir/mediaremoted" "$bin_dir/mediaremote-inputd" "$bin_dir/guest-test" "$root/bin/"
cp "$work"/*.ko "$root/lib/modules/"
mkdir -p "$root/motion" && cp "$top"/Tests/Guest/motion/*.csv "$root/motion/"
# libpulse is loaded by mediaremoted when it reaches for an audio server (dlopen: ldd does not
# list it), as on a user's machine; the guest has no server, as many have not.
# awk reads to the end: one that left early could cut ldconfig off (SIGPIPE), and pipefail
# would end this script (seen: make bench's guest run, exit status 141).
libpulse=$(ldconfig -p | awk '/libpulse\.so\.0 .*x86-64/ && !found {print $NF; found = 1}')
[ -n "$libpulse" ] || { echo "no libpulse.so.0 on this machine (libpulse0)" >&2; exit 1; }
mkdir -p "$root$(dirname "$libpulse")" && cp -L "$libpulse" "$root$libpulse"
for binary in /usr/bin/dbus-daemon /usr/bin/dbus-monitor "$bin_dir/mediaremoted" "$bin_dir/mediaremote-inputd" "$bin_dir/guest-test" "$libpulse"; do
    ldd "$binary" | awk '/=> \//{print $3} /^\t\/lib/{print $1}' | while read -r library; do
        mkdir -p "$root$(dirname "$library")"
        cp -L "$library" "$root$library"
    done
done
# For the benchmark: interception-tools' intercept (Debian names it interception) and uinput
# (make bench installs them), the pipeline keyboard remappers use, measured beside
# mediaremote-inputd's passthrough; in the guest as /opt/interception/intercept and uinput.
intercept=$(command -v intercept || command -v interception || true)
if [ "$bench" = yes ] && [ -n "$intercept" ] && command -v uinput > /dev/null; then
    mkdir -p "$root/opt/interception"
    cp "$intercept" "$root/opt/interception/intercept"
    cp "$(command -v uinput)" "$root/opt/interception/uinput"
    for binary in "$intercept" "$(command -v uinput)"; do
        ldd "$binary" | awk '/=> \//{print $3} /^\t\/lib/{print $1}' | while read -r library; do
            mkdir -p "$root$(dirname "$library")"
            cp -L "$library" "$root$library"
        done
    done
fi
mkdir -p "$root/lib64" && cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"
printf 'root:x:0:0:root:/:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/sh\n' > "$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$root/etc/group"
cat /proc/sys/kernel/random/uuid | tr -d - > "$root/etc/machine-id"
cat > "$root/etc/bus.conf" <<'CONF'
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=/tmp/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
    <allow user="*"/>
  </policy>
</busconfig>
CONF
# A second bus standing for the system bus, for mediaremote-inputd.
sed 's|unix:path=/tmp/bus|unix:path=/tmp/system-bus|' "$root/etc/bus.conf" > "$root/etc/system-bus.conf"
if [ "$bench" = yes ]; then touch "$root/etc/bench"; fi
cat > "$root/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for module in evdev uinput virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci virtio_input; do
    insmod /lib/modules/$module.ko
done
dbus-daemon --config-file=/etc/bus.conf --fork
export DBUS_SESSION_BUS_ADDRESS=unix:path=/tmp/bus
i=0; while [ ! -S /tmp/bus ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
if [ -f /etc/bench ]; then
    mediaremoted > /tmp/mediaremoted.log 2>&1 &
    # mediaremote-inputd on a bus standing for the system bus, root's session active on seat0;
    # guest-test claims the keys itself.
    dbus-daemon --config-file=/etc/system-bus.conf --fork
    i=0; while [ ! -S /tmp/system-bus ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
    mkdir -p /tmp/logind/seats /tmp/logind/users
    printf 'IS_SEAT0=1\nACTIVE=c1\nACTIVE_UID=0\n' > /tmp/logind/seats/seat0
    printf 'NAME=root\nSTATE=active\nSEATS=seat0\n' > /tmp/logind/users/0
    mediaremote-inputd --bus unix:path=/tmp/system-bus --logind-dir /tmp/logind > /tmp/inputd.log 2>&1 &
    guest-test --bench
    poweroff -f
fi
mediaremoted > /tmp/mediaremoted.log 2>&1 &
daemon=$!
guest-test || true
kill $daemon; wait $daemon
mediaremoted --read-keyboards > /tmp/mediaremoted-keyboards.log 2>&1 &
daemon=$!
guest-test --virtio-keyboard || true
echo "guest-test --virtio-keyboard finished"
kill $daemon; wait $daemon
# Devices chosen by name in a configuration file, then changed by a reload.
printf '[devices]\ninclude = ["*Included Keyboard"]\nexclude = ["*Excluded*"]\n' > /tmp/patterns.toml
mediaremoted --config /tmp/patterns.toml > /tmp/mediaremoted-patterns.log 2>&1 &
daemon=$!
guest-test --patterns /tmp/patterns.toml || true
kill $daemon; wait $daemon
# A shake action set: a standing claim, the sensor open with no app's claim.
mediaremoted --shake-action nextTrack > /tmp/mediaremoted-action.log 2>&1 &
daemon=$!
guest-test --shake-action || true
kill $daemon; wait $daemon
# The seat going to another session and back (mediaremoted as nobody, the headset's node made
# readable and not, as udev does with its ACL; logind's file for the user saying online, then
# active): let go, taken over again, a grab retried.
chmod 666 /dev/uinput
# logind's file for nobody, as for a user whose session has the seat.
mkdir -p /run/systemd/users
printf 'NAME=nobody\nSTATE=active\n' > /run/systemd/users/65534
su nobody -s /bin/sh -c "DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS exec mediaremoted" > /tmp/seat.log 2>&1 &
daemon=$!
guest-test --seat-switch || true
kill $daemon; wait $daemon
chmod 600 /dev/uinput
# A laptop's keyboard through mediaremote-inputd, the system service, on a bus standing for the
# system bus (every message on it recorded by dbus-monitor), with logind's files saying root's
# session is the one active on seat0.
dbus-daemon --config-file=/etc/system-bus.conf --fork
i=0; while [ ! -S /tmp/system-bus ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
mkdir -p /tmp/logind/seats /tmp/logind/users
printf 'IS_SEAT0=1\nACTIVE=c1\nACTIVE_UID=0\n' > /tmp/logind/seats/seat0
printf 'NAME=root\nSTATE=active\nSEATS=seat0\n' > /tmp/logind/users/0
dbus-monitor --address unix:path=/tmp/system-bus > /tmp/system-bus.monitor 2>&1 &
monitor=$!
mediaremote-inputd --bus unix:path=/tmp/system-bus --logind-dir /tmp/logind > /tmp/inputd.log 2>&1 &
inputd=$!
# A file of its own, which guest-test changes and reloads (read_keyboards on and off again).
: > /tmp/system-keyboards.toml
DBUS_SYSTEM_BUS_ADDRESS=unix:path=/tmp/system-bus mediaremoted --config /tmp/system-keyboards.toml > /tmp/mediaremoted-system.log 2>&1 &
daemon=$!
guest-test --system-keyboards || true
kill $daemon 2>/dev/null; wait $daemon
kill $inputd; wait $inputd
kill $monitor
# Every number of type uint16 that crossed the bus: the MediaKey signals' key codes, and nothing
# else has one; each must be a media key (play/pause 164, fast-forward 208), never a letter.
codes=$(grep -a 'uint16' /tmp/system-bus.monitor | awk '{print $2}' | sort -u | tr '\n' ' ')
keys=$(grep -ac 'member=MediaKey' /tmp/system-bus.monitor)
if [ "$keys" -ge 4 ] && [ -n "$codes" ] && [ -z "$(echo $codes | tr ' ' '\n' | grep -Evx '164|208')" ]; then
    echo "ok system keyboards: a listener on the system bus saw $keys MediaKey signals, with the key codes $codes only: no letter, no volume key"
else
    echo "FAIL system keyboards: the system bus carried $keys MediaKey signals and the key codes '$codes'"
    cat /tmp/system-bus.monitor | head -80
fi
if grep -q "no claim holds the media keys" /tmp/inputd.log; then
    echo "ok system keyboards: mediaremote-inputd's log says the keyboards went back when the claim went"
else
    echo "FAIL system keyboards: mediaremote-inputd's log:"
    cat /tmp/inputd.log
fi
echo "system keyboards finished"
if [ "$(grep -c "Seat Headset): not read: another session has the seat" /tmp/seat.log)" -ge 3 ] \
    && ! grep -q "no permission to read" /tmp/seat.log && ! grep -q "taken over by another program" /tmp/seat.log; then
    echo "ok seat: each time the seat went, one line says another session has it; no word about a missing permission or another program"
else
    echo "FAIL seat: the log of the seat switch:"
    cat /tmp/seat.log
fi
# Without permission to read the devices (as nobody), beside a media device made as root: one
# clear line for it, with the fix, and none for the keyboards, which would not be read anyway.
guest-test --hold-media-keys > /tmp/hold.log 2>&1 &
holder=$!
i=0; while ! grep -q "holding" /tmp/hold.log && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
su nobody -s /bin/sh -c "DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS exec mediaremoted" > /tmp/unprivileged.log 2>&1 &
daemon=$!
# The warning waits a moment for udev (PermissionNotices); then two seconds more for any second one.
i=0; while ! grep -q "no permission to read" /tmp/unprivileged.log && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
sleep 2
media=$(grep -l "MediaRemote Unreadable Media Keys" /sys/class/input/event*/device/name | sed 's|/sys/class/input/\(event[0-9]*\)/.*|/dev/input/\1|')
kill $daemon; wait $daemon
kill $holder
keyboards=$(grep -c "(.*keyboard.*): not read: a keyboard" /tmp/unprivileged.log)
lines=$(grep -c "no permission to read" /tmp/unprivileged.log)
if [ -n "$media" ] && [ "$lines" -eq 1 ] && grep -q "no permission to read $media (MediaRemote Unreadable Media Keys); install udev/70-mediaremote.rules" /tmp/unprivileged.log \
    && [ "$keyboards" -ge 1 ] && grep -q "running as" /tmp/unprivileged.log; then
    echo "ok without permission: one line for the media device ($media), with the fix; the $keyboards keyboards listed as keyboards; the service runs"
else
    echo "FAIL without permission: $lines lines for the media device ${media:-(none made)}, $keyboards keyboards listed"
    cat /tmp/hold.log /tmp/unprivileged.log
fi
echo "permission check finished"
echo "--- mediaremoted's log"
cat /tmp/mediaremoted.log /tmp/mediaremoted-keyboards.log /tmp/mediaremoted-patterns.log /tmp/mediaremoted-system.log /tmp/inputd.log
echo "--- mediaremoted --shake-action's log"
cat /tmp/mediaremoted-action.log
poweroff -f
INIT
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc 2>/dev/null | gzip -1 > "$work/initrd.gz")

accel=$(choose_accel "$work")
echo "guest: booting with $accel"
if [ "$bench" = yes ]; then
    timeout 600 qemu-system-x86_64 -accel "$accel" -m 1024 -smp 1 -kernel "$work/vmlinuz" -initrd "$work/initrd.gz" \
        -append "console=ttyS0 quiet panic=-1" -display none -serial "file:$work/console.log" -no-reboot || true
    grep -a '^bench \|^FAIL ' "$work/console.log"
    grep -aq '^guest-test --bench finished' "$work/console.log"
    exit
fi

monitor="$work/monitor.sock"
rm -f "$monitor"
: > "$work/console.log"
timeout 600 qemu-system-x86_64 -accel "$accel" -m 1024 -smp 1 -kernel "$work/vmlinuz" -initrd "$work/initrd.gz" \
    -append "console=ttyS0 quiet panic=-1" -device virtio-keyboard-pci -monitor "unix:$monitor,server,nowait" \
    -display none -serial "file:$work/console.log" -no-reboot &
qemu=$!

# When the guest is ready, press the key from outside, through QEMU's monitor.
for _ in $(seq 1 1200); do
    grep -aq "ready for sendkey" "$work/console.log" && break
    kill -0 $qemu 2>/dev/null || break
    sleep 0.1
done
if grep -aq "ready for sendkey" "$work/console.log"; then
    python3 -c 'import socket, sys, time
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); time.sleep(0.2)
s.sendall(b"sendkey audionext\n"); time.sleep(0.5); s.close()' "$monitor"
fi
wait $qemu || true

passed=$(grep -ac '^ok ' "$work/console.log" || true)
failed=$(grep -ac '^FAIL ' "$work/console.log" || true)
grep -a '^ok \|^FAIL ' "$work/console.log" || true
for part in "guest-test finished" "guest-test --virtio-keyboard finished" "guest-test --patterns finished" \
    "guest-test --shake-action finished" "guest-test --seat-switch finished" "guest-test --system-keyboards finished" \
    "system keyboards finished" "permission check finished"; do
    if ! grep -aq "^$part" "$work/console.log"; then
        echo "FAIL the guest never reached: $part"
        failed=$((failed + 1))
    fi
done
if [ "$failed" -ne 0 ]; then
    echo "--- the guest's console, end:"
    tail -80 "$work/console.log"
fi
echo "guest: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
