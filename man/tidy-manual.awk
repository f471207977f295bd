# Tidies the mdoc manual that swift-argument-parser's generate-manual writes from
# mediaremotectl's help, which it copies as plain text lines:
# - a blank line (a paragraph break in the help) becomes .Pp: groff warns of blank lines;
# - the help's table of exit statuses moves to EXIT STATUS, in place of generate-manual's
#   "exits 0 on success, and >0 if an error occurs": that section is where a reader looks;
# - lines indented by two spaces (examples, tables) become a literal display, kept line for
#   line as in the help, instead of being filled into one paragraph;
# - hyphenation is off: "Now Playing", names and options must not break across lines;
# - a SEE ALSO section, which generate-manual writes only for multi-page manuals.
# Usage: awk -f tidy-manual.awk mediaremotectl.1 > tidied.1

function end_display() {
    if (display) { print ".Ed"; display = 0 }
}

# A paragraph break is written once the next line shows there is a paragraph to break to:
# the exit statuses move away, and the break before them with them.
/^$/ { end_display(); paragraph = 1; next }

$0 == "Exit status:" { end_display(); paragraph = 0; statuses = 1; next }
statuses && /^  / { status[++nstatus] = substr($0, 3); next }
{ statuses = 0; if (paragraph) { print ".Pp"; paragraph = 0 } }

/^\.Ex -std/ && nstatus { exit_statuses(); next }

# groff's mdoc turns hyphenation back on at each paragraph with doc-hyphen-flags; and no line
# breaks after a hyphen either, so seek-forward and --json stay whole.
/^\.Os/ { print; print ".nr doc-hyphen-flags 0"; print ".nh"; print ".cflags 0 -"; next }

/^\.Sh AUTHORS/ || /^\.Sh "AUTHORS"/ { end_display(); see_also(); print; next }

/^[.']/ { end_display(); print; next }

/^  / {
    if (!display) { print ".Bd -literal -offset 2n -compact"; display = 1 }
    print substr($0, 3)
    next
}

{ end_display(); print }

END { end_display(); if (!seen_also) see_also() }

# "64  a wrong argument or subcommand" as an item of a tagged list.
function exit_statuses(    i, code, meaning) {
    print ".Bl -tag -width 4n -compact"
    for (i = 1; i <= nstatus; i++) {
        code = meaning = status[i]
        sub(/ .*/, "", code)
        sub(/^[^ ]+ +/, "", meaning)
        print ".It " code
        print meaning
    }
    print ".El"
}

function see_also() {
    if (seen_also) return
    seen_also = 1
    print ".Sh SEE ALSO"
    print ".Xr mediaremoted 1 ,"
    print ".Xr playerctl 1"
}
