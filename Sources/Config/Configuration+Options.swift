import Core
import DBus

/// The configuration file's keys, one line each: its section, name, what it accepts, and
/// where the value goes. `config.example.toml` documents the same keys for people; a test
/// checks that the two list the same keys.
extension Configuration {
    struct Option {
        let section: String
        let key: String
        /// Stores the value, or says what is allowed instead.
        let read: (TOMLValue, inout Configuration) -> String?
    }

    static var options: [Option] {
        [
            .choice("service", "mode", \.mode),
            .integer("service", "call_timeout_ms", 1...60_000, unit: "ms", \.callTimeoutMilliseconds),
            .boolean("service", "mpris_proxy", \.mprisProxy),

            .names("players", "ignore", \.ignoredPlayers, normalize: Configuration.playerName),
            .names("players", "priority", \.playerPriority, normalize: Configuration.playerName),

            .integer("keys", "seek_step_ms", 100...600_000, unit: "ms", \.seekStepMilliseconds),
            .integer("keys", "seek_interval_ms", 50...10_000, unit: "ms", \.seekIntervalMilliseconds),
            .integer("keys", "headset_click_gap_ms", 50...2_000, unit: "ms", \.headsetClickGapMilliseconds),
            .integer("keys", "headset_hold_ms", 100...5_000, unit: "ms", \.headsetHoldMilliseconds),

            .boolean("devices", "read_keyboards", \.readKeyboards),
            .boolean("devices", "grab", \.grab),
            .names("devices", "include", \.includeDevices, normalize: Configuration.devicePattern),
            .names("devices", "exclude", \.excludeDevices, normalize: Configuration.devicePattern),

            .choice("shake", "action", \.shakeAction),
            .number("shake", "sensitivity", 0.3...16, unit: "g", \.shakeSensitivity),
            .number("shake", "max_duration_s", 0.5...60, unit: "s", \.longestShake),
        ]
    }

    /// A player as the file may name it: `vlc` or `org.mpris.MediaPlayer2.vlc`.
    static func playerName(_ name: String) -> Result<String, OptionMessage> {
        let prefix = "org.mpris.MediaPlayer2."
        let full = name.hasPrefix(prefix) ? name : prefix + name
        // The bus's own rules for a name.
        let valid = full.count > prefix.count && (try? BusName(full)) != nil
        return valid ? .success(full) : .failure(OptionMessage("'\(name)' is not an MPRIS player name (e.g. \"vlc\" or \"org.mpris.MediaPlayer2.vlc\")"))
    }

    /// A device name pattern: any non-empty text.
    static func devicePattern(_ pattern: String) -> Result<String, OptionMessage> {
        pattern.isEmpty ? .failure(OptionMessage("an empty pattern matches no device")) : .success(pattern)
    }

    struct OptionMessage: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }
}

extension Configuration.Option {
    static func boolean(_ section: String, _ key: String, _ path: WritableKeyPath<Configuration, Bool>) -> Self {
        Self(section: section, key: key) { value, configuration in
            guard case .boolean(let flag) = value else { return "must be true or false, not \(value.kind)" }
            configuration[keyPath: path] = flag
            return nil
        }
    }

    static func integer(
        _ section: String, _ key: String, _ range: ClosedRange<Int64>, unit: String, _ path: WritableKeyPath<Configuration, Int64>
    ) -> Self {
        ranged(section, key, range, allowed: "a whole number of \(unit)", path) { value in
            if case .integer(let number) = value { number } else { nil }
        }
    }

    /// A number with or without a fraction.
    static func number(
        _ section: String, _ key: String, _ range: ClosedRange<Double>, unit: String, _ path: WritableKeyPath<Configuration, Double>
    ) -> Self {
        ranged(section, key, range, allowed: "a number of \(unit)", path) { value in
            switch value {
            case .float(let number): number
            case .integer(let number): Double(number)
            default: nil
            }
        }
    }

    private static func ranged<Number: Comparable>(
        _ section: String, _ key: String, _ range: ClosedRange<Number>, allowed kind: String,
        _ path: WritableKeyPath<Configuration, Number>, _ number: @escaping (TOMLValue) -> Number?
    ) -> Self {
        Self(section: section, key: key) { value, configuration in
            let allowed = "\(kind) from \(range.lowerBound) to \(range.upperBound)"
            guard let number = number(value) else { return "must be \(allowed), not \(value.kind)" }
            guard range.contains(number) else { return "\(number) is out of range; allowed: \(allowed)" }
            configuration[keyPath: path] = number
            return nil
        }
    }

    static func choice<Choice: RawRepresentable & CaseIterable>(
        _ section: String, _ key: String, _ path: WritableKeyPath<Configuration, Choice>
    ) -> Self where Choice.RawValue == String {
        Self(section: section, key: key) { value, configuration in
            let allowed = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            guard case .string(let text) = value else { return "must be one of \(allowed), not \(value.kind)" }
            guard let choice = Choice(rawValue: text) else { return "\"\(text)\" is not allowed; allowed: \(allowed)" }
            configuration[keyPath: path] = choice
            return nil
        }
    }

    static func names(
        _ section: String, _ key: String, _ path: WritableKeyPath<Configuration, [String]>,
        normalize: @escaping (String) -> Result<String, Configuration.OptionMessage>
    ) -> Self {
        Self(section: section, key: key) { value, configuration in
            guard case .array(let items) = value else { return "must be an array of strings, like [\"a\", \"b\"], not \(value.kind)" }
            var names: [String] = []
            for item in items {
                guard case .string(let text) = item else { return "must be an array of strings; found \(item.kind) in it" }
                switch normalize(text) {
                case .success(let name): if !names.contains(name) { names.append(name) }
                case .failure(let message): return message.text
                }
            }
            configuration[keyPath: path] = names
            return nil
        }
    }
}
