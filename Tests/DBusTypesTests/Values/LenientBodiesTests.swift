import DBusTypes
import Testing

@Suite("Property maps from peers we do not control: read leniently, never dropped")
struct LenientBodiesTests {
    @Test("GetAll: string keys kept with their values unwrapped; anything else left out, another shape empty")
    func propertyMap() {
        let mixed = Value.dictionary(key: .string, value: .variant, [
            .init(.string("PlaybackStatus"), .variant(.string("Playing"))), .init(.string("Volume"), .variant(.variant(.double(0.5)))),
        ])
        #expect(LenientPropertyMap(arguments: [mixed]).properties == ["PlaybackStatus": .string("Playing"), "Volume": .double(0.5)])
        let numbered = Value.dictionary(key: .uint32, value: .variant, [.init(.uint32(1), .variant(.boolean(true)))])
        for strange in [[numbered], [.string("nothing")], [.array(.string, [.string("not a dictionary")])], []] as [[Value]] {
            #expect(LenientPropertyMap(arguments: strange).properties == [:], "\(strange)")
        }
        // The strict body refuses what the lenient one reads as empty.
        #expect(throws: DBusError.self) { try AllProperties(arguments: [numbered]) }
    }

    @Test("PropertiesChanged: three arguments needed; a changed map or invalidated list of another shape is none")
    func change() throws {
        let change = try LenientPropertiesChange(arguments: [
            .string("org.mpris.MediaPlayer2.Player"), .stringVariantDictionary([("Shuffle", .boolean(true))]),
            .array(.string, [.string("Metadata")]),
        ])
        #expect(change.interface == "org.mpris.MediaPlayer2.Player")
        #expect(change.changed == ["Shuffle": .boolean(true)])
        #expect(change.invalidated == ["Metadata"])
        let strange = try LenientPropertiesChange(arguments: [.int32(1), .string("x"), .array(.int32, [.int32(2)])])
        #expect(strange.interface == "" && strange.changed == [:] && strange.invalidated == [])
        #expect(throws: DBusError.self) { try LenientPropertiesChange(arguments: [.string("a"), .string("b")]) }
    }
}
