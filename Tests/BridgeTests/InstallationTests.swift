import Bridge
import DBus
import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

/// `make install` and what it installs, judged by the tools that will read it: systemd-analyze
/// for the unit, a dbus-daemon for the activation file.
@Suite("installation: make install and uninstall, the unit, D-Bus activation", .serialized)
struct InstallationTests {
    /// Installs into a fresh prefix with the built executables; the caller removes it.
    static func install() throws -> URL {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-prefix-\(UUID().uuidString)")
        let result = try Subprocess.run("/usr/bin/make", [
            "-C", BuiltProducts.repositoryRoot.path, "--no-print-directory", "install",
            "PREFIX=\(prefix.path)", "BUILT=\(BuiltProducts.directory.path)",
        ])
        guard result.status == 0 else { throw TestFailure("make install failed: \(result.stdout)\(result.stderr)") }
        return prefix
    }

    static let installedFiles = [
        "bin/mediaremoted", "bin/mediaremotectl", "lib/systemd/user/mediaremoted.service",
        "libexec/mediaremote-inputd", "lib/systemd/system/mediaremote-inputd.service", "share/dbus-1/system.d/org.mediaremote.Input1.conf",
        "share/dbus-1/services/org.mediaremote.MediaRemote1.service",
        "share/dbus-1/interfaces/org.mediaremote.MediaRemote1.xml", "share/dbus-1/interfaces/org.mediaremote.Responder1.xml",
        "share/dbus-1/interfaces/org.mediaremote.Input1.xml",
        "lib/udev/rules.d/70-mediaremote.rules", "share/doc/mediaremote/config.example.toml", "share/doc/mediaremote/README.md",
        "share/bash-completion/completions/mediaremotectl", "share/zsh/vendor-completions/_mediaremotectl",
        "share/fish/vendor_completions.d/mediaremotectl.fish",
        "share/man/man1/mediaremoted.1", "share/man/man1/mediaremotectl.1",
    ]

    static func files(under directory: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files.append(String(url.resolvingSymlinksInPath().path.dropFirst(directory.resolvingSymlinksInPath().path.count + 1)))
            }
        }
        return files.sorted()
    }

    @Test("make install never builds: with no swift on the PATH (as under sudo) it installs what was built, or says what to build")
    func installWithoutSwift() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-prefix-\(UUID().uuidString)")
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-unbuilt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: prefix)
            try? FileManager.default.removeItem(at: empty)
        }
        // sudo's secure_path: no Swift toolchain on it.
        let sudoPath = ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"]
        func install(from built: URL) throws -> ProcessResult {
            try Subprocess.run("/usr/bin/make", [
                "-C", BuiltProducts.repositoryRoot.path, "--no-print-directory", "install", "PREFIX=\(prefix.path)", "BUILT=\(built.path)",
            ], environment: sudoPath)
        }
        let nothing = try install(from: empty)
        #expect(nothing.status != 0)
        #expect(nothing.stderr.contains("make install: nothing to install: \(empty.path) lacks mediaremoted mediaremotectl mediaremote-inputd generate-manual."),
                "\(nothing.stderr)")
        #expect(nothing.stderr.contains("Build first, as yourself (not root): make; then run: sudo make install"))
        #expect(!FileManager.default.fileExists(atPath: prefix.path), "nothing was installed")
        let built = try install(from: BuiltProducts.directory)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(Self.files(under: prefix) == Self.installedFiles.sorted())
    }

    /// A build of the whole package would build the tests' programs too (guest-test,
    /// file-replacer, …): minutes more, and their warnings, for nothing installed.
    @Test("plain make, make release and make run build what make install installs, product by product, nothing else",
          arguments: [[], ["release"], ["run"]])
    func plainMake(targets: [String]) throws {
        let dryRun = try Subprocess.run("/usr/bin/make", ["-C", BuiltProducts.repositoryRoot.path, "--no-print-directory", "-n"] + targets)
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        let builds = dryRun.stdout.split(separator: "\n").filter { $0.contains("build -c release --static-swift-stdlib") && !$0.contains("--show-bin-path") }
        let products = Set(builds.flatMap { $0.matches(of: /--product (\$product|[\w-]+)/).map { String($0.output.1) } })
        // The installed programs through the Makefile's list, the manual's tool by name.
        #expect(!builds.isEmpty && builds.allSatisfy { $0.contains("--product") }, "\(dryRun.stdout)")
        #expect(builds.contains { $0.contains("for product in mediaremoted mediaremotectl mediaremote-inputd;") }, "\(dryRun.stdout)")
        #expect(products.isSubset(of: ["$product", "generate-manual"]), "\(products)")
        if targets.isEmpty { #expect(products.contains("generate-manual"), "\(dryRun.stdout)") }
        #expect(!dryRun.stdout.contains("swift test") && !dryRun.stdout.contains("install -Dm"), "\(dryRun.stdout)")
    }

    @Test("make install puts every file in its place with the paths filled in; make uninstall removes them all")
    func installAndUninstall() throws {
        let prefix = try Self.install()
        defer { try? FileManager.default.removeItem(at: prefix) }
        #expect(Self.files(under: prefix) == Self.installedFiles.sorted())
        let unit = try String(contentsOf: prefix.appendingPathComponent("lib/systemd/user/mediaremoted.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=\(prefix.path)/bin/mediaremoted\n"))
        #expect(!unit.contains("@bindir@"))
        let system = try String(contentsOf: prefix.appendingPathComponent("lib/systemd/system/mediaremote-inputd.service"), encoding: .utf8)
        #expect(system.contains("ExecStart=\(prefix.path)/libexec/mediaremote-inputd\n"))
        #expect(!system.contains("@libexecdir@"))
        let activation = try String(
            contentsOf: prefix.appendingPathComponent("share/dbus-1/services/org.mediaremote.MediaRemote1.service"), encoding: .utf8)
        #expect(activation.contains("Exec=\(prefix.path)/bin/mediaremoted\n"))
        #expect(activation.contains("SystemdService=mediaremoted.service\n"))
        let completion = try String(contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/mediaremotectl"), encoding: .utf8)
        #expect(completion.contains("reload") && completion.contains("check"))
        let ctlManual = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/mediaremotectl.1"), encoding: .utf8)
        for command in ["status", "players", "devices", "send", "shake", "motion", "monitor", "ping", "check", "reload"] {
            #expect(ctlManual.contains(".It Em \(command)"), "mediaremotectl.1 lacks \(command)")
        }
        // The installed daemon's --help names the installed example file in full.
        let help = try Subprocess.run(prefix.appendingPathComponent("bin/mediaremoted").path, ["--help"]).stdout
        #expect(help.contains("\n\(prefix.path)/share/doc/mediaremote/config.example.toml.\n"), "\(help)")

        let result = try Subprocess.run("/usr/bin/make", [
            "-C", BuiltProducts.repositoryRoot.path, "--no-print-directory", "uninstall", "PREFIX=\(prefix.path)",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.files(under: prefix) == [])
    }

    /// systemd-analyze needs a runtime directory, which a machine without a user session lacks.
    static func analyze(_ arguments: [String]) throws -> ProcessResult {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        return try Subprocess.run("/usr/bin/systemd-analyze", arguments, environment: environment)
    }

    @Test("the unit: systemd-analyze verify is silent, and security rates it 2.0 or better")
    func unit() throws {
        let prefix = try Self.install()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let unit = prefix.appendingPathComponent("lib/systemd/user/mediaremoted.service").path
        let verify = try Self.analyze(["verify", "--user", unit])
        #expect(verify.status == 0)
        #expect(verify.stdout.isEmpty && verify.stderr.isEmpty, "\(verify.stdout)\(verify.stderr)")

        let security = try Self.analyze(["security", "--offline=true", "--user", unit])
        let overall = security.stdout.split(separator: "\n").first { $0.contains("Overall exposure level for mediaremoted.service:") }
        let score = overall.flatMap { $0.split(separator: ":").last?.split(separator: " ").first }.flatMap { Double($0) }
        #expect(score != nil, "\(security.stdout)\(security.stderr)")
        #expect((score ?? 10) <= 2.0, "\(overall ?? "")")
    }

    /// The system service's unit: a root service that sees keystrokes must be the most closed
    /// (0.9 when written; iio-sensor-proxy's, measured the same way, 7.7: docs/TESTING.md).
    @Test("the system unit: systemd-analyze verify is silent, and security rates it 1.0 or better")
    func systemUnit() throws {
        let prefix = try Self.install()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let unit = prefix.appendingPathComponent("lib/systemd/system/mediaremote-inputd.service").path
        let verify = try Self.analyze(["verify", unit])
        #expect(verify.status == 0)
        #expect(verify.stdout.isEmpty && verify.stderr.isEmpty, "\(verify.stdout)\(verify.stderr)")
        let security = try Self.analyze(["security", "--offline=true", unit])
        let overall = security.stdout.split(separator: "\n").first { $0.contains("Overall exposure level for mediaremote-inputd.service:") }
        let score = overall.flatMap { $0.split(separator: ":").last?.split(separator: " ").first }.flatMap { Double($0) }
        #expect(score != nil, "\(security.stdout)\(security.stderr)")
        #expect((score ?? 10) <= 1.0, "\(overall ?? "")")
    }

    @Test("D-Bus activation: the first call to org.mediaremote.MediaRemote1 starts the installed service")
    func activation() throws {
        let prefix = try Self.install()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let bus = try PrivateBus()
        try FileManager.default.copyItem(
            at: prefix.appendingPathComponent("share/dbus-1/services/org.mediaremote.MediaRemote1.service"),
            to: bus.directory.appendingPathComponent("services/org.mediaremote.MediaRemote1.service"))
        let client = try bus.connect()
        // What a session manager does: the services it starts find this bus and no user's files.
        _ = try client.callBlocking(.methodCall(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "ReloadConfig"))
        _ = try client.callBlocking(.methodCall(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "UpdateActivationEnvironment",
            arguments: [["DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_CONFIG_HOME": bus.configHome.path].dbusValue]))
        #expect(try !client.listNames().contains(MediaRemoteNames.busName))

        let reply = try client.callBlocking(.methodCall(
            destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath, interface: .properties, member: "Get",
            arguments: [.string(MediaRemoteNames.interface.rawValue), .string(MediaRemoteMembers.version.name.rawValue)]), timeout: .seconds(20))
        #expect(reply.arguments == [.variant(.string(MediaRemoteVersion.current))])
        // It is the installed executable that answered.
        let owner = try client.callBlocking(.methodCall(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetConnectionUnixProcessID",
            arguments: [.string(MediaRemoteNames.busName.rawValue)]))
        guard case .uint32(let pid)? = owner.arguments.first else { throw TestFailure("no process id: \(owner.arguments)") }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        #expect(executable == prefix.appendingPathComponent("bin/mediaremoted").resolvingSymlinksInPath().path)
        kill(pid_t(pid), SIGTERM)
    }
}
