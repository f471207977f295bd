extension Duration {
    /// The duration to a tenth of a second, as the logs and `mediaremotectl` say it: "1.2 s"
    /// (rounded to the nearest tenth; a negative one as 0 s).
    public var tenthsOfSecond: String {
        let tenths = max(0, (wholeMicroseconds + 50_000) / 100_000)
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
