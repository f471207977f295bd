import Core
import DBusTypes

/// What the log has said of players' failed calls: once per player and kind of error, so a
/// broken player does not flood it. Forgotten when the player leaves, and nothing is kept for
/// a player already gone (should the error of its last call arrive after its leaving), so
/// players that come and go cost nothing once gone.
struct FailureLog {
    private struct Key: Hashable {
        let app: AppID
        let error: ErrorName
    }

    private var told: Set<Key> = []

    /// Whether to log this failure of `app`'s: the first of its kind while the app is there.
    mutating func shouldTell(_ app: AppID, _ error: ErrorName, appIsThere: Bool) -> Bool {
        guard appIsThere else { return false }
        return told.insert(Key(app: app, error: error)).inserted
    }

    mutating func forget(_ app: AppID) {
        told = told.filter { $0.app != app }
    }

    var count: Int { told.count }
}
