import DBusTypes

/// The names mediaremote-inputd, the optional system service that reads keyboards' media keys
/// for the person at the seat, is known by on the system bus (`dbus/org.mediaremote.Input1.xml`).
public enum InputServiceNames {
    public static let busName: BusName = "org.mediaremote.Input1"
    public static let objectPath: ObjectPath = "/org/mediaremote/Input1"
    public static let interface: InterfaceName = "org.mediaremote.Input1"
    /// The caller's user has no session on a seat: only the person at the machine may claim.
    public static let notAtSeat: ErrorName = "org.mediaremote.Input1.Error.NotAtSeat"
    /// Past the claims a user may hold at once.
    public static let limitExceeded: ErrorName = "org.mediaremote.Input1.Error.LimitExceeded"
    /// The command that starts it now and at every boot, as the journal, `check` and `devices` say it.
    public static let enableCommand = "sudo systemctl enable --now mediaremote-inputd"
    /// What `devices` says of a keyboard whose media keys do not come to this session though
    /// the service runs, and `check` repeats: it refused this session (its words follow)...
    public static let refusedThisSession = "its media keys go to the desktop, for mediaremote-inputd refused this session: "
    /// ... or another session is the seat's active one.
    public static let sendsToOtherSession = "mediaremote-inputd sends its media keys to the session active on the seat, not this one"
}

/// The members of `org.mediaremote.Input1`, each with the Swift types of what it takes and gives:
/// the system service's table is built from these and the session's service calls them.
public enum InputServiceMembers {
    public static let claimMediaKeys = TypedMethod<NoArguments, NoArguments>("ClaimMediaKeys")
    public static let releaseMediaKeys = TypedMethod<NoArguments, NoArguments>("ReleaseMediaKeys")
    public static let version = TypedProperty<String>("Version")
    /// Sent to the claim holding the keys alone.
    public static let mediaKey = TypedSignal<MediaKeySignal>("MediaKey")
    /// Sent to each claim.
    public static let keyboardsChanged = TypedSignal<KeyboardsChanged>("KeyboardsChanged")
}
