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
                Method(member) { call, _ in ResponderReply(handled: answer(member.name.rawValue, call.subtype)) }
            })
    }
}
