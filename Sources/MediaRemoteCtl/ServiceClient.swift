import ArgumentParser
import DBus
import DBusTypes
import Loop
import MediaRemoteAPI
import MediaRemoteClient

#if canImport(Glibc)
import Glibc
#endif

/// The client's connection to mediaremoted: the contract's proxy with a short timeout, and
/// every failure turned into a ``ClientError``: a sentence a person can act on and a distinct
/// exit status.
struct ServiceClient {
    static let timeout: Duration = .seconds(5)

    let connection: Connection
    let proxy: MediaRemoteProxy

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
        proxy = MediaRemoteProxy(connection, timeout: ServiceClient.timeout)
    }

    /// The service if it is running, to be asked what it answers at once; nil otherwise. It asks
    /// the bus who owns the name and calls that owner, so it never starts the service by D-Bus
    /// activation, and it never waits long: for `--version` and `check`, which work without it.
    static func ifRunning(timeout: Duration = .milliseconds(500)) -> MediaRemoteProxy? {
        // Without an address or a socket libdbus would try X11 autolaunch, which may start a bus.
        switch SessionBusLocation() {
        case .address, .runtimeSocket(_, exists: true): break
        case .runtimeSocket(_, exists: false), .nowhere: return nil
        }
        guard let connection = try? Connection(.session, loop: try EventLoop()),
            let name = connection.nameOwner(of: MediaRemoteNames.busName, timeout: timeout)
        else { return nil }
        return MediaRemoteProxy(connection, destination: name, timeout: timeout)
    }

    /// The service's version if it is running and answers at once; nil otherwise.
    static func versionIfRunning() -> String? {
        try? ifRunning()?.version()
    }

    static func explain(_ error: ProxyError) -> ClientError {
        switch error {
        case .refused(_, let error): explain(error)
        case .unreadable(let member, let error):
            ClientError(description: "cannot read mediaremoted's answer to \(member): \(error.message)", status: .failure)
        }
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
