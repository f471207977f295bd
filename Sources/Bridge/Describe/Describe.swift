import Core
import DBusTypes
import Input
import MediaRemoteAPI
import MPRIS
import Time

/// The bridge's `Describe*` replies, for tools: pure functions from what the parts hold (the
/// rules' state at a moment, the streams matched, the devices seen) to the contract's values.
/// Nothing here reads a part's fields; the coordinator hands each what it asks for.
enum Describe {
    /// Every tracked player with what `mediaremotectl players` shows: its app, status,
    /// capabilities, receiving, when it last started playing, why it is or is not Now Playing,
    /// and its sound (audible, silent or unknown, and the streams matched to it); then the
    /// players ignored, each with the rule that ignores it; then the last player, once it has
    /// quit, with what a play with no player does about it.
    static func players(
        _ registry: Registry, at now: MonotonicInstant, streams: (AppID) -> [String],
        ignored: [(name: BusName, owner: BusName, listedAs: BusName)], resumption: Resumption = Resumption()
    ) -> DescribePlayersReply {
        let nowPlaying = registry.nowPlaying(at: now)
        let players = registry.players.map { app, player, receiving in
            DescribePlayersReply.Player(
                name: player.busName, app: app.busName, status: player.status.rawValue, receiving: receiving,
                capabilities: PlayerProperties.names(of: player.capabilities).map(\.rawValue),
                lastStartedPlaying: registry.lastStartedPlaying(of: app)?.microseconds, isNowPlaying: nowPlaying == app,
                reason: registry.nowPlayingReason(for: app, at: now), sound: registry.audibility(of: app).rawValue,
                streams: streams(app), isLastPlayer: resumption.isLast(player.busName))
        }
        // Never players to the rules.
        let ignored = ignored.map { name, owner, listedAs in
            DescribePlayersReply.Player(
                name: name, app: owner, status: "", receiving: false, capabilities: [], lastStartedPlaying: nil,
                isNowPlaying: false, reason: whyIgnored(listedAs))
        }
        return DescribePlayersReply(players: players + ignored + lastPlayerGone(resumption, onBus: players + ignored))
    }

    /// The last player as a play with no player sees it, once it is no longer on the bus.
    private static func lastPlayerGone(_ resumption: Resumption, onBus: [DescribePlayersReply.Player]) -> [DescribePlayersReply.Player] {
        guard let last = resumption.last, !onBus.contains(where: { resumption.isLast($0.name) }) else { return [] }
        let what = resumption.candidate.map { "a play or play/pause with no player launches it (\($0.desktopEntry).desktop)" }
            ?? "a play launches nothing: " + (resumption.whyNothingLaunched ?? "")
        return [DescribePlayersReply.Player(
            name: last.busName, app: nil, status: "", receiving: false, capabilities: [], lastStartedPlaying: nil,
            isNowPlaying: false, reason: "the last player, gone from the bus: \(what)", isLastPlayer: true)]
    }

    /// Why a player is ignored, in a phrase, from the listed name that ignores it.
    static func whyIgnored(_ listedAs: BusName) -> String {
        switch listedAs {
        case MPRISNames.proxyName: "ignored always: MediaRemote's own MPRIS proxy"
        case MPRISNames.playerctldName: "ignored always: playerctld, which stands for other players"
        default: "ignored: players.ignore (or --ignore-player) lists \(listedAs)"
        }
    }

    /// What `mediaremotectl status` shows beyond the properties: the chain a remote-control
    /// event would take now (or why it would be discarded), the receiving apps, the claims, the
    /// seeks held, the apps not answering.
    static func state(_ dispatcher: Dispatcher, at now: MonotonicInstant) -> DescribeStateReply {
        let registry = dispatcher.registry
        let (links, reason) = dispatcher.remoteControlChain(at: now)
        return DescribeStateReply(
            chain: links.map(DescribeStateReply.Link.init), chainDiscarded: links.isEmpty ? reason.rawValue : nil,
            nowPlayingReason: registry.whyNowPlaying(at: now), receiving: registry.receivingApps.map(\.busName),
            motionClaims: Dictionary(uniqueKeysWithValues: registry.motionClaims.map { ($0.key.busName, UInt32($0.value)) }),
            seeks: dispatcher.seeksInProgress.map {
                DescribeStateReply.Seek(
                    direction: $0.direction.rawValue, source: $0.source.rawValue, handler: ObjectAddress($0.link),
                    since: $0.since.microseconds, endsBy: $0.deadline?.microseconds)
            },
            notAnswering: Dictionary(
                registry.notAnswering.map { (registry.player(of: $0.key)?.busName ?? $0.key.busName, $0.value.microseconds) }
            ) { first, _ in first },
            resumes: dispatcher.resumption.candidate.map { "\($0.player.name) (\($0.desktopEntry).desktop)" },
            resumesNothingBecause: dispatcher.resumption.whyNothingLaunched,
            launching: dispatcher.resumption.launch.map(\.player.name)
        )
    }

    /// Every input device seen: path, name, class, why it is not read, how it is read; the
    /// accelerometers (evdev and IIO) open or not, and for whom (`wanters`, ``motionWanters(_:)``).
    static func devices(_ seen: [MediaDevices.DeviceInfo], accelerometers: [MotionInput.Accelerometer], wanters: String) -> DescribeDevicesReply {
        let accelerometers = Dictionary(accelerometers.map { ($0.path, $0) }) { first, _ in first }
        let open = DescribeDevicesReply.Device.Reading.openForMotion(for: wanters)
        var devices = seen.map { device in
            if device.classification == .accelerometer, accelerometers[device.path]?.isOpen == true {
                return DescribeDevicesReply.Device(path: device.path, name: device.name, classification: "accelerometer", notReadBecause: nil, reading: open)
            }
            return device.described
        }
        for sensor in accelerometers.values.filter(\.isIIO).sorted(by: { $0.path < $1.path }) {
            devices.append(DescribeDevicesReply.Device(
                path: sensor.path, name: sensor.name, classification: "accelerometer",
                notReadBecause: sensor.isOpen ? nil : "an IIO accelerometer: " + MediaDevices.accelerometerReason,
                reading: sensor.isOpen ? open : nil))
        }
        return DescribeDevicesReply(devices: devices)
    }

    /// For whom the accelerometers are open: the apps holding motion claims (how many each),
    /// and the shake action; "nobody" when none.
    static func motionWanters(_ dispatcher: Dispatcher) -> String {
        var wanters = dispatcher.registry.motionClaims.sorted { $0.key < $1.key }.map { app, claims in
            claims == 1 ? app.description : "\(app) (\(claims) claims)"
        }
        if dispatcher.shakeAction != .none { wanters.append("the shake action (\(dispatcher.shakeAction))") }
        return wanters.isEmpty ? "nobody" : wanters.joined(separator: ", ")
    }
}
