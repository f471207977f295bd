# What both qemu guests share (sourced by Tests/Guest/run.sh and Tests/Session/run.sh): Debian's
# kernel with the modules they load, and the choice of accelerator.

guest_modules="evdev uinput virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci virtio_input"

# fetch_kernel DIR: DIR/vmlinuz and DIR/MODULE.ko for each of guest_modules, fetched once with
# apt-get download (linux-image-amd64's kernel) and kept.
fetch_kernel() {
    local work=$1 package module
    if [ -f "$work/vmlinuz" ] && [ -f "$work/virtio_input.ko" ]; then return; fi
    # apt-cache fails with no package lists (a fresh machine): the update below, not pipefail's exit.
    package=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ && !found {print $2; found = 1}' || true)
    if [ -z "$package" ]; then
        apt-get update -qq
        package=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/ && !found {print $2; found = 1}')
    fi
    rm -rf "$work/kernel" && mkdir -p "$work/kernel"
    (cd "$work/kernel" && apt-get download "$package" 2>/dev/null && dpkg-deb -x ./*.deb extracted)
    cp "$work"/kernel/extracted/boot/vmlinuz-* "$work/vmlinuz"
    for module in $guest_modules; do
        cp "$(find "$work/kernel/extracted/lib/modules" -name "$module.ko")" "$work/$module.ko"
    done
    rm -rf "$work/kernel"
}

# choose_accel DIR: kvm where it works, tcg otherwise. Here /dev/kvm exists but belongs to the
# host, and a guest under it never starts: a probe boot that only prints a line decides
# (GUEST_ACCEL=kvm|tcg overrides). DIR keeps the probe's files.
choose_accel() {
    local work=$1 probe=$1/probe
    if [ -n "${GUEST_ACCEL:-}" ]; then echo "$GUEST_ACCEL"; return; fi
    if [ ! -r /dev/kvm ] || [ ! -w /dev/kvm ]; then echo tcg; return; fi
    rm -rf "$probe" && mkdir -p "$probe/bin"
    cp /bin/busybox "$probe/bin/"
    printf '#!/bin/busybox sh\n/bin/busybox echo KVM-PROBE-OK\n/bin/busybox poweroff -f\n' > "$probe/init"
    chmod +x "$probe/init"
    (cd "$probe" && find . | cpio -o -H newc 2>/dev/null | gzip -1 > "$work/probe.gz")
    timeout 15 qemu-system-x86_64 -accel kvm -m 256 -kernel "$work/vmlinuz" -initrd "$work/probe.gz" \
        -append "console=ttyS0 quiet panic=-1" -display none -serial "file:$work/probe.log" -no-reboot >/dev/null 2>&1 || true
    if grep -aq KVM-PROBE-OK "$work/probe.log" 2>/dev/null; then echo kvm; else echo tcg; fi
}
