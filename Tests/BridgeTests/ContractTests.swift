import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The interface files in dbus/ are the contract; the code must say the same.
@Suite("dbus/*.xml matches the code")
struct ContractTests {
    /// Methods of an interface file: name → (input signature, output signature).
    final class MethodReader: NSObject, XMLParserDelegate {
        var methods: [String: (String, String)] = [:]
        private var current: String?

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if element == "method" { current = attributes["name"]; methods[current ?? ""] = ("", "") }
            if element == "arg", let method = current, let type = attributes["type"] {
                var (inputs, outputs) = methods[method] ?? ("", "")
                if attributes["direction"] == "out" { outputs += type } else { inputs += type }
                methods[method] = (inputs, outputs)
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "method" { current = nil }
        }
    }

    @Test("Responder1.xml documents exactly the calls MediaRemote makes")
    func responder() throws {
        let text = try InterfaceFile.read("org.mediaremote.Responder1.xml")
        let parser = XMLParser(data: Data(text.utf8))
        let reader = MethodReader()
        parser.delegate = reader
        #expect(parser.parse())
        #expect(Set(reader.methods.keys) == Set(ResponderMembers.all.map(\.name.rawValue)))
        for (name, (inputs, outputs)) in reader.methods {
            #expect(inputs == ResponderCall.fields.signature.description, "\(name)")
            #expect(outputs == ResponderReply.fields.signature.description, "\(name)")
        }
        #expect(text.contains("<interface name=\"\(MediaRemoteNames.responderInterface)\">"))
    }
}
