/// The members of the standard interfaces every peer has (`Properties`, `Introspectable`,
/// `Peer`) and of the bus itself, typed as the specification gives them: a peer calls
/// `StandardMembers.getAll`, not a string it spelled.
public enum StandardMembers {
    // org.freedesktop.DBus.Properties
    public static let get = TypedMethod<PropertyAddress, PropertyValue>("Get")
    public static let getAll = TypedMethod<InterfaceArgument, AllProperties>("GetAll")
    public static let set = TypedMethod<PropertyWrite, NoArguments>("Set")
    public static let propertiesChanged = TypedSignal<PropertiesChange>("PropertiesChanged")
    /// The same two, read leniently: for peers we do not control (LenientBodies.swift).
    public static let getAllLeniently = TypedMethod<InterfaceArgument, LenientPropertyMap>("GetAll")
    public static let propertiesChangedLeniently = TypedSignal<LenientPropertiesChange>("PropertiesChanged")

    // org.freedesktop.DBus.Introspectable
    public static let introspect = TypedMethod<NoArguments, IntrospectionData>("Introspect")

    // org.freedesktop.DBus.Peer
    public static let ping = TypedMethod<NoArguments, NoArguments>("Ping")
    public static let getMachineId = TypedMethod<NoArguments, MachineID>("GetMachineId")

    // org.freedesktop.DBus, at /org/freedesktop/DBus on the bus itself
    public static let busPath: ObjectPath = "/org/freedesktop/DBus"
    public static let getNameOwner = TypedMethod<NameArgument, NameArgument>("GetNameOwner")
    public static let listNames = TypedMethod<NoArguments, NameList>("ListNames")
    public static let getId = TypedMethod<NoArguments, BusID>("GetId")
    public static let getConnectionUnixProcessID = TypedMethod<NameArgument, ProcessIDAnswer>("GetConnectionUnixProcessID")
    public static let getConnectionUnixUser = TypedMethod<NameArgument, UserIDAnswer>("GetConnectionUnixUser")
    public static let requestName = TypedMethod<NameRequest, NameReplyCode>("RequestName")
    public static let releaseName = TypedMethod<NameArgument, NameReplyCode>("ReleaseName")
    public static let addMatch = TypedMethod<MatchRuleArgument, NoArguments>("AddMatch")
    public static let removeMatch = TypedMethod<MatchRuleArgument, NoArguments>("RemoveMatch")
    public static let nameOwnerChanged = TypedSignal<NameOwnerChange>("NameOwnerChanged")
    public static let nameLost = TypedSignal<NameArgument>("NameLost")
}
