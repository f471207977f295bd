import Core
import DBus
import DBusTypes
import Input
import MPRIS

/// The options, where each part lives: plain values are simply set (at start-up and on a
/// reload); on a reload, what must be restarted (devices, the proxy) is touched only if it
/// changed, so a reload that changes nothing disturbs nothing.
extension Coordinator {
    /// The rules' settings: a change of state like any other on a reload (a mode may end a pin;
    /// a mode or a priority may move Now Playing).
    static func setRules(_ dispatcher: inout Dispatcher, _ options: Service.Options) {
        dispatcher.registry.mode = options.mode
        dispatcher.registry.playerPriority = options.playerPriority
        dispatcher.shakeAction = options.shakeAction
    }

    /// Takes the settings that are plain values, as they are: at start-up and on every reload.
    func adoptPlainValues(_ options: Service.Options) {
        rules.delivery.callTimeout = options.callTimeout
        proxy?.callTimeout = options.callTimeout
        rules.delivery.seekStep = options.seekStep
        rules.delivery.seekInterval = options.seekInterval
    }

    /// Applies `options` over `old`; returns what changed, in words, for the log.
    func apply(_ options: Service.Options, over old: Service.Options) -> [String] {
        // Mode and priority may move Now Playing and change the Mode property: adopting them
        // is a change of the rules' state, announced as every one is.
        change { Self.setRules(&$0, options) }
        adoptPlainValues(options)
        var changes: [String] = []
        if options.mode != old.mode { changes.append("mode \(options.mode)") }
        if options.playerPriority != old.playerPriority { changes.append("player priority") }
        if options.callTimeout != old.callTimeout { changes.append("call timeout") }
        if options.seekStep != old.seekStep || options.seekInterval != old.seekInterval { changes.append("seeking") }
        if options.shakeAction != old.shakeAction { changes.append("shake action \(options.shakeAction)") }
        if options.pauseOnRouteLoss != old.pauseOnRouteLoss {
            changes.append(options.pauseOnRouteLoss ? "pausing when the output goes away" : "not pausing when the output goes away")
        }
        if options.ignoredPlayers != old.ignoredPlayers {
            tracker.setIgnored(options.ignoredPlayers)
            changes.append("ignored players")
        }
        if options.input != old.input {
            inputs.restartKeys(options.input)
            changes.append("input devices")
        }
        if options.motion != old.motion {
            inputs.updateMotion(options.motion)
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
            takeProxyName()
        } else {
            stopProxy()
        }
    }
}
