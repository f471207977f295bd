import Foundation

/// One row of `make soak`'s table. Each soak test adds its row to the file `SOAK_REPORT`
/// names (tab-separated, in the columns of the header the Makefile writes), and the Makefile prints the rows together once every part has run.
/// Without `SOAK_REPORT` (a plain `make test`) nothing is written.
public struct SoakReport {
    public var part: String
    public var calls: Int
    public var faults: Int
    public var crashes: Int
    public var lost: Int
    /// Median dispatch latency quiet and under stress, in ms, where the part measures it.
    public var latencyQuiet: Double?
    public var latencyStress: Double?
    /// The service's resident memory, where the part runs it as a process of its own.
    public var rssBefore: Int?
    public var rssAfter: Int?
    /// Entries the service keeps per app or player, where the part counts them.
    public var entriesBefore: Int?
    public var entriesAfter: Int?

    public init(part: String, calls: Int, faults: Int = 0, crashes: Int = 0, lost: Int = 0,
                latencyQuiet: Double? = nil, latencyStress: Double? = nil, rssBefore: Int? = nil, rssAfter: Int? = nil,
                entriesBefore: Int? = nil, entriesAfter: Int? = nil) {
        self.part = part
        self.calls = calls
        self.faults = faults
        self.crashes = crashes
        self.lost = lost
        self.latencyQuiet = latencyQuiet
        self.latencyStress = latencyStress
        self.rssBefore = rssBefore
        self.rssAfter = rssAfter
        self.entriesBefore = entriesBefore
        self.entriesAfter = entriesAfter
    }

    var line: String {
        let latency = { (value: Double?) in value.map { String(format: "%.2f", $0) } ?? "-" }
        let count = { (value: Int?) in value.map { "\($0)" } ?? "-" }
        return [part, "\(calls)", "\(faults)", "\(crashes)", "\(lost)", latency(latencyQuiet), latency(latencyStress),
                count(rssBefore), count(rssAfter), count(entriesBefore), count(entriesAfter)].joined(separator: "\t")
    }

    /// Appends the row to `$SOAK_REPORT`, if set.
    public func record() {
        guard let path = ProcessInfo.processInfo.environment["SOAK_REPORT"], !path.isEmpty,
            let data = (line + "\n").data(using: .utf8)
        else { return }
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let file = FileHandle(forWritingAtPath: path) else { return }
        defer { try? file.close() }
        _ = try? file.seekToEnd()
        try? file.write(contentsOf: data)
    }
}
