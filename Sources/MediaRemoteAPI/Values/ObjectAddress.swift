import DBusTypes

/// Where an object is on the bus: a connection's name and an object path. Who handled an
/// event (an MPRIS player by its well-known name, a Responder1 object by its connection's
/// unique name), or which object is first responder.
public struct ObjectAddress: Hashable, Sendable, CustomStringConvertible {
    public var busName: BusName
    public var path: ObjectPath

    public init(busName: BusName, path: ObjectPath) {
        self.busName = busName
        self.path = path
    }

    /// `org.mpris.MediaPlayer2.mpv /org/mpris/MediaPlayer2`.
    public var description: String { "\(busName) \(path)" }
}

extension ObjectAddress {
    /// `address` as it is sent where there may be none: the bus has no "none", so none is ""
    /// and "/".
    public static func parts(_ address: ObjectAddress?) -> (busName: String, path: ObjectPath) {
        (address?.busName.rawValue ?? "", address?.path ?? .root)
    }

    /// The address two parts stand for: nil for none's ("" and "/"). A path without a name (or
    /// "/" named) is neither, and means the two sides read the body apart: `InvalidArgs`,
    /// saying where (`of`); so is a name that is not a bus name.
    public static func read(busName: String, path: ObjectPath, of body: String) throws(DBusError) -> ObjectAddress? {
        if busName.isEmpty, path == .root { return nil }
        guard !busName.isEmpty else { throw .invalidArgs("\(body): an object path (\(path)) without a bus name") }
        do {
            return ObjectAddress(busName: try BusName(busName), path: path)
        } catch {
            throw .invalidArgs("\(body): \(error.message)")
        }
    }
}
