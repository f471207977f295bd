import DBusTypes

/// A subscription to signals matching a rule; `cancel()` removes its match from the bus.
public final class SignalSubscription {
    struct Entry {
        let rule: MatchRule
        let handler: (Message) -> Void
    }

    private weak var connection: Connection?
    private let id: UInt64

    init(connection: Connection, id: UInt64) {
        self.connection = connection
        self.id = id
    }

    public func cancel() {
        connection?.unsubscribe(id)
        connection = nil
    }
}

extension Connection {
    /// Calls `handler` for every message matching `rule`, from now until the subscription is
    /// cancelled. The bus learns the rule (`AddMatch`) before any later call of ours reaches it.
    public func subscribe(_ rule: MatchRule, handler: @escaping (Message) -> Void) -> SignalSubscription {
        let id = nextSubscriptionID
        nextSubscriptionID += 1
        subscriptions.append((id, SignalSubscription.Entry(rule: rule, handler: handler)))
        tellBus(StandardMembers.addMatch, MatchRuleArgument(rule.description))
        return SignalSubscription(connection: self, id: id)
    }

    func unsubscribe(_ id: UInt64) {
        guard let index = subscriptions.firstIndex(where: { $0.id == id }) else { return }
        let entry = subscriptions.remove(at: index).entry
        if isConnected { tellBus(StandardMembers.removeMatch, MatchRuleArgument(entry.rule.description)) }
    }

    func deliverToSubscriptions(_ message: Message) {
        // A handler may cancel or add subscriptions: work on a snapshot, and skip any that a
        // handler before it cancelled.
        for (id, entry) in subscriptions where entry.rule.matches(message) {
            guard subscriptions.contains(where: { $0.id == id }) else { continue }
            entry.handler(message)
        }
    }

    /// A call to the bus itself whose reply nobody waits for.
    func tellBus<Input>(_ method: TypedMethod<Input, NoArguments>, _ input: Input) {
        var message = Message.methodCall(method, input, destination: .bus, path: StandardMembers.busPath, interface: .bus)
        message.noReplyExpected = true
        _ = try? send(message)
    }
}

extension Connection {
    /// Calls `handler` with every `signal` of `interface` (from `sender` and `path`, with the
    /// string arguments `arguments` names, when given), read as its body, or with why one could
    /// not be read, until the subscription is cancelled.
    public func subscribe<Body>(
        _ signal: TypedSignal<Body>, of interface: InterfaceName, sender: BusName? = nil, path: ObjectPath? = nil,
        arguments: [Int: String] = [:], handler: @escaping (Result<Body, DBusError>) -> Void
    ) -> SignalSubscription {
        subscribe(MatchRule(sender: sender, interface: interface, member: signal.name, path: path, arguments: arguments)) { message in
            handler(Result { () throws(DBusError) in try Body(arguments: message.arguments) })
        }
    }
}
