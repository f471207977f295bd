import DBus
import DBusTypes
import MediaRemoteAPI

/// The bridge's methods and properties a tool uses, one call each.
extension MediaRemoteProxy {
    /// Every property, as `GetAll` answers.
    public func properties() throws(ProxyError) -> MediaRemoteProperties {
        try call("GetAll", of: .properties, [MediaRemoteNames.interface.rawValue.dbusValue], replying: MediaRemoteProperties.self)
    }

    /// The running service's version: the `Version` property alone, which reads whatever else
    /// a service of another version publishes.
    public func version() throws(ProxyError) -> String {
        let name = MediaRemoteMembers.version
        let reply = try send("Get", of: .properties, [MediaRemoteNames.interface.rawValue.dbusValue, name.rawValue.dbusValue])
        do throws(DBusError) {
            guard reply.arguments.count == 1 else { throw .invalidArgs("Get answered '\(reply.signature)', not 'v'") }
            return try String(dbusValue: reply.arguments[0])
        } catch {
            throw .unreadable(name, error)
        }
    }

    public func describePlayers() throws(ProxyError) -> [DescribePlayersReply.Player] {
        try call(MediaRemoteMembers.describePlayers, replying: DescribePlayersReply.self).players
    }

    public func describeState() throws(ProxyError) -> DescribeStateReply {
        try call(MediaRemoteMembers.describeState, replying: DescribeStateReply.self)
    }

    public func describeDevices() throws(ProxyError) -> [DescribeDevicesReply.Device] {
        try call(MediaRemoteMembers.describeDevices, replying: DescribeDevicesReply.self).devices
    }

    /// Who handled the event, or nil when it was discarded (its `EventDispatched` says why).
    public func sendRemoteControlEvent(_ subtype: String) throws(ProxyError) -> ObjectAddress? {
        try call(MediaRemoteMembers.sendRemoteControlEvent, [subtype.dbusValue], replying: SendRemoteControlEventReply.self).handledBy
    }

    /// A whole simulated shake; answered once both phases have been dispatched.
    public func simulateMotion(_ subtype: String) throws(ProxyError) {
        try send(MediaRemoteMembers.simulateMotion, [subtype.dbusValue])
    }

    /// Moves Now Playing to the next player in line; returns the player chosen.
    public func shift() throws(ProxyError) -> String {
        try call(MediaRemoteMembers.shift, replying: ShiftReply.self).nowPlaying
    }

    /// Moves Now Playing to the previous player in line; returns the player chosen.
    public func unshift() throws(ProxyError) -> String {
        try call(MediaRemoteMembers.unshift, replying: ShiftReply.self).nowPlaying
    }

    public func reload() throws(ProxyError) {
        try send(MediaRemoteMembers.reload)
    }

    /// `org.freedesktop.DBus.Peer.Ping`: the unique name of the connection that answered.
    public func ping() throws(ProxyError) -> BusName? {
        try send("Ping", of: .peer).sender
    }

    /// Follows `EventDispatched`: `handler` gets each event, or why one could not be read,
    /// while the connection's loop runs.
    public func followEvents(_ handler: @escaping (Result<EventDispatched, DBusError>) -> Void) -> SignalSubscription {
        connection.subscribe(MatchRule(interface: MediaRemoteNames.interface, member: MediaRemoteMembers.eventDispatched)) { message in
            handler(Result { () throws(DBusError) in try EventDispatched(arguments: message.arguments) })
        }
    }
}
