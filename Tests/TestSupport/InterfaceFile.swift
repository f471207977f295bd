import Foundation

/// The D-Bus interface files in dbus/, as the tests compare them with what a service introspects.
public enum InterfaceFile {
    public static func read(_ name: String) throws -> String {
        try String(contentsOf: BuiltProducts.repositoryRoot.appendingPathComponent("dbus/\(name)"), encoding: .utf8)
    }

    /// The XML with its comments (and the lines they leave empty) removed.
    public static func withoutComments(_ xml: String) -> String {
        var text = xml
        while let start = text.range(of: "<!--"), let end = text.range(of: "-->", range: start.upperBound..<text.endIndex) {
            text.removeSubrange(start.lowerBound..<end.upperBound)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.allSatisfy(\.isWhitespace) }
            .joined(separator: "\n") + "\n"
    }

    /// From `<interface` to `</interface>`, comments removed.
    public static func interfaceBlock(_ xml: String) -> String {
        let text = withoutComments(xml)
        guard let start = text.range(of: "  <interface"), let end = text.range(of: "</interface>") else { return "" }
        return String(text[start.lowerBound..<end.upperBound])
    }
}
