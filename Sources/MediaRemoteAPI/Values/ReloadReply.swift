import DBusTypes

/// `Reload`'s reply: the settings (`section.key`) the service's command-line flags keep over
/// the file's, so that a reload never keeps a flag's value silently; empty when none.
public struct ReloadReply: SingleFieldBody, Hashable, Sendable {
    public var keptByFlags: [String]

    public init(keptByFlags: [String]) { self.keptByFlags = keptByFlags }

    public init(_ content: [String]) { keptByFlags = content }
    public var content: [String] { keptByFlags }
    public static var fieldName: String { "kept_by_flags" }
    public static var owner: String { "the Reload reply" }
}
