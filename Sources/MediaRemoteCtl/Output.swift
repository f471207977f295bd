#if canImport(Glibc)
import Glibc
#endif

/// Writes a line at once, unbuffered: a pipe reader (`monitor | …`) sees each as it is
/// written, and standard output and error keep their order.
func writeLine(_ line: String, to descriptor: Int32 = 1) {
    var bytes = Array((line.hasSuffix("\n") ? line : line + "\n").utf8)
    _ = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
}

/// Writes `mediaremotectl: TEXT` to standard error: every error and notice of the client has this form.
func writeNotice(_ text: String) {
    writeLine("mediaremotectl: \(text)", to: 2)
}
