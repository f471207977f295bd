// mediaremoted: parses its flags and runs the service; everything else lives in Bridge.
import Bridge
import Core

#if canImport(Glibc)
import Glibc
#endif

let usage = """
    Usage: mediaremoted [--mode compat|strict] [--call-timeout MS] [--ignore-player NAME]...
                        [--shake-action ACTION] [--no-mpris-proxy] [--read-keyboards] [--grab]
                        [--input-dir DIR] [--iio-dir DIR]
                        [--bus-introspect] [--version] [--help]

    The MediaRemote service: owns org.mediaremote.MediaRemote1 on the session bus and runs
    until SIGTERM or SIGINT. Normally started by systemd (systemctl --user start mediaremoted)
    or by D-Bus activation.

      --mode MODE       compat (default): every MPRIS player receives remote-control events;
                        strict: only apps that call BeginReceivingRemoteControlEvents do
      --call-timeout MS how long a player or responder has to answer before it counts as
                        declining (default 250)
      --ignore-player NAME
                        never treat this MPRIS name as a player (repeatable; our own proxy
                        and playerctld are always ignored)
      --shake-action ACTION
                        what a shake nobody handled does to the Now Playing player when it
                        ends: none (default), nextTrack, previousTrack, togglePlayPause, shuffle
      --no-mpris-proxy  do not export org.mpris.MediaPlayer2.mediaremote, the MPRIS player
                        that stands for Now Playing
      --read-keyboards  also read full keyboards' media keys (off by default: desktops already
                        act on them, and reading them twice would act twice)
      --grab            take the devices read for MediaRemote alone
      --input-dir DIR   where the input devices are (default /dev/input)
      --iio-dir DIR     where the IIO devices are (default /sys/bus/iio/devices)
      --bus-introspect  print the D-Bus interface XML and exit
      --version         print the version and exit
      --help            print this help and exit
    """

var options = Service.Options()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--mode":
        guard let value = arguments.popFirst(), let mode = Mode(rawValue: value) else {
            Log.error("--mode takes compat or strict")
            exit(2)
        }
        options.mode = mode
    case "--call-timeout":
        guard let value = arguments.popFirst(), let milliseconds = Int64(value), (1...60_000).contains(milliseconds) else {
            Log.error("--call-timeout takes a number of milliseconds from 1 to 60000")
            exit(2)
        }
        options.callTimeout = .milliseconds(milliseconds)
    case "--read-keyboards":
        options.input.readKeyboards = true
    case "--grab":
        options.input.grab = true
    case "--input-dir":
        guard let directory = arguments.popFirst() else {
            Log.error("--input-dir takes a directory")
            exit(2)
        }
        options.input.directory = directory
    case "--shake-action":
        guard let value = arguments.popFirst(), let action = ShakeAction(rawValue: value) else {
            Log.error("--shake-action takes one of \(ShakeAction.allCases.map(\.rawValue).joined(separator: ", "))")
            exit(2)
        }
        options.shakeAction = action
    case "--iio-dir":
        guard let directory = arguments.popFirst() else {
            Log.error("--iio-dir takes a directory")
            exit(2)
        }
        options.motion.iioDirectory = directory
    case "--no-mpris-proxy":
        options.mprisProxy = false
    case "--ignore-player":
        guard let name = arguments.popFirst(), name.hasPrefix("org.mpris.MediaPlayer2.") else {
            Log.error("--ignore-player takes an MPRIS bus name, e.g. org.mpris.MediaPlayer2.firefox")
            exit(2)
        }
        options.ignoredPlayers.insert(name)
    case "--bus-introspect":
        print(BridgeInterface.introspectionXML(), terminator: "")
        exit(0)
    case "--version":
        print("mediaremoted \(MediaRemoteVersion.current)")
        exit(0)
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        Log.error("unknown option '\(argument)'; see mediaremoted --help")
        exit(2)
    }
}

exit(runService(options: options))
