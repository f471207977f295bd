import DBusTypes

/// A match rule, as `AddMatch` takes it: which messages a subscription wants.
///
/// Matching is done twice: by the bus, which routes only what some rule of ours asks for,
/// and here, so each subscription sees only its own messages. A well-known `sender` is
/// matched by the bus only (a message carries its sender's unique name).
public struct MatchRule: Hashable, Sendable, CustomStringConvertible {
    public var kind: Message.Kind? = .signal
    public var sender: BusName?
    public var interface: InterfaceName?
    public var member: MemberName?
    public var path: ObjectPath?
    public var pathNamespace: ObjectPath?
    /// String arguments to match exactly: index → value (`arg0='org.mpris.MediaPlayer2.vlc'`).
    public var arguments: [Int: String] = [:]

    public init(
        kind: Message.Kind? = .signal,
        sender: BusName? = nil,
        interface: InterfaceName? = nil,
        member: MemberName? = nil,
        path: ObjectPath? = nil,
        pathNamespace: ObjectPath? = nil,
        arguments: [Int: String] = [:]
    ) {
        self.kind = kind
        self.sender = sender
        self.interface = interface
        self.member = member
        self.path = path
        self.pathNamespace = pathNamespace
        self.arguments = arguments
    }

    /// The rule in the bus's syntax; values are quoted, with `'` escaped as the spec requires.
    public var description: String {
        var parts: [String] = []
        func add(_ key: String, _ value: String?) {
            guard let value else { return }
            parts.append("\(key)='\(value.escapedForMatchRule)'")
        }
        add("type", kind?.rawValue)
        add("sender", sender?.rawValue)
        add("interface", interface?.rawValue)
        add("member", member?.rawValue)
        add("path", path?.rawValue)
        add("path_namespace", pathNamespace?.rawValue)
        for (index, value) in arguments.sorted(by: { $0.key < $1.key }) { add("arg\(index)", value) }
        return parts.joined(separator: ",")
    }

    public func matches(_ message: Message) -> Bool {
        if let kind, message.kind != kind { return false }
        if let sender, sender.isUnique || sender == .bus, message.sender != sender { return false }
        if let interface, message.interface != interface { return false }
        if let member, message.member != member { return false }
        if let path, message.path != path { return false }
        if let pathNamespace {
            guard let messagePath = message.path,
                messagePath == pathNamespace || messagePath.isDescendant(of: pathNamespace)
            else { return false }
        }
        for (index, expected) in arguments {
            guard index < message.arguments.count, case .string(let actual) = message.arguments[index], actual == expected
            else { return false }
        }
        return true
    }
}

extension String {
    /// As a match rule's value, between single quotes: a quote in it ends the quoting, is
    /// escaped, and starts it again ('\''). By Unicode scalar, so a quote followed by a combining
    /// mark is still one; not by splitting on a string, the string-processing library's
    /// algorithm, whose first use (its generic types made at run time) was an eighth of
    /// mediaremoted's `main` by perf, before the name (issue 39).
    fileprivate var escapedForMatchRule: String {
        guard unicodeScalars.contains("'") else { return self }
        var escaped = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == "'" { escaped.append(contentsOf: "'\\''".unicodeScalars) } else { escaped.append(scalar) }
        }
        return String(escaped)
    }
}
