import DBusTypes
import MediaRemoteAPI
import Testing

@Suite("SendRemoteControlEvent's reply: one encoding, one decoding")
struct SendRemoteControlEventReplyTests {
    static let handled = SendRemoteControlEventReply(handledBy: ObjectAddress(busName: ":1.42", path: "/org/example/Player"))
    static let discarded = SendRemoteControlEventReply(handledBy: nil)

    @Test("handled and discarded read back as they were sent", arguments: [handled, discarded])
    func roundTrips(_ reply: SendRemoteControlEventReply) throws {
        #expect(try roundTrip(reply) == reply)
    }

    @Test("discarded is \"\" and \"/\" on the bus")
    func discardedOnTheBus() {
        #expect(Self.discarded.arguments == [.boolean(false), .string(""), .objectPath(.root)])
    }

    @Test("a path sent as a string is named")
    func wrongType() {
        let arguments = Self.handled.arguments.replacing(2, with: .string("/org/example/Player"))
        #expect(failure(reading: arguments, as: SendRemoteControlEventReply.self)
            == "the SendRemoteControlEvent reply's path: expected a value of type 'o', got 's'")
    }
}
