import DBusTypes
import Testing

@testable import MPRIS

/// A property's name and D-Bus type, whatever its Swift type.
private func declared<Content>(_ property: TypedProperty<Content>) -> (String, String) {
    (property.name.rawValue, Content.dbusType.description)
}

@Suite("MPRIS's properties, typed as the specification gives them")
struct MPRISMembersTests {
    @Test(
        "each property MediaRemote reads, mirrors or writes has the specification's name and D-Bus type",
        arguments: [
            (declared(MPRISMembers.canQuit), ("CanQuit", "b")),
            (declared(MPRISMembers.canRaise), ("CanRaise", "b")),
            (declared(MPRISMembers.hasTrackList), ("HasTrackList", "b")),
            (declared(MPRISMembers.identity), ("Identity", "s")),
            (declared(MPRISMembers.supportedUriSchemes), ("SupportedUriSchemes", "as")),
            (declared(MPRISMembers.supportedMimeTypes), ("SupportedMimeTypes", "as")),
            (declared(MPRISMembers.playbackStatus), ("PlaybackStatus", "s")),
            (declared(MPRISMembers.loopStatus), ("LoopStatus", "s")),
            (declared(MPRISMembers.rate), ("Rate", "d")),
            (declared(MPRISMembers.shuffle), ("Shuffle", "b")),
            (declared(MPRISMembers.metadata), ("Metadata", "a{sv}")),
            (declared(MPRISMembers.volume), ("Volume", "d")),
            (declared(MPRISMembers.position), ("Position", "x")),
            (declared(MPRISMembers.minimumRate), ("MinimumRate", "d")),
            (declared(MPRISMembers.maximumRate), ("MaximumRate", "d")),
            (declared(MPRISMembers.canGoNext), ("CanGoNext", "b")),
            (declared(MPRISMembers.canGoPrevious), ("CanGoPrevious", "b")),
            (declared(MPRISMembers.canPlay), ("CanPlay", "b")),
            (declared(MPRISMembers.canPause), ("CanPause", "b")),
            (declared(MPRISMembers.canSeek), ("CanSeek", "b")),
            (declared(MPRISMembers.canControl), ("CanControl", "b")),
        ] as [((String, String), (String, String))])
    func specification(_ declared: (String, String), _ specified: (String, String)) {
        #expect(declared == specified)
    }

    @Test("a property is in a player's map only with its type; as sent, a Metadata keeps its entries' order")
    func lookUp() {
        let metadata = Value.stringVariantDictionary([("xesam:title", .string("b")), ("mpris:trackid", .objectPath("/a"))])
        let properties: [String: Value] = ["Volume": .double(0.5), "Shuffle": .string("on"), "Metadata": metadata]
        #expect(MPRISMembers.volume.value(in: properties) == 0.5)
        #expect(MPRISMembers.volume.dbusValue(in: properties) == .double(0.5))
        #expect(MPRISMembers.shuffle.value(in: properties) == nil)
        #expect(MPRISMembers.shuffle.dbusValue(in: properties) == nil)
        #expect(MPRISMembers.rate.value(in: properties) == nil)
        #expect(MPRISMembers.metadata.dbusValue(in: properties) == metadata)
        #expect(MPRISMembers.metadata.value(in: properties) == ["xesam:title": .string("b"), "mpris:trackid": .objectPath("/a")])
        #expect(MPRISMembers.volume.value(in: ["Volume": .variant(.double(0.5))]) == nil, "a variant is not a double")
    }
}
