import DBusTypes

/// The members of `org.mediaremote.MediaRemote1`, as `dbus/org.mediaremote.MediaRemote1.xml`
/// names them: the daemon declares its table with these and clients call them, so a name
/// cannot differ between the two (a test holds the running table to the XML).
public enum MediaRemoteMembers {
    // Methods.
    public static let beginReceivingRemoteControlEvents: MemberName = "BeginReceivingRemoteControlEvents"
    public static let endReceivingRemoteControlEvents: MemberName = "EndReceivingRemoteControlEvents"
    public static let becomeFirstResponder: MemberName = "BecomeFirstResponder"
    public static let resignFirstResponder: MemberName = "ResignFirstResponder"
    public static let sendRemoteControlEvent: MemberName = "SendRemoteControlEvent"
    public static let simulateMotion: MemberName = "SimulateMotion"
    public static let shift: MemberName = "Shift"
    public static let unshift: MemberName = "Unshift"
    public static let describePlayers: MemberName = "DescribePlayers"
    public static let describeState: MemberName = "DescribeState"
    public static let describeDevices: MemberName = "DescribeDevices"
    public static let claimMotion: MemberName = "ClaimMotion"
    public static let releaseMotion: MemberName = "ReleaseMotion"
    public static let reload: MemberName = "Reload"

    // Properties.
    public static let version: MemberName = "Version"
    public static let nowPlaying: MemberName = "NowPlaying"
    public static let firstResponder: MemberName = "FirstResponder"
    public static let mode: MemberName = "Mode"
    public static let players: MemberName = "Players"

    // The signal.
    public static let eventDispatched: MemberName = "EventDispatched"
}
