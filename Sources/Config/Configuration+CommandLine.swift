/// A key of the file given on a command line instead (`mediaremotectl motion replay
/// --sensitivity`), checked by the key's one declaration in ``options``: a flag takes exactly
/// what the file takes, and says so in the same words.
extension Configuration {
    /// What `section.key` accepts, as its problems say it: "0.3 to 16 g" for shake.sensitivity.
    public static func allowed(_ section: String, _ key: String) -> String { option(section, key).allowed }

    /// This configuration with `value` for `section.key`, or nil when the key does not take it
    /// (a value of the wrong kind, or out of its range).
    public func setting(_ section: String, _ key: String, to value: TOMLValue) -> Configuration? {
        var changed = self
        return Self.option(section, key).read(value, &changed).isEmpty ? changed : nil
    }

    /// A key the caller names in code: one that is not declared is a mistake in that code.
    private static func option(_ section: String, _ key: String) -> Option {
        guard let option = options.first(where: { $0.section == section && $0.key == key }) else {
            preconditionFailure("the configuration has no key \(key) in [\(section)]")
        }
        return option
    }
}
