import ArgumentParser

/// mediaremotectl's exit statuses, from sysexits.h where one fits.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// The service answered with an error, or the event sent was discarded.
    case failure = 1
    /// A wrong argument (ArgumentParser's own validation status).
    case usage = 64
    /// The service is not running, or there is no session bus (EX_UNAVAILABLE).
    case unavailable = 69

    var exitCode: ExitCode { ExitCode(rawValue) }
}

/// A failure the client explains in one sentence, then exits with its status.
struct ClientError: Error, CustomStringConvertible {
    let description: String
    let status: ExitStatus
}
