import Foundation

/// A real audio server of the test's own: Debian's pipewire, wireplumber and pipewire-pulse on a
/// private runtime directory (and the given session bus), with null sinks the test makes
/// ("speakers", "headset") as outputs. Stopped when released.
public final class PrivateAudioServer: @unchecked Sendable {
    public let directory: URL
    private let busEnvironment: [String: String]
    private var processes: [String: Subprocess] = [:]

    /// Starts the three on `bus`'s environment, and makes `sinks` (the first is the default).
    public init(bus: [String: String], sinks: [String] = ["speakers", "headset"]) throws {
        directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("mediaremote-audio-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("state"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        // pipewire-pulse makes its folder only if a stat finds none, and fails ("mkdir() …/pulse
        // failed: File exists") when a client looking for it (the readiness check's pactl)
        // makes it between the two: made here first, as the server would (0700).
        let pulse = directory.appendingPathComponent("pulse")
        try FileManager.default.createDirectory(at: pulse, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        busEnvironment = bus
        try start()
        for sink in sinks { try makeSink(sink) }
        try waitFor("sinks \(sinks)") { Set(try self.pactl(["list", "short", "sinks"]).split(separator: "\n").compactMap { $0.split(separator: "\t").dropFirst().first.map(String.init) }).isSuperset(of: sinks) }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The environment under which a client (the daemon, a player, pactl) finds this server.
    public var environment: [String: String] {
        var environment = busEnvironment
        environment["XDG_RUNTIME_DIR"] = directory.path
        environment["PIPEWIRE_RUNTIME_DIR"] = directory.path
        environment["PULSE_RUNTIME_PATH"] = directory.appendingPathComponent("pulse").path
        // wireplumber remembers streams' volumes and routes here: each test starts afresh.
        environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        environment.removeValue(forKey: "PULSE_SERVER")
        return environment
    }

    /// Starts the server (again, after ``stop()``), and waits until pipewire-pulse answers.
    public func start() throws {
        // A server killed leaves its sockets: the next must not be taken for up before it listens.
        for stale in ["pipewire-0", "pipewire-0.lock", "pulse/native", "pulse/pid"] {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(stale))
        }
        for name in ["pipewire", "wireplumber", "pipewire-pulse"] {
            let process = Subprocess("/usr/bin/\(name)", [], environment: environment, outputFile: directory.appendingPathComponent("\(name).log").path)
            try process.start()
            processes[name] = process
            if name == "pipewire" {
                try waitFor("pipewire answering") { (try? Subprocess.run("/usr/bin/pw-cli", ["info", "0"], environment: self.environment))?.status == 0 }
            }
        }
        try waitFor("pipewire-pulse") { (try? self.pactl(["info"])) != nil }
    }

    /// Stops all three (SIGKILL with `kill`: a server that dies).
    public func stop(kill: Bool = false) {
        for name in ["pipewire-pulse", "wireplumber", "pipewire"] {
            _ = processes[name]?.stop(signal: kill ? SIGKILL : SIGTERM)
        }
        processes = [:]
    }

    /// Makes a null sink named `name`: an output that plays to nothing, as a headset would.
    public func makeSink(_ name: String) throws {
        let properties = "{ factory.name=support.null-audio-sink node.name=\(name) node.description=\(name) media.class=Audio/Sink object.linger=true audio.position=[FL FR] }"
        let result = try Subprocess.run("/usr/bin/pw-cli", ["create-node", "adapter", properties], environment: environment)
        guard result.status == 0 else { throw TestFailure("pw-cli create-node \(name): \(result.stderr)") }
    }

    /// Removes the sink named `name`, as a headset unplugged does.
    public func removeSink(_ name: String) throws {
        let id = try pwObjectID(named: name)
        let result = try Subprocess.run("/usr/bin/pw-cli", ["destroy", id], environment: environment)
        guard result.status == 0 else { throw TestFailure("pw-cli destroy \(name): \(result.stderr)") }
    }

    /// pactl's output, or an error with its message.
    @discardableResult
    public func pactl(_ arguments: [String]) throws -> String {
        let result = try Subprocess.run("/usr/bin/pactl", arguments, environment: environment)
        guard result.status == 0 else { throw TestFailure("pactl \(arguments.joined(separator: " ")): \(result.stderr)") }
        return result.stdout
    }

    private func pwObjectID(named name: String) throws -> String {
        let result = try Subprocess.run("/usr/bin/pw-cli", ["ls", "Node"], environment: environment)
        var id: String?
        for line in result.stdout.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("id ") { id = trimmed.split(separator: " ")[1].trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
            if trimmed == "node.name = \"\(name)\"", let id { return id }
        }
        throw TestFailure("no PipeWire node named \(name)")
    }

    /// Waits for `what`; a machine busy with the other tests running beside this one (several
    /// servers, a browser, the players) can take its time. The logs' ends are in the failure:
    /// the directory goes with this object.
    private func waitFor(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if (try? condition()) == true { return }
            usleep(50_000)
        }
        let logs = ["pipewire", "wireplumber", "pipewire-pulse"].map { name in
            let text = (try? String(contentsOf: directory.appendingPathComponent("\(name).log"), encoding: .utf8)) ?? ""
            return "\(name): " + text.split(separator: "\n").suffix(5).joined(separator: " | ")
        }
        throw TestFailure("the audio server: no \(what) after 60 s; \(logs.joined(separator: "; "))")
    }
}
