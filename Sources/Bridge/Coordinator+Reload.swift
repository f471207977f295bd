import Config
import DBusTypes
import MediaRemoteAPI

extension Coordinator {
    /// Reads the configuration again (SIGHUP, the `Reload` method) and applies what changed;
    /// the settings the command line's flags keep over the file's. A broken file changes
    /// nothing: the service keeps what it had and says why.
    func reloadConfiguration() -> Result<[String], ConfigurationError> {
        let new: Service.Options
        let kept: [String]
        do throws(ConfigurationError) {
            (new, kept) = try settings.resolve()
        } catch {
            Log.error("the configuration was not reloaded, the one in use stays:\n\(error.description)")
            return .failure(error)
        }
        let changes = apply(new, over: options)
        options = new
        let flags = kept.isEmpty ? "" : "; the command line's flags keep \(kept.joined(separator: ", ")) over the file"
        Log.info("configuration reloaded" + (changes.isEmpty ? ": nothing changed" : ": " + changes.joined(separator: ", ")) + flags)
        return .success(kept)
    }

    /// The `Reload` method: a broken file is refused with its problems and the configuration
    /// in use stays. Answers with the settings the command line's flags keep over the file's.
    func reload() throws(DBusError) -> ReloadReply {
        switch reloadConfiguration() {
        case .failure(let error):
            throw DBusError(MediaRemoteNames.invalidConfiguration, "the configuration in use stays:\n\(error.description)")
        case .success(let kept):
            return ReloadReply(keptByFlags: kept)
        }
    }
}
