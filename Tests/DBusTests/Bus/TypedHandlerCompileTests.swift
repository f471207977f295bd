import Foundation
import Testing
import TestSupport

/// A handler whose types disagree with its method's must not compile. Each case is a small
/// program type-checked with `swiftc` against the modules this build made: the correct one
/// must compile (so a failure below is the mistake's, not the set-up's), and each mistake must
/// fail with the compiler naming the type it wanted.
@Suite("Typed methods: a handler of the wrong types does not compile")
struct TypedHandlerCompileTests {
    static let declarations = """
        import DBus
        import DBusTypes

        struct Text: SingleFieldBody {
            var content: String
            init(_ content: String) { self.content = content }
            static var fieldName: String { "text" }
            static var owner: String { "the text" }
        }
        let shout = TypedMethod<Text, Text>("Shout")

        """

    /// The result of type-checking `body` after the declarations.
    static func typeCheck(_ body: String) throws -> ProcessResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typed-handler-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("main.swift")
        try (declarations + body + "\n").write(to: source, atomically: true, encoding: .utf8)
        let built = BuiltProducts.directory
        // The C modules the binding imports, as the build describes them, and libdbus's headers.
        let cflags = try Subprocess.run("/usr/bin/env", ["pkg-config", "--cflags", "dbus-1"]).stdout
            .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        let moduleMaps = [
            BuiltProducts.repositoryRoot.appendingPathComponent("Sources/CDBus/module.modulemap").path,
            built.appendingPathComponent("CSystem.build/module.modulemap").path,
            built.appendingPathComponent("CDBusShim.build/module.modulemap").path,
        ]
        var arguments = ["swiftc", "-typecheck", "-I", built.appendingPathComponent("Modules").path]
        for map in moduleMaps { arguments += ["-Xcc", "-fmodule-map-file=\(map)"] }
        for flag in cflags { arguments += ["-Xcc", flag] }
        return try Subprocess.run("/usr/bin/env", arguments + [source.path])
    }

    @Test("the correct handler compiles")
    func correct() throws {
        let result = try Self.typeCheck("let method = Method(shout) { text, _ in Text(text.content.uppercased()) }")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(
        "a handler that answers another type, or reads an argument the method lacks, does not compile",
        arguments: [
            ("let method = Method(shout) { text, _ in text.content.count }", "to closure result type 'Text'"),
            ("let method = Method(shout) { text, _ in [Value.string(text.content)] }", "to closure result type 'Text'"),
            ("let method = Method(shout) { text, _ in Text(text.times) }", "has no member 'times'"),
            ("let method = Method.deferred(shout) { text, call in call.reply(NoArguments()) }", "to expected argument type 'Text'"),
        ])
    func mistaken(_ body: String, _ diagnostic: String) throws {
        let result = try Self.typeCheck(body)
        #expect(result.status != 0, "compiled: \(body)")
        #expect(result.stderr.contains(diagnostic), "\(result.stderr)")
    }
}
