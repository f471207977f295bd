import DBusTypes

/// Random D-Bus types and values for fuzzing: valid on the wire (libdbus would refuse to send
/// anything else, and the bus daemon validates every message), but anything in content — wrong
/// types for the receiver, empty and huge strings and arrays, deep nesting, extreme numbers.
public struct RandomValues {
    public var random: SeededRandom
    /// The largest string or array made, in bytes (huge values are rare).
    public var hugeBytes: Int

    public init(seed: UInt64, hugeBytes: Int = 1 << 20) {
        random = SeededRandom(seed: seed)
        self.hugeBytes = hugeBytes
    }

    static let basicTypes: [SignatureType] = [
        .byte, .boolean, .int16, .uint16, .int32, .uint32, .int64, .uint64, .double, .string, .objectPath, .signature,
    ]

    /// A random type, containers nested at most `depth` deep.
    public mutating func type(depth: Int = 3) -> SignatureType {
        guard depth > 0, random.chance(0.4) else { return random.chance(0.15) ? .variant : random.pick(Self.basicTypes) }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return .array(type(depth: depth - 1))
        case 1: return .dictionary(key: random.pick(Self.basicTypes), value: type(depth: depth - 1))
        default: return .structure((0..<Int.random(in: 1...4, using: &random)).map { _ in type(depth: depth - 1) })
        }
    }

    /// A random value of `type`.
    public mutating func value(of type: SignatureType, depth: Int = 3) -> Value {
        switch type {
        case .byte: return .byte(random.pick([0, 1, 0x7F, 0xFF, UInt8.random(in: 0...255, using: &random)]))
        case .boolean: return .boolean(random.chance(0.5))
        case .int16: return .int16(random.pick([0, -1, .min, .max, Int16.random(in: .min ... .max, using: &random)]))
        case .uint16: return .uint16(random.pick([0, .max, UInt16.random(in: 0 ... .max, using: &random)]))
        case .int32: return .int32(random.pick([0, -1, .min, .max, Int32.random(in: .min ... .max, using: &random)]))
        case .uint32: return .uint32(random.pick([0, .max, UInt32.random(in: 0 ... .max, using: &random)]))
        case .int64: return .int64(random.pick([0, -1, .min, .max, Int64.random(in: .min ... .max, using: &random)]))
        case .uint64: return .uint64(random.pick([0, .max, UInt64.random(in: 0 ... .max, using: &random)]))
        case .double:
            return .double(random.pick([0, -0.0, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
                                        Double.random(in: -1e9...1e9, using: &random)]))
        // Never chosen by `type()`: a descriptor needs a real file, and the service takes none.
        case .unixFD: return .unixFD(UnixFileDescriptor(taking: -1))
        case .string: return .string(string())
        case .objectPath: return .objectPath(objectPath())
        case .signature: return .signature(Signature((0..<Int.random(in: 0...3, using: &random)).map { _ in self.type(depth: 1) }))
        case .variant:
            return .variant(depth > 0 ? value(of: self.type(depth: min(depth, 2)), depth: depth - 1) : .string(string()))
        case .array(let element):
            return .array(element, (0..<count(of: element)).map { _ in value(of: element, depth: depth - 1) })
        case .dictionary(let key, let valueType):
            // Each entry has a key of its own (a string may be huge): at most 256 of them.
            return .dictionary(key: key, value: valueType, (0..<min(count(of: valueType), 256)).map { _ in
                .init(value(of: key, depth: 0), value(of: valueType, depth: depth - 1))
            })
        case .structure(let fields): return .structure(fields.map { value(of: $0, depth: depth - 1) })
        }
    }

    /// Mostly short; now and then empty, or as long as the huge limit allows — only for arrays
    /// of basic values, so that nesting cannot multiply the sizes (256 at each of three levels
    /// would be 16 million values).
    mutating func count(of element: SignatureType) -> Int {
        if random.chance(0.2) { return 0 }
        guard Self.basicTypes.contains(element) else { return Int.random(in: 1...4, using: &random) }
        if random.chance(0.02), case .byte = element { return Int.random(in: 1...hugeBytes, using: &random) }
        if random.chance(0.02) { return Int.random(in: 1...max(1, hugeBytes / 4096), using: &random) }
        return Int.random(in: 1...4, using: &random)
    }

    /// Names, paths, subtypes, control characters, non-ASCII text, and now and then a huge string.
    public mutating func string() -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return ""
        case 1: return random.pick(["play", "pause", "nextTrack", "shake", "togglePlayPause", "stop", "beginSeekingForward"])
        case 2: return random.pick(["org.mediaremote.MediaRemote1", "org.mpris.MediaPlayer2.Player", "org.mpris.MediaPlayer2",
                                    "org.freedesktop.DBus.Properties", "", "..", "not a name", ":1.1", "a.b"])
        case 3: return random.pick(["NowPlaying", "FirstResponder", "Mode", "Version", "Players", "Volume", "PlaybackStatus",
                                    "Metadata", "Shuffle", "LoopStatus", "Rate", "Position"])
        case 4: return String(repeating: "x", count: random.chance(0.1) ? Int.random(in: 1...hugeBytes, using: &random) : 300)
        case 5: return "\u{1}\u{7F}\t\n\"'<>&\\"
        case 6: return "ünïcødé ✓ 🎵 \u{202E}rtl"
        case 7: return "/" + (0..<Int.random(in: 0...5, using: &random)).map { _ in "p\(Int.random(in: 0...99, using: &random))" }.joined(separator: "/")
        default: return String((0..<Int.random(in: 1...24, using: &random)).map { _ in Character(UnicodeScalar(UInt8.random(in: 0x21...0x7E, using: &random))) })
        }
    }

    /// A valid object path: the root, known ones, or random elements.
    public mutating func objectPath() -> ObjectPath {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return "/"
        case 1: return random.pick(["/org/mediaremote/MediaRemote1", "/org/mpris/MediaPlayer2", "/org/mediaremote", "/org"])
        default:
            let elements = (0..<Int.random(in: 1...6, using: &random)).map { _ in "e\(Int.random(in: 0...999, using: &random))_x" }
            return (try? ObjectPath("/" + elements.joined(separator: "/"))) ?? "/"
        }
    }

    /// A value nested `depth` deep: variants in variants, or arrays of arrays.
    public mutating func nested(depth: Int) -> Value {
        if random.chance(0.5) {
            var value: Value = .string("bottom")
            for _ in 0..<depth { value = .variant(value) }
            return value
        }
        var value: Value = .array(.int32, [.int32(1)])
        var type: SignatureType = .array(.int32)
        for _ in 1..<max(depth, 1) {
            value = .array(type, [value])
            type = .array(type)
        }
        return value
    }
}
