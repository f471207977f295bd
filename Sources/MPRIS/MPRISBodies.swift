import DBusTypes

/// The bodies of ``MPRISMembers``' methods and signal, their arguments named as the
/// specification names them.

/// `Seek`'s argument: microseconds to move, back when negative.
public struct SeekOffset: SingleFieldBody, Hashable, Sendable {
    public var content: Int64
    public init(_ content: Int64) { self.content = content }
    public static var fieldName: String { "Offset" }
    public static var owner: String { "Seek's offset" }
}

/// `Seeked`'s argument: the new position, in microseconds.
public struct SeekedPosition: SingleFieldBody, Hashable, Sendable {
    public var content: Int64
    public init(_ content: Int64) { self.content = content }
    public static var fieldName: String { "Position" }
    public static var owner: String { "Seeked" }
}

/// `OpenUri`'s argument.
public struct URIArgument: SingleFieldBody, Hashable, Sendable {
    public var content: String
    public init(_ content: String) { self.content = content }
    public static var fieldName: String { "Uri" }
    public static var owner: String { "OpenUri's URI" }
}

/// `SetPosition`'s arguments: the track it is meant for, and where in it.
public struct SetPositionArguments: MessageBody, Hashable, Sendable {
    public var trackID: ObjectPath
    public var position: Int64

    public init(trackID: ObjectPath, position: Int64) {
        (self.trackID, self.position) = (trackID, position)
    }

    public static let fields = [Field("TrackId", ObjectPath.self), Field("Position", Int64.self)]
    public var arguments: [Value] { [trackID.dbusValue, position.dbusValue] }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "SetPosition")
        (trackID, position) = (try field("TrackId"), try field("Position"))
    }
}
