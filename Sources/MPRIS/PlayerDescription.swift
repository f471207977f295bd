import DBusTypes

/// What a player's root interface says it is, as resumption remembers it: its desktop entry's
/// id and its identity, each nil when it names none.
struct PlayerDescription: Equatable {
    let desktopEntry: String?
    let identity: String?

    /// From the root interface's properties. Some players name the file (`vlc.desktop`) where
    /// MPRIS asks for its base name.
    init(_ properties: [String: Value]) {
        let entry = MPRISMembers.desktopEntry.value(in: properties).map { $0.hasSuffix(".desktop") ? String($0.dropLast(8)) : $0 }
        desktopEntry = entry.flatMap { $0.isEmpty ? nil : $0 }
        identity = MPRISMembers.identity.value(in: properties).flatMap { $0.isEmpty ? nil : $0 }
    }
}
