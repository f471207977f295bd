# Tidies the mdoc manual that swift-argument-parser's generate-manual writes from
# mediaremotectl's help, which it copies as plain text lines:
# - a blank line (a paragraph break in the help) becomes .Pp: groff warns of blank lines;
# - lines indented by two spaces (examples, tables) become a literal display, kept line for
#   line as in the help, instead of being filled into one paragraph;
# - hyphenation is off: "Now Playing", names and options must not break across lines;
# - a SEE ALSO section, which generate-manual writes only for multi-page manuals.
# Usage: awk -f tidy-manual.awk mediaremotectl.1 > tidied.1

function end_display() {
    if (display) { print ".Ed"; display = 0 }
}

# groff's mdoc turns hyphenation back on at each paragraph with doc-hyphen-flags; and no line
# breaks after a hyphen either, so seek-forward and --json stay whole.
/^\.Os/ { print; print ".nr doc-hyphen-flags 0"; print ".nh"; print ".cflags 0 -"; next }

/^\.Sh AUTHORS/ || /^\.Sh "AUTHORS"/ { end_display(); see_also(); print; next }

/^[.']/ { end_display(); print; next }

/^$/ { end_display(); print ".Pp"; next }

/^  / {
    if (!display) { print ".Bd -literal -offset 2n -compact"; display = 1 }
    print substr($0, 3)
    next
}

{ end_display(); print }

END { end_display(); if (!seen_also) see_also() }

function see_also() {
    if (seen_also) return
    seen_also = 1
    print ".Sh SEE ALSO"
    print ".Xr mediaremoted 1 ,"
    print ".Xr playerctl 1"
}
