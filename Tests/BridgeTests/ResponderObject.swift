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
                Method(member, in: arguments(ResponderCall.fields), out: arguments(ResponderReply.fields)) { call in
                    let subtype = try ResponderCall(arguments: call.arguments).subtype
                    return ResponderReply(handled: answer(member.rawValue, subtype)).arguments
                }
            })
    }

    private static func arguments(_ fields: [Field]) -> [Argument] { fields.map { Argument($0.name, $0.type) } }
}
