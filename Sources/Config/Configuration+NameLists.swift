import DBusTypes

/// A key that holds a list of names (players, device patterns): each entry normalised, and
/// each named once. Two entries for one name are a mistake worth saying: merged silently, they
/// would hide a slip (an entry meant for another name), and in a priority list leave unclear
/// which place was meant. A flag for such a key adds one name to the list (`--ignore-player vlc`,
/// repeatable) rather than replace it, and a name already there is not added again.
extension Configuration.Option {
    static func names<Name: Hashable & Sendable>(
        _ section: String, _ key: String, _ entries: Configuration.Entries, _ path: WritableKeyPath<Configuration, [Name]> & Sendable,
        normalize: @escaping @Sendable (String) -> Result<Name, Configuration.OptionMessage>,
        flag: (name: String, placeholder: String)? = nil
    ) -> Self {
        let names = entries.many
        return Self(
            section: section, key: key, allowed: names, path: path,
            argument: Argument(allowed: entries.one, quoted: true) { .array([.string($0)]) },
            flag: flag.map { Flag(name: $0.name, use: .appending(placeholder: $0.placeholder)) },
            combine: { added, list in list += added.filter { !list.contains($0) } }
        ) { value, configuration in
            guard case .array(let items) = value else { return ["must be an array of \(names), not \(value.kind)"] }
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item else { return ["must be an array of \(names); found \(item.kind) in it"] }
                texts.append(text)
            }
            var problems: [String] = []
            var list: [Name] = []
            // Where each name was first listed: its entry (from 1) and how it was written.
            var first: [Name: (entry: Int, text: String)] = [:]
            for (offset, text) in texts.enumerated() {
                switch normalize(text) {
                case .failure(let message):
                    problems.append(message.text)
                case .success(let name):
                    if let earlier = first[name] {
                        let spelling = earlier.text == text ? "" : " (\"\(earlier.text)\")"
                        problems.append("entry \(offset + 1) (\"\(Quote.text(text))\") repeats entry \(earlier.entry)\(spelling)")
                    } else {
                        first[name] = (offset + 1, text)
                        list.append(name)
                    }
                }
            }
            if problems.isEmpty { configuration[keyPath: path] = list }
            return problems
        }
    }
}
