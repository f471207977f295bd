import ArgumentParser
import Bridge

/// `mediaremotectl reload`: the service reads its configuration file again.
struct Reload: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make mediaremoted read its configuration file again.",
        discussion: """
            Calls Reload on org.mediaremote.MediaRemote1 (as SIGHUP does). A broken file \
            changes nothing: the service keeps the configuration it has, and this prints the \
            file's problems and exits 1. Check a file first with `mediaremotectl check`.

            Example:
              $ mediaremotectl reload
              reloaded
            """
    )

    func run() throws {
        _ = try ServiceClient().call(BridgeNames.interface, "Reload")
        writeLine("reloaded")
    }
}
