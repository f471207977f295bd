import Foundation
import Loop
import Testing

@testable import Input

@Suite("DeviceDirectory: a directory's nodes by prefix, or one file by its exact name")
struct DeviceDirectoryTests {
    @Test("one file is followed by its name alone: a longer name it starts is not it (1000 and 10001)")
    func oneFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-users-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loop = try EventLoop()
        var seen: [String] = []
        let watch = try DeviceDirectory(file: folder + "/1000", loop: loop) { change in
            if case .appeared(let path) = change { seen.append(path) }
        }
        #expect(watch != nil)
        #expect(FileManager.default.createFile(atPath: folder + "/10001", contents: Data("STATE=active\n".utf8)))
        #expect(FileManager.default.createFile(atPath: folder + "/1000", contents: Data("STATE=active\n".utf8)))
        _ = loop.run(until: { !seen.isEmpty }, timeout: .seconds(2))
        _ = loop.run(until: { false }, timeout: .milliseconds(100))
        #expect(Set(seen) == [folder + "/1000"], "\(seen)")
        #expect(try DeviceDirectory(file: "1000", loop: loop) { _ in } == nil, "a path without a folder")
    }
}
