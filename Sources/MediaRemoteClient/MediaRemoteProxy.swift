import DBus
import DBusTypes
import MediaRemoteAPI

/// mediaremoted's object, `org.mediaremote.MediaRemote1`, as Swift calls that take and return
/// the contract's values. Calls block the thread until the reply comes or ``timeout`` passes,
/// as a command-line tool wants; an app that exports a responder must not use them, since
/// MediaRemote calls the app back (it introspects the object pushed) while the app waits.
public struct MediaRemoteProxy {
    public let connection: Connection
    /// Whom the calls go to: the well-known name, which the bus may start the service to
    /// answer, or a unique name, to ask only the service running now.
    public let destination: BusName
    public let timeout: Duration

    public init(_ connection: Connection, destination: BusName = MediaRemoteNames.busName, timeout: Duration = .seconds(5)) {
        self.connection = connection
        self.destination = destination
        self.timeout = timeout
    }

    /// Calls `member` on the bridge object and reads the reply as the contract says.
    public func call<Reply: MessageBody>(
        _ member: MemberName, of interface: InterfaceName = MediaRemoteNames.interface, _ arguments: [Value] = [], replying: Reply.Type
    ) throws(ProxyError) -> Reply {
        let reply = try send(member, of: interface, arguments)
        do throws(DBusError) {
            return try Reply(arguments: reply.arguments)
        } catch {
            throw .unreadable(member, error)
        }
    }

    /// Calls `member` on the bridge object and returns the reply as it came.
    @discardableResult
    public func send(_ member: MemberName, of interface: InterfaceName = MediaRemoteNames.interface, _ arguments: [Value] = [])
        throws(ProxyError) -> Message
    {
        let message = Message.methodCall(
            destination: destination, path: MediaRemoteNames.objectPath, interface: interface, member: member, arguments: arguments)
        do throws(DBusError) {
            return try connection.callBlocking(message, timeout: timeout)
        } catch {
            throw .refused(member, error)
        }
    }
}

/// Why a call through ``MediaRemoteProxy`` failed.
public enum ProxyError: Error, Sendable {
    /// The bus or the service answered `member` with an error, or nobody answered in time.
    case refused(MemberName, DBusError)
    /// The reply to `member` does not read as the contract says: the service and this client
    /// disagree on it, and `error` names the field.
    case unreadable(MemberName, DBusError)
}
