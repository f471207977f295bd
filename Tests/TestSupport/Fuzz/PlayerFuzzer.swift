import DBus
import DBusTypes
import Loop

/// MPRIS players that break the specification in every way a player can: properties of the
/// wrong type, metadata of wrong types, huge strings and deep nesting, `PropertiesChanged`
/// with wrong signatures, signals for interfaces that do not exist (which crashes playerctld),
/// methods that fail or are missing, and names that appear and vanish. They run on the loop
/// they are given, so they answer the service's calls while the caller runs it.
public final class PlayerFuzzer {
    public struct Report: CustomStringConvertible {
        public var appearances = 0
        public var vanishings = 0
        public var signals = 0
        public var callsReceived = 0
        /// Signals our own library would not build (past the wire format's limits).
        public var refusedLocally = 0

        public var description: String {
            "\(appearances) appearances, \(vanishings) vanishings, \(signals) signals sent (\(refusedLocally) refused by our own "
                + "library), \(callsReceived) calls received"
        }
    }

    static let path: ObjectPath = "/org/mpris/MediaPlayer2"
    static let player: InterfaceName = "org.mpris.MediaPlayer2.Player"
    static let properties: [(MemberName, SignatureType)] = [
        ("PlaybackStatus", .string), ("Metadata", .dictionary(key: .string, value: .variant)), ("CanPlay", .boolean),
        ("CanPause", .boolean), ("CanGoNext", .boolean), ("CanGoPrevious", .boolean), ("CanControl", .boolean),
        ("CanSeek", .boolean), ("Shuffle", .boolean), ("Volume", .double), ("Position", .int64), ("Rate", .double),
        ("LoopStatus", .string),
    ]
    static let methods: [(MemberName, [SignatureType])] = [
        ("Next", []), ("Previous", []), ("Play", []), ("Pause", []), ("PlayPause", []), ("Stop", []), ("Seek", [.int64]),
        ("SetPosition", [.objectPath, .int64]), ("OpenUri", [.string]),
    ]

    let address: String
    let loop: EventLoop
    var players: [(connection: Connection, name: BusName, owned: Bool)] = []
    public var values: RandomValues
    public private(set) var report = Report()

    public init(address: String, loop: EventLoop, players count: Int, seed: UInt64, hugeBytes: Int) throws {
        self.address = address
        self.loop = loop
        values = RandomValues(seed: seed, hugeBytes: hugeBytes)
        for index in 0..<count {
            players.append((try Connection(.address(address), loop: loop), try BusName("org.mpris.MediaPlayer2.fuzz\(index)"), false))
        }
    }

    /// One random thing a bad player does.
    public func step() throws {
        let index = Int.random(in: 0..<players.count, using: &values.random)
        let roll = Int.random(in: 0..<100, using: &values.random)
        switch roll {
        case 0..<10: try appear(index)
        case 10..<15: try vanish(index)
        case 15..<18:
            // Gone without a word: the connection closes (as a crash does) and a new one comes.
            players[index].connection.close()
            players[index] = (try Connection(.address(address), loop: loop), players[index].name, false)
            report.vanishings += 1
        case 18..<50: try emit(index, propertiesChanged(wellTyped: false))
        case 50..<65: try emit(index, propertiesChanged(wellTyped: true))
        case 65..<75:
            try emit(index, .signal(path: Self.path, interface: .properties, member: "PropertiesChanged", arguments: randomArguments()))
        case 75..<90:
            let interface = values.random.pick(["org.mpris.MediaPlayer2.Nonexistent", "org.fuzz.Player", "org.mpris.MediaPlayer2.TrackList"])
            let path = values.random.chance(0.5) ? Self.path : values.objectPath()
            try emit(index, .signal(path: path, interface: try InterfaceName(interface),
                                    member: values.random.pick(["PropertiesChanged", "Seeked", "TrackAdded", "Fuzz"]), arguments: randomArguments()))
        default:
            try emit(index, .signal(path: Self.path, interface: Self.player, member: "Seeked",
                                    arguments: values.random.chance(0.5) ? [.int64(Int64.random(in: .min ... .max, using: &values.random))] : randomArguments()))
        }
    }

    /// Exports a player whose properties have random types half the time and whose methods
    /// answer, fail or are missing at random, then takes its MPRIS name.
    func appear(_ index: Int) throws {
        let connection = players[index].connection
        connection.unexport(Self.path)
        var properties: [Property] = []
        for (name, rightType) in Self.properties where values.random.chance(0.85) {
            let type = values.random.chance(0.5) ? rightType : values.type(depth: 2)
            let value = name == "PlaybackStatus" && type == .string
                ? Value.string(values.random.pick(["Playing", "Paused", "Stopped", "playing", ""]))
                : name == "Metadata" ? metadata() : values.value(of: type)
            properties.append(Property(name, type, get: { value }))
        }
        var methods: [Method] = []
        for (name, inputs) in Self.methods where values.random.chance(0.8) {
            let failure: DBusError? = values.random.chance(0.4)
                ? DBusError(values.random.pick([.failed, .notSupported, .accessDenied, ErrorName("org.fuzz.Error.Broken")]), values.string())
                : nil
            methods.append(Method.untyped(name, in: inputs.enumerated().map { Field("a\($0.offset)", type: $0.element) }) { [unowned self] _ in
                self.report.callsReceived += 1
                if let failure { throw failure }
                return []
            })
        }
        try connection.export([
            Interface("org.mpris.MediaPlayer2", properties: [Property("Identity", .string, get: { .string("fuzz") })]),
            Interface(Self.player, methods: methods, properties: properties),
        ], at: Self.path)
        _ = try connection.requestName(players[index].name, flags: [.doNotQueue])
        players[index].owned = true
        report.appearances += 1
    }

    func vanish(_ index: Int) throws {
        guard players[index].owned else { return }
        _ = try players[index].connection.releaseName(players[index].name)
        players[index].owned = false
        report.vanishings += 1
    }

    func emit(_ index: Int, _ signal: Message) throws {
        do throws(DBusError) {
            _ = try players[index].connection.send(signal)
            report.signals += 1
        } catch {
            guard error.name == .noMemory || error.message.hasPrefix("cannot send the message") else { throw error }
            report.refusedLocally += 1
        }
    }

    /// Metadata that breaks the specification: wrong types for its keys, huge strings, deep nesting.
    func metadata() -> Value {
        var entries: [Value.DictionaryEntry] = []
        for key in ["mpris:trackid", "xesam:title", "xesam:artist", "mpris:length", "mpris:artUrl", values.string()]
            where values.random.chance(0.7)
        {
            let value: Value = switch Int.random(in: 0..<4, using: &values.random) {
            case 0: values.nested(depth: Int.random(in: 1...30, using: &values.random))
            case 1: .string(values.string())
            default: values.value(of: values.type(depth: 2))
            }
            entries.append(.init(.string(key), value))
        }
        return .dictionary(key: .string, value: .variant, entries.map { .init($0.key, .variant($0.value)) })
    }

    func propertiesChanged(wellTyped: Bool) -> Message {
        var changed: [Value.DictionaryEntry] = []
        for (name, rightType) in Self.properties where values.random.chance(0.3) {
            let value: Value = if name == "PlaybackStatus", wellTyped || values.random.chance(0.5) {
                .string(values.random.pick(["Playing", "Paused", "Stopped"]))
            } else if name == "Metadata" {
                metadata()
            } else {
                values.value(of: wellTyped ? rightType : values.type(depth: 2))
            }
            changed.append(.init(.string(name.rawValue), .variant(value)))
        }
        let invalidated: [Value] = values.random.chance(0.2) ? [.string(values.random.pick(Self.properties).0.rawValue)] : []
        return .signal(path: Self.path, interface: .properties, member: "PropertiesChanged", arguments: [
            .string(values.random.chance(0.9) ? Self.player.rawValue : values.string()),
            .dictionary(key: .string, value: .variant, changed), .array(.string, invalidated),
        ])
    }

    func randomArguments() -> [Value] {
        (0..<Int.random(in: 0...3, using: &values.random)).map { _ in values.value(of: values.type()) }
    }
}
