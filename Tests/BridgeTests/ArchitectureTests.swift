import Foundation
import Testing

/// The bridge's parts keep to their own state: rules the compiler cannot hold for files of one
/// module, read from the sources.
@Suite("Architecture: what the bridge's parts may touch")
struct ArchitectureTests {
    static let bridge = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/Bridge").standardized

    /// Every Swift file of the bridge, by its path under Sources/Bridge, with its text.
    static func sources() throws -> [(path: String, text: String)] {
        let files = FileManager.default.enumerator(at: bridge, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return try files.filter { $0.pathExtension == "swift" }.map { url in
            (String(url.standardized.path.dropFirst(bridge.path.count + 1)), try String(contentsOf: url, encoding: .utf8))
        }.sorted { $0.path < $1.path }
    }

    @Test("only the rules shell's files use the rules' state machine: everyone else changes the rules through the shell, with its effects")
    func routerIsTheShells() throws {
        let sources = try Self.sources()
        #expect(sources.count > 20, "found only \(sources.count) files under \(Self.bridge.path)")
        #expect(sources.contains { $0.path.hasPrefix("Rules/") && $0.text.contains("router.") }, "the rules shell no longer uses its router: update this test")
        for (path, text) in sources where !path.hasPrefix("Rules/") {
            #expect(!text.contains("router"), "\(path) names the rules shell's router")
        }
    }

    @Test("the coordinator is wiring: at most 10 stored properties, at most 3 files extending it")
    func coordinatorIsWiring() throws {
        let sources = try Self.sources()
        let coordinator = try #require(sources.first { $0.path == "Coordinator.swift" }).text
        let body = coordinator.components(separatedBy: "final class Coordinator {").last ?? ""
        // Stored properties are the `let`/`var` lines at the class's own indentation with no
        // body: a `{` only after an `=` (a value made with a closure), never before one.
        let stored = body.split(separator: "\n").filter { line in
            let declaration = ["    let ", "    var ", "    private var ", "    private let ", "    private(set) var "].contains { line.hasPrefix($0) }
            guard declaration, let brace = line.firstIndex(of: "{") else { return declaration }
            return line[..<brace].contains(" = ")
        }
        #expect(stored.count <= 10, "the coordinator stores \(stored.count) properties:\n\(stored.joined(separator: "\n"))")
        #expect(stored.count >= 5, "the count of stored properties no longer reads the file: \(stored)")
        let extensions = sources.filter { $0.text.contains("extension Coordinator") }.map(\.path)
        #expect(extensions.count <= 3, "\(extensions)")
    }
}
