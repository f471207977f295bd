import Foundation

/// What a finished child process left: its exit status and its output.
public struct ProcessResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
}

/// A child process of a test, started with posix_spawn and a clean signal mask.
///
/// Foundation's `Process` is not used: test threads run with every signal blocked, a child
/// inherits that mask, and a `dbus-daemon` started so never dies of SIGTERM.
public final class Subprocess: @unchecked Sendable {
    public private(set) var pid: pid_t = 0
    private let executable: String
    private let arguments: [String]
    private let environment: [String: String]?
    /// Where standard output and error go instead of pipes: for a long run, whose output
    /// would fill a pipe nobody reads until it ends (and then block the process).
    private let outputFile: String?
    private var stdoutFD: Int32 = -1
    private var stderrFD: Int32 = -1
    private var stdinFD: Int32 = -1
    private var stdout = Data()
    private var stderr = Data()
    private var status: Int32?

    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, outputFile: String? = nil) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.outputFile = outputFile
    }

    deinit {
        if status == nil, pid > 0 { _ = stop(signal: SIGKILL) }
    }

    public func start() throws {
        // A write to a child that has gone must fail with EPIPE, not end the test run.
        signal(SIGPIPE, SIG_IGN)
        var out: [Int32] = [0, 0]
        var err: [Int32] = [0, 0]
        var input: [Int32] = [0, 0]
        guard pipe(&out) == 0, pipe(&err) == 0, pipe(&input) == 0 else { throw TestFailure("pipe failed") }
        // Close-on-exec (the child's copies, made by dup2 below, are not): tests run in parallel,
        // and a child another test spawns must not inherit these ends — a write end held by a
        // stranger never reads as closed. (Glibc's module lacks pipe2; the window is tiny.)
        for fd in out + err + input { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        if let outputFile {
            posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_adddup2(&actions, out[1], 1)
            posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        }
        for fd in out + err + input { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            env.forEach { free($0) }
        }
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, env)
        close(out[1])
        close(err[1])
        close(input[0])
        stdinFD = input[1]
        stdoutFD = out[0]
        stderrFD = err[0]
        guard result == 0 else {
            close(out[0])
            close(err[0])
            close(input[1])
            throw TestFailure("cannot start \(executable): \(String(cString: strerror(result)))")
        }
    }

    /// Writes a line to the process's standard input (which stays open until it ends).
    public func writeLine(_ line: String) {
        var bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { write(stdinFD, $0.baseAddress, $0.count) }
    }

    /// Reads one line of standard output, waiting at most `timeout`; nil at its end.
    public func readLine(timeout: Duration = .seconds(10)) -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let newline = stdout.firstIndex(of: UInt8(ascii: "\n")) {
                let line = stdout[stdout.startIndex..<newline]
                stdout.removeSubrange(stdout.startIndex...newline)
                return String(decoding: line, as: UTF8.self)
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero, pump(timeoutMilliseconds: Int32(left.components.seconds * 1000 + 1)) else { return nil }
        }
    }

    /// Reads whatever is ready on stdout and stderr; false when both are closed or time ran out.
    @discardableResult
    private func pump(timeoutMilliseconds: Int32) -> Bool {
        var fds = [pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0), pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)]
        guard stdoutFD >= 0 || stderrFD >= 0 else { return false }
        guard poll(&fds, 2, timeoutMilliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        for (index, entry) in fds.enumerated() where entry.revents != 0 {
            let count = read(entry.fd, &buffer, buffer.count)
            if count > 0 {
                if index == 0 { stdout.append(contentsOf: buffer[0..<count]) } else { stderr.append(contentsOf: buffer[0..<count]) }
            } else {
                close(entry.fd)
                if index == 0 { stdoutFD = -1 } else { stderrFD = -1 }
            }
        }
        return true
    }

    /// Sends `signal` and waits for the process to end.
    public func stop(signal: Int32 = SIGTERM) -> ProcessResult {
        if status == nil { kill(pid, signal) }
        return wait()
    }

    /// Waits for the process to end on its own and collects its output.
    public func wait() -> ProcessResult {
        if stdinFD >= 0 {
            close(stdinFD)
            stdinFD = -1
        }
        while stdoutFD >= 0 || stderrFD >= 0 {
            pump(timeoutMilliseconds: -1)
        }
        if status == nil {
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            // Exit status, or 128 + the signal that ended it, as a shell reports it.
            status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        }
        return ProcessResult(
            status: status ?? -1, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// True while the process has not been reaped and has not exited.
    public var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid {
            status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
            return false
        }
        return true
    }

    /// Runs a command to completion.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> ProcessResult
    {
        let child = Subprocess(executable, arguments, environment: environment)
        try child.start()
        return child.wait()
    }
}

/// Where `swift build` put this package's executables: beside the test bundle.
public enum BuiltProducts {
    public static var directory: URL {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("mediaremoted").path) {
            url.deleteLastPathComponent()
        }
        return url
    }

    public static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The repository's root (for the files in dbus/ and systemd/).
    public static var repositoryRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }
}
