/// A set of key codes (0 to KEY_MAX, 0x2ff) as bits, laid out as the kernel's EVIOCGKEY answer
/// is: a keyboard's every keystroke is looked up in one, and a bit costs a shift where a set's
/// lookup hashes. Codes past KEY_MAX are never in it.
struct KeyBits: Equatable, Sendable {
    static let wordCount = 12
    private var words = [UInt64](repeating: 0, count: wordCount)

    init() {}

    init(_ codes: Set<UInt16>) {
        for code in codes { insert(code) }
    }

    /// From EVIOCGKEY's bytes: bit n of byte n / 8 is code n.
    init(kernelBytes bytes: [UInt8]) {
        for (index, byte) in bytes.prefix(Self.wordCount * 8).enumerated() where byte != 0 {
            words[index / 8] |= UInt64(byte) << UInt64(index % 8 * 8)
        }
    }

    func contains(_ code: UInt16) -> Bool {
        code < 768 && words[Int(code >> 6)] & (1 << UInt64(code & 63)) != 0
    }

    mutating func insert(_ code: UInt16) {
        if code < 768 { words[Int(code >> 6)] |= 1 << UInt64(code & 63) }
    }

    mutating func remove(_ code: UInt16) {
        if code < 768 { words[Int(code >> 6)] &= ~(1 << UInt64(code & 63)) }
    }

    /// Its codes, in order.
    var codes: [UInt16] { differences(from: KeyBits()) }

    /// The codes in one set and not the other, in code order.
    func differences(from other: KeyBits) -> [UInt16] {
        var codes: [UInt16] = []
        for (index, (mine, theirs)) in zip(words, other.words).enumerated() where mine != theirs {
            let differing = mine ^ theirs
            for bit in 0..<64 where differing & (1 << UInt64(bit)) != 0 { codes.append(UInt16(index * 64 + bit)) }
        }
        return codes
    }
}
