/// A playback stream of the audio server (a PulseAudio sink input; on PipeWire, an output
/// stream node as pipewire-pulse shows it), as MediaRemote follows it.
public struct AudioStream: Hashable, Sendable {
    public let id: UInt32
    /// The sink it plays to: none yet while it is being set up.
    public var sink: UInt32?
    /// The client that made it, when the server says (PulseAudio's own modules have none).
    public var client: UInt32?
    /// Not corked: a player that pauses corks its stream (or tears it down).
    public var isRunning: Bool
    public var isMuted: Bool
    /// Every channel's volume at zero.
    public var isAtZeroVolume: Bool
    /// What the stream's application says of itself.
    public var applicationName: String?
    public var mediaName: String?
    /// `application.process.id`: reported by the application, so only as good as its word.
    public var reportedProcessID: Int32?
    /// `pipewire.access.portal.app_id`: a sandboxed (Flatpak) application's id, set by the
    /// portal's access check, not by the application.
    public var portalAppID: String?

    public init(
        id: UInt32, sink: UInt32?, client: UInt32?, isRunning: Bool, isMuted: Bool, isAtZeroVolume: Bool,
        applicationName: String? = nil, mediaName: String? = nil, reportedProcessID: Int32? = nil, portalAppID: String? = nil
    ) {
        self.id = id
        self.sink = sink
        self.client = client
        self.isRunning = isRunning
        self.isMuted = isMuted
        self.isAtZeroVolume = isAtZeroVolume
        self.applicationName = applicationName
        self.mediaName = mediaName
        self.reportedProcessID = reportedProcessID
        self.portalAppID = portalAppID
    }

    /// Heard: running, unmuted, above zero volume. (Running alone is not heard: Firefox keeps
    /// silent streams running, and a muted player's stream runs on.)
    public var isAudible: Bool { isRunning && !isMuted && !isAtZeroVolume }
}

/// A client of the audio server: a connection, with what the server knows of its process.
public struct AudioClient: Hashable, Sendable {
    public let id: UInt32
    /// `pipewire.sec.pid`: the process at the other end of the client's socket, from the kernel's
    /// credentials. Through pipewire-pulse it is pipewire-pulse's own (see ``isPulseBridge``).
    public var socketProcessID: Int32?
    /// `application.process.id`, as the client reported it.
    public var reportedProcessID: Int32?
    /// The client came through pipewire-pulse (`client.api` = `pipewire-pulse`).
    public var isPulseBridge: Bool
    public var portalAppID: String?

    public init(id: UInt32, socketProcessID: Int32?, reportedProcessID: Int32?, isPulseBridge: Bool, portalAppID: String? = nil) {
        self.id = id
        self.socketProcessID = socketProcessID
        self.reportedProcessID = reportedProcessID
        self.isPulseBridge = isPulseBridge
        self.portalAppID = portalAppID
    }
}

/// An output of the audio server: speakers, a headset.
public struct AudioSink: Hashable, Sendable {
    public let id: UInt32
    public var name: String
    public var description: String
    /// The server's card (device) it belongs to; none for a virtual sink.
    public var card: UInt32?
    /// The kernel's sound card number (`alsa.card`), for an ALSA device's sink.
    public var alsaCard: Int?

    public init(id: UInt32, name: String, description: String, card: UInt32? = nil, alsaCard: Int? = nil) {
        self.id = id
        self.name = name
        self.description = description
        self.card = card
        self.alsaCard = alsaCard
    }

    /// What a person calls it: its description, or its name when it has none.
    public var displayName: String { description.isEmpty ? name : description }
}
