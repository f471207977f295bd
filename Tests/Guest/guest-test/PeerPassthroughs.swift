import DBus
import DBusTypes
import Input
import Loop
import MediaRemoteAPI

#if canImport(Glibc)
import Glibc
#endif

/// The passthroughs a keystroke may cross besides mediaremoted's, for `make bench`: the system
/// service's (a keyboard taken over by mediaremote-inputd for a claim this process makes on the
/// bus standing for the system bus, which run.sh starts with the service) and interception-tools'
/// (`intercept -g DEV | uinput -d DEV`, the pipeline keyboard remappers use), when the guest has it.

/// The node of the clone MediaRemote made of the device at `node` (its phys is
/// `mediaremote/eventN`), once there is one.
@MainActor func mediaRemoteClone(of node: String, within milliseconds: Int64 = 10_000) -> String? {
    let original = String(node.split(separator: "/").last ?? "")
    var found: String?
    settle(milliseconds) {
        found = inputNodes().first { SmallText.read("/sys/class/input/\($0)/device/phys") == "mediaremote/\(original)" }
            .map { "/dev/input/" + $0 }
        return found != nil
    }
    return found
}

/// The event nodes the kernel has now (`event3`, …).
func inputNodes() -> [String] {
    guard let directory = opendir("/sys/class/input") else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name.hasPrefix("event") { names.append(name) }
    }
    return names
}

enum SmallText {
    /// A sysfs value without its newline; nil when it cannot be read.
    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, 256, file) != nil else { return nil }
        return String(filledBy: line).trimmingSuffix("\n")
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

/// Claims the keyboards' media keys from mediaremote-inputd on the bus at `address`, as a
/// session's mediaremoted does; the connection holds the claim while it stays open.
@MainActor func claimKeyboards(at address: String) throws -> Connection {
    let system = try Connection(.address(address), loop: loop)
    settle(20_000) { (try? system.listNames().contains(InputServiceNames.busName)) == true }
    var result: Result<NoArguments, DBusError>?
    system.call(InputServiceMembers.claimMediaKeys, NoArguments(), destination: InputServiceNames.busName,
                path: InputServiceNames.objectPath, interface: InputServiceNames.interface) { result = $0 }
    settle(10_000) { result != nil }
    guard case .success = result else { throw GuestFailure("mediaremote-inputd took no claim: \(String(describing: result))") }
    return system
}

/// Starts `intercept -g NODE | uinput -d NODE` (interception-tools) when the guest has it: the
/// node of the device `uinput` makes, and the two processes; nil without interception-tools.
@MainActor func startInterception(_ node: String, name: String) -> (device: String, pids: [pid_t])? {
    // Where run.sh puts them in the guest (its own folder: the guest's /bin is busybox's).
    let folder = "/opt/interception"
    guard access(folder + "/intercept", X_OK) == 0, access(folder + "/uinput", X_OK) == 0 else { return nil }
    let before = Set(inputNodes())
    var pid: pid_t = 0
    let command = ["/bin/sh", "-c", "exec \(folder)/intercept -g \(node) | \(folder)/uinput -d \(node)"]
    var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    guard posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ) == 0 else { return nil }
    var made: String?
    settle(10_000) {
        made = inputNodes().first { !before.contains($0) && SmallText.read("/sys/class/input/\($0)/device/name") == name }
        return made != nil
    }
    guard let made, let intercept = processID(named: "intercept"), let uinput = processID(named: "uinput") else { return nil }
    return ("/dev/input/" + made, [intercept, uinput])
}
