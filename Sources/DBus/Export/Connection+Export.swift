import DBusTypes

extension Connection {
    /// Exports an object at `path` with the given interfaces, plus `Introspectable`,
    /// `Properties` and `Peer`.
    public func export(_ interfaces: [Interface], at path: ObjectPath) throws(DBusError) {
        try objects.add(interfaces, at: path)
    }

    /// Stops exporting the object at `path`; calls to it get `UnknownObject` from now on.
    public func unexport(_ path: ObjectPath) {
        objects.remove(at: path)
    }

    /// Emits a signal from an exported object; its arguments must match the signal's table entry.
    public func emit(
        _ member: MemberName,
        of interface: InterfaceName,
        at path: ObjectPath,
        _ arguments: [Value] = [],
        to destination: BusName? = nil
    ) throws(DBusError) {
        guard let declared = objects.interface(interface, at: path)?.signal(member) else {
            throw .invalidArgs("\(path) does not declare the signal \(interface).\(member)")
        }
        let signature = Signature(arguments.map(\.type))
        guard signature == declared.signature else {
            throw .invalidArgs("\(interface).\(member) carries '\(declared.signature)', not '\(signature)'")
        }
        try send(.signal(path: path, interface: interface, member: member, arguments: arguments, destination: destination))
    }

    /// Announces that properties of an exported object changed, with their current values
    /// (or as invalidated, as each property's table entry says).
    public func emitPropertiesChanged(_ names: [MemberName], of interface: InterfaceName, at path: ObjectPath) throws(DBusError) {
        guard let table = objects.interface(interface, at: path) else {
            throw .invalidArgs("\(path) does not export \(interface)")
        }
        var change = PropertiesChange(interface: interface.rawValue, changed: [:], invalidated: [])
        for name in names {
            guard let property = table.property(name) else { throw .invalidArgs("\(interface) has no property \(name)") }
            switch property.changeSignal {
            case .emitsValue:
                if let value = property.get?(), value.type == property.type {
                    change.changed[name.rawValue] = value
                } else {
                    change.invalidated.append(name.rawValue)
                }
            case .invalidates: change.invalidated.append(name.rawValue)
            case .constant, .none: continue
            }
        }
        guard !change.changed.isEmpty || !change.invalidated.isEmpty else { return }
        try send(.signal(path: path, interface: .properties, member: StandardMembers.propertiesChanged.name, arguments: change.arguments))
    }

    // MARK: Routing

    /// Routes a call by its header and declared signature, and decodes its body only for the
    /// method that takes it: a call that is refused costs nothing to refuse, however large.
    func handleMethodCall(_ header: Message, raw: OpaquePointer) {
        guard let path = header.path, let member = header.member else { return }
        let signature = Message.declaredSignature(of: raw)
        let reply = { [self] (error: DBusError) in
            if !header.noReplyExpected { _ = try? send(header.errorReply(error)) }
        }
        let decoded = { [self] () -> Message? in
            var message = header
            do throws(DBusError) {
                message.arguments = try Message.arguments(of: raw, valueLimit: maximumValuesPerMessage)
                return message
            } catch {
                reply(error)
                return nil
            }
        }
        if let interface = header.interface, let standard = StandardInterfaces.method(interface, member) {
            guard objects.isNode(path) else { return reply(DBusError(.unknownObject, "no object at \(path)")) }
            guard signature == standard.inputSignature else {
                return reply(wrongSignature(interface, member, expected: standard.inputSignature, got: signature))
            }
            guard let message = decoded() else { return }
            answerStandard(MethodCall(message: message, method: standard, connection: self), path: path)
            return
        }
        guard let interfaces = objects.interfaces(at: path) else {
            if header.interface == nil, member == StandardMembers.introspect.name, objects.isNode(path), signature == Signature([]) {
                return answerStandard(
                    MethodCall(message: header, method: StandardInterfaces.method(.introspectable, StandardMembers.introspect.name)!, connection: self),
                    path: path)
            }
            return reply(DBusError(.unknownObject, "no object at \(path)"))
        }
        let table: Interface
        if let name = header.interface {
            guard let found = interfaces.first(where: { $0.name == name }) else {
                return reply(DBusError(.unknownInterface, "\(path) has no interface \(name)"))
            }
            table = found
        } else {
            // The interface may be left out of a call: the first that has the member answers.
            guard let found = interfaces.first(where: { $0.method(member) != nil }) else {
                return reply(DBusError(.unknownMethod, "\(path) has no method \(member)"))
            }
            table = found
        }
        guard let method = table.method(member) else {
            return reply(DBusError(.unknownMethod, "\(table.name) has no method \(member)"))
        }
        guard signature == method.inputSignature else {
            return reply(wrongSignature(table.name, member, expected: method.inputSignature, got: signature))
        }
        guard let message = decoded() else { return }
        method.handler(MethodCall(message: message, method: method, connection: self))
    }

    private func wrongSignature(_ interface: InterfaceName, _ member: MemberName, expected: Signature, got: Signature) -> DBusError {
        .invalidArgs("\(interface).\(member) takes arguments of type '\(expected)', not '\(got)'")
    }

    private func answerStandard(_ call: MethodCall, path: ObjectPath) {
        do throws(DBusError) {
            switch (call.message.interface, call.method.name) {
            case (_, StandardMembers.introspect.name):
                let xml = Introspection.xml(interfaces: objects.interfaces(at: path), children: objects.children(of: path))
                call.reply(IntrospectionData(xml).arguments)
            case (.properties?, StandardMembers.get.name):
                let (table, property) = try property(try PropertyAddress(arguments: call.arguments), path: path)
                if let fetch = property.fetch {
                    fetch { value in
                        guard value.type != property.type else { return call.reply(PropertyValue(value).arguments) }
                        do throws(DBusError) {
                            call.reply(PropertyValue(try self.read(property, of: table)).arguments)
                        } catch {
                            call.fail(error)
                        }
                    }
                } else {
                    call.reply(PropertyValue(try read(property, of: table)).arguments)
                }
            case (.properties?, StandardMembers.getAll.name):
                try getAllProperties(call, path: path)
            case (.properties?, StandardMembers.set.name):
                try setProperty(call, path: path)
            default:
                // Peer is answered by libdbus before messages reach us; nothing else is standard.
                call.fail(DBusError(.unknownMethod, "\(call.method.name) is not available here"))
            }
        } catch {
            call.fail(error)
        }
    }

    private func propertyTable(_ name: String, path: ObjectPath) throws(DBusError) -> Interface {
        guard let interfaceName = try? InterfaceName(name), let table = objects.interface(interfaceName, at: path) else {
            throw DBusError(.unknownInterface, "\(path) has no interface '\(name)'")
        }
        return table
    }

    private func property(_ address: PropertyAddress, path: ObjectPath) throws(DBusError) -> (Interface, Property) {
        let table = try propertyTable(address.interface, path: path)
        guard let member = try? MemberName(address.property), let property = table.property(member) else {
            throw DBusError(.unknownProperty, "\(table.name) has no property '\(address.property)'")
        }
        return (table, property)
    }

    private func read(_ property: Property, of table: Interface) throws(DBusError) -> Value {
        guard let get = property.get else { throw .invalidArgs("\(table.name).\(property.name) is write-only") }
        let value = get()
        guard value.type == property.type else {
            throw .failed("\(table.name).\(property.name) produced '\(value.type)' instead of '\(property.type)'")
        }
        return value
    }

    /// Answers `GetAll` with every readable property, in the table's order. Properties read
    /// through (`fetch`) are fetched together and the reply waits for the last of them, so
    /// `GetAll` carries the same live values as `Get` (MPRIS's `Position`, which status bars
    /// read with `GetAll`).
    private func getAllProperties(_ call: MethodCall, path: ObjectPath) throws(DBusError) {
        let table = try propertyTable(try InterfaceArgument(arguments: call.arguments).content, path: path)
        let readable = table.properties.filter { $0.get != nil }
        var values: [Value] = []
        for property in readable { values.append(try read(property, of: table)) }
        // In the table's order, so the dictionary is built here rather than from a Swift one.
        let reply = { (values: [Value]) in
            call.reply([.stringVariantDictionary(zip(readable, values).map { ($0.name.rawValue, $1) })])
        }
        let fetched = readable.indices.filter { readable[$0].fetch != nil }
        guard !fetched.isEmpty else { return reply(values) }
        var waiting = fetched.count
        for index in fetched {
            let property = readable[index]
            property.fetch? { value in
                // A value of the wrong type keeps the fallback already read.
                if value.type == property.type { values[index] = value }
                waiting -= 1
                if waiting == 0 { reply(values) }
            }
        }
    }

    /// Answers `Set`: at once for a plain setter, once stored for a property written through.
    /// A change that took is announced with `PropertiesChanged`.
    private func setProperty(_ call: MethodCall, path: ObjectPath) throws(DBusError) {
        let write = try PropertyWrite(arguments: call.arguments)
        let (table, property) = try property(write.address, path: path)
        guard property.isWritable else {
            throw DBusError(.propertyReadOnly, "\(table.name).\(property.name) is read-only")
        }
        let value = write.value
        guard value.type == property.type else {
            throw .invalidArgs("\(table.name).\(property.name) is of type '\(property.type)', not '\(value.type)'")
        }
        let before = property.get?()
        let announce = { [self] in
            if property.changeSignal != .none, property.changeSignal != .constant, property.get?() != before {
                try? emitPropertiesChanged([property.name], of: table.name, at: path)
            }
        }
        if let store = property.store {
            store(value) { error in
                if let error { return call.fail(error) }
                call.reply()
                announce()
            }
            return
        }
        do {
            try property.set?(value)
        } catch {
            throw DBusError(describing: error)
        }
        call.reply()
        announce()
    }
}
