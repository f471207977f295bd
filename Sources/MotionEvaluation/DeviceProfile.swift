import Motion
import Time

/// How a real accelerometer would deliver a motion: its sampling rate, its range (it clips
/// beyond), and its resolution (readings come in steps). Re-rendering a recording through a
/// profile tests a detector on the sensors people have, from the same movements.
public struct DeviceProfile: Equatable, Sendable {
    public let name: String
    /// Samples a second; nil keeps the recording's own timing.
    public let rate: Double?
    /// The largest magnitude on one axis, in g; nil: no clipping.
    public let range: Double?
    /// One step of the reading, in g; nil: no quantization.
    public let step: Double?

    public init(name: String, rate: Double?, range: Double?, step: Double?) {
        self.name = name
        self.rate = rate
        self.range = range
        self.step = step
    }

    /// The profiles of the evaluation (issue 6): as recorded, and four real sensors.
    public static let all: [DeviceProfile] = [
        DeviceProfile(name: "raw", rate: nil, range: nil, step: nil),
        // HP laptops' lis3lv02d: ±2 g in 1 mg steps, polled at 20 Hz.
        DeviceProfile(name: "lis3lv02d", rate: 20, range: 2, step: 0.001),
        // DualShock 4: ±4 g, 8192 counts per g, 250 Hz.
        DeviceProfile(name: "dualshock4", rate: 250, range: 4, step: 1.0 / 8192),
        // Joy-Con: ±8 g, 4096 counts per g, 200 Hz.
        DeviceProfile(name: "joycon", rate: 200, range: 8, step: 1.0 / 4096),
        // Steam Deck: ±2 g, 16384 counts per g, 250 Hz.
        DeviceProfile(name: "steamdeck", rate: 250, range: 2, step: 1.0 / 16384),
    ]

    public static func named(_ name: String) -> DeviceProfile? { all.first { $0.name == name } }

    /// The recording as this device would have delivered it: resampled at its rate (linear
    /// interpolation between the recorded samples), clipped to its range, quantized to its step.
    public func render(_ recording: Recording) -> Recording {
        let samples = recording.samples
        guard let first = samples.first, let last = samples.last else { return recording }
        var timed: [MotionSample]
        if let rate {
            timed = []
            // Interpolating takes fractions of the time between samples: microseconds as Double.
            func microseconds(_ sample: MotionSample) -> Double { Double(sample.time.microseconds) }
            let period = 1_000_000 / rate
            var index = 0
            var t = microseconds(first)
            while t <= microseconds(last) {
                while index + 1 < samples.count, microseconds(samples[index + 1]) < t { index += 1 }
                let a = samples[index]
                let b = samples[min(index + 1, samples.count - 1)]
                let span = microseconds(b) - microseconds(a)
                let f = span > 0 ? min(max((t - microseconds(a)) / span, 0), 1) : 0
                timed.append(MotionSample(
                    time: MonotonicInstant(microseconds: UInt64(t.rounded())),
                    x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, z: a.z + (b.z - a.z) * f))
                t += period
            }
        } else {
            timed = samples
        }
        return Recording(samples: timed.map { sample in
            MotionSample(time: sample.time, x: deliver(sample.x), y: deliver(sample.y), z: deliver(sample.z))
        })
    }

    private func deliver(_ value: Double) -> Double {
        var result = value
        if let range { result = min(max(result, -range), range) }
        if let step { result = (result / step).rounded() * step }
        return result
    }
}
