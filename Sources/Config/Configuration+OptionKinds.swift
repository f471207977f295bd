import DBusTypes

/// The kinds of value a key can take, each reading a TOML value into the configuration and
/// saying what it allows when the value does not fit, and reading a command line's text as the
/// value the file would hold (``Argument``). A key with a daemon flag names it here: a
/// boolean's flag is a switch, another kind's takes a value (`("--mode", "MODE")`: the flag
/// and its placeholder in the usage).
extension Configuration.Option {
    /// A switch turns it on (`--read-keyboards`); its negation, when it has one, off.
    static func boolean(
        _ section: String, _ key: String, _ path: WritableKeyPath<Configuration, Bool> & Sendable, flag: String? = nil, negation: String? = nil
    ) -> Self {
        let argument = Argument(allowed: "true or false", quoted: true) { text in
            switch text {
            case "true": .boolean(true)
            case "false": .boolean(false)
            default: .string(text)
            }
        }
        return Self(
            section: section, key: key, allowed: "true or false", path: path, argument: argument,
            flag: flag.map { Flag(name: $0, use: .toggle(negation: negation)) }
        ) { value, configuration in
            guard case .boolean(let flag) = value else { return ["must be true or false, not \(value.kind)"] }
            configuration[keyPath: path] = flag
            return []
        }
    }

    /// A time in whole milliseconds, kept as a `Duration`.
    static func milliseconds(
        _ section: String, _ key: String, _ range: ClosedRange<Int64>, _ path: WritableKeyPath<Configuration, Duration> & Sendable,
        flag: (name: String, placeholder: String)? = nil
    ) -> Self {
        ranged(section, key, range, unit: "ms", kind: "a whole number", path, as: Duration.milliseconds, flag: flag) { value in
            if case .integer(let number, let written) = value { (number, written) } else { nil }
        }
    }

    /// A time in seconds, with or without a fraction, kept as a `Duration`.
    static func seconds(
        _ section: String, _ key: String, _ range: ClosedRange<Double>, _ path: WritableKeyPath<Configuration, Duration> & Sendable
    ) -> Self {
        ranged(section, key, range, unit: "s", kind: "a number", path, as: Duration.seconds, fractional)
    }

    /// A number with or without a fraction.
    static func number(
        _ section: String, _ key: String, _ range: ClosedRange<Double>, unit: String, _ path: WritableKeyPath<Configuration, Double> & Sendable
    ) -> Self {
        ranged(section, key, range, unit: unit, kind: "a number", path, as: { $0 }, fractional)
    }

    /// A float or an integer as a number with a fraction, and as written.
    private static func fractional(_ value: TOMLValue) -> (Double, written: String)? {
        switch value {
        case .float(let number, let written): (number, written)
        case .integer(let number, let written): (Double(number), written)
        default: nil
        }
    }

    /// A number in `range`, checked as written (a problem quotes it so), then stored as the
    /// value `convert` makes of it. On a command line it is written as in the file (`1_000`,
    /// `+5`), and shown as written when refused.
    private static func ranged<Number: Comparable & CustomStringConvertible & Sendable, Stored: Equatable & Sendable>(
        _ section: String, _ key: String, _ range: ClosedRange<Number>, unit: String, kind: String,
        _ path: WritableKeyPath<Configuration, Stored> & Sendable, as convert: @escaping @Sendable (Number) -> Stored,
        flag: (name: String, placeholder: String)? = nil, _ number: @escaping @Sendable (TOMLValue) -> (Number, written: String)?
    ) -> Self {
        let allowed = "\(bound(range.lowerBound)) to \(bound(range.upperBound)) \(unit)"
        let argument = Argument(allowed: allowed, quoted: false) { TOMLParser.number($0) ?? .string($0) }
        return Self(
            section: section, key: key, allowed: allowed, path: path, argument: argument,
            flag: flag.map { Flag(name: $0.name, use: .value(placeholder: $0.placeholder)) }
        ) { value, configuration in
            guard let (number, written) = number(value) else {
                // A number of the wrong kind (1e3 for a whole number) is quoted as written.
                let found: String = switch value {
                case .integer(_, let written), .float(_, let written): written
                default: value.kind
                }
                return ["must be \(kind) (\(allowed)), not \(Quote.text(found))"]
            }
            guard range.contains(number) else { return ["\(Quote.text(written)) is out of range; allowed: \(allowed)"] }
            configuration[keyPath: path] = convert(number)
            return []
        }
    }

    /// A range's bound as a person writes it: 16, not 16.0.
    private static func bound(_ number: some CustomStringConvertible) -> String {
        let text = number.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// One of `Choice`'s words: quoted in the file, bare on a command line (a shell takes the
    /// quotes away).
    static func choice<Choice: RawRepresentable & CaseIterable & Equatable & Sendable>(
        _ section: String, _ key: String, _ path: WritableKeyPath<Configuration, Choice> & Sendable,
        flag: (name: String, placeholder: String)? = nil
    ) -> Self where Choice.RawValue == String {
        let words = Choice.allCases.map(\.rawValue)
        let allowed = alternatives(words.map { "\"\($0)\"" })
        return Self(
            section: section, key: key, allowed: allowed, path: path, argument: Argument(allowed: alternatives(words), quoted: true) { .string($0) },
            flag: flag.map { Flag(name: $0.name, use: .value(placeholder: $0.placeholder)) }
        ) { value, configuration in
            guard case .string(let text) = value else { return ["must be \(allowed), not \(value.kind)"] }
            guard let choice = Choice(rawValue: text) else { return ["\"\(Quote.text(text))\" is not allowed; allowed: \(allowed)"] }
            configuration[keyPath: path] = choice
            return []
        }
    }

    /// "a, b or c".
    private static func alternatives(_ words: [String]) -> String {
        words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
    }
}
