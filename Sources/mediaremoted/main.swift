// mediaremoted: parses its flags and runs the service; everything else lives in Bridge. The
// flags that stand for keys of the file (--mode, --ignore-player…) are declared with their keys
// (Configuration.flagged); those below are the daemon's own.
import Bridge
import Config
import Core
import DBusTypes
import Input
import MediaRemoteAPI
import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

// The defaults it names are the options' own, not copies (a test holds the manual to them).
let defaults = Service.Options()

/// The example configuration beside this installation (PREFIX/bin/mediaremoted, so
/// PREFIX/share/doc/mediaremote/config.example.toml) when it is there; else where to look.
func exampleConfiguration() -> String {
    var target = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &target, target.count - 1)
    if count > 0 {
        let executable = String(decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let bin = executable.lastIndex(of: "/"), let prefix = executable[..<bin].lastIndex(of: "/") {
            let path = String(executable[..<prefix]) + "/share/doc/mediaremote/config.example.toml"
            if access(path, R_OK) == 0 { return path }
        }
    }
    return "share/doc/mediaremote/config.example.toml under the installation's\nprefix (/usr/local, or /usr from a package)"
}

// Under 80 columns, each line ending where a phrase does (a terminal wraps whatever is
// wider, mid-word); a test checks the width and that the descriptions share one column.
/// The help, made when asked for: it looks for the example configuration on the disk.
func usage() -> String {
    """
    Usage: mediaremoted [--config FILE] [--verbose]
                        [--mode compat|strict] [--call-timeout MS]
                        [--ignore-player NAME]... [--shake-action ACTION]
                        [--mpris-proxy | --no-mpris-proxy] [--read-keyboards]
                        [--input-dir DIR] [--iio-dir DIR]
           mediaremoted --bus-introspect | --version | --help

    The MediaRemote service: it owns org.mediaremote.MediaRemote1
    on the session bus and runs until SIGTERM or SIGINT.
    It is normally started by systemd (systemctl --user enable --now
    mediaremoted) or by D-Bus activation.

    Reads ~/.config/mediaremote/config.toml ($XDG_CONFIG_HOME) if it exists,
    and again on SIGHUP or `mediaremotectl reload`.
    With a broken file it refuses to start; flags win over the file.
    Media devices (headsets, Bluetooth AVRCP, consumer controls) are read,
    and taken over where /dev/uinput is writable: their media keys are
    MediaRemote's alone, every other key passes on to the desktop through
    a clone (mediaremotectl devices shows how each device is read).
    Every setting, its default and what it accepts:
    \(exampleConfiguration()).
    The manual: mediaremoted(1).

      --config FILE       read this configuration file instead (it must exist)
      -v, --verbose       log details too, as MEDIAREMOTE_LOG=debug does
                          (the levels are error, warning, info, debug)
      --mode MODE         compat (default): every MPRIS player receives
                          remote-control events; strict: only apps that call
                          BeginReceivingRemoteControlEvents receive them
      --call-timeout MS   how long a player or responder has to answer; one
                          that does not may still act, so the event goes to
                          nobody else (default \(Int(defaults.callTimeout / .milliseconds(1))))
      --ignore-player NAME
                          never treat this player as one, named vlc or
                          org.mpris.MediaPlayer2.vlc; repeatable, added to
                          the file's ignore list (our own proxy and
                          playerctld are always ignored)
      --shake-action ACTION
                          what a shake nobody handled does to the Now Playing
                          player when it ends: none (default), nextTrack,
                          previousTrack, togglePlayPause or shuffle; an action
                          keeps the accelerometers open
      --mpris-proxy       export org.mpris.MediaPlayer2.mediaremote, an MPRIS
                          player standing for Now Playing, for playerctl and
                          status bars; off by default, as desktops would
                          show each player twice
      --no-mpris-proxy    do not export it; the later of the two wins
      --read-keyboards    also take over full keyboards' media keys (their
                          other keys pass on to the desktop); needs
                          /dev/uinput, and the input group to read them
                          (without it, mediaremote-inputd reads them, if
                          enabled: sudo systemctl enable --now mediaremote-inputd)
      --input-dir DIR     where the input devices are (default \(defaults.input.directory))
      --iio-dir DIR       where the IIO devices are (default \(defaults.motion.iioDirectory))
      --bus-introspect    print the D-Bus interface XML and exit
      --version           print the version and exit
      -h, --help          print this help and exit

    Exit status: 0 after SIGTERM or SIGINT; 2 for a wrong flag;
    1 when it cannot start or loses the bus (systemd then restarts it).
    """
}

func refuse(_ message: String) -> Never {
    Log.error(message)
    exit(2)
}

if let name = Environment.value("MEDIAREMOTE_LOG"), !name.isEmpty {
    guard let level = Log.Level(name: name) else { refuse("MEDIAREMOTE_LOG takes error, warning, info or debug, not '\(Quote.text(name))'") }
    Log.threshold = level
}

var settings = Settings()
var arguments = CommandLine.arguments.dropFirst()
@MainActor func value(for flag: String, _ what: String) -> String {
    guard let value = arguments.popFirst() else { refuse("\(flag) takes \(what)") }
    return value
}
while let argument = arguments.popFirst() {
    switch argument {
    case "--config":
        // From the root: the service names the file it reads to clients in other directories.
        settings.configurationPath = FilePaths.absolute(value(for: argument, "a file"))
        settings.configurationPathGiven = true
    case "--verbose", "-v":
        Log.threshold = .debug
    case "--grab":
        // A flag of an older MediaRemote: what changed, not "unknown".
        refuse("--grab is gone: every device MediaRemote reads is taken over whenever /dev/uinput is writable")
    case "--input-dir":
        settings.inputDirectory = value(for: argument, "a directory")
    case "--iio-dir":
        settings.iioDirectory = value(for: argument, "a directory")
    case "--bus-introspect":
        print(BridgeInterface.introspectionXML(), terminator: "")
        exit(0)
    case "--version":
        print("mediaremoted \(MediaRemoteVersion.current)")
        exit(0)
    case "--help", "-h":
        print(usage())
        exit(0)
    default:
        // A flag that stands for a key of the file: its declaration reads it, as the file's.
        switch Configuration.change(forFlag: argument, next: { arguments.popFirst() }) {
        case .success(let change)?: settings.overrides.append(change)
        case .failure(let refusal)?: refuse(refusal.text)
        case nil: refuse("unknown option '\(Quote.text(argument))'; see mediaremoted --help")
        }
    }
}

exit(runService(settings: settings))
