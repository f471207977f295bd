import DBusTypes
import MediaRemoteAPI
import Testing

@Suite("The contract's words: subtypes, phases, sources, discard reasons")
struct WordsTests {
    @Test("subtype names parse from and print to the bus's strings; another is InvalidArgs naming the allowed ones")
    func subtypeNames() throws {
        for subtype in EventSubtype.allCases {
            #expect(try EventSubtype(parsing: subtype.description) == subtype)
        }
        #expect(EventSubtype.allCases.count == 11)
        #expect(try EventSubtype(parsing: "nextTrack") == .remoteControl(.nextTrack) && EventSubtype(parsing: "shake") == .shake)
        #expect(EventSubtype.allCases.filter { $0.type == .remoteControl }.count == 10)
        #expect(throws: DBusError.self) { try EventSubtype(parsing: "fastForward") }
        do throws(DBusError) {
            _ = try EventSubtype(parsing: "Play")
            Issue.record("'Play' parsed")
        } catch {
            #expect(error.name == .invalidArgs)
            #expect(error.message.hasPrefix("'Play' is not an event subtype; use one of play, pause, togglePlayPause"))
        }
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
