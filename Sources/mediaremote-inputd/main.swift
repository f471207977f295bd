// mediaremote-inputd: parses its few flags and runs the system service (InputService).
import DBusTypes
import InputService
import MediaRemoteAPI
import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

let usage = """
    Usage: mediaremote-inputd [--bus ADDRESS] [--input-dir DIR] [--uinput PATH]
                              [--logind-dir DIR] [--verbose]
           mediaremote-inputd --bus-introspect | --version | --help

    MediaRemote's optional system service: it reads keyboards' media keys
    for the person at the seat, so that nobody has to be given the keyboard.
    It owns org.mediaremote.Input1 on the system bus and opens nothing until
    the seat's active session claims the keys (its mediaremoted does); then
    it takes each keyboard over, sends that session only the media keys, and
    passes everything else on to the desktop through a clone of the keyboard.
    Started by systemd: \(InputServiceNames.enableCommand)

      --bus ADDRESS      a bus at this address instead of the system bus
      --input-dir DIR    the input devices' folder (default /dev/input)
      --uinput PATH      where clones are made (default /dev/uinput)
      --logind-dir DIR   logind's files for sd-login (default /run/systemd)
      -v, --verbose      log details too
      --bus-introspect   print the D-Bus interface and exit
      --version          print the version and exit
      -h, --help         print this and exit

    """

/// Says what is wrong with the flags, and where the help is: the program lives in libexec, off
/// the PATH, so it is named as it was started.
func fail(_ message: String) -> Never {
    Log.error(message + "; see \(CommandLine.arguments.first ?? "mediaremote-inputd") --help")
    exit(2)
}

/// The options the flags give; exits for --help, --version, --bus-introspect and a bad flag.
func parse(_ flags: ArraySlice<String>) -> InputDaemon.Options {
    var options = InputDaemon.Options()
    var flags = flags
    /// The value after a flag that takes one.
    func value(of flag: String) -> String {
        guard let value = flags.popFirst(), !value.isEmpty else { fail("\(flag) needs a value") }
        return value
    }
    while let flag = flags.popFirst() {
        switch flag {
        case "--bus": options.busAddress = value(of: flag)
        case "--input-dir": options.inputDirectory = value(of: flag)
        case "--uinput": options.uinput = value(of: flag)
        case "--logind-dir": options.logindRoot = value(of: flag)
        case "-v", "--verbose": Log.threshold = .debug
        case "--bus-introspect":
            print(InputInterface.introspectionXML(), terminator: "")
            exit(0)
        case "--version":
            print("mediaremote-inputd \(MediaRemoteVersion.current)")
            exit(0)
        case "-h", "--help":
            print(usage, terminator: "")
            exit(0)
        default: fail("unknown option '\(Quote.text(flag))'")
        }
    }
    return options
}

Log.program = "mediaremote-inputd"
let options = parse(CommandLine.arguments.dropFirst())
exit(runInputService(options: options))
