import DBusTypes
import MediaRemoteAPI
import Testing

@Suite("Responder1's call and reply: one encoding, one decoding")
struct ResponderCallTests {
    @Test("a call and a reply read back as they were sent")
    func roundTrips() throws {
        let call = ResponderCall(subtype: "nextTrack", timestamp: 5_012_394_120)
        #expect(try roundTrip(call) == call)
        #expect(try roundTrip(ResponderReply(handled: true)) == ResponderReply(handled: true))
    }

    @Test("a timestamp sent as a signed number is named")
    func wrongType() {
        #expect(failure(reading: [.string("play"), .int64(1)], as: ResponderCall.self)
            == "a Responder1 call's timestamp: expected a value of type 't', got 'x'")
    }
}
