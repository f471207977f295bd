import ArgumentParser
import DBusTypes
import MediaRemoteAPI
import MediaRemoteClient

/// `mediaremotectl reload`: the service reads its configuration file again.
struct Reload: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make mediaremoted read its configuration file again.",
        discussion: """
            Calls Reload on org.mediaremote.MediaRemote1 (as SIGHUP does). A broken \
            file changes nothing: the service keeps the configuration it has, and \
            this prints the file's problems and exits 1. Check a file first with \
            mediaremotectl check. mediaremoted's command-line flags win over the \
            file: the settings they keep are named.

            With --json, one object: reloaded (true or false), problems (the \
            file's problems, each a string as check prints it; [] when reloaded) \
            and kept_by_flags (the settings the service's flags keep; [] when none).

            Examples:
              $ mediaremotectl reload
              reloaded
              $ mediaremotectl reload
              reloaded; mediaremoted's flags keep: shake.action
              $ mediaremotectl reload --json
              {"reloaded":false,
               "problems":["/home/ana/.config/mediaremote/config.toml:7:
                 shake.action: ..."]}

            (Printed on one line; folded here to fit.)
            """
    )

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let client = try ServiceClient()
        let kept: [String]
        do throws(ProxyError) {
            kept = try client.proxy.reload()
        } catch {
            if json, case .refused(_, let refusal) = error, refusal.name == MediaRemoteNames.invalidConfiguration {
                // Its message: a first line, then the problems, one a line (the interface's XML says so).
                let problems = refusal.message.split(separator: "\n").dropFirst().map { JSON.string(String($0)) }
                writeLine(JSON.object([("reloaded", .bool(false)), ("problems", .array(problems)), ("kept_by_flags", .array([]))]).text)
            }
            throw ServiceClient.explain(error)
        }
        if json {
            writeLine(JSON.object([("reloaded", .bool(true)), ("problems", .array([])), ("kept_by_flags", .array(kept.map(JSON.string)))]).text)
        } else {
            writeLine("reloaded" + (kept.isEmpty ? "" : "; mediaremoted's flags keep: \(kept.joined(separator: ", "))"))
        }
    }
}
