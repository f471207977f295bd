import Foundation
import Testing
import TestSupport

/// `make test` installs every program the tests start. Once, `playerctl` was on the machine
/// and not in `TEST_PACKAGES`: CI passed there and a fresh machine failed 12 issues. This test
/// finds every program path in the tests' sources and the guest's script (the session guest's
/// are its own root's), asks dpkg which package holds it, and fails, naming the program, when
/// that package is not installed by `make test` (listed, a direct dependency of one listed, or
/// essential to every Debian system).
@Suite("make test installs every program the tests start")
struct TestPackagesTests {
    /// Absolute paths of programs and plugins the tests run or load.
    static func programsUsed() throws -> Set<String> {
        let root = BuiltProducts.repositoryRoot
        var texts: [String] = []
        let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent("Tests"), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            // The session guest's paths are the guest's: its own Debian root (Tests/Session/base.sh's
            // package list) provides them, not this machine. Its host side calls its programs by
            // bare name (mmdebstrap, bsdtar, qemu-system-x86_64, cpio), which this scan never saw.
            if url.lastPathComponent == "Session" {
                enumerator?.skipDescendants()
                continue
            }
            guard ["swift", "sh", "py"].contains(url.pathExtension) else { continue }
            texts.append(try String(contentsOf: url, encoding: .utf8))
        }
        let pattern = try Regex(#"/(?:usr/)?(?:s?bin|lib)/[A-Za-z0-9_.+-]+(?:/[A-Za-z0-9_.+-]+)*"#)
        var paths: Set<String> = []
        for text in texts {
            for match in text.matches(of: pattern) { paths.insert(String(text[match.range])) }
        }
        // Directories named in passing (/usr/lib/…) are not programs; only files that exist here and run or load.
        return paths.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    /// The package dpkg says holds `path` (merged /usr: dpkg may know it under /bin).
    static func package(of path: String) throws -> String? {
        for candidate in [path, path.hasPrefix("/usr/") ? String(path.dropFirst(4)) : path] {
            let result = try Subprocess.run("/usr/bin/dpkg", ["-S", candidate])
            // "pkg: /path" (or "pkg:arch: /path"); "diversion by …" lines say who diverted it, not who holds it.
            let holder = result.stdout.split(separator: "\n").first { !$0.hasPrefix("diversion by") && $0.hasSuffix(": \(candidate)") }
            if result.status == 0, let line = holder, let colon = line.firstIndex(of: ":") {
                return String(line[..<colon])
            }
        }
        return nil
    }

    static func query(_ field: String, of package: String) throws -> String {
        try Subprocess.run("/usr/bin/dpkg-query", ["-W", "-f=${\(field)}", package]).stdout
    }

    @Test("each program's package is in TEST_PACKAGES, a direct dependency of one, or essential")
    func everyProgramIsInstalled() throws {
        let make = try Subprocess.run("/usr/bin/make", [
            "-s", "-C", BuiltProducts.repositoryRoot.path, "--no-print-directory", "--eval", "print-test-packages: ; @echo $(TEST_PACKAGES)",
            "print-test-packages",
        ])
        let listed = Set(make.stdout.split(whereSeparator: \.isWhitespace).map(String.init))
        #expect(listed.contains("mpv") && listed.contains("dbus-daemon"), "TEST_PACKAGES as make prints it: \(make.stdout) \(make.stderr)")
        var provided = listed
        for package in listed {
            // "a (>= 1) | b, c" → a, b, c
            let depends = try (Self.query("Pre-Depends", of: package) + "," + Self.query("Depends", of: package))
                .split(whereSeparator: { ",|".contains($0) })
            for dependency in depends {
                if let name = dependency.split(whereSeparator: { " (:".contains($0) }).first { provided.insert(String(name)) }
            }
        }
        let programs = try Self.programsUsed()
        #expect(programs.contains("/usr/bin/playerctl") && programs.contains("/usr/bin/mpv"), "\(programs.sorted())")
        for program in programs.sorted() {
            // make runs the tests: it is there by definition.
            guard program != "/usr/bin/make" else { continue }
            guard let package = try Self.package(of: program) else {
                Issue.record("\(program): no Debian package holds it; make test cannot install it")
                continue
            }
            let essential = try Self.query("Essential", of: package) == "yes"
            #expect(provided.contains(package) || essential,
                    "\(program) comes from \(package), which make test does not install: add it to TEST_PACKAGES in the Makefile")
        }
    }
}
