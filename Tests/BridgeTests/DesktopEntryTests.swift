import Core
import DBusTypes
import Foundation
import SystemFiles
import Testing

@testable import Bridge

/// Desktop entries read as desktops read them to launch an app (the Desktop Entry
/// Specification), and the last player's file: what resumption launches, and how.
@Suite("Desktop entries and the last player's file")
struct DesktopEntryTests {
    static func entry(_ body: String, id: String = "app") throws -> DesktopEntry {
        try DesktopEntry(id: id, path: "/usr/share/applications/\(id).desktop", text: body)
    }

    @Test("Exec as a desktop launches it with no file: file codes dropped, %i, %c, %k and %% read, quotes and escapes kept whole", arguments: [
        ("audacious %U", ["audacious"]),
        ("mpv --player-operation-mode=pseudo-gui -- %U", ["mpv", "--player-operation-mode=pseudo-gui", "--"]),
        ("/usr/bin/flatpak run --branch=stable --arch=x86_64 --command=lollypop org.gnome.Lollypop @@u %U @@",
         ["/usr/bin/flatpak", "run", "--branch=stable", "--arch=x86_64", "--command=lollypop", "org.gnome.Lollypop", "@@u", "@@"]),
        ("player %i --title=%c --from %k --rate 100%%", ["player", "--icon", "player-icon", "--title=The Player", "--from", "/usr/share/applications/app.desktop", "--rate", "100%"]),
        (#"sh -c "echo \"a b\" \\$HOME""#, ["sh", "-c", #"echo "a b" $HOME"#]),
        ("player  --file=%f   end", ["player", "--file=", "end"]),
        (#"quoted\sspace "two words""#, ["quoted", "space", "two words"]),
    ])
    func commandLine(_ exec: String, _ expected: [String]) throws {
        let entry = try Self.entry("[Desktop Entry]\nName=The Player\nIcon=player-icon\nExec=\(exec)\n")
        #expect(try entry.commandLine() == expected)
    }

    @Test("what cannot be launched says why: no Exec, a quote left open, an unknown field code, no group")
    func unusable() throws {
        #expect(throws: DesktopEntry.Unusable.self) { try Self.entry("[Desktop Entry]\nName=X\n").commandLine() }
        #expect(throws: DesktopEntry.Unusable.self) { try Self.entry("[Desktop Entry]\nExec=player \"open\n").commandLine() }
        #expect(throws: DesktopEntry.Unusable.self) { try Self.entry("[Desktop Entry]\nExec=player %z\n").commandLine() }
        #expect(throws: DesktopEntry.Unusable.self) { try Self.entry("Name=X\nExec=player\n") }
    }

    @Test("the [Desktop Entry] group alone, its first value of each key, no localised one; DBusActivatable and Hidden")
    func keys() throws {
        let entry = try Self.entry("""
            # a comment
            [Desktop Entry]
            Name[fr]=Le Lecteur
            Name=The Player
            Name=Second
            DBusActivatable=true
            Exec=player
            Categories=AudioVideo;Audio;Player;
            [Desktop Action new]
            Exec=player --new
            """)
        #expect(entry.name == "The Player" && entry.exec == "player" && entry.dbusActivatable && !entry.hidden)
        #expect(entry.categories == ["AudioVideo", "Audio", "Player"])
    }

    @Test("found in XDG_DATA_HOME first, then each of XDG_DATA_DIRS; a dash may be a folder; a hidden one hides those after it")
    func find() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-entries-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home/applications"), system = root.appendingPathComponent("usr/applications")
        for folder in [home, system, system.appendingPathComponent("kde")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try "[Desktop Entry]\nExec=mine\n".write(to: home.appendingPathComponent("player.desktop"), atomically: true, encoding: .utf8)
        try "[Desktop Entry]\nExec=system\n".write(to: system.appendingPathComponent("player.desktop"), atomically: true, encoding: .utf8)
        try "[Desktop Entry]\nExec=kde\n".write(to: system.appendingPathComponent("kde/player.desktop"), atomically: true, encoding: .utf8)
        try "[Desktop Entry]\nHidden=true\n".write(to: home.appendingPathComponent("gone.desktop"), atomically: true, encoding: .utf8)
        try "[Desktop Entry]\nExec=gone\n".write(to: system.appendingPathComponent("gone.desktop"), atomically: true, encoding: .utf8)
        let folders = [home.path, system.path]
        #expect(try DesktopEntry.find("player", in: folders)?.exec == "mine")
        #expect(try DesktopEntry.find("kde-player", in: folders)?.exec == "kde")
        #expect(try DesktopEntry.find("gone", in: folders) == nil)
        #expect(try DesktopEntry.find("absent", in: folders) == nil)
        #expect(throws: DesktopEntry.Unusable.self) { try DesktopEntry.find("../etc/passwd", in: folders) }
        let environment = ["HOME": "/home/p", "XDG_DATA_DIRS": "/usr/share/:/var/lib/flatpak/exports/share:relative"]
        #expect(DesktopEntry.folders { environment[$0] }
            == ["/home/p/.local/share/applications", "/usr/share/applications", "/var/lib/flatpak/exports/share/applications"])
        #expect(DesktopEntry.folders { ["XDG_DATA_HOME": "/data"][$0] } == ["/data/applications", "/usr/local/share/applications", "/usr/share/applications"])
    }

    @Test("the last player's file: written and read back, with and without what the player named, with the entries that came back empty; anything else unreadable")
    func lastPlayerFile() throws {
        let memories = [
            Resumption.Memory(last: LastPlayer(desktopEntry: "audacious", busName: "org.mpris.MediaPlayer2.audacious", identity: "Audacious")),
            Resumption.Memory(last: LastPlayer(desktopEntry: nil, busName: "org.mpris.MediaPlayer2.vlc.instance42", identity: "VLC media player")),
            Resumption.Memory(last: LastPlayer(desktopEntry: nil, busName: "org.mpris.MediaPlayer2.handmade", identity: nil)),
            Resumption.Memory(last: LastPlayer(desktopEntry: "mpv", busName: "org.mpris.MediaPlayer2.mpv", identity: "mpv Media Player"),
                              cameBackEmpty: ["mpv", "io.github.celluloid_player.Celluloid"]),
        ]
        for memory in memories {
            #expect(try LastPlayerFile.memory(in: LastPlayerFile.text(of: memory)).get() == memory)
        }
        #expect(LastPlayerFile.text(of: memories[3]).contains("\ncame-back-empty io.github.celluloid_player.Celluloid\ncame-back-empty mpv\nend\n"))
        for broken in ["", "mediaremote-last-player 2\nname org.mpris.MediaPlayer2.a\nend\n", "mediaremote-last-player 1\nname org.mpris.MediaPlayer2.a\n",
                       "mediaremote-last-player 1\nname :1.42\nend\n", "mediaremote-last-player 1\nname a b\nend\n",
                       "mediaremote-last-player 1\nname org.mpris.MediaPlayer2.a\nname org.mpris.MediaPlayer2.b\nend\n",
                       "mediaremote-last-player 1\nidentity X\nend\n", "mediaremote-last-player 1\nname org.mpris.MediaPlayer2.a\ncolour red\nend\n",
                       "mediaremote-last-player 1\nname org.mpris.MediaPlayer2.a\ncame-back-empty\nend\n"] {
            guard case .failure = LastPlayerFile.memory(in: broken) else { Issue.record("read: \(broken)"); continue }
        }
    }

    @Test("a unit's name holds the entry's id with what systemd does not allow as _; the command's program found on the PATH")
    func unitAndProgram() {
        #expect(AppLauncher.unitEscaped("org.gnome.Lollypop") == "org.gnome.Lollypop")
        #expect(AppLauncher.unitEscaped("my player@home") == "my_player_home")
        #expect(AppLauncher.resolve("sh", path: "/nonexistent:/bin") == "/bin/sh")
        #expect(AppLauncher.resolve("/bin/sh", path: nil) == "/bin/sh")
        #expect(AppLauncher.resolve("no-such-program-here", path: "/bin:/usr/bin") == nil)
    }
}
