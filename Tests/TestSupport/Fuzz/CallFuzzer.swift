import DBus
import DBusTypes
import Loop

/// Sends random and malformed method calls to every object and interface a service exports —
/// right members with random values, wrong signatures, wrong types inside variants and
/// dictionaries, names and paths that do not exist or are not names at all, empty, huge and
/// deeply nested arguments, unknown members, interfaces and paths — and counts how each was
/// answered. Every call must get a reply or a named error; a crash shows as calls unanswered.
public final class CallFuzzer {
    public struct Target {
        public var path: ObjectPath
        public var interfaces: [Introspection.Interface]
    }

    public struct Report: CustomStringConvertible {
        public var calls = 0
        public var returns = 0
        /// Error replies by name.
        public var errors: [String: Int] = [:]
        /// Calls our own library refused to send (nothing went on the bus).
        public var refusedLocally = 0
        /// Calls that got no reply at all (a timeout, or the service gone).
        public var unanswered = 0

        public var errorCount: Int { errors.values.reduce(0, +) }

        public var description: String {
            let names = errors.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            return "\(calls) calls: \(returns) returns, \(errorCount) named errors, \(unanswered) unanswered, "
                + "\(refusedLocally) refused by our own library before sending (errors: \(names))"
        }
    }

    public let connection: Connection
    public let destination: BusName
    public let targets: [Target]
    public var values: RandomValues
    public private(set) var report = Report()

    public init(connection: Connection, destination: BusName, targets: [Target], seed: UInt64, hugeBytes: Int) {
        self.connection = connection
        self.destination = destination
        self.targets = targets
        values = RandomValues(seed: seed, hugeBytes: hugeBytes)
    }

    /// Every object of `destination` reachable from `/`, by introspection.
    public static func discover(on connection: Connection, destination: BusName) throws -> [Target] {
        var targets: [Target] = []
        var paths: [ObjectPath] = ["/"]
        while let path = paths.popLast(), targets.count < 32 {
            let reply = try connection.callBlocking(.methodCall(
                destination: destination, path: path, interface: .introspectable, member: "Introspect"))
            guard case .string(let xml)? = reply.arguments.first else { continue }
            let description = Introspection(xml: xml)
            if !description.interfaces.isEmpty { targets.append(Target(path: path, interfaces: description.interfaces)) }
            for child in description.children {
                if let childPath = try? ObjectPath(path.rawValue == "/" ? "/\(child)" : "\(path.rawValue)/\(child)") {
                    paths.append(childPath)
                }
            }
        }
        return targets
    }

    /// Makes `count` calls, `concurrency` at a time, running the connection's loop until every
    /// one is answered or has timed out.
    public func run(calls count: Int, concurrency: Int = 16, timeout: Duration = .seconds(10)) {
        var outstanding = 0
        var sent = 0
        while sent < count || outstanding > 0 {
            while sent < count && outstanding < concurrency {
                sent += 1
                outstanding += 1
                report.calls += 1
                connection.call(nextCall(), timeout: timeout) { [unowned self] result in
                    outstanding -= 1
                    self.record(result)
                }
            }
            _ = connection.loop.run(until: { outstanding < concurrency && sent < count || outstanding == 0 }, timeout: timeout + .seconds(5))
        }
    }

    func record(_ result: Result<Message, DBusError>) {
        switch result {
        case .success: report.returns += 1
        case .failure(let error) where error.message.hasPrefix("cannot send the message"): report.refusedLocally += 1
        case .failure(let error) where error.name == .noReply || error.name == .disconnected: report.unanswered += 1
        case .failure(let error): report.errors[error.name.rawValue, default: 0] += 1
        }
    }

    // MARK: The calls

    static let propertiesMembers: [MemberName] = ["Get", "GetAll", "Set"]

    func nextCall() -> Message {
        let target = values.random.pick(targets)
        let interface = values.random.pick(target.interfaces)
        let roll = Int.random(in: 0..<100, using: &values.random)
        switch roll {
        case 0..<30:
            // A real method with arguments of the right types and random content.
            guard let method = interface.methods.isEmpty ? nil : values.random.pick(interface.methods) else { break }
            return call(target.path, interface.name, method.name, method.inputs.map { values.value(of: $0) })
        case 30..<45:
            // A real method with a random signature.
            guard let method = interface.methods.isEmpty ? nil : values.random.pick(interface.methods) else { break }
            return call(target.path, interface.name, method.name, randomArguments())
        case 45..<60:
            return propertiesCall(target: target)
        case 60..<65:
            return call(target.path, interface.name, try! MemberName("Fuzz\(Int.random(in: 0...99, using: &values.random))"), randomArguments())
        case 65..<70:
            return call(target.path, try! InterfaceName("org.fuzz.Unknown\(Int.random(in: 0...9, using: &values.random))"),
                        values.random.pick(interface.methods.map(\.name) + ["Get"]), randomArguments())
        case 70..<75:
            // No interface: the receiver must find the member by name alone, or refuse.
            guard let method = interface.methods.isEmpty ? nil : values.random.pick(interface.methods) else { break }
            var message = call(target.path, interface.name, method.name, method.inputs.map { values.value(of: $0) })
            message.interface = nil
            return message
        case 75..<80:
            return call(values.objectPath(), interface.name, values.random.pick(interface.methods.map(\.name) + ["Introspect"]), randomArguments())
        case 80..<85:
            // Huge: a byte array or many strings, up to the size limit.
            let huge: Value = values.random.chance(0.5)
                ? .array(.byte, [Value](repeating: .byte(0x41), count: Int.random(in: 1...values.hugeBytes, using: &values.random)))
                : .array(.string, [Value](repeating: .string("play"), count: Int.random(in: 1...max(1, values.hugeBytes / 16), using: &values.random)))
            let member = interface.methods.isEmpty ? "Get" : values.random.pick(interface.methods).name
            return call(target.path, interface.name, member, [huge])
        case 85..<90:
            // Deep: variants in variants, arrays in arrays, inside the limits of the wire format.
            let member = interface.methods.isEmpty ? "Get" : values.random.pick(interface.methods).name
            return call(target.path, interface.name, member, [values.nested(depth: Int.random(in: 1...30, using: &values.random))])
        case 90..<95:
            return call(target.path, .peer, values.random.pick(["Ping", "GetMachineId", "Fuzz"]), values.random.chance(0.3) ? randomArguments() : [])
        default:
            return call(values.objectPath(), .introspectable, "Introspect", values.random.chance(0.2) ? randomArguments() : [])
        }
        return call(target.path, .peer, "Ping", [])
    }

    func propertiesCall(target: Target) -> Message {
        let interface = values.random.pick(target.interfaces)
        let interfaceName: Value = values.random.chance(0.8) ? .string(interface.name.rawValue) : .string(values.string())
        let property: Value = values.random.chance(0.7) && !interface.properties.isEmpty
            ? .string(values.random.pick(interface.properties).name) : .string(values.string())
        let member = values.random.pick(Self.propertiesMembers)
        let arguments: [Value]
        switch member.rawValue {
        case "Get": arguments = [interfaceName, property]
        case "GetAll": arguments = [interfaceName]
        default:
            // Set, with the property's own type now and then, otherwise anything.
            let type = values.random.chance(0.3) ? interface.properties.first.map(\.type) ?? values.type() : values.type()
            arguments = [interfaceName, property, .variant(values.value(of: type))]
        }
        return call(target.path, .properties, member, values.random.chance(0.1) ? randomArguments() : arguments)
    }

    func randomArguments() -> [Value] {
        (0..<Int.random(in: 0...4, using: &values.random)).map { _ in values.value(of: values.type()) }
    }

    func call(_ path: ObjectPath, _ interface: InterfaceName, _ member: MemberName, _ arguments: [Value]) -> Message {
        .methodCall(destination: destination, path: path, interface: interface, member: member, arguments: arguments)
    }
}
