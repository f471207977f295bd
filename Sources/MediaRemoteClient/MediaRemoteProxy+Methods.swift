import DBus
import DBusTypes
import MediaRemoteAPI

/// The bridge's methods and properties a tool uses, one call each.
extension MediaRemoteProxy {
    /// Every property, as `GetAll` answers.
    public func properties() throws(ProxyError) -> MediaRemoteProperties {
        try call(MediaRemoteProperties.getAll, InterfaceArgument(MediaRemoteNames.interface), of: .properties)
    }

    /// One property: its value alone, which reads whatever else a service of another version
    /// publishes. As the bus carries it: none is "" or ("", "/") here, where ``properties()``
    /// gives nil, so only the constant ones use it.
    private func property<Content>(_ property: TypedProperty<Content>) throws(ProxyError) -> Content {
        let reply = try call(StandardMembers.get, PropertyAddress(MediaRemoteNames.interface, property.name), of: .properties)
        do throws(DBusError) {
            return try Content(dbusValue: reply.content)
        } catch {
            throw .unreadable(property.name, error)
        }
    }

    /// The running service's version.
    public func version() throws(ProxyError) -> String {
        try property(MediaRemoteMembers.version)
    }

    /// The configuration file the service reads; nil when it reads none.
    public func configurationFile() throws(ProxyError) -> String? {
        let path = try property(MediaRemoteMembers.configurationFile)
        return path.isEmpty ? nil : path
    }

    /// The directory the service reads input devices from.
    public func inputDirectory() throws(ProxyError) -> String {
        try property(MediaRemoteMembers.inputDirectory)
    }

    public func describePlayers() throws(ProxyError) -> [DescribePlayersReply.Player] {
        try call(MediaRemoteMembers.describePlayers).players
    }

    public func describeState() throws(ProxyError) -> DescribeStateReply {
        try call(MediaRemoteMembers.describeState)
    }

    public func describeDevices() throws(ProxyError) -> [DescribeDevicesReply.Device] {
        try call(MediaRemoteMembers.describeDevices).devices
    }

    /// Who handled the event, or who was sent it and did not answer in time; neither when it was
    /// discarded (its `EventDispatched` says why).
    public func sendRemoteControlEvent(_ subtype: String) throws(ProxyError) -> SendRemoteControlEventReply {
        try call(MediaRemoteMembers.sendRemoteControlEvent, SubtypeArgument(subtype))
    }

    /// A whole simulated shake; answered once both phases have been dispatched.
    public func simulateMotion(_ subtype: String) throws(ProxyError) {
        _ = try call(MediaRemoteMembers.simulateMotion, SubtypeArgument(subtype))
    }

    /// Moves Now Playing to the next player in line; returns the player chosen.
    public func shift() throws(ProxyError) -> BusName {
        try call(MediaRemoteMembers.shift).nowPlaying
    }

    /// Moves Now Playing to the previous player in line; returns the player chosen.
    public func unshift() throws(ProxyError) -> BusName {
        try call(MediaRemoteMembers.unshift).nowPlaying
    }

    /// Claims motion for this connection: the accelerometers open, and stay open until the
    /// claim is released or the connection closes.
    public func claimMotion() throws(ProxyError) {
        _ = try call(MediaRemoteMembers.claimMotion)
    }

    /// The settings the service's command-line flags keep over the file's.
    public func reload() throws(ProxyError) -> [String] {
        try call(MediaRemoteMembers.reload).keptByFlags
    }

    /// `org.freedesktop.DBus.Peer.Ping`: the unique name of the connection that answered.
    public func ping() throws(ProxyError) -> BusName? {
        let message = Message.methodCall(
            StandardMembers.ping, NoArguments(), destination: destination, path: MediaRemoteNames.objectPath, interface: .peer)
        do throws(DBusError) {
            return try connection.callBlocking(message, timeout: timeout).sender
        } catch {
            throw .refused(StandardMembers.ping.name, error)
        }
    }

    /// Follows `EventDispatched`: `handler` gets each event, or why one could not be read,
    /// while the connection's loop runs.
    public func followEvents(_ handler: @escaping (Result<EventDispatched, DBusError>) -> Void) -> SignalSubscription {
        connection.subscribe(MediaRemoteMembers.eventDispatched, of: MediaRemoteNames.interface, handler: handler)
    }

    /// Each launch of the last player to resume it (`Resuming`).
    public func followResumes(_ handler: @escaping (Result<Resuming, DBusError>) -> Void) -> SignalSubscription {
        connection.subscribe(MediaRemoteMembers.resuming, of: MediaRemoteNames.interface, handler: handler)
    }

    /// Each shake the detector took back, with why (`ShakeNotTaken`).
    public func followShakesNotTaken(_ handler: @escaping (Result<ShakeNotTaken, DBusError>) -> Void) -> SignalSubscription {
        connection.subscribe(MediaRemoteMembers.shakeNotTaken, of: MediaRemoteNames.interface, handler: handler)
    }
}
