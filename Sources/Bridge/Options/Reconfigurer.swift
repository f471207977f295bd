import Config
import SystemFiles

/// The parts as a reload sees them: each takes the options it uses.
protocol Reconfigurable: AnyObject {
    /// Takes `options` over `old`, restarting only what changed (a reload that changes nothing
    /// disturbs nothing).
    func adopt(_ options: Service.Options, over old: Service.Options)
}

/// The options in force, and where they come from (``Settings``: the file, then the command
/// line's flags over it): read again on a reload (SIGHUP, the `Reload` method) and handed to
/// the parts. It owns both; the parts it sees through ``Reconfigurable``.
final class Reconfigurer {
    let settings: Settings
    private(set) var options: Service.Options
    weak var parts: (any Reconfigurable)?

    init(settings: Settings, options: Service.Options) {
        (self.settings, self.options) = (settings, options)
    }

    /// The configuration file read, for the bridge's property and `reload`/`check`.
    var configurationFile: String? { settings.configurationPath }

    /// Reads the configuration again and applies what changed; answers with the settings the
    /// command line's flags keep over the file's. A broken file changes nothing: the service
    /// keeps what it had and says why.
    func reload() -> Result<[String], ConfigurationError> {
        let new: Service.Options
        let kept: [String]
        do throws(ConfigurationError) {
            (new, kept) = try settings.resolve()
        } catch {
            Log.error("the configuration was not reloaded, the one in use stays:\n\(error.description)")
            return .failure(error)
        }
        let old = options
        options = new
        parts?.adopt(new, over: old)
        // The keys that changed, by their declarations: a key added to the file is told with no
        // list to keep up here.
        let changes = new.changes(from: old)
        let flags = kept.isEmpty ? "" : "; the command line's flags keep \(kept.joined(separator: ", ")) over the file"
        Log.info("configuration reloaded" + (changes.isEmpty ? ": nothing changed" : ": " + changes.joined(separator: ", ")) + flags)
        return .success(kept)
    }
}
