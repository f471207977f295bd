import DBusTypes
import MediaRemoteAPI
import Testing

@Suite("The contract's words: subtypes, phases, sources, discard reasons")
struct WordsTests {
    @Test("the subtypes: the ten remote-control ones, and shake")
    func subtypes() {
        #expect(EventSubtype.allCases.map(\.rawValue) == RemoteControlSubtype.allCases.map(\.rawValue) + ["shake"])
        #expect(EventSubtype.allCases.filter { $0.type == .remoteControl }.count == 10 && EventSubtype.shake.type == .motion)
    }

    @Test("a remote-control subtype parses from the bus's word; shake is sent elsewhere, and another word is told the ten")
    func remoteControlNames() throws {
        for subtype in RemoteControlSubtype.allCases { #expect(try RemoteControlSubtype(parsing: subtype.rawValue) == subtype) }
        #expect(throws: DBusError.invalidArgs("'shake' is a motion subtype; use SimulateMotion")) { try RemoteControlSubtype(parsing: "shake") }
        #expect(throws: DBusError.invalidArgs(
            "'Play' is not a remote-control subtype; use one of play, pause, togglePlayPause, stop, nextTrack, previousTrack, "
                + "beginSeekingBackward, endSeekingBackward, beginSeekingForward, endSeekingForward")) { try RemoteControlSubtype(parsing: "Play") }
    }

    @Test("a seek's beginning and end name each other; nothing else is a seek")
    func seekPairs() {
        for subtype in RemoteControlSubtype.allCases {
            if let end = subtype.endOfSeek { #expect(end.beginningOfSeek == subtype) }
            #expect(subtype.isSeek == subtype.rawValue.contains("Seeking"))
            #expect(subtype.beginsSeek == subtype.rawValue.hasPrefix("beginSeeking"))
        }
    }

    @Test("every discard reason has its own sentence")
    func discardReasons() {
        let sentences = DiscardReason.allCases.map(\.explanation)
        #expect(Set(sentences).count == DiscardReason.allCases.count)
        #expect(sentences.allSatisfy { !$0.isEmpty && $0.first!.isLowercase })
    }
}
