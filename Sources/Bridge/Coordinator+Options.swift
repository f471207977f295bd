import Core
import DBus
import MPRIS

/// A new configuration, applied while running (a reload): each part goes where it lives, and
/// only what changed is touched, so a reload that changes nothing disturbs nothing.
extension Coordinator {
    /// Applies `options` over `old`; returns what changed, in words, for the log.
    func apply(_ options: Service.Options, over old: Service.Options) -> [String] {
        var changes: [String] = []
        if options.mode != old.mode || options.playerPriority != old.playerPriority {
            changeState {
                $0.registry.mode = options.mode
                $0.registry.playerPriority = options.playerPriority
            }
            if options.mode != old.mode { changes.append("mode \(options.mode)") }
            if options.playerPriority != old.playerPriority { changes.append("player priority") }
        }
        if options.callTimeout != old.callTimeout {
            responderTimeout = options.callTimeout
            delivery.callTimeout = options.callTimeout
            changes.append("call timeout")
        }
        if options.seekStep != old.seekStep || options.seekInterval != old.seekInterval {
            delivery.seekStep = options.seekStep
            delivery.seekInterval = options.seekInterval
            changes.append("seeking")
        }
        if options.shakeAction != old.shakeAction {
            dispatcher.shakeAction = options.shakeAction
            changes.append("shake action \(options.shakeAction)")
        }
        if options.ignoredPlayers != old.ignoredPlayers {
            tracker.setIgnored(options.ignoredPlayers)
            changes.append("ignored players")
        }
        if options.input != old.input {
            // Closing the devices ends the seeks they held; then they are read with the new options.
            input?.stop()
            startInput(options.input)
            changes.append("input devices")
        }
        if options.motion != old.motion {
            motion?.update(options.motion)
            motion?.accelerometersChanged(input?.accelerometers ?? [])
            changes.append("shake detection")
        }
        if options.mprisProxy != old.mprisProxy {
            setMPRISProxy(options.mprisProxy)
            changes.append(options.mprisProxy ? "MPRIS proxy on" : "MPRIS proxy off")
        }
        return changes
    }

    /// Exports the MPRIS proxy and takes its name, or gives both up.
    func setMPRISProxy(_ on: Bool) {
        if on {
            do throws(DBusError) {
                try startProxy()
            } catch {
                return Log.warning("cannot export the MPRIS proxy: \(error.message)")
            }
            let reply = try? connection.requestName(ProxyPlayer.busName, flags: [.doNotQueue])
            if reply != .primaryOwner && reply != .alreadyOwner {
                Log.warning("\(ProxyPlayer.busName) is owned by another connection; running without the MPRIS proxy")
            }
        } else {
            _ = try? connection.releaseName(ProxyPlayer.busName)
            stopProxy()
        }
    }
}
