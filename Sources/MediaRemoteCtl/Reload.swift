import ArgumentParser
import Config
import DBusTypes
import MediaRemoteAPI
import MediaRemoteClient
import SystemFiles

/// `mediaremotectl reload`: the service reads its configuration file again.
struct Reload: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make mediaremoted read its configuration file again.",
        discussion: """
            Calls Reload on org.mediaremote.MediaRemote1 (as SIGHUP does) and names \
            the file the service read: its own, which may not be the one this \
            shell's XDG_CONFIG_HOME points at. A broken \
            file changes nothing: the service keeps the configuration it has, and \
            this prints the file's problems and exits 1. Check a file first with \
            mediaremotectl check. mediaremoted's command-line flags win over the \
            file: the settings they keep are named.

            With --json, one object: reloaded (true or false), file (the file the \
            service read; null when it reads none), problems (the \
            file's problems, each a string as check prints it; [] when reloaded) \
            and kept_by_flags (the settings the service's flags keep; [] when none).

            Examples:
              $ mediaremotectl reload
              reloaded /home/ana/.config/mediaremote/config.toml
              $ mediaremotectl reload
              reloaded /home/ana/.config/mediaremote/config.toml;
                mediaremoted's flags keep: shake.action
              $ mediaremotectl reload --json
              {"reloaded":false,
               "file":"/home/ana/.config/mediaremote/config.toml",
               "problems":["/home/ana/.config/mediaremote/config.toml:7:
                 shake.action: ..."],"kept_by_flags":[]}

            (Printed on one line; folded here to fit.)
            """
    )

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let client = try ServiceClient()
        // Asked first: what the reload is about to read.
        let file = try client.proxy.configurationFile()
        let kept: [String]
        do throws(ProxyError) {
            kept = try client.proxy.reload()
        } catch {
            guard case .refused(_, let refusal) = error, refusal.name == MediaRemoteNames.invalidConfiguration else {
                throw ServiceClient.explain(error)
            }
            if json {
                // Its message: a first line, then the problems, one a line (the interface's XML says so).
                let problems = refusal.message.split(separator: "\n").dropFirst().map { JSON.string(String($0)) }
                writeLine(JSON.object([
                    ("reloaded", .bool(false)), ("file", JSON(file)), ("problems", .array(problems)), ("kept_by_flags", .array([])),
                ]).text)
            }
            throw ClientError(
                description: "mediaremoted refused its configuration file\(file.map { " " + $0 } ?? ""); \(refusal.message)", status: .failure)
        }
        if json {
            writeLine(JSON.object([
                ("reloaded", .bool(true)), ("file", JSON(file)), ("problems", .array([])), ("kept_by_flags", .array(kept.map(JSON.string))),
            ]).text)
        } else {
            writeLine(Self.sentence(file: file, kept: kept))
        }
    }

    /// What was read: the file (or that there was none, and the defaults hold), and what the
    /// flags keep.
    static func sentence(file: String?, kept: [String]) -> String {
        let read =
            switch file {
            case let file? where FilePaths.exists(file): "reloaded \(file)"
            case let file?: "reloaded: there is no \(file), the defaults apply"
            case nil: "reloaded: mediaremoted reads no configuration file (it has neither XDG_CONFIG_HOME nor HOME), the defaults apply"
            }
        return read + (kept.isEmpty ? "" : "; mediaremoted's flags keep: \(kept.joined(separator: ", "))")
    }
}
