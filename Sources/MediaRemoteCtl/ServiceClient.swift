import ArgumentParser
import DBus
import DBusTypes
import Loop
import MediaRemoteAPI

#if canImport(Glibc)
import Glibc
#endif

/// The client's connection to mediaremoted: blocking calls with a short timeout, and every
/// failure turned into a ``ClientError``: a sentence a person can act on and a distinct exit status.
struct ServiceClient {
    static let timeout: Duration = .seconds(5)

    let connection: Connection

    init() throws(ClientError) {
        let loop: EventLoop
        do throws(LoopError) {
            loop = try EventLoop()
        } catch {
            throw ClientError(description: error.description, status: .unavailable)
        }
        do throws(DBusError) {
            connection = try Connection(.session, loop: loop)
        } catch {
            // It says where the session bus was looked for, and what to do.
            throw ClientError(description: error.message, status: .unavailable)
        }
    }

    /// Calls a method of the bridge object.
    func call(_ interface: InterfaceName, _ member: MemberName, _ arguments: [Value] = []) throws(ClientError) -> Message {
        let message = Message.methodCall(
            destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath, interface: interface, member: member,
            arguments: arguments)
        do throws(DBusError) {
            return try connection.callBlocking(message, timeout: ServiceClient.timeout)
        } catch {
            throw ServiceClient.explain(error)
        }
    }

    /// Calls a method of the bridge object and reads its reply as the contract says.
    func call<Reply: MessageBody>(_ member: MemberName, _ arguments: [Value] = [], replying: Reply.Type) throws(ClientError) -> Reply {
        let reply = try call(MediaRemoteNames.interface, member, arguments)
        do throws(DBusError) {
            return try Reply(arguments: reply.arguments)
        } catch {
            throw ClientError(description: "cannot read mediaremoted's answer to \(member): \(error.message)", status: .failure)
        }
    }

    /// The service's version if it is running and answers at once; nil otherwise. It asks the
    /// bus who owns the name and calls that owner, so it never starts the service by D-Bus
    /// activation, and it never waits long: for `--version`, which must work without it.
    static func versionIfRunning(timeout: Duration = .milliseconds(500)) -> String? {
        // Without an address or a socket libdbus would try X11 autolaunch, which may start a bus.
        switch SessionBusLocation() {
        case .address, .runtimeSocket(_, exists: true): break
        case .runtimeSocket(_, exists: false), .nowhere: return nil
        }
        guard let connection = try? Connection(.session, loop: try EventLoop()) else { return nil }
        guard
            let owner = try? connection.callBlocking(
                .methodCall(
                    destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetNameOwner",
                    arguments: [.string(MediaRemoteNames.busName.rawValue)]), timeout: timeout),
            case .string(let unique)? = owner.arguments.first, let name = try? BusName(unique),
            let reply = try? connection.callBlocking(
                .methodCall(
                    destination: name, path: MediaRemoteNames.objectPath, interface: .properties, member: "Get",
                    arguments: [.string(MediaRemoteNames.interface.rawValue), .string(MediaRemoteMembers.version.rawValue)]), timeout: timeout),
            case .string(let version)? = reply.arguments.first?.unwrapped
        else { return nil }
        return version
    }

    static func explain(_ error: DBusError) -> ClientError {
        switch error.name {
        case .serviceUnknown, .nameHasNoOwner:
            ClientError(
                description: "mediaremoted is not running (nobody owns \(MediaRemoteNames.busName)); "
                    + "start it with: systemctl --user start mediaremoted",
                status: .unavailable)
        case .noReply, .timeout:
            ClientError(description: "mediaremoted did not answer within \(timeout)", status: .unavailable)
        case .disconnected, .noServer:
            ClientError(description: "lost the session bus: \(error.message)", status: .unavailable)
        case MediaRemoteNames.noPlayer:
            ClientError(description: error.message, status: .failure)
        case MediaRemoteNames.invalidConfiguration:
            // The file's problems, one a line, as `check` prints them.
            ClientError(description: "mediaremoted refused its configuration file; \(error.message)", status: .failure)
        default:
            ClientError(description: "mediaremoted answered: \(error.message) (\(error.name))", status: .failure)
        }
    }
}
