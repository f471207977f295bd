import DBusTypes

/// The members of the MPRIS 2 specification that MediaRemote calls, exports or follows, typed
/// as the specification gives them: a property's Swift type is its D-Bus type (`Metadata` is
/// `[String: Value]`, `a{sv}`), and no other file spells a member's name. Their bodies are in
/// MPRISBodies.swift.
public enum MPRISMembers {
    // org.mpris.MediaPlayer2
    public static let raise = TypedMethod<NoArguments, NoArguments>("Raise")
    public static let quit = TypedMethod<NoArguments, NoArguments>("Quit")

    // org.mpris.MediaPlayer2's properties: what the player is, and what it takes.
    public static let canQuit = TypedProperty<Bool>("CanQuit")
    public static let canRaise = TypedProperty<Bool>("CanRaise")
    public static let hasTrackList = TypedProperty<Bool>("HasTrackList")
    public static let identity = TypedProperty<String>("Identity")
    /// The basename of the player's desktop entry, without `.desktop` (`audacious`).
    public static let desktopEntry = TypedProperty<String>("DesktopEntry")
    public static let supportedUriSchemes = TypedProperty<[String]>("SupportedUriSchemes")
    public static let supportedMimeTypes = TypedProperty<[String]>("SupportedMimeTypes")

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

    // org.mpris.MediaPlayer2.Player's properties: what plays and how. LoopStatus, Rate, Shuffle
    // and Volume are writable; Position is never signalled, so it is read when needed.
    public static let playbackStatus = TypedProperty<String>("PlaybackStatus")
    public static let loopStatus = TypedProperty<String>("LoopStatus")
    public static let rate = TypedProperty<Double>("Rate")
    public static let shuffle = TypedProperty<Bool>("Shuffle")
    public static let metadata = TypedProperty<[String: Value]>("Metadata")
    public static let volume = TypedProperty<Double>("Volume")
    public static let position = TypedProperty<Int64>("Position")
    public static let minimumRate = TypedProperty<Double>("MinimumRate")
    public static let maximumRate = TypedProperty<Double>("MaximumRate")

    // org.mpris.MediaPlayer2.Player's capabilities (``PlayerProperties/capabilities``).
    public static let canGoNext = TypedProperty<Bool>("CanGoNext")
    public static let canGoPrevious = TypedProperty<Bool>("CanGoPrevious")
    public static let canPlay = TypedProperty<Bool>("CanPlay")
    public static let canPause = TypedProperty<Bool>("CanPause")
    public static let canSeek = TypedProperty<Bool>("CanSeek")
    public static let canControl = TypedProperty<Bool>("CanControl")
}
