internal import CDBus
import DBusTypes
import Loop

/// A call in flight; `cancel()` drops it, and its reply handler is never called.
public final class PendingCall {
    fileprivate var raw: OpaquePointer?

    init(raw: OpaquePointer?) { self.raw = raw }

    public func cancel() {
        guard let raw else { return }
        dbus_pending_call_cancel(raw)
        dbus_pending_call_unref(raw)
        self.raw = nil
    }

    fileprivate func finish() {
        guard let raw else { return }
        dbus_pending_call_unref(raw)
        self.raw = nil
    }
}

/// What libdbus keeps for a pending call's notification: the handler and its call. It holds
/// the call strongly: a caller may drop the ``PendingCall`` it was given, and our reference to
/// libdbus's pending call must still be released when the reply comes.
private final class ReplyBox {
    let handler: (Result<Message, DBusError>) -> Void
    let valueLimit: Int
    var call: PendingCall?

    init(_ handler: @escaping (Result<Message, DBusError>) -> Void, valueLimit: Int) {
        self.handler = handler
        self.valueLimit = valueLimit
    }

    func complete(_ pending: OpaquePointer) {
        let result: Result<Message, DBusError>
        if let reply = dbus_pending_call_steal_reply(pending) {
            defer { dbus_message_unref(reply) }
            do {
                let message = try Message(decoding: reply, valueLimit: valueLimit)
                result = message.error.map { .failure($0) } ?? .success(message)
            } catch {
                result = .failure(error)
            }
        } else {
            result = .failure(.noReply("the call got no reply"))
        }
        call?.finish()
        call = nil
        handler(result)
    }
}

extension Connection {
    /// The default time a call waits for its reply.
    public static let defaultTimeout: Duration = .seconds(25)

    /// Sends a method call and calls `reply` on the loop with the reply, an error reply, or
    /// `NoReply` when `timeout` passes first. Never blocks the loop.
    @discardableResult
    public func call(
        _ message: Message,
        timeout: Duration = Connection.defaultTimeout,
        reply: @escaping (Result<Message, DBusError>) -> Void
    ) -> PendingCall {
        let encoded: LibDBusMessage
        do throws(DBusError) {
            guard isConnected else { throw DBusError.disconnected("the bus connection is closed") }
            encoded = try message.encode()
        } catch {
            return failSoon(reply, error)
        }
        var pending: OpaquePointer?
        let milliseconds = Int32(clamping: timeout.millisecondsRoundedUp)
        let sent = encoded.withUnsafePointer { dbus_connection_send_with_reply(raw, $0, &pending, milliseconds) }
        guard sent != 0, let pending else {
            return failSoon(reply, .disconnected("the bus connection is closed"))
        }
        let call = PendingCall(raw: pending)
        let box = ReplyBox(reply, valueLimit: maximumValuesPerMessage)
        box.call = call
        let data = Unmanaged.passRetained(box).toOpaque()
        let set = dbus_pending_call_set_notify(
            pending,
            { pending, data in Unmanaged<ReplyBox>.fromOpaque(data!).takeUnretainedValue().complete(pending!) },
            data,
            { data in Unmanaged<ReplyBox>.fromOpaque(data!).release() }
        )
        if set == 0 {
            Unmanaged<ReplyBox>.fromOpaque(data).release()
            call.cancel()
            return failSoon(reply, DBusError(.noMemory, "cannot wait for the reply"))
        }
        // A call that could not be sent at all (the connection just closed) is already complete.
        if dbus_pending_call_get_completed(pending) != 0 {
            box.complete(pending)
        }
        return call
    }

    /// Reports a failure from the loop rather than from inside `call`, so a caller never sees
    /// its reply handler run before `call` has returned.
    @discardableResult
    func failSoon(_ reply: @escaping (Result<Message, DBusError>) -> Void, _ error: DBusError) -> PendingCall {
        var timer: Timer?
        timer = try? loop.schedule(after: .zero) {
            timer = nil
            reply(.failure(error))
        }
        if timer == nil { reply(.failure(error)) }
        return PendingCall(raw: nil)
    }

    /// Calls a method and waits for the reply, blocking the thread. For command-line tools and
    /// start-up; never from inside a handler of a running daemon.
    public func callBlocking(_ message: Message, timeout: Duration = Connection.defaultTimeout) throws(DBusError) -> Message {
        guard isConnected else { throw DBusError.disconnected("the bus connection is closed") }
        let encoded = try message.encode()
        var error = LibDBusError()
        dbus_error_init(&error)
        let milliseconds = Int32(clamping: timeout.millisecondsRoundedUp)
        let answer = encoded.withUnsafePointer { dbus_connection_send_with_reply_and_block(raw, $0, milliseconds, &error) }
        guard let reply = answer else {
            var failure = DBusError(taking: &error, context: "")
            if failure.message.hasPrefix(": ") { failure.message.removeFirst(2) }
            throw failure
        }
        defer { dbus_message_unref(reply) }
        return try Message(decoding: reply, valueLimit: maximumValuesPerMessage)
    }

    /// Calls a method on a peer: the common case of ``call(_:timeout:reply:)``.
    @discardableResult
    public func call(
        destination: BusName,
        path: ObjectPath,
        interface: InterfaceName,
        member: MemberName,
        arguments: [Value] = [],
        timeout: Duration = Connection.defaultTimeout,
        reply: @escaping (Result<Message, DBusError>) -> Void
    ) -> PendingCall {
        call(
            .methodCall(destination: destination, path: path, interface: interface, member: member, arguments: arguments),
            timeout: timeout, reply: reply
        )
    }
}
