/// The character rules the D-Bus specification gives for names and paths, in one place.
enum NameRules {
    static let maximumLength = 255

    static func isAlpha(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }
    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    /// `[A-Za-z0-9_]`, the characters of interface, member and path elements.
    static func isElementCharacter(_ c: UInt8) -> Bool { isAlpha(c) || isDigit(c) || c == 0x5F }

    /// Checks a dotted name (interface, error or well-known bus name); returns why it is
    /// invalid, or nil.
    static func dottedNameProblem(
        _ string: String,
        allowHyphen: Bool,
        allowLeadingDigit: Bool
    ) -> String? {
        let bytes = Array(string.utf8)
        if bytes.isEmpty { return "it is empty" }
        if bytes.count > maximumLength { return "it is longer than \(maximumLength) bytes" }
        let elements = bytes.split(separator: 0x2E, omittingEmptySubsequences: false)
        if elements.count < 2 { return "it needs at least two elements separated by '.'" }
        for element in elements {
            guard let first = element.first else { return "it has an empty element" }
            if !allowLeadingDigit && isDigit(first) { return "an element starts with a digit" }
            for c in element where !(isElementCharacter(c) || (allowHyphen && c == 0x2D)) {
                return "it contains '\(Character(Unicode.Scalar(c)))', which is not allowed"
            }
        }
        return nil
    }
}
