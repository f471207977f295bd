import DBusTypes

/// Where an object is on the bus: a connection's name and an object path. Who handled an
/// event (an MPRIS player by its well-known name, a Responder1 object by its connection's
/// unique name), or which object is first responder.
public struct ObjectAddress: Hashable, Sendable, CustomStringConvertible {
    public var busName: String
    public var path: ObjectPath

    public init(busName: String, path: ObjectPath) {
        self.busName = busName
        self.path = path
    }

    /// `org.mpris.MediaPlayer2.mpv /org/mpris/MediaPlayer2`.
    public var description: String { "\(busName) \(path)" }
}

extension ObjectAddress {
    /// The bus has no "none": no address is sent as "" and "/".
    public static let none = ObjectAddress(busName: "", path: .root)

    /// `address` as it is sent: ``none`` when there is none.
    public static func sent(_ address: ObjectAddress?) -> ObjectAddress { address ?? none }

    /// The address two parts stand for: nil for ``none``'s. A path without a name (or "/"
    /// named) is neither, and means the two sides read the body apart: `InvalidArgs`, saying
    /// where (`of`).
    public static func read(busName: String, path: ObjectPath, of body: String) throws(DBusError) -> ObjectAddress? {
        if busName.isEmpty, path == .root { return nil }
        guard !busName.isEmpty else { throw .invalidArgs("\(body): an object path (\(path)) without a bus name") }
        return ObjectAddress(busName: busName, path: path)
    }
}
