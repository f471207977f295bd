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
            mediaremotectl check.

            With --json, one object: reloaded (true or false) and problems (the \
            file's problems, each a string as check prints it; [] when reloaded).

            Examples:
              $ mediaremotectl reload
              reloaded
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
        do throws(ProxyError) {
            try client.proxy.reload()
        } catch {
            if json, case .refused(_, let refusal) = error, refusal.name == MediaRemoteNames.invalidConfiguration {
                // Its message: a first line, then the problems, one a line (the interface's XML says so).
                let problems = refusal.message.split(separator: "\n").dropFirst().map { JSON.string(String($0)) }
                writeLine(JSON.object([("reloaded", .bool(false)), ("problems", .array(problems))]).text)
            }
            throw ServiceClient.explain(error)
        }
        writeLine(json ? JSON.object([("reloaded", .bool(true)), ("problems", .array([]))]).text : "reloaded")
    }
}
