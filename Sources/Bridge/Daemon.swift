import Config
import DBus
import MediaRemoteAPI
import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

/// Runs the service as the daemon does and returns its exit status: 0 after SIGTERM or
/// SIGINT, 1 when it cannot start (a broken configuration file among the reasons) or loses the
/// bus or its name (so systemd restarts it).
public func runService(settings: Settings = Settings()) -> Int32 {
    let service: Service
    do {
        service = try Service(settings: settings)
    } catch {
        Log.error(error.description)
        return 1
    }
    let file = settings.configurationPath.map { FilePaths.exists($0) ? " with \($0)" : ", \($0) absent: defaults" } ?? ""
    Log.info("running as \(service.uniqueName), owning \(MediaRemoteNames.busName), in \(service.options.mode) mode\(file)")
    return service.run().exitStatus(owning: MediaRemoteNames.busName, on: .session)
}
