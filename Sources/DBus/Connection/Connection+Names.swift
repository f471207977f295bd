import DBusTypes

/// What `RequestName` answered.
public enum RequestNameReply: UInt32, Sendable {
    case primaryOwner = 1
    case inQueue = 2
    case exists = 3
    case alreadyOwner = 4
}

/// `RequestName`'s flags.
public struct RequestNameFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let allowReplacement = RequestNameFlags(rawValue: 1)
    public static let replaceExisting = RequestNameFlags(rawValue: 2)
    public static let doNotQueue = RequestNameFlags(rawValue: 4)
}

/// Follows who owns a bus name; `cancel()` stops following.
public final class NameWatch {
    fileprivate var subscription: SignalSubscription?
    fileprivate var pending: PendingCall?

    public func cancel() {
        subscription?.cancel()
        pending?.cancel()
        subscription = nil
        pending = nil
    }
}

extension Connection {
    /// Asks the bus for a name, blocking until it answers. For start-up, before the loop runs.
    public func requestName(_ name: BusName, flags: RequestNameFlags = []) throws(DBusError) -> RequestNameReply {
        let code = try callBus(StandardMembers.requestName, NameRequest(name, flags: flags.rawValue)).content
        guard let answer = RequestNameReply(rawValue: code) else {
            throw DBusError.failed("the bus answered RequestName with \(code), which it does not define")
        }
        return answer
    }

    /// Gives a name back to the bus, blocking until it answers; true when we owned it.
    @discardableResult
    public func releaseName(_ name: BusName) throws(DBusError) -> Bool {
        // DBUS_RELEASE_NAME_REPLY_RELEASED.
        try callBus(StandardMembers.releaseName, NameArgument(name)).content == 1
    }

    /// Calls `handler` with the current owner of `name` (nil when it has none), then with
    /// every change of owner, from `NameOwnerChanged`.
    public func watchNameOwner(_ name: BusName, handler: @escaping (BusName?) -> Void) -> NameWatch {
        let watch = NameWatch()
        var sawChange = false
        watch.subscription = subscribe(StandardMembers.nameOwnerChanged, of: .bus, sender: .bus, arguments: [0: name.rawValue]) { change in
            guard case .success(let change) = change else { return }
            sawChange = true
            handler(change.newOwner)
        }
        // Asked after AddMatch, so no change can fall between the answer and the signals.
        watch.pending = nameOwner(of: name) { [weak watch] owner in
            guard let watch, watch.subscription != nil, !sawChange else { return }
            watch.pending = nil
            handler(owner)
        }
        return watch
    }

    /// Asks the bus who owns `name` now; `reply` gets the owner's unique name, or nil when the
    /// name has no owner (or the bus did not answer).
    @discardableResult
    public func nameOwner(of name: BusName, timeout: Duration = Connection.defaultTimeout, reply: @escaping (BusName?) -> Void) -> PendingCall {
        callBus(StandardMembers.getNameOwner, NameArgument(name), timeout: timeout) {
            reply(try? $0.get().content)
        }
    }

    /// The same, blocking: for tools and start-up.
    public func nameOwner(of name: BusName, timeout: Duration = Connection.defaultTimeout) -> BusName? {
        let owner = try? callBus(StandardMembers.getNameOwner, NameArgument(name), timeout: timeout)
        return owner?.content
    }

    /// Calls `handler` for every change of owner of any name: (name, old owner, new owner).
    public func watchNameOwnerChanges(
        handler: @escaping (BusName, BusName?, BusName?) -> Void
    ) -> SignalSubscription {
        subscribe(StandardMembers.nameOwnerChanged, of: .bus, sender: .bus) { change in
            guard case .success(let change) = change else { return }
            handler(change.name, change.oldOwner, change.newOwner)
        }
    }

    /// Asks the bus for the process of the connection that owns `name`
    /// (`GetConnectionUnixProcessID`: the kernel's credentials of its socket); `reply` gets nil
    /// when the bus cannot tell (the connection is gone, or came from another machine).
    public func processID(of name: BusName, reply: @escaping (Int32?) -> Void) {
        callBus(StandardMembers.getConnectionUnixProcessID, NameArgument(name)) { result in
            reply((try? result.get()).flatMap { $0.content > 0 && $0.content <= UInt32(Int32.max) ? Int32($0.content) : nil })
        }
    }

    /// Asks the bus for the user of the connection that owns `name` (`GetConnectionUnixUser`:
    /// the kernel's credentials of its socket); `reply` gets nil when the bus cannot tell.
    public func userID(of name: BusName, reply: @escaping (UInt32?) -> Void) {
        callBus(StandardMembers.getConnectionUnixUser, NameArgument(name)) { result in
            reply((try? result.get())?.content)
        }
    }

    /// The names on the bus (`ListNames`), blocking. For tools and start-up.
    public func listNames() throws(DBusError) -> [BusName] {
        try callBus(StandardMembers.listNames, NoArguments()).content
    }

    /// The same, answered on the loop; none when the bus does not answer.
    public func listNames(reply: @escaping ([BusName]) -> Void) {
        callBus(StandardMembers.listNames, NoArguments()) { result in
            reply((try? result.get())?.content ?? [])
        }
    }

    /// The bus's id (`GetId`), blocking until it answers: the same for every connection to this
    /// bus, and another for the next bus started, even at the same address.
    public func busID() throws(DBusError) -> String {
        try callBus(StandardMembers.getId, NoArguments()).content
    }

    /// Calls a method of the bus itself and waits for its answer.
    func callBus<Input, Output>(
        _ method: TypedMethod<Input, Output>, _ input: Input, timeout: Duration = Connection.defaultTimeout
    ) throws(DBusError) -> Output {
        try callBlocking(method, input, destination: .bus, path: StandardMembers.busPath, interface: .bus, timeout: timeout)
    }

    /// Calls a method of the bus itself; `reply` gets its answer on the loop.
    @discardableResult
    func callBus<Input, Output>(
        _ method: TypedMethod<Input, Output>, _ input: Input, timeout: Duration = Connection.defaultTimeout,
        reply: @escaping (Result<Output, DBusError>) -> Void
    ) -> PendingCall {
        call(method, input, destination: .bus, path: StandardMembers.busPath, interface: .bus, timeout: timeout, reply: reply)
    }
}
