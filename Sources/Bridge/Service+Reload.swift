import Config

extension Service {
    /// Reads the configuration again (SIGHUP, the `Reload` method) and applies what changed.
    /// A broken file changes nothing: the service keeps what it had and says why.
    func reload() -> Result<Void, ConfigurationError> {
        let new: Options
        do throws(ConfigurationError) {
            new = try settings.options()
        } catch {
            Log.error("the configuration was not reloaded, the one in use stays:\n\(error.description)")
            return .failure(error)
        }
        let changes = coordinator.apply(new, over: options)
        options = new
        Log.info("configuration reloaded" + (changes.isEmpty ? ": nothing changed" : ": " + changes.joined(separator: ", ")))
        return .success(())
    }
}
