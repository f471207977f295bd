/// What is wrong with a configuration file: every problem found, each with its line and key
/// and what is allowed there, in the order of the file's lines. A syntax error stops the
/// reading, so it comes alone.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    public struct Problem: Equatable, Sendable {
        /// 0 for the whole file (it cannot be read).
        public let line: Int
        /// The dotted key (`shake.action`) or section (`[shake]`), when the problem has one.
        public let key: String?
        public let message: String

        public init(line: Int, key: String?, message: String) {
            self.line = line
            self.key = key
            self.message = message
        }
    }

    /// The file as the person named it (or as it was found).
    public let file: String
    public let problems: [Problem]

    /// `problems` in any order: they are kept by line, a whole-file problem (line 0) first, and
    /// in the order given within a line (the sort is stable).
    public init(file: String, problems: [Problem]) {
        self.file = file
        self.problems = problems.sorted { $0.line < $1.line }
    }

    /// One line a problem, `FILE:LINE: key: message`, as compilers write them.
    public var description: String {
        problems.map { problem in
            (problem.line > 0 ? "\(file):\(problem.line): " : "\(file): ") + (problem.key.map { "\($0): " } ?? "") + problem.message
        }.joined(separator: "\n")
    }
}
