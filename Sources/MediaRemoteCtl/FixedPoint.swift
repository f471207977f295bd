import Time

/// `microseconds` in `unit`s with `decimals` places, rounded to the nearest: 1234 µs in
/// milliseconds with 2 is "1.23", 9620000 µs in seconds with 3 is "9.620". Without
/// Foundation's formatters, and without overflow for any time the clock gives.
func fixedPoint(_ microseconds: UInt64, in unit: Duration, decimals: Int) -> String {
    let perUnit = UInt64(unit.wholeMicroseconds)
    var scale: UInt64 = 1
    for _ in 0..<decimals { scale *= 10 }
    var whole = microseconds / perUnit
    var fraction = (microseconds % perUnit * scale + perUnit / 2) / perUnit
    if fraction == scale { (whole, fraction) = (whole + 1, 0) }
    guard decimals > 0 else { return "\(whole)" }
    let digits = String(fraction)
    return "\(whole).\(String(repeating: "0", count: decimals - digits.count))\(digits)"
}

/// A duration (never negative) in `unit`s, with two decimals unless told.
func fixedPoint(_ duration: Duration, in unit: Duration, decimals: Int = 2) -> String {
    fixedPoint(UInt64(max(duration.wholeMicroseconds, 0)), in: unit, decimals: decimals)
}
