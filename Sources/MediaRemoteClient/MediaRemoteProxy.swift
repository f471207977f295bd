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

    /// Calls `method` on the bridge object, reading the reply as the contract says.
    public func call<Input, Output>(
        _ method: TypedMethod<Input, Output>, _ input: Input, of interface: InterfaceName = MediaRemoteNames.interface
    ) throws(ProxyError) -> Output {
        do throws(DBusError) {
            return try connection.callBlocking(
                method, input, destination: destination, path: MediaRemoteNames.objectPath, interface: interface, timeout: timeout)
        } catch where error.name == .unreadableReply {
            throw .unreadable(method.name, error)
        } catch {
            throw .refused(method.name, error)
        }
    }

    /// The same, for a method that takes no arguments.
    public func call<Output>(_ method: TypedMethod<NoArguments, Output>, of interface: InterfaceName = MediaRemoteNames.interface)
        throws(ProxyError) -> Output
    {
        try call(method, NoArguments(), of: interface)
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
