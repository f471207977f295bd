import ArgumentParser
import Bridge
import DBus

#if canImport(Glibc)
import Glibc
#endif

/// The client's connection to mediaremoted: blocking calls with a short timeout, and every
/// failure turned into a sentence a person can act on and a distinct exit status.
struct ServiceClient {
    static let timeout: Duration = .seconds(5)

    let connection: Connection

    init() throws {
        do throws(DBusError) {
            connection = try Connection(.session, loop: try EventLoop())
        } catch {
            throw ServiceClient.report(
                ClientError(
                    description: "\(error.message); is DBUS_SESSION_BUS_ADDRESS set?",
                    status: .unavailable))
        }
    }

    /// Calls a method of the bridge object.
    func call(_ interface: InterfaceName, _ member: MemberName, _ arguments: [Value] = []) throws -> Message {
        let message = Message.methodCall(
            destination: BridgeNames.busName, path: BridgeNames.objectPath, interface: interface, member: member,
            arguments: arguments)
        do throws(DBusError) {
            return try connection.callBlocking(message, timeout: ServiceClient.timeout)
        } catch {
            throw ServiceClient.report(ServiceClient.explain(error))
        }
    }

    /// The running service's `Version` property.
    func serviceVersion() throws -> String {
        let reply = try call(.properties, "Get", [.string(BridgeNames.interface.rawValue), .string("Version")])
        guard case .string(let version)? = reply.arguments.first?.unwrapped else {
            throw ServiceClient.report(ClientError(description: "the service answered with '\(reply.signature)'", status: .failure))
        }
        return version
    }

    static func explain(_ error: DBusError) -> ClientError {
        switch error.name {
        case .serviceUnknown, .nameHasNoOwner:
            ClientError(
                description: "mediaremoted is not running (nobody owns \(BridgeNames.busName)); "
                    + "start it with: systemctl --user start mediaremoted",
                status: .unavailable)
        case .noReply, .timeout:
            ClientError(description: "mediaremoted did not answer within \(timeout)", status: .unavailable)
        case .disconnected, .noServer:
            ClientError(description: "lost the session bus: \(error.message)", status: .unavailable)
        case BridgeNames.invalidConfiguration:
            // The file's problems, one a line, as `check` prints them.
            ClientError(description: "mediaremoted refused its configuration file; \(error.message)", status: .failure)
        default:
            ClientError(description: "mediaremoted answered: \(error.message) (\(error.name))", status: .failure)
        }
    }

    /// Prints the error and returns the exit code to throw.
    static func report(_ error: ClientError) -> ExitCode {
        var line = Array("mediaremotectl: \(error.description)\n".utf8)
        _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        return error.status.exitCode
    }
}

/// Writes a line to standard output at once, unbuffered.
func writeLine(_ line: String) {
    var bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
}
