import DBusTypes
import Testing

@testable import InputService

/// Who holds the keys, as claims come and go and the seat changes hands.
@Suite("ClaimBook: the seat's active user's most recent claim holds the keys")
struct ClaimBookTests {
    let a: BusName = ":1.10"
    let b: BusName = ":1.11"
    let other: BusName = ":1.20"

    @Test("no claim, or nobody active on the seat: nobody holds the keys")
    func nobody() {
        var book = ClaimBook()
        book.seatChanged(activeUser: 1000)
        #expect(book.holder == nil)
        #expect(book.claim(a, user: 1000) == .claimed)
        book.seatChanged(activeUser: nil)
        #expect(book.holder == nil)
    }

    @Test("fast user switching moves the keys to the new active user's claim, and back")
    func switching() {
        var book = ClaimBook()
        book.seatChanged(activeUser: 1000)
        _ = book.claim(a, user: 1000)
        _ = book.claim(other, user: 1001)
        #expect(book.holder == a)
        book.seatChanged(activeUser: 1001)
        #expect(book.holder == other)
        book.seatChanged(activeUser: 1000)
        #expect(book.holder == a)
    }

    @Test("a user's second claim holds the keys; when it goes, the first holds them again")
    func secondClaim() {
        var book = ClaimBook()
        book.seatChanged(activeUser: 1000)
        _ = book.claim(a, user: 1000)
        _ = book.claim(b, user: 1000)
        #expect(book.holder == b)
        #expect(book.claim(a, user: 1000) == .alreadyClaimed)
        #expect(book.holder == b, "claiming again changes nothing")
        let released = book.release(b)
        #expect(released)
        #expect(book.holder == a)
        let again = book.release(b)
        #expect(!again, "a claim ends once")
        let first = book.release(a)
        #expect(first)
        #expect(book.holder == nil)
    }

    @Test("past the claims one user may hold, a claim is refused and nothing changes")
    func limit() {
        var book = ClaimBook()
        book.seatChanged(activeUser: 1000)
        for index in 0..<ClaimBook.claimsPerUser {
            #expect(book.claim(BusName(stringLiteral: ":1.\(100 + index)"), user: 1000) == .claimed)
        }
        let holder = book.holder
        #expect(book.claim(":1.999", user: 1000) == .tooMany)
        #expect(book.holder == holder)
        #expect(book.claim(other, user: 1001) == .claimed, "another user's limit is their own")
    }
}
