import DBusTypes

/// The kinds of value a key can take, each reading a TOML value into the configuration and
/// saying what it allows when the value does not fit.
extension Configuration.Option {
    static func boolean(_ section: String, _ key: String, _ path: WritableKeyPath<Configuration, Bool> & Sendable) -> Self {
        Self(section: section, key: key, allowed: "true or false", path: path) { value, configuration in
            guard case .boolean(let flag) = value else { return ["must be true or false, not \(value.kind)"] }
            configuration[keyPath: path] = flag
            return []
        }
    }

    /// A time in whole milliseconds, kept as a `Duration`.
    static func milliseconds(
        _ section: String, _ key: String, _ range: ClosedRange<Int64>, _ path: WritableKeyPath<Configuration, Duration> & Sendable
    ) -> Self {
        ranged(section, key, range, unit: "ms", kind: "a whole number", path, as: Duration.milliseconds) { value in
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
    /// value `convert` makes of it.
    private static func ranged<Number: Comparable & CustomStringConvertible & Sendable, Stored: Equatable & Sendable>(
        _ section: String, _ key: String, _ range: ClosedRange<Number>, unit: String, kind: String,
        _ path: WritableKeyPath<Configuration, Stored> & Sendable, as convert: @escaping @Sendable (Number) -> Stored,
        _ number: @escaping @Sendable (TOMLValue) -> (Number, written: String)?
    ) -> Self {
        let allowed = "\(bound(range.lowerBound)) to \(bound(range.upperBound)) \(unit)"
        return Self(section: section, key: key, allowed: allowed, path: path) { value, configuration in
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

    static func choice<Choice: RawRepresentable & CaseIterable & Equatable & Sendable>(
        _ section: String, _ key: String, _ path: WritableKeyPath<Configuration, Choice> & Sendable
    ) -> Self where Choice.RawValue == String {
        let choices = Choice.allCases.map { "\"\($0.rawValue)\"" }
        let allowed = choices.dropLast().joined(separator: ", ") + (choices.count > 1 ? " or " : "") + (choices.last ?? "")
        return Self(section: section, key: key, allowed: allowed, path: path) { value, configuration in
            guard case .string(let text) = value else { return ["must be \(allowed), not \(value.kind)"] }
            guard let choice = Choice(rawValue: text) else { return ["\"\(Quote.text(text))\" is not allowed; allowed: \(allowed)"] }
            configuration[keyPath: path] = choice
            return []
        }
    }
}
