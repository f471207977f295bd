import DBusTypes

/// The daemon's flags that stand for keys of the file, declared with their keys
/// (``Configuration/Option/flag``): `mediaremoted` looks each argument up here, and reads the
/// flag's text by its key's kind, so a flag takes exactly what the file takes, checked by the
/// same `read`, and is refused in the words of the key's `allowed`. Its flags that are no key
/// (`--config`, `--input-dir`…) are its own.
extension Configuration.Option {
    public struct Flag: Sendable, Equatable {
        public enum Use: Sendable, Equatable {
            /// `--mode strict`: the next argument is the key's value.
            case value(placeholder: String)
            /// `--mpris-proxy` sets the key true; its negation (`--no-mpris-proxy`), if any, false.
            case toggle(negation: String?)
            /// `--ignore-player vlc`: the next argument is added to the key's list; repeatable.
            case appending(placeholder: String)
        }

        public let name: String
        public let use: Use

        /// The flag, and its negation when it has one.
        public var spellings: [String] {
            if case .toggle(let negation?) = use { [name, negation] } else { [name] }
        }

        /// Whether it adds to the file's list rather than replace the key's value: then the file's
        /// entries are not kept over by the flag.
        public var adds: Bool {
            if case .appending = use { true } else { false }
        }

        /// As a usage line writes it: `--mode MODE`, `--read-keyboards`.
        public var usage: String {
            switch use {
            case .value(let placeholder), .appending(let placeholder): "\(name) \(placeholder)"
            case .toggle: name
            }
        }
    }

    /// What `given` does when it is this key's flag: the change it makes (taking its value
    /// from `next`), or why it is refused; nil when it is not this key's flag.
    func change(forFlag given: String, next: () -> String?) -> Result<Configuration.Change, Configuration.OptionMessage>? {
        guard let flag, flag.spellings.contains(given) else { return nil }
        let takes = "\(flag.name) takes \(argument.allowed)"
        switch flag.use {
        case .toggle:
            return changeTo(.boolean(given == flag.name))
        case .value:
            guard let text = next() else { return .failure(Configuration.OptionMessage(takes)) }
            // Quoted when it is a word, or when a space or nothing would not be seen.
            let unseen = text.isEmpty || text.first?.isWhitespace == true || text.last?.isWhitespace == true
            let shown = argument.quoted || unseen ? "'\(Quote.text(text))'" : Quote.text(text)
            return changeTo(argument.value(text)).mapError { _ in Configuration.OptionMessage("\(takes), not \(shown)") }
        case .appending:
            // The entry's own problem names it and says what an entry may be.
            guard let text = next() else { return .failure(Configuration.OptionMessage(takes)) }
            return changeTo(argument.value(text)).mapError { Configuration.OptionMessage("\(flag.name): \($0.text)") }
        }
    }
}

extension Configuration {
    /// The keys the daemon has a flag for, in the file's order.
    public static var flagged: [Option] { options.filter { $0.flag != nil } }

    /// What the option flag `argument` does: the change it makes to the configuration (taking
    /// its value from `next` when it takes one), or why it is refused, in a sentence that names
    /// the flag; nil when `argument` is no key's flag.
    public static func change(forFlag argument: String, next: () -> String?) -> Result<Change, OptionMessage>? {
        for option in options {
            if let change = option.change(forFlag: argument, next: next) { return change }
        }
        return nil
    }
}
