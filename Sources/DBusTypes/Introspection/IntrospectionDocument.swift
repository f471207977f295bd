/// What an object's introspection XML (`org.freedesktop.DBus.Introspectable.Introspect`)
/// says it implements: the names of the interfaces its own `<node>` declares. Read as XML, not
/// searched as text, so the answer does not hang on how a peer spaces or quotes its tags, and
/// an interface named only in a comment, or declared by a child node, does not count.
///
/// Only as much XML as introspection uses: elements, attributes in either quote, comments,
/// CDATA, the DOCTYPE and processing instructions (skipped). A document that is not well formed
/// yields the interfaces read before the fault.
public struct IntrospectionDocument: Sendable {
    /// The interfaces of the object itself, in the document's order.
    public let interfaceNames: [String]

    public init(_ xml: String) {
        var scanner = Scanner(Array(xml.utf8))
        var names: [String] = []
        // How many <node> elements are open: the object's own is the first, its children deeper.
        var depth = 0
        while let tag = scanner.nextTag() {
            switch (tag.name, tag.kind) {
            case ("node", .open): depth += 1
            case ("node", .close): depth -= 1
            case ("interface", .open), ("interface", .empty):
                if depth == 1, let name = tag.attributes["name"] { names.append(name) }
            default: break
            }
        }
        interfaceNames = names
    }

    public func declares(_ interface: String) -> Bool { interfaceNames.contains(interface) }
}

extension IntrospectionDocument {
    struct Tag {
        enum Kind { case open, close, empty }
        var name: String
        var kind: Kind
        var attributes: [String: String]
    }

    /// Walks the document's bytes from one tag to the next.
    struct Scanner {
        private let bytes: [UInt8]
        private var at = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// The next element's tag, past text, comments and declarations; nil at the end (or at
        /// a tag that is not closed).
        mutating func nextTag() -> Tag? {
            while let start = find("<") {
                at = start + 1
                if starts(with: "!--") {
                    guard let end = find("-->") else { return nil }
                    at = end + 3
                } else if starts(with: "![CDATA[") {
                    guard let end = find("]]>") else { return nil }
                    at = end + 3
                } else if starts(with: "!") || starts(with: "?") {
                    guard let end = find(">") else { return nil }
                    at = end + 1
                } else {
                    return tag()
                }
            }
            return nil
        }

        /// The tag after its `<`.
        private mutating func tag() -> Tag? {
            let closing = starts(with: "/")
            if closing { at += 1 }
            let name = word()
            var attributes: [String: String] = [:]
            while true {
                skipSpace()
                guard at < bytes.count else { return nil }
                switch bytes[at] {
                case UInt8(ascii: ">"):
                    at += 1
                    return Tag(name: name, kind: closing ? .close : .open, attributes: attributes)
                case UInt8(ascii: "/"):
                    at += 1
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ">") else { return nil }
                    at += 1
                    return Tag(name: name, kind: .empty, attributes: attributes)
                default:
                    let key = word()
                    guard !key.isEmpty else { return nil }
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { return nil }
                    at += 1
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { return nil }
                    let quote = bytes[at]
                    at += 1
                    guard let end = bytes[at...].firstIndex(of: quote) else { return nil }
                    attributes[key] = String(decoding: bytes[at..<end], as: UTF8.self)
                    at = end + 1
                }
            }
        }

        /// A name: the bytes up to a space, `=`, `/` or `>`.
        private mutating func word() -> String {
            let start = at
            while at < bytes.count, !Self.isSpace(bytes[at]), ![UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: ">")].contains(bytes[at]) {
                at += 1
            }
            return String(decoding: bytes[start..<at], as: UTF8.self)
        }

        private mutating func skipSpace() {
            while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        private func starts(with text: String) -> Bool {
            let pattern = Array(text.utf8)
            return bytes.count - at >= pattern.count && bytes[at..<at + pattern.count].elementsEqual(pattern)
        }

        /// Where `text` next occurs, from the current place.
        private func find(_ text: String) -> Int? {
            let pattern = Array(text.utf8)
            guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
            var index = at
            while index <= bytes.count - pattern.count {
                if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
                index += 1
            }
            return nil
        }
    }
}
