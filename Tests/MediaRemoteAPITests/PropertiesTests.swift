import DBusTypes
import MediaRemoteAPI
import Testing

@Suite("The properties and the small replies: one encoding, one decoding")
struct PropertiesTests {
    static let published = MediaRemoteProperties(
        version: "0.1.0", nowPlaying: "org.mpris.MediaPlayer2.mpv", firstResponder: ObjectAddress(busName: ":1.42", path: "/org/example/Player"),
        mode: "compat", players: [.init(name: "org.mpris.MediaPlayer2.mpv", status: "Playing", receiving: true)],
        configurationFile: "/home/ana/.config/mediaremote/config.toml", inputDirectory: "/dev/input")
    static let nobody = MediaRemoteProperties(
        version: "0.1.0", nowPlaying: nil, firstResponder: nil, mode: "strict", players: [], configurationFile: nil, inputDirectory: "/dev/input")

    @Test("GetAll reads back as the service publishes it, with and without Now Playing and a first responder", arguments: [published, nobody])
    func roundTrips(_ properties: MediaRemoteProperties) throws {
        #expect(try roundTrip(properties) == properties)
    }

    @Test("each property has the type the interface declares, and none is \"\" or (\"\", \"/\")")
    func values() {
        func value(_ name: MemberName, of properties: MediaRemoteProperties) -> Value? {
            MediaRemoteProperties.published.first { $0.name == name }?.value(properties)
        }
        #expect(value(MediaRemoteMembers.firstResponder.name, of: Self.published)?.type == .structure([.string, .objectPath]))
        #expect(value(MediaRemoteMembers.players.name, of: Self.published)?.type == .array(.structure([.string, .string, .boolean])))
        #expect(value(MediaRemoteMembers.nowPlaying.name, of: Self.nobody) == .string(""))
        #expect(value(MediaRemoteMembers.firstResponder.name, of: Self.nobody) == .structure([.string(""), .objectPath(.root)]))
        #expect(value(MediaRemoteMembers.configurationFile.name, of: Self.nobody) == .string(""))
        #expect(MediaRemoteProperties.published.map(\.name.rawValue)
            == ["Version", "NowPlaying", "FirstResponder", "Mode", "Players", "ConfigurationFile", "InputDirectory"])
    }

    @Test("a player's receiving sent as a string is named")
    func wrongPlayer() {
        let players = Value.array(MediaRemoteProperties.Player.dbusType, [.structure([.string("org.mpris.MediaPlayer2.a"), .string("Playing"), .string("yes")])])
        let arguments = Self.published.arguments[0].replacing(MediaRemoteMembers.players.name.rawValue, with: players)
        #expect(failure(reading: [arguments], as: MediaRemoteProperties.self)
            == "the GetAll reply's Players: a player's receiving: expected a value of type 'b', got 's'")
    }

    @Test("Shift's reply reads back, and a number is named")
    func shift() throws {
        let reply = ShiftReply(nowPlaying: "org.mpris.MediaPlayer2.vlc")
        #expect(try roundTrip(reply) == reply)
        #expect(failure(reading: [.uint32(1)], as: ShiftReply.self) == "the Shift reply's now_playing: expected a value of type 's', got 'u'")
    }

    @Test("a name that is not a bus name is refused where it is: Now Playing, a player, the first responder, Shift's choice")
    func notBusNames() {
        let nowPlaying = Self.published.arguments[0].replacing(MediaRemoteMembers.nowPlaying.name.rawValue, with: .string("mpv"))
        #expect(failure(reading: [nowPlaying], as: MediaRemoteProperties.self)
            == "the GetAll reply's NowPlaying: 'mpv' is not a valid bus name: it needs at least two elements separated by '.'")
        let players = Value.array(MediaRemoteProperties.Player.dbusType, [.structure([.string("a"), .string("Playing"), .boolean(true)])])
        #expect(failure(reading: [Self.published.arguments[0].replacing(MediaRemoteMembers.players.name.rawValue, with: players)],
                        as: MediaRemoteProperties.self)
            == "the GetAll reply's Players: a player's name: 'a' is not a valid bus name: it needs at least two elements separated by '.'")
        let responder = Value.structure([.string("x y"), .objectPath("/r")])
        #expect(failure(reading: [Self.published.arguments[0].replacing(MediaRemoteMembers.firstResponder.name.rawValue, with: responder)],
                        as: MediaRemoteProperties.self)
            == "the GetAll reply's FirstResponder: an object's address: 'x y' is not a valid bus name: it needs at least two elements separated by '.'")
        #expect(failure(reading: [.string("vlc")], as: ShiftReply.self)
            == "the Shift reply's now_playing: 'vlc' is not a valid bus name: it needs at least two elements separated by '.'")
    }
}
