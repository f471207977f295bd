import DBusTypes
import Testing

@Suite("DBusError: its message inside a sentence of ours")
struct DBusErrorTests {
    @Test("a clause drops one closing full stop, and nothing else", arguments: [
        ("Did not receive a reply. Possible causes include: the remote application did not send a reply.",
         "Did not receive a reply. Possible causes include: the remote application did not send a reply"),
        ("no such player", "no such player"),
        ("", ""),
        ("wait...", "wait.."),
    ])
    func clause(_ message: String, _ expected: String) {
        #expect(DBusError(.failed, message).clause == expected)
    }
}
