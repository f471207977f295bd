import DBusTypes
import MediaRemoteAPI
import Testing

@Suite("EventDispatched: one encoding, one decoding")
struct EventDispatchedTests {
    static let handled = EventDispatched(
        type: "remoteControl", subtype: "nextTrack", phase: nil, timestamp: 5_012_394_120, source: "key",
        outcome: .handled(by: ObjectAddress(busName: "org.mpris.MediaPlayer2.mpv", path: "/org/mpris/MediaPlayer2")))
    static let discarded = EventDispatched(
        type: "motion", subtype: "shake", phase: "began", timestamp: 1, source: "simulated", outcome: .discarded(reason: "noFirstResponder"))

    @Test("a handled and a discarded event read back as they were sent", arguments: [handled, discarded])
    func roundTrips(_ event: EventDispatched) throws {
        #expect(try roundTrip(event) == event)
    }

    @Test("no answer in time: not handled, the reason noAnswer, and who was sent it in bus_name and path")
    func unanswered() throws {
        let sentTo = ObjectAddress(busName: ":1.42", path: "/slow")
        let unanswered = EventDispatched(
            type: "remoteControl", subtype: "play", phase: nil, timestamp: 7, source: "api", outcome: .unanswered(by: sentTo))
        #expect(try roundTrip(unanswered) == unanswered)
        #expect(try roundTrip(unanswered).outcome.unansweredBy == sentTo)
        #expect(unanswered.arguments[5] == .boolean(false))
        #expect(Array(unanswered.arguments[6 ... 8]) == [.string(":1.42"), .objectPath("/slow"), .string("noAnswer")])
        // noAnswer from nobody is not an outcome the service sends.
        let nobody = unanswered.arguments.replacing(6, with: .string("")).replacing(7, with: .objectPath(.root))
        #expect(failure(reading: nobody, as: EventDispatched.self) == "EventDispatched: no answer, but from nobody")
    }

    @Test("the bus says none with \"\" and \"/\"")
    func none() {
        #expect(Self.handled.arguments[2] == .string(""))
        #expect(Self.handled.arguments[8] == .string(""))
        #expect(Array(Self.discarded.arguments[6 ... 7]) == [.string(""), .objectPath(.root)])
    }

    @Test("an argument of another type is named")
    func wrongType() {
        let arguments = Self.handled.arguments.replacing(3, with: .string("soon"))
        #expect(failure(reading: arguments, as: EventDispatched.self) == "EventDispatched's timestamp: expected a value of type 't', got 's'")
    }

    @Test("a missing argument is counted")
    func missing() {
        #expect(failure(reading: Array(Self.handled.arguments.dropLast()), as: EventDispatched.self)
            == "EventDispatched has 9 fields ('ssstsbsos'), got 8 ('ssstsbso')")
    }

    @Test("an outcome the service never sends is refused, not half read")
    func impossibleOutcomes() {
        #expect(failure(reading: Self.handled.arguments.replacing(8, with: .string("declined")), as: EventDispatched.self)
            == "EventDispatched: a handled event with the reason 'declined'")
        #expect(failure(reading: Self.discarded.arguments.replacing(6, with: .string(":1.5")), as: EventDispatched.self)
            == "EventDispatched: a discarded event handled by ':1.5' at /")
        #expect(failure(reading: Self.handled.arguments.replacing(6, with: .string("")).replacing(7, with: .objectPath(.root)),
                        as: EventDispatched.self)
            == "EventDispatched: a handled event without its handler")
        #expect(failure(reading: Self.discarded.arguments.replacing(7, with: .objectPath("/app")), as: EventDispatched.self)
            == "EventDispatched: an object path (/app) without a bus name")
    }

    @Test("a handler that is not a bus name is refused")
    func handlerNotABusName() {
        #expect(failure(reading: Self.handled.arguments.replacing(6, with: .string("mpv")), as: EventDispatched.self)
            == "EventDispatched: 'mpv' is not a valid bus name: it needs at least two elements separated by '.'")
    }
}
