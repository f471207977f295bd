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
