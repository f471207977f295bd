#if canImport(Glibc)
import Glibc
#endif

/// A service's log (mediaremoted's, mediaremote-inputd's): one line per event on stderr. Under systemd (JOURNAL_STREAM set) each
/// line carries journald's priority prefix (`<3>` error, `<4>` warning, `<6>` info, `<7>` debug),
/// so `journalctl -p` filters it; on a terminal it reads as plain text. Info and above by
/// default; debug with `--verbose` or `MEDIAREMOTE_LOG=debug`.
public enum Log {
    public enum Level: Int32, Sendable, CaseIterable {
        case error = 3
        case warning = 4
        case info = 6
        case debug = 7

        /// The level `MEDIAREMOTE_LOG` names (error, warning, info, debug), if it is one.
        public init?(name: String) {
            guard let level = Level.allCases.first(where: { "\($0)" == name.lowercased() }) else { return nil }
            self = level
        }
    }

    /// The least severe level written. Set once at start-up, before the loop runs.
    nonisolated(unsafe) public static var threshold = Level.info
    /// The program a line on a terminal is from. Set once at start-up, before the loop runs.
    nonisolated(unsafe) public static var program = "mediaremoted"

    private static let toJournal = Environment.value("JOURNAL_STREAM") != nil

    // The message is made only when its level is written: debug lines cost nothing on the
    // dispatch path unless asked for.
    public static func error(_ message: @autoclosure () -> String) { write(.error, message) }
    public static func warning(_ message: @autoclosure () -> String) { write(.warning, message) }
    public static func info(_ message: @autoclosure () -> String) { write(.info, message) }
    public static func debug(_ message: @autoclosure () -> String) { write(.debug, message) }

    public static func write(_ level: Level, _ makeMessage: () -> String) {
        guard level.rawValue <= threshold.rawValue else { return }
        let message = makeMessage()
        let line: String
        if toJournal {
            // Every line of a message carries the prefix: journald reads each line on its own.
            line = message.split(separator: "\n", omittingEmptySubsequences: false).map { "<\(level.rawValue)>\($0)\n" }.joined()
        } else {
            let label = switch level {
            case .error: "error: "
            case .warning: "warning: "
            case .info, .debug: ""
            }
            line = "\(program): \(label)\(message)\n"
        }
        // The whole message in one write(2), unbuffered: nothing waits in a buffer to be lost if
        // the process dies, and a message of several lines reaches journald (or a pipe) together.
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
