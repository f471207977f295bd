// dispatch-bench: how many events a second the pure dispatcher plans and settles, with a
// realistic registry (several players, receiving apps, a first-responder stack). For
// `make bench`; prints one line: "events_per_second N".
import Core
import DBusTypes
import MediaRemoteAPI
import Time

#if canImport(Glibc)
import Glibc
#endif

/// The `microseconds`th microsecond of the bench's clock.
func at(_ microseconds: Int) -> MonotonicInstant { MonotonicInstant(microseconds: UInt64(microseconds)) }

var registry = Registry()
for index in 0..<8 {
    let app = AppID(try BusName(":1.\(index)"))
    registry.playerAppeared(app, Player(busName: try BusName("org.mpris.MediaPlayer2.p\(index)"), status: .paused, capabilities: .all), .appeared, at: at(1))
    registry.playerChanged(app, status: .playing, at: at(10 + index))
    registry.playerChanged(app, status: .paused, at: at(20 + index))
}
let app3 = AppID(":1.3")
registry.beginReceiving(app3, at: at(30))
// :1.3 plays last: it is Now Playing, with two responders before its player.
registry.playerChanged(app3, status: .playing, at: at(40))
try registry.becomeFirstResponder(ResponderAddress(app: app3, path: "/a"), at: at(31))
try registry.becomeFirstResponder(ResponderAddress(app: app3, path: "/b"), at: at(32))
var dispatcher = Dispatcher(registry: registry)

let subtypes: [RemoteControlSubtype] = [.togglePlayPause, .nextTrack, .previousTrack, .play, .pause]
// A smaller count may be given, for a profiler (callgrind runs it some fifty times slower).
let given = CommandLine.arguments.dropFirst().first
guard given.map({ (Int($0) ?? 0) > 0 }) ?? true else {
    let usage = "usage: dispatch-bench [EVENTS]   (a count above 0; 2000000 when left out)\n"
    _ = write(2, usage, usage.utf8.count)
    exit(2)
}
let count = given.flatMap { Int($0) } ?? 2_000_000
var handled = 0
var start = timespec()
clock_gettime(CLOCK_MONOTONIC, &start)
for index in 0..<count {
    let now = at(1_000 + index)
    var dispatch = dispatcher.dispatch(.remoteControl(subtypes[index % subtypes.count], at: now, from: .api), at: now)
    // The first responder declines, the next handles.
    var step = dispatch.start()
    var answers = 0
    while case .deliver = step {
        step = dispatch.answer(answers == 0 ? .declined : .handled)
        answers += 1
    }
    if case .finished(.handled) = step { handled += 1 }
    dispatcher.finished(dispatch, at: now)
}
var end = timespec()
clock_gettime(CLOCK_MONOTONIC, &end)
let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
precondition(handled == count, "every event should have been handled")
print("events_per_second \(Int(Double(count) / seconds))")
