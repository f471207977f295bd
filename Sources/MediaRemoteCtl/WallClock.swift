import Loop
import Time

#if canImport(Glibc)
import Glibc
#endif

/// Events carry CLOCK_MONOTONIC, which no person reads: their time of day, for `monitor
/// --wall-clock`. The offset between the two clocks is taken for each event, as it is
/// printed: CLOCK_MONOTONIC stops while the machine sleeps, and a clock set meanwhile is
/// followed.
enum WallClock {
    /// When `instant` happened, in microseconds since the epoch (UTC).
    static func epochMicroseconds(of instant: MonotonicInstant) -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let realtime = Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
        return Int64(instant.microseconds) + realtime - Int64(MonotonicClock.now.microseconds)
    }

    /// The local time of day, to the microsecond: `18:45:12.345678`.
    static func local(_ instant: MonotonicInstant) -> String {
        format(instant, "%H:%M:%S", utc: false)
    }

    /// ISO 8601 in UTC, to the microsecond: `2026-11-26T18:45:12.345678Z`, for JSON.
    static func iso8601(_ instant: MonotonicInstant) -> String {
        format(instant, "%Y-%m-%dT%H:%M:%S", utc: true) + "Z"
    }

    private static func format(_ instant: MonotonicInstant, _ pattern: String, utc: Bool) -> String {
        let micros = epochMicroseconds(of: instant)
        var seconds = time_t(micros / 1_000_000)
        var parts = tm()
        if utc { gmtime_r(&seconds, &parts) } else { localtime_r(&seconds, &parts) }
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, pattern, &parts)
        let fraction = String(micros % 1_000_000)
        let text = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
