import DBus
import Loop
import MediaRemoteAPI
import Motion
import Time

#if canImport(Glibc)
import Glibc
#endif

/// mediaremoted run with --shake-action nextTrack: the action is a standing claim, so the
/// accelerometer is open with no app's claim, `devices` says for whom, and a shake gives its
/// events.
@MainActor func checkShakeActionClaim() throws {
    guard let daemon = processID(named: "mediaremoted") else { throw GuestFailure("mediaremoted not found") }
    // Started just before: under emulation, and beside other work, it may take seconds to be up.
    settle(30_000) { (try? bus.listNames().contains(MediaRemoteNames.busName)) == true }
    let sensor = try UInputDevice(name: "MediaRemote Test Action Sensor", keys: [], accelerometer: true, range: 8)
    guard let node = sensor.node else { throw GuestFailure("the sensor has no node") }
    // Opened once the service sees the node (udev, then its own read of the device): under
    // emulation beside other work this took more than 15 s once.
    let made = MonotonicClock.now
    settle(40_000) { holdsOpen(daemon, node) }
    let waited = MonotonicClock.now.duration(since: made).wholeMicroseconds / 1000
    verdict(
        holdsOpen(daemon, node), "shake action: with an action set and no claim, the accelerometer is open",
        otherwise: "shake action: the accelerometer \(node) is closed with --shake-action nextTrack and no claim after \(waited) ms: "
            + "process \(daemon) (of \(processIDs(named: "mediaremoted"))) holds \(openFiles(daemon)); the service lists it as "
            + String(describing: devices().first { $0.path == node }))
    let listed = devices().first { $0.path == node }
    verdict(
        listed?.reading == .openForMotion(for: "the shake action (nextTrack)"),
        "shake action: mediaremotectl devices lists it open for the shake action",
        otherwise: "shake action: devices lists the sensor as \(String(describing: listed))")
    let shake = recording("/motion/faros_shake.csv")
    let start = MonotonicClock.now
    for sample in shake {
        settle(until: start + (sample.time - MonotonicInstant.zero))
        sensor.acceleration(x: sample.x, y: sample.y, z: sample.z)
    }
    check("shake action: a recorded hand shake with no claim → began, ended", ["shake began", "shake ended"], within: 3000)

    // A shake, then the device set down: one still frame and nothing more (evdev passes on
    // only changes). The detector's deadline ends the shake; before, it waited for a sample.
    settle(2000)
    received = []
    let begin = MonotonicClock.now
    for step in 0..<120 {
        let t = Double(step) / 100
        let a = 2 * sin(2 * .pi * 5 * t)
        settle(until: begin + .milliseconds(Int64(step * 10)))
        sensor.acceleration(x: a, y: 0, z: 1)
    }
    sensor.acceleration(x: 0, y: 0, z: 1)
    check("a shake, then the sensor silent: ended by the detector's deadline, with no sample after", ["shake began", "shake ended"],
          within: 3000)
}
