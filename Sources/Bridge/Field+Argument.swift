import DBus
import MediaRemoteAPI

extension [Field] {
    /// The contract's fields as the export table declares them.
    var arguments: [Argument] { map { Argument($0.name, $0.type) } }
}
