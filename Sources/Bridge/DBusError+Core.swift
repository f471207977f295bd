import Core
import DBusTypes
import MediaRemoteAPI

extension DBusError {
    /// The rules' refusal as the bus carries it: InvalidArgs, or MediaRemote's LimitExceeded.
    init(_ error: CoreError) {
        switch error {
        case .invalidArgument(let text): self = .invalidArgs(text)
        case .limitExceeded(let text): self.init(MediaRemoteNames.limitExceeded, text)
        }
    }

    /// Runs `body`, turning a refusal of the rules into the error a caller receives.
    static func from<Result>(_ body: () throws(CoreError) -> Result) throws(DBusError) -> Result {
        do {
            return try body()
        } catch {
            throw DBusError(error)
        }
    }
}
