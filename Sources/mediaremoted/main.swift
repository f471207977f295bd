// mediaremoted: parses its flags and runs the service; everything else lives in Bridge.
import Bridge

#if canImport(Glibc)
import Glibc
#endif

let usage = """
    Usage: mediaremoted [--bus-introspect] [--version] [--help]

    The MediaRemote service: owns org.mediaremote.MediaRemote1 on the session bus and runs
    until SIGTERM or SIGINT. Normally started by systemd (systemctl --user start mediaremoted)
    or by D-Bus activation.

      --bus-introspect  print the D-Bus interface XML and exit
      --version         print the version and exit
      --help            print this help and exit
    """

for argument in CommandLine.arguments.dropFirst() {
    switch argument {
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

exit(runService())
