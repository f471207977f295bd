import DBus
import MediaRemoteAPI
import SystemFiles

/// Runs the system service as its executable does and returns its exit status: 0 after SIGTERM
/// or SIGINT, 1 when it cannot start or loses the bus or its name (so systemd restarts it).
public func runInputService(options: InputDaemon.Options) -> Int32 {
    let daemon: InputDaemon
    do {
        daemon = try InputDaemon(options: options)
    } catch {
        Log.error(error.description)
        return 1
    }
    Log.info("running as \(daemon.uniqueName), owning \(InputServiceNames.busName); no keyboard is read until a session claims the media keys")
    return daemon.run().exitStatus(owning: InputServiceNames.busName, on: options.bus)
}
