internal import CDBus
import DBusTypes
import Loop

/// A connection to a message bus, driven by one ``EventLoop`` on the loop's thread.
///
/// It exports objects (``export(_:at:)``), calls other peers without blocking the loop
/// (``call(_:timeout:reply:)``), subscribes to signals by match rule, and tracks names.
/// A lost bus is reported through ``onDisconnect``; the process is never exited for you.
public final class Connection {
    public enum Bus: Sendable, CustomStringConvertible {
        case session
        case system
        /// A bus at an address, such as the `unix:path=…` a private `dbus-daemon` prints.
        case address(String)

        public var description: String {
            switch self {
            case .session: "session bus"
            case .system: "system bus"
            case .address(let address): "bus at \(address)"
            }
        }
    }

    public let loop: EventLoop
    /// The unique name the bus gave this connection (`:1.42`).
    public let uniqueName: BusName

    /// Called once when the bus connection is lost.
    public var onDisconnect: (() -> Void)?
    /// Called when a name this connection owned was taken away (`NameLost`).
    public var onNameLost: ((BusName) -> Void)?
    /// The most values a peer's message may hold for this connection to read it: a call
    /// beyond gets `LimitsExceeded`, a signal or reply beyond is dropped as an error. A
    /// service sets it so that no peer can make it allocate without bound.
    public var maximumValuesPerMessage = Int.max
    /// Signals dropped for holding more than ``maximumValuesPerMessage`` values.
    public private(set) var oversizedSignalsDropped = 0

    let raw: OpaquePointer
    private let integration: LoopIntegration
    var objects = ObjectTree()
    /// In the order they were made, so handlers run in that order.
    var subscriptions: [(id: UInt64, entry: SignalSubscription.Entry)] = []
    var nextSubscriptionID: UInt64 = 1
    private(set) var isConnected = true

    /// Connects and registers with the bus (`Hello`), then runs on `loop`.
    public init(_ bus: Bus, loop: EventLoop) throws(DBusError) {
        dbus_threads_init_default()
        var error = LibDBusError()
        dbus_error_init(&error)
        var opened: OpaquePointer?
        switch bus {
        case .session: opened = dbus_bus_get_private(DBUS_BUS_SESSION, &error)
        case .system: opened = dbus_bus_get_private(DBUS_BUS_SYSTEM, &error)
        case .address(let address):
            opened = dbus_connection_open_private(address, &error)
            if let connection = opened, dbus_bus_register(connection, &error) == 0 {
                dbus_connection_close(connection)
                dbus_connection_unref(connection)
                opened = nil
            }
        }
        guard let raw = opened else {
            var failure = DBusError(taking: &error, context: "cannot connect to the \(bus)")
            // The session bus is found through the environment, which differs under ssh, sudo or
            // cron: say where it was looked for, and what to do.
            if case .session = bus { failure.message = SessionBusLocation().explain(failure.message(after: "cannot connect to the \(bus)")) }
            throw failure
        }
        dbus_connection_set_exit_on_disconnect(raw, 0)
        self.raw = raw
        self.loop = loop
        // The one name the binding reads from libdbus rather than from a message: checked here.
        let name: BusName
        do throws(DBusError) {
            name = try BusName(dbus_bus_get_unique_name(raw).map { String(cString: $0) } ?? "")
        } catch {
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
            throw DBusError.failed("the bus gave no valid unique name (\(error.clause))")
        }
        uniqueName = name
        integration = LoopIntegration(loop: loop, connection: raw)
        do {
            try integration.install()
        } catch {
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
            throw error
        }
        let added = dbus_connection_add_filter(raw, Connection.filter, Unmanaged.passUnretained(self).toOpaque(), nil)
        guard added != 0 else {
            integration.uninstall()
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
            throw DBusError(.noMemory, "cannot install the message filter")
        }
    }

    deinit {
        dbus_connection_remove_filter(raw, Connection.filter, Unmanaged.passUnretained(self).toOpaque())
        close()
        dbus_connection_unref(raw)
    }

    /// Closes the connection; the loop no longer watches it.
    public func close() {
        integration.uninstall()
        if isConnected {
            isConnected = false
            dbus_connection_close(raw)
        }
    }

    /// Sends a message without waiting for a reply; returns its serial.
    @discardableResult
    public func send(_ message: Message) throws(DBusError) -> UInt32 {
        guard isConnected else { throw DBusError.disconnected("the bus connection is closed") }
        let encoded = try message.encode()
        var serial: UInt32 = 0
        guard encoded.withUnsafePointer({ dbus_connection_send(raw, $0, &serial) }) != 0 else {
            throw DBusError(.noMemory, "cannot queue the message")
        }
        return serial
    }

    /// Writes everything queued, blocking until it is written. For short-lived tools.
    public func flush() {
        dbus_connection_flush(raw)
    }

    // MARK: Receiving

    /// The one filter function: libdbus removes a filter by its function and data, so adding
    /// and removing must pass the same pointer.
    private static let filter: DBusHandleMessageFunction = { _, message, data in
        Unmanaged<Connection>.fromOpaque(data!).takeUnretainedValue().receive(message!)
    }

    private func receive(_ raw: OpaquePointer) -> DBusHandlerResult {
        var message: Message
        do {
            message = try Message(decodingHeaderOf: raw)
            // A call's body is decoded only once it is known to be wanted (``handleMethodCall``).
            if message.kind != .methodCall {
                message.arguments = try Message.arguments(of: raw, valueLimit: maximumValuesPerMessage)
            }
        } catch where error.name == .limitsExceeded {
            if dbus_message_get_type(raw) == DBUS_MESSAGE_TYPE_SIGNAL { oversizedSignalsDropped += 1 }
            return DBUS_HANDLER_RESULT_HANDLED
        } catch {
            // libdbus validated the message: this happens only on a bug; answer rather than drop.
            if dbus_message_get_type(raw) == DBUS_MESSAGE_TYPE_METHOD_CALL, dbus_message_get_no_reply(raw) == 0,
                let reply = dbus_message_new_error(raw, ErrorName.invalidArgs.rawValue, error.message)
            {
                dbus_connection_send(self.raw, reply, nil)
                dbus_message_unref(reply)
            }
            return DBUS_HANDLER_RESULT_HANDLED
        }
        switch message.kind {
        case .methodCall:
            handleMethodCall(message, raw: raw)
            return DBUS_HANDLER_RESULT_HANDLED
        case .signal:
            handleSignal(message)
            return DBUS_HANDLER_RESULT_HANDLED
        case .methodReturn, .error:
            // Replies to our calls reach their pending call before any filter; others are stale.
            return DBUS_HANDLER_RESULT_HANDLED
        }
    }

    private func handleSignal(_ message: Message) {
        if message.interface == .local, message.member == "Disconnected" {
            isConnected = false
            integration.uninstall()
            onDisconnect?()
            return
        }
        if message.sender == .bus, message.interface == .bus, message.member == StandardMembers.nameLost.name,
            let lost = try? NameArgument(arguments: message.arguments)
        {
            onNameLost?(lost.content)
        }
        deliverToSubscriptions(message)
    }
}

extension InterfaceName {
    /// The interface of the `Disconnected` signal libdbus raises itself when the connection
    /// closes; the specification reserves it, so no peer can send it.
    static let local: InterfaceName = "org.freedesktop.DBus.Local"
}
