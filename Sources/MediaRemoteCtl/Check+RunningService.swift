import Config
import MediaRemoteAPI
import MediaRemoteClient
import SystemFiles

/// What the running mediaremoted reads, when one is running: `check` tells a file the service
/// does not read from the one it does (a shell and the service may see different
/// XDG_CONFIG_HOMEs), and looks for the input devices where the service does.
struct RunningService {
    /// Its configuration file; nil when it reads none.
    let file: String?
    let inputDirectory: String
    /// Its devices as it lists them (the keyboards with mediaremote-inputd's word).
    var devices: [DescribeDevicesReply.Device] = []

    /// Asked without starting it, and without waiting long: nil when it is not running, or
    /// does not answer at once.
    static func now() -> RunningService? {
        guard let proxy = ServiceClient.ifRunning() else { return nil }
        do throws(ProxyError) {
            return RunningService(file: try proxy.configurationFile(), inputDirectory: try proxy.inputDirectory(),
                                  devices: (try? proxy.describeDevices()) ?? [])
        } catch {
            return nil
        }
    }
}

extension Check {
    /// Not problems of the file, but what it means here: whether the running service reads
    /// another file; and, beside a valid file, what the service can do with the devices on
    /// this machine (said once: the first thing in the way).
    static func warnings(checking path: String, valid: Bool, service: RunningService?) -> [String] {
        var warnings: [String] = []
        if let service {
            if let file = service.file, !FilePaths.same(file, path) {
                warnings.append("the running mediaremoted reads another file, \(file) (started with another --config, "
                    + "or another XDG_CONFIG_HOME than this shell's): this one is not what it reads")
            } else if service.file == nil {
                warnings.append("the running mediaremoted reads no configuration file (it has neither XDG_CONFIG_HOME nor HOME)")
            }
        }
        guard valid else { return warnings }
        if let missing = DevicePaths.directoryProblem(service?.inputDirectory ?? InputDirectory.standard) {
            warnings.append(InputDirectory.missing(missing))
        } else if let problem = DevicePaths.uinputProblem() {
            warnings.append(UInputAccess.sharedWarning(problem))
        }
        return warnings
    }
}
