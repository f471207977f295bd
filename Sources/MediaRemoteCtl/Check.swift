import ArgumentParser
import Config

/// `mediaremotectl check [FILE]`: validates a configuration file without touching the service.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a configuration file without touching the service.",
        discussion: """
            Reads FILE (by default the one mediaremoted reads: \
            $XDG_CONFIG_HOME/mediaremote/config.toml, or ~/.config/mediaremote/config.toml) \
            and lists every problem with its line and key and what is allowed there. \
            Exits 0 when the file is valid (or, without FILE, when there is none: the defaults \
            apply), 1 when it is not.

            Examples:
              $ mediaremotectl check
              /home/ana/.config/mediaremote/config.toml: valid
              $ mediaremotectl check broken.toml
              broken.toml:7: shake.action: "skip" is not allowed; allowed: "none", "nextTrack", …
            """
    )

    @Argument(help: "The file to check.")
    var file: String?

    func run() throws {
        guard let path = file ?? ConfigurationFile.defaultPath() else {
            throw ServiceClient.report(ClientError(description: "neither XDG_CONFIG_HOME nor HOME is set; name the file", status: .usage))
        }
        do throws(ConfigurationError) {
            _ = try ConfigurationFile.load(path, mustExist: file != nil)
        } catch {
            writeLine(error.description)
            throw ExitStatus.failure.exitCode
        }
        writeLine(ConfigurationFile.exists(path) ? "\(path): valid" : "\(path): no such file; the defaults apply")
    }
}
