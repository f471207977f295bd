import Core
import Loop
import MediaRemoteAPI
import Motion
import Time

/// Shakes from the accelerometers: the evdev ones ``MediaDevices`` found (it classifies every input
/// device and follows them coming and going) and IIO ones under `/sys/bus/iio/devices`, each
/// through its own detector, each read through its driver (``AccelerometerDriver``). Nothing is open unless active — MediaRemote activates it only
/// while somebody holds a motion claim, so with no claim it holds no sensor and no timer, and
/// wakes for nothing.
public final class MotionInput {
    public struct Options: Equatable, Sendable {
        public var iioDirectory = "/sys/bus/iio/devices"
        /// How often IIO accelerometers are read (sysfs has no events): 100 times a second.
        public var iioInterval = Duration.milliseconds(10)
        /// Where udev keeps device properties (ACCEL_MOUNT_MATRIX).
        public var udevDatabase = UdevProperties.database
        public var detector = SwingDetector.Parameters()
        public init() {}
    }

    /// Each phase a detector reported, and the cancel of a shake whose sensor went away.
    public var onEvent: ((Event) -> Void)?
    /// Something a person should know (no permission to a sensor, a sensor lost).
    public var onNotice: ((String) -> Void)?
    /// The detector took back what began, and says why: its reason's name, advice in words, and
    /// the cancel's time (before the cancel's ``onEvent``).
    public var onShakeNotTaken: ((_ reason: String, _ advice: String, _ at: MonotonicInstant) -> Void)?

    public private(set) var isActive = false
    /// The sensors open now, by path.
    public var openSensors: [String] { sensors.keys.sorted() }

    /// An accelerometer and whether it is open, for `mediaremotectl devices`.
    public struct Accelerometer: Equatable, Sendable {
        /// Its evdev node, or its IIO directory (`/sys/bus/iio/devices/iio:device0`).
        public let path: String
        /// Its name ("" for an evdev one not open: ``MediaDevices`` lists it with its name).
        public let name: String
        public let isIIO: Bool
        public let isOpen: Bool
    }

    /// Every accelerometer: the evdev ones ``MediaDevices`` found and the IIO ones, open or not.
    /// Closed, the IIO ones are looked up in sysfs (for a person asking, not on any clock).
    public var allAccelerometers: [Accelerometer] {
        let evdev = accelerometers.map { Accelerometer(path: $0, name: sensors[$0]?.driver.name ?? "", isIIO: false, isOpen: sensors[$0] != nil) }
        let iio = IIOAccelerometer.all(under: options.iioDirectory).map { found in
            Accelerometer(path: found.directory, name: found.name, isIIO: true, isOpen: sensors[found.directory] != nil)
        }
        return evdev + iio
    }

    private let loop: EventLoop
    private var options: Options
    private var sensors: [String: Sensor] = [:]
    /// The evdev accelerometers there are, open or not.
    private var accelerometers: [String] = []
    /// Reads the sensors that tell nobody of a new sample (IIO's), while any is open.
    private var pollTimer: Timer?
    /// Looks at the time for detectors whose sensor sent nothing since a shake began: evdev
    /// reports only changes, so a device set down may send nothing at all.
    private lazy var deadlineTimer = DeadlineTimer(loop: loop, onFailure: { [unowned self] in
        self.onNotice?("cannot make the shake detector's timer (\($0)): a shake ends only when its sensor sends again")
    }) { [unowned self] in self.deadlinesPassed() }

    private final class Sensor {
        let driver: any AccelerometerDriver
        var detector: SwingDetector
        var shaking = false
        /// Watches the driver's descriptor, for a driver that has one.
        var source: FileDescriptorSource?
        /// The last sample's time (the sensor's clock: evdev's MSC_TIMESTAMP may drift from
        /// the loop's) and when it came (the loop's clock): a deadline of the detector's is
        /// reached on the loop's clock after as long as on the sensor's.
        var lastSample: MonotonicInstant?
        var lastArrival = MonotonicInstant.zero

        init(driver: any AccelerometerDriver, detector: SwingDetector) {
            self.driver = driver
            self.detector = detector
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
            for path in accelerometers { openEvdev(path) }
            openIIO()
        } else {
            pollTimer?.cancel()
            pollTimer = nil
            deadlineTimer.cancel()
            for sensor in sensors.values { sensor.source?.cancel() }
            sensors.removeAll()
        }
    }

    /// New options: detectors that are not in a shake start over with the new parameters (one
    /// in a shake keeps its own until the shake ends); open sensors are read again if their
    /// directory or interval changed.
    public func update(_ options: Options) {
        let moved = options.iioDirectory != self.options.iioDirectory || options.iioInterval != self.options.iioInterval
        let reopen = isActive && moved
        self.options = options
        for sensor in sensors.values where !sensor.shaking { sensor.detector = SwingDetector(parameters: options.detector) }
        if reopen {
            setActive(false)
            setActive(true)
        }
    }

    // MARK: Opening

    /// The evdev accelerometers now (from ``MediaDevices/accelerometers``): while active, new ones
    /// are opened and a shake on one that went is cancelled.
    public func accelerometersChanged(_ paths: [String]) {
        let gone = Set(accelerometers).subtracting(paths)
        accelerometers = paths
        guard isActive else { return }
        for path in paths { openEvdev(path) }
        for path in gone.sorted() where sensors[path] != nil {
            lost(path, reason: "it was unplugged, or the seat went to another session")
        }
    }

    private func openEvdev(_ path: String) {
        guard sensors[path] == nil else { return }
        do {
            open(try EvdevAccelerometer(path: path, udevDatabase: options.udevDatabase), at: path)
        } catch {
            onNotice?("cannot open the accelerometer \(path): \(error.description)")
        }
    }

    private func openIIO() {
        for iio in IIOAccelerometer.all(under: options.iioDirectory) { open(iio, at: iio.directory) }
        guard pollTimer == nil, sensors.values.contains(where: { $0.driver.descriptor == nil }) else { return }
        let interval = options.iioInterval
        do throws(LoopError) {
            pollTimer = try loop.schedule(after: interval, repeating: interval) { [unowned self] in self.poll() }
        } catch {
            onNotice?("cannot make the timer that reads the IIO accelerometers (\(error)): they are not read")
        }
    }

    /// Reads `driver` from now on: when its descriptor is readable, or on the poll timer.
    private func open(_ driver: any AccelerometerDriver, at path: String) {
        let sensor = Sensor(driver: driver, detector: SwingDetector(parameters: options.detector))
        if let descriptor = driver.descriptor {
            do {
                sensor.source = try loop.watch(fd: descriptor) { [unowned self] _ in self.read(path, at: MonotonicClock.now) }
            } catch {
                onNotice?("cannot watch \(path): \(error.description)")
                return
            }
        }
        sensors[path] = sensor
    }

    // MARK: Reading

    private func poll() {
        let now = MonotonicClock.now
        for (path, sensor) in sensors where sensor.driver.descriptor == nil { read(path, at: now) }
    }

    private func read(_ path: String, at now: MonotonicInstant) {
        guard let sensor = sensors[path] else { return }
        let reading = sensor.driver.read(at: now)
        // What was read before a failure still counts.
        for sample in reading.samples { detect(sample, in: sensor) }
        if let reason = reading.lostBecause { lost(path, reason: reason) }
    }

    // MARK: Detection

    private func detect(_ sample: MotionSample, in sensor: Sensor) {
        (sensor.lastSample, sensor.lastArrival) = (sample.time, MonotonicClock.now)
        report(sensor.detector.add(sensor.driver.mountMatrix.apply(sample)), of: sensor)
        if sensor.detector.deadline != nil, !deadlineTimer.isArmed { armDeadlineTimer() }
    }

    /// The sensor's clock now: as long after its last sample as the loop's clock is after that
    /// sample came.
    private func sensorTime(_ sensor: Sensor, at now: MonotonicInstant) -> MonotonicInstant? {
        sensor.lastSample.map { $0 + now.duration(since: sensor.lastArrival) }
    }

    /// A detector's deadline on the loop's clock.
    private func loopDeadline(_ sensor: Sensor) -> MonotonicInstant? {
        guard let deadline = sensor.detector.deadline, let sample = sensor.lastSample else { return nil }
        return sensor.lastArrival + deadline.duration(since: sample)
    }

    private func report(_ events: [DetectorEvent], of sensor: Sensor) {
        for event in events {
            let phase = MotionPhase(event.phase)
            sensor.shaking = phase == .began
            if let why = event.cancellation, let advice = why.advice(sensor.detector.parameters) { onShakeNotTaken?(why.name, advice, event.time) }
            onEvent?(.motion(phase, at: event.time, from: .accelerometer))
            // A shake that was going on when the parameters changed is over: now they apply.
            if !sensor.shaking, sensor.detector.parameters != options.detector {
                sensor.detector = SwingDetector(parameters: options.detector)
            }
        }
    }

    /// Arms the timer for the earliest detector deadline, or disarms it when every detector
    /// is idle (then only a sample can change anything, and nothing wakes the service).
    private func armDeadlineTimer() {
        deadlineTimer.arm(at: sensors.values.compactMap(loopDeadline).min())
    }

    private func deadlinesPassed() {
        let now = MonotonicClock.now
        for sensor in sensors.values {
            guard let deadline = loopDeadline(sensor), deadline <= now, let time = sensorTime(sensor, at: now) else { continue }
            report(sensor.detector.timeout(at: time), of: sensor)
        }
        armDeadlineTimer()
    }

    /// A sensor went away: a shake it was in is cancelled.
    private func lost(_ path: String, reason: String) {
        guard let sensor = sensors.removeValue(forKey: path) else { return }
        sensor.source?.cancel()
        onNotice?("the accelerometer \(sensor.driver.name) (\(path)) is gone: \(reason)")
        if sensor.shaking { onEvent?(.motion(.cancelled, at: MonotonicClock.now, from: .accelerometer)) }
    }
}
