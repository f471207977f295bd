import AudioModel

/// Which process plays a stream, and how MediaRemote knows: the kernel's word (the socket's
/// credentials) is trusted over the application's own.
public struct StreamProcess: Hashable, Sendable {
    public enum Source: String, Sendable {
        /// `pipewire.sec.pid` of a native PipeWire client: the kernel's credentials.
        case socketCredentials = "socket credentials"
        /// `application.process.id`: what the application reported (a client through
        /// pipewire-pulse, whose socket is pipewire-pulse's, or any client of PulseAudio).
        case reported = "reported by the application"
    }

    public let processID: Int32
    public let source: Source

    /// The process of `stream`, made by `client` (nil when the server names none): a native
    /// PipeWire client's node carries no process id, but its client's socket does; a client
    /// through pipewire-pulse (whose socket is pipewire-pulse's) and a client of PulseAudio are
    /// known only by what they report. Nil when nothing says.
    public init?(of stream: AudioStream, client: AudioClient?) {
        if let client, !client.isPulseBridge, let pid = client.socketProcessID, pid > 0 {
            self.init(processID: pid, source: .socketCredentials)
        } else if let pid = stream.reportedProcessID ?? client?.reportedProcessID, pid > 0 {
            self.init(processID: pid, source: .reported)
        } else {
            return nil
        }
    }

    public init(processID: Int32, source: Source) {
        self.processID = processID
        self.source = source
    }
}
