"""What following the audio server costs mediaremoted: its CPU time, wakeups and memory with a
real audio server connected (pipewire, wireplumber and pipewire-pulse on a private runtime
directory), idle and while 10 streams come and go, beside the same daemon with no server; and
its start with and without one, beside playerctld's in the same place.
"""
import os
import statistics
import subprocess
import tempfile
import time

CHURN_SECONDS = 10
STREAMS = 10


def cpu_ms(pid):
    """The process's user and system time so far, in milliseconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    return ticks * 1000 / os.sysconf("SC_CLK_TCK")


def audio_server(directory, environment):
    """Starts the three on `directory` and makes a null sink; returns (processes, environment)."""
    environment = dict(environment, XDG_RUNTIME_DIR=directory, PIPEWIRE_RUNTIME_DIR=directory,
                       PULSE_RUNTIME_PATH=os.path.join(directory, "pulse"), XDG_STATE_HOME=os.path.join(directory, "state"))
    processes = []
    for name in ["pipewire", "wireplumber", "pipewire-pulse"]:
        processes.append(subprocess.Popen([name], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        time.sleep(0.5)
    for _ in range(100):
        if subprocess.run(["pactl", "info"], env=environment, capture_output=True).returncode == 0:
            break
        time.sleep(0.1)
    subprocess.run(["pw-cli", "create-node", "adapter", "{ factory.name=support.null-audio-sink node.name=speakers "
                    "media.class=Audio/Sink object.linger=true audio.position=[FL FR] }"],
                   env=environment, capture_output=True)
    return processes, environment


def churn(environment, tone, seconds):
    """Keeps `STREAMS` short streams playing, each replaced as it ends, for `seconds`; returns how
    many streams came and went."""
    started = 0
    players = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        players = [p for p in players if p.poll() is None]
        while len(players) < STREAMS:
            players.append(subprocess.Popen(["paplay", tone], env=environment, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL))
            started += 1
        time.sleep(0.05)
    for p in players:
        p.wait()
    return started


def measure(bin_dir, environment, start_and_wait_for_name, stop, context_switches, memory_kib, bus, runs):
    """Rows: the daemon without a server, with one idle, and with streams coming and going; and
    its starts without and with a server."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="mediaremote-audio-bench-") as directory:
        os.chmod(directory, 0o700)
        tone = os.path.join(directory, "tone.wav")
        subprocess.run(["sox", "-n", "-r", "48000", "-c", "2", tone, "synth", "0.5", "sine", "440"], check=True)
        command = [os.path.join(bin_dir, "mediaremoted")]
        name = "org.mediaremote.MediaRemote1"

        # No server: the runtime directory holds none.
        quiet = dict(environment, XDG_RUNTIME_DIR=directory, PULSE_RUNTIME_PATH=os.path.join(directory, "none"))
        starts = [start_row("no audio server", command, name, quiet, start_and_wait_for_name, stop, bus, runs)]
        process, _ = start_and_wait_for_name(command, name, quiet, bus)
        time.sleep(1)
        rows.append(idle_row("no audio server", process, context_switches, memory_kib))
        stop(process)

        runtime = os.path.join(directory, "run")
        os.makedirs(runtime, mode=0o700)
        servers, audio = audio_server(runtime, environment)
        try:
            starts.append(start_row("audio server", command, name, audio, start_and_wait_for_name, stop, bus, runs))
            process, _ = start_and_wait_for_name(command, name, audio, bus)
            time.sleep(1)
            rows.append(idle_row("audio server, idle", process, context_switches, memory_kib))
            before_cpu, before_switches = cpu_ms(process.pid), context_switches(process.pid)
            pulse_before = cpu_ms(servers[2].pid)
            streams = churn(audio, tone, CHURN_SECONDS)
            rss, dirty = memory_kib(process.pid)
            rows.append({"label": f"{streams} streams came and went", "wakeups": context_switches(process.pid) - before_switches,
                         "cpu": cpu_ms(process.pid) - before_cpu, "rss": rss, "dirty": dirty,
                         "reference": cpu_ms(servers[2].pid) - pulse_before})
            stop(process)
        finally:
            for server in reversed(servers):
                server.terminate()
                server.wait()
    return rows, starts


def start_row(label, command, name, environment, start_and_wait_for_name, stop, bus, runs):
    """Medians of `runs` starts of the daemon, to its name owned and to ready (its first word on
    the audio server in the log: connected, or why not; the picture Now Playing is decided on),
    each followed by a start of playerctld to its name in the same environment."""
    to_name, to_ready, reference = [], [], []
    # The line is said at info: a MEDIAREMOTE_LOG of warning in the caller's environment would hide it.
    environment = dict(environment, MEDIAREMOTE_LOG="info")
    for _ in range(runs):
        process, seconds, ready = start_and_wait_for_name(command, name, environment, bus, ready_line="audio server:")
        to_name.append(seconds)
        to_ready.append(ready)
        stop(process)
        process, seconds = start_and_wait_for_name(["playerctld"], "org.mpris.MediaPlayer2.playerctld", environment, bus)
        reference.append(seconds)
        stop(process)
    return {"label": label, "name": statistics.median(to_name) * 1000, "ready": statistics.median(to_ready) * 1000,
            "reference": statistics.median(reference) * 1000}


def idle_row(label, process, context_switches, memory_kib):
    before_cpu, before_switches = cpu_ms(process.pid), context_switches(process.pid)
    time.sleep(CHURN_SECONDS)
    rss, dirty = memory_kib(process.pid)
    return {"label": label, "wakeups": context_switches(process.pid) - before_switches,
            "cpu": cpu_ms(process.pid) - before_cpu, "rss": rss, "dirty": dirty, "reference": None}


def report_starts(starts, runs):
    print(f"{'start (ms, median of ' + str(runs) + ')':<34} {'to name':>8} {'to ready':>9} {'playerctld to name':>19} {'ratio':>6}")
    for row in starts:
        print(f"{'mediaremoted, ' + row['label']:<34} {row['name']:>8.1f} {row['ready']:>9.1f} {row['reference']:>19.1f} "
              f"{row['name'] / row['reference']:>6.2f}")
    print("ready: its first word on the audio server in the log (connected, or why not); each start followed by "
          "playerctld's in the same place. Goal: to name no later than playerctld.")


def report(rows):
    print(f"{'mediaremoted, ' + str(CHURN_SECONDS) + ' s':<34} {'wakeups':>8} {'CPU (ms)':>9} {'RSS (KiB)':>10} "
          f"{'private dirty':>14} {'pipewire-pulse CPU (ms)':>24}")
    for row in rows:
        reference = "" if row["reference"] is None else f"{row['reference']:.0f}"
        print(f"{row['label']:<34} {row['wakeups']:>8} {row['cpu']:>9.0f} {row['rss']:>10} {row['dirty']:>14} {reference:>24}")
    print(f"each stream a {STREAMS}-at-a-time paplay of 0.5 s to a null sink; pipewire-pulse's CPU is the reference "
          "(the server's own cost of the same streams).")
