import ArgumentParser
import Config
import Motion

/// `mediaremotectl motion`: the shake detector, offline.
struct MotionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motion",
        abstract: "The shake detector, offline.",
        subcommands: [Replay.self]
    )

    /// `mediaremotectl motion replay FILE.csv`: the detector's events over a recording.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the shake detector over a recording and print its events.",
            discussion: """
                FILE is a CSV with the header t_s,ax_g,ay_g,az_g: seconds, then the acceleration on
                three axes in g, gravity included. --profile re-renders it first as a real sensor
                would deliver it: \(DeviceProfile.all.map(\.name).joined(separator: ", ")).

                Example:
                  $ mediaremotectl motion replay shake.csv
                  began     9.71 s
                  ended     10.74 s
                  $ mediaremotectl motion replay shake.csv --profile lis3lv02d --json
                  {"phase":"began","t_s":10.0}
                  {"phase":"ended","t_s":10.95}
                """
        )

        @Argument(help: "The recording (CSV: t_s,ax_g,ay_g,az_g).")
        var file: String

        @Option(help: "Render the recording as this device would deliver it first.")
        var profile = "raw"

        @Option(help: "The swing strength a shake needs, in g (the detector's sensitivity).")
        var sensitivity = SwingDetector.Parameters().swingStrength

        @Flag(help: "One JSON object a line: {\"phase\":…,\"t_s\":…}.")
        var json = false

        func validate() throws {
            guard DeviceProfile.named(profile) != nil else {
                throw ValidationError("unknown profile '\(profile)': one of \(DeviceProfile.all.map(\.name).joined(separator: ", "))")
            }
            guard sensitivity > 0, sensitivity.isFinite else { throw ValidationError("the sensitivity is a swing in g, above 0") }
        }

        func run() throws {
            let recording: Recording
            do {
                recording = try Recording(csv: try TextFile.read(file).get())
            } catch {
                throw ClientError(description: "\(file): \(error)", status: .failure)
            }
            var parameters = SwingDetector.Parameters()
            parameters.swingStrength = sensitivity
            var detector = SwingDetector(parameters: parameters)
            for event in detector.run(DeviceProfile.named(profile)!.render(recording)) {
                let seconds = Self.seconds(event.time)
                if json {
                    print(JSONLine([("phase", .string(event.phase.rawValue)), ("t_s", .decimal(seconds))]).text)
                } else {
                    print("\(event.phase.rawValue.padding(to: 9)) \(seconds) s")
                }
            }
        }

        /// µs as seconds with up to three decimals, trailing zeros dropped: 9620000 → "9.62".
        static func seconds(_ microseconds: UInt64) -> String {
            let milliseconds = (microseconds + 500) / 1000
            var fraction = String(milliseconds % 1000)
            fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
            while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
            return "\(milliseconds / 1000).\(fraction)"
        }
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
