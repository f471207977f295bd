import DBus
import DBusTypes
import Foundation
import Loop
import MediaRemoteAPI
import TestSupport

/// A stand-in for mediaremoted on its own thread and loop (the proxy's calls block the
/// caller's thread): it owns the service's name and exports `interface` at its path.
final class FakeService: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = false
    private let started = DispatchSemaphore(value: 0)
    private var failure: (any Error)?

    /// Starts serving `interface`, made on the service's thread.
    init(on bus: PrivateBus, _ interface: @escaping @Sendable () -> Interface) throws {
        let thread = Thread { [self] in
            do {
                let loop = try EventLoop()
                let connection = try bus.connect(loop: loop)
                try connection.export([interface()], at: MediaRemoteNames.objectPath)
                _ = try connection.requestName(MediaRemoteNames.busName, flags: [.doNotQueue])
                let tick = try loop.schedule(after: .milliseconds(10), repeating: .milliseconds(10)) {}
                started.signal()
                loop.run(until: { self.isFinished }, timeout: .seconds(60))
                tick.cancel()
                connection.close()
            } catch {
                lock.withLock { failure = error }
                started.signal()
            }
        }
        thread.start()
        guard started.wait(timeout: .now() + 30) == .success else { throw DBusError.failed("the stand-in service did not start") }
        if let failure = lock.withLock({ failure }) { throw failure }
    }

    private var isFinished: Bool { lock.withLock { finished } }

    func stop() {
        lock.withLock { finished = true }
    }
}
