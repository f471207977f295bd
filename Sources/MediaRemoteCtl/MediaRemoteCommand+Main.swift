import ArgumentParser
import MediaRemoteClient

#if canImport(Glibc)
import Glibc
#endif

/// How the process ends: one error style for everything, `mediaremotectl: …` on standard
/// error with the status ``ExitStatus`` names, whether the error is the client's own, the
/// service's, or ArgumentParser's usage error.
extension MediaRemoteCommand {
    /// Parses the command line, runs the command, and exits.
    public static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Every command takes --json, --version too. Taken here: a flag of the root command
        // would be parsed after any subcommand as well, and take every subcommand's own --json.
        if arguments.contains("--version") && arguments.contains("--json") && arguments.allSatisfy({ ["--version", "--json"].contains($0) }) {
            printVersions(json: true)
            return
        }
        do {
            try checkHelpTopic(arguments)
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            end(with: error)
        }
    }

    /// ArgumentParser's prefix for its own messages ("Error: " by default).
    public static var _errorPrefix: String { "mediaremotectl: " }

    static func end(with error: any Error) -> Never {
        switch error {
        case let error as ClientError:
            writeNotice(error.description)
            Glibc.exit(error.status.rawValue)
        case let error as ProxyError:
            end(with: ServiceClient.explain(error))
        case let code as ExitCode:
            // Thrown after the command has said why (or said nothing, being a plain status).
            Glibc.exit(code.rawValue)
        default:
            // Help, completion scripts and the like go to standard output, as ArgumentParser prints them.
            guard exitCode(for: error) != .success else { exit(withError: error) }
            writeLine(usageMessage(fullMessage(for: error)), to: 2)
            Glibc.exit(exitCode(for: error).rawValue)
        }
    }

    /// ArgumentParser's message in this client's style: its capitalised first word
    /// ("Unexpected argument 'bogus'") in lower case, as the client's own sentences are.
    static func usageMessage(_ message: String) -> String {
        guard message.hasPrefix(_errorPrefix) else { return message }
        let rest = message.dropFirst(_errorPrefix.count)
        let word = rest.prefix { $0.isLetter }
        guard let first = word.first, first.isUppercase, word.dropFirst().allSatisfy(\.isLowercase) else { return message }
        return _errorPrefix + first.lowercased() + rest.dropFirst()
    }

    /// `mediaremotectl help bogus`: ArgumentParser shows the top-level help and exits 0 for a
    /// topic it does not know; a typo should fail like any other wrong argument.
    static func checkHelpTopic(_ arguments: [String]) throws {
        guard arguments.first == "help" else { return }
        var command: any ParsableCommand.Type = MediaRemoteCommand.self
        var path = ["mediaremotectl"]
        // `help help` is ArgumentParser's own, and fine.
        for name in arguments.dropFirst() where !name.hasPrefix("-") && !(name == "help" && path.count == 1) {
            guard let subcommand = command.configuration.subcommands.first(where: { $0._commandName == name }) else {
                throw ValidationError("'\(name)' is not a subcommand of '\(path.joined(separator: " "))'")
            }
            command = subcommand
            path.append(name)
        }
    }
}
