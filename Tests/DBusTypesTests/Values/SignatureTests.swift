import Testing

@testable import DBusTypes

@Suite("Signatures parse into types, by the specification's rules")
struct SignatureTests {
    @Test(
        "valid signatures print back as they were written",
        arguments: [
            "", "y", "b", "n", "q", "i", "u", "x", "t", "d", "h", "s", "o", "g", "v", "as", "a{sv}", "a{oa{sa{sv}}}",
            "(ii)", "a(ii)", "(i(s(v)))", "aay", "sa{sv}as", "a{ys}", "a{ba(dd)}", "ybnqiuxtdsogvh",
            String(repeating: "a", count: 32) + "i", String(repeating: "(", count: 32) + "i" + String(repeating: ")", count: 32),
        ])
    func valid(_ text: String) throws {
        #expect(try Signature(text).description == text)
    }

    @Test(
        "invalid signatures",
        arguments: [
            ("a", "'a' has no element type"),
            ("{sv}", "a dictionary entry '{…}' may only stand inside an array"),
            ("a{vs}", "a dictionary key must be a basic type, not 'v'"),
            ("a{(i)s}", "a dictionary key must be a basic type, not '(i)'"),
            ("a{s}", "a dictionary entry must hold exactly a key and a value"),
            ("a{sss}", "a dictionary entry must hold exactly a key and a value"),
            ("()", "a structure must have at least one field"),
            ("(i", "'(' is not closed"),
            ("i)", "')' is not a type code"),
            ("z", "'z' is not a type code"),
            (String(repeating: "a", count: 33) + "i", "arrays are nested deeper than 32"),
            (String(repeating: "(", count: 33) + "i" + String(repeating: ")", count: 33), "structures are nested deeper than 32"),
            (String(repeating: "i", count: 256), "it is longer than 255 bytes"),
        ])
    func invalid(_ text: String, _ reason: String) {
        do {
            _ = try Signature(text)
            Issue.record("accepted '\(text)'")
        } catch {
            #expect(error.name == .invalidSignature)
            #expect(error.message.hasSuffix(reason), "\(error.message)")
        }
    }

    @Test("parsed structure")
    func structure() throws {
        #expect(try Signature("a{sv}(ias)").types == [
            .dictionary(key: .string, value: .variant), .structure([.int32, .array(.string)]),
        ])
    }

    @Test("a single complete type")
    func singleType() throws {
        #expect(try SignatureType("a{sv}") == .dictionary(key: .string, value: .variant))
        #expect(throws: DBusError.self) { try SignatureType("ii") }
        #expect(throws: DBusError.self) { try SignatureType("") }
    }
}
