import ArgumentParser
import Config
import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

/// mediaremotectl's exit statuses, from sysexits.h where one fits. The top-level help lists
/// them (``MediaRemoteCommand``); a script can tell "the service said no" (1) from "I typed it
/// wrong" (64), "the file is broken" (65) or missing (66), and "nobody is there" (69).
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// The service answered with an error, or the event sent was discarded.
    case failure = 1
    /// A wrong argument (EX_USAGE, ArgumentParser's own validation status).
    case usage = 64
    /// A file that was read but is malformed: a configuration with problems, a bad recording (EX_DATAERR).
    case dataError = 65
    /// A file that cannot be read: missing, unreadable, a directory (EX_NOINPUT).
    case noInput = 66
    /// The service is not running, or there is no session bus (EX_UNAVAILABLE).
    case unavailable = 69

    var exitCode: ExitCode { ExitCode(rawValue) }
}

/// A failure the client explains in one sentence, then exits with its status. Thrown, never
/// printed where it happens: ``MediaRemoteCommand/main()`` prints every error the same way.
struct ClientError: Error, CustomStringConvertible {
    let description: String
    let status: ExitStatus
}

extension TextFile.Failure {
    /// Text that is not UTF-8 or too large was read, and is malformed; anything else could not
    /// be read at all.
    var exitStatus: ExitStatus { code == EILSEQ || code == EFBIG ? .dataError : .noInput }
}
