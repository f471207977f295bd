import Config
import Core
import DBus
import DBusTypes
import Input
import Loop
import MediaRemoteAPI
import MPRIS
#if canImport(Glibc)
import Glibc
#endif

/// The running daemon: the bus connection, the owned name and the exported bridge object,
/// on one event loop.
public final class Service {
    /// Why the service stopped.
    public typealias Outcome = ServiceOutcome

    /// What can keep the service from starting, with the advice the log should give.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String

        static let alreadyRunning = StartError(
            description: "already running: another connection owns \(MediaRemoteNames.busName) on this bus; "
                + "not starting a second mediaremoted")
    }

    private let loop: EventLoop
    private let connection: Connection
    let coordinator: Coordinator
    private var signals: SignalSource?
    /// The options in force.
    public var options: Options { coordinator.options }
    /// What SIGHUP does, once the service exists to do it.
    private let hangUp = HangUp()

    private final class HangUp {
        var action: (() -> Void)?
    }
    private var outcome = Outcome.stopped

    /// Connects to `bus`, reads the configuration `settings` name, owns
    /// `org.mediaremote.MediaRemote1` (refusing to start when another connection does), then
    /// exports the bridge object and recalls the state. A reload (SIGHUP, the `Reload` method)
    /// reads the settings again.
    public init(bus: Connection.Bus = .session, settings: Settings) throws(StartError) {
        do throws(LoopError) {
            loop = try EventLoop()
        } catch {
            throw StartError(description: "cannot start the event loop: \(error)")
        }
        // Before the name is taken: a SIGTERM that comes once we are visible must not kill us.
        // It waits in the signalfd until the loop runs, and stops it with the outcome `.stopped`.
        do throws(LoopError) {
            // SIGHUP too, or one that came while starting would kill us (its default action).
            signals = try loop.handleSignals([SIGTERM, SIGINT, SIGHUP]) { [unowned loop, hangUp] signal in
                if signal == SIGHUP { hangUp.action?() } else { loop.stop() }
            }
        } catch {
            throw StartError(description: "cannot handle SIGTERM, SIGINT and SIGHUP: \(error)")
        }
        do throws(DBusError) {
            connection = try Connection(bus, loop: loop)
        } catch {
            // For the session bus, the message says where it was looked for.
            throw StartError(description: error.message)
        }
        let options: Options
        do throws(ConfigurationError) {
            options = try settings.options()
        } catch {
            // A second mediaremoted says that it is one, not what it makes of a file the first
            // one runs with. Asked only here: with a configuration that can be used, the name's
            // request below tells, and a start waits for one answer of the bus fewer (issue 39).
            if connection.nameOwner(of: MediaRemoteNames.busName) != nil { throw .alreadyRunning }
            // `check` reads the file, not the flags: it is named only where it can help.
            let what = error.file.hasPrefix("--") ? "\(error.file) cannot be used on this machine" : "the configuration cannot be used (check it with mediaremotectl check)"
            throw StartError(description: "not starting: \(what):\n\(error.description)")
        }
        connection.maximumValuesPerMessage = BridgeLimits.valuesPerMessage
        let appsLeaving = AppsLeaving(connection: connection)
        let reply: RequestNameReply
        do throws(DBusError) {
            reply = try connection.requestName(MediaRemoteNames.busName, flags: [.doNotQueue])
        } catch {
            throw StartError(description: "cannot request \(MediaRemoteNames.busName): \(error.message)")
        }
        // Two starting at once both get here; the name's request tells them apart.
        guard reply == .primaryOwner || reply == .alreadyOwner else { throw .alreadyRunning }
        // Only once the name is ours, so it is taken sooner (issue 39: the export, the state
        // recalled and the players looked for were a third of the start), and a second
        // mediaremoted does none of it: it says it is one before it says anything about the
        // state or the devices, and never opens (or grabs) them. No call is read before the loop
        // runs, after all of this: the first call that finds the name is answered, with the state
        // recalled. Apps leaving are followed from before the name (AppsLeaving).
        coordinator = Coordinator(connection: connection, settings: settings, options: options)
        coordinator.watchAppsLeaving(appsLeaving)
        do throws(DBusError) {
            try coordinator.start(mprisProxy: options.mprisProxy, stateFolder: settings.stateFolder)
        } catch {
            throw StartError(description: "cannot export \(MediaRemoteNames.objectPath): \(error.message)")
        }
        coordinator.nameTaken()
    }

    /// The unique name the service has on the bus.
    public var uniqueName: BusName { connection.uniqueName }

    /// Runs until SIGTERM or SIGINT, or until the bus or the name is lost.
    public func run() -> Outcome {
        hangUp.action = { [unowned coordinator] in coordinator.reloadConfiguration() }
        connection.onDisconnect = { [unowned self] in self.finish(.busLost) }
        connection.onNameLost = { [unowned self] name in
            if name == MediaRemoteNames.busName { self.finish(.nameLost) }
        }
        loop.run()
        if outcome == .stopped {
            coordinator.finishBeforeStopping(timeout: options.callTimeout + .milliseconds(100))
            _ = try? connection.releaseName(MediaRemoteNames.busName)
        }
        coordinator.saveStateBeforeStopping()
        return outcome
    }

    private func finish(_ outcome: Outcome) {
        self.outcome = outcome
        loop.stop()
    }
}
