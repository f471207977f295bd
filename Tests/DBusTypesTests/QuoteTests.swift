import DBusTypes
import Testing

/// How a message quotes what a person or a peer gave: short, and with no control character left
/// to forge a log line or drive a terminal.
@Suite("Quote")
struct QuoteTests {
    @Test(
        "control characters are escaped; other text is as it came",
        arguments: [
            ("play", "play"), ("play\nnext", "play\\nnext"), ("\u{1B}[31mred", "\\u{1B}[31mred"), ("a\tb\r", "a\\tb\\r"),
            ("\u{7F}", "\\u{7F}"), ("héllo ♪", "héllo ♪"),
        ])
    func escapes(_ text: String, _ quoted: String) {
        #expect(Quote.text(text) == quoted)
    }

    @Test("a long text is cut, its length counted as it came, the kept part escaped")
    func long() {
        let text = "\n" + String(repeating: "x", count: 99)
        #expect(Quote.text(text, longest: 3) == "\\nxx… (100 characters)")
    }
}
