import DBusTypes

/// Method calls to other connections, a line per destination: at most ``maximumInFlight``
/// calls at a time await one destination's replies, the rest wait in order, and each call's
/// timeout starts when it is sent, not when it joins the line.
///
/// Why: a daemon that sends one call per event would otherwise have as many calls pending as
/// events arrive. The bus refuses pending replies past its limit (dbus-daemon's default is
/// 128 a connection; the session bus allows more), and a peer that answers one call at a
/// time lets the calls at the back of a long burst run out their timeouts while it is still
/// busy with the front. In a line, a busy peer makes its own events wait, and a peer that
/// never answers holds up only its own line. Calls to one destination are sent in the order
/// they were made, so the peer receives them in that order.
public final class CallQueue {
    public let connection: Connection
    /// Calls awaiting a reply from one destination at a time.
    public let maximumInFlight: Int
    /// Calls waiting for their turn at one destination; past it a call fails at once with
    /// `LimitsExceeded` (a peer that far behind is not going to answer them in time anyway).
    public let maximumWaiting: Int

    private var lines: [BusName: Line] = [:]

    private struct Call {
        let message: Message
        let timeout: Duration
        let reply: (Result<Message, DBusError>) -> Void
    }

    /// One destination's calls: how many are out, and those waiting (`head` is the next; the
    /// consumed front is dropped now and then rather than on every call).
    private struct Line {
        var inFlight = 0
        var waiting: [Call] = []
        var head = 0

        var waitingCount: Int { waiting.count - head }

        mutating func next() -> Call? {
            guard head < waiting.count else { return nil }
            let call = waiting[head]
            head += 1
            // Reclaim the consumed front (its closures hold memory) once the line is empty or
            // the front is most of the array.
            if head == waiting.count {
                waiting.removeAll()
                head = 0
            } else if head >= 64 && head * 2 >= waiting.count {
                waiting.removeFirst(head)
                head = 0
            }
            return call
        }
    }

    public init(connection: Connection, maximumInFlight: Int = 16, maximumWaiting: Int = 1024) {
        precondition(maximumInFlight > 0 && maximumWaiting >= 0)
        self.connection = connection
        self.maximumInFlight = maximumInFlight
        self.maximumWaiting = maximumWaiting
    }

    /// Sends `message` now if its destination has room, else when it has; `reply` gets the
    /// reply, an error reply, `NoReply` after `timeout` from sending, or `LimitsExceeded` when
    /// the destination's line is full. A message without a destination goes out at once.
    public func call(
        _ message: Message, timeout: Duration = Connection.defaultTimeout,
        reply: @escaping (Result<Message, DBusError>) -> Void
    ) {
        guard let destination = message.destination else {
            connection.call(message, timeout: timeout, reply: reply)
            return
        }
        // Changed in place: a copy of the line would copy its waiting calls on every change.
        let inFlight = lines[destination]?.inFlight ?? 0
        let waiting = lines[destination]?.waitingCount ?? 0
        if inFlight < maximumInFlight {
            lines[destination, default: Line()].inFlight += 1
            send(Call(message: message, timeout: timeout, reply: reply), to: destination)
        } else if waiting < maximumWaiting {
            lines[destination]!.waiting.append(Call(message: message, timeout: timeout, reply: reply))
        } else {
            let error = DBusError(
                .limitsExceeded,
                "\(destination) has \(maximumInFlight) calls unanswered and \(maximumWaiting) waiting; this one was not sent")
            connection.failSoon(reply, error)
        }
    }

    /// ``call(_:timeout:reply:)`` with the message built from its parts (the typed members' calls
    /// are in Connection+TypedCalls).
    public func call(
        destination: BusName, path: ObjectPath, interface: InterfaceName, member: MemberName,
        arguments: [Value] = [], timeout: Duration = Connection.defaultTimeout,
        reply: @escaping (Result<Message, DBusError>) -> Void
    ) {
        call(
            .methodCall(destination: destination, path: path, interface: interface, member: member, arguments: arguments),
            timeout: timeout, reply: reply)
    }

    /// How many destinations have calls in flight or waiting (an idle one keeps no line).
    public var busyDestinations: Int { lines.count }

    /// Calls sent to `destination` and not yet answered, and calls waiting for their turn.
    public func load(of destination: BusName) -> (inFlight: Int, waiting: Int) {
        guard let line = lines[destination] else { return (0, 0) }
        return (line.inFlight, line.waitingCount)
    }

    private func send(_ call: Call, to destination: BusName) {
        connection.call(call.message, timeout: call.timeout) { [weak self] result in
            self?.replied(destination)
            call.reply(result)
        }
    }

    /// A reply came (or the call failed): the next waiting call takes its place, and a line
    /// with nothing out and nothing waiting is forgotten, so departed peers cost nothing.
    private func replied(_ destination: BusName) {
        guard lines[destination] != nil else { return }
        if let next = lines[destination]!.next() {
            send(next, to: destination)
        } else {
            lines[destination]!.inFlight -= 1
            if lines[destination]!.inFlight == 0 { lines[destination] = nil }
        }
    }
}
