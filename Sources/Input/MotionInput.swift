import Core
import DBus
import Motion

/// Shakes from the accelerometers: evdev ones in the input directory and IIO ones under
/// `/sys/bus/iio/devices`, each through its own detector. Nothing is open unless active —
/// MediaRemote activates it only while somebody holds a motion claim, so with no claim it
/// holds no device, no timer and no watch, and wakes for nothing.
public final class MotionInput {
    public struct Options: Sendable {
        public var directory = "/dev/input"
        public var iioDirectory = "/sys/bus/iio/devices"
        /// How often IIO accelerometers are read, per second (sysfs has no events).
        public var iioRate = 100.0
        /// Where udev keeps device properties (ACCEL_MOUNT_MATRIX).
        public var udevDatabase = "/run/udev/data"
        public var detector = SwingDetector.Parameters()
        public init() {}
    }

    /// Each phase a detector reported, and the cancel of a shake whose sensor went away.
    public var onEvent: ((Event) -> Void)?
    /// Something a person should know (no permission to a sensor, a sensor lost).
    public var onNotice: ((String) -> Void)?

    public private(set) var isActive = false
    /// The sensors open now, by path.
    public var openSensors: [String] { sensors.keys.sorted() }

    private let loop: EventLoop
    private let options: Options
    private var sensors: [String: Sensor] = [:]
    private var directoryWatch: DeviceDirectory?
    private var iioTimer: Timer?

    private final class Sensor {
        let name: String
        var detector: SwingDetector
        var shaking = false
        let mountMatrix: MountMatrix
        // evdev
        var device: EvdevDevice?
        var frames: AccelerometerFrames?
        var source: FileDescriptorSource?
        // IIO
        var iio: IIOAccelerometer?

        init(name: String, detector: SwingDetector, mountMatrix: MountMatrix) {
            self.name = name
            self.detector = detector
            self.mountMatrix = mountMatrix
        }
    }

    public init(loop: EventLoop, options: Options = Options()) {
        self.loop = loop
        self.options = options
    }

    /// Opens the accelerometers (true) or closes every one (false). Closing reports nothing:
    /// a shake in progress is cancelled by the rules when the last claim goes.
    public func setActive(_ active: Bool) {
        guard active != isActive else { return }
        isActive = active
        if active {
            directoryWatch = try? DeviceDirectory(directory: options.directory, loop: loop) { [unowned self] change in
                switch change {
                case .appeared(let path): self.considerEvdev(path)
                case .disappeared(let path): self.lost(path, reason: "it was unplugged")
                }
            }
            for path in directoryWatch?.scan() ?? [] { considerEvdev(path) }
            openIIO()
        } else {
            directoryWatch = nil
            iioTimer?.cancel()
            iioTimer = nil
            for sensor in sensors.values { sensor.source?.cancel() }
            sensors.removeAll()
        }
    }

    // MARK: evdev

    private func considerEvdev(_ path: String) {
        guard isActive, sensors[path] == nil else { return }
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: path)
        } catch {
            if case .permissionDenied = error { onNotice?("\(error.description): a possible accelerometer; see udev/70-mediaremote.rules") }
            return
        }
        let capabilities = device.capabilities
        guard capabilities.classification == .accelerometer else { return }
        let matrix = device.deviceNumber
            .flatMap { UdevProperties.read(major: $0.major, minor: $0.minor, database: options.udevDatabase)["ACCEL_MOUNT_MATRIX"] }
            .flatMap { MountMatrix(parsing: $0) } ?? .identity
        let sensor = Sensor(name: capabilities.name, detector: SwingDetector(parameters: options.detector), mountMatrix: matrix)
        sensor.device = device
        sensor.frames = AccelerometerFrames(axes: device.currentAxes, gPerUnit: device.gPerUnit)
        do {
            sensor.source = try loop.watch(fd: device.fd) { [unowned self] _ in self.readEvdev(path) }
        } catch {
            onNotice?("cannot watch \(path): \(error.message)")
            return
        }
        sensors[path] = sensor
    }

    private func readEvdev(_ path: String) {
        guard let sensor = sensors[path], let device = sensor.device else { return }
        var samples: [MotionSample] = []
        do {
            try device.readEvents { type, code, value, time in
                if let sample = sensor.frames?.add(type: type, code: code, value: value, time: time) { samples.append(sample) }
            }
        } catch {
            for sample in samples { detect(sample, in: sensor) }
            lost(path, reason: error.description)
            return
        }
        for sample in samples { detect(sample, in: sensor) }
    }

    // MARK: IIO

    private func openIIO() {
        let found = IIOAccelerometer.all(under: options.iioDirectory)
        guard !found.isEmpty else { return }
        for iio in found {
            let sensor = Sensor(name: iio.name, detector: SwingDetector(parameters: options.detector), mountMatrix: .identity)
            sensor.iio = iio
            sensors[iio.directory] = sensor
        }
        let period = Duration.microseconds(Int64(1_000_000 / max(options.iioRate, 1)))
        iioTimer = try? loop.schedule(after: period, repeating: period) { [unowned self] in self.pollIIO() }
    }

    private func pollIIO() {
        let now = MonotonicClock.microseconds
        for (path, sensor) in sensors {
            guard let iio = sensor.iio else { continue }
            // The IIO reader applies its own mount matrix.
            guard let sample = iio.sample(at: now) else {
                lost(path, reason: "it stopped answering")
                continue
            }
            detect(sample, in: sensor, oriented: true)
        }
    }

    // MARK: Detection

    private func detect(_ sample: MotionSample, in sensor: Sensor, oriented: Bool = false) {
        for event in sensor.detector.add(oriented ? sample : sensor.mountMatrix.apply(sample)) {
            guard let phase = MotionPhase(rawValue: event.phase.rawValue) else { continue }
            sensor.shaking = phase == .began
            onEvent?(.motion(phase, at: event.time, from: .accelerometer))
        }
    }

    /// A sensor went away: a shake it was in is cancelled.
    private func lost(_ path: String, reason: String) {
        guard let sensor = sensors.removeValue(forKey: path) else { return }
        sensor.source?.cancel()
        onNotice?("the accelerometer \(sensor.name) (\(path)) is gone: \(reason)")
        if sensor.shaking { onEvent?(.motion(.cancelled, at: MonotonicClock.microseconds, from: .accelerometer)) }
    }
}
