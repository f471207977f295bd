import Bridge
import DBus
import DBusTypes
import Foundation
import Loop
import MediaRemoteAPI
import TestSupport

/// mediaremoted running on a private bus, with a client connection that records every
/// `EventDispatched` and can call the bridge.
final class ServiceFixture {
    let bus: PrivateBus
    /// The real audio server the daemon and the players find, when asked for.
    let audio: PrivateAudioServer?
    private(set) var daemon: Subprocess
    private let arguments: [String]
    private let outputFile: String?
    let loop: EventLoop
    let client: Connection
    private(set) var dispatched: [EventDispatched] = []
    /// Why each `EventDispatched` the contract could not read was refused.
    private(set) var unreadable: [String] = []
    private var subscription: SignalSubscription?
    private var children: [Subprocess] = []

    /// `configuration`: the text of the config.toml the daemon finds (none by default).
    /// `before`: runs on the bus before the daemon starts (to leave a state file for it).
    /// `logToFile`: the daemon's output goes to ``logFile`` (for long runs) instead of a pipe.
    /// `audioServer`: a real one (``PrivateAudioServer``) for the daemon and the players.
    /// `stateHome`: the state folder's parent, when it is another fixture's (one person's two buses).
    /// `environment`: variables the daemon and the children get beside the bus's (a display).
    init(
        arguments: [String] = [], configuration: String? = nil, logToFile: Bool = false, audioServer: Bool = false,
        stateHome: URL? = nil, environment extra: [String: String] = [:], before: (PrivateBus) throws -> Void = { _ in }
    ) throws {
        bus = try PrivateBus(stateHome: stateHome)
        self.extraEnvironment = extra
        audio = audioServer ? try PrivateAudioServer(bus: bus.environment) : nil
        if let configuration { try bus.writeConfiguration(configuration) }
        try before(bus)
        self.arguments = arguments
        outputFile = logToFile ? bus.directory.appendingPathComponent("mediaremoted.log").path : nil
        daemon = Subprocess(DaemonTests.daemon, arguments, environment: (audio?.environment ?? bus.environment).merging(extra) { $1 }, outputFile: outputFile)
        try daemon.start()
        loop = try EventLoop()
        client = try bus.connect(loop: loop)
        let events = MatchRule(interface: MediaRemoteNames.interface, member: MediaRemoteMembers.eventDispatched.name)
        subscription = client.subscribe(events) { [unowned self] message in
            do throws(DBusError) {
                self.dispatched.append(try EventDispatched(arguments: message.arguments))
            } catch {
                self.unreadable.append(error.message)
            }
        }
        guard wait(timeout: .seconds(20), for: { (try? self.client.listNames().contains(MediaRemoteNames.busName)) == true }) else {
            throw TestFailure("mediaremoted did not start: \(daemon.stop().stderr)")
        }
    }

    /// Stops the daemon with `signal` and starts another on the same bus, with the same
    /// arguments and state directory, as systemd restarts the unit; waits until it owns its name
    /// again (its players found: ``settled``). The first daemon's output.
    /// `meanwhile` runs while no mediaremoted is on the bus.
    @discardableResult
    func restart(signal: Int32 = SIGTERM, meanwhile: () -> Void = {}) throws -> ProcessResult {
        let stopped = daemon.stop(signal: signal)
        wait { (try? self.client.listNames().contains(MediaRemoteNames.busName)) != true }
        meanwhile()
        daemon = Subprocess(DaemonTests.daemon, arguments, environment: environment, outputFile: outputFile)
        try daemon.start()
        guard wait(timeout: .seconds(20), for: { (try? self.client.listNames().contains(MediaRemoteNames.busName)) == true }) else {
            throw TestFailure("mediaremoted did not start again: \(daemon.stop().stderr)")
        }
        return stopped
    }

    /// The environment of the daemon and the children: the bus's, the audio server's if any,
    /// and what the test added.
    var environment: [String: String] { (audio?.environment ?? bus.environment).merging(extraEnvironment) { $1 } }
    private let extraEnvironment: [String: String]

    /// Where the daemon's output goes when the fixture was made with `logToFile`.
    var logFile: URL { bus.directory.appendingPathComponent("mediaremoted.log") }

    deinit {
        subscription?.cancel()
        for child in children { _ = child.stop(signal: SIGKILL) }
        _ = daemon.stop()
    }

    /// Starts a child process on this bus that lives as long as the fixture.
    func spawn(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> Subprocess {
        let child = Subprocess(executable, arguments, environment: environment.merging(extra) { $1 })
        try child.start()
        children.append(child)
        return child
    }

    /// Runs the client's loop until `condition` holds, checking it every 20 ms.
    @discardableResult
    func wait(timeout: Duration = .seconds(10), for condition: () -> Bool) -> Bool {
        let poll = try? loop.schedule(after: .milliseconds(20), repeating: .milliseconds(20)) {}
        defer { poll?.cancel() }
        return loop.run(until: condition, timeout: timeout)
    }

    /// Calls a method and runs the loop until it answers, so objects the test exports on this
    /// loop (players of its own) can answer what the service asks them meanwhile.
    func call(
        _ destination: BusName, _ path: ObjectPath, _ interface: InterfaceName, _ member: MemberName, _ arguments: [Value] = [],
        timeout: Duration = .seconds(10)
    ) -> Result<Message, DBusError> {
        var result: Result<Message, DBusError>?
        client.call(destination: destination, path: path, interface: interface, member: member, arguments: arguments) { result = $0 }
        wait(timeout: timeout) { result != nil }
        return result ?? .failure(.failed("no answer"))
    }

    /// Calls a method of the bridge and runs the loop until it answers.
    func callBridge(
        _ member: MemberName, _ arguments: [Value] = [], interface: InterfaceName = MediaRemoteNames.interface, timeout: Duration = .seconds(10)
    ) -> Result<Message, DBusError> {
        call(MediaRemoteNames.busName, MediaRemoteNames.objectPath, interface, member, arguments, timeout: timeout)
    }

    /// `SendRemoteControlEvent`: (handled, bus name, path), or the error's name.
    func send(_ subtype: String, timeout: Duration = .seconds(10)) -> String {
        switch callBridge(MediaRemoteMembers.sendRemoteControlEvent.name, [.string(subtype)], timeout: timeout) {
        case .success(let reply):
            do throws(DBusError) {
                return try SendRemoteControlEventReply(arguments: reply.arguments).handledBy?.description ?? "discarded"
            } catch {
                return "unreadable reply: \(error.message)"
            }
        case .failure(let error):
            return error.name.rawValue
        }
    }

    /// `DescribeState`, read as the contract says.
    func describeState() throws -> DescribeStateReply {
        try DescribeStateReply(arguments: callBridge(MediaRemoteMembers.describeState.name).get().arguments)
    }

    /// `DescribePlayers`, read as the contract says.
    func describePlayers() throws -> [DescribePlayersReply.Player] {
        try DescribePlayersReply(arguments: callBridge(MediaRemoteMembers.describePlayers.name).get().arguments).players
    }

    func property(_ name: MemberName) -> Value? {
        let arguments: [Value] = [.string(MediaRemoteNames.interface.rawValue), .string(name.rawValue)]
        guard case .success(let reply) = callBridge("Get", arguments, interface: .properties) else { return nil }
        return reply.arguments.first?.unwrapped
    }

    var nowPlaying: String? { property(MediaRemoteMembers.nowPlaying.name).flatMap { try? String(dbusValue: $0) } }

    /// The Players property as "name status receiving" lines; none while it cannot be read.
    var players: [String] {
        guard let value = property(MediaRemoteMembers.players.name),
            let players = try? [MediaRemoteProperties.Player](dbusValue: value)
        else { return [] }
        return players.map { "\($0.name) \($0.status) \($0.receiving)" }
    }
}
