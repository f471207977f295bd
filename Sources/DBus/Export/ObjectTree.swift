import DBusTypes

/// The objects a connection exports, by path.
struct ObjectTree {
    private(set) var objects: [ObjectPath: [Interface]] = [:]

    mutating func add(_ interfaces: [Interface], at path: ObjectPath) throws(DBusError) {
        guard objects[path] == nil else { throw .invalidArgs("an object is already exported at \(path)") }
        let reserved: Set<InterfaceName> = [.properties, .introspectable, .peer]
        var seen = Set<InterfaceName>()
        for interface in interfaces {
            guard !reserved.contains(interface.name) else {
                throw .invalidArgs("\(interface.name) is provided for every object; do not export it yourself")
            }
            guard seen.insert(interface.name).inserted else {
                throw .invalidArgs("\(interface.name) is listed twice for \(path)")
            }
        }
        objects[path] = interfaces
    }

    mutating func remove(at path: ObjectPath) {
        objects[path] = nil
    }

    func interfaces(at path: ObjectPath) -> [Interface]? { objects[path] }

    func interface(_ name: InterfaceName, at path: ObjectPath) -> Interface? {
        objects[path]?.first { $0.name == name }
    }

    /// The names of the nodes directly below `path` that lead to exported objects.
    func children(of path: ObjectPath) -> [String] {
        let depth = path.elements.count
        var names = Set<String>()
        for exported in objects.keys where exported.isDescendant(of: path) {
            names.insert(String(exported.elements[depth]))
        }
        return names.sorted()
    }

    /// True when `path` is exported or lies above something exported (so it can be introspected).
    func isNode(_ path: ObjectPath) -> Bool {
        objects[path] != nil || objects.keys.contains { $0.isDescendant(of: path) }
    }
}
