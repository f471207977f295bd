import DBusTypes

/// An app: one connection to the bus, known by its unique name (`:1.42`). A name already
/// validated, so nothing around the core checks it again.
public struct AppID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The connection's unique name.
    public let busName: BusName

    public init(_ busName: BusName) { self.busName = busName }

    /// For names written in code (`":1.42"`), as ``BusName``'s: an invalid literal is a
    /// programming error.
    public init(stringLiteral value: String) { busName = BusName(stringLiteral: value) }

    public var description: String { busName.description }
    public static func < (lhs: AppID, rhs: AppID) -> Bool { lhs.busName < rhs.busName }
}

/// A responder: an object of an app, implementing `org.mediaremote.Responder1`.
public struct ResponderAddress: Hashable, Sendable, CustomStringConvertible {
    public let app: AppID
    public let path: ObjectPath

    public init(app: AppID, path: ObjectPath) {
        self.app = app
        self.path = path
    }

    public var description: String { "\(app) \(path)" }
}
