import DBusTypes

/// The members of the MPRIS 2 specification that MediaRemote calls, exports or follows, typed
/// as the specification gives them.
public enum MPRISMembers {
    // org.mpris.MediaPlayer2
    public static let raise = TypedMethod<NoArguments, NoArguments>("Raise")
    public static let quit = TypedMethod<NoArguments, NoArguments>("Quit")

    // org.mpris.MediaPlayer2.Player: the transport, each without arguments.
    public static let next = TypedMethod<NoArguments, NoArguments>("Next")
    public static let previous = TypedMethod<NoArguments, NoArguments>("Previous")
    public static let pause = TypedMethod<NoArguments, NoArguments>("Pause")
    public static let playPause = TypedMethod<NoArguments, NoArguments>("PlayPause")
    public static let stop = TypedMethod<NoArguments, NoArguments>("Stop")
    public static let play = TypedMethod<NoArguments, NoArguments>("Play")

    // org.mpris.MediaPlayer2.Player: where in the track, and what to play.
    public static let seek = TypedMethod<SeekOffset, NoArguments>("Seek")
    public static let setPosition = TypedMethod<SetPositionArguments, NoArguments>("SetPosition")
    public static let openUri = TypedMethod<URIArgument, NoArguments>("OpenUri")
    public static let seeked = TypedSignal<SeekedPosition>("Seeked")

    // org.mpris.MediaPlayer2.Player's properties that MediaRemote writes (the writable four)
    // or reads alone (Position, which no player signals).
    public static let loopStatus = TypedProperty<String>("LoopStatus")
    public static let rate = TypedProperty<Double>("Rate")
    public static let shuffle = TypedProperty<Bool>("Shuffle")
    public static let volume = TypedProperty<Double>("Volume")
    public static let position = TypedProperty<Int64>("Position")
}

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
