import DBus
import DBusTypes
import MediaRemoteAPI

/// The proxy's two interfaces, each a table read top to bottom. What follows the target is
/// listed once, here: the tables and the announcements of changes (`+Mirroring`) are both made
/// from these lists.
extension ProxyPlayer {
    /// The Player interface's properties that follow the target, in the table's order, each with
    /// the value it has when there is none (every capability false then, as MPRIS asks).
    /// LoopStatus, Rate, Shuffle and Volume are written through to the target.
    static let mirroredProperties = [
        MirroredProperty(MPRISMembers.playbackStatus, fallback: "Stopped"),
        MirroredProperty(MPRISMembers.loopStatus, fallback: "None", writable: true),
        MirroredProperty(MPRISMembers.rate, fallback: 1, writable: true),
        MirroredProperty(MPRISMembers.shuffle, fallback: false, writable: true),
        MirroredProperty(MPRISMembers.metadata, fallback: [:]),
        MirroredProperty(MPRISMembers.volume, fallback: 1, writable: true),
        MirroredProperty(MPRISMembers.minimumRate, fallback: 1),
        MirroredProperty(MPRISMembers.maximumRate, fallback: 1),
        MirroredProperty(MPRISMembers.canGoNext, fallback: false),
        MirroredProperty(MPRISMembers.canGoPrevious, fallback: false),
        MirroredProperty(MPRISMembers.canPlay, fallback: false),
        MirroredProperty(MPRISMembers.canPause, fallback: false),
        MirroredProperty(MPRISMembers.canSeek, fallback: false),
    ]

    /// The root interface's properties that follow the target (OpenUri is forwarded to it, so
    /// what it accepts is what the proxy accepts).
    static let mirroredRootProperties = [
        MirroredProperty(MPRISMembers.supportedUriSchemes, fallback: []),
        MirroredProperty(MPRISMembers.supportedMimeTypes, fallback: []),
    ]

    /// `Position` as the tracker last had it: what a read of the target answered with a value
    /// of another type reads as.
    static let lastPosition = MirroredProperty(MPRISMembers.position, fallback: 0)

    func rootInterface() -> Interface {
        Interface(
            MPRISNames.root,
            methods: [
                // Nothing to raise or quit: the proxy has no window and is part of a service.
                Method(MPRISMembers.raise) { _, _ in NoArguments() },
                Method(MPRISMembers.quit) { _, _ in NoArguments() },
            ],
            properties: [
                own(MPRISMembers.canQuit, changeSignal: .constant) { false },
                own(MPRISMembers.canRaise, changeSignal: .constant) { false },
                own(MPRISMembers.hasTrackList, changeSignal: .constant) { false },
                own(MPRISMembers.identity) { [weak self] in self?.identity ?? "MediaRemote" },
            ] + ProxyPlayer.mirroredRootProperties.map { property in
                Property(property.name, property.type, changeSignal: .invalidates, get: { [weak self] in
                    self?.mirror(property, root: true) ?? property.fallback
                })
            })
    }

    func playerInterface() -> Interface {
        Interface(
            MPRISNames.player,
            methods: [
                event(MPRISMembers.next, .nextTrack), event(MPRISMembers.previous, .previousTrack), event(MPRISMembers.pause, .pause),
                event(MPRISMembers.playPause, .togglePlayPause), event(MPRISMembers.stop, .stop), event(MPRISMembers.play, .play),
                forward(MPRISMembers.seek), forward(MPRISMembers.setPosition), forward(MPRISMembers.openUri),
            ],
            properties: ProxyPlayer.mirroredProperties.map(mirroring) + [
                // Always true: the proxy takes every call, and the rules decide where it goes.
                own(MPRISMembers.canControl, changeSignal: .none) { true },
                position(),
            ],
            signals: [SignalMember(MPRISMembers.seeked)])
    }

    /// A transport method: a remote-control event through the rules, answered once dispatched.
    private func event(_ method: TypedMethod<NoArguments, NoArguments>, _ subtype: RemoteControlSubtype) -> Method {
        .deferred(method) { [weak self] _, call in
            guard let self, let rules = self.rules else { return call.reply() }
            rules.dispatchFromProxy(subtype) { call.reply() }
        }
    }

    /// A property of the proxy's own, whose getter gives its member's Swift type.
    private func own<Content>(
        _ property: TypedProperty<Content>, changeSignal: Property.ChangeSignal = .emitsValue, get: @escaping () -> Content
    ) -> Property {
        Property(property.name, Content.dbusType, changeSignal: changeSignal, get: { get().dbusValue })
    }

    /// A Player property that follows the target; a writable one's `Set` goes to the target.
    /// Weak: a write or read through may finish after a reload turned the proxy off.
    private func mirroring(_ property: MirroredProperty) -> Property {
        let get = { [weak self] in self?.mirror(property) ?? property.fallback }
        guard property.isWritable else { return Property(property.name, property.type, get: get) }
        return .writeThrough(property.name, property.type, get: get) { [weak self] value, done in
            guard let self else { return done(nil) }
            self.writeThrough(property.name, value, done)
        }
    }

    /// `Position`, never signalled: read from the target for each `Get` and `GetAll`.
    private func position() -> Property {
        let last = ProxyPlayer.lastPosition
        return .readThrough(last.name, last.type, fallback: { [weak self] in self?.mirror(last) ?? last.fallback }) { [weak self] answer in
            guard let self else { return answer(.int64(0)) }
            // A player that does not answer its Position is at 0 as far as anyone can tell.
            self.readPosition { answer($0 ?? .int64(0)) }
        }
    }
}
