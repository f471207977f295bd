import DBusTypes

/// The members of `org.mediaremote.MediaRemote1`, as `dbus/org.mediaremote.MediaRemote1.xml`
/// declares them, each with the Swift types of what it takes and gives: the daemon's table is
/// built from these and clients call them, so neither a name nor a type can differ between the
/// two, and a test holds the running table to the XML.
public enum MediaRemoteMembers {
    // Methods.
    public static let beginReceivingRemoteControlEvents = TypedMethod<NoArguments, NoArguments>("BeginReceivingRemoteControlEvents")
    public static let endReceivingRemoteControlEvents = TypedMethod<NoArguments, NoArguments>("EndReceivingRemoteControlEvents")
    public static let becomeFirstResponder = TypedMethod<ResponderPath, Success>("BecomeFirstResponder")
    public static let resignFirstResponder = TypedMethod<ResponderPath, Success>("ResignFirstResponder")
    public static let sendRemoteControlEvent = TypedMethod<SubtypeArgument, SendRemoteControlEventReply>("SendRemoteControlEvent")
    public static let simulateMotion = TypedMethod<SubtypeArgument, NoArguments>("SimulateMotion")
    public static let shift = TypedMethod<NoArguments, ShiftReply>("Shift")
    public static let unshift = TypedMethod<NoArguments, ShiftReply>("Unshift")
    public static let describePlayers = TypedMethod<NoArguments, DescribePlayersReply>("DescribePlayers")
    public static let describeState = TypedMethod<NoArguments, DescribeStateReply>("DescribeState")
    public static let describeDevices = TypedMethod<NoArguments, DescribeDevicesReply>("DescribeDevices")
    public static let claimMotion = TypedMethod<NoArguments, NoArguments>("ClaimMotion")
    public static let releaseMotion = TypedMethod<NoArguments, NoArguments>("ReleaseMotion")
    public static let reload = TypedMethod<NoArguments, ReloadReply>("Reload")

    // Properties (``MediaRemoteProperties`` holds them all, as `GetAll` answers).
    public static let version = TypedProperty<String>("Version")
    public static let nowPlaying = TypedProperty<String>("NowPlaying")
    public static let firstResponder = TypedProperty<ObjectAddress.OrNone>("FirstResponder")
    public static let mode = TypedProperty<String>("Mode")
    public static let players = TypedProperty<[MediaRemoteProperties.Player]>("Players")
    public static let configurationFile = TypedProperty<String>("ConfigurationFile")
    public static let inputDirectory = TypedProperty<String>("InputDirectory")

    // The signals.
    public static let eventDispatched = TypedSignal<EventDispatched>("EventDispatched")
    public static let resuming = TypedSignal<Resuming>("Resuming")
    public static let shakeNotTaken = TypedSignal<ShakeNotTaken>("ShakeNotTaken")
}
