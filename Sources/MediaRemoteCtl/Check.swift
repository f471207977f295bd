import ArgumentParser
import Config
import SystemFiles

/// `mediaremotectl check [FILE]`: validates a configuration file without touching the service.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a configuration file without touching the service.",
        discussion: """
            Reads FILE (by default the one mediaremoted reads: \
            $XDG_CONFIG_HOME/mediaremote/config.toml, or \
            ~/.config/mediaremote/config.toml) and lists every problem on standard \
            error, one a line as compilers do (FILE:LINE: key: what is allowed), \
            then one line that sums them up. Exits 0 when the file is valid (or, \
            without FILE, when there is none: the defaults apply), \
            \(ExitStatus.dataError.rawValue) when it has problems, \
            \(ExitStatus.noInput.rawValue) when it cannot be read.

            Examples:
              $ mediaremotectl check
              /home/ana/.config/mediaremote/config.toml: valid
              $ mediaremotectl check broken.toml
              broken.toml:7: shake.action: "skip" is not allowed; ...
              mediaremotectl: broken.toml is not valid: 1 problem

            When mediaremoted is running and reads another file (started with \
            another --config, or another XDG_CONFIG_HOME than this shell's), a \
            warning on standard error names the file it reads.

            On a machine where /dev/uinput cannot be written, a valid file comes \
            with a warning on standard error: media devices will be read shared, \
            so a desktop reading them acts on their keys too, and the fix; a file \
            that reads keyboards is then a problem, for keyboards are only read \
            taken over. Where there is no input device directory (/dev/input, or \
            the running service's --input-dir) the warning says that instead: no \
            media key or headset button can be read at all.

            When mediaremote-inputd, the optional system service, is not running \
            (and the file does not read keyboards itself), a note says that a \
            keyboard's media keys go to the desktop, and the command that routes \
            them through MediaRemote (or that there is no system bus, where it \
            would run); when it runs but the running mediaremoted \
            says it refused this session (its words) or gives the keys to the \
            session active on the seat, the note says that.

            With --json, one object on standard output: file, exists, valid, \
            warnings (an array of sentences), problems, an array of objects with line (null for the whole file), key \
            (null when the problem has none) and message, and service_file (the \
            file the running mediaremoted reads; null when none is running, or it \
            reads none), and keyboards (where a keyboard's media keys go when not \
            through MediaRemote, with the command that routes them; null when they \
            come to MediaRemote).

            Example:
              $ mediaremotectl check --json broken.toml
              {"file":"broken.toml","exists":true,"valid":false,"warnings":[],
               "problems":[{"line":7,"key":"shake.action",
                 "message":"\\"skip\\" is not allowed; ..."}],
               "service_file":null,"keyboards":null}

            (Printed on one line; folded here to fit.)
            """
    )

    @Argument(help: "The file to check.", completion: .file(extensions: ["toml"]))
    var file: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        guard let path = file ?? ConfigurationFile.defaultPath() else {
            throw ClientError(description: "neither XDG_CONFIG_HOME nor HOME is set; name the file", status: .usage)
        }
        var problems: [ConfigurationError.Problem] = []
        var readsKeyboards = false
        // Read as the service reads it, but told apart: missing or unreadable (66), or broken (65).
        switch ConfigurationFile.read(path) {
        case .failure(let failure) where failure.isMissing && file == nil:
            // No file of one's own is fine: the defaults apply, as they do for the service.
            return report(path, exists: false, problems: [], readsKeyboards: false)
        case .failure(let failure) where failure.exitStatus == .noInput:
            throw ClientError(description: "\(path): \(failure)", status: .noInput)
        case .failure(let failure):
            problems = [.init(line: 0, key: nil, message: failure.description)]
        case .success(let text):
            do throws(ConfigurationError) {
                let configuration = try Configuration(toml: text, file: path)
                readsKeyboards = configuration.readKeyboards
                // What the service would refuse on this machine, as it would say it.
                if let refusal = UInputAccess.refusal(of: configuration, uinputProblem: DevicePaths.uinputProblem) {
                    problems = [.init(line: 0, key: Configuration.Option.readKeyboards.name, message: refusal)]
                }
            } catch {
                problems = error.problems
            }
        }
        report(path, exists: true, problems: problems, readsKeyboards: readsKeyboards)
        guard problems.isEmpty else {
            writeNotice("\(path) is not valid: \(problems.count) problem\(problems.count == 1 ? "" : "s")")
            throw ExitStatus.dataError.exitCode
        }
    }

    private func report(_ path: String, exists: Bool, problems: [ConfigurationError.Problem], readsKeyboards: Bool) {
        let service = RunningService.now()
        let warnings = Self.warnings(checking: path, valid: problems.isEmpty, service: service)
        let keyboards = problems.isEmpty ? Self.keyboardsNote(readsKeyboards: readsKeyboards, service: service) : nil
        if json {
            writeLine(JSON.object([
                ("file", .string(path)), ("exists", .bool(exists)), ("valid", .bool(problems.isEmpty)),
                ("warnings", .array(warnings.map { .string($0) })),
                ("problems", .array(problems.map { problem in
                    .object([
                        ("line", JSON(problem.line > 0 ? UInt64(problem.line) : nil)), ("key", JSON(problem.key)),
                        ("message", .string(problem.message)),
                    ])
                })),
                ("service_file", JSON(service?.file)),
                ("keyboards", JSON(keyboards)),
            ]).text)
        } else if !problems.isEmpty {
            writeLine(ConfigurationError(file: path, problems: problems).description, to: 2)
        } else {
            writeLine(exists ? "\(path): valid" : "\(path): no such file; the defaults apply")
        }
        if !json {
            for warning in warnings { writeNotice("warning: " + warning) }
            if let keyboards { writeNotice("note: " + keyboards) }
        }
    }
}
