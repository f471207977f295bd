import DBus
import DBusTypes
import MediaRemoteAPI

/// A Responder1 object for tests: each call is passed to `answer` (member, subtype), whose
/// result is the `handled` the service gets back.
enum ResponderObject {
    static func interface(_ answer: @escaping (_ member: String, _ subtype: String) -> Bool) -> Interface {
        Interface(
            MediaRemoteNames.responderInterface,
            methods: ResponderMembers.all.map { member in
                Method(member, in: [Argument("subtype", .string), Argument("timestamp", .uint64)],
                       out: [Argument("handled", .boolean)]) { call in
                    guard case .string(let subtype)? = call.arguments.first else { return [.boolean(false)] }
                    return [.boolean(answer(member.rawValue, subtype))]
                }
            })
    }
}
