#!/usr/bin/env bash
# Boots Debian's kernel under qemu with evdev and uinput, and runs mediaremoted with the
# guest test (a Responder1 app that makes uinput devices and presses their keys) inside.
# This machine has no /dev/uinput and no input devices: the guest has real ones.
#
# usage: Tests/Guest/run.sh BIN_DIR    (the folder with mediaremoted and guest-test)
# Prints the guest's "guest: N passed, N failed" line; exits 1 when anything failed or the
# guest never said. GUEST_ACCEL=kvm tries KVM (here KVM belongs to the host: TCG is the default).
set -euo pipefail

bin_dir=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/../.." && pwd)
work="$top/.build/guest"
mkdir -p "$work"

# The kernel and its two modules, fetched once with apt-get download and kept in .build/guest.
if [ ! -f "$work/vmlinuz" ] || [ ! -f "$work/uinput.ko" ]; then
    package=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
    if [ -z "$package" ]; then
        apt-get update -qq
        package=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
    fi
    rm -rf "$work/kernel" && mkdir -p "$work/kernel"
    (cd "$work/kernel" && apt-get download "$package" 2>/dev/null && dpkg-deb -x ./*.deb extracted)
    cp "$work"/kernel/extracted/boot/vmlinuz-* "$work/vmlinuz"
    cp "$(find "$work/kernel/extracted/lib/modules" -name evdev.ko)" "$work/evdev.ko"
    cp "$(find "$work/kernel/extracted/lib/modules" -name uinput.ko)" "$work/uinput.ko"
    rm -rf "$work/kernel"
fi

# The guest's root: busybox, dbus-daemon, our two binaries and the libraries they load.
root="$work/root"
rm -rf "$root"
mkdir -p "$root"/{bin,dev,proc,sys,tmp,etc,lib/modules}
cp /bin/busybox "$root/bin/"
cp /usr/bin/dbus-daemon "$bin_dir/mediaremoted" "$bin_dir/guest-test" "$root/bin/"
cp "$work/evdev.ko" "$work/uinput.ko" "$root/lib/modules/"
for binary in /usr/bin/dbus-daemon "$bin_dir/mediaremoted" "$bin_dir/guest-test"; do
    ldd "$binary" | awk '/=> \//{print $3} /^\t\/lib/{print $1}' | while read -r library; do
        mkdir -p "$root$(dirname "$library")"
        cp -L "$library" "$root$library"
    done
done
mkdir -p "$root/lib64" && cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"
echo "root:x:0:0:root:/:/bin/sh" > "$root/etc/passwd"
echo "root:x:0:" > "$root/etc/group"
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
  </policy>
</busconfig>
CONF
cat > "$root/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
insmod /lib/modules/evdev.ko
insmod /lib/modules/uinput.ko
dbus-daemon --config-file=/etc/bus.conf --fork
export DBUS_SESSION_BUS_ADDRESS=unix:path=/tmp/bus
mediaremoted > /tmp/mediaremoted.log 2>&1 &
i=0; while [ ! -S /tmp/bus ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
guest-test || true
echo "--- mediaremoted's log"
cat /tmp/mediaremoted.log
poweroff -f
INIT
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc 2>/dev/null | gzip -1 > "$work/initrd.gz")

accel=tcg
[ "${GUEST_ACCEL:-}" = kvm ] && accel=kvm
timeout 600 qemu-system-x86_64 -accel "$accel" -m 1024 -smp 1 -kernel "$work/vmlinuz" -initrd "$work/initrd.gz" \
    -append "console=ttyS0 quiet panic=-1" -nographic -no-reboot > "$work/console.log" 2>&1 || true

sed -n '/^ok \|^FAIL /p' "$work/console.log"
result=$(grep -a '^guest: [0-9]* passed, [0-9]* failed' "$work/console.log" | tail -1 || true)
if [ -z "$result" ]; then
    echo "the guest test did not finish; its console:"
    tail -40 "$work/console.log"
    echo "guest: 0 passed, 1 failed"
    exit 1
fi
echo "$result"
case "$result" in *" 0 failed"*) exit 0 ;; *) grep -a -A30 -- '--- mediaremoted' "$work/console.log" | head -30; exit 1 ;; esac
