/// The evdev key codes MediaRemote reads (linux/input-event-codes.h), by name.
public enum KeyCode {
    public static let pause: UInt16 = 119  // KEY_PAUSE: a keyboard's Pause key; "pause" only on media devices
    public static let stop: UInt16 = 128  // KEY_STOP: AC Stop
    public static let nextSong: UInt16 = 163
    public static let playPause: UInt16 = 164
    public static let previousSong: UInt16 = 165
    public static let stopCD: UInt16 = 166
    public static let rewind: UInt16 = 168
    public static let playCD: UInt16 = 200
    public static let pauseCD: UInt16 = 201
    public static let play: UInt16 = 207
    public static let fastForward: UInt16 = 208
    public static let media: UInt16 = 226  // KEY_MEDIA: a single-button headset

    /// Letter keys: a device with these is a keyboard, whatever else it has.
    public static let letters: ClosedRange<UInt16> = 16...50  // KEY_Q … KEY_M
    static let a: UInt16 = 30
    static let z: UInt16 = 44
}

/// What a key value in an evdev event means.
public enum KeyValue: Int32, Sendable {
    case released = 0
    case pressed = 1
    case autorepeat = 2
}
