import Core
import DBus
import DBusTypes
import Loop
import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

/// Launches the last player to resume it, as desktops launch apps (issue 37): by its desktop
/// entry, D-Bus activation where the entry asks for it, else its `Exec` started by the user
/// manager as a transient unit of its own (`StartTransientUnit`, as `systemd-run --user` does),
/// so the app gets the person's session, not this service's sandbox, and does not die with the
/// service. Where the bus has no user manager (`make run`'s private bus), a process of its own
/// session, which this service does not keep as its child.
final class AppLauncher {
    enum Result: Equatable {
        /// Launched: how, for the log ("as app-mediaremote-audacious@1a2b.service").
        case launched(String)
        case failed(String)
    }

    private let connection: Connection
    private let environment: (String) -> String?

    init(connection: Connection, environment: @escaping (String) -> String? = Environment.value) {
        self.connection = connection
        self.environment = environment
    }

    func launch(_ launch: Resumption.Launch, done: @escaping (Result) -> Void) {
        let folders = DesktopEntry.folders(environment)
        let entry: DesktopEntry
        do {
            guard let found = try DesktopEntry.find(launch.desktopEntry, in: folders) else {
                return done(.failed("there is no \(launch.desktopEntry).desktop in \(folders.joined(separator: ", "))"))
            }
            entry = found
        } catch {
            return done(.failed(error.description))
        }
        // A browser's media was a page, gone with it: opened again, it would have nothing to
        // play, and a window would appear for a headset's click.
        if entry.categories.contains("WebBrowser") {
            return done(.failed("\(entry.id) is a web browser (its entry's Categories): what it played was a page, gone with it, so it is not launched"))
        }
        if entry.dbusActivatable { return activate(entry, done: done) }
        let command: [String]
        do {
            command = try entry.commandLine()
        } catch {
            return done(.failed(error.description))
        }
        guard let program = Self.resolve(command[0], path: environment("PATH")) else {
            return done(.failed("\(command[0]), the program \(entry.path) starts, is not on the PATH"))
        }
        startUnit(entry, program: program, command: command, done: done)
    }

    /// `org.freedesktop.Application.Activate` on the entry's id: the bus starts the app.
    private func activate(_ entry: DesktopEntry, done: @escaping (Result) -> Void) {
        guard let name = try? BusName(entry.id), let path = try? ObjectPath("/" + entry.id.map { $0 == "." ? "/" : $0 == "-" ? "_" : $0 }) else {
            return done(.failed("\(entry.id) is D-Bus activatable, but its id is not a bus name"))
        }
        connection.call(
            SystemManager.activate, AllProperties([:]), destination: name, path: path, interface: SystemManager.application,
            timeout: Resumption.patience
        ) { result in
            switch result {
            case .success: done(.launched("by D-Bus activation of \(entry.id)"))
            case .failure(let error): done(.failed("activating \(entry.id) over D-Bus failed: \(error.message)"))
            }
        }
    }

    /// The command as a transient service of the user manager, named as desktops name app units
    /// (`app-<launcher>-<id>@<random>.service`); where the bus has no user manager, a process of
    /// its own.
    private func startUnit(
        _ entry: DesktopEntry, program: String, command: [String], exitTypeCgroup: Bool = true, done: @escaping (Result) -> Void
    ) {
        let unit = "app-mediaremote-\(Self.unitEscaped(entry.id))@\(Self.randomSuffix()).service"
        let description = "\(entry.name ?? entry.id), launched by MediaRemote to resume"
        // The user manager's environment, not this service's: the desktop keeps the manager's
        // up to date (a new display after logging in again), and this service's is a copy of
        // it as it was when the service started.
        let request = TransientUnit(name: unit, program: program, command: command, description: description, exitTypeCgroup: exitTypeCgroup)
        // The job's end says whether the program started (Type=exec): the manager tells the
        // client that queued it, whether or not it subscribed. Listened for before asking.
        var jobEnd: SignalSubscription?
        // Never told (a manager that lost the job): listening ends with the launch's patience,
        // when the launch is over anyway.
        var stopListening: Timer?
        func endListening() {
            jobEnd?.cancel()
            jobEnd = nil
            stopListening?.cancel()
            stopListening = nil
        }
        jobEnd = connection.subscribe(SystemManager.jobRemoved, of: SystemManager.manager, path: SystemManager.path, arguments: [2: unit]) {
            removed in
            guard case .success(let removed) = removed, removed.unit == unit, jobEnd != nil else { return }
            endListening()
            done(removed.result == "done"
                ? .launched("as \(unit) of the user manager")
                : .failed("the user manager's job to start \(unit) ended \(removed.result) (systemctl --user status \(unit))"))
        }
        do throws(LoopError) {
            stopListening = try connection.loop.schedule(after: Resumption.patience) { endListening() }
        } catch {
            Log.warning("cannot make the timer that bounds the wait for \(unit)'s job (\(error)): if the user manager never tells its end, the service listens for it until it stops")
        }
        connection.call(
            SystemManager.startTransientUnit, request, destination: SystemManager.busName, path: SystemManager.path,
            interface: SystemManager.manager, timeout: .seconds(5)
        ) { [weak self] result in
            guard let self else { return }
            if case .failure = result { endListening() }
            switch result {
            case .success:
                // Told when its job ends (above).
                break
            case .failure(let error) where exitTypeCgroup && error.message.contains("ExitType"):
                // systemd before 250 has no ExitType: the unit ends with its main process then.
                self.startUnit(entry, program: program, command: command, exitTypeCgroup: false, done: done)
            case .failure(let error) where error.name == .serviceUnknown || error.name == .nameHasNoOwner || error.name.isActivationFailure:
                // No user manager on this bus. Activation fails where one is named but cannot be
                // started: Debian's systemd package gives the session bus a service file for
                // org.freedesktop.systemd1 whose Exec is /bin/false (a dbus-run-session bus,
                // `make run`'s). A unit of a user manager whose bus has none: a process of its own
                // would be this unit's, with its sandbox, and would die with it.
                if self.environment("INVOCATION_ID") != nil {
                    return done(.failed("this bus has no user manager (org.freedesktop.systemd1) to start \(entry.id) as a unit of its own"))
                }
                done(self.spawnDetached(command, program: program))
            case .failure(let error):
                done(.failed("the user manager did not start \(unit): \(error.message)"))
            }
        }
    }

    /// The app in a session of its own (`setsid --fork`: its parent leaves at once, so it is no
    /// child of this service), every signal at its default and none blocked (this service blocks
    /// the ones its loop reads), its input and output /dev/null.
    private func spawnDetached(_ command: [String], program: String) -> Result {
        guard let setsid = Self.resolve("setsid", path: environment("PATH")) else {
            return .failed("setsid (util-linux) is not on the PATH, to start \(program) in a session of its own")
        }
        let arguments = ["setsid", "--fork", program] + command.dropFirst()
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var every = sigset_t()
        sigfillset(&every)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &every)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var pointers = arguments.map { strdup($0) }
        defer { for pointer in pointers { free(pointer) } }
        pointers.append(nil)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, setsid, &actions, &attributes, pointers, environ)
        guard spawned == 0 else { return .failed("cannot start \(program): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return .launched("as a process of its own, this bus having no user manager")
    }

    /// `program` as the PATH finds it (itself when it has a `/`); nil when it is not there.
    static func resolve(_ program: String, path: String?) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// A desktop entry's id as a unit name may hold it: what systemd does not allow in a name
    /// as `_`.
    static func unitEscaped(_ id: String) -> String {
        String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" || $0 == ":") ? $0 : "_" })
    }

    private static func randomSuffix() -> String {
        String(UInt32.random(in: 0...UInt32.max), radix: 16)
    }
}
