import Testing

@testable import Config

@Suite struct TOMLParserTests {
    @Test func readsSectionsKeysAndEveryKindOfValue() throws {
        let document = try TOMLParser.parse(
            """
            # a comment
            top = "level"

            [service]
            mode = "strict"   # trailing comment
            'quoted key' = 'C:\\no\\escapes'
            "basic" = "tab\\there \\u00e9\\U0001F600 \\"q\\""
            count = 1_000
            negative = -5
            ratio = 2.5e-1
            flag = true
            off = false

            [players.more]
            names = [
              "a",  # first
              'b',
            ]
            empty = []
            nested = [[1, 2], [3]]
            plus = +5
            """)
        #expect(document.sections.map(\.key) == [["service"], ["players", "more"]])
        #expect(document.sections.map(\.line) == [4, 14])
        let values = Dictionary(uniqueKeysWithValues: document.entries.map { ($0.key.joined(separator: "|"), $0.value) })
        #expect(values["top"] == .string("level"))
        #expect(values["service|mode"] == .string("strict"))
        #expect(values["service|quoted key"] == .string("C:\\no\\escapes"))
        #expect(values["service|basic"] == .string("tab\there é😀 \"q\""))
        // A number keeps its text, for messages that quote it.
        #expect(values["service|count"] == .integer(1000, written: "1_000"))
        #expect(values["service|negative"] == .integer(-5, written: "-5"))
        #expect(values["service|ratio"] == .float(0.25, written: "2.5e-1"))
        #expect(values["service|flag"] == .boolean(true))
        #expect(values["service|off"] == .boolean(false))
        #expect(values["players|more|names"] == .array([.string("a"), .string("b")]))
        #expect(values["players|more|empty"] == .array([]))
        #expect(values["players|more|nested"] == .array([
            .array([.integer(1, written: "1"), .integer(2, written: "2")]), .array([.integer(3, written: "3")]),
        ]))
        #expect(values["players|more|plus"] == .integer(5, written: "+5"))
        #expect(document.entries.first { $0.key == ["players", "more", "names"] }?.line == 15)
    }

    @Test func dottedKeysAndWindowsLineEndings() throws {
        let document = try TOMLParser.parse("shake.action = \"shuffle\"\r\n[keys]\r\nseek_step_ms = 100\r\n")
        #expect(document.entries.map(\.key) == [["shake", "action"], ["keys", "seek_step_ms"]])
        #expect(document.entries.map(\.line) == [1, 3])
    }

    @Test func anEmptyFileHasNothing() throws {
        #expect(try TOMLParser.parse("") == TOMLDocument())
        #expect(try TOMLParser.parse("\n# only a comment\n\n") == TOMLDocument())
    }

    /// Each malformed file names the line it breaks on and what is wrong.
    @Test(arguments: [
        ("mode = compat", 1, "strings need quotes"),
        ("\n\nmode = \"compat", 3, "no closing '\"'"),
        ("a = 1\na = 2", 2, "already set on line 1"),
        ("[s]\n[s]", 2, "already defined on line 1"),
        ("[s\nx = 1", 1, "expected ']'"),
        ("x = 1 2", 1, "expected the end of the line"),
        ("x 1", 1, "expected '='"),
        ("x =", 1, "expected a value"),
        ("x = [1, 2", 1, "expected ']' to close the array"),
        ("x = [1 2]", 1, "expected ',' or ']'"),
        ("x = 0x1F", 1, "decimal"),
        ("x = 01", 1, "not a number"),
        ("x = 1__0", 1, "not a number"),
        ("x = 1.", 1, "not a number"),
        ("x = 2024-01-01", 1, "dates"),
        ("x = {a = 1}", 1, "inline tables"),
        ("[[x]]", 1, "arrays of tables"),
        ("x = \"\"\"long\"\"\"", 1, "multi-line strings"),
        ("x = \"\\q\"", 1, "unknown escape"),
        ("x = \"\\u12\"", 1, "hexadecimal digits"),
        ("x = truely", 1, "'truely' is not a value; strings need quotes"),
        ("x = none", 1, "'none' is not a value"),
        ("x = é", 1, "expected a value, found"),
        ("= 1", 1, "expected a key"),
        ("x = \"a\u{1}b\"", 1, "control character"),
    ])
    func refusesWithTheLine(text: String, line: Int, message: String) {
        #expect {
            try TOMLParser.parse(text)
        } throws: { error in
            guard let error = error as? TOMLSyntaxError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }
}
