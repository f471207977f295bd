// file-replacer FILE: replaces FILE whole, again and again until killed, alternately with two
// texts of a megabyte each ("a…" and "b…"), as the service replaces its state file. A test
// kills it at random moments and checks the file is always one of them, whole.
import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String, status: Int32) -> Never {
    let line = "file-replacer: \(message)\n"
    _ = write(2, line, line.utf8.count)
    exit(status)
}

guard CommandLine.arguments.count == 2 else { fail("usage: file-replacer FILE", status: 2) }
let path = CommandLine.arguments[1]
let texts = ["a", "b"].map { String(repeating: $0, count: 1 << 20) + "\n" }
var round = 0
while true {
    do throws(TextFile.WriteFailure) {
        try TextFile.replace(path, with: texts[round % 2])
    } catch {
        fail(error.description, status: 1)
    }
    if round == 0 { _ = write(1, "replacing\n", 10) }
    round += 1
}
