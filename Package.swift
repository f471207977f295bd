// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "MediaRemote",
    products: [
        // The binding, with the names and values and the loop its API is written in (and the
        // loop's clock); and each of those alone, for code that needs no libdbus.
        .library(name: "DBus", targets: ["DBus", "DBusTypes", "Loop", "Time"]),
        .library(name: "DBusTypes", targets: ["DBusTypes"]),
        .library(name: "Loop", targets: ["Loop", "Time"]),
        .executable(name: "mediaremoted", targets: ["mediaremoted"]),
        .executable(name: "mediaremotectl", targets: ["mediaremotectl"]),
        .executable(name: "mediaremote-inputd", targets: ["mediaremote-inputd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        // libpulse, loaded when the service first reaches for an audio server, not linked (cpulse.h
        // says why); its headers are in the include path (libpulse-dev).
        .target(name: "CPulse"),
        // What Glibc's Swift module lacks: epoll, timerfd, signalfd, inotify, a device number's parts.
        .target(name: "CSystem"),
        // What libdbus's Swift import lacks: DBUS_TYPE_* characters, basic values without a union.
        .target(name: "CDBusShim", dependencies: ["CDBus"]),

        // A point on the monotonic clock, and its arithmetic with durations: pure, no clock.
        .target(name: "Time"),
        // The pure core: events, responders, the rules, the dispatcher. No bus, no clock; apps and
        // objects are named in DBusTypes' validated names, so nothing around it checks them again,
        // and events in the contract's words (MediaRemoteAPI).
        .target(name: "Core", dependencies: ["DBusTypes", "MediaRemoteAPI", "Time"]),

        // D-Bus names and values as validated types, and the D-Bus error: pure, no libdbus.
        .target(name: "DBusTypes"),
        // One thread's event loop: epoll, timers, file descriptors, signals. Knows nothing of D-Bus.
        .target(name: "Loop", dependencies: ["CSystem", "Time"]),
        // A safe libdbus-1 binding on that loop.
        .target(name: "DBus", dependencies: ["CDBus", "CDBusShim", "DBusTypes", "Loop", "SystemFiles", "Time"]),
        // MediaRemote's D-Bus contract: names, members, its words (subtypes, phases, sources, discard
        // reasons, modes, shake actions) and each message body as a value. Pure, no libdbus.
        .target(name: "MediaRemoteAPI", dependencies: ["DBusTypes"]),
        // mediaremoted's object as typed blocking calls on the binding, for the client.
        .target(name: "MediaRemoteClient", dependencies: ["DBus", "DBusTypes", "MediaRemoteAPI"]),
        // The shake detector the daemon runs: pure, no clock, no I/O.
        .target(name: "Motion", dependencies: ["SystemFiles", "Time"]),
        // Judging shake detectors: recordings, device profiles, scoring, a seismic baseline. Pure.
        .target(name: "MotionEvaluation", dependencies: ["Motion", "SystemFiles", "Time"]),
        // The machine's files: whole text files read and replaced atomically, the kernel's small files, the device probes.
        .target(name: "SystemFiles"),
        // The configuration file: a TOML reader and the options it may set. Pure but for reading the file.
        .target(name: "Config", dependencies: ["DBusTypes", "MediaRemoteAPI", "Motion", "SystemFiles"]),
        // Input devices: media keys, headset gestures, device classes (the recognizers are pure).
        .target(name: "Input", dependencies: ["Core", "CEvdev", "CSystem", "Loop", "MediaRemoteAPI", "Motion", "SystemFiles", "Time"]),
        // The audio server's picture (streams, clients, sinks, cards) and its quirks as a state machine: pure, no libpulse.
        .target(name: "AudioModel", dependencies: ["Time"]),
        // The audio server followed (libpulse, on the loop, carrying out the model's actions); streams matched to players. No D-Bus.
        .target(name: "Audio", dependencies: ["AudioModel", "CPulse", "Loop", "SystemFiles", "Time"]),
        // MPRIS players on the bus: tracking them, delivering to them.
        .target(name: "MPRIS", dependencies: ["Core", "DBus", "DBusTypes", "Loop", "MediaRemoteAPI", "Time"]),
        // The system service that reads keyboards for the seat's active session: claims checked
        // with logind, the Input module's take-over, media keys sent to the claim alone. No rules.
        .target(name: "InputService", dependencies: ["DBus", "DBusTypes", "Input", "Loop", "MediaRemoteAPI", "SystemFiles", "Time"]),
        // What the daemon is: the rules wired to the bus, and its D-Bus API.
        .target(name: "Bridge", dependencies: ["Audio", "AudioModel", "Config", "Core", "DBus", "DBusTypes", "Input", "Loop", "MediaRemoteAPI", "MPRIS", "SystemFiles", "Time"]),

        // The daemon: its flags, then Bridge's service.
        .executableTarget(name: "mediaremoted", dependencies: ["Bridge", "Config", "Core", "Input", "MediaRemoteAPI", "SystemFiles"]),
        // The system service: its flags, then InputService.
        .executableTarget(name: "mediaremote-inputd", dependencies: ["DBusTypes", "InputService", "MediaRemoteAPI", "SystemFiles"]),
        // The client's commands, a library so tests can parse every subcommand. No Core, Bridge, Input or libevdev.
        .target(
            name: "MediaRemoteCtl",
            dependencies: [
                "Config", "DBus", "DBusTypes", "Loop", "MediaRemoteAPI", "MediaRemoteClient", "Motion", "MotionEvaluation", "SystemFiles", "Time",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The client: MediaRemoteCtl's main.
        .executableTarget(name: "mediaremotectl", dependencies: ["MediaRemoteCtl"]),
        // Runs inside the qemu guest against real evdev and uinput (Tests/Guest/run.sh).
        .executableTarget(name: "guest-test", dependencies: ["DBus", "DBusTypes", "Input", "Loop", "CEvdev", "MediaRemoteAPI", "Motion", "MotionEvaluation", "Time"], path: "Tests/Guest/guest-test"),
        // Scores shake detectors on labelled recordings, for `make eval-motion`.
        .executableTarget(name: "motion-eval", dependencies: ["Motion", "MotionEvaluation", "Time"]),
        // Replaces a file whole until killed: the test of the state file's atomic writes.
        .executableTarget(name: "file-replacer", dependencies: ["SystemFiles"], path: "Tests/FileReplacer"),
        // The pure dispatcher's throughput, for `make bench`.
        .executableTarget(name: "dispatch-bench", dependencies: ["Core", "DBusTypes", "MediaRemoteAPI", "Time"]),

        // Private buses, peer processes and built executables for the tests.
        .target(name: "TestSupport", dependencies: ["DBus", "DBusTypes", "Loop"], path: "Tests/TestSupport"),
        // Instants and durations: order, arithmetic, saturation, text.
        .testTarget(name: "TimeTests", dependencies: ["Time"]),
        // The rules and the dispatcher, as transcripts on a virtual clock.
        .testTarget(name: "CoreTests", dependencies: ["Core", "DBusTypes", "Time"]),
        // Device classes, media keys, headset gestures, accelerometers, permission notices.
        .testTarget(name: "InputTests", dependencies: ["Input", "Core", "Loop", "Motion", "CEvdev", "Time"]),
        // The shake detector, on synthetic shakes rendered through the device profiles.
        .testTarget(name: "MotionTests", dependencies: ["Motion", "MotionEvaluation", "Time"]),
        // The recordings the detector is scored on, and their features.
        .testTarget(name: "MotionEvaluationTests", dependencies: ["Motion", "MotionEvaluation", "Time"]),
        // The TOML reader and every option's checks.
        .testTarget(name: "ConfigTests", dependencies: ["Config", "DBusTypes", "MediaRemoteAPI", "Motion"]),
        // Reading a player's MPRIS properties.
        .testTarget(name: "MPRISTests", dependencies: ["MPRIS", "Core", "DBusTypes"]),
        // Names, signatures and values by the specification's rules.
        .testTarget(name: "DBusTypesTests", dependencies: ["DBusTypes"]),
        // The loop's timers, sources and signals.
        .testTarget(name: "LoopTests", dependencies: ["Loop"]),
        // The contract's values round-tripped, and its errors naming the field.
        .testTarget(name: "MediaRemoteAPITests", dependencies: ["DBusTypes", "MediaRemoteAPI"]),
        // The client's commands parsed, the JSON it writes, its wording and the Now Playing track it reads, without a service.
        .testTarget(
            name: "MediaRemoteCtlTests",
            dependencies: ["DBus", "DBusTypes", "MediaRemoteCtl", "Motion", "Time", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The client's typed proxy against a stand-in service on a private bus.
        .testTarget(name: "MediaRemoteClientTests", dependencies: ["DBus", "DBusTypes", "Loop", "MediaRemoteAPI", "MediaRemoteClient", "TestSupport"]),
        // Following a real audio server (pipewire, wireplumber, pipewire-pulse) and real players.
        .testTarget(name: "AudioTests", dependencies: ["Audio", "AudioModel", "Loop", "TestSupport"]),
        // The audio model's rules as transcripts, on a virtual clock.
        .testTarget(name: "AudioModelTests", dependencies: ["AudioModel", "Time"]),
        // mediaremote-inputd's claims as transcripts, and the service on a private bus with logind's files of the test's.
        .testTarget(name: "InputServiceTests", dependencies: ["DBus", "DBusTypes", "InputService", "Loop", "MediaRemoteAPI", "TestSupport"]),
        // The binding against a private dbus-daemon and peers we did not write.
        .testTarget(name: "DBusTests", dependencies: ["DBus", "DBusTypes", "Loop", "TestSupport"], exclude: ["Peers"]),
        // The daemon and the client as built, with real players (mpv, playerctl, busctl).
        .testTarget(
            name: "BridgeTests",
            dependencies: [
                "Bridge", "Core", "DBus", "DBusTypes", "Input", "Loop", "MediaRemoteAPI", "MediaRemoteCtl", "Motion", "MotionEvaluation", "MPRIS", "SystemFiles",
                "TestSupport", "Time",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Peers"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// A file must import every module whose members it uses (SE-0444), not only the modules whose
// types it names: without it a module's extensions leak through any import, and which layer a
// file leans on cannot be read from its imports.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
