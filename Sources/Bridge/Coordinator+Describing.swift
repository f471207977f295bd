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
    /// capabilities, receiving, when it last started playing and why it is or is not Now Playing.
    func describePlayers() -> DescribePlayersReply {
        let registry = router.registry
        let players = registry.players.map { app, player, receiving in
            DescribePlayersReply.Player(
                name: player.busName, app: app.rawValue, status: player.status.rawValue, receiving: receiving,
                capabilities: PlayerProperties.names(of: player.capabilities).map(\.rawValue),
                lastStartedPlaying: registry.lastStartedPlaying(of: app)?.microseconds, isNowPlaying: registry.nowPlaying(at: router.now) == app,
                reason: registry.nowPlayingReason(for: app, at: router.now))
        }
        return DescribePlayersReply(players: players)
    }

    /// What `mediaremotectl status` shows beyond the properties: the chain a remote-control
    /// event would take now (or why it would be discarded), the receiving apps, the claims, the
    /// seeks held.
    func describeState() -> DescribeStateReply {
        let registry = router.registry
        let (links, reason) = router.dispatcher.remoteControlChain(at: router.now)
        return DescribeStateReply(
            chain: links.map(DescribeStateReply.Link.init), chainDiscarded: links.isEmpty ? reason.rawValue : nil,
            nowPlayingReason: registry.whyNowPlaying(at: router.now), receiving: registry.receivingApps.map(\.rawValue),
            motionClaims: Dictionary(uniqueKeysWithValues: registry.motionClaims.map { ($0.key.rawValue, UInt32($0.value)) }),
            seeks: router.dispatcher.seeksInProgress.map {
                DescribeStateReply.Seek(
                    direction: $0.direction.rawValue, source: $0.source.rawValue, handler: ObjectAddress($0.link),
                    since: $0.since.microseconds, endsBy: $0.deadline?.microseconds)
            }
        )
    }

    /// Every input device seen: path, name, class, why it is not read, how it is read.
    func describeDevices() -> DescribeDevicesReply {
        let devices = inputs.devices.map {
            DescribeDevicesReply.Device(
                path: $0.path, name: $0.name, classification: $0.classification.rawValue, notReadBecause: $0.isRead ? nil : $0.reason,
                reading: $0.reading.map(DescribeDevicesReply.Device.Reading.init))
        }
        return DescribeDevicesReply(devices: devices)
    }
}
