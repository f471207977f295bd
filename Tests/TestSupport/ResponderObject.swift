import DBus
import DBusTypes

/// A Responder1 object for tests: each call is passed to `answer` (member, subtype), whose
/// result is the `handled` the service gets back.
public enum ResponderObject {
    public static let interfaceName: InterfaceName = "org.mediaremote.Responder1"

    public static func interface(_ answer: @escaping (_ member: String, _ subtype: String) -> Bool) -> Interface {
        Interface(
            interfaceName,
            methods: ["RemoteControlReceived", "MotionBegan", "MotionEnded", "MotionCancelled"].map { member in
                Method(try! MemberName(member), in: [Argument("subtype", .string), Argument("timestamp", .uint64)],
                       out: [Argument("handled", .boolean)]) { call in
                    guard case .string(let subtype)? = call.arguments.first else { return [.boolean(false)] }
                    return [.boolean(answer(member, subtype))]
                }
            })
    }
}
