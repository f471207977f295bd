/// Text a person or a peer gave, as a message quotes it: at most a line's worth, so that an
/// argument of 100 KB never fills a log, a terminal or a D-Bus error; what is left out is
/// counted, so the message still says what was wrong with it. Control characters are written
/// as escapes (`\n`, `\u{1B}`), so quoted text can neither break a log into forged lines nor
/// send a terminal escape sequences through an error message.
public enum Quote {
    /// The most characters quoted.
    public static let longest = 60
    /// The most characters of a peer's error message quoted: a sentence or two (libdbus's own
    /// run to 210), never the pages a player may send.
    public static let longestMessage = 240

    /// `text` whole when it is short; else its start, "…", and how long it was; its control
    /// characters escaped either way.
    public static func text(_ text: String, longest: Int = longest) -> String {
        guard text.count > longest else { return escaped(Substring(text)) }
        return escaped(text.prefix(longest)) + "… (\(text.count) characters)"
    }

    private static func escaped(_ text: Substring) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return String(text) }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
}
