import DBusTypes

/// Introspection XML, generated from the same tables that route the calls.
enum Introspection {
    static let header = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">

        """

    /// The XML for a node: its interfaces (the standard ones first when it is an object) and children.
    static func xml(interfaces: [Interface]?, children: [String]) -> String {
        var lines = [header + "<node>"]
        if let interfaces {
            for interface in StandardInterfaces.descriptions + interfaces {
                lines.append(contentsOf: xml(for: interface))
            }
        }
        for child in children { lines.append("  <node name=\"\(escape(child))\"/>") }
        lines.append("</node>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The XML of one interface, indented as a child of `<node>`.
    static func xml(for interface: Interface) -> [String] {
        var lines = ["  <interface name=\"\(interface.name)\">"]
        for method in interface.methods {
            let arguments = method.inputs.map { ($0, "in") } + method.outputs.map { ($0, "out") }
            if arguments.isEmpty {
                lines.append("    <method name=\"\(method.name)\"/>")
                continue
            }
            lines.append("    <method name=\"\(method.name)\">")
            for (argument, direction) in arguments {
                lines.append("      <arg name=\"\(escape(argument.name))\" type=\"\(argument.type)\" direction=\"\(direction)\"/>")
            }
            lines.append("    </method>")
        }
        for signal in interface.signals {
            if signal.arguments.isEmpty {
                lines.append("    <signal name=\"\(signal.name)\"/>")
                continue
            }
            lines.append("    <signal name=\"\(signal.name)\">")
            for argument in signal.arguments {
                lines.append("      <arg name=\"\(escape(argument.name))\" type=\"\(argument.type)\"/>")
            }
            lines.append("    </signal>")
        }
        for property in interface.properties {
            let opening = "    <property name=\"\(property.name)\" type=\"\(property.type)\" access=\"\(property.access)\""
            if property.changeSignal == .emitsValue {
                lines.append(opening + "/>")
            } else {
                lines.append(opening + ">")
                lines.append(
                    "      <annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"\(property.changeSignal.rawValue)\"/>"
                )
                lines.append("    </property>")
            }
        }
        lines.append("  </interface>")
        return lines
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}

extension Interface {
    /// A `<node>` document holding just these interfaces: the form of the interface files
    /// in `/usr/share/dbus-1/interfaces`, and what `--bus-introspect` prints.
    public static func introspectionDocument(_ interfaces: [Interface]) -> String {
        var lines = [Introspection.header + "<node>"]
        for interface in interfaces { lines.append(contentsOf: Introspection.xml(for: interface)) }
        lines.append("</node>")
        return lines.joined(separator: "\n") + "\n"
    }
}
