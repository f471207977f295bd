import DBus
import DBusTypes
import Input
import Loop
import MediaRemoteAPI
import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

/// mediaremote-inputd: reads keyboards' media keys for the person at the seat, so that nobody
/// has to be given the keyboard (the input group would hand every keystroke to every program).
///
/// Claim-based, as iio-sensor-proxy is: it owns `org.mediaremote.Input1` on the system bus and
/// opens nothing until a session's mediaremoted claims the media keys (InputDaemon+Claims.swift).
/// The keys go to one claim, the seat's active user's, checked with logind; while a claim holds
/// them every keyboard is taken over by the Input module's own device table, exactly as the
/// session's service takes over its devices, and only the media keys it acts on leave, to that
/// claim alone (InputDaemon+Keyboards.swift). Nothing else a keyboard reports is kept, logged
/// or sent.
public final class InputDaemon {
    public struct Options: Sendable {
        /// A bus at this address (a test's) instead of the system bus.
        public var busAddress: String?
        /// The bus it runs on: the system bus, or the one at ``busAddress``.
        public var bus: Connection.Bus { busAddress.map(Connection.Bus.address) ?? .system }
        public var inputDirectory = "/dev/input"
        public var uinput = DevicePaths.uinput
        /// Where logind keeps its files for sd-login.
        public var logindRoot = "/run/systemd"

        public init() {}
    }

    /// Why it stopped.
    public typealias Outcome = ServiceOutcome

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    let loop: EventLoop
    let connection: Connection
    let options: Options
    let logind: LogindFiles
    var book = ClaimBook()
    /// Each claim's connection, followed so that its leaving ends the claim at once.
    var claimWatches: [BusName: NameWatch] = [:]
    /// Claims being checked (their user asked of the bus), by caller and how many: one
    /// released meanwhile is not taken.
    var claimsBeingChecked: [BusName: Int] = [:]
    /// The claim the keys go to now; nil while none holds them (every keyboard untouched).
    var holder: BusName?
    /// The keyboards, read while a claim holds the keys.
    var keyboards: MediaDevices?
    /// The media keys sent pressed to ``holder`` and not released yet, by device and code.
    var down: [KeyID: MediaKey] = [:]
    /// logind's file for the seat, followed.
    var seatWatch: DeviceDirectory?
    /// What the log has said of the keyboards.
    var logged = DeviceListLog()
    private var signals: SignalSource?
    private var outcome = Outcome.stopped

    struct KeyID: Hashable {
        let device: String
        let code: UInt16
    }

    /// Connects, exports the object and owns the name; nothing is opened until a claim.
    public init(options: Options) throws(StartError) {
        self.options = options
        logind = LogindFiles(root: options.logindRoot)
        do throws(LoopError) {
            loop = try EventLoop()
            signals = try loop.handleSignals([SIGTERM, SIGINT]) { [unowned loop] _ in loop.stop() }
        } catch {
            throw StartError(description: "cannot start the event loop: \(error)")
        }
        do throws(DBusError) {
            connection = try Connection(options.bus, loop: loop)
            // Its methods take no arguments: nobody's call is read past a few values.
            connection.maximumValuesPerMessage = 64
            try connection.export([InputInterface.make(self)], at: InputServiceNames.objectPath)
            let reply = try connection.requestName(InputServiceNames.busName, flags: [.doNotQueue])
            guard reply == .primaryOwner || reply == .alreadyOwner else {
                throw DBusError.failed("another connection owns \(InputServiceNames.busName): not starting a second mediaremote-inputd")
            }
        } catch {
            throw StartError(description: error.message)
        }
        followSeat()
    }

    public var uniqueName: BusName { connection.uniqueName }

    /// Runs until SIGTERM or SIGINT, or until the bus or the name is lost; every keyboard is
    /// given back before it returns (and by the kernel, should the process die first).
    public func run() -> Outcome {
        connection.onDisconnect = { [unowned self] in self.finish(.busLost) }
        connection.onNameLost = { [unowned self] name in
            if name == InputServiceNames.busName { self.finish(.nameLost) }
        }
        loop.run()
        stopReading()
        return outcome
    }

    private func finish(_ outcome: Outcome) {
        self.outcome = outcome
        loop.stop()
    }

    /// Follows logind's file for the seat: a user switch moves the keys at once.
    private func followSeat() {
        do throws(DeviceError) {
            seatWatch = try DeviceDirectory(file: logind.seatFile, loop: loop) { [unowned self] _ in self.seatChanged() }
        } catch {
            // Not followed, a switch of user would go unseen and the keys with the session before:
            // nobody holds them rather.
            Log.warning("cannot follow logind's \(logind.seatsDirectory) (\(error.description)): no claim will hold the keys")
            return
        }
        book.seatChanged(activeUser: logind.activeUser())
    }

    private func seatChanged() {
        let active = logind.activeUser()
        guard active != book.activeUser else { return }
        book.seatChanged(activeUser: active)
        Log.info("logind: \(active.map { "user \($0)'s session" } ?? "no session") is active on \(LogindFiles.seat)")
        holderMayHaveChanged()
    }
}
