#if canImport(Glibc)
import Glibc
#endif

import ArgumentParser
import Config
import Motion
import MotionEvaluation
import SystemFiles
import Time

/// `mediaremotectl motion`: the shake detector, live (`watch`) or offline (`replay`).
struct MotionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motion",
        abstract: "The shake detector: live on the sensor, or offline on a recording.",
        subcommands: [Replay.self, Watch.self]
    )

    /// `mediaremotectl motion replay FILE.csv`: the detector's events over a recording.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the shake detector over a recording and print its events.",
            // The generated one (every option spelled out) is wider than a terminal.
            usage: "mediaremotectl motion replay [<options>] <file>",
            discussion: """
                FILE is a CSV with the header t_s,ax_g,ay_g,az_g, then a sample a \
                line in time order: seconds, then the acceleration on three axes in \
                g, gravity included. With - as FILE, it is read from standard \
                input. --profile re-renders it first as a real sensor would \
                deliver it: \
                \(DeviceProfile.all.map(\.name).joined(separator: ", ")). Exits \
                \(ExitStatus.dataError.rawValue) when FILE is malformed, \
                \(ExitStatus.noInput.rawValue) when it cannot be read.

                Each event is a phase of a shake: began, then ended, or cancelled \
                when what began was not a shake or the recording ends before the \
                shake does (as the service cancels a shake whose sensor goes away); \
                a cancel says why, and on the next line what to do next time.

                With --json, one array (empty: []) of the events, each an object \
                with phase (began, ended or cancelled), t_s (seconds into the \
                recording, to the millisecond: three decimals, as in the text) and \
                why (a cancel's reason as the text gives it; null for the others) \
                and advice (what to do next time; null when there is nothing to do).

                Examples, where shake.csv is the repository's \
                data/motion/wiimote_shake_train_016.csv (a Wii remote shaken by hand):
                  $ mediaremotectl motion replay shake.csv
                  began     1.290 s
                  ended     4.360 s
                  $ mediaremotectl motion replay --json shake.csv
                  [{"phase":"began","t_s":1.290,"why":null,"advice":null},
                   {"phase":"ended","t_s":4.360,"why":null,"advice":null}]
                  $ mediaremotectl motion replay \\
                      --profile lis3lv02d shake.csv
                  began     1.300 s
                  ended     4.400 s
                  $ head -n 200 shake.csv | mediaremotectl motion replay -
                  began     1.290 s
                  cancelled 1.980 s  (the samples ended)

                (--json prints one line; folded here to fit.)
                """
        )

        @Argument(help: "The recording (CSV: t_s,ax_g,ay_g,az_g); - for standard input.", completion: .file(extensions: ["csv"]))
        var file: String

        @Option(
            help: "Render the recording as this device would deliver it first.",
            completion: .list(DeviceProfile.all.map(\.name)))
        var profile = "raw"

        // Unconditional: a value with a minus (-1) is the value, refused by validate with a
        // sentence, not taken for an option and reported as missing. Kept as written, and
        // read as the configuration's shake.sensitivity is.
        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "The swing that begins a shake, \(Self.allowedSensitivity); its strokes must be twice it: "
                    + "the detector's sensitivity, as shake.sensitivity in the configuration.", valueName: "g"))
        var sensitivity = String(Configuration().shakeSensitivity)

        @Flag(help: "Print the events as one JSON array.")
        var json = false

        func validate() throws {
            guard DeviceProfile.named(profile) != nil else {
                throw ValidationError("unknown profile '\(profile)': one of \(DeviceProfile.all.map(\.name).joined(separator: ", "))")
            }
            guard parameters != nil else {
                throw ValidationError("--sensitivity must be a swing of \(Self.allowedSensitivity), not \(sensitivity)")
            }
        }

        /// What --sensitivity takes: the configuration's range for shake.sensitivity.
        static var allowedSensitivity: String { Configuration.Option.shakeSensitivity.allowed }

        /// The detector's parameters, as the service's with --sensitivity as its configured
        /// sensitivity; nil when the configuration would not take that.
        var parameters: SwingDetector.Parameters? {
            guard let number = Double(sensitivity) else { return nil }
            return Configuration().setting(.shakeSensitivity, to: .float(number, written: sensitivity))?.detectorParameters
        }

        func run() throws {
            // `-` is standard input, as for cat and sort: a recording can come down a pipe.
            let (text, name) = file == "-" ? (TextFile.read(descriptor: STDIN_FILENO), "standard input") : (TextFile.read(file), file)
            let recording: Recording
            do {
                recording = try Recording(csv: try text.get())
            } catch let failure as TextFile.Failure {
                throw ClientError(description: "\(name): \(failure)", status: failure.exitStatus)
            } catch {
                throw ClientError(description: "\(name): \(error)", status: .dataError)
            }
            // validate() has checked both.
            let parameters = parameters!
            var detector = SwingDetector(parameters: parameters)
            let events = detector.replay(DeviceProfile.named(profile)!.render(recording))
            if json {
                writeLine(JSON.array(events.map {
                    .object([("phase", .string($0.phase.rawValue)), ("t_s", .decimal(Self.seconds($0.time))), ("why", JSON($0.cancellation?.description)),
                             ("advice", JSON($0.cancellation?.advice(parameters)))])
                }).text)
                return
            }
            for event in events {
                writeLine("\(event.phase.rawValue.padding(to: 9)) \(Self.seconds(event.time)) s" + (event.cancellation.map { "  (\($0))" } ?? ""))
                if let advice = event.cancellation?.advice(parameters) { writeLine("          \(advice)") }
            }
        }

        /// A time of the recording (from its start) as seconds to the millisecond, always with
        /// three decimals, so that times line up and read alike in the text and the JSON:
        /// 9620000 µs → "9.620".
        static func seconds(_ time: MonotonicInstant) -> String {
            fixedPoint(time.microseconds, in: .seconds(1), decimals: 3)
        }
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
