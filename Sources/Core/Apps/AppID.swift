/// An app: one connection to the bus, known by its unique name (`:1.42`). The core keeps it
/// as text; the bridge validated it.
public struct AppID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }
    public static func < (lhs: AppID, rhs: AppID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A responder: an object of an app, implementing `org.mediaremote.Responder1`.
public struct ResponderAddress: Hashable, Sendable, CustomStringConvertible {
    public let app: AppID
    public let path: String

    public init(app: AppID, path: String) {
        self.app = app
        self.path = path
    }

    public var description: String { "\(app) \(path)" }
}
