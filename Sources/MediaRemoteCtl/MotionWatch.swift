import ArgumentParser
import DBus
import DBusTypes
import MediaRemoteAPI
import MediaRemoteClient

extension MotionCommand {
    /// `mediaremotectl motion watch`: the service's shake detector on the real sensor, live.
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Claim motion and print each shake's phases, live, until interrupted.",
            discussion: """
                Holds a motion claim for as long as it runs (the accelerometers open, \
                as for an app that claims motion; the claim goes when it stops), and \
                prints each phase of each shake as mediaremoted's detector reports \
                it, with where it went: try your sensor. A shake goes to the first \
                responder; with none, and no shake action set, it is discarded, and \
                that is fine for trying. When mediaremoted is not running it says so \
                on standard error and waits; when it starts again, the claim is made \
                again. It says so when mediaremoted lists no accelerometer.

                Example:
                  $ mediaremotectl motion watch
                  5013.102381  motion  shake began  from accelerometer
                    discarded: no responder is first responder
                  5014.480022  motion  shake ended  from accelerometer
                    discarded: no responder is first responder, and no
                    shake action is set (shake.action)

                (Each event is one line; folded here to fit.)

                A shake the detector did not take is told with why, and what to do \
                next time, before its cancelled line:
                  5020.114507  not taken: too short: 1 back-and-forth
                    in 230 ms; shake a little longer, about three times

                With --json, one object a line, as monitor --json prints it; a shake \
                not taken is an object with type (shake_not_taken), timestamp_us, \
                reason (tooLittle, pausedBeforeStroke, noStroke, tooLong or \
                neverSettled) and advice.
                """
        )

        @Flag(help: "One JSON object a line, a phase each.")
        var json = false

        func run() throws {
            let client = try ServiceClient()
            let json = self.json
            let subscription = client.followEvents { event in
                guard event.type == EventType.motion.rawValue, event.source == EventSource.accelerometer.rawValue else { return }
                writeLine(json ? event.json.text : event.line)
            }
            let notTaken = client.proxy.followShakesNotTaken { result in
                guard case .success(let why) = result else { return }
                writeLine(json ? Self.json(why).text : Self.line(why))
            }
            defer {
                subscription.cancel()
                notTaken.cancel()
            }
            try client.runSayingPresence { owner in
                guard owner != nil else { return }
                do throws(ProxyError) {
                    try client.proxy.claimMotion()
                    let sensors = try client.proxy.describeDevices().filter { $0.classification == "accelerometer" }
                    let me = client.connection.uniqueName.rawValue
                    if sensors.isEmpty {
                        writeNotice("motion claimed (as \(me)), but mediaremoted lists no accelerometer (mediaremotectl devices); "
                            + "waiting for one to appear (interrupt to stop)")
                    } else {
                        writeNotice("motion claimed (as \(me)); shake the device (\(sensors.map(\.path).joined(separator: ", ")))")
                    }
                } catch {
                    writeNotice(ServiceClient.explain(error).description)
                }
            }
        }

        /// A shake not taken, as its line: when, and why with what to do.
        static func line(_ why: ShakeNotTaken) -> String {
            "\(fixedPoint(why.timestamp, in: .seconds(1), decimals: 6))  not taken: \(why.advice)"
        }

        static func json(_ why: ShakeNotTaken) -> JSON {
            .object([("type", .string("shake_not_taken")), ("timestamp_us", .number(why.timestamp)), ("reason", .string(why.reason)),
                     ("advice", .string(why.advice))])
        }
    }
}
