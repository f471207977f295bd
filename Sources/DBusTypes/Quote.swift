/// Text a person or a peer gave, as a message quotes it: at most a line's worth, so that an
/// argument of 100 KB never fills a log, a terminal or a D-Bus error; what is left out is
/// counted, so the message still says what was wrong with it.
public enum Quote {
    /// The most characters quoted.
    public static let longest = 60
    /// The most characters of a peer's error message quoted: a sentence or two (libdbus's own
    /// run to 210), never the pages a player may send.
    public static let longestMessage = 240

    /// `text` whole when it is short; else its start, "…", and how long it was.
    public static func text(_ text: String, longest: Int = longest) -> String {
        guard text.count > longest else { return text }
        return text.prefix(longest) + "… (\(text.count) characters)"
    }
}
