import DBusTypes

/// One interface of an exported object: a table of its methods, properties and signals,
/// read top to bottom. Introspection XML, argument checks and `Properties` all come from it.
public struct Interface {
    public let name: InterfaceName
    public let methods: [Method]
    public let properties: [Property]
    public let signals: [SignalMember]

    public init(_ name: InterfaceName, methods: [Method] = [], properties: [Property] = [], signals: [SignalMember] = []) {
        self.name = name
        self.methods = methods
        self.properties = properties
        self.signals = signals
    }

    func method(_ name: MemberName) -> Method? { methods.first { $0.name == name } }
    func property(_ name: MemberName) -> Property? { properties.first { $0.name == name } }
    func signal(_ name: MemberName) -> SignalMember? { signals.first { $0.name == name } }
}

/// A method: its arguments both ways and its handler.
public struct Method {
    public let name: MemberName
    public let inputs: [Field]
    public let outputs: [Field]
    let handler: (MethodCall) -> Void

    /// Made typed from a ``TypedMethod`` (Method+Typed.swift), or from fields and a handler of
    /// values for a table known only at run time (Method+Untyped.swift).
    init(name: MemberName, inputs: [Field], outputs: [Field], handler: @escaping (MethodCall) -> Void) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.handler = handler
    }

    var inputSignature: Signature { inputs.signature }
    var outputSignature: Signature { outputs.signature }
}

/// A property: its type, how it announces changes, a getter and, when writable, a setter.
public struct Property {
    /// The `org.freedesktop.DBus.Property.EmitsChangedSignal` annotation.
    public enum ChangeSignal: String, Sendable {
        /// `PropertiesChanged` carries the new value.
        case emitsValue = "true"
        /// `PropertiesChanged` names it as invalidated, without the value.
        case invalidates
        /// It never changes while the object exists.
        case constant = "const"
        /// No signal; read it when needed (as MPRIS's `Position`).
        case none = "false"
    }

    public let name: MemberName
    public let type: SignatureType
    public let changeSignal: ChangeSignal
    let get: (() -> Value)?
    let set: ((Value) throws -> Void)?
    /// For a property read through from elsewhere on demand: `Get` and `GetAll` wait for it,
    /// while `PropertiesChanged` uses `get`.
    let fetch: ((@escaping (Value) -> Void) -> Void)?
    /// For a property written through to elsewhere: `Set` is answered when it calls back, with
    /// nil (done) or the error to reply with.
    let store: ((Value, @escaping (DBusError?) -> Void) -> Void)?

    /// A property; a setter that throws refuses the new value (a `DBusError` as it is, any
    /// other error as `Failed`).
    public init(
        _ name: MemberName,
        _ type: SignatureType,
        changeSignal: ChangeSignal = .emitsValue,
        get: (() -> Value)?,
        set: ((Value) throws -> Void)? = nil
    ) {
        self.name = name
        self.type = type
        self.changeSignal = changeSignal
        self.get = get
        self.set = set
        fetch = nil
        store = nil
    }

    /// A property whose `Get` and `GetAll` are answered by `fetch` (which calls back with the
    /// value, on the loop), such as MPRIS's `Position` read from the player it stands for.
    /// `fallback` answers when the fetched value is not of `type`.
    public static func readThrough(
        _ name: MemberName,
        _ type: SignatureType,
        fallback: @escaping () -> Value,
        fetch: @escaping (@escaping (Value) -> Void) -> Void
    ) -> Property {
        Property(name: name, type: type, changeSignal: .none, get: fallback, fetch: fetch, store: nil)
    }

    /// A readable property whose `Set` is answered once `store` calls back: the new value is
    /// passed on elsewhere (the player a proxy stands for), and the caller learns whether it
    /// was taken. `get` should give the stored value from then on.
    public static func writeThrough(
        _ name: MemberName,
        _ type: SignatureType,
        changeSignal: ChangeSignal = .emitsValue,
        get: @escaping () -> Value,
        store: @escaping (Value, @escaping (DBusError?) -> Void) -> Void
    ) -> Property {
        Property(name: name, type: type, changeSignal: changeSignal, get: get, fetch: nil, store: store)
    }

    private init(
        name: MemberName, type: SignatureType, changeSignal: ChangeSignal, get: @escaping () -> Value,
        fetch: ((@escaping (Value) -> Void) -> Void)?, store: ((Value, @escaping (DBusError?) -> Void) -> Void)?
    ) {
        self.name = name
        self.type = type
        self.changeSignal = changeSignal
        self.get = get
        set = nil
        self.fetch = fetch
        self.store = store
    }

    var isWritable: Bool { self.set != nil || store != nil }

    /// `read`, `write` or `readwrite`, as introspection says it.
    var access: String {
        switch (get != nil, isWritable) {
        case (true, true): "readwrite"
        case (false, true): "write"
        default: "read"
        }
    }
}

/// A signal the interface emits, with its arguments.
public struct SignalMember: Sendable {
    public let name: MemberName
    public let arguments: [Field]

    public init(_ name: MemberName, _ arguments: [Field] = []) {
        self.name = name
        self.arguments = arguments
    }

    var signature: Signature { arguments.signature }
}
