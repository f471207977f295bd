import Core
import DBus
import DBusTypes

/// What passes to the target as it is: the Player methods with no event subtype, and reads of
/// its properties.
extension ProxyPlayer {
    /// A method with no event subtype: passed to the target as it is, its answer passed back.
    /// With nothing to control it is answered, and does nothing.
    func forward<Input>(_ method: TypedMethod<Input, NoArguments>) -> Method {
        .deferred(method) { [weak self] input, call in
            guard let self, let owner = self.target?.busName else { return call.reply() }
            // The player's reply is passed back as taken, whatever it carries (as a key's call is).
            let forwarded = Message.methodCall(method, input, destination: owner, path: MPRISNames.path, interface: MPRISNames.player)
            self.calls.call(forwarded, timeout: self.callTimeout) { result in
                switch result {
                case .success: call.reply()
                case .failure(let error): call.fail(error)
                }
            }
        }
    }

    /// One of the target's Player properties as it has it now, nil when it does not answer.
    /// Beside the event line, never ahead of a key press.
    func readFromTarget(_ owner: BusName, _ property: MemberName, _ answer: @escaping (Value?) -> Void) {
        connection.call(
            StandardMembers.get, PropertyAddress(MPRISNames.player, property), destination: owner, path: MPRISNames.path,
            interface: .properties, timeout: callTimeout
        ) { result in answer((try? result.get())?.content) }
    }
}
