import AudioModel
internal import CPulse

// libpulse's answers, as C functions (a callback it keeps cannot capture); `eol` ends a list, and
// a negative one says the object was gone by the time it was asked for.

func streamInfo(_: OpaquePointer?, _ info: UnsafePointer<pa_sink_input_info>?, _ eol: Int32, _ userdata: UnsafeMutableRawPointer?) {
    guard eol == 0, let info = info?.pointee else { return }
    var volume = info.volume
    let properties = Properties(info.proplist)
    AudioServer.from(userdata).apply(.streamDescribed(AudioStream(
        id: info.index, sink: info.sink == UInt32.max ? nil : info.sink, client: info.client == UInt32.max ? nil : info.client,
        isRunning: info.corked == 0, isMuted: info.mute != 0,
        isAtZeroVolume: info.has_volume != 0 && pa_cvolume_max(&volume) == PA_VOLUME_MUTED,
        applicationName: properties["application.name"], mediaName: properties["media.name"],
        reportedProcessID: properties.processID("application.process.id"),
        portalAppID: properties["pipewire.access.portal.app_id"])))
}

func clientInfo(_: OpaquePointer?, _ info: UnsafePointer<pa_client_info>?, _ eol: Int32, _ userdata: UnsafeMutableRawPointer?) {
    guard eol == 0, let info = info?.pointee else { return }
    let properties = Properties(info.proplist)
    AudioServer.from(userdata).apply(.clientDescribed(AudioClient(
        id: info.index, socketProcessID: properties.processID("pipewire.sec.pid"),
        reportedProcessID: properties.processID("application.process.id"),
        isPulseBridge: properties["client.api"] == "pipewire-pulse",
        portalAppID: properties["pipewire.access.portal.app_id"])))
}

func cardInfo(_: OpaquePointer?, _ info: UnsafePointer<pa_card_info>?, _ eol: Int32, _ userdata: UnsafeMutableRawPointer?) {
    guard eol == 0, let info = info?.pointee else { return }
    AudioServer.from(userdata).apply(.cardDescribed(info.index))
}

func sinkInfo(_: OpaquePointer?, _ info: UnsafePointer<pa_sink_info>?, _ eol: Int32, _ userdata: UnsafeMutableRawPointer?) {
    guard eol == 0, let info = info?.pointee else { return }
    AudioServer.from(userdata).apply(.sinkDescribed(AudioSink(
        id: info.index, name: info.name.map { String(cString: $0) } ?? "",
        description: info.description.map { String(cString: $0) } ?? "", card: info.card == UInt32.max ? nil : info.card,
        alsaCard: Properties(info.proplist)["alsa.card"].flatMap { Int($0) })))
}

/// A libpulse property list, read.
private struct Properties {
    let list: OpaquePointer?

    init(_ list: OpaquePointer?) { self.list = list }

    subscript(key: String) -> String? {
        guard let list, let value = pa_proplist_gets(list, key) else { return nil }
        return String(cString: value)
    }

    /// A process id property: a positive decimal number, or nil.
    func processID(_ key: String) -> Int32? {
        self[key].flatMap { Int32($0) }.flatMap { $0 > 0 ? $0 : nil }
    }
}
