import DBusTypes

/// The user manager's and a desktop app's members that launching an app calls: systemd's
/// `StartTransientUnit`, and `org.freedesktop.Application`'s `Activate`.
enum SystemManager {
    static let busName: BusName = "org.freedesktop.systemd1"
    static let path: ObjectPath = "/org/freedesktop/systemd1"
    static let manager: InterfaceName = "org.freedesktop.systemd1.Manager"
    static let application: InterfaceName = "org.freedesktop.Application"

    static let startTransientUnit = TypedMethod<TransientUnit, JobPath>("StartTransientUnit")
    /// Sent to the client that queued a job when it ends: its unit and result (`done`, `failed`, …).
    static let jobRemoved = TypedSignal<JobRemoved>("JobRemoved")
    /// Its argument is the platform data (`a{sv}`), a startup notification id for instance.
    static let activate = TypedMethod<AllProperties, NoArguments>("Activate")
}

/// `StartTransientUnit`'s arguments for a service running one command, as `systemd-run --user`
/// sends them: started when its process is (`Type=exec`, so a program that cannot be run fails
/// the job), in `app.slice`, kept while any process of it runs (where the manager knows
/// `ExitType`), collected when it ends.
struct TransientUnit: MessageBody, Equatable {
    let name: String
    let program: String
    let command: [String]
    let description: String
    /// `ExitType=cgroup` (systemd 250 and later): a launcher that forks and leaves keeps its unit.
    let exitTypeCgroup: Bool

    init(name: String, program: String, command: [String], description: String, exitTypeCgroup: Bool = true) {
        (self.name, self.program, self.command, self.description, self.exitTypeCgroup) = (name, program, command, description, exitTypeCgroup)
    }

    private static let property = SignatureType.structure([.string, .variant])
    private static let auxiliaryUnit = SignatureType.structure([.string, .array(property)])

    static var fields: [Field] {
        [Field("name", type: .string), Field("mode", type: .string), Field("properties", type: .array(property)),
         Field("aux", type: .array(auxiliaryUnit))]
    }

    var arguments: [Value] {
        let execStart = Value.array(
            .structure([.string, .array(.string), .boolean]),
            [.structure([.string(program), .array(.string, command.map(Value.string)), .boolean(false)])])
        var properties: [(String, Value)] = [
            ("Description", .string(description)), ("Type", .string("exec")),
            ("CollectMode", .string("inactive-or-failed")), ("Slice", .string("app.slice")), ("ExecStart", execStart),
        ]
        if exitTypeCgroup { properties.append(("ExitType", .string("cgroup"))) }
        return [
            .string(name), .string("fail"),
            .array(Self.property, properties.map { .structure([.string($0.0), .variant($0.1)]) }),
            .array(Self.auxiliaryUnit, []),
        ]
    }

    init(arguments: [Value]) throws(DBusError) {
        throw .invalidArgs("StartTransientUnit's arguments are only sent")
    }
}

/// `StartTransientUnit`'s reply: the job's object path.
struct JobPath: SingleFieldBody, Equatable {
    static let fieldName = "job"
    static let owner = "the StartTransientUnit reply"
    let content: ObjectPath
    init(_ content: ObjectPath) { self.content = content }
}

/// `JobRemoved`'s arguments: the job's id and path, its unit, and how it ended.
struct JobRemoved: MessageBody, Equatable {
    let id: UInt32
    let job: ObjectPath
    let unit: String
    let result: String

    static var fields: [Field] { [Field("id", UInt32.self), Field("job", ObjectPath.self), Field("unit", String.self), Field("result", String.self)] }
    var arguments: [Value] { [.uint32(id), .objectPath(job), .string(unit), .string(result)] }

    init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "JobRemoved")
        (id, job, unit, result) = (try field("id"), try field("job"), try field("unit"), try field("result"))
    }
}
