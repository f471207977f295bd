import DBusTypes
import MediaRemoteAPI
import Testing

@Suite("The Describe* replies: one encoding, one decoding, and no silent defaults")
struct DescribeRepliesTests {
    static let mpv = DescribePlayersReply.Player(
        name: "org.mpris.MediaPlayer2.mpv", app: ":1.12", status: "Playing", receiving: true, capabilities: ["CanPlay", "CanSeek"],
        lastStartedPlaying: 5_000_012_345, isNowPlaying: true, reason: "Now Playing: playing")
    static let vlc = DescribePlayersReply.Player(
        name: "org.mpris.MediaPlayer2.vlc", app: ":1.13", status: "Stopped", receiving: false, capabilities: [],
        lastStartedPlaying: nil, isNowPlaying: false, reason: "not receiving")
    /// The last player once it has quit: no app.
    static let audaciousGone = DescribePlayersReply.Player(
        name: "org.mpris.MediaPlayer2.audacious", app: nil, status: "", receiving: false, capabilities: [],
        lastStartedPlaying: nil, isNowPlaying: false, reason: "the last player, gone from the bus", isLastPlayer: true)

    static let state = DescribeStateReply(
        chain: [
            .init(kind: .responder, destination: ObjectAddress(busName: ":1.42", path: "/org/example/Player"), app: ":1.42"),
            .init(kind: .player, destination: ObjectAddress(busName: mpv.name, path: "/org/mpris/MediaPlayer2"), app: ":1.12"),
            .init(kind: .shakeAction, destination: ObjectAddress(busName: mpv.name, path: "/org/mpris/MediaPlayer2"), app: ":1.12",
                  action: "nextTrack"),
        ],
        chainDiscarded: nil, nowPlayingReason: "playing", receiving: [":1.12", ":1.42"], motionClaims: [":1.42": 2, ":1.12": 1],
        seeks: [
            .init(direction: "beginSeekingForward", source: "api", handler: ObjectAddress(busName: mpv.name, path: "/org/mpris/MediaPlayer2"),
                  since: 5_000_000_000, endsBy: 5_010_000_000),
            .init(direction: "beginSeekingBackward", source: "key", handler: ObjectAddress(busName: ":1.42", path: "/org/example/Player"),
                  since: 5_000_000_001, endsBy: nil),
        ])

    static let devices = DescribeDevicesReply(devices: [
        .init(path: "/dev/input/event5", name: "USB Headset", classification: "media device", notReadBecause: nil,
              reading: .takenOver(clone: "/dev/input/event9")),
        .init(path: "/dev/input/event6", name: "Earbuds (AVRCP)", classification: "media device", notReadBecause: nil,
              reading: .shared(because: "no permission to write /dev/uinput")),
        .init(path: "/dev/input/event7", name: "USB Keyboard", classification: "keyboard", notReadBecause: nil, reading: .waitingForKeysUp),
        .init(path: "/dev/input/event3", name: "AT keyboard", classification: "keyboard", notReadBecause: "a keyboard"),
    ])

    @Test("DescribePlayers reads back as it was sent, empty or not", arguments: [[mpv, vlc, audaciousGone], []])
    func players(_ players: [DescribePlayersReply.Player]) throws {
        let reply = DescribePlayersReply(players: players)
        #expect(try roundTrip(reply) == reply)
    }

    @Test("DescribeState reads back as it was sent, with a chain or with why there is none")
    func describeState() throws {
        #expect(try roundTrip(Self.state) == Self.state)
        let empty = DescribeStateReply(chain: [], chainDiscarded: "nobodyReceiving", nowPlayingReason: nil, receiving: [], motionClaims: [:])
        #expect(try roundTrip(empty) == empty)
    }

    @Test("a seek without the time it began is named")
    func seekWithoutSince() {
        let state = Self.state.arguments[0]
        guard case .array(let type, let seeks)? = state.entry("seeks") else {
            Issue.record("no seeks in \(state)")
            return
        }
        let missing = state.replacing("seeks", with: .array(type, [seeks[0].removing("since")]))
        #expect(failure(reading: [missing], as: DescribeStateReply.self) == "the DescribeState reply's seeks: a seek in progress has no 'since'")
    }

    @Test("DescribeDevices reads back as it was sent")
    func describeDevices() throws {
        #expect(try roundTrip(Self.devices) == Self.devices)
    }

    @Test("a player's field of another type, or missing, is named")
    func wrongPlayer() {
        let vlc = Self.vlc.dbusValue.replacing("receiving", with: .string("yes"))
        let arguments = [Value.array(DescribePlayersReply.Player.dbusType, [Self.mpv.dbusValue, vlc])]
        #expect(failure(reading: arguments, as: DescribePlayersReply.self)
            == "the DescribePlayers reply's players: a player's receiving: expected a value of type 'b', got 's'")
        let missing = [Value.array(DescribePlayersReply.Player.dbusType, [Self.mpv.dbusValue.removing("reason")])]
        #expect(failure(reading: missing, as: DescribePlayersReply.self) == "the DescribePlayers reply's players: a player has no 'reason'")
    }

    @Test("a key a newer service adds is left alone")
    func newerKeys() throws {
        let arguments = [Value.array(DescribePlayersReply.Player.dbusType, [Self.mpv.dbusValue.replacing("volume", with: .double(0.5))])]
        #expect(try DescribePlayersReply(arguments: arguments).players == [Self.mpv])
    }

    @Test("a link of a kind the contract does not know, or a shake action that names none, is refused")
    func wrongLink() {
        let state = Self.state.arguments[0]
        guard case .array(let type, let links)? = state.entry("chain") else {
            Issue.record("no chain in \(state)")
            return
        }
        let unknown = state.replacing("chain", with: .array(type, [links[0].replacing("kind", with: .string("robot"))]))
        #expect(failure(reading: [unknown], as: DescribeStateReply.self)
            == "the DescribeState reply's chain: a chain link's kind: 'robot' is not one of responder, player, shake_action")
        let noAction = state.replacing("chain", with: .array(type, [links[2].removing("action")]))
        #expect(failure(reading: [noAction], as: DescribeStateReply.self) == "the DescribeState reply's chain: a chain link has no 'action'")
    }

    @Test("a device whose read flag is a string, or that is read for a reason, is refused")
    func wrongDevice() {
        guard case .array(let type, let devices) = Self.devices.arguments[0], case .structure(let fields) = devices[0] else {
            Issue.record("not an array of structures: \(Self.devices.arguments)")
            return
        }
        let flag = Value.array(type, [.structure(fields.replacing(3, with: .string("true")))])
        #expect(failure(reading: [flag], as: DescribeDevicesReply.self)
            == "the DescribeDevices reply's devices: a device's read: expected a value of type 'b', got 's'")
        let readForAReason = Value.array(type, [.structure(fields.replacing(4, with: .string("busy")))])
        #expect(failure(reading: [readForAReason], as: DescribeDevicesReply.self)
            == "the DescribeDevices reply's devices: a device that is read as 'taken over', with the reason 'busy' and the clone '/dev/input/event9'")
        let unknownReading = Value.array(type, [.structure(fields.replacing(5, with: .string("borrowed")))])
        #expect(failure(reading: [unknownReading], as: DescribeDevicesReply.self)
            == "the DescribeDevices reply's devices: a device that is read as 'borrowed', with the reason '' and the clone '/dev/input/event9'")
        guard case .structure(let notRead) = devices[3] else { return }
        let notReadButTaken = Value.array(type, [.structure(notRead.replacing(5, with: .string("taken over")))])
        #expect(failure(reading: [notReadButTaken], as: DescribeDevicesReply.self)
            == "the DescribeDevices reply's devices: a device that is not read, read as 'taken over'")
    }
}
