#!/usr/bin/python3
"""MediaRemote's benchmarks: each figure of mediaremoted beside playerctld's, measured in the
same run on the same private bus.

Usage: bench/run.py BIN_DIR   (the folder holding the release mediaremoted)

Figures:
  idle wakeups / 10 s   context switches of all the daemon's threads while nothing happens
                        (every wakeup from sleep is one); goal 0
  idle RSS              resident memory once started and settled, and its private dirty part
                        (heap, stacks, written data: what the process alone costs)
  start to name         from spawning the process to its bus name appearing (NameOwnerChanged),
                        median of several runs; and with and without an audio server, to name
                        and to ready (its first word on the audio server), beside playerctld's
  event dispatch        one-way latency to a player, direct and through each forwarder
                        (dispatch_latency.py)
  pure dispatcher       events a second through Core's dispatcher alone (dispatch-bench), and
                        beside the same bench built before issue 28, run interleaved
                        (DISPATCHER_BASELINE, from bench/dispatcher_baseline.sh)
  audio server          the daemon's wakeups, CPU and memory with no audio server, with one idle,
                        and while 10 streams come and go, beside pipewire-pulse's CPU (audio_cost.py)
"""
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

import audio_cost
import dispatch_latency

IDLE_SECONDS = 10
START_RUNS = 15

CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={dir}</listen>
  <auth>EXTERNAL</auth>
  <servicedir>{dir}/services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def private_bus(directory):
    os.makedirs(os.path.join(directory, "services"), exist_ok=True)
    config = os.path.join(directory, "bus.conf")
    with open(config, "w") as f:
        f.write(CONFIG.format(dir=directory))
    daemon = subprocess.Popen(["dbus-daemon", "--config-file=" + config, "--nofork", "--print-address=1"],
                              stdout=subprocess.PIPE, text=True)
    return daemon, daemon.stdout.readline().strip()


def context_switches(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/status") as f:
            for line in f:
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
    return total


def memory_kib(pid):
    """(RSS, private dirty): all resident pages, and those only this process can own (heap,
    stacks, written data) — the part that is not shared page cache."""
    figures = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            key, _, rest = line.partition(":")
            if key in ("Rss", "Private_Dirty"):
                figures[key] = int(rest.split()[0])
    return figures.get("Rss", 0), figures.get("Private_Dirty", 0)


def start_and_wait_for_name(command, name, environment, bus, ready_line=None):
    """Spawns `command`; returns (process, seconds until `name` got an owner). With `ready_line`,
    returns (process, those seconds, seconds until a line of its standard error contained it)."""
    loop = GLib.MainLoop()
    acquired = {}
    ready = threading.Event()

    def changed(changed_name, old, new):
        if changed_name == name and new and "t" not in acquired:
            acquired["t"] = time.monotonic()
            loop.quit()

    def drain(stream):
        # Read to the end, on a thread of its own: the daemon never blocks on a full pipe.
        for line in stream:
            if ready_line in line and not ready.is_set():
                acquired["ready"] = time.monotonic()
                ready.set()

    match = bus.add_signal_receiver(changed, "NameOwnerChanged", "org.freedesktop.DBus", "org.freedesktop.DBus",
                                    "/org/freedesktop/DBus", arg0=name)
    bus.get_name_owner("org.freedesktop.DBus")  # the match is in place before the process starts
    start = time.monotonic()
    process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE if ready_line else subprocess.DEVNULL, text=True, errors="replace")
    if ready_line:
        threading.Thread(target=drain, args=(process.stderr,), daemon=True).start()
    GLib.timeout_add(10000, loop.quit)
    loop.run()
    match.remove()
    if "t" not in acquired or (ready_line and not ready.wait(10)):
        process.kill()
        raise RuntimeError(f"{command[0]} did not take {name}" + (f" or say '{ready_line}'" if ready_line else ""))
    if ready_line:
        return process, acquired["t"] - start, acquired["ready"] - start
    return process, acquired["t"] - start


def stop(process):
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def measure(label, command, name, environment, bus):
    times = []
    for _ in range(START_RUNS):
        process, seconds = start_and_wait_for_name(command, name, environment, bus)
        times.append(seconds)
        stop(process)
    process, _ = start_and_wait_for_name(command, name, environment, bus)
    time.sleep(1)
    rss, dirty = memory_kib(process.pid)
    before = context_switches(process.pid)
    time.sleep(IDLE_SECONDS)
    wakeups = context_switches(process.pid) - before
    stop(process)
    return {"label": label, "wakeups": wakeups, "rss": rss, "dirty": dirty, "start_ms": statistics.median(times) * 1000}


def main():
    bin_dir = sys.argv[1]
    # A binary just built has pages still dirty in the page cache until written back, and
    # smaps counts them as the process's private dirty memory: flush them first.
    os.sync()
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    with tempfile.TemporaryDirectory(prefix="mediaremote-bench-") as directory:
        daemon, address = private_bus(directory)
        try:
            environment = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address)
            environment.pop("JOURNAL_STREAM", None)
            bus = dbus.bus.BusConnection(address)
            latency = dispatch_latency.measure(address, bin_dir, environment)
            rows = [
                measure("mediaremoted", [os.path.join(bin_dir, "mediaremoted")], "org.mediaremote.MediaRemote1",
                        environment, bus),
                measure("playerctld (reference)", ["playerctld"], "org.mpris.MediaPlayer2.playerctld", environment, bus),
            ]
            audio, starts = audio_cost.measure(bin_dir, environment, start_and_wait_for_name, stop, context_switches, memory_kib,
                                               bus, START_RUNS)
        finally:
            daemon.terminate()
            daemon.wait()
    print()
    print(f"{'daemon':<24} {'idle wakeups/' + str(IDLE_SECONDS) + ' s':>20} {'idle RSS (KiB)':>15} "
          f"{'private dirty (KiB)':>20} {'start to name (ms)':>19}")
    for row in rows:
        print(f"{row['label']:<24} {row['wakeups']:>20} {row['rss']:>15} {row['dirty']:>20} {row['start_ms']:>19.1f}")
    print()
    print(f"start to name: median of {START_RUNS} starts; RSS after 1 s settled; wakeups are context switches of all threads.")
    print()
    dispatch_latency.report(latency)
    print()
    audio_cost.report_starts(starts, START_RUNS)
    print()
    audio_cost.report(audio)
    print()
    dispatcher_report(bin_dir, os.environ.get("DISPATCHER_BASELINE"))


def events_per_second(program):
    return int(subprocess.run([program], capture_output=True, text=True, check=True).stdout.split()[-1])


def dispatcher_report(bin_dir, baseline, rounds=5):
    """The pure dispatcher's events a second, median of `rounds`; with `baseline` (the same bench
    built before issue 28, bench/dispatcher_baseline.sh), run interleaved with it."""
    current, reference = [], []
    for _ in range(rounds):
        current.append(events_per_second(os.path.join(bin_dir, "dispatch-bench")))
        if baseline:
            reference.append(events_per_second(baseline))
    print(f"{'pure dispatcher':<28} {statistics.median(current):>12,.0f} events/s (goal: at least 1,000,000), "
          f"median of {rounds}")
    if reference:
        print(f"{'before issue 28 (reference)':<28} {statistics.median(reference):>12,.0f} events/s, interleaved; "
              f"now / then: {statistics.median(current) / statistics.median(reference):.2f} (goal: at least 1.00)")


if __name__ == "__main__":
    main()
