import DBusTypes

/// What an object says it has, read from its introspection XML: interfaces with their methods'
/// input types and their properties, and the names of its child nodes.
public struct Introspection {
    public struct Method {
        public var name: MemberName
        public var inputs: [SignatureType]
    }

    public struct Property {
        public var name: String
        public var type: SignatureType
    }

    public struct Interface {
        public var name: InterfaceName
        public var methods: [Method] = []
        public var properties: [Property] = []
    }

    public var interfaces: [Interface] = []
    public var children: [String] = []

    /// Parses the XML the way the specification writes it: one element a line or several, the
    /// attributes in any order. What it cannot read is left out.
    public init(xml: String) {
        var current: Interface?
        var method: Method?
        for tag in xml.split(separator: "<").map({ String($0.prefix { $0 != ">" }) }) {
            let attributes = Self.attributes(tag)
            if tag.hasPrefix("interface "), let name = attributes["name"].flatMap({ try? InterfaceName($0) }) {
                current = Interface(name: name)
            } else if tag.hasPrefix("/interface"), let finished = current {
                interfaces.append(finished)
                current = nil
            } else if tag.hasPrefix("method "), let name = attributes["name"].flatMap({ try? MemberName($0) }) {
                method = Method(name: name, inputs: [])
                if tag.hasSuffix("/") { current?.methods.append(method!); method = nil }
            } else if tag.hasPrefix("/method"), let finished = method {
                current?.methods.append(finished)
                method = nil
            } else if tag.hasPrefix("arg "), method != nil, attributes["direction"] ?? "in" == "in",
                let type = attributes["type"].flatMap({ try? SignatureType($0) })
            {
                method?.inputs.append(type)
            } else if tag.hasPrefix("property "), let name = attributes["name"],
                let type = attributes["type"].flatMap({ try? SignatureType($0) })
            {
                current?.properties.append(Property(name: name, type: type))
            } else if tag.hasPrefix("node "), let name = attributes["name"] {
                children.append(name)
            }
        }
    }

    static func attributes(_ tag: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(tag)
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].split(separator: " ").last.map(String.init) ?? ""
            let afterEquals = rest[rest.index(after: equals)...]
            guard let open = afterEquals.firstIndex(of: "\""),
                let close = afterEquals[afterEquals.index(after: open)...].firstIndex(of: "\"")
            else { break }
            result[key] = String(afterEquals[afterEquals.index(after: open)..<close])
            rest = afterEquals[afterEquals.index(after: close)...]
        }
        return result
    }
}
