import Core
import DBus
import DBusTypes
import Input
import MediaRemoteAPI
import MPRIS
import Time

/// The bridge's `Describe*` methods, for tools: the rules' state in the contract's values.
extension Coordinator {
    /// Every tracked player with what `mediaremotectl players` shows: its app, status,
    /// capabilities, receiving, when it last started playing, why it is or is not Now Playing,
    /// and its sound (audible, silent or unknown, and the streams matched to it).
    func describePlayers() -> DescribePlayersReply {
        let registry = router.registry
        let players = registry.players.map { app, player, receiving in
            return DescribePlayersReply.Player(
                name: player.busName, app: app.busName, status: player.status.rawValue, receiving: receiving,
                capabilities: PlayerProperties.names(of: player.capabilities).map(\.rawValue),
                lastStartedPlaying: registry.lastStartedPlaying(of: app)?.microseconds, isNowPlaying: registry.nowPlaying(at: router.now) == app,
                reason: registry.nowPlayingReason(for: app, at: router.now), sound: registry.audibility(of: app).rawValue,
                streams: audio.describeStreams(of: app))
        }
        // The ones ignored, and the rule that ignores each: never players to the rules.
        let ignored = tracker.ignoredPlayers.map { name, owner, listedAs in
            DescribePlayersReply.Player(
                name: name, app: owner, status: "", receiving: false, capabilities: [], lastStartedPlaying: nil,
                isNowPlaying: false, reason: Self.whyIgnored(listedAs))
        }
        return DescribePlayersReply(players: players + ignored)
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
    /// seeks held.
    func describeState() -> DescribeStateReply {
        let registry = router.registry
        let (links, reason) = router.dispatcher.remoteControlChain(at: router.now)
        return DescribeStateReply(
            chain: links.map(DescribeStateReply.Link.init), chainDiscarded: links.isEmpty ? reason.rawValue : nil,
            nowPlayingReason: registry.whyNowPlaying(at: router.now), receiving: registry.receivingApps.map(\.busName),
            motionClaims: Dictionary(uniqueKeysWithValues: registry.motionClaims.map { ($0.key.busName, UInt32($0.value)) }),
            seeks: router.dispatcher.seeksInProgress.map {
                DescribeStateReply.Seek(
                    direction: $0.direction.rawValue, source: $0.source.rawValue, handler: ObjectAddress($0.link),
                    since: $0.since.microseconds, endsBy: $0.deadline?.microseconds)
            },
            notAnswering: Dictionary(
                registry.notAnswering.map { (registry.player(of: $0.key)?.busName ?? $0.key.busName, $0.value.microseconds) }
            ) { first, _ in first }
        )
    }

    /// Every input device seen: path, name, class, why it is not read, how it is read; the
    /// accelerometers (evdev and IIO) open or not, and for whom.
    func describeDevices() -> DescribeDevicesReply {
        let accelerometers = Dictionary(inputs.accelerometers.map { ($0.path, $0) }) { first, _ in first }
        let wanters = motionWanters
        let open = DescribeDevicesReply.Device.Reading.openForMotion(for: wanters)
        var devices = inputs.devices.map { device in
            if device.classification == .accelerometer, accelerometers[device.path]?.isOpen == true {
                return DescribeDevicesReply.Device(path: device.path, name: device.name, classification: "accelerometer", notReadBecause: nil, reading: open)
            }
            return DescribeDevicesReply.Device(
                path: device.path, name: device.name, classification: device.classification.rawValue,
                notReadBecause: device.isRead ? nil : device.reason, reading: device.reading.map(DescribeDevicesReply.Device.Reading.init))
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
    var motionWanters: String {
        var wanters = router.registry.motionClaims.sorted { $0.key < $1.key }.map { app, claims in
            claims == 1 ? app.description : "\(app) (\(claims) claims)"
        }
        if router.dispatcher.shakeAction != .none { wanters.append("the shake action (\(router.dispatcher.shakeAction))") }
        return wanters.isEmpty ? "nobody" : wanters.joined(separator: ", ")
    }
}
