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

    /// A player may answer with kilobytes of error; the log line that quotes it stays a line.
    @Test("a long message is cut as a quote is, saying how long it was; libdbus's longest is whole")
    func longClause() {
        let long = String(repeating: "x", count: 5000)
        #expect(DBusError(.failed, long).clause == String(repeating: "x", count: Quote.longestMessage) + "… (5000 characters)")
        let libdbus = "Did not receive a reply. Possible causes include: the remote application did not send a reply, the message bus "
            + "security policy blocked the reply, the reply timeout expired, or the network connection was broken."
        #expect(DBusError(.failed, libdbus).clause == String(libdbus.dropLast()))
    }

    @Test("no reply in time is said in our words, not libdbus's list of five causes")
    func noReply() {
        let libdbus = "Did not receive a reply. Possible causes include: the remote application did not send a reply, the message bus "
            + "security policy blocked the reply, the reply timeout expired, or the network connection was broken."
        #expect(DBusError(.noReply, libdbus).clause == "no answer in time")
        #expect(DBusError(.timeout, "Connection timed out").clause == "no answer in time")
    }
}
