import DBus
import DBusTypes
import Glibc
import Loop
import TestSupport

/// Two connections on one private bus and one loop: `server` exports the echo object,
/// `client` calls it. Both run on the same loop, as a daemon's connections would.
final class BusFixture {
    let bus: PrivateBus
    let loop: EventLoop
    let server: Connection
    let client: Connection
    let state: EchoObject.State

    init() throws {
        bus = try PrivateBus()
        loop = try EventLoop()
        server = try bus.connect(loop: loop)
        client = try bus.connect(loop: loop)
        state = EchoObject.State(loop: loop)
        try server.export([EchoObject.interface(state: state)], at: EchoObject.path)
    }

    /// Calls the echo object from the client and runs the loop until the answer comes.
    func call(
        _ member: MemberName,
        _ arguments: [Value] = [],
        interface: InterfaceName? = EchoObject.interface,
        path: ObjectPath = EchoObject.path,
        timeout: Duration = .seconds(5)
    ) -> Result<Message, DBusError> {
        var result: Result<Message, DBusError>?
        client.call(
            .methodCall(destination: server.uniqueName, path: path, interface: interface, member: member, arguments: arguments),
            timeout: timeout
        ) { result = $0 }
        loop.run(until: { result != nil }, timeout: timeout + .seconds(5))
        return result ?? .failure(.failed("the test loop gave up waiting"))
    }

    /// The reply's arguments, or the error's name.
    func answer(_ member: MemberName, _ arguments: [Value] = [], interface: InterfaceName? = EchoObject.interface,
                path: ObjectPath = EchoObject.path) -> Answer {
        switch call(member, arguments, interface: interface, path: path) {
        case .success(let reply): .values(reply.arguments)
        case .failure(let error): .error(error.name)
        }
    }

    enum Answer: Equatable {
        case values([Value])
        case error(ErrorName)
    }
}

extension BusFixture {
    /// Runs the loop (so the echo object answers) until `child` exits, then collects its output.
    func serve(while child: Subprocess, timeout: Duration = .seconds(30)) -> ProcessResult {
        let poll = try? loop.schedule(after: .milliseconds(5), repeating: .milliseconds(5)) {}
        loop.run(until: { !child.isRunning }, timeout: timeout)
        poll?.cancel()
        return child.isRunning ? child.stop(signal: SIGKILL) : child.wait()
    }

    /// Runs a peer process against this bus while serving the echo object.
    func runPeer(_ executable: String, _ arguments: [String]) throws -> ProcessResult {
        let child = Subprocess(executable, arguments, environment: bus.environment)
        try child.start()
        return serve(while: child)
    }
}
