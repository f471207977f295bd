import DBus
import DBusTypes
import Loop
import MediaRemoteAPI

/// What `monitor` says on standard error as mediaremoted comes and goes: that it waits, once,
/// when the service is not there; that the service started; that it stopped and `monitor`
/// waits again. A value fed each owner of the service's name; it touches no bus.
struct ServicePresence {
    /// nil until the first owner (or its absence) is known.
    private var running: Bool?

    /// The notice for the name's owner now (nil when it has none), or nil when there is
    /// nothing new to say.
    mutating func owner(_ owner: String?) -> String? {
        defer { running = owner != nil }
        switch (running, owner) {
        case (nil, nil): return "mediaremoted is not running; waiting for it to start"
        case (true?, nil): return "mediaremoted stopped; waiting for it to start again"
        case (false?, let owner?): return "mediaremoted started (\(owner))"
        default: return nil
        }
    }
}

extension ServiceClient {
    /// Runs the client's loop until interrupted (for `monitor` and `status --follow`), saying on
    /// standard error as mediaremoted comes and goes; throws when the bus itself is lost.
    /// `onOwner` is told each owner of the service's name as it comes (nil when it goes), after
    /// the notice: what a command holds on the service (a motion claim) is made again there.
    func runSayingPresence(onOwner: @escaping (String?) -> Void = { _ in }) throws(ClientError) {
        var presence = ServicePresence()
        let watch = connection.watchNameOwner(MediaRemoteNames.busName) { owner in
            if let notice = presence.owner(owner?.rawValue) { writeNotice(notice) }
            onOwner(owner?.rawValue)
        }
        defer { watch.cancel() }
        var lost = false
        let loop = connection.loop
        connection.onDisconnect = { lost = true; loop.stop() }
        loop.run()
        if lost { throw ClientError(description: "lost the session bus", status: .unavailable) }
    }
}
