"""Event dispatch latency: from the call that sends an event to the player receiving the
method call, one way, through four paths to the same player, interleaved in one run:
  direct             the player's PlayPause, called straight
  mediaremoted       SendRemoteControlEvent("togglePlayPause")
  mediaremote proxy  PlayPause on org.mpris.MediaPlayer2.mediaremote, as playerctl calls it
                     (mediaremoted runs with --mpris-proxy here: it is off by default)
  playerctld         playerctld's own PlayPause, which it forwards to the active player
What a forwarder adds is its median minus the direct median."""
import os
import statistics
import subprocess
import time

import dbus

WARMUP = 20
CALLS = 300


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def one_way(player, paths):
    """Calls each path in turn, round after round, so all see the same conditions."""
    samples = {label: [] for label, _ in paths}
    for index in range(WARMUP + CALLS):
        for label, call in paths:
            sent = time.monotonic_ns()
            call()
            received = int(player.stdout.readline())
            if index >= WARMUP:
                samples[label].append((received - sent) / 1000)
    return samples


def measure(address, bin_dir, environment):
    player = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(__file__), "timing_player.py"), address],
                              stdout=subprocess.PIPE, text=True, env=environment)
    daemons = []
    try:
        assert player.stdout.readline().strip() == "ready"
        # The proxy is off unless asked for; this measures it.
        daemons.append(subprocess.Popen([os.path.join(bin_dir, "mediaremoted"), "--mpris-proxy"], env=environment,
                                        stderr=subprocess.DEVNULL))
        daemons.append(subprocess.Popen(["playerctld"], env=environment, stderr=subprocess.DEVNULL))
        bus = dbus.bus.BusConnection(address)
        for name in ("org.mediaremote.MediaRemote1", "org.mpris.MediaPlayer2.mediaremote", "org.mpris.MediaPlayer2.playerctld"):
            for _ in range(200):
                if bus.name_has_owner(name):
                    break
                time.sleep(0.02)
        time.sleep(0.5)  # both have read the player's properties
        direct = bus.get_object("org.mpris.MediaPlayer2.benchplayer", "/org/mpris/MediaPlayer2")
        bridge = bus.get_object("org.mediaremote.MediaRemote1", "/org/mediaremote/MediaRemote1")
        proxy = bus.get_object("org.mpris.MediaPlayer2.mediaremote", "/org/mpris/MediaPlayer2")
        playerctld = bus.get_object("org.mpris.MediaPlayer2.playerctld", "/org/mpris/MediaPlayer2")
        paths = [
            ("direct call", lambda: direct.PlayPause(dbus_interface="org.mpris.MediaPlayer2.Player")),
            ("via mediaremoted", lambda: bridge.SendRemoteControlEvent(
                "togglePlayPause", dbus_interface="org.mediaremote.MediaRemote1")),
            ("via the mediaremote proxy", lambda: proxy.PlayPause(dbus_interface="org.mpris.MediaPlayer2.Player")),
            ("via playerctld (reference)", lambda: playerctld.PlayPause(dbus_interface="org.mpris.MediaPlayer2.Player")),
        ]
        samples = one_way(player, paths)
        return [(label, statistics.median(samples[label]), percentile(samples[label], 0.99)) for label, _ in paths]
    finally:
        for process in daemons + [player]:
            process.terminate()
            process.wait()


def report(rows):
    direct = rows[0][1]
    print(f"{'event dispatch, one way':<28} {'median (µs)':>12} {'p99 (µs)':>10} {'added (µs)':>11}")
    for label, median, p99 in rows:
        added = "" if label == "direct call" else f"{median - direct:.0f}"
        print(f"{label:<28} {median:>12.0f} {p99:>10.0f} {added:>11}")
    print(f"median and p99 of {CALLS} calls each, interleaved, after {WARMUP} rounds to warm up; "
          "'added' is the median minus the direct call's.")
    added = {label: median - direct for label, median, _ in rows}
    proxy, reference = added.get("via the mediaremote proxy"), added.get("via playerctld (reference)")
    if proxy is not None and reference:
        print(f"proxy's added median / playerctld's: {proxy / reference:.2f} (goal: at most 0.6)")
