/// Reading a configuration from TOML text: every key known, of the right type, in range.
extension Configuration {
    /// The configuration `text` describes, over the defaults. `file` names it in errors.
    public init(toml text: String, file: String) throws(ConfigurationError) {
        self.init()
        let document: TOMLDocument
        do throws(TOMLSyntaxError) {
            document = try TOMLParser.parse(text)
        } catch {
            throw ConfigurationError(file: file, problems: [.init(line: error.line, key: nil, message: error.message)])
        }
        let options = Configuration.options
        let sections = Set(options.map(\.section))
        var problems: [ConfigurationError.Problem] = []
        let unknownSections = document.sections.filter { $0.key.count != 1 || !sections.contains($0.key[0]) }
        for section in unknownSections {
            let name = section.key.joined(separator: ".")
            problems.append(.init(line: section.line, key: "[\(name)]", message: "unknown section; the sections are \(Configuration.sectionList)"))
        }
        for entry in document.entries {
            // Said once, at the section's header.
            if unknownSections.contains(where: { entry.key.starts(with: $0.key) }) { continue }
            let dotted = entry.key.joined(separator: ".")
            guard entry.key.count > 1 else {
                problems.append(.init(line: entry.line, key: dotted, message: "every key belongs in a section: \(Configuration.sectionList)"))
                continue
            }
            let section = entry.key[0]
            guard sections.contains(section) else {
                problems.append(.init(line: entry.line, key: dotted, message: "unknown section '\(section)'; the sections are \(Configuration.sectionList)"))
                continue
            }
            let key = entry.key.dropFirst().joined(separator: ".")
            if let retired = Configuration.retiredKeys[dotted] {
                problems.append(.init(line: entry.line, key: dotted, message: retired))
                continue
            }
            guard let option = options.first(where: { $0.section == section && $0.key == key }) else {
                let keys = options.filter { $0.section == section }.map(\.key).joined(separator: ", ")
                problems.append(.init(line: entry.line, key: dotted, message: "unknown key; [\(section)] has \(keys)"))
                continue
            }
            for message in option.read(entry.value, &self) {
                problems.append(.init(line: entry.line, key: dotted, message: message))
            }
        }
        if !problems.isEmpty { throw ConfigurationError(file: file, problems: problems) }
    }

    /// Keys that once were, with what to do instead: a file written for an older MediaRemote is
    /// told what changed, not that the key is unknown.
    static let retiredKeys = [
        "devices.grab": "no longer a setting: every device MediaRemote reads is taken over (grabbed, its other keys passed on) "
            + "whenever /dev/uinput is writable; remove this line",
    ]

    static var sectionList: String {
        var seen: [String] = []
        for option in options where !seen.contains(option.section) { seen.append(option.section) }
        return seen.map { "[\($0)]" }.joined(separator: ", ")
    }
}
