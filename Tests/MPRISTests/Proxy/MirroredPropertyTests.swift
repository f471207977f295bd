import DBusTypes
import Testing

@testable import MPRIS

@Suite("The proxy's mirrored properties")
struct MirroredPropertyTests {
    @Test("the target's value as it sent it; its fallback when the target has none, or one of another type")
    func value() {
        let volume = MirroredProperty(MPRISMembers.volume, fallback: 1)
        #expect(volume.type == .double)
        #expect(volume.value(in: ["Volume": .double(0.25)]) == .double(0.25))
        #expect(volume.value(in: ["Volume": .int32(1)]) == .double(1))
        #expect(volume.value(in: [:]) == .double(1))
        let metadata = Value.stringVariantDictionary([("xesam:title", .string("b")), ("mpris:length", .int64(3)), ("xesam:album", .string("a"))])
        #expect(MirroredProperty(MPRISMembers.metadata, fallback: [:]).value(in: ["Metadata": metadata]) == metadata)
    }

    @Test("with nothing to control: Stopped, no metadata, rates and volume 1, every capability false, no URI scheme")
    func fallbacks() {
        let player = Dictionary(uniqueKeysWithValues: ProxyPlayer.mirroredProperties.map { ($0.name.rawValue, $0.fallback) })
        #expect(player == [
            "PlaybackStatus": .string("Stopped"), "LoopStatus": .string("None"), "Rate": .double(1), "Shuffle": .boolean(false),
            "Metadata": .stringVariantDictionary([]), "Volume": .double(1), "MinimumRate": .double(1), "MaximumRate": .double(1),
            "CanGoNext": .boolean(false), "CanGoPrevious": .boolean(false), "CanPlay": .boolean(false), "CanPause": .boolean(false),
            "CanSeek": .boolean(false),
        ])
        #expect(ProxyPlayer.mirroredRootProperties.map(\.fallback) == [.array(.string, []), .array(.string, [])])
        #expect(ProxyPlayer.lastPosition.fallback == .int64(0))
    }

    @Test("the writable four are written through; every mirrored property has its member's type")
    func writable() {
        #expect(ProxyPlayer.mirroredProperties.filter(\.isWritable).map(\.name) == ["LoopStatus", "Rate", "Shuffle", "Volume"])
        for property in ProxyPlayer.mirroredProperties + ProxyPlayer.mirroredRootProperties {
            #expect(property.fallback.type == property.type, "\(property.name)")
        }
    }
}
